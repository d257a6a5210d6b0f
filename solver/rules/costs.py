"""Total cost of a spell (CR 601.2f), step by step.

The total cost is the mana cost or ONE alternative cost (CR 118.9a, 601.2b), with X replaced by
its announced value (CR 601.2b, 107.3a), plus every additional cost (CR 118.8: kicker, multikicker,
buyback, entwine, mandatory "as an additional cost" costs), plus cost increases, minus cost
reductions (generic reductions reduce only generic mana, CR 118.7a; a coloured reduction with no
symbol of that colour reduces generic, 118.7b-c), never below {0}; then the effects that directly
affect the total cost ("costs at least three mana", Trinisphere) are applied and the cost is locked
in. A card with no mana cost has an unpayable mana cost (CR 118.6); increases and additional costs
keep it unpayable (118.6a), an alternative cost may still be paid. The mana value stays that of the
card (CR 202.3, 118.8d, 118.9c; Thalia ruling 2018-03-16).

Before any of that, ``total_cost`` decides what is cast and from where: ``spell_face`` (the chosen
half of a split card, an Adventure, a modal DFC's face, CR 709.3, 715.3, 712.11; ``using: fuse`` casts both
halves of a fuse card from the hand, ``fused_spell``, CR 702.102; a land card is never cast, CR 305.1, 305.9), ``locate_card``
(the card must be in the zone the scenario lists; an unlisted zone is assumed to hold it and the
steps say so, CR 601.2a), ``casting_permission`` (CR 601.3: from the graveyard only with flashback or
escape, granted flashback included, or an aftermath half, which is cast only from there, CR 702.127a;
other permissions are ``Unsupported``; raises ``NoPermission``,
a ``ZoneError``, otherwise), ``unmodelled_cost_text`` (a cost change nobody models → ``Unsupported``)
and ``self_cost_changes`` (affinity, "costs {1} less/more to cast for each ...", total power).
Handlers pass ``face=requested_face(ctx, card)`` and read ``TotalCost.card`` (the card as cast).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.cost_parts import CostPart
from mtgcheck.models.vocab.costs import has_name  # noqa: F401 (re-exported: solver.rules.costs.has_name)
from mtgcheck.models.vocab.costs import spree_mode_costs
from mtgcheck.models.vocab.costs import (FACE_DOWN_KEYWORDS, AdditionalCost, AlternativeCost, CostChange, additional_costs,
                                   alternative_costs, cost_changes)
from mtgcheck.models.vocab.resolution import CastTrigger, EntersTrigger
from mtgcheck.models.vocab.filters import Filter
from mtgcheck.models.vocab.grants import GrantFlashback
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.cost_effects import ObjectCost, PrintedAlternativeCost, SelfCostChange
from mtgcheck.models.vocab.conditions import TargetsInclude
from mtgcheck.models.vocab.effect import Unmodelled, walk_unmodelled
from mtgcheck.models.game.mana import ManaCost, ManaSymbol
from mtgcheck.models.game.subtypes import CREATURE_TYPES
from mtgcheck.models.vocab.behaviour import abilities_of, functions_in
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.models.game.state import sorcery_timing

from mtgcheck.solver.rules.board import battlefield_abilities
from mtgcheck.solver.rules.quantities import amount_value, condition_holds, domain_types, party_size
from mtgcheck.solver.rules.restrictions import self_flash_extra
from mtgcheck.solver.rules.targets import NO, UNKNOWN, YES, spell_targets_can_include
from mtgcheck.solver.rules.errors import (ConditionUnmet, CostError, NoPermission, NotASpell, QuestionError, Unsupported,
                                          ZoneError)
from mtgcheck.solver.rules.altcosts import zone_listed
from mtgcheck.solver.rules.faces import (CONVERTED, CONVERTED_WORDS, _card_keywords, converted_spell,
                                         fused_spell, parent_name, spell_face)
from mtgcheck.models.game.names import normalize_name
from mtgcheck.models.game.cards import CARD_TYPES, SUPERTYPES
from mtgcheck.solver.rules.board import board_view
from mtgcheck.models.vocab.keywords import KeywordKind
from mtgcheck.solver.rules.layers import filter_matches
from mtgcheck.solver.rules.targets import chosen_target_problems, resolve_target
from mtgcheck.solver.rules.targets import cast_targets
from mtgcheck.solver.rules.gate import functions_while_cast
from mtgcheck.models.game.cards import TypeLine
from mtgcheck.solver.rules.combinatorics import binomial
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.rules.cost_check import cost_problems
from mtgcheck.solver.rules.cost_objects import CastSpell
from mtgcheck.solver.rules.activation_costs import _add_generic, _reduce, fmt
from mtgcheck.solver.rules.gate import require_modelled
from mtgcheck.models.vocab.costs import spell_has_type
from mtgcheck.solver.rules.quantities import lost_life_this_turn
from mtgcheck.models.vocab.keyword_model import prototype_card
from mtgcheck.solver.rules.altcosts import condition_problems, find_printed
from mtgcheck.solver.rules.altcosts import printed_alternatives


@dataclass
class TotalCost:
    """A spell's total cost (CR 601.2f).

    Attributes
    ----------
    mana : ManaCost or None
        The mana component in canonical order (``None``: unpayable, CR 118.6).
    life : int
        Life to pay besides Phyrexian symbols (pay-life parts of the costs).
    parts : tuple of CostPart
        Other non-mana parts (sacrifice, discard, exile from graveyard...).
    base : str
        ``"mana cost"`` or the alternative cost's keyword.
    x : int
        The announced X.
    steps : list of str
        How it was computed, one line per step, each citing its rule.
    """

    mana: ManaCost | None
    life: int = 0
    parts: tuple[CostPart, ...] = ()
    base: str = "mana cost"
    x: int = 0
    steps: list[str] = field(default_factory=list)
    #: the card as cast: the chosen half or face (``spell_face``), else the card itself
    card: Any = None
    #: chosen-object parts of a printed alternative cost (``models.vocab.cost_effects.ObjectCost``), paid with the mana by
    #: ``solver.rules.altcost_objects.pay_with_objects``
    objects: tuple = ()
    #: when a minimum makes the life-or-mana announcement of its Phyrexian symbols change the total cost (CR 601.2b,
    #: 601.2f): one locked-in ``TotalCost`` per announcement (``phyrexian_announcements``), the all-mana one first
    #: (this object's ``mana`` and ``life`` are that one's). A payment pays one of them (``each_announcement``); the
    #: payment model refuses this object itself.
    announcements: tuple = ()
    #: for one of those announcements: how many choices of which identical Phyrexian symbols are paid with life it
    #: stands for (a count that tells every symbol apart multiplies by it)
    symbol_ways: int = 1
    #: the casting choices made (CR 601.2b): ``kicked`` (times), ``gift`` (promised), ``additional`` (an optional
    #: additional cost paid), ``entwined`` (every mode chosen); they decide which targets the spell requires (601.2c;
    #: ``solver.rules.targets.cast_targets``)
    choices: dict = field(default_factory=dict)
    #: cast for its emerge cost: ``(mana after the other reductions, the minimums, how many of ``steps`` come before
    #: them)``, from which ``with_emerge_reduction`` makes the total cost once the creature is chosen (CR 702.119a, c)
    before_minimums: tuple | None = None

    def each_announcement(self) -> tuple["TotalCost", ...]:
        """The total costs a payment may pay: every announcement when there are several, else this one."""
        return self.announcements or (self,)

    def notation(self) -> str:
        """Canonical notation of the mana component (``{0}`` when empty, CR 118.5; ``unpayable``)."""
        if self.mana is None:
            return "unpayable"
        c = self.mana.canonical()
        return str(c) if len(c) else "{0}"

    def __str__(self) -> str:
        bits = [self.notation()]
        if self.life:
            bits.append(f"pay {self.life} life")
        bits.extend(p.text or p.action for p in self.parts)
        return ", ".join(bits)


def spell_abilities(card: Any) -> tuple:
    """The card's abilities (catalog model or parsed oracle text); importing ``models.vocab.costs`` registers its parsers."""
    return abilities_of(card)


def active_cost_changes(state: GameState) -> list[CostChange]:
    """Every cost increase/reduction/minimum in force: those of the permanents on the battlefield (in battlefield
    order), then those of cards in a command zone whose ability says it works there (eminence: "As long as [this]
    is in the command zone or on the battlefield", CR 113.6; its controller is the command zone's player, 903.3)."""
    out: list[CostChange] = []
    for perm, abilities in battlefield_abilities(state):
        for ch in cost_changes(abilities, perm.name, perm.controller):
            if ch.while_untapped and perm.tapped:
                continue
            out.append(ch)
    for player, cards in state.zones.get("command", {}).items():
        for inst in cards:
            here = [a for a in abilities_of(inst.card) if functions_in(inst.card, a, "command")]
            out.extend(cost_changes(here, inst.card.name, player))
    return out


def _has_granted_flashback(state: GameState, player: str, card: Any = None, strict: bool = True) -> str | None:
    """The name of an effect in force that gave ``card`` flashback (Snapcaster Mage), else ``None``.

    The grant applies to the card named by the effect's ``choices.card`` or its ``targets`` (a card in a
    zone). When the scenario names none:
    with several instant and sorcery cards in the player's graveyard the target is ambiguous
    (``QuestionError`` listing them; ``None`` when not ``strict``); with exactly one, that card is the
    target; with a graveyard the scenario does not list, the card asked about; the explanation says so.
    Snapcaster Mage ruling 2017-03-14 (its flashback cost is equal to its mana cost); CR 702.34a.
    """

    for e in state.effects:
        if e.controller != player:
            continue
        for a in abilities_of(e.card):
            if not isinstance(a.effect, GrantFlashback):
                continue
            chosen = e.choices.get("card")
            if not chosen and e.targets:
                # the effect's target named as a card in a zone (CR 115.1; Snapcaster Mage targets a graveyard card)
                tid = set(e.targets)
                chosen = next((ci.card.name for _, _, ci in state.zoned_cards() if ci.id in tid), None)
            if card is None:
                return e.card.name
            if chosen:
                if normalize_name(str(chosen)) in {normalize_name(n) for n in (card.name, parent_name(card))}:
                    return e.card.name
            elif card.is_type("Instant") or card.is_type("Sorcery"):
                # the effect targeted ONE instant or sorcery card in its controller's graveyard (Snapcaster Mage)
                cands = sorted({ci.name for ci in state.cards("graveyard", player)
                                if ci.card.is_type("Instant") or ci.card.is_type("Sorcery")})
                if len(cands) > 1:
                    if not strict:
                        return None
                    raise QuestionError(f"{e.card.name} gave flashback to one target instant or sorcery card, and {player}'s "
                                        f"graveyard holds several: {', '.join(cands)}; name the one it targeted in the "
                                        f"effect's choices.card (Snapcaster Mage ruling 2017-03-14)")
                if len(cands) == 1:
                    return (e.card.name + f" (its target not named in choices.card; {cands[0]} is the only instant or "
                            f"sorcery card in {player}'s graveyard, so it is taken to be the target)")
                return e.card.name + " (its target not named in choices.card; taken to be this card)"
    return None


# ---------------------------------------------------------------------------
# Which card is cast: split halves, adventures, modal double-faced cards (CR 709.3, 715.3, 712.11)
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# Where the card is and whether it may be cast from there (CR 601.2a, 601.3)
# ---------------------------------------------------------------------------

CAST_ZONES = ("hand", "graveyard", "exile", "library", "command")
#: Keywords that let a card be cast from the graveyard, not modelled yet (CR 702.81 retrace,
#: 702.133 jump-start, 702.146 disturb; harmonize, mayhem). Aftermath (702.127a) is modelled for the
#: aftermath half in ``casting_permission``; it stays listed for a card whose half was not resolved.
GRAVEYARD_CAST_UNMODELLED = ("retrace", "aftermath", "jump-start", "disturb", "harmonize", "mayhem")
#: Keywords that let a card be cast from exile later, not modelled (CR 702.143 foretell, 702.170 plot,
#: 702.62 suspend, 702.35 madness; warp).
EXILE_CAST_UNMODELLED = ("foretell", "plot", "suspend", "madness", "warp")
#: Activated abilities from the graveyard that are not casting (CR 702.84 unearth, 702.128 embalm...).
NOT_CASTING = ("unearth", "embalm", "eternalize", "encore", "scavenge")


def unmodelled_part(a: Ability) -> Unmodelled | None:
    """The unmodelled wording of an ability: its effect when that is ``Unmodelled``, or the unmodelled effect of
    an enters or cast trigger (``EntersTrigger.does``, ``CastTrigger.does``); ``None`` otherwise."""
    e = a.effect
    if isinstance(e, Unmodelled):
        return e
    if isinstance(e, (EntersTrigger, CastTrigger)):
        return e.does
    return None


def _may_cast_from(a: Ability, zone: str) -> bool:
    """Unmodelled wording in ``a`` (its effect, riders, details, trigger effects) that may let spells be cast
    from ``zone`` (``Unmodelled.cast_from``, CR 601.3)."""
    return any(zone in u.cast_from for u in walk_unmodelled(a.effect))


def locate_card(state: GameState, player: str, card: Any, zone: str) -> str | None:
    """Check that ``card`` is in ``player``'s ``zone`` (CR 601.2a: the card moves from where it is).

    When the scenario lists that zone for the player, the card must be there; when it lists it
    nowhere for that player, the question is hypothetical ("if I had this in hand") and the card is
    assumed to be there: the returned line says so. A card found only in another player's same zone
    is an error (a player casts from their own zones unless an effect says otherwise, CR 601.3).

    Raises ``QuestionError`` naming the zone's contents.
    """
    if zone not in CAST_ZONES:
        raise QuestionError(f"cannot cast from {zone!r}; cast from one of {', '.join(CAST_ZONES)} (CR 601.2a)")
    want = parent_name(card).casefold()
    here = state.cards(zone, player)
    if any(ci.card.name.casefold() == want for ci in here):
        return None
    if zone_listed(state, zone, player):
        held = ", ".join(ci.name for ci in here) or "nothing"
        raise QuestionError(f"{parent_name(card)} is not in {player}'s {zone} (it holds: {held}); "
                            f"a spell is cast from where the card is (CR 601.2a)")
    others = [p for p in state.players if p != player and any(ci.card.name.casefold() == want for ci in state.cards(zone, p))]
    if others:
        raise QuestionError(f"{parent_name(card)} is in {others[0]}'s {zone}, not {player}'s: a player casts cards from their own "
                            f"{zone} unless an effect allows otherwise (CR 601.3); to ask whether {others[0]} can cast it, "
                            f"add player: {others[0]} to the question (e.g. cast: {{card: {parent_name(card)}, player: "
                            f"{others[0]}}}); to ask about {player}'s own copy, list it in {player}'s {zone}")
    return (f"the scenario does not list {player}'s {zone}: assuming {parent_name(card)} is there "
            f"(a hypothetical question; list the {zone} to have it checked)")


def commander_in_command_zone(state: GameState, player: str, card: Any) -> Any:
    """The ``CardInstance`` of ``card`` in ``player``'s command zone (a commander, CR 903.6, 903.8).

    Raises
    ------
    QuestionError : the scenario does not list that command zone: the commander tax depends on how many
        times it was cast from there before (CR 903.8), so the question needs the entry and its ``casts``.
    """
    want = parent_name(card).casefold()
    for ci in state.cards("command", player):
        if ci.card.name.casefold() == want:
            return ci
    raise QuestionError(f"casting {parent_name(card)} from the command zone: list it in {player}'s command zone with the "
                        f"number of earlier casts from there, e.g. command: {{{player}: [{{card: \"{parent_name(card)}\", casts: 1}}]}} "
                        f"(the commander tax is {{2}} for each, CR 903.8)")


def commander_tax(state: GameState, player: str, card: Any) -> tuple[int, str]:
    """The commander tax of casting ``card`` from ``player``'s command zone: ``({2} × earlier casts, step)``.

    CR 903.8: "costs an additional {2} for each previous time the player casting it has cast it from the
    command zone that game" — an additional cost (CR 118.8, 601.2f), so cost reductions may reduce it; the
    mana value does not change (CR 202.3).
    """
    inst = commander_in_command_zone(state, player, card)
    n = inst.casts
    tax = 2 * n
    return tax, (f"commander tax: {player} cast {parent_name(card)} from the command zone {n} time{'s' if n != 1 else ''} "
                 f"earlier this game → {{{tax}}} more (an additional cost, CR 903.8, 118.8)")


def _permission_sources(state: GameState, zone: str) -> list[str]:
    """Static abilities in play and effects in force that may let spells be cast from ``zone`` (text we
    do not model: the answer becomes unsupported). The modelled Snapcaster grant is left out."""
    out: list[str] = []
    for perm, abilities in battlefield_abilities(state):
        for a in abilities:
            if a.kind == "static" and _may_cast_from(a, zone):
                out.append(f"{perm.name} ({a.text.strip()})")
    for e in state.effects:
        for a in abilities_of(e.card):
            if _may_cast_from(a, zone):
                out.append(f"{e.card.name} ({a.text.strip()})")
    return out


def _exile_entry(state: GameState, player: str, card: Any) -> Any:
    want = parent_name(card).casefold()
    return next((ci for ci in state.cards("exile", player) if ci.card.name.casefold() == want), None)


def exile_permission(state: GameState, player: str, card: Any, kw: str | None) -> str | None:
    """Whether a permission recorded on ``player``'s card in exile (``CardInstance.foretold``, ``plotted``,
    ``on_adventure``; docs/scenarios.md) lets them cast ``card`` from there the way ``kw`` names (``None``: its mana
    cost): ``""`` when it does, a reason when it does not, ``None`` when the card carries no such permission (the
    other rules of ``casting_permission`` then apply).

    * On an adventure (CR 715.3d): its owner may cast the card, not as an Adventure, by any way that casts it from exile
      (its mana cost);
    * foretold (CR 702.143a): only after the turn it was foretold, by paying its foretell cost (``using: foretell``);
    * plotted (CR 702.170d): only on a later turn, without paying its mana cost (``using: plot`` or ``free``), during
      its owner's main phase while the stack is empty (sorcery timing, even for an instant).
    """
    inst = _exile_entry(state, player, card)
    if inst is not None and not (inst.foretold or inst.plotted) and kw in ("foretell", "plot"):
        word = "foretold" if kw == "foretell" else "plotted"
        return (f"{card.name} in {player}'s exile is not {word} (its exile entry has no {word}: true), so its {kw} "
                f"permission does not apply (CR {'702.143a' if kw == 'foretell' else '702.170d'})")
    if inst is None or not (inst.foretold or inst.plotted or inst.on_adventure):
        return None
    if inst.owner != player:
        return f"{inst.card.name} in exile is {inst.owner}'s: its permission is its owner's (CR 702.143a, 702.170d, 715.3d)"
    if inst.on_adventure:
        if parent_name(card) != card.name:
            return (f"{parent_name(card)} is on an adventure: it may be cast from exile, but not as an Adventure "
                    f"({card.name}; CR 715.3d)")
        return "" if kw in (None, "free") else None
    if inst.foretold:
        if inst.foretold == "this_turn":
            return (f"{card.name} was foretold this turn: it may be cast only after the current turn has ended "
                    f"(CR 702.143a)")
        if kw != "foretell":
            return (f"{card.name} is foretold: it is cast from exile by paying its foretell cost (CR 702.143a); ask with "
                    f"using: foretell")
        return ""
    if inst.plotted == "this_turn":
        return f"{card.name} was plotted this turn: it may be cast only on a later turn (CR 702.170d)"
    if kw not in ("plot", "free"):
        return (f"{card.name} is plotted: it is cast from exile without paying its mana cost (CR 702.170d); ask with "
                f"using: plot")
    why = sorcery_timing(state, player)
    if why is not None:
        return f"a plotted card is cast only during its owner's main phase while the stack is empty (CR 702.170d): {why}"
    return ""


def casting_permission(state: GameState, player: str, card: Any, zone: str, using: str | None) -> str | None:
    """Why ``player`` may not cast ``card`` from ``zone`` (CR 601.3), or ``None`` when a rule allows it.

    The hand is where spells are normally cast from (CR 117.1a, 601.3), except an aftermath half, which
    is cast only from a graveyard, where its own ability allows it (CR 702.127a). From the graveyard only a
    flashback or escape cost (CR 702.34a, 702.138a; flashback also when an effect such as Snapcaster
    Mage grants it) — checked with the alternative cost; other permissions raise ``Unsupported``:
    retrace, jump-start, aftermath, disturb (CR 702.81a, 702.133a, 702.127a, 702.146a), foretell,
    plot, suspend, madness from exile, adventurer cards in exile (715.3d), and any permanent or effect
    that lets spells be cast from that zone. From the command zone: a commander its owner casts (CR 903.8; the
    scenario's command zone holds commanders, ``commander_in_command_zone``), for its mana cost or ``free``.
    """
    kw = None if using in (None, "", "mana cost", "mana_cost", "normal") else str(using).lower()
    if kw in NOT_CASTING:
        raise QuestionError(f"{kw} is an activated ability that puts the card onto the battlefield; it does not cast it")
    mine = _card_keywords(card)
    if parent_name(card) != card.name and "aftermath" in mine:
        # CR 702.127a: "you may cast this half from your graveyard" and "this half can't be cast from any
        # zone other than a graveyard" (the other half gets no permission from it)
        if zone != "graveyard":
            return (f"{card.name} has aftermath: this half of {parent_name(card)} can't be cast from any zone other "
                    f"than a graveyard (CR 702.127a)")
        if kw in (None, "aftermath"):
            return None
    if zone == "hand":
        return None
    if zone == "command":
        # CR 903.8: a player may cast a commander they own from the command zone (the scenario's command zone
        # holds commanders); the commander tax is added by total_cost
        inst = commander_in_command_zone(state, player, card)
        if inst.owner != player:
            return (f"{card.name} in {player}'s command zone is owned by {inst.owner}: a player casts only a commander "
                    f"they own from the command zone (CR 903.8)")
        if kw is not None and kw != "free":
            raise Unsupported(f"casting {card.name} from the command zone with {kw} is not modelled")
        return None
    if zone == "graveyard" and kw in ("flashback", "escape"):
        return None  # the alternative cost says where it is cast from; total_cost checks it exists
    if zone == "exile":
        got = exile_permission(state, player, card, kw)
        if got is not None:
            return got or None
    unmodelled = GRAVEYARD_CAST_UNMODELLED if zone == "graveyard" else EXILE_CAST_UNMODELLED if zone == "exile" else ()
    if kw in unmodelled or kw in ("fuse", "adventure"):
        raise Unsupported(f"casting {card.name} with {kw} is not modelled")
    hit = sorted(k for k in mine if k in unmodelled)
    if zone == "exile" and hit and set(hit) <= {"foretell", "plot"} and _exile_entry(state, player, card) is not None:
        hit = []  # the exile entry says whether it was foretold or plotted (``foretold``/``plotted``; none: it was not)
    if hit:
        raise Unsupported(f"{card.name} has {', '.join(hit)}, which may let it be cast from the {zone}; that is not modelled")
    if zone == "exile" and (getattr(card, "layout", "") == "adventure" or parent_name(card) != card.name):
        raise Unsupported(f"{parent_name(card)} in exile may be castable if it went on an adventure (CR 715.3d): say so with "
                          f"the exile entry's on_adventure: true, or false (docs/scenarios.md)")
    srcs = _permission_sources(state, zone)
    if srcs:
        raise Unsupported(f"an effect may let {player} cast {card.name} from the {zone}, not modelled: {srcs[0]}")
    extra = ""
    if zone == "graveyard":
        if "flashback" in mine or "escape" in mine:
            extra = f"; {card.name} has " + " and ".join(k for k in ("flashback", "escape") if k in mine) + ": ask with that 'using'"
        elif _has_granted_flashback(state, player, card, strict=False):
            extra = f"; {_has_granted_flashback(state, player, card, strict=False)} gave it flashback: ask with using: flashback"
    return (f"no rule or effect lets {player} cast {card.name} from the {zone}"
            + (" for its mana cost" if kw is None and zone == "graveyard" else "")
            + f" (CR 601.3: a spell can be cast only if a rule or effect allows it){extra}")


# ---------------------------------------------------------------------------
# Self cost changes (CR 702.41a affinity; "This spell costs {1} less to cast for each ...")
# ---------------------------------------------------------------------------

def _count_of(state: GameState, player: str, card: Any, zone: str, count: dict, what: str,
              targets: int | None = None, chosen: list | None = None) -> int:
    """How many objects ``count`` (a ``models.vocab.costs.parse_count`` mapping) sees, or their total power."""
    types = list(count.get("types") or ())
    pos = [t for t in types if not t.startswith("!")]
    neg = [t[1:] for t in types if t.startswith("!")]
    both = list(count.get("all_of") or ())  # "snow lands", "artifact creatures": every one of them (CR 205.4)

    def ok(obj: Any) -> bool:
        # the object's types as they are now (a permanent: the layer view; a card: changeling), CR 613.1d, 702.73a
        has = _type_test(state, obj)
        return (not pos or any(has(t) for t in pos)) and not any(has(t) for t in neg) and all(has(t) for t in both)

    z, whose = count.get("zone"), count.get("whose", "you")
    if z == "targets":  # strive: the targets chosen beyond the first (601.2c comes before 601.2f)
        if targets is None:
            targets = fewest_targets(card, what, count.get("_choices"))
        return max(0, targets - int(count.get("beyond", 0)))
    if z in ("attacking", "attacked", "spells_cast"):
        return turn_count(state, player, count, what)
    if z == "target_is":
        return target_is_count(state, player, card, count, chosen, what)
    if z == "turn":  # "during your turn" (1 while the caster is the active player) / "during turns other than yours"
        return int((state.active == player) == (whose == "you"))
    if z == "opponents":  # undaunted (CR 702.125a-b): the caster's opponents in the game
        return len(state.opponents(player))
    if z == "party":
        return party_size(state, player, what)
    if z == "domain":
        return len(domain_types(state, player))
    if z == "battlefield":
        perms = [p for p in state.battlefield
                 if (whose == "all" or (whose == "you") == (p.controller == player)) and ok(p)]
        if count.get("measure") not in ("power", "greatest_power"):
            if count.get("at_least") is not None:  # "if you control a Wizard": once, when there are enough
                return int(len(perms) >= int(count["at_least"]))
            return len(perms)
        for q, abilities in battlefield_abilities(state):
            for a in abilities:
                if a.kind == "static" and isinstance(a.effect, Unmodelled) and a.effect.power_change:
                    raise Unsupported(f"{what}: {q.name} may change creatures' power ({a.text.strip()}); not modelled")
        if state.effects:
            raise Unsupported(f"{what}: effects in force may change creatures' power; not modelled")
        total = 0
        powers = [0]
        for p in perms:
            try:
                pw = int(str(p.card.power))
            except (TypeError, ValueError):
                raise Unsupported(f"{what}: {p.name} has power {p.card.power!r}, not modelled") from None
            total += pw + p.counters.get("+1/+1", 0) - p.counters.get("-1/-1", 0)
            powers.append(pw + p.counters.get("+1/+1", 0) - p.counters.get("-1/-1", 0))
        if count.get("measure") == "greatest_power":  # CR 208: a negative power reduces nothing (CR 107.1b)
            return max(powers)
        return max(0, total)
    if z in ("graveyard", "hand"):
        cards = [ci for ci in state.cards(z, player) if ok(ci)]
        n = len(cards)
        if zone == z and any(ci.card.name == parent_name(card) for ci in cards):
            n -= 1  # the spell itself is on the stack while its cost is determined (CR 601.2a)
        return n
    raise Unsupported(f"{what}: counting {count} is not modelled")


def _type_test(state: GameState, obj: Any) -> Any:
    """``has(type_word) -> bool`` for a permanent or a card in a zone (``CardInstance``), read as the object is now:
    a permanent's subtypes and card types from the layer view (``layers.board_view``: changeling is every creature
    type there, land-type effects such as Urborg's or Blood Moon's change land types, an Aura's type change applies;
    CR 613.1d, 702.73a, 305.7), its supertypes as printed; a card elsewhere has its printed types, and every creature
    type when it has changeling (a characteristic-defining ability that works in every zone, CR 702.73a, 604.3).
    What unmodelled text could change is the gate's (the cast question's characteristics topic)."""


    card = obj.card
    view = board_view(state).get(obj.id) if isinstance(obj, Permanent) else None
    if view is not None:
        subs: frozenset[str] = frozenset(view.subtypes)
        ctypes = frozenset(view.types) if view.types is not None else frozenset(t for t in CARD_TYPES if card.is_type(t))
    else:
        subs = frozenset(card.type_line.subtypes if not card.faces else card.faces[0].type_line.subtypes)
        ctypes = frozenset(t for t in CARD_TYPES if card.is_type(t))
        if _has_changeling(card):

            subs = subs | frozenset(CREATURE_TYPES)

    def has(t: str) -> bool:
        if t in CARD_TYPES:
            return t in ctypes
        if t in SUPERTYPES:
            return card.is_type(t)
        return t in subs


    return has


def _has_changeling(card: Any) -> bool:
    """Whether a card (not a permanent) has changeling (CR 702.73a): its keywords or its typed abilities."""

    if any(str(k).lower() == "changeling" for k in getattr(card, "keywords", ()) or ()):
        return True
    return any(a.kind == "keyword" and isinstance(a.effect, Keyword) and a.effect.family is KeywordKind.CHANGELING
               for a in abilities_of(card))


def _qualifier_matches(state: GameState, player: str, q: dict, perm: Any) -> bool:
    """Does the permanent ``perm`` match an "if it targets [a tapped creature]" qualifier (``target_qualifier``)?"""


    f = Filter(all_of=tuple(q.get("types") or ()), none_of=tuple(q.get("none_of") or ()),
               colors=tuple(q.get("colors") or ()), controller=str(q.get("controller", "any")))
    view = board_view(state).get(perm.id)
    if not filter_matches(f, perm, player, tuple(view.subtypes) if view is not None else None):
        return False
    status = q.get("status") or ""
    return {"": True, "tapped": perm.tapped, "untapped": not perm.tapped, "attacking": perm.attacking,
            "blocking": perm.blocking}[status]


def target_is_count(state: GameState, player: str, card: Any, count: dict, chosen: list | None, what: str = "") -> int:
    """1 when the spell targets a permanent matching the qualifier of "This spell costs {N} less to cast if it targets
    [a tapped creature]" (targets are chosen before the total cost, CR 601.2c, 601.2f), else 0.

    With ``chosen`` (the question's ``targets``): whether one of them matches. Without: whether some legal target
    (CR 601.2c, ``solver.rules.targets.chosen_target_problems``) of a spell with one target matches — the reduction only
    lowers the cost, so such a choice is the cheapest and the answer is for it (the explanation names it).

    Raises
    ------
    Unsupported : a spell with several target phrases and no ``targets``, a colour the board may change.
    """

    if any(q for q in (count.get("colors"),)):


        require_modelled(state, {Topic.COLORS}, [], question=f"the colours {what} reads (CR 105.2)",
                         view=board_view(state))
    if chosen is not None:
        for ref in chosen:
            kind, obj = resolve_target(state, ref)
            if kind == "permanent" and _qualifier_matches(state, player, count, obj):
                return 1
        return 0

    st = cast_targets(card, count.get("_choices"))
    if st.unread or len(st.modes) != 1 or len(st.modes[0]) != 1 or st.modes[0][0].count != 1:
        raise Unsupported(f"{what}: its cost depends on what it targets; give them as 'targets' (CR 601.2c, 601.2f)")
    # the cheapest legal choice: a matching target for a reduction, a non-matching one for an increase
    want = count.get("_direction", "less") == "less"
    fallback = None
    for perm in state.battlefield:
        if chosen_target_problems(state, player, card, [{"id": perm.id}], choices=count.get("_choices")):
            continue
        hit = _qualifier_matches(state, player, count, perm)
        if hit == want:
            count["_chosen"] = perm.name
            return int(hit)
        fallback = fallback or (perm.name, int(hit))
    if fallback is not None:
        count["_chosen"] = fallback[0]
        return fallback[1]
    return 0


def turn_count(state: GameState, player: str, count: dict, what: str = "") -> int:
    """What a count read from the turn sees (``GameState.turn``, models/game/turn.py): ``attacking`` creatures now
    (CR 506.4; ``whose`` you: the caster's), creatures declared as ``attacked`` this turn (CR 508.1; ``whose`` you:
    1 when the caster attacked), ``spells_cast`` by the caster earlier this turn (CR 601.2i); ``at_least``: 1 when
    there are that many, else 0. The scenario's default turn has nothing attacking and nothing done this turn."""

    z, whose = count.get("zone"), count.get("whose", "all")
    turn = state.turn
    if z == "attacking":
        # an attacking permanent is a creature now, whatever its printed types (a crewed Vehicle, an animated land):
        # one that stops being a creature is removed from combat (CR 506.4)
        n = sum(1 for p in state.battlefield if p.attacking and (whose != "you" or p.controller == player))
    elif z == "attacked":
        ids = set(turn.history.attacked)
        n = len(ids) if whose != "you" else int(any(p.id in ids for p in state.permanents(player)))
    elif z == "spells_cast":
        n = len(turn.history.spells_cast_by(player))
    else:
        raise Unsupported(f"{what}: counting {count} is not modelled")
    if count.get("at_least") is not None:
        return int(n >= int(count["at_least"]))
    return n


def fewest_targets(card: Any, what: str = "", choices: dict | None = None) -> int:
    """The fewest targets ``card`` may be cast with (CR 601.2c): the total of its target phrases' least numbers
    ("any number of" and "up to N" take 0; the number is announced, CR 601.2b). A cost that grows with each target ("for each target
    beyond the first", strive) is least with that many, so a ``cast`` without ``targets`` answers for it: the
    spell is castable for some legal number of targets exactly when it is castable with the fewest (the
    explanation says so; ``targets`` asks for a given choice).

    ``choices``: the casting choices made (``TotalCost.choices``), which decide the targets it requires (CR 601.2c).

    Raises
    ------
    Unsupported : a modal spell, or target wording not understood.
    """

    st = cast_targets(card, choices)
    if st.unread or len(st.modes) != 1:
        raise Unsupported(f"{what}: the total cost depends on how many targets are chosen; give them as "
                          f"'targets' (CR 601.2c, 601.2f)")
    return sum(int(spec.count) for spec in st.modes[0])


def self_cost_changes(state: GameState, player: str, card: Any, zone: str = "hand",
                      targets: int | None = None, chosen: list | None = None,
                      choices: dict | None = None) -> list[tuple[str, ManaCost, str]]:
    """The spell's own cost changes: ``(direction, amount, explanation)`` with ``direction`` ``less``/``more``.

    Affinity for [text] (CR 702.41a: {1} less for each [text] you control), undaunted (CR 702.125a: {1} less
    for each opponent), "This spell costs {N} less/more to cast for each ..." (cards, permanents, the party,
    CR 700.8, domain), "... if you control a Wizard", "during your turn" and Ghalta's total power (CR 601.2f;
    118.7a generic only; a coloured amount is kept coloured, 118.7c).
    Raises ``Unsupported`` for an affinity or count that is not modelled.
    """
    out: list[tuple[str, ManaCost, str]] = []
    for a in spell_abilities(card):
        e = a.effect
        if a.kind == "keyword" and isinstance(e, Keyword) and e.keyword == "undaunted":
            n = len(state.opponents(player))  # CR 702.125a-c: {1} less for each opponent; each instance applies
            out.append(("less", ManaCost.parse("{%d}" % n) if n else ManaCost(),
                        f"undaunted: {n} opponent{'s' if n != 1 else ''}, costs {{{n}}} less (CR 702.125a)"))
            continue
        if a.kind == "keyword" and isinstance(e, Keyword) and e.keyword == "affinity":
            if e.counts is None:
                raise Unsupported(f"{card.name}: {a.text or 'affinity'} is not modelled (CR 702.41a)")
            n = _count_of(state, player, card, zone, dict(e.counts), card.name)
            out.append(("less", ManaCost.parse("{%d}" % n) if n else ManaCost(),
                        f"{a.text or 'affinity'}: {n} counted, costs {{{n}}} less (CR 702.41a)"))
        elif isinstance(e, SelfCostChange) and e.count is None:
            out.append(typed_self_cost_change(state, player, card, zone, e, a.text, chosen, choices))
        elif isinstance(e, SelfCostChange):
            cnt = dict(e.count or {}, _direction=e.direction, _choices=dict(choices or {}))
            n = _count_of(state, player, card, zone, cnt, card.name, targets, chosen)
            per = ManaCost.parse(str(e.amount))
            label = {"power": "total power", "greatest_power": "greatest power"}.get(str(cnt.get("measure")), f"{n} counted")
            if cnt.get("zone") == "target_is":
                label = (f"it targets {cnt.get('words')}" if n else f"it does not target {cnt.get('words')}") + (
                    f" (choosing {cnt['_chosen']}, a legal target that does: the cheapest choice; give 'targets' for "
                    f"another, CR 601.2c)" if cnt.get("_chosen") else "")
            if cnt.get("zone") in ("attacking", "attacked", "spells_cast") and not state.turn.given:
                label += " (the scenario's default turn: precombat main phase, nothing attacking, nothing done yet)"
            if cnt.get("zone") == "targets" and targets is None:
                label += (f" with the fewest targets it may have ({fewest_targets(card, card.name, choices)}; each more target "
                          f"costs more, so if it is not castable with these it is not castable with more; give "
                          f"'targets' for another choice, CR 601.2c)")
            if per.symbols and all(sym.is_generic for sym in per.symbols):
                total = per.mana_value() * n
                amount = ManaCost.parse("{%d}" % total) if total else ManaCost()
            else:  # coloured amounts (Discontinuity's {2}{U}{U}) once per count
                amount = ManaCost(tuple(per.symbols) * n).canonical()
            out.append((e.direction, amount,
                        f"{(a.text or 'self cost change').strip()}: {label}, costs {fmt(amount)} {e.direction} (CR 601.2f)"))
    return out


def on_the_stack(state: GameState, player: str, card: Any, zone: str) -> GameState:
    """The state while ``card`` is being cast from ``player``'s ``zone``: the card has moved to the stack (CR 601.2a),
    so it is no longer one of the cards of that zone when its total cost is determined (601.2f). The same state when
    the card is not listed there (a card cast from a zone the scenario does not list)."""
    cards = state.zones.get(zone, {}).get(player)
    if not cards:
        return state
    name = parent_name(card)
    hit = next((i for i, ci in enumerate(cards) if ci.card.name == name), None)
    if hit is None:
        return state
    zones = {z: dict(per) for z, per in state.zones.items()}
    zones[zone][player] = cards[:hit] + cards[hit + 1:]
    return dataclasses.replace(state, zones=zones)


def typed_self_cost_change(state: GameState, player: str, card: Any, zone: str, e: SelfCostChange,
                           text: str, chosen: list | None = None, choices: dict | None = None) -> tuple[str, ManaCost, str]:
    """One typed self cost change (``SelfCostChange.per`` / ``.condition``, models.text.self_cost_conditions):
    ``(direction, amount, explanation)``.

    "If [condition]": the amount once while the condition holds for the caster, else nothing; "for each [amount]" /
    "where X is [amount]": the amount per unit (a negative number counts as 0, CR 107.1b). Both are read as the spell
    is cast, on the stack (CR 601.2a, 601.2f): the amounts and conditions are ``solver.rules.quantities``'s, for the caster
    and without a source permanent. A generic amount is multiplied; a coloured one ({U}) is repeated once per unit
    (CR 601.2f, 118.7b-d apply it).

    Raises
    ------
    Unsupported
        The condition or amount cannot be read in this state, naming the card and the sentence.
    """
    what = f"{card.name}: “{(text or '').strip()}”"
    view = on_the_stack(state, player, card, zone)
    units, why = 1, ""
    if isinstance(e.condition, TargetsInclude):
        # "if it targets [phrase]": targets are chosen before the total cost (CR 601.2c before 601.2f); without the
        # question's targets, a reduction is had when some legal choice qualifies (the cheapest choice)
        v, why = spell_targets_can_include(state, player, card, e.condition, choices, chosen, (zone, player))
        if v == UNKNOWN or (v == YES and e.direction == "more" and chosen is None):
            raise Unsupported(f"{what}: {why or 'whether a choice of its targets avoids it is not modelled'} "
                              f"(CR 601.2c, 601.2f); give 'targets'")
        units = 1 if v == YES else 0
        if v == YES and chosen is None:
            why = (f"some legal choice of its targets is {e.condition.spec.text.removeprefix('target ')}: the cheapest "
                   f"choice (give 'targets' for another, CR 601.2c)")
        elif v == NO:
            why = why or f"it does not target {e.condition.spec.text.removeprefix('target ')}"
    elif e.condition is not None:
        ok, why = condition_holds(view, player, e.condition, None, what)
        units = 1 if ok else 0
    if units and e.per is not None:
        n, why2 = amount_value(view, player, e.per, None, text=what)
        units = max(int(n), 0)  # CR 107.1b
        why = f"{why}; {why2}" if why else why2
    per = ManaCost.parse(str(e.amount))
    if per.symbols and all(sym.is_generic for sym in per.symbols):
        total = per.mana_value() * units
        amount = ManaCost.parse("{%d}" % total) if total else ManaCost()
    else:  # a coloured amount ({U} for each ...) once per unit
        amount = ManaCost(tuple(per.symbols) * units).canonical()
    label = why or ("it applies" if units else "it does not apply")
    return (e.direction, amount, f"{(text or 'self cost change').strip()}: {label}, costs {fmt(amount)} {e.direction} "
                                 f"(CR 601.2f)")


def unmodelled_cost_text(state: GameState, player: str, card: Any) -> str | None:
    """A line that changes what this spell costs and that nothing models, or ``None``.

    Looks at the spell's own abilities left as text and at the static abilities of every permanent
    (and at the effects in force) that speak of spells costing more or less to cast (CR 601.2f).
    """

    for a in spell_abilities(card):
        # its own enters/cast triggers resolve after it is cast (CR 601.2i), and its battlefield statics ("Creature
        # spells you cast cost {1} less") work only once it is a permanent (CR 113.6): they cannot change this cost
        if isinstance(a.effect, Unmodelled) and a.effect.cost_change is not None and functions_while_cast(a, a.effect):
            return f"{card.name}: {a.text.strip()}"
    for perm, abilities in battlefield_abilities(state):
        for a in abilities:
            if a.kind == "static" and isinstance(a.effect, Unmodelled) and a.effect.cost_change == "spells":
                return f"{perm.name}: {a.text.strip()}"
    for e in state.effects:
        for a in abilities_of(e.card):
            u = unmodelled_part(a)
            if u is not None and u.cost_change == "spells":
                return f"{e.card.name}: {a.text.strip()}"
    return None


def applicable_cost_changes(state: GameState, player: str, card: Any, zone: str = "hand") -> list[CostChange]:
    """The cost changes in play that apply to ``card`` cast by ``player`` from ``zone`` now (CR 601.2f).

    Whose turn it is comes from the scenario's active player (Defense Grid: "except during its controller's
    turn"). A change that reads the spell's colours (CR 105.2) needs them known: a colour-changing sentence
    not modelled in play or on the spell (``Topic.COLORS``) makes the answer unsupported, naming it.

    Raises
    ------
    Unsupported : colours that an unmodelled effect may change.
    """
    every = active_cost_changes(state)
    if any(c.colors or c.spells in ("multicolored", "monocolored", "colorless") for c in every):


        require_modelled(state, {Topic.COLORS}, [(card.name, spell_abilities(card))],
                         question=f"the colours of {card.name}, which a cost change reads (CR 105.2, 601.2f)",
                         view=board_view(state))
    return [c for c in every if c.applies_to(card, player, state.active, zone)
            and _turn_and_choice_ok(state, player, card, c)]


def _turn_and_choice_ok(state: GameState, player: str, card: Any, c: CostChange) -> bool:
    """Whether a cost change limited to the caster's ``nth`` spell of the turn or to a chosen creature type applies
    (CR 601.2f; the turn's history, models/game/turn.py: the spells cast earlier this turn; Herald's Horn: the type chosen
    as it entered, ``Permanent.choices``).

    Raises
    ------
    Unsupported : the nth spell of a kind ("the first creature spell") after other spells this turn (their kinds are
        not recorded), a chosen type or name the scenario does not give.
    """
    if c.nth:
        before = len(state.turn.history.spells_cast_by(player))
        kinded = c.spells != "all" or c.types or c.colors
        if kinded and before:
            raise Unsupported(f"{c.source}: “{c.text.strip()}” counts only some spells cast this turn, and the kinds of "
                              f"the {before} spell(s) {player} cast earlier are not recorded (CR 601.2f)")
        if before != c.nth - 1 and not (kinded and before == 0 and c.nth == 1):
            return False
    if c.chosen_type:
        return spell_has_type(card, _chosen_as_it_entered(state, c, "creature_type", "creature type"))
    if c.chosen_name:
        return has_name(card, _chosen_as_it_entered(state, c, "card_name", "card name"))
    return True


def _chosen_as_it_entered(state: GameState, c: CostChange, key: str, words: str) -> str:
    """What the cost change's source permanent chose as it entered (CR 607.2d: "the chosen [type/name]" refers to
    that choice), from the scenario's ``choices: {key: ...}``; ``Unsupported`` when the scenario does not give it."""
    perm = next((p for p in state.battlefield if p.name == c.source and p.controller == c.controller), None)
    chosen = (perm.choices or {}).get(key) if perm is not None else None
    if not chosen:
        raise Unsupported(f"{c.source}: “{c.text.strip()}” needs the {words} chosen as it entered; give it as "
                          f"choices: {{{key}: ...}} (CR 607.2d)")
    return str(chosen)


def face_down_spell(card: Any) -> Any:
    """The characteristics of ``card`` cast face down (CR 708.2, 702.37c, 702.168a): a 2/2 creature with no name
    (the card's name is kept only to identify the object, never read as a characteristic), no mana cost (mana value
    0), no colour, no creature types and no abilities."""
    from dataclasses import replace


    return replace(card, mana_cost=None, type_line=TypeLine.parse("Creature"), oracle_text="", colors=frozenset(),
                   color_indicator=None, keywords=(), power="2", toughness="2", faces=(), layout="normal",
                   abilities=())


def bestowed_spell(card: Any) -> Any:
    """``card`` cast for its bestow cost (CR 702.103b): an Aura enchantment spell with "enchant creature", which is
    not a creature spell and has no creature types; its other abilities stay."""
    from dataclasses import replace


    tl = card.type_line
    kept = [t for t in tl.supertypes] + [t for t in tl.types if t != "Creature"]
    if "Enchantment" not in kept:
        kept.append("Enchantment")
    kw = Keyword(keyword="enchant", parameter="creature")
    enchant = Ability("keyword", kw, text="Enchant creature", zones=kw.rule.zones)
    return replace(card, type_line=TypeLine.parse(" ".join(kept) + " — Aura"), power=None, toughness=None,
                   faces=(), abilities=tuple(abilities_of(card)) + (enchant,))


def _alternative_condition_problem(state: GameState, player: str, card: Any, alt: Any) -> str | None:
    """Why an alternative cost's condition on the turn's history does not hold now (``None``: it holds).

    Spectacle: an opponent lost life this turn (CR 702.137a); surge: the caster or a teammate cast another spell
    this turn (702.117a; no teammates in a scenario). The turn's history is the scenario's ``turn``; without one,
    nothing happened earlier this turn (``models.game.turn``) and the reason says so."""
    hist = state.turn.history
    default = "" if getattr(state.turn, "given", True) else " (the scenario gives no turn history: nothing happened earlier this turn)"
    if alt.condition == "opponent_lost_life":
        # the one reader of "lost life this turn": the history's life lost and damage (CR 120.3a)

        lost = [o for o in state.opponents(player) if lost_life_this_turn(state, o)[0]]
        return None if lost else (f"{card.name}'s spectacle cost can be paid only if an opponent lost life this turn, and "
                                  f"none did{default} (CR 702.137a, 120.3a)")
    if alt.condition == "cast_another_spell":
        cast = hist.spells_cast_by(player)
        return None if cast else (f"{card.name}'s surge cost can be paid only if {player} has cast another spell this "
                                  f"turn, and they have not{default} (CR 702.117a)")
    if alt.condition in ("combat_damage_shared_type", "combat_damage_assassin_or_commander"):
        return _combat_damage_condition_problem(state, player, card, alt)
    raise Unsupported(f"{card.name}: the condition of its {alt.keyword} cost is not modelled")


def _source_types(state: GameState, source: Any) -> frozenset[str] | None:
    """The creature types a combat damage source had (``CombatDamageSource``): those given, else its card's (every
    creature type for a changeling, CR 702.73a); ``None``: every creature type."""
    if source.types is not None:
        return frozenset(source.types)
    c = state.turn.history.cards.get(source.card)
    if c is None:
        return frozenset()
    if "changeling" in {str(k).lower() for k in c.keywords}:
        return None
    return frozenset(t for t in c.type_line.subtypes if t in CREATURE_TYPES)


def _combat_damage_condition_problem(state: GameState, player: str, card: Any, alt: Any) -> str | None:
    """Prowl (CR 702.76a: a player was dealt combat damage this turn by a source under the caster's control that had
    any of this spell's creature types) and freerunning (702.173a: by an Assassin creature or a commander under the
    caster's control): why the condition does not hold (``None``: it holds). The sources are the turn history's
    ``combat_damage`` (``TurnState.combat_damage_by``).

    Raises
    ------
    Unsupported : the scenario does not say which sources dealt combat damage this turn and the step does not settle
        it (naming the missing fact).
    """
    kw = alt.keyword
    rule = "702.76a" if kw == "prowl" else "702.173a"
    sources = state.turn.combat_damage_by(player)
    if sources is None:
        raise Unsupported(f"{card.name}'s {kw} cost can be paid only if a player was dealt combat damage this turn by "
                          + (f"a source {player} controlled that shared a creature type with it" if kw == "prowl" else
                             f"an Assassin creature or a commander {player} controlled")
                          + f", and the scenario does not say which sources dealt combat damage this turn (turn: "
                            f"history: combat_damage) (CR {rule})", mechanic=f"keyword:{kw}", card=card.name)
    if kw == "prowl":
        changeling = "changeling" in {str(k).lower() for k in card.keywords}
        mine = frozenset(CREATURE_TYPES) if changeling else frozenset(
            t for t in card.type_line.subtypes if t in CREATURE_TYPES)
        hits = [s.card for s in sources if mine and ((t := _source_types(state, s)) is None or t & mine)]
        if hits:
            return None
        what = ("it has no creature types" if not mine else
                f"none of {', '.join(s.card for s in sources)} had any of its creature types ({', '.join(sorted(mine))})"
                if sources else f"no source {player} controlled dealt combat damage to a player this turn")
        return f"{card.name}'s prowl cost can be paid only if a player was dealt combat damage this turn by a source " \
               f"{player} controlled that had any of its creature types, and {what} (CR 702.76a)"
    hits = [s.card for s in sources if s.commander or (t := _source_types(state, s)) is None or "Assassin" in t]
    if hits:
        return None
    what = (f"none of {', '.join(s.card for s in sources)} was an Assassin or a commander" if sources
            else f"no source {player} controlled dealt combat damage to a player this turn")
    return f"{card.name}'s freerunning cost can be paid only if a player was dealt combat damage this turn by an " \
           f"Assassin creature or a commander {player} controlled, and {what} (CR 702.173a)"


def total_cost(state: GameState, player: str, card: Any, *, using: str | None = None, x: int = 0,
               kicked: int | bool = 0, additional: Iterable[str] = (), zone: str = "hand",
               face: str | None = None, targets: int | None = None, chosen: list | None = None,
               gift: bool = False, choice: int | None = None, modes: Iterable[int] | None = None) -> TotalCost:
    """Compute the total cost of casting ``card`` (CR 601.2f), with every step explained.

    Parameters
    ----------
    state, player : the game and the caster.
    card : models.game.cards.Card
    using : None (the mana cost), an alternative-cost keyword (``flashback``, ``escape``, ``evoke``,
        ``dash``, ``overload``) or ``"free"`` (cast without paying its mana cost, CR 118.9).
    x : the announced value of X (CR 601.2b; 0 when cast without paying a cost with X, 107.3b).
    kicked : times the kicker/multikicker cost is paid (``True`` = 1), CR 702.33.
    additional : other optional additional costs to pay: ``buyback``, ``entwine``.
    zone : where the card is cast from (flashback and escape need the graveyard, CR 702.34a, 702.138a).
        The card must be in that zone when the scenario lists it (``locate_card``) and a rule or effect
        must allow casting from there (``casting_permission``, CR 601.3).
    face : the half of a split card, the Adventure or the face of a modal double-faced card to cast
        (``spell_face``, CR 709.3, 715.3, 712.11b); a split card needs one.
    targets : how many targets were chosen (CR 601.2c), for costs that count them (strive); ``None``: not
        given (the fewest legal number, ``fewest_targets``).
    chosen : the chosen targets' references (the question's ``targets``), for "if it targets [a tapped
        creature]" (``target_is_count``); ``None``: not given.
    choice : the option (1, 2, ...) of an either-or additional cost ("sacrifice a creature or pay {3}"), announced as
        the spell is cast (CR 601.2b); ``None`` for a card with such a cost is ``Unsupported`` (never a silent pick).
    modes : the modes (1, 2, ...) chosen of a spell with spree, at least one (CR 702.172a, 601.2b): their costs are
        additional costs; ``None`` for a card with spree is ``Unsupported`` (the modes are announced as it is cast).
    gift : the gift is promised (CR 702.174a: an additional cost, choosing an opponent; 702.174k): the card must have
        gift and the caster an opponent.

    The choices made (kicker, gift, optional additional costs, entwine) are kept in ``TotalCost.choices``: they
    decide which targets the spell requires (CR 601.2c, 702.174m, 702.42a; ``solver.rules.targets.cast_targets``).

    Returns
    -------
    TotalCost

    Raises
    ------
    CostError : an alternative or additional cost the card does not have, a wrong zone, X with a free cast,
        a split card with no half chosen.
    NoPermission (a CostError) : no rule or effect allows casting it from that zone (CR 601.3).
    QuestionError : the card is not in the zone the scenario lists.
    Unsupported : a permission or a cost effect that may apply but is not modelled.
    """
    steps: list[str] = []
    card, using, fused_mana, prototyped = _spell_as_cast(card, using, face, steps)
    _check_may_cast(state, player, card, zone, using, fused_mana, steps)
    if isinstance(kicked, bool):
        kicked = int(kicked)
    wanted = {str(a).lower() for a in additional}
    choices: dict[str, Any] = {"kicked": kicked, "gift": int(bool(gift)), "additional": int("additional" in wanted),
                               "entwined": int("entwine" in wanted)}
    selfs = self_cost_changes(state, player, card, zone, targets, chosen, choices)
    abilities = spell_abilities(card)
    alts = alternative_costs(card, abilities)
    adds = additional_costs(card, abilities)
    if x < 0:
        raise CostError("X cannot be negative (CR 107.1b)")
    d = _CostDraft(card, steps, selfs, adds, "prototype" if prototyped else "mana cost")
    # 1. mana cost or one alternative cost, X announced
    _mana_or_alternative_cost(state, player, d, using, fused_mana, alts, x, zone, targets, chosen, choices)
    # 2. additional costs
    _additional_costs(state, player, d, wanted, choice, modes, kicked, gift, choices)
    _commander_tax_and_flash(state, player, d, zone, using)
    # 3. increases, 4. reductions
    changes = _increases_and_reductions(state, player, d, zone)
    # 5. minimums, and the cost is locked in
    return _locked_in(d, changes, x, choices)


@dataclass
class _CostDraft:
    """A total cost while ``total_cost`` determines it (CR 601.2f): the spell as cast (``card``), the mana so far
    (``None``: unpayable, CR 118.6), its other parts and the objects they name, what it started from (``base``), the
    card's own cost changes (``selfs``) and additional costs (``adds``), and the steps explained so far."""

    card: Any
    steps: list[str]
    selfs: list
    adds: list
    base: str
    mana: ManaCost | None = None
    parts: list[CostPart] = field(default_factory=list)
    objects: tuple = ()


def _spell_as_cast(card: Any, using: str | None, face: str | None,
                   steps: list[str]) -> tuple[Any, str | None, ManaCost | None, bool]:
    """The spell that is cast (CR 601.2a): both halves of a fuse card as one split spell (``fused_spell``, CR
    702.102a-b, 709.4d), else the chosen half or face (``spell_face``, CR 709.3, 715.3, 712.11); prototyped, with its
    prototype's mana cost and characteristics (CR 702.160a, 718.3); an aftermath half (CR 702.127a). A land card is
    never cast (CR 305.1, 305.9) but face down with morph or disguise (CR 702.37c, 708.4, 601.3e).

    Returns ``(card as cast, using, fused mana cost or None, prototyped)``; ``using`` is ``None`` after fuse,
    prototype and aftermath, whose cost is a mana cost, not an alternative cost (CR 702.102c, 718.3, 702.127a).

    Raises
    ------
    NotASpell : a land card. CostError : no prototype, or not an aftermath half.
    """
    fused_mana: ManaCost | None = None
    prototyped = False
    if using is not None and str(using).lower() == "fuse":
        card, fused_mana = fused_spell(card, face)
        using = None
        steps.append(f"fuse: both halves of {card.name} are cast as one fused split spell with their combined "
                     f"characteristics (CR 702.102a-b, 709.4d)")
    else:
        card = spell_face(card, face)
    # a land card with morph or disguise may be cast face down: it is turned face down before the legality of casting
    # it is checked, so the rules see a 2/2 creature card (CR 702.37c, 708.4, 601.3e; Zoetic Cavern)
    face_down_way = using is not None and str(using).lower() in FACE_DOWN_KEYWORDS
    if card.is_type("Land") and not face_down_way:
        raise NotASpell(f"{card.name} is a land card: a land is played (a special action, CR 305.1, 116.2a), never cast; "
                        f"a card that is a land and another type can't be cast as a spell either (CR 305.9)")
    if using is not None and str(using).lower() in ("prototype", "prototyped"):

        try:
            card = prototype_card(card)
        except ValueError:
            raise CostError(f"{card.name} has no prototype (CR 702.160a)") from None
        using, prototyped = None, True  # the prototype's mana cost is its mana cost, not an alternative cost (CR 718.3)
        steps.append(f"cast prototyped: its mana cost is {card.mana_cost}, its colours those of that cost, and it is a "
                     f"{card.power}/{card.toughness} (CR 702.160a, 718.3, 718.3b)")
    if using is not None and str(using).lower() == "aftermath":
        if "aftermath" not in _card_keywords(card) or parent_name(card) == card.name:
            raise CostError(f"{card.name} is not an aftermath half (CR 702.127a)")
        using = None  # aftermath permits casting from the graveyard; the half's mana cost is paid (CR 702.127a)
    if parent_name(card) != card.name:
        steps.append(f"casting {card.name} of {parent_name(card)}: only its characteristics exist on the stack "
                     f"(mana cost {card.mana_cost}; CR 709.3b, 715.3b, 712.11c)")
    return card, using, fused_mana, prototyped


def _check_may_cast(state: GameState, player: str, card: Any, zone: str, using: str | None,
                    fused_mana: ManaCost | None, steps: list[str]) -> None:
    """Whether ``card`` may be cast from ``zone`` at all (CR 601.2a, 601.3): it is there (``locate_card``; a note in
    ``steps`` when the scenario does not list the zone), a fused split spell only from the hand (CR 702.102a), a rule
    or effect allows casting it from there (``casting_permission``), and no cost change that may apply is unmodelled.

    Raises
    ------
    QuestionError : the card is not in the zone the scenario lists. NoPermission : no permission (CR 601.3).
    Unsupported : a cost change or permission that is not modelled.
    """
    note = locate_card(state, player, card, zone)
    if note:
        steps.append(note)
    if fused_mana is not None and zone != "hand":
        raise NoPermission(f"{card.name} can be cast fused (both halves) only from its owner's hand, not from the {zone} "
                           f"(CR 702.102a)")
    why_not = casting_permission(state, player, card, zone, using)
    if why_not:
        raise NoPermission(why_not)
    _require_modelled_cost_text(state, player, card)


def _require_modelled_cost_text(state: GameState, player: str, card: Any) -> None:
    """Raise ``Unsupported`` when a cost change that may apply to ``card`` is not modelled (``unmodelled_cost_text``):
    the total cost would be unknown (CR 601.2f)."""
    bad = unmodelled_cost_text(state, player, card)
    if bad:
        raise Unsupported(f"a cost change is not modelled, so the total cost is unknown (CR 601.2f): {bad}")


def _mana_or_alternative_cost(state: GameState, player: str, d: _CostDraft, using: str | None,
                              fused_mana: ManaCost | None, alts: list, x: int, zone: str, targets: int | None,
                              chosen: list | None, choices: dict[str, Any]) -> None:
    """Step 1 of the total cost (CR 601.2f): the mana cost (none: unpayable, CR 118.6, 202.1b), the mana costs of both
    halves of a fused split spell (CR 702.102c), {0} when cast without paying its mana cost (CR 118.9; X is 0, 107.3b)
    or one alternative cost (``_alternative_cost``, CR 118.9a); then the announced X replaces X (CR 601.2b, 107.3a).
    Sets ``d.mana`` and ``d.base``.

    Raises
    ------
    CostError : X with a free cast; the errors of ``_alternative_cost``.
    """
    if fused_mana is not None:
        d.mana = fused_mana
        d.steps.append(f"start from the mana costs of both halves, {' + '.join(str(f.mana_cost) for f in d.card.faces)} "
                       f"= {fmt(d.mana)} (CR 702.102c)")
    elif using in (None, "", "mana cost", "mana_cost", "normal"):
        d.mana = d.card.mana_cost
        if d.mana is None:
            d.steps.append(f"{d.card.name} has no mana cost: its mana cost is unpayable (CR 118.6, 202.1b)")
        else:
            d.steps.append(f"start from the mana cost {d.mana}")
    elif using in ("free", "without paying its mana cost", "without_paying", "plot"):
        if x:
            raise CostError("cast without paying its mana cost, X can only be 0 (CR 107.3b)")
        d.base = "plot" if using == "plot" else "free"
        d.mana = ManaCost()
        d.steps.append("cast without paying its mana cost" + (" (plotted, CR 702.170d)" if using == "plot" else "")
                       + ": the alternative cost is {0} (CR 118.9; X is 0, 107.3b)")
    else:
        _alternative_cost(state, player, d, str(using).lower(), alts, x, zone, targets, chosen, choices)
    if d.mana is not None and d.mana.has_x:
        d.mana = d.mana.with_x(x)
        d.steps.append(f"X = {x} is announced first (CR 601.2b, 107.3a): {fmt(d.mana)}")


def _alternative_cost(state: GameState, player: str, d: _CostDraft, kw: str, alts: list, x: int, zone: str,
                      targets: int | None, chosen: list | None, choices: dict[str, Any]) -> None:
    """The alternative cost ``kw`` paid rather than the mana cost (CR 118.9, 118.9a: only one applies): the card's
    printed one (``_printed_alternative``), a keyword's (``alternative_costs``: flashback, escape, evoke, dash, ...) or
    flashback granted by another object (Snapcaster Mage ruling 2017-03-14), cast from its zone (CR 702.34a, 702.138a)
    when its condition holds; a keyword that changes the spell changes it (``_spell_with_alternative``). Sets
    ``d.mana``, ``d.base``, ``d.parts`` and ``d.objects``.

    Raises
    ------
    CostError : the card has no such cost. ZoneError : cast from another zone. ConditionUnmet : its condition does
    not hold. Unsupported : a keyword of the card that is not modelled.
    """
    card = d.card
    if kw in CONVERTED_WORDS:
        kw = CONVERTED
    printed = _printed_alternative(state, player, card, kw, x, d.parts, d.steps)
    alt = next((a for a in alts if a.keyword == kw), None) if printed is None else None
    if alt is None and kw == "flashback":
        granter = _has_granted_flashback(state, player, card)
        if granter is not None:
            alt = AlternativeCost("flashback", card.mana_cost, (), "graveyard", f"flashback granted by {granter}")
            d.steps.append(f"{granter} gave it flashback with a cost equal to its mana cost "
                           f"({card.mana_cost if card.mana_cost is not None else 'none'}); Snapcaster Mage ruling 2017-03-14")
    if printed is not None:
        d.base, d.mana, d.objects = printed
    elif alt is None and kw in _card_keywords(card):
        raise Unsupported(f"{card.name}'s {kw} is not modelled")
    if printed is None and alt is None:
        have = ", ".join([a.keyword for a in alts] + [n for n, _ in printed_alternatives(card)]) or "none"
        raise CostError(f"{card.name} has no {kw} cost (its alternative costs: {have})")
    if alt is None:
        return
    if alt.zone and zone != alt.zone:
        raise ZoneError(f"{kw} casts the card from the {alt.zone}, not from the {zone} (CR 702.34a, 702.138a)")
    if alt.condition is not None:
        unmet = _alternative_condition_problem(state, player, card, alt)
        if unmet:
            raise ConditionUnmet(unmet)
    _spell_with_alternative(state, player, d, kw, zone, targets, chosen, choices)
    d.base = kw
    d.mana = alt.mana
    d.parts.extend(alt.parts)
    if d.mana is None:
        d.steps.append(f"the {kw} cost is the mana cost of a card with none: unpayable (CR 118.6)")
    else:
        d.steps.append(f"pay the {kw} cost {fmt(d.mana)}" + (" plus " + ", ".join(p.text for p in alt.parts) if alt.parts else "")
                       + " rather than the mana cost; only one alternative cost applies (CR 118.9a)")


def _spell_with_alternative(state: GameState, player: str, d: _CostDraft, kw: str, zone: str, targets: int | None,
                            chosen: list | None, choices: dict[str, Any]) -> None:
    """The spell as cast with the alternative cost ``kw``, for the keywords that change it: face down with morph or
    disguise (CR 702.37c, 702.168a, 708.2-708.4), bestowed (CR 702.103b), converted (CR 702.162a, 712.8c, 712.11a);
    and the objects that are part of the cost of emerge (CR 702.119a) and web-slinging (CR 702.188a). Changes
    ``d.card``, ``d.selfs``, ``d.adds`` and ``d.objects``.

    Raises
    ------
    Unsupported : a cost change of the converted face that is not modelled.
    """
    if kw in FACE_DOWN_KEYWORDS:
        # cast face down: a 2/2 creature spell with no name, no mana cost, no colour and no abilities, for {3}
        # (CR 702.37c, 702.168a, 708.2-708.4); its own cost changes and additional costs are gone with its text
        d.card = face_down_spell(d.card)
        d.selfs, d.adds = [], []
        d.steps.append(f"cast face down with {kw}: a 2/2 colorless creature spell with no name, mana cost, "
                       f"creature types or abilities (CR 702.37c, 702.168a, 708.2)")
    if kw == "bestow":
        # an Aura spell with enchant creature that is not a creature spell (CR 702.103b): it needs a creature to
        # target (303.4a, 601.2c); its timing is an enchantment's unless it has flash
        d.card = bestowed_spell(d.card)
        d.steps.append("cast bestowed: an Aura spell with enchant creature, not a creature spell (CR 702.103b)")
    if kw == "emerge":
        # "sacrifice a creature" is part of the emerge cost, and the total cost is reduced by the sacrificed
        # creature's mana value (CR 702.119a); the creature is chosen as the cost is paid (solver.rules.altcosts)
        d.objects = (ObjectCost("sacrifice", 1, Filter(all_of=("Creature",), controller="you"),
                                "sacrifice a creature (emerge)"),)
    if kw == CONVERTED:
        # cast converted: only its back face's characteristics, so the back face's own cost changes and
        # additional costs are the spell's (CR 702.162a, 712.8c, 712.11a); its mana value is its front face's
        front = d.card
        d.card = converted_spell(d.card)
        _require_modelled_cost_text(state, player, d.card)
        d.selfs = self_cost_changes(state, player, d.card, zone, targets, chosen, choices)
        d.adds = additional_costs(d.card, spell_abilities(d.card))
        d.steps.append(f"cast converted: {d.card.name}, the back face of {front.name}, with only its characteristics "
                       f"(CR 702.162a, 712.8c, 712.11a); its mana value is that of its front face's mana cost "
                       f"{front.mana_cost}")
    if kw == "web-slinging":
        # "return a tapped creature you control to its owner's hand" is part of the web-slinging cost (CR
        # 702.188a); which creature is chosen as the cost is paid (``solver.rules.altcosts.pay_web_slinging``)
        d.objects = (ObjectCost("return", 1, Filter(all_of=("Creature",), controller="you"),
                                "return a tapped creature you control to its owner's hand (web-slinging)"),)


def _additional_costs(state: GameState, player: str, d: _CostDraft, wanted: set[str], choice: int | None,
                      modes: Iterable[int] | None, kicked: int, gift: bool, choices: dict[str, Any]) -> None:
    """Step 2 of the total cost (CR 601.2f, 118.8): every additional cost is added: the mandatory ones, the optional
    ones asked for (``wanted``: buyback, entwine, an optional "as an additional cost"; CR 601.2b), the option chosen of
    an either-or cost (``_chosen_option``), the spree modes' costs (``_spree_costs``), kicker and multikicker
    (``_kicker_costs``, CR 702.33) and the gift promised (CR 702.174a). Adds to ``d.mana`` and ``d.parts``.

    Raises
    ------
    CostError : an optional cost asked for that the card does not have. ConditionUnmet : a gift with no opponent.
    Unsupported : an either-or cost or spree with no choice given.
    """
    for a in d.adds:
        if a.keyword in ("buyback", "entwine") and a.keyword not in wanted:
            continue
        if a.keyword == "additional" and a.optional and "additional" not in wanted:
            # an optional additional cost ("you may reveal a Dragon card from your hand") not chosen is not
            # paid (CR 601.2b, 601.2f); ask with additional: [additional] to pay it
            d.steps.append(f"the optional additional cost “{a.text}” is not paid (CR 601.2b); "
                           f"additional: [additional] pays it")
            continue
        if a.keyword in ("kicker", "multikicker"):
            continue
        if a.choices:
            a = _chosen_option(d, a, choice)
        d.mana = _add_cost(d.mana, a, 1, d.parts, d.steps)
    _spree_costs(d, modes, choices)
    unknown = wanted - {a.keyword for a in d.adds}
    if unknown:
        raise CostError(f"{d.card.name} has no {', '.join(sorted(unknown))} cost")
    if kicked:
        _kicker_costs(d, kicked)
    if gift:
        if "gift" not in _card_keywords(d.card):
            raise CostError(f"{d.card.name} has no gift (CR 702.174a)")
        if not state.opponents(player):
            raise ConditionUnmet(f"promising {d.card.name}'s gift is choosing an opponent, and {player} has none "
                                 f"(CR 702.174a, 118.3)")
        d.steps.append(f"promise the gift: choose an opponent as an additional cost ({', '.join(state.opponents(player))} "
                       f"may be chosen; CR 702.174a, 702.174k)")


def _chosen_option(d: _CostDraft, a: AdditionalCost, choice: int | None) -> AdditionalCost:
    """The option ``choice`` (1, 2, ...) of an either-or additional cost, announced as the spell is cast and paid
    (CR 601.2b, 601.2f-h), as a mandatory additional cost.

    Raises
    ------
    Unsupported : no option given (never a silent pick). CostError : ``choice`` is not one of its options.
    """
    if choice is None:
        raise Unsupported(f"{d.card.name}'s additional cost is a choice ({a.text}); which option is paid is "
                          f"announced as it is cast (CR 601.2b): give additional_choice")
    if not 1 <= choice <= len(a.choices):
        raise CostError(f"{d.card.name}'s additional cost has {len(a.choices)} options; additional_choice "
                        f"{choice} is not one (CR 601.2b)")
    opt_mana, opt_parts = a.choices[choice - 1]
    d.steps.append(f"option {choice} of the additional cost “{a.text}” is chosen (CR 601.2b)")
    return AdditionalCost("additional", opt_mana, opt_parts, False, False, a.text)


def _spree_costs(d: _CostDraft, modes: Iterable[int] | None, choices: dict[str, Any]) -> None:
    """Spree: one or more modes are chosen as the spell is cast and the cost of each is an additional cost (CR 702.172a,
    601.2b, 601.2f); the modes chosen are kept in ``choices["spree"]``.

    Raises
    ------
    Unsupported : a spree card with no modes given. CostError : modes that are not its modes, or modes given for a
    card without spree.
    """
    spree = spree_mode_costs(spell_abilities(d.card))
    if not spree:
        if modes:
            raise CostError(f"{d.card.name} has no spree modes to choose (CR 702.172a)")
        return
    if modes is None:
        raise Unsupported(f"{d.card.name} has spree: which modes are chosen is announced as it is cast (CR 601.2b, "
                          f"702.172a): give modes (1 to {len(spree)})")
    picked = tuple(sorted(set(int(m) for m in modes)))
    if not picked or not all(1 <= m <= len(spree) for m in picked):
        raise CostError(f"{d.card.name} has {len(spree)} spree modes; choose one or more of 1 to {len(spree)} "
                        f"(CR 702.172a), not {list(modes)}")
    for m in picked:
        if d.mana is not None:
            d.mana = d.mana + spree[m - 1]
        d.steps.append(f"spree mode {m} is chosen: its cost {spree[m - 1]} is added (CR 702.172a)"
                       + (f" → {fmt(d.mana)}" if d.mana is not None else ""))
    choices["spree"] = picked


def _kicker_costs(d: _CostDraft, kicked: int) -> None:
    """Kicker paid ``kicked`` times (CR 702.33): one kicker cost each, at most as many as the card has (702.33d), or
    the multikicker cost ``kicked`` times.

    Raises
    ------
    CostError : no kicker, or kicked more times than it has kicker costs.
    """
    kick = [a for a in d.adds if a.keyword in ("kicker", "multikicker")]
    if not kick:
        raise CostError(f"{d.card.name} has no kicker cost (CR 702.33)")
    if kick[0].keyword == "kicker" and kicked > len(kick):
        raise CostError(f"{d.card.name} can be kicked at most {len(kick)} time(s) (CR 702.33d)")
    if kick[0].keyword == "multikicker":
        d.mana = _add_cost(d.mana, kick[0], kicked, d.parts, d.steps)
    else:
        for a in kick[:kicked]:
            d.mana = _add_cost(d.mana, a, 1, d.parts, d.steps)


def _commander_tax_and_flash(state: GameState, player: str, d: _CostDraft, zone: str, using: str | None) -> None:
    """The rest of step 2 (CR 601.2f): the commander tax, {2} more for each previous cast from the command zone (CR
    903.8, ``commander_tax``), and the card's own "as though it had flash if you pay {2} more" when that is what lets
    it be cast now (CR 702.8a, ``self_flash_extra``). An unpayable cost stays unpayable (CR 118.6a).

    Raises
    ------
    Unsupported : a free cast that needs the flash permission (whose permission applies is not modelled).
    """
    if zone == "command":
        tax, line = commander_tax(state, player, d.card)
        if d.mana is None:
            d.steps.append(line + "; the cost stays unpayable (CR 118.6a)")
        else:
            d.mana = _add_generic(d.mana, tax)
            d.steps.append(line + f" → {fmt(d.mana)}")
    more = self_flash_extra(state, player, d.card)
    if more is not None:
        if str(using or "").lower() in ("free", "without paying its mana cost", "without_paying"):
            raise Unsupported(f"{d.card.name} cast without paying its mana cost now needs a permission to cast it as "
                              f"though it had flash: whether it uses its own ({more[1]}) or the free-cast permission's "
                              f"is not modelled (CR 702.8a, 118.9)")
        if d.mana is None:
            d.steps.append(more[1] + "; the cost stays unpayable (CR 118.6a)")
        else:
            d.mana = d.mana + more[0]
            d.steps.append(f"{more[1]} → {fmt(d.mana)}")


def _increases_and_reductions(state: GameState, player: str, d: _CostDraft, zone: str) -> list[CostChange]:
    """Steps 3 and 4 of the total cost (CR 601.2f): the cost increases of other objects and the card's own, then the
    reductions (increases before reductions; a generic reduction reduces generic mana only, CR 118.7a-c;
    ``_reduce``). An unpayable cost stays unpayable (CR 118.6a). Returns the cost changes that apply (``applicable_cost_changes``), whose
    minimums come last (``_locked_in``)."""
    changes = applicable_cost_changes(state, player, d.card, zone)
    for c in changes:
        if c.kind == "increase":
            if d.mana is None:
                d.steps.append(f"{c.source}: +{c.amount}, but the cost stays unpayable (CR 118.6a)")
            else:
                d.mana = ManaCost(d.mana.symbols + c.amount.symbols)
                d.steps.append(f"{c.source}: costs {c.amount} more → {fmt(d.mana)} (increases before reductions, CR 601.2f)")
    for direction, amount, text in d.selfs:
        if direction == "more":
            if d.mana is None:
                d.steps.append(f"{text}, but the cost stays unpayable (CR 118.6a)")
            else:
                d.mana = d.mana + amount
                d.steps.append(f"{text} → {fmt(d.mana)}")
    for c in changes:
        if c.kind == "reduction" and d.mana is not None:
            d.mana = _reduce(d.mana, c.amount, d.steps, c.source, c.colored_only)
    for direction, amount, text in d.selfs:
        if direction == "less" and d.mana is not None:
            d.mana = _reduce(d.mana, amount, d.steps, text)
    return changes


def _locked_in(d: _CostDraft, changes: list[CostChange], x: int, choices: dict[str, Any]) -> TotalCost:
    """Step 5 of the total cost (CR 601.2f): the effects that directly affect the total cost (the ``minimums``,
    Trinisphere) and the cost locked in (``lock_in``), life kept apart from the other parts, with the choices made.
    For emerge, the cost before the minimums is kept: the sacrificed creature's mana value reduces it with the other
    reductions (CR 702.119a, 702.119c; ``with_emerge_reduction``)."""
    minimums = [c for c in changes if c.kind == "minimum"]
    n_steps = len(d.steps)  # the steps before the minimums (``with_emerge_reduction`` takes it up from here)
    life = 0
    rest: list[CostPart] = []
    for p in d.parts:
        if p.action == "pay_life":
            life += p.amount
        else:
            rest.append(p)
    tc = _with_choices(lock_in(d.mana, minimums, life, tuple(rest), d.base, x, d.steps, d.card, d.objects), choices)
    if d.base == "emerge" and d.mana is not None:
        # the creature is chosen as the emerge cost is chosen (CR 702.119c, 601.2b): its mana value reduces the total
        # cost with the other reductions, before the minimums (702.119a, 601.2f); ``with_emerge_reduction``
        tc.before_minimums = (d.mana, tuple(minimums), n_steps)
    return tc


def lock_in(mana: ManaCost | None, minimums: list[CostChange], life: int, rest: tuple[CostPart, ...], base: str,
            x: int, steps: list[str], card: Any, objects: tuple) -> TotalCost:
    """The last steps of a total cost (CR 601.2f): after increases and reductions, the effects that directly affect
    the total cost (``minimums``, Trinisphere) are applied and the cost is locked in. When a minimum makes the
    life-or-mana announcement of its Phyrexian symbols matter (``phyrexian_announcements``; CR 601.2b), one locked-in
    cost per announcement (``TotalCost.announcements``). ``steps`` is extended in place."""
    announced = phyrexian_announcements(mana, minimums) if mana is not None else []
    if announced:
        assert mana is not None
        # the life-or-mana choice of each Phyrexian symbol is announced before the total cost is determined (CR
        # 601.2b), and a symbol paid with life is no mana toward a minimum (601.2f; Trinisphere rulings 2004-12-01):
        # one locked-in total cost per announcement, tried one by one by the payment (``TotalCost.announcements``)
        steps.append("the Phyrexian symbols of " + fmt(mana) + " are announced as mana or 2 life each before the total "
                     "cost is determined (CR 601.2b), and life paid is no mana toward "
                     + " and ".join(f"{c.source}'s minimum of {c.minimum}" for c in minimums)
                     + " (CR 601.2f; Trinisphere rulings 2004-12-01); each announcement: "
                     + "; ".join(f"{fmt(m)}" + (f" and {k * 2} life" if k else "") for m, k, _, _ in announced))
        variants = []
        for m, k, lines, ways in announced:
            vsteps = steps + lines + [f"total cost {fmt(m)}" + (f", pay {life + 2 * k} life" if life + 2 * k else "")
                                      + "".join(", " + (p.text or p.action) for p in rest) + " (locked in, CR 601.2f)"]
            variants.append(TotalCost(m, life + 2 * k, rest, base, x, vsteps, card, objects, symbol_ways=ways))
        first = variants[0]
        return TotalCost(first.mana, first.life, rest, base, x, steps, card, objects, announcements=tuple(variants))
    for c in minimums:
        if mana is not None:
            mana, line = _apply_minimum(mana, c)
            if line:
                steps.append(line)
    if mana is not None:
        mana = mana.canonical()
        steps.append(f"total cost {fmt(mana)}" + (f", pay {life} life" if life else "")
                     + ("".join(", " + (p.text or p.action) for p in rest)) + " (locked in, CR 601.2f)")
    return TotalCost(mana, life, rest, base, x, steps, card, objects)


def with_emerge_reduction(tc: TotalCost, mv: int, who: str) -> TotalCost:
    """The total cost of ``tc`` (cast for its emerge cost) when the creature chosen to be sacrificed has mana value
    ``mv``: its total cost is reduced by that much generic mana (CR 702.119a, 118.7a), a reduction of the total cost
    like the others, so the minimums (Trinisphere) apply after it (601.2f), and it is locked in then (``lock_in``;
    one cost per announcement of its Phyrexian symbols when a minimum makes it matter). ``who`` names the creature in
    the explanation. The creature is chosen as the emerge cost is (CR 702.119c, 601.2b).

    Raises
    ------
    ValueError : ``tc`` is not an emerge total cost.
    """
    if tc.before_minimums is None:
        raise ValueError("not an emerge total cost")
    mana, minimums, n_steps = tc.before_minimums
    steps = list(tc.steps[:n_steps])
    if mv:
        mana = _reduce(mana, ManaCost.parse("{%d}" % mv), steps, f"sacrificing {who} (mana value {mv}) for emerge, "
                       f"CR 702.119a: a reduction of the total cost, before its minimums (601.2f)")
    else:
        steps.append(f"sacrificing {who} (mana value 0) for emerge reduces nothing (CR 702.119a)")
    return _with_choices(lock_in(mana, list(minimums), tc.life, tc.parts, tc.base, tc.x, steps, tc.card, ()), tc.choices)


def _with_choices(tc: TotalCost, choices: dict) -> TotalCost:
    """``tc`` (and each of its announcements) with the casting choices made (``TotalCost.choices``)."""
    for t in (tc,) + tuple(tc.announcements):
        t.choices = dict(choices)
    return tc


def _apply_minimum(mana: ManaCost, c: CostChange) -> tuple[ManaCost, str]:
    """One effect that directly affects the total cost ("spells cost at least N mana", Trinisphere), applied after
    increases and reductions (CR 601.2f): generic mana added up to N; ``(mana, explanation or "")``."""
    mv = mana.mana_value()
    if mv >= c.minimum:
        return mana, ""
    out = _add_generic(mana, c.minimum - mv)
    return out, (f"{c.source}: a spell that would cost less than {c.minimum} mana costs {c.minimum} → {fmt(out)} "
                 f"(applied to the total cost after increases and reductions, CR 601.2f)")


def phyrexian_announcements(mana: ManaCost, minimums: list[CostChange]) -> list[tuple[ManaCost, int, list[str], int]]:
    """Every announcement of how a cost's Phyrexian symbols are paid when a minimum makes it matter: ``(locked-in
    mana, symbols paid with life, explanation lines, ways)`` per announcement, the all-mana one first (``ways``: how
    many choices of which identical symbols pay life it stands for, a product of binomials); empty when no
    minimum applies or none could bite whatever is announced (then the payment chooses life or mana itself).

    CR 601.2b: for each Phyrexian symbol the player announces whether they pay 2 life or the mana, before the total
    cost is determined; 601.2f: the effects that directly affect the total cost ("costs at least three mana",
    Trinisphere) are applied last, to the mana of the total cost, and a symbol paid with life is no mana
    (Trinisphere rulings 2004-12-01: Dismember costs {1}{B}{B}, {2}{B} and 2 life, or {3} and 4 life). Symbols
    with the same text are interchangeable, so the announcements are the numbers of each paid with life
    (collapsed, exhaustive over everything else). A symbol announced as mana is paid with its mana (a hybrid
    Phyrexian symbol with either colour, CR 107.4f)."""
    if not minimums:
        return []
    phy = [s for s in mana.symbols if s.is_phyrexian]
    if not phy:
        return []
    floor = max(c.minimum for c in minimums)
    if mana.mana_value() - len(phy) >= floor:
        return []  # no announcement brings the mana below the minimum: it never bites
    import itertools

    kinds: dict[str, int] = {}
    for sym in phy:
        kinds[sym.text] = kinds.get(sym.text, 0) + 1
    others = tuple(s for s in mana.symbols if not s.is_phyrexian)

    out: list[tuple[ManaCost, int, list[str], int]] = []
    for counts in itertools.product(*(range(n + 1) for n in kinds.values())):
        syms = list(others)
        k = 0
        for (text, n), by_life in zip(kinds.items(), counts):
            syms.extend([ManaSymbol(text.rsplit("/", 1)[0])] * (n - by_life))
            k += by_life
        m = ManaCost(tuple(syms)).canonical()
        said = ", ".join(f"{by_life} {{{text}}} with life" for (text, _), by_life in zip(kinds.items(), counts)
                         if by_life) or "every Phyrexian symbol with mana"
        lines = [f"announce {said} (CR 601.2b): {fmt(m)}" + (f" and {2 * k} life" if k else "")]
        for c in minimums:
            m, line = _apply_minimum(m, c)
            if line:
                lines.append(line)
        ways = 1
        for n, by_life in zip(kinds.values(), counts):
            ways *= binomial(n, by_life)
        out.append((m.canonical(), k, lines, ways))
    out.sort(key=lambda t: t[1])
    return out


def _printed_alternative(state: GameState, player: str, card: Any, using: str, x: int, parts: list[CostPart],
                         steps: list[str]) -> tuple[str, ManaCost, tuple] | None:
    """The card's own printed alternative cost named by ``using`` (``solver.rules.altcosts``): ``(base, mana, chosen-object
    parts)``, its life added to ``parts`` and its steps to ``steps``; ``None`` when ``using`` names none.

    CR 118.9 (one alternative cost, chosen before the total is computed, 601.2b), 118.9c (the mana value is the
    card's), 107.3b (X is 0 unless the alternative cost has X).

    Raises
    ------
    NoPermission : its condition does not hold now (the answer is "not castable", naming it).
    CostError : X announced with an alternative cost that has none.
    Unsupported : wording of it that is not modelled.
    """

    got = find_printed(card, using)
    if got is None:
        return None
    name, ability = got
    alt = ability.effect
    assert isinstance(alt, PrintedAlternativeCost)
    why = condition_problems(state, player, card, name, ability)
    if why:
        raise NoPermission(why[0])
    mana = ManaCost() if alt.free or not alt.cost else ManaCost.parse(str(alt.cost))
    if x and not mana.has_x:
        raise CostError(f"{card.name}'s alternative cost has no X, so X can only be 0 (CR 107.3b)")
    if alt.life:
        parts.append(CostPart("pay_life", "life", int(alt.life), f"pay {alt.life} life"))
    what = ("cast without paying its mana cost" if alt.free else
            ", ".join(([f"pay {fmt(mana)}"] if len(mana) else []) + ([f"pay {alt.life} life"] if alt.life else [])
                      + [o.text for o in alt.objects]))
    conds = "; ".join(c.text for c in alt.conditions)
    steps.append(f"{name} (“{ability.text.strip()}”): {what} rather than the mana cost"
                 + (f"; its condition holds ({conds})" if conds else "")
                 + " (only one alternative cost applies, CR 118.9a, 601.2b)")
    return name, mana, tuple(alt.objects)


def _add_cost(mana: ManaCost | None, a: AdditionalCost, times: int, parts: list[CostPart], steps: list[str]) -> ManaCost | None:
    add = ManaCost()
    for _ in range(times):
        if a.mana is not None:
            add = add + a.mana
        parts.extend(a.parts)
    what = (str(add) if len(add) else "") + ("".join(", " + p.text for p in a.parts) * 1 if a.parts else "")
    label = {"additional": "mandatory additional cost"}.get(a.keyword, a.keyword + (f" ×{times}" if times > 1 else ""))
    if mana is None:
        steps.append(f"add the {label} {what}; the cost stays unpayable (CR 118.6a)")
        return None
    out = mana + add
    steps.append(f"add the {label} {what.strip(', ')} → {fmt(out)} (CR 118.8, 601.2f)")
    return out


def nonmana_problems(state: GameState, player: str, card: Any, tc: TotalCost, zone: str = "hand") -> list[str]:
    """Reasons the non-mana parts of a spell's total cost cannot be paid (CR 118.3), empty when they can.

    Life at most the life total (CR 119.4); every other part as the one reader of cost parts says
    (``solver.rules.cost_check.cost_problems``, with the spell as a ``CastSpell``: it is on the stack while its costs are paid,
    so a discard or "exile N other cards" counts the other cards, CR 601.2a). The permanents' mana abilities are
    activated before costs are paid (CR 601.2g-h; Kaervek's Spite): an object that pays a part may first make mana,
    unless that use of it is what the part takes (a permanent that sacrifices itself for mana can't also be
    sacrificed for the cost, a card exiled from the hand for mana can't be discarded). When the parts can be paid
    only with objects whose mana the payment might need, which ones pay is a choice the casting payment does not
    model: ``Unsupported``.

    Raises
    ------
    Unsupported
        A part, kind of object or zone that is not modelled, or a choice of objects against the mana (above).
    """


    out: list[str] = []
    life = state.life_of(player)
    if tc.life and tc.life > life:
        out.append(f"the cost includes paying {tc.life} life but {player} has {life} (CR 119.4, 118.3)")
    parts = tuple(p for p in tc.parts if p.action != "pay_life")
    if not parts:
        return out
    spell = CastSpell(card, player, zone, int(getattr(tc, "x", 0) or 0))

    def pay(sources: Any) -> str | None:
        # ``None``: every mana source may pay the mana too (the objects paying the parts lose none of their mana,
        # cost_check.check_objects), so the mana is the payment search's alone; a restricted list: the parts need
        # objects whose mana abilities they use up, a choice the casting payment does not model
        if sources is None:
            return None
        raise Unsupported(f"{card.name}: its cost parts ({'; '.join(p.text or p.action for p in parts)}) can be paid "
                          "only with objects whose own mana abilities they use up; which objects pay them and which "
                          "make mana is not modelled for casting (CR 601.2g-h)", topics=(Topic.COSTS,),
                          text="; ".join(p.text or p.action for p in parts))

    problem = cost_problems(state, spell, parts, spell.x, text=", ".join(p.text or p.action for p in parts), pay=pay)
    if problem:
        out.append(problem)
    return out


