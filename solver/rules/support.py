"""The support table: which typed mechanics each question's rules implement.

Every typed part of a card's behaviour has a *mechanic key* (``mechanic_key``): an effect class's ``kind``
(``add_mana``, ``cost_reduction``, ...), a keyword's family (``keyword:emerge``, ``keyword:landwalk``; the closed set
of ``models.vocab.keywords``); a part of a cost that is not mana, its action and the zone its objects come from
(``cost_key``: ``cost:sacrifice@battlefield``, ``cost:exile@graveyard``). ``Unmodelled`` text has the key ``text``,
which no question implements. Each key says
what it can change (``mechanic_topics``: an effect class's ``touches``, a keyword's ``KeywordRule``) and where it
functions (CR 113.6).

``IMPLEMENTS`` says, for each question kind, which keys its rules read. Before a question is answered, the gate
(``solver.rules.gate``) walks every object whose abilities function (the battlefield, effects in force, the stack, cards in
other zones whose abilities work there, the card asked about) and answers ``unsupported`` — naming the card, the
sentence and the mechanic ("cast does not implement emerge") — for each part whose topics meet the question's topics
and whose key the question does not implement. A typed reading is thus trusted only where the question asked reads
it: a mechanic with a type that a question never reads is a refusal, never a silent wrong answer.

A key may be listed for a question whose rules do not need to read it because it provably cannot change that
answer; the comment beside it says why (with the rule). ``tests/test_support_table.py`` checks every key of the
vocabulary against every question: implemented with a scenario, or refused.

References: CR 113.6 (where abilities function), 601.2 (casting), 602 (activating), 605-606 (mana abilities), 702.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from mtgcheck.models.vocab.registry import EFFECT_TYPES
from mtgcheck.models.vocab.effect import Effect, Unmodelled
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.topics import Scope, Topic
from mtgcheck.models.vocab.keywords import KEYWORD_RULES, KeywordKind
from mtgcheck.models.vocab import spree as _spree  # noqa: F401 (registers the spree_mode effect class)


# --- the cost parts the one reader of costs decides (solver.rules.payable, solver.rules.cost_objects) -----------

#: Parts of a cost that are not mana (CR 118.1, 602.1), by action, that can use the object whose cost it is
#: ("Sacrifice this artifact", "Exert this creature"): their key's zone is then ``self``.
_SELF_CAPABLE = frozenset({"sacrifice", "exile", "return", "discard", "put_counters", "remove_counters", "exert",
                           "remove_all_counters", "put_library"})


#: The zone every other action's objects come from (``player``: the player's life or energy; ``mana``: mana paid
#: with untapped permanents standing in for it).
_ACTION_ZONE = {
    "tap_untapped": "battlefield", "untap": "battlefield", "sacrifice": "battlefield", "return": "battlefield",
    "exile_permanent": "battlefield", "remove_counters_from": "battlefield", "put_counters_on": "battlefield",
    "sacrifice_all": "battlefield", "discard": "hand", "reveal": "hand", "discard_hand": "hand",
    "collect_evidence": "graveyard", "forage": "graveyard", "mill": "library", "pay_energy": "player",
    "pay_life": "player", "waterbend": "mana", "exert": "self", "remove_all_counters": "self", "put_library": "self",
    "remove_counters": "self",
}


def cost_zone(part: Any) -> str:
    """The zone a cost part's objects come from: ``self`` (the permanent whose cost it is), ``battlefield``,
    ``hand``, ``graveyard``, ``library``, ``player`` (life, energy), ``mana``, or ``elsewhere`` for words naming
    none of them ("exile the top card of your library")."""
    a, what = part.action, str(part.what or "")
    if a in _SELF_CAPABLE and (what == "this" or (a == "put_counters" and " on this" in (part.text or "").lower())):
        return "self"
    if a == "exile":
        return "graveyard" if "graveyard" in what else "hand" if "hand" in what else "elsewhere"
    return _ACTION_ZONE.get(a, "elsewhere")


def cost_key(part: Any) -> str:
    """The mechanic key of a cost part: ``cost:<action>@<zone>`` (``cost:exile@graveyard``), or ``text`` for a part
    whose action was not read (``other``)."""
    return "text" if part.action == "other" else f"cost:{part.action}@{cost_zone(part)}"


#: The cost parts the one reader of costs (``solver.rules.payable``, ``solver.rules.cost_objects``) decides, each with
#: its rule: whether it can be paid now, and which objects it takes from the mana (CR 118.3, 601.2g-h). A part with
#: another key is refused by that reader, naming it (the spell's own parts that name the spell on the stack are
#: refused too, CR 601.2a).
COST_PART_RULES: Mapping[str, str] = {
    "cost:sacrifice@self": "CR 701.21a", "cost:exile@self": "CR 406.2", "cost:return@self": "CR 118.3",
    "cost:put_counters@self": "CR 122.1", "cost:remove_counters@self": "CR 122.1", "cost:exert@self": "CR 701.43b",
    "cost:remove_all_counters@self": "CR 122.1", "cost:put_library@self": "CR 118.3",
    "cost:tap_untapped@battlefield": "CR 701.26a", "cost:untap@battlefield": "CR 701.26b",
    "cost:sacrifice@battlefield": "CR 701.21a", "cost:return@battlefield": "CR 118.3",
    "cost:exile_permanent@battlefield": "CR 701.13a", "cost:remove_counters_from@battlefield": "CR 122.1",
    "cost:put_counters_on@battlefield": "CR 122.1", "cost:sacrifice_all@battlefield": "CR 118.3",
    "cost:discard@hand": "CR 701.9a", "cost:reveal@hand": "CR 701.20a", "cost:discard_hand@hand": "CR 118.3",
    "cost:exile@hand": "CR 406.2", "cost:exile@graveyard": "CR 406.2", "cost:collect_evidence@graveyard": "CR 701.59a",
    "cost:forage@graveyard": "CR 701.61a", "cost:mill@library": "CR 701.17b", "cost:pay_energy@player": "CR 107.14",
    "cost:pay_life@player": "CR 119.4", "cost:waterbend@mana": "CR 701.67a",
}


#: The questions that pay costs read every key of ``COST_PART_RULES``.
COST_PARTS = frozenset(COST_PART_RULES)


#: The key of untyped text: no question implements it.
TEXT = "text"


def keyword_key(kind: KeywordKind | str) -> str:
    """The mechanic key of a keyword family (``keyword:emerge``)."""
    return f"keyword:{KeywordKind(kind).value}"


def mechanic_key(effect: Effect) -> str:
    """The mechanic key of one typed part (see the module docstring)."""
    if isinstance(effect, Unmodelled):
        return TEXT
    if isinstance(effect, Keyword):
        return keyword_key(effect.family)
    return effect.kind


def mechanic_name(key: str) -> str:
    """How a key is named to a user: ``emerge`` for ``keyword:emerge``, ``cost reduction`` for ``cost_reduction``."""
    return key.partition(":")[2] if key.startswith("keyword:") else key.replace("_", " ")


def mechanic_topics(effect: Effect) -> tuple[frozenset[Topic], Scope, str]:
    """What a typed part can change, where it functions and its rule: ``(topics, scope, rule)``.

    A keyword's come from ``models.vocab.keywords.KEYWORD_RULES``; an effect class's topics are its ``touches``,
    its scope ``UNKNOWN`` (the gate's general rules for the ability's kind and zones apply, CR 113.6)."""
    if isinstance(effect, Keyword):
        r = KEYWORD_RULES[effect.family]
        return r.topics, r.scope, "CR " + r.rule
    return type(effect).touches, Scope.UNKNOWN, ""


def _kw(*kinds: KeywordKind) -> frozenset[str]:
    return frozenset(keyword_key(k) for k in kinds)


_K = KeywordKind

# --- groups of keys read by one part of the rules --------------------------------------------------------------

#: Layer effects applied by ``solver.rules.layers.board_view`` for every question that reads the board (CR 613):
#: land types (305.7), granted and lost abilities (613.1f), a permanent's own type changes (611.3a), what an Aura
#: or Equipment does to what it is attached to (303.4, 301.5); a control change in force with its haste (613.1b: the
#: board lists the permanent under its new controller).
LAYERS = frozenset({"land_type", "grant_ability", "self_type_change", "attached_change", "gain_control"})
#: Mana abilities and what changes the mana they make (``solver.rules.mana.sources``, ``solver.rules.mana.produce``, ``solver.rules.mana.triggers``;
#: CR 106, 605, 616): replacement effects in every order (106.7), triggered mana abilities (605.1b).
MANA = frozenset({"add_mana", "mana_replacement", "triggered_add_mana"})
#: How mana may be spent (``solver.rules.payment.model``; CR 609.4b, 106.6).
SPENDING = frozenset({"spend_as_though", "cant_spend_mana"})
#: What a spell costs in total (``solver.rules.costs.total_cost``; CR 601.2f, 118.7-118.9).
SPELL_COSTS = frozenset({"cost_increase", "cost_reduction", "cost_minimum", "self_cost_change", "additional_cost",
                         "alternative_cost", "grant_flashback"})
#: When and with which targets a spell may be cast (``solver.rules.restrictions``, ``solver.rules.targets``; CR 601.2a-c, 117.1a).
CASTING = frozenset({"timing_restriction", "flash_permission", "cant_be_targeted", "player_keyword", "modal",
                     "spell_target_restriction", "cant_cast", "free_cast_permission", "self_flash"})
#: Whether and for what an activated ability may be activated (``solver.questions.basic``, ``solver.rules.costs``; CR 602, 302.6).
ACTIVATING = frozenset({"ability_cost_change", "activation_cost_change", "cant_pay_costs", "as_though_haste",
                        "timing_restriction"})
#: What happens as a spell resolves and as permanents enter (``solver.questions.resolution``; CR 608, 614.1c, 603.6a).
RESOLVING = frozenset({"instructions", "draw", "scry", "put_onto_battlefield_process", "enters_with_counters",
                       "enters_tapped", "enters_choice", "enters_trigger", "cast_trigger", "delve_count"})

#: Keywords read wherever the board's characteristics are (``solver.rules.layers.board_view``, ``solver.rules.quantities``):
#: changeling's creature types (CR 702.73a, layer 4 first), ascend's city's blessing (702.131b), devoid (702.114a,
#: the card's colours).
BOARD_KEYWORDS = _kw(_K.CHANGELING, _K.ASCEND, _K.DEVOID)

#: Keywords read by the total cost of a spell (``solver.rules.costs``, ``solver.rules.altcosts``, ``solver.rules.payment``, ``solver.questions.delve``).
COST_KEYWORDS = _kw(
    _K.FLASHBACK, _K.ESCAPE, _K.EVOKE, _K.DASH, _K.OVERLOAD,      # alternative costs, CR 118.9
    _K.BLITZ, _K.WARP, _K.IMPENDING, _K.EMERGE,                   # 702.152a, 702.185a, 702.176a, 702.119a
    _K.SPECTACLE, _K.SURGE,                                       # conditions on the turn, 702.137a, 702.117a
    _K.MORPH, _K.MEGAMORPH, _K.DISGUISE,                          # face down for {3}, 702.37c, 702.168a, 708
    _K.BESTOW,                                                    # an Aura spell, 702.103a-b
    _K.PROTOTYPE,                                                 # cast prototyped, 702.160a, 718.3
    _K.KICKER, _K.MULTIKICKER, _K.BUYBACK, _K.ENTWINE,            # additional costs, CR 118.8; the targets the
    _K.GIFT,                                                      # kicked / promised / entwined spell requires (601.2c,
                                                                  # 702.174m, 702.42a: solver.rules.targets.cast_targets)
    _K.AFFINITY, _K.UNDAUNTED,                                    # cost reductions, CR 702.41, 702.125
    _K.CONVOKE, _K.DELVE, _K.IMPROVISE,                           # paid with objects, CR 702.51, 702.66, 702.126
    _K.FUSE, _K.AFTERMATH,                                        # split cards, CR 702.102, 702.127
    _K.FORETELL, _K.PLOT,                                         # cast from exile once foretold or plotted (the
                                                                  # scenario's exile entry says so), 702.143a, 702.170d
)
#: Keyword alternative costs only the ``cast`` and ``payments`` questions read (``solver.rules.costs.total_cost``,
#: ``solver.rules.casting.precost_problems``): mutate's target, a non-Human creature with the same owner (CR 702.140a);
#: awaken's added target, a land you control (702.113a); web-slinging's returned tapped creature (702.188a); prowl's
#: and freerunning's combat damage this turn (702.76a, 702.173a; ``TurnHistory.combat_damage``); more than meets the
#: eye's converted spell, its back face's characteristics with its front face's mana value (702.162a, 712.8c); spree's
#: modes, each with its additional cost and targets (``spree_mode``, 702.172a; ``models.vocab.spree``); cleave's
#: targets with the bracketed words removed (702.148a; ``models.vocab.targeting_specs.cleaved``). The delve
#: question does not read them (the gate refuses them there by name).
CAST_ONLY_COST_KEYWORDS = _kw(_K.MUTATE, _K.AWAKEN, _K.WEB_SLINGING, _K.PROWL, _K.FREERUNNING,
                              _K.MORE_THAN_MEETS_THE_EYE, _K.SPREE, _K.CLEAVE) | {"spree_mode"}
#: Keywords read by when a spell may be cast (``solver.rules.restrictions``): flash (CR 702.8a, 307.1), split second on the
#: stack (702.61a).
TIMING_KEYWORDS = _kw(_K.FLASH, _K.SPLIT_SECOND)
#: Keywords read by the target rules (``solver.rules.targets``, ``solver.rules.protection``; CR 303.4a, 702.11, 702.16, 702.18).
TARGET_KEYWORDS = _kw(_K.ENCHANT, _K.HEXPROOF, _K.SHROUD, _K.PROTECTION)
#: Keywords read by the rules of casting a spell: its cost, timing and targets, and haste for the creatures that
#: tap for mana to pay it (CR 302.6).
CAST_KEYWORDS = COST_KEYWORDS | TIMING_KEYWORDS | TARGET_KEYWORDS | _kw(_K.HASTE) | BOARD_KEYWORDS

#: Keywords an ``activate`` answer reads (``solver.questions.basic``; CR 602, 302.6): haste for {T}/{Q} costs; protection
#: and hexproof of the ability's targets (``solver.rules.targets``); split second on the stack (702.61a); the keywords
#: that are activated abilities and may be asked by name (``models.vocab.keyword_model.keyword_activation``).
ACTIVATE_KEYWORDS = TARGET_KEYWORDS | _kw(_K.HASTE, _K.SPLIT_SECOND) | BOARD_KEYWORDS | _kw(
    _K.EQUIP, _K.FORTIFY, _K.LEVEL_UP, _K.OUTLAST)  # activated by name (702.6a, 702.67a, 702.87a, 702.107a)

#: Keywords the mana questions read: haste for {T} mana abilities of creatures (CR 302.6, 106.7 ignores costs);
#: split second cannot change them: mana abilities may still be activated (CR 702.61b).
MANA_KEYWORDS = _kw(_K.HASTE, _K.SPLIT_SECOND) | BOARD_KEYWORDS

#: Keywords the resolution questions read (``solver.questions.resolution``): scry (CR 701.22).
RESOLUTION_KEYWORDS = _kw(_K.SCRY)

#: Effect kinds whose rules also read them from a card in a zone other than the battlefield, where the ability says it
#: functions (CR 113.6; ``models.vocab.behaviour.functions_in``): the layer view applies grants and land types from a
#: graveyard or the command zone (``solver.rules.layers.continuous_effects``: Anger, Riftstone Portal, emblems, 113.6b,
#: 113.6p, 114.4); the spell costs read cost changes from the command zone (``solver.rules.costs.active_cost_changes``:
#: eminence, conspiracies).
ZONE_READS: Mapping[str, frozenset[str]] = {
    "grant_ability": frozenset({"graveyard", "command"}), "land_type": frozenset({"graveyard", "command"}),
    "cost_increase": frozenset({"command"}), "cost_reduction": frozenset({"command"}),
    "cost_minimum": frozenset({"command"}),
}
#: Effect kinds read from any zone whose name the ability itself lists (``Ability.zones``): mana abilities that
#: function in a hand, graveyard or exile (``solver.rules.mana.sources.other_zone_mana_abilities``, CR 113.6m: Elvish Spirit
#: Guide), and the triggers that watch permanents enter from there (``solver.questions.resolution``: Bloodghast, 113.6k).
_LISTED_ZONE_READS = frozenset({"add_mana", "enters_trigger", "cast_trigger"})


def read_from_zone(key: str, zone: str, ability: Any) -> bool:
    """Whether the rules that implement the effect kind ``key`` read it from ``ability`` of a card in ``zone`` (not
    the battlefield): ``ZONE_READS``, or a mana ability or trigger whose ``zones`` list ``zone``. Keyword families
    are read where their own rules say (``KEYWORD_RULES``), cost parts with the ability they are part of; ``text``
    never. A typed part found in a zone where its
    rules do not read it is treated by the gate as a mechanic the question does not implement (CR 113.6)."""
    if key.startswith(("keyword:", "cost:")):
        return True  # a keyword's own rules say where it works; a cost part is read with the ability it is paid for
    if key in _LISTED_ZONE_READS:
        if key == "add_mana" and not (ability.kind == "activated" and ability.is_mana_ability):
            return False
        return zone in ability.zones
    return zone in ZONE_READS.get(key, ())


#: For each question kind, the mechanic keys its rules implement.
IMPLEMENTS: Mapping[str, frozenset[str]] = {
    # "[spells] you cast have improvise/convoke/delve" adds a payer to the payment (``solver.questions.delve``, CR 702.51, 702.126)
    # assist (CR 702.132a): castable answers for the caster's own mana, and ``assist`` says what another player could
    # pay (``solver.rules.altcosts.assist_help``); ``payments`` lists the caster's payments only, so it does not read it
    "cast": LAYERS | MANA | SPENDING | SPELL_COSTS | CASTING | ACTIVATING | CAST_KEYWORDS | CAST_ONLY_COST_KEYWORDS
    | COST_PARTS | {"spells_have_keyword"} | _kw(_K.ASSIST),
    "payments": LAYERS | MANA | SPENDING | SPELL_COSTS | CASTING | ACTIVATING | CAST_KEYWORDS | CAST_ONLY_COST_KEYWORDS
    | COST_PARTS | {"spells_have_keyword"},
    # delve totals the cost as cast does and reads the Soulflayer and Murktide models (702.66; rulings 2014-11-24,
    # 2021-06-18); which keywords a card has is read from the keyword parts themselves
    # (it answers for the way of casting it is asked about; the ways it does not read — emerge, face down — are
    # refused by name when asked, ``solver.questions.delve.DELVE_UNREAD_WAYS``); timing and targets are the cast
    # question's own check (``solver.rules.casting.precost_problems``)
    "delve": LAYERS | SPELL_COSTS | CASTING | COST_KEYWORDS | TIMING_KEYWORDS | TARGET_KEYWORDS | BOARD_KEYWORDS
    | COST_PARTS | frozenset({"spells_have_keyword", "delve_keyword_grant", "delve_count"}),
    "activate": LAYERS | MANA | SPENDING | ACTIVATING | ACTIVATE_KEYWORDS | COST_PARTS
    | frozenset({"cant_be_targeted", "player_keyword", "modal"}),
    # what a permanent could produce ignores costs (CR 106.7): no cost part can change it
    "could_produce": LAYERS | MANA | MANA_KEYWORDS | COST_PARTS,
    "available_mana": LAYERS | MANA | ACTIVATING | MANA_KEYWORDS | COST_PARTS,
    # a mana value reads the mana cost only (CR 202.3): characteristics changed by layers are read from the view
    "mana_value": LAYERS | BOARD_KEYWORDS,
    "scry": RESOLVING | RESOLUTION_KEYWORDS,
    # an Aura put onto the battlefield (Eureka, Hypergenesis): its enchant ability says what it may enchant; hexproof
    # and shroud do not stop it (not targeted, CR 303.4f), protection does (702.16c), read by resolution._AuraEntry
    "put_onto_battlefield": LAYERS | RESOLVING | BOARD_KEYWORDS | TARGET_KEYWORDS,
    "trigger_order": LAYERS | RESOLVING | BOARD_KEYWORDS | TARGET_KEYWORDS,  # (an Aura put, as above)
    "entering_x": LAYERS | RESOLVING | BOARD_KEYWORDS,
}
#: (validate_deck reads card facts — legality, colour identity, deck-building text — never an ability's rules in
#: a game, CR 100.2, 903: it declares no topics, so the gate looks at nothing for it.)


def implements(question: str, key: str) -> bool:
    """Whether ``question``'s rules implement mechanic ``key`` (``IMPLEMENTS``; an unknown question: nothing)."""
    return key in IMPLEMENTS.get(question, ())


def unimplemented(question: str, keys: Iterable[str]) -> list[str]:
    """The keys of ``keys`` that ``question`` does not implement, in order."""
    table = IMPLEMENTS.get(question, frozenset())
    return [k for k in keys if k not in table]


def support_rows() -> list[dict[str, Any]]:
    """The table as plain rows ``{key, topics, questions}`` (every effect class and keyword family), for docs and
    tests."""
    rows = []
    for cls in EFFECT_TYPES.values():
        if cls is Unmodelled:
            continue
        rows.append({"key": cls.kind, "topics": sorted(t.value for t in cls.touches),
                     "questions": sorted(q for q, keys in IMPLEMENTS.items() if cls.kind in keys)})
    for kind, rule in KEYWORD_RULES.items():
        key = keyword_key(kind)
        rows.append({"key": key, "topics": sorted(t.value for t in rule.topics),
                     "questions": sorted(q for q, keys in IMPLEMENTS.items() if key in keys)})
    for key in COST_PART_RULES:  # a cost is paid while casting or activating (CR 601.2h, 602.2b)
        rows.append({"key": key, "topics": [Topic.COSTS.value],
                     "questions": sorted(q for q, keys in IMPLEMENTS.items() if key in keys)})
    return rows
