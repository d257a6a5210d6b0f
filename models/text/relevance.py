"""What an unmodelled static sentence can change, typed: the gate's precision.

``classify`` (``models.text.topics``) over-approximates a sentence's topics from its words: "Colorless creatures
you control get +2/+2" speaks of colours, "As long as this artifact is a creature, it can block an additional
creature each combat" of types. This module reads a whole sentence of a few strict shapes and says what it can
*change*, so that its topics are those of the change, not of every word in it:

* a condition ("As long as ...", "During ...", "... as long as ...") changes nothing: it says when the change
  applies, not what it is (CR 611.3a: a static ability's effect applies while its condition is true);
* the object words ("Colorless creatures you control", "Enchanted creature", "Eldrazi you control") say which
  objects the change applies to; they are kept (``StaticChange.affected``) but decide no topic, since the gate
  counts the sentence whenever the change could matter, whoever it applies to;
* the change itself, one of:

  - ``pt``: a power/toughness change in layer 7c (CR 613.4c: "get +2/+2", "gets +3/+3 for each ...") that does not
    lower toughness. A lower toughness can put a creature into its owner's graveyard (CR 704.5f), so a sentence
    such as "get -1/-1" is not typed here. Topic ``POWER_TOUGHNESS``; a question reads it when something in play
    reads power or toughness (``reads_power_toughness`` below; the readers of power in ``solver.rules.quantities`` and
    ``solver.rules.mana.amounts`` ask the gate for this topic themselves).
  - ``keyword:K``: a keyword ability K granted (layer 6, CR 613.1f) from ``COMBAT_KEYWORDS``, which change how
    creatures attack, block, deal or are dealt damage, or what happens when they are targeted (ward, a triggered
    ability, CR 702.21a) — never which mana abilities exist, how they are activated, or what a spell or ability
    costs (CR 506-511, 702.2-702.21). Haste (CR 302.6), flash (702.8), hexproof, shroud and protection (targets,
    702.11, 702.18, 702.16), changeling (types, 702.73) and every other keyword are not typed. Topics
    ``KEYWORDS``, ``COMBAT``; read when something in play names K ("creatures you control with defender") — the
    keyword qualifiers of ``solver.rules.quantities`` ask the gate for ``KEYWORDS`` themselves.
  - ``subtype:S``: creature types or nonbasic land types added (layer 4, CR 613.1d, 205.3m, 205.3i: "is also a
    Cleric, Rogue, Warrior, and Wizard", "are Deserts in addition to their other types", "are the chosen type in
    addition to their other creature types"; ``S`` is ``*`` for a type not named). A basic land type is never
    typed here: it gives the land the intrinsic mana ability of that type (CR 305.6, 305.7), and neither is a card
    type ("is an artifact in addition", "is a 0/0 creature": a new card type can make a permanent summoning sick
    or change what filters see, CR 302.6). Nonbasic land types give no ability (CR 305.6 names the basic ones).
    "This land is every nonbasic land type" (Planar Nexus) adds them all (``S`` is ``*``: read by whatever names any
    creature or nonbasic land type — "Urza's Mine", "a Desert" — or types at all).
    Topic ``SUBTYPES``; read when something in play names S, any type ("creature type", "the chosen type", "basic
    land types"), or a party (CR 700.8: Cleric, Rogue, Warrior, Wizard).
  - ``supertype:snow``: "is snow" (layer 4, CR 205.4g): mana from a snow source is snow mana (CR 106.3, 107.4h),
    which pays {S}. Topics ``MANA_SPENDING`` (what the mana may pay) and ``SPELL_COSTS`` (a spell's {S}; the
    questions that total a spell's cost); could_produce reads only the types (CR 106.7), and an available_mana pool
    does not say which mana is snow, so for them — and for an ability's cost, whose {S} is in its own words — it is
    read when something in play names snow or {S}.
  - ``combat``: a rule of attacking and blocking only ("can block an additional creature each combat", "can't be
    blocked", "attacks each combat if able", CR 506-509). Topic ``COMBAT``.
* a replacement of the object's own entering ("If this land would enter, sacrifice an untapped Mountain instead.
  If you do, put this land onto the battlefield. If you don't, put it into its owner's graveyard.": CR 614.1c,
  614.12, 113.6h): it applies only as that object would enter, never to it on the battlefield. Topics
  ``RESOLUTION``, ``ZONES``.
* a replacement of counters being put ("If one or more +1/+1 counters would be put on a creature you control,
  that many plus one ... are put on it instead", CR 614.1a, 122.6): it changes only later events. Topic
  ``RESOLUTION``; read when something in play puts counters (``counters_put``).
* devotion counted one more ("Your devotion to each color and each combination of colors is increased by one",
  CR 700.5): topic ``RESOLUTION``; read only where something in play names devotion.
* deck-building rules ("Rulebreaker — If this is your commander, you may include ...", "A deck can have any number
  of cards named ...", "... can be your commander"): CR 100.2a, 903.3, 903.5; and "Draft this card face up."
  (CR 905.2c, it works during the draft): they do nothing in a game. Topic ``DECK_CONSTRUCTION``.
* an optional entering choice ("You may have this land enter tapped. If you do, you get two rad counters.",
  CR 614.1c, 614.12): made as the land enters. Topics ``RESOLUTION``, ``ZONES``.
* a change of what spells cost to cast ("Rare and mythic rare spells you cast cost {1} less to cast", CR 601.2f,
  118.7; object words naming an ability, activating or "this spell" excluded): it never applies to an ability's
  activation cost (CR 602.2b) nor to a mana ability (605.1a). Topic ``SPELL_COSTS`` (declared by cast, payments,
  delve only).
* a player who can't gain life ("Your opponents can't gain life.", "Players can't gain life.", CR 119.7): life is not
  gained as spells and abilities resolve, and a cost that involves gaining life can't be paid; paying life (119.4),
  mana and casting are unchanged. Topic ``RESOLUTION``; read where an ability's cost gains life.
* a permission to cast spells from the top of the library ("You may cast artifact spells and colorless spells from
  the top of your library", CR 601.3) and the alternative cost of spells cast that way ("If you cast a spell this
  way, pay life equal to its mana value rather than pay its mana cost", CR 118.9). Topics ``CASTING``, ``ZONES``
  (+ ``SPELL_COSTS``).

A sentence with any part these shapes do not cover is not typed (``None``): it keeps its wide topics.
``StaticChange.reads`` names, per change, what another ability in play would have to read for the change to matter
to a question that does not declare its topics; ``solver.rules.gate`` decides that per state (``read_tokens``).

References: CR 113.6h, 205.3, 205.4, 305.6-305.7, 506-511, 611.3a, 613.1d-f, 613.4c, 614.1, 614.12, 702, 704.5f.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from typing import TYPE_CHECKING

from ..vocab.topics import Topic
from ..vocab.effect import Unmodelled

if TYPE_CHECKING:
    from ..vocab.abilities import Ability
from ..game.subtypes import CREATURE_TYPES, NONBASIC_LAND_TYPES
from .lines import LABEL_RE
from ..game.subtypes import singular

#: CR 700.8: the creature types a party is made of.
PARTY_TYPES: frozenset[str] = frozenset({"Cleric", "Rogue", "Warrior", "Wizard"})

#: Keywords that change only combat or what happens after something is targeted or dealt damage (see above).
COMBAT_KEYWORDS: frozenset[str] = frozenset((
    "deathtouch", "first strike", "double strike", "trample", "vigilance", "menace", "reach", "lifelink", "flying",
    "fear", "intimidate", "shadow", "horsemanship", "skulk", "defender", "indestructible", "ward", "annihilator",
    "infect", "wither", "toxic", "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "banding",
    # triggered abilities that trigger only on attacking, blocking or combat damage and add no mana (CR 702.83a
    # exalted, 702.121a melee, 702.116a myriad, 702.130a afflict, 702.25a flanking, 702.68a frenzy, 702.39a provoke,
    # 702.134a mentor, 702.149a training, 702.105a dethrone, 702.45a bushido, 702.23a rampage, 702.91a battle cry,
    # 702.112a renown): nothing until combat, then from the stack (CR 603.3)
    "exalted", "melee", "myriad", "afflict", "flanking", "frenzy", "provoke", "mentor", "training", "dethrone",
    "bushido", "rampage", "battle cry", "renown",
    # keywords that work only as the creature enters or when another creature enters, and in combat (``ENTERING_KEYWORDS``)
    "unleash", "bloodthirst", "evolve", "fabricate", "modular",
))
#: Of ``COMBAT_KEYWORDS``, those that also work as the creature enters (a replacement, CR 614.1c, 614.12) or trigger
#: on something entering or dying (CR 603.2, 603.6a): unleash (702.98a: "may have this permanent enter with a +1/+1
#: counter on it", "can't block as long as it has a +1/+1 counter"), bloodthirst (702.54a: enters with counters),
#: evolve (702.100a: a trigger when a creature enters), fabricate (702.123a: a trigger when it enters), modular
#: (702.43a: enters with counters; a trigger when it dies). Granted to a permanent already on the battlefield, none
#: changes it now (it entered before, CR 614.12), and none adds mana or changes a cost or an activation; extra
#: topics ``RESOLUTION``, ``ZONES``, ``TRIGGERS``. Riot is not one: it may give haste (CR 702.136a, 302.6).
ENTERING_KEYWORDS: frozenset[str] = frozenset({"unleash", "bloodthirst", "evolve", "fabricate", "modular"})
#: Haste (CR 702.10b) changes, besides attacking, only whether a creature whose controller has not controlled it
#: continuously since their most recent turn began may use its {T} and {Q} abilities (302.6): granted, it matters to
#: an activation or a mana source only where some permanent is such (the state's ``sick`` permanents, read by the gate
#: through the token ``sick``) or something names haste (``keyword:haste``). Topics: those of a combat keyword.
GRANTED_KEYWORDS: frozenset[str] = COMBAT_KEYWORDS | {"haste"}


@dataclass(frozen=True)
class StaticChange:
    """What one unmodelled sentence can change, typed (module docstring).

    Attributes
    ----------
    changes : tuple of str
        ``pt``, ``keyword:K``, ``subtype:S``, ``supertype:snow``, ``combat``, ``entering_self``, ``counters``,
        ``deck``, ``devotion``, ``spell_cost``, ``cast_from_library``, ``discard_replacement``, ``extra_trigger``,
        ``turn_skip``, ``copy_replacement``, ``granted_trigger``, ``poison``: one per change, in the order read.
    affected : str
        The object words ("colorless creatures you control", "enchanted land"); ``""`` when there are none.
    topics : frozenset of Topic
        The topics of the changes (never those of the condition or the object words).
    reads : frozenset of str
        Tokens another ability in play must read for the changes to matter beyond ``topics``:
        ``power_toughness``, ``keyword:K``, ``subtype:S``, ``snow``, ``counters_put``, ``devotion``, ``abilities``,
        ``poison``.
    """

    changes: tuple[str, ...]
    affected: str
    topics: frozenset[Topic]
    reads: frozenset[str]


_SPLIT = re.compile(r"(?<=[.])\s+(?=\S)")
#: A leading condition: it says when, not what (CR 611.3a).
_LEAD_COND = re.compile(r"^(?:as long as|during|while)\b[^,]{1,160}?,\s+", re.I)
#: A trailing condition or count: "as long as ...", "during your turn", "for each ...", "where X is ...".
_TRAIL_COND = re.compile(r"\s+(?:as long as|during|for each|where X is)\b[^.]*$", re.I)
#: Stands for a quoted triggered ability that adds no mana, granted by the sentence (``_granted_triggers``).
GRANTED_TRIGGER = "GRANTEDTRIGGER"
_SUBJECT = r"(?P<subj>[^.,;:\"“”]{1,90}?)"
_PT = r"gets? \+(?:\d+|X)/\+(?:\d+|X)"
_KW_ONE = (r"(?:" + GRANTED_TRIGGER + "|" + "|".join(sorted((re.escape(k) for k in GRANTED_KEYWORDS), key=len, reverse=True))
           + r")(?: (?:\d+|\{[^}]+\}(?:\{[^}]+\})*)|—pay \d+ life)?")
_KW_LIST = _KW_ONE + r"(?:(?:,| and|, and) " + _KW_ONE + r")*"
_HAS = r"(?:has|have)"
_COMBAT = (r"can block (?:an additional creature|any number of creatures|an additional (?:two|three) creatures)"
           r"(?: each combat)?"
           r"|can't be blocked(?: by [^.]{1,80}| except by [^.]{1,80}| this turn)?"
           r"|can't block(?: [^.]{1,60})?"
           r"|can't be attacked"  # CR 508.1b-c: only which players, planeswalkers and battles may be attacked
           r"|(?:attacks|blocks) each combat if able"
           r"|can block only creatures with flying"
           r"|can block creatures with (?:flying|shadow)(?: as though [^.]{1,60})?"
           r"|must be blocked(?: [^.]{1,60})?(?: if able)?")
_WORD_TYPE = r"[A-Z][\w'’-]+"
_TYPES_LIST = _WORD_TYPE + r"(?:(?:,| and|, and) " + _WORD_TYPE + r")*"
#: (a "chosen type" is a creature type only when the sentence says so: "the chosen creature type", "... in addition to
#: their other creature types"; a bare "the chosen type" may be a card type)
_TYPE_ADD = (r"(?:is|are) (?:also )?(?:an? )?(?:(?P<types>" + _TYPES_LIST + r"|the chosen creature type)"
             r"(?: in addition to (?:its|their) other (?:creature |land )?types)?"
             r"|the chosen type in addition to (?:its|their) other creature types"
             r"|every creature type"
             # CR 205.3i, 305.7: nonbasic land types give no ability (Planar Nexus); read by what names any of them
             r"|every nonbasic land type)")
_SNOW = r"(?:is|are) snow"
_CHANGE = rf"(?:{_PT}|{_HAS} {_KW_LIST}|{_COMBAT}|{_TYPE_ADD.replace('(?P<types>', '(?:')}|{_SNOW})"
_SENTENCE_RE = re.compile(rf"^{_SUBJECT} (?P<changes>{_CHANGE}(?:(?:,| and|, and) (?:it )?{_CHANGE})*)$")
_ONE_CHANGE_RE = re.compile(_CHANGE)

#: CR 614.1c, 614.12: a replacement of this object's own entering (Balduvian Trading Post, Sheltered Valley).
_ENTERING_REPL = re.compile(
    r"^if this (?:land|permanent|artifact|creature|enchantment) would enter(?: the battlefield)?, "
    r"(?:sacrifice (?:an untapped |a |an )?[\w' -]{1,40}? instead|instead sacrifice [^.]{1,120}?"
    r"(?:, then put this \w+ onto the battlefield)?)$", re.I)
_ENTERING_TAIL = re.compile(r"^if you do, put this \w+ onto the battlefield"
                            r"|^if you don't, put it into its owner's graveyard$", re.I)
#: CR 614.1c, 614.12: an optional entering replacement ("You may have this land enter tapped. If you do, you get two
#: rad counters." — Mariposa Military Base): the choice and what it gives happen as the land enters.
_ENTERING_CHOICE = re.compile(r"^you may have this (?:land|permanent|artifact|creature|enchantment) enter tapped$", re.I)
_ENTERING_CHOICE_TAIL = re.compile(r"^if you do, you get (?:a|an|one|two|three|\d+) [\w ]{1,30}counters?$", re.I)
#: CR 614.1a, 122.6: more counters are put instead (Hardened Scales, Kami of Whispered Hopes).
_COUNTER_REPL = re.compile(
    r"^if (?:one or more |a )?[+\-\w/]* ?counters? would be put on (?:a|an|any|each)? ?[^,]{1,80}, "
    r"(?:that many plus (?:one|two)|twice that many) [^.]{0,60}?counters? (?:are|is) put on (?:it|that [\w ]{1,30}|them)"
    r" instead$", re.I)
#: CR 100.2a, 903.3, 903.5: deck-building rules; CR 905.2b-c: draft abilities ("Draft this card face up", "Reveal
#: this card as you draft it"). They do nothing in a game. "... and note ..." is left wide: what is noted is read
#: during the game (CR 905.2b).
_DECK_RE = re.compile(
    r"^(?:a deck can have any number of cards named [^.]+"
    r"|[^.]{1,60} can be your commander"
    r"|if [^.]{1,80}? is your commander, (?:you may include|your deck can (?:include|contain))[^.]+"
    r"|(?:if it is, )?your deck can (?:include|contain) [^.]+"
    r"|if this (?:creature|card) is your commander, [^.]*\bin your deck\b[^.]*"
    r"|draft (?:this card|[^.]{1,60}) face up"
    r"|reveal (?:this card|[^.,]{1,60}) as you draft it"
    r"|you may look at the next card drafted from this booster pack"
    r"|after you draft (?:this card|it), you may add a booster pack to the draft"
    r"|each player passes the last card from each booster pack to a player who drafted [^.]+"
    r"|immediately after the draft, [^.]+"
    r"|each other player may offer you one card in their card pool in exchange"
    r"|you may accept any one offer)$", re.I)


#: CR 122.1: a player gets poison counters — a mana ability's instruction (Mox Poison: "You get two poison counters.",
#: Noxious Bayou), not a static ability: it adds no mana and changes no type, cost or activation; a player with ten
#: or more loses when state-based actions are next checked (704.5c, 704.3). Topics ``LIFE``, ``RESOLUTION``; read
#: where something in play reads poison counters (``poison``: "if an opponent has three or more poison counters").
#: "Players can't gain life." (Erebos, God of the Dead's "Your opponents can't gain life.", Sulfuric Vortex, Leyline of
#: Punishment): CR 119.7 — it stops life gained as spells and abilities resolve (608.2) and a cost that involves gaining
#: life; paying life (119.4), mana and casting are unchanged.
_NO_LIFE_GAIN_RE = re.compile(r"^(?:players|your opponents|your opponent|each opponent|you|enchanted player) can't gain life"
                              r"(?: this turn)?$", re.I)
_POISON_RE = re.compile(r"^you get (?:a|an|one|two|three|four|five|\d+) poison counters?$", re.I)


#: CR 700.5: devotion counted one more (Altar of the Pantheon): a count that only some abilities read.
_DEVOTION_RE = re.compile(r"^your devotion to (?:each color and each combination of colors|[a-z ]{1,40}) is increased by"
                          r" (?:one|two|\d+)$", re.I)


#: CR 601.2f, 118.7: a change of what *spells* cost to cast ("Rare and mythic rare spells you cast cost {1} less to
#: cast", "Creature spells you cast that share a creature type with this creature cost {1} less to cast", "Creature
#: spells you cast cost {X} less to cast, where X is ..."). It names casting, so it never applies to an ability's
#: activation cost (CR 602.2b) nor to mana abilities: only the questions that total a spell's cost read it. Object
#: words naming an ability, activating, or "this spell" itself (its own casting: ``models.text.scope``) are not
#: this shape.
_SPELL_COST_RE = re.compile(r"^(?P<subj>[^.]{0,160}?\bspells?\b[^.]{0,160}?) costs? (?:\{[^}]+\})+ (?:less|more) to cast"
                            r"(?: for each [^.]+|, where X is [^.]+| if [^.]+)?$", re.I)
_NOT_SPELL_ONLY_RE = re.compile(r"\babilit|\bactivat|\bthis spell\b|\bthis card\b", re.I)
#: What such a change may add, about the same spells (CR 601.2f): how much it may reduce.
_SPELL_COST_TAIL = re.compile(r"^this effect (?:reduces only the amount of generic mana you pay"
                              r"|can't reduce the (?:mana in that cost|amount of mana you pay) to less than (?:one|1) mana)$",
                              re.I)
#: CR 601.3, 305.2: a permission to cast spells (or play lands) from the top of the library (Mystic Forge, Bolas's
#: Citadel): it changes what may be cast and from where, nothing about abilities or mana.
_CAST_FROM_TOP_RE = re.compile(r"^you may (?:play lands and )?cast (?:[\w ,]{1,60}? )?spells?(?: [\w ,]{1,60}?)? from the top of "
                               r"your library$", re.I)
#: CR 118.9: an alternative cost of the spells cast that way ("If you cast a spell this way, pay life equal to its mana
#: value rather than pay its mana cost", Bolas's Citadel): it is a way of casting them (CR 601.2b, 601.2f).
_CAST_THIS_WAY_COST_RE = re.compile(r"^if you cast a spell this way, (?:you may )?pay [^.]{1,80} rather than pay its mana cost$",
                                    re.I)


#: CR 614.1a, 701.9: a replacement of where a discarded card goes, or of its discard, when a spell or ability an
#: opponent controls (or an effect: costs are not effects, 118.1) makes you discard (Nephalia Academy, Obstinate
#: Baloth, Library of Leng): it applies only as such a spell or ability resolves (CR 608.2). Topics ``RESOLUTION``,
#: ``ZONES``.
_DISCARD_REPL = re.compile(
    r"^if (?:a spell or ability an opponent controls|an effect) causes you to discard (?:a card|this card|it), "
    r"(?:discard it, but )?(?:you may )?(?:reveal that card and )?put (?:it|that card) (?:onto the battlefield|on top of your library)"
    r"(?: with [^.,]{1,40} counters? on it)? instead of (?:putting it )?(?:into your graveyard|anywhere else)$", re.I)
#: CR 603.2d (an ability that triggers an additional time), 603.3: "If an artifact or creature entering causes a
#: triggered ability of a permanent you control to trigger, that ability triggers an additional time" (Panharmonicon,
#: Panoptic Projektor, Teysa Karlov): the cause is an event other than mana being made or a permanent tapped (so no
#: triggered mana ability, CR 605.1b, is doubled); the extra triggers go on the stack. Topics ``TRIGGERS``,
#: ``RESOLUTION``.
_EXTRA_TRIGGER = re.compile(
    r"^if (?P<cause>[^,]{1,120}?) (?:causes|would cause) (?:a|an) (?:triggered )?ability of [^,]{1,80}? to trigger, "
    r"(?:that ability|it) triggers an additional time$", re.I)
#: CR 614.1b, 614.10 (skipping a turn is a replacement effect): "If you would begin your turn while this artifact is
#: tapped, you may skip that turn instead. If you do, untap this artifact." (Time Vault): it applies only as a later
#: turn would begin. Topic ``LATER_TURNS``.
_TURN_SKIP = re.compile(r"^if you would begin your turn(?: while [^,]{1,60})?, (?:you may )?skip that turn instead$", re.I)
_TURN_SKIP_TAIL = re.compile(r"^if you do, untap (?:this \w+|it)$", re.I)
#: CR 707.10, 614.1a: "If you would copy a spell one or more times, instead copy it that many times plus an additional
#: time. You may choose new targets for the additional copy." (Twinning Staff): a copy is made as a spell or ability
#: resolves (or a trigger does), never as something is cast or activated. Topic ``RESOLUTION``.
_COPY_REPL = re.compile(r"^if you would copy a spell(?: one or more times)?, instead copy it that many times plus an "
                        r"additional time$", re.I)
_COPY_TAIL = re.compile(r"^you may choose new targets for the (?:additional )?cop(?:y|ies)$", re.I)


#: A quoted triggered ability (CR 603.1: "When", "Whenever" or "At") granted to objects (layer 6, CR 613.1f), whose
#: words neither add mana nor speak of mana (so no triggered mana ability, CR 605.1b), with no reminder text or
#: nested quote: 'Commander creatures you own have "Whenever this creature attacks a player, ..., you create two
#: Treasure tokens."' (Guild Artisan), 'has "Whenever equipped creature deals combat damage during your turn, put that
#: many loyalty counters on The Aetherspark."' (The Aetherspark), 'Enchanted creature has "At the beginning of your
#: upkeep, you lose 1 life."'. Such an ability does nothing until it triggers and then resolves from the stack (CR
#: 603.3, 608.2, 605.5a), so having it changes no mana made, no cost and no activation now; only what reads
#: abilities ("creatures with no abilities", "the number of abilities") can see it (reads token ``abilities``).
_GRANTED_TRIGGER_RE = re.compile(r"[\"“]((?:When|Whenever|At)\b[^\"“”()]*)[\"”]")
_MANA_WORDS_RE = re.compile(r"\badds?\b|\bmana\b", re.I)


def _granted_triggers(text: str) -> str:
    """``text`` with each quoted triggered ability that adds no mana (``_GRANTED_TRIGGER_RE``) replaced by
    ``GRANTED_TRIGGER``; other quoted text is kept (the sentence is then not typed)."""
    return _GRANTED_TRIGGER_RE.sub(lambda m: m.group(0) if _MANA_WORDS_RE.search(m.group(1)) else GRANTED_TRIGGER,
                                   text)


#: A sentence extending the previous one's change to other objects.
_SAME_IS_TRUE = re.compile(r"^the same is true for [^.]+\.?$", re.I)


def _singular(word: str) -> str:

    w = word.strip()
    return w if w == "Urza's" else singular(w.rstrip("’'"))


def _types(words: str) -> tuple[str, ...] | None:
    """The subtypes named in "a Cleric, Rogue, Warrior, and Wizard" / "Deserts" / "the chosen type", or ``None``
    when one is not a creature or nonbasic land type (a card type, a basic land type, an artifact type)."""
    if re.fullmatch(r"the chosen (?:creature )?type|every creature type|every nonbasic land type", words):
        return ("*",)
    out = []
    for w in re.split(r",? and |, ", words):
        s = _singular(w)
        if s not in CREATURE_TYPES and s not in NONBASIC_LAND_TYPES:
            return None
        out.append(s)
    return tuple(out)


def _keywords(words: str) -> tuple[str, ...]:
    found = re.findall("|".join(sorted((re.escape(k) for k in GRANTED_KEYWORDS), key=len, reverse=True)), words)
    return tuple(dict.fromkeys(found))


def _change_of(part: str) -> list[str] | None:
    p = part.strip()
    if re.fullmatch(_PT, p):
        return ["pt"]
    m = re.fullmatch(_HAS + " (" + _KW_LIST + ")", p)
    if m:
        return (["keyword:" + k for k in _keywords(m.group(1).replace(GRANTED_TRIGGER, ""))]
                + ["granted_trigger"] * m.group(1).count(GRANTED_TRIGGER))
    if re.fullmatch(_COMBAT, p):
        return ["combat"]
    m = re.fullmatch(_TYPE_ADD, p)
    if m:
        ts = _types(m.group("types") or ("every creature type" if "every creature type" in p else
                                         "every nonbasic land type" if "every nonbasic land type" in p else
                                         "the chosen type"))
        return None if ts is None else ["subtype:" + t for t in ts]
    if re.fullmatch(_SNOW, p):
        return ["supertype:snow"]
    return None


def _sentence_changes(s: str) -> tuple[list[str], str] | None:
    s = s.strip().rstrip(".").strip()
    if _ENTERING_REPL.match(s) or _ENTERING_TAIL.match(s) or _ENTERING_CHOICE.match(s) or _ENTERING_CHOICE_TAIL.match(s):
        return ["entering_self"], ""
    if _COUNTER_REPL.match(s):
        return ["counters"], ""
    if _DECK_RE.match(s):
        return ["deck"], ""
    if _DEVOTION_RE.match(s):
        return ["devotion"], ""
    if _POISON_RE.match(s):
        return ["poison"], ""
    if _NO_LIFE_GAIN_RE.match(s):
        return ["no_life_gain"], ""
    if _DISCARD_REPL.match(s):
        return ["discard_replacement"], ""
    et = _EXTRA_TRIGGER.match(s)
    if et and not re.search(r"\bmana\b|\btap|\badd", et.group("cause"), re.I):
        return ["extra_trigger"], ""
    if _TURN_SKIP.match(s):
        return ["turn_skip"], ""
    if _COPY_REPL.match(s):
        return ["copy_replacement"], ""
    if _SPELL_COST_TAIL.match(s):
        return ["spell_cost"], ""
    if _CAST_FROM_TOP_RE.match(s):
        return ["cast_from_library"], ""
    if _CAST_THIS_WAY_COST_RE.match(s):
        return ["cast_from_library", "spell_cost"], ""
    sc = _SPELL_COST_RE.match(_LEAD_COND.sub("", s, count=1))
    if sc and not _NOT_SPELL_ONLY_RE.search(sc.group(0)):
        return ["spell_cost"], sc.group("subj").strip()
    s = _LEAD_COND.sub("", s, count=1)
    s = _TRAIL_COND.sub("", s, count=1)
    m = _SENTENCE_RE.match(s)
    if not m:
        return None
    subj = m.group("subj").strip()
    if re.search(r"\b(?:is|are|gets?|has|have|becomes?|loses?|gains?|if|unless|can|can't|would|it's|that's|addition"
                 r"|and it|copy|named)\b|\d/\d", subj, re.I):
        return None  # the object words hold a verb: some other shape
    changes: list[str] = []
    rest = m.group("changes")
    pos = 0
    for cm in _ONE_CHANGE_RE.finditer(rest):
        gap = rest[pos:cm.start()]
        if gap.strip() not in ("", ",", "and", ", and", "and it", ", and it", ", it"):
            return None
        got = _change_of(cm.group(0))
        if got is None:
            return None
        changes.extend(got)
        pos = cm.end()
    if rest[pos:].strip():
        return None
    return changes, subj


_TOPICS = {"pt": {Topic.POWER_TOUGHNESS}, "keyword": {Topic.KEYWORDS, Topic.COMBAT}, "combat": {Topic.COMBAT},
           "subtype": {Topic.SUBTYPES}, "supertype": {Topic.MANA_SPENDING, Topic.SPELL_COSTS},
           "entering_self": {Topic.RESOLUTION, Topic.ZONES}, "counters": {Topic.RESOLUTION},
           "deck": {Topic.DECK_CONSTRUCTION}, "devotion": {Topic.RESOLUTION}, "spell_cost": {Topic.SPELL_COSTS},
           "cast_from_library": {Topic.CASTING, Topic.ZONES}, "discard_replacement": {Topic.RESOLUTION, Topic.ZONES},
           "extra_trigger": {Topic.TRIGGERS, Topic.RESOLUTION}, "turn_skip": {Topic.LATER_TURNS},
           "copy_replacement": {Topic.RESOLUTION}, "granted_trigger": {Topic.TRIGGERS},
           "poison": {Topic.LIFE, Topic.RESOLUTION}, "no_life_gain": {Topic.RESOLUTION}}


@functools.lru_cache(maxsize=65536)
def static_change(text: str) -> StaticChange | None:
    """The typed changes of an unmodelled static line, or ``None`` when some part of it is not one of the shapes
    of the module docstring (it then keeps its wide topics).

    Parameters
    ----------
    text : str
        The line as the parser kept it (the card's own name may stand for itself); an ability word label is
        dropped (CR 207.2c). Quoted abilities are not read (a line with one is not typed: CR 113.2c, granted
        abilities are the grants' parser's).

    Returns
    -------
    StaticChange or None
    """
    t = _granted_triggers(LABEL_RE.sub("", (text or "").strip()))
    if not t or re.search(r"[\"“”]", t):
        return None
    changes: list[str] = []
    affected: list[str] = []
    last: list[str] = []
    for s in _SPLIT.split(t):
        if last in (["turn_skip"], ["copy_replacement"]) and (_TURN_SKIP_TAIL if last == ["turn_skip"] else _COPY_TAIL).match(
                s.strip().rstrip(".")):
            continue  # the rest of the same replacement (Time Vault's untap, Twinning Staff's new targets)
        if last and _SAME_IS_TRUE.match(s.strip()):
            # "The same is true for creature spells you control and creature cards you own that aren't on the
            # battlefield": the same change for other objects (Maskwood Nexus, CR 604.3 for the cards)
            changes.extend(last)
            continue
        got = _sentence_changes(s)
        if got is None:
            return None
        last = got[0]
        changes.extend(got[0])
        if got[1]:
            affected.append(got[1])
    if not changes:
        return None
    topics: set[Topic] = set()
    reads: set[str] = set()
    for c in changes:
        head, _, arg = c.partition(":")
        topics |= _TOPICS[head]
        if head == "keyword" and arg in ENTERING_KEYWORDS:
            topics |= {Topic.RESOLUTION, Topic.ZONES, Topic.TRIGGERS}
        if head == "pt":
            reads.add("power_toughness")
        elif head in ("keyword", "subtype"):
            reads.add(c)
            if c == "keyword:haste":
                reads.add("sick")  # CR 302.6, 702.10b: only a permanent not continuously controlled since the turn began
        elif head == "supertype":
            reads.add("snow")
        elif head == "counters":
            reads.add("counters_put")
        elif head == "devotion":
            reads.add("devotion")
        elif head == "granted_trigger":
            reads.add("abilities")
        elif head == "poison":
            reads.add("poison")
        elif head == "no_life_gain":
            reads.add("life_gain_cost")
    return StaticChange(tuple(changes), "; ".join(affected), frozenset(topics), frozenset(reads))


def _plural_re(t: str) -> str:
    forms = {t, t + "s", t + "es"}
    forms |= {pl for pl, sg in (("Elves", "Elf"), ("Dwarves", "Dwarf"), ("Wolves", "Wolf"), ("Mice", "Mouse"),
                                ("Oxen", "Ox"), ("Fungi", "Fungus")) if sg == t}
    return r"\b(?:" + "|".join(re.escape(f) for f in sorted(forms)) + r")\b"


#: Wording of an ability that reads power or toughness (an amount, a condition, a qualifier, crew/saddle/station
#: which tap creatures by total power, CR 702.122a, 702.171a, 702.184a).
#: Any creature or nonbasic land type named (singular or plural).
_ANY_SUBTYPE_RE = re.compile("|".join(_plural_re(t) for t in sorted(CREATURE_TYPES | NONBASIC_LAND_TYPES)))
_READS_PT = re.compile(r"\bpower\b|\btoughness\b|\bcrew\b|\bsaddle\b|\bstation\b", re.I)
_READS_ANY_TYPE = re.compile(r"\btypes?\b|\bchangeling\b", re.I)
_READS_SNOW = re.compile(r"\bsnow\b|\{S\}|is_snow=True|'S'", re.I)
_READS_COUNTERS = re.compile(r"\bput\b[^.]*\bcounters?\b|\bproliferate\b|\bcounters? on\b", re.I)


#: Wording that gives a player poison counters (CR 122.1; toxic, infect and "get(s) N poison counters"): not a reader.
_GETS_POISON = re.compile(r"\b(?:get|gets) (?:a|an|one|two|three|four|five|\d+|x|that many) poison counters?", re.I)


@functools.lru_cache(maxsize=65536)
def token_read_by(token: str, words: str) -> bool:
    """Whether an ability with these ``words`` (its text and its typed model's fields, as one string) may read
    what ``token`` (``StaticChange.reads``) changes. Over-approximated: any mention counts."""
    if token == "power_toughness":
        return bool(_READS_PT.search(words))
    if token == "snow":
        return bool(_READS_SNOW.search(words))
    if token == "counters_put":
        return bool(_READS_COUNTERS.search(words))
    if token == "devotion":
        return bool(re.search(r"\bdevotion\b", words, re.I))
    if token == "poison":  # giving poison counters is not reading them (CR 122.1)
        # ("poison counters": the token ``'poison'`` in a typed model's repr is not a reader)
        return bool(re.search(r"\bpoison counters?\b", _GETS_POISON.sub(" ", words), re.I))
    if token == "life_gain_cost":  # a cost that involves gaining life can't be paid (CR 119.7): "gain ... life" before ":"
        return bool(re.search(r"\bgains?\b[^:.]{0,40}\blife\b[^.]*:", words, re.I))
    if token == "sick":  # a fact of the state, never of words (``solver.rules.gate.read_in_state``)
        return False
    if token == "abilities":  # "creatures with no abilities", "a triggered ability", "abilities of ..." (CR 113)
        return bool(re.search(r"\babilit(?:y|ies)\b", words, re.I))
    head, _, arg = token.partition(":")
    if head == "keyword":
        return bool(re.search(r"\b" + re.escape(arg) + r"\b", words, re.I))
    if head == "subtype":
        if _READS_ANY_TYPE.search(words):
            return True
        if arg == "*":
            return bool(_ANY_SUBTYPE_RE.search(words))
        if arg in PARTY_TYPES and re.search(r"\bparty\b", words, re.I):
            return True
        return bool(re.search(_plural_re(arg), words))
    return True  # an unknown token: read (never narrower than asked)


#: Keyword abilities that read something of other objects: crew, saddle and station tap creatures by power (CR
#: 702.122a, 702.171a, 702.184a); "protection from Dragons", "affinity for Equipment", "hexproof from" name qualities.
_READER_KEYWORD = re.compile(r"\bcrew\b|\bsaddle\b|\bstation\b|\bfrom\b|\bfor\b|\bparty\b", re.I)


#: Words of an ability that adds mana ("add {G}", "adds one mana"): such an ability's reads feed the mana questions.
_ADDS_MANA = re.compile(r"\badds?\b|\bmana\b", re.I)
#: Sentences of an activated ability's effect that activating it reads (its restriction, its targets: CR 602.5, 601.2c).
_ACTIVATION_WORDS = re.compile(r"\bactivate\b|\btargets?\b|\bspend\b", re.I)
#: "Put a +1/+1 counter on target ..." in an activated ability's effect (an instruction, CR 608.2).
_PUT_COUNTER_ON_TARGET = re.compile(r"\bput (?:a|an|one|two|three|x|\d+) [+\-\w/]* ?counters? on (?=(?:another |up to \w+ )?target\b)",
                                    re.I)
#: Topics of a sentence that reads nothing in a game (deck-building rules, CR 100.2a; combat rules; later turns).
_NOT_READERS = frozenset({Topic.DECK_CONSTRUCTION, Topic.COMBAT, Topic.LATER_TURNS})


def ability_words(a: "Ability") -> str:
    """What an ability says and is modelled as, as one string (its text, its typed effect and cost): what
    ``token_read_by`` looks for (read by ``solver.rules.gate.read_in_state``). A sentence typed by ``static_change`` is left out: it is a
    change, not a reader of what it changes."""
    if isinstance(a.effect, Unmodelled) and (a.effect.reads or a.effect.topics <= _NOT_READERS):
        return ""
    if a.kind == "keyword" and not _READER_KEYWORD.search(a.text or str(a.effect)):
        return ""  # having a keyword is not reading one (CR 702); crew, saddle, station, "from"/"for" lists are
    if a.kind in ("activated", "triggered") and not a.is_mana_ability:
        text = a.text or ""
        if a.kind == "triggered":
            # it does something only once it triggers and resolves (CR 603.3, 608.2), unless it adds mana itself
            # (could_produce counts what it would add, CR 106.7; 605.5a)
            return f"{text} {a.effect!r}" if _ADDS_MANA.search(text) else ""
        # what it does happens only as it resolves (CR 602.2, 608.2): its cost, its restriction and its targets are
        # what activating it reads (602.2b, 602.5, 601.2c)
        head, _, body = text.partition(":")
        # (of a sentence kept for its target, the instruction "put a +1/+1 counter on" happens as it resolves, CR
        # 608.2: activating reads only which targets are legal, 601.2c — Ozolith's "{1}{G}, {T}: Put a +1/+1 counter
        # on target artifact or creature you control" puts no counter now)
        kept = " ".join(_PUT_COUNTER_ON_TARGET.sub("", x) for x in re.split(r"(?<=\.)\s+", body)
                        if _ACTIVATION_WORDS.search(x))
        return f"{head} {kept} {a.cost!r} {a.restriction!r}" + ("" if _ADDS_MANA.search(body) is None else f" {body}")
    return f"{a.text or ''} {a.effect!r} {a.cost!r}"
