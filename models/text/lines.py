"""The shape of a line of rules text, shared by every reader of English in ``models.text``: what starts a
triggered or an activated ability (CR 602.1, 603.1), the words that may stand before a dash (ability words, CR
207.2c; flavor words, 207.2d; keywords written with a dash, 702), the keyword names of CR 702 and the keyword
actions of CR 701, a Saga's chapter numbers (714.2), a label or a quoted ability inside a line (113.2c), and a card
naming itself ("this", CR 201.5).

Plain words and patterns, below every reader: the line parser (``models.text.oracle``), the topic readers and the
print-back (``models.text.render``, ``models.text.roundtrip``) all read a line's shape from here.
"""
from __future__ import annotations

import dataclasses
import re

from ..vocab.effect import Effect, Unmodelled
from ..vocab.topics import Topic
from ..game.cards import Card, Face


#: A quoted ability granted to another object or a token (CR 113.2c: that object's ability, not this one's).
QUOTED_RE = re.compile(r"[\"“][^\"”]*[\"”]")
#: An ability word or a mode's label before the ability (CR 207.2c: "Threshold — ", "• Dragons — ", chapter "II — ").
LABEL_RE = re.compile(r"^(?:•\s*)?(?:[^—.{}\"“]{1,40}?|[IVX]+(?:, [IVX]+)*)\s+—\s+")


TRIGGER_RE = re.compile(r"^(when|whenever|at)\b", re.I)


# A cost is text with no quotes before the first colon; it must start like a cost.
ACTIVATED_RE = re.compile(r'^([^:"“]+?):\s*(.+)$', re.S)
COST_START = re.compile(
    r"^(\{|pay|sacrifice|discard|exile|remove|put|tap|untap|return|mill|reveal|collect|forage|waterbend|behold|blight"
    r"|[+−-]?\d|x\b)", re.I
)


def self_ref(text: str, face: Face, card: Card) -> str:
    """``text`` with the card's and the face's names (and an Alchemy card's name without its "A-") replaced by
    "this": a card's name in its own text means the object itself (CR 201.5)."""
    out = text
    names = {face.name, card.name, face.name.split(",")[0] if "," in face.name else face.name}
    # an Alchemy rebalanced card ("A-Vivi Ornitier") names itself without the "A-" (CR 201.5)
    names |= {n[2:] for n in names if n.startswith("A-")}
    for n in sorted(names, key=len, reverse=True):
        if n and len(n) > 2:
            out = out.replace(n, "this")
    return out


#: Ability words (CR 207.2c, the list of the rules; "corrupted" is printed as one too): they name an ability and
#: have no rules meaning; the ability after the dash is parsed as any other line.
ABILITY_WORDS = frozenset("""adamant addendum alliance battalion bloodrush celebration channel chroma cohort constellation
converge coven delirium descend eerie eminence enrage ferocious flurry formidable grandeur hellbent heroic imprint
inspired kinship landfall lieutenant magecraft metalcraft morbid radiance raid rally renew revolt survival sweep
threshold undergrowth valiant vivid void""".split()) | {
    "council's dilemma", "council’s dilemma", "descend 4", "descend 8", "fateful hour", "fathomless descent",
    "join forces", "pack tactics", "secret council", "spell mastery", "tempting offer", "will of the council",
    "paradox", "parley", "disappear", "domain", "strive", "corrupted"}

#: Keywords written "Keyword — [ability]" whose meaning is the ability plus a restriction, spelled out as the rule
#: says (the restriction sentence is then read like any other: a typed restriction or an unmodelled sentence).
DASH_ABILITY_KEYWORDS: dict[str, dict[str, str]] = {
    # CR 702.177a: "[Cost]: [Effect]. Activate only once."
    "exhaust": {"activated": "Activate only once."},
    # CR 702.142a: "... Activate only if this creature attacked this turn and only once each turn."
    "boast": {"activated": "Activate only if this creature attacked this turn and only once each turn."},
    # CR 702.57a-b: activated only from the hand (its cost reveals it), during its owner's upkeep, once each turn
    "forecast": {"activated": "Activate only during your upkeep and only once each turn."},
    # CR 702.169b-d: the ability works only while the Case is solved
    "solved": {"activated": "Activate only if this Case is solved.",
               "triggered": "This ability triggers only if this Case is solved.",
               "static": "As long as this Case is solved, this ability applies."},
}
#: "Max speed — [ability]" (CR 702.178a: "As long as your speed is 4, this object has [ability]") and the other
#: words before a dash that have a rules meaning the parser does not model (attractions' visit and prize, CR
#: 702.159; a Case's "to solve", CR 719): the line stays one unmodelled ability.
DASH_WORDS_KEPT = frozenset({"max speed", "visit", "prize", "to solve", "legacy", "gotcha", "level up", "stage"})
DASH_PREFIX = re.compile(r"^(?P<word>[A-Za-z][^—:{}\"“•|+\[\]()0-9]*?)\s*—\s*(?P<rest>\S.*)$")


#: Keyword abilities of CR 702 (lower case), for keyword lines of cards whose data lists no keywords.
KEYWORD_NAMES = frozenset(w.replace("_", " ") for w in """deathtouch defender double_strike enchant equip first_strike
flash flying haste hexproof indestructible intimidate lifelink protection reach shroud trample vigilance ward banding
rampage flanking phasing buyback shadow cycling echo horsemanship fading kicker flashback madness fear morph amplify
provoke storm affinity entwine modular sunburst bushido soulshift splice offering ninjutsu epic convoke dredge
transmute bloodthirst haunt replicate forecast graft recover ripple split_second suspend vanishing absorb delve fortify
frenzy gravestorm poisonous transfigure champion changeling evoke hideaway prowl reinforce conspire persist wither
retrace devour exalted unearth cascade annihilator rebound infect undying miracle soulbond overload scavenge unleash
cipher evolve extort fuse bestow tribute dethrone outlast prowess dash exploit menace renown awaken devoid ingest
myriad surge skulk emerge escalate melee crew fabricate partner undaunted improvise aftermath embalm eternalize
afflict ascend assist mentor afterlife riot spectacle escape mutate encore foretell demonstrate disturb decayed cleave
training compleated reconfigure blitz casualty enlist ravenous squad prototype toxic backup bargain craft disguise
plot saddle freerunning offspring impending harmonize mobilize warp mayhem start_your_engines!""".split())


#: Keyword actions (CR 701) that the card data lists as keywords: on a line of their own they are instructions
#: ("Surveil 2.", "Investigate."), parsed as the spell or ability text they are; scry keeps its keyword form,
#: which the scry question reads (CR 701.22).
KEYWORD_ACTIONS = frozenset("""surveil mill investigate proliferate amass explore connive manifest adapt bolster support
fateseal populate learn incubate discover cloak suspect forage endure harness airbend earthbend blight goad detain
exert clash vote monstrosity abandon behold convert assemble""".split()) | {
    "collect evidence", "manifest dread", "time travel", "venture into the dungeon", "the ring tempts you"}

#: Keywords whose parameter is written after a dash and is not an ability (CR 702.24, 702.21, ...).
DASH_KEYWORDS = frozenset({"cumulative upkeep", "ward", "equip", "escape", "flashback", "kicker", "buyback",
                            "cycling", "morph", "megamorph", "disguise", "ninjutsu", "echo", "suspend", "craft",
                            "madness", "bestow", "dash", "evoke", "overload", "entwine", "prototype", "splice",
                            "awaken", "reinforce", "companion", "partner with", "enchant", "protection"})


#: Effect wording of an activated ability that may speak of paying for the ability itself (CR 602.2b, 601.2f-h):
#: its own cost ("This ability costs {1} less to activate", "this ability's activation cost"), how it is paid
#: ("Spend only ..."), its X ("X is the mana value of the exiled card"), or mana it adds. "as this ability resolves"
#: ("where X is the number of Wizards you control as this ability resolves", Kaza, Roil Chaser) speaks of its
#: resolution (CR 608.2), not of its cost.
_OWN_COST_WORDS = re.compile(r"\bthis ability\b(?! resolves\b)|\bto activate\b|\bactivation cost|\bspend\b|\badds?\b", re.I)
#: X in an activated ability's effect wording (CR 107.3a): it may define the X of its cost only when the cost has one.
_X_WORD = re.compile(r"\bX\b")


def resolution_cost_words(eff: Effect, text: str, x_in_cost: bool = True) -> Effect:
    """An unmodelled activated ability whose effect wording has the costs topic only because of what happens as it
    resolves — it lets spells be cast without paying their mana costs, or makes later spells cost less ("You may
    cast a spell from among them without paying its mana cost", Aetherworks Marvel) — gets the resolution topic
    instead: activating it reads its cost, modes, targets and X (CR 602.2, 602.2b), and its effect happens only
    when it resolves (608.2). Wording that may speak of this ability's own cost (``_OWN_COST_WORDS``, and X when
    ``x_in_cost``: the ability's cost has an X, CR 107.3a, 601.2b, 602.2b) keeps it; an X the cost does not have
    is the effect's own number ("costs {X} less to cast, where X is ...": Kaza, Roil Chaser; Will, Scion of Peace),
    fixed as the ability resolves (CR 107.3, 608.2h)."""

    if not isinstance(eff, Unmodelled) or Topic.COSTS not in eff.topics or _OWN_COST_WORDS.search(text) or (
            x_in_cost and _X_WORD.search(text)):
        return eff
    return dataclasses.replace(eff, topics=(eff.topics - {Topic.COSTS}) | {Topic.RESOLUTION})


#: A Saga's chapter ability (CR 714.2a, 714.2c): "I — [effect]", "II, III — [effect]".
CHAPTER_RE = re.compile(r"^(?P<chapters>[IVX]+(?:, [IVX]+)*)\s+—\s+(?P<effect>\S.*)$")


def self_ref_loose(body: str, face: Face, card: Card) -> str:
    """``body`` with the short forms of the card's name also replaced by "this", for typing where a line
    functions (``line_scope``): Oracle text may name a card without its leading "The" ("Keeper of the Yellow
    Hat") or by its first name ("Moritte enter as a copy"; CR 201.5 names the object itself)."""
    out = body
    for n in {face.name, card.name}:
        short = [n[4:] if n.startswith("The ") else "", n.split(",")[0].split(" of ")[0]]
        first = n.split(",")[0].split()[0] if n.split() else ""
        if face.type_line.has("Legendary") and len(first) > 3 and first[:1].isupper() and first not in ("The", "Lord", "Lady"):
            short.append(first)
        for s in sorted({x for x in short if len(x) > 3}, key=len, reverse=True):
            out = re.sub(rf"\b{re.escape(s)}\b", "this", out)
    return out


def face_has_x(face: Face) -> bool:
    """The face's mana cost or text has {X} (CR 107.3a): text defining X may then fix it as the spell is cast."""
    return "{X}" in str(face.mana_cost or "") or bool(_X_COST_KEYWORD.search(face.oracle_text or ""))


#: A cost keyword with {X} in its cost (kicker, multikicker, flashback, ...: an alternative or additional cost, CR 107.3a).
_X_COST_KEYWORD = re.compile(r"^(?:kicker|multikicker|buyback|entwine|flashback|overload|escape|replicate)\b[^\n]*\{X\}",
                             re.I | re.M)
