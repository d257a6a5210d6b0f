"""Whole-sentence readings: every typed reading printed back to canonical Oracle wording from its typed fields.

A typed reading (``models.vocab``) is trusted only when it says everything its sentence says (docs/effects.md,
"Whole-sentence readings"). This module prints an ``Ability`` back to Oracle wording from its typed fields alone —
the effect's fields, its ``Filter``/``Qualifier``, amounts, conditions, the typed cost parts — never from the
wording it was read from (``Ability.text``, ``CostPart.text``, ``Filter.words``, ``TimingRestriction.text``). The
parser (``models.text.roundtrip.vet``) compares the rendering with the sentence and keeps a typed reading only when
both say the same, so a reading that drops or changes words ("Locus" read as the subtype "Locu", "sacrifice a
creature or pay {3}" read as a sacrifice only) becomes an honest ``Unmodelled`` sentence instead.

What is printed is a *pattern*: canonical wording with two kinds of marks, for what a reading deliberately leaves
open:

* an alternative ``⟦a¦b⟧``: the reading means both wordings the same ("{G} or {U}" and "{U} or {G}": a choice of
  mana is a set; "tapped creature" / "creature that's tapped" do not occur, but the order of adjectives varies);
* an untyped span ``⟨label⟩``: words the reading acknowledges without typing them, where that is its documented
  meaning (an ``Unmodelled`` rider is printed as its own text, which carries its topics to the gate).

``display(pattern)`` is the text a judge reads (``mtgcheck card``); ``matches(pattern, sentence, names)`` the
comparison, after ``normalise`` (the card's own names and "this creature"/"this land" self-references read as
"this", CR 201.5; reminder text dropped, CR 207.2; case, punctuation and number words vs digits ignored).

Anything a renderer cannot print raises ``Unrenderable`` naming the field: the reading is then not accepted.

References: CR 113 (abilities), 201.5 (a card's name in its text means itself), 207.2 (reminder text),
602.1 (activated abilities), 603.1 (triggered abilities), 702 (keywords).
"""
from __future__ import annotations

import contextvars
import dataclasses
import functools
import itertools
import re
from typing import Any, Callable, Iterable, Sequence

from ..vocab.amounts import (
    CountOf, CountersAmong, CountersOn, CountersRemoved, Devotion, DistinctAmong, EventAmount, Fixed, GreatestAmong,
    LargestGroup, LifeTotal, OfChosenType, PartySize, PlayerCounters, PlayersWho, PowerOf, Revealed,
    SharingCreatureType, StartingLife, StatOf, Sum, ThisTurn, TopCardsOfLibraries, TotalAmong, VariableX,
)
from ..vocab.characteristics import AttachedChange, SelfTypeChange
from ..vocab.conditions import (
    AnchorChosen, AttackedThisStep, AttackedThisTurn, CardsInZone, Compare, ControlsAtLeast, ControlsCommander,
    DefendingPlayerControls, DuringTurn, HasAnotherActivatedAbility, HasCounter, HasDesignation, HasLegalTarget,
    MaxSpeed, ModeUnchosen, OpponentControlsMore, OpponentHasCounters, ResolvedThisTurn, SourceAttacking, SourceCast,
    SourceMatches, SourceModified, SourceRenowned, SourceTapped, SpellsCastThisTurn, TargetsInclude, TopOfLibrary,
)
from ..vocab.cost_effects import (
    AbilityCostChange, ActivationCostChange, AdditionalCost, CantPayCosts, CastCondition, CostIncrease, CostMinimum,
    CostReduction, ObjectCost, PrintedAlternativeCost, SelfCostChange,
)
from ..vocab.effect import COMBAT_STEPS, Effect, TURN_STEPS, Unmodelled
from ..vocab.filters import Comparison, Filter, Qualifier
from ..vocab.grants import AsThoughHaste, GainControl, GrantAbility
from ..vocab.keyword_effects import DelveCount, DelveKeywordGrant, Keyword
from ..vocab.logic import AllOf, AnyOf, Not
from ..vocab.mana_effects import AddMana, CantSpendMana, LandType, ManaReplacement, SpendAsThough, TriggeredAddMana
from ..vocab.permissions import CantCast, CastAsThoughFlash, FreeCastPermission, TimingRestriction
from ..vocab.resolution import (
    CastTrigger, Draw, EntersChoice, EntersTapped, EntersTrigger, EntersWithCounters, Instructions, Modal,
    PutOntoBattlefieldProcess, Scry, Step,
)
from ..vocab.targeting import CantBeTargeted, PlayerKeyword, SpellTargetRestriction
from ..vocab.spree import SpreeMode
from ..vocab.self_flash import SelfFlash
from ..vocab.abilities import Ability, ActivationCost, cost_symbols
from ..vocab.cost_parts import CostPart
from ..game.cards import BASIC_LAND_TYPES
from ..game.mana import ManaCost
from ..game.subtypes import HISTORIC_KINDS, OUTLAW_TYPES, SUBTYPES, plural, singular
from .costs import PERMANENT_CARD_TYPES
from ..game.mana import read_cast_or_activate
from .targets import parse_target_phrase
from ..vocab.abilities import of_the_chosen_type
from ..vocab.abilities import names_only_tokens
from ..vocab.abilities import cost_object_filter
from .oracle import DASH_ABILITY_KEYWORDS
from .oracle import _DASH_KEYWORDS, _DASH_WORDS_KEPT, KEYWORD_ACTIONS, KEYWORD_NAMES


class Unrenderable(ValueError):
    """A typed value the renderer cannot print as Oracle wording (the message names it): the reading that holds it
    is not accepted as a whole-sentence reading."""


# ---------------------------------------------------------------------------
# Patterns: literal wording, alternatives and untyped spans
# ---------------------------------------------------------------------------

_ALT_L, _ALT_SEP, _ALT_R = "⟦", "¦", "⟧"
_WILD_L, _WILD_R = "⟨", "⟩"
_MARK = re.compile("(" + _ALT_L + "[^" + _ALT_R + "]*" + _ALT_R + "|" + _WILD_L + "[^" + _WILD_R + "]*" + _WILD_R + ")")


def _expand(pattern: str) -> list[str]:
    """Every literal wording of a pattern without untyped spans (its alternatives multiplied out)."""
    pieces = _MARK.split(pattern)
    out = [""]
    for piece in pieces:
        opts = piece[1:-1].split(_ALT_SEP) if piece.startswith(_ALT_L) and piece.endswith(_ALT_R) else [piece]
        out = [o + x for o in out for x in opts]
        if len(out) > 1024:
            raise Unrenderable("too many alternatives")
    return out


def alt(*options: str) -> str:
    """A pattern part matching any of ``options`` (wordings; alternatives inside them are multiplied out, untyped
    spans kept); one option is itself."""
    opts: list[str] = []
    for o in options:
        opts.extend(_expand(o) if _MARK.search(o) else [o])
    opts = list(dict.fromkeys(opts))
    if len(opts) == 1:
        return opts[0]
    return _ALT_L + _ALT_SEP.join(opts) + _ALT_R


def wild(label: str, words: str = "") -> str:
    """A pattern part standing for words the reading does not type (shown as ``[label]``); ``words``: a regular
    expression over ``normalise``d wording the words must match (the kind of words the reading typed: "a combat
    event"), else any words."""
    if "|" in label or _WILD_R in words:
        raise Unrenderable("a label with '|'")
    return _WILD_L + label + ("|" + words if words else "") + _WILD_R


def any_order(items: Sequence[str], join: Callable[[Sequence[str]], str]) -> str:
    """``join(items)`` in any order of ``items`` (a set written as a list), as alternatives when there are 2-3."""
    items = list(items)
    if len(items) < 2 or len(items) > 3:
        return join(items)
    return alt(*(join(list(p)) for p in itertools.permutations(items)))


def display(pattern: str) -> str:
    """The wording a judge reads: each alternative's first option, each untyped span as ``[label]``."""
    def one(m: re.Match) -> str:
        s = m.group(0)
        if s.startswith(_ALT_L):
            return display(s[1:-1].split(_ALT_SEP)[0])
        return "[" + s[1:-1].split("|")[0] + "]"
    return _MARK.sub(one, pattern).replace(_U_L, "«").replace(_U_R, "»")


#: Number words of rules text (CR 107.1) as they are compared: digits.
_NUMBERS = {w: str(i) for i, w in enumerate(("zero one two three four five six seven eight nine ten eleven twelve "
                                              "thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
                                              "twenty").split())} | {"thirty": "30", "forty": "40", "fifty": "50",
                                                                     "hundred": "100"}
_NUMBER_RE = re.compile(r"\b(" + "|".join(_NUMBERS) + r")\b")
#: Nouns after "this" that name the object itself (CR 201.5: "this creature", "this Aura", "this spell").
_SELF_NOUNS = ("creature|land|artifact|enchantment|permanent|spell|card|planeswalker|battle|token|aura|equipment|"
               "vehicle|saga|case|class|room|spacecraft|attraction|contraption|fortification|siege|scheme|plane|"
               "phenomenon|conspiracy|dungeon|sorcery|instant|kindred|curse|shrine|food|clue|treasure|role|"
               "background|planet|cave|desert|gate|lair|mine|sphere|tower|town|locus|mount|object|dungeon")
_SELF_RE = re.compile(r"\bthis (?:" + _SELF_NOUNS + r")\b")
_THIS_THIS = re.compile(r"\bthis this\b")
_REMINDER = re.compile(r"\s*\([^()]*\)")
_PUNCT = re.compile(r"[.,;:!\"“”•—–⟪⟫]")
#: Untyped words inside a reading (an ``Unmodelled`` part: a rider, a trigger's effect), compared as they are and
#: shown between « » so that a judge sees what was not typed.
_U_L, _U_R = "⟪", "⟫"


def untyped(text: str) -> str:
    """Words of a reading that are not typed (an ``Unmodelled`` part's own text): compared as printed, shown « »."""
    return _U_L + text + _U_R if text else text


def self_names(name: str, face_names: Iterable[str] = (), legendary: bool = False) -> tuple[str, ...]:
    """The ways a card's text names the card itself (CR 201.5), longest first: each face's and the card's name, the
    part before a comma ("Slinn Voda" of "Slinn Voda, the Rising Deep"), without a leading "The", an Alchemy
    card's name without "A-", and a legendary card's first name ("Dragonhawk")."""
    out: set[str] = set()
    for n in (name, *face_names):
        for m in (n, n[2:] if n.startswith("A-") else n):
            out.add(m)
            short = m.split(",")[0].strip()
            out.add(short)
            out.add(short.split(" of ")[0])
            if short.startswith("The "):
                out.add(short[4:])
            first = short.split(" ")[0]
            if legendary and len(first) > 3 and first[:1].isupper() and first not in ("The", "Lord", "Lady"):
                out.add(first)
    return tuple(sorted((n for n in out if len(n) > 2), key=len, reverse=True))


@functools.lru_cache(maxsize=65536)
def _name_re(name: str) -> "re.Pattern[str]":
    """A card's own name as a word of its text (``normalise``), compiled once."""
    return re.compile(r"(?<![\w'])" + re.escape(name) + r"(?![\w])")


def normalise(text: str, names: Sequence[str] = ()) -> str:
    """The comparable form of wording: reminder text dropped (CR 207.2), the card's own names and "this
    creature"/"this land"/... read as "this" (CR 201.5), lower case, quotes and apostrophes unified, number words as
    digits, punctuation and spaces removed."""
    t = _REMINDER.sub("", text)
    for n in names:
        if n in t:  # the name as printed (the expression below matches it case-sensitively)
            t = _name_re(n).sub("this", t)
    t = t.replace("’", "'").replace("‘", "'").lower()
    t = _THIS_THIS.sub("this", _SELF_RE.sub("this", t))  # "this Case" of Case of the Filched Falcon: "this"
    t = _NUMBER_RE.sub(lambda m: _NUMBERS[m.group(1)], t)
    t = _PUNCT.sub(" ", t)
    return re.sub(r"\s+", "", t)


@functools.lru_cache(maxsize=65536)
def pattern_regex(pattern: str, names: tuple[str, ...] = ()) -> "re.Pattern[str]":
    """The regular expression of a pattern over ``normalise``d wording (``names``: the card's own names, which
    untyped spans of the pattern may contain)."""
    return re.compile(_regex(pattern, names))


_WILD_ONLY = re.compile("(" + _WILD_L + "[^" + _WILD_R + "]*" + _WILD_R + ")")


def _regex(pattern: str, names: tuple[str, ...], top: bool = True) -> str:
    out = []
    for piece in (_MARK if top else _WILD_ONLY).split(pattern):
        if not piece:
            continue
        if top and piece.startswith(_ALT_L) and piece.endswith(_ALT_R):
            out.append("(?:" + "|".join(_regex(o, names, False) for o in piece[1:-1].split(_ALT_SEP)) + ")")
        elif piece.startswith(_WILD_L) and piece.endswith(_WILD_R):
            inner = piece[1:-1]
            out.append("(?:" + inner.split("|", 1)[1] + ")" if "|" in inner else ".+?")
        else:
            out.append(re.escape(normalise(piece, names)))
    return "".join(out)


def matches(pattern: str, sentence: str, names: Sequence[str] = ()) -> bool:
    """Whether ``sentence`` says what ``pattern`` says (both normalised; ``names``: the card's own names).

    The pattern is matched piece by piece (the set of positions each prefix of the pattern can reach in the
    normalised sentence: the same language as its regular expression, without compiling one per card); a pattern
    whose untyped span has its own expression, or sits inside an alternative, through ``pattern_regex``."""
    names = tuple(names)
    text = normalise(sentence, names)
    at = {0}
    for piece in _MARK.split(pattern):
        if not piece:
            continue
        if piece.startswith(_WILD_L) and piece.endswith(_WILD_R) and "|" not in piece:
            at = set(range(min(at) + 1, len(text) + 1))  # an untyped span: one character or more (".+?")
            continue
        if _WILD_L in piece:  # a span with its own expression, or one inside an alternative
            return pattern_regex(pattern, names).fullmatch(text) is not None
        if piece.startswith(_ALT_L) and piece.endswith(_ALT_R):
            opts = {normalise(o, names) for o in piece[1:-1].split(_ALT_SEP)}
        else:
            opts = {normalise(piece, names)}
        at = {i + len(o) for i in at for o in opts if text.startswith(o, i)}
        if not at:
            return False
    return len(text) in at


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
               "Sorcery", "Tribal")
_SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")
_TYPE_ORDER = ("Legendary", "Basic", "Snow", "World") + ("Kindred", "Tribal", "Enchantment", "Artifact", "Land",
                                                        "Creature", "Battle", "Planeswalker", "Instant", "Sorcery")


def number(n: int) -> str:
    """A count as rules text writes it (compared as digits)."""
    return str(n)


def mana(types: Iterable[str]) -> str:
    """``("G", "W")`` -> ``"{G}{W}"``."""
    return "".join("{" + t + "}" for t in types)


def type_word(t: str) -> str:
    """How a type is written in object words: card types and supertypes in lower case, subtypes as printed (CR
    205.3); raises ``Unrenderable`` for a word that is no type of the rules ("Locu", "Colorles")."""
    if t in _CARD_TYPES or t in _SUPERTYPES or t == "Permanent":
        return t.lower()
    if t in SUBTYPES or t == "Token":
        return t if t != "Token" else "token"
    if t[:1].isupper() and t.replace("-", "").replace("'", "").isalpha() and t not in ("Colorless", "Other"):
        return t  # a subtype as printed (an Un-card's "Familiar"): compared with the sentence's own word
    raise Unrenderable(f"{t!r} is not a type of the rules (CR 205)")


def count_words(items: Sequence[str], conj: str = "and") -> str:
    """``a``, ``a and b``, ``a, b, and c`` (Oracle's serial comma)."""
    items = list(items)
    if not items:
        raise Unrenderable("an empty list")
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} {conj} {items[1]}"
    return ", ".join(items[:-1]) + f", {conj} " + items[-1]


def article(phrase: str) -> str:
    """``a``/``an`` before ``phrase`` (a pattern: before each of its first alternatives)."""
    if phrase.startswith(_ALT_L):
        return alt(*(article(o) for o in _expand(phrase)))
    return ("an " if re.match(r"[aeiou8]|X\b", phrase, re.I) and not re.match(r"one\b|uni|use", phrase, re.I)
            else "a ") + phrase


def cap(s: str) -> str:
    """``s`` with its first letter in upper case (the first letter of each option of a leading alternative)."""
    return _first(s, str.upper)


def lower_first(s: str) -> str:
    """``s`` with its first letter in lower case (the first letter of each option of a leading alternative)."""
    return _first(s, str.lower)


def _first(s: str, f: Callable[[str], str]) -> str:
    if s.startswith(_ALT_L):
        end = s.index(_ALT_R)
        opts = s[1:end].split(_ALT_SEP)
        return _ALT_L + _ALT_SEP.join(f(o[:1]) + o[1:] for o in opts) + _ALT_R + s[end + 1:]
    return f(s[:1]) + s[1:]


# ---------------------------------------------------------------------------
# Qualifiers and filters (CR 109, 205)
# ---------------------------------------------------------------------------

_COMBAT_WORDS = {"attacking": "attacking", "blocking": "blocking", "attacking_or_blocking": "attacking or blocking",
                 "blocked": "blocked", "unblocked": "unblocked", "nonattacking": "nonattacking",
                 "nonblocking": "nonblocking", "blocking_or_blocked": "blocking or blocked"}


def _comparison(c: Comparison) -> str:
    what = c.quantity.replace("_", " ")
    if c.amount is not None:
        rel = {"<=": "less than or equal to", ">=": "greater than or equal to", "==": "equal to", "<": "less than",
               ">": "greater than"}[c.op]
        noun = amount_noun(c.amount)
        return alt(f"{what} {rel} {noun}", f"{what} {noun}") if c.op == "==" else f"{what} {rel} {noun}"
    if c.against is not None:
        rel = {"<=": "less than or equal to", ">=": "greater than or equal to", "==": "equal to", "<": "less than",
               ">": "greater than"}[c.op]
        return f"{what} {rel} this creature's {c.against.replace('_', ' ')}"
    v = "X" if c.value is None else str(c.value)
    if c.op == "<=":
        return f"{what} {v} or less"
    if c.op == ">=":
        return alt(f"{what} {v} or greater", f"{what} {v} or more")
    if c.op == "==":
        return f"{what} {v}"
    return f"{what} {'less' if c.op == '<' else 'greater'} than {v}"


def _qualifier_parts(q: Qualifier) -> tuple[list[str], list[str]]:
    """The adjectives before the noun and the phrases after it of a qualifier."""
    pre: list[str] = []
    post: list[str] = []
    if q.any_of or q.player is not None or q.history or q.not_named or q.other_than or q.x_in_cost is False:
        raise Unrenderable("a qualifier with a union, a player condition, history or names")
    if q.tapped is not None:
        pre.append("tapped" if q.tapped else "untapped")
    if q.token is True:
        post.append("token")  # "creature token": after the noun (handled by the caller)
    if q.token is False:
        pre.append("nontoken")
    if q.face_down is not None:
        pre.append("face-down" if q.face_down else "face-up")
    if q.combat is not None:
        if q.combat not in _COMBAT_WORDS:
            raise Unrenderable(f"combat status {q.combat!r}")
        pre.append(_COMBAT_WORDS[q.combat])
    if q.modified:
        pre.append("modified")
    if q.enchanted is not None:
        pre.append("enchanted" if q.enchanted else "unenchanted")
    if q.equipped is not None:
        pre.append("equipped" if q.equipped else "unequipped")
    for c in q.not_colors:
        pre.append("non" + COLOR_WORDS[c])
    if q.colors_any:
        pre.append(count_words([COLOR_WORDS[c] for c in q.colors_any], "or"))
    for c in q.colors:
        pre.append(COLOR_WORDS[c])
    if q.colorless is not None:
        pre.append("colorless" if q.colorless else "colored")
    if q.multicolored:
        pre.append("multicolored")
    if q.monocolored:
        pre.append("monocolored")
    if q.keywords:
        post.append("with " + count_words(list(q.keywords), "and"))
    if q.without_keywords:
        post.append("without " + count_words(list(q.without_keywords), "or"))
    for comp in q.compare:
        post.append("with " + _comparison(comp))
    if q.counters:
        if len(q.counters) != 1:
            raise Unrenderable("several counter tests")
        k = q.counters[0]
        post.append(alt("with a counter on it", "with one or more counters on it") if k == "" else
                    alt(f"with {article(k)} counter on it", f"with one or more {k} counters on it"))
    if q.this_turn:
        post.append({"dealt_damage_to_you": "that dealt damage to you this turn", "dealt_damage": "that dealt damage this turn",
                     "was_dealt_damage": "that was dealt damage this turn", "attacked": "that attacked this turn",
                     "fought": "that fought this turn", "entered": "that entered this turn"}[q.this_turn])
    if q.name:
        post.append(f"named {q.name}")
    if q.x_in_cost:
        post.append("with {X} in " + alt("its mana cost", "their mana costs", "their mana cost"))
    return pre, post


_CONTROLLER = {"you": "you control", "opponent": alt("an opponent controls", "your opponents control")}
_CONTROLLER_PLURAL = {"you": "you control", "opponent": alt("your opponents control", "an opponent controls")}


def filter_phrase(f: Filter, plural_: bool = False, det: str = "", controller: bool = True,
                  zone_words: bool = True) -> str:
    """Object words of a ``Filter``: ``[det] [adjectives] [types] [noun] [you control] [with ...]``.

    ``plural_``: the plural noun ("creatures you control"); ``det``: ``"a"`` (an article), ``"each"``,
    ``"another"``/``"other"`` come from ``other``; ``controller``: print who controls it; ``zone_words``: print
    where it is ("in your graveyard")."""
    if f is None:
        raise Unrenderable("no filter")
    if f.relation is not None:
        return _relation_phrase(f)
    if f.mana_value_at_most is not None:
        raise Unrenderable("a filter with a mana value bound")
    if f.name is not None:
        if f.all_of or f.none_of or f.any_of or f.alternatives or not f.qualifier.empty or f.colors or f.nontoken:
            named = " named " + f.name
            f = dataclasses.replace(f, name=None)
            base = filter_phrase(f, plural_, det, controller, zone_words)
            return base + named if not base.startswith(_ALT_L) else alt(*(o + named for o in _expand(base)))
        noun = f.name  # a card's name is its own noun ("a Command Tower")
        ctl = (_CONTROLLER[f.controller] if f.controller != "any" and controller else "")
        words = " ".join(filter(None, [noun, ctl]))
        return article(words) if det in ("a", "an") else words
    q = f.qualifier
    pre, post = _qualifier_parts(q)
    for c in f.colors:
        pre.append(COLOR_WORDS[c])
    if f.nontoken:
        pre.append("nontoken")
    supers = [t for t in f.all_of if t in _SUPERTYPES]
    pre += [t.lower() for t in supers]
    pre += [("non" + t.lower()) if t in _CARD_TYPES or t in _SUPERTYPES else "non-" + type_word(t)
            for t in f.none_of]
    if f.alternatives:
        if (f.all_of and tuple(f.all_of) != ("Permanent",)) or f.any_of:
            raise Unrenderable("a union with shared types")
        nouns = [filter_phrase(_in_zone(a, f), plural_, controller=False, zone_words=False) for a in f.alternatives]
        noun = count_words(nouns, "or") if not plural_ else alt(count_words(nouns, "and"), count_words(nouns, "or"),
                                                                   count_words(nouns, "and/or"))
    else:
        noun = _noun(f, plural_)
    token_after = "token" in post
    post = [p for p in post if p != "token"]
    if token_after:
        noun = noun + (" tokens" if plural_ else " token")
    head = " ".join(filter(None, [any_order(pre, " ".join) if pre else "", noun]))
    other = f.other or q.other
    zone = _zone_phrase(f, plural_) if zone_words else ""
    ctl = ""
    if controller and f.controller != "any" and f.zone == "battlefield":
        ctl = (_CONTROLLER_PLURAL if plural_ else _CONTROLLER)[f.controller]
    after = " ".join(post)
    if ctl and after:  # "creatures you control with flying" / "creatures with flying you control"
        tail = " ".join(filter(None, [zone, alt(ctl + " " + after, after + " " + ctl)]))
    else:
        tail = " ".join(filter(None, [zone, ctl, after]))
    words = " ".join(filter(None, [head, tail]))
    if det in ("a", "an") and not other and f.alternatives and not pre and not tail:
        # "an artifact or creature" / "an artifact or a creature" / "a black or artifact creature"
        nouns = [filter_phrase(_in_zone(a, f), controller=False, zone_words=False) for a in f.alternatives]
        forms = [article(words), count_words([article(w) for w in nouns], "or")]
        last = [n.rsplit(" ", 1) for n in nouns]
        if all(len(x) == 2 for x in last) and len({x[1] for x in last}) == 1:
            forms.append(article(count_words([x[0] for x in last], "or") + " " + last[0][1]))
        return alt(*forms)
    if det in ("a", "an") and not other and f.any_of and not pre and not tail and not f.all_of:
        # "a Swamp or a Mountain" / "a Swamp or Mountain"
        each = [type_word(t) for t in f.any_of]
        return alt(article(words), count_words([article(w) for w in each], "or"))
    if other:
        if det in ("a", "an") and f.alternatives and not pre and not tail:
            nouns = [filter_phrase(_in_zone(a, f), controller=False, zone_words=False) for a in f.alternatives]
            return alt("another " + words, "another " + nouns[0] + " or " + count_words([article(w) for w in nouns[1:]], "or"))
        if det in ("a", "an", ""):
            return ("another " if not plural_ else "other ") + words if det else "other " + words
        return f"{det} other {words}"
    if det in ("a", "an"):
        return article(words)
    return f"{det} {words}" if det else words


def _in_zone(a: Filter, f: Filter) -> Filter:
    """An alternative of a union where the union's objects are ("a red or green card": cards in a hand)."""
    return a if a.zone == f.zone else dataclasses.replace(a, zone=f.zone)


def _noun(f: Filter, plural_: bool) -> str:
    """The noun of a filter: its subtypes and card types ("Elf", "artifact creature", "Mountain, Forest, or Plains",
    "land", "permanent"); "card" in a graveyard, hand or library."""
    types = [t for t in f.all_of if t not in _SUPERTYPES]
    if f.any_of:
        if tuple(f.any_of) == OUTLAW_TYPES and not types:
            return plural("outlaw") if plural_ else "outlaw"
        if tuple(f.any_of) == HISTORIC_KINDS:  # CR 700.6: "historic permanents", "a historic card"
            in_zone = f.zone in ("graveyard", "hand", "library", "exile")
            return "historic " + _join_types(types or ([] if in_zone else ["Permanent"]), plural_, card=in_zone)
        words = [type_word(t) for t in f.any_of]
        card = f.zone in ("graveyard", "hand", "library", "exile")
        if plural_ and not card:
            words = [plural(w) for w in words]
        if not types:
            joined = alt(count_words(words, "or"), count_words(words, "and"), count_words(words, "and/or"))
            # "an instant or sorcery card", "instant and/or sorcery cards" (one noun after the types)
            return joined + (" cards" if plural_ else " card") if card else joined
        return count_words(words, "or") if not types else \
            count_words(words, "and") + " " + _join_types(types, plural_)
    if not types:
        types = ["Permanent"] if f.zone == "battlefield" else []
    return _join_types(types, plural_, card=f.zone in ("graveyard", "hand", "library", "exile"))


def _join_types(types: Sequence[str], plural_: bool, card: bool = False) -> str:
    card_types = [t for t in _TYPE_ORDER if t in types]
    subs = [t for t in types if t not in card_types and t not in ("Permanent", "Token")]
    words = [type_word(t) for t in subs] + [type_word(t) for t in card_types] + (["token"] if "Token" in types else [])
    if "Permanent" in types and not card_types:
        words.append("permanent")
    if card:
        words.append("card")
    if not words:
        raise Unrenderable("a filter naming nothing")
    if plural_:
        words[-1] = plural(words[-1])
    return " ".join(words)


def _zone_phrase(f: Filter, plural_: bool) -> str:
    if f.zone == "battlefield":
        return ""
    whose = {"you": "your", "opponent": alt("an opponent's", "your opponents'"), "any": ""}[f.controller]
    z = {"graveyard": "graveyard", "hand": "hand", "library": "library", "exile": "exile"}.get(f.zone)
    if z is None:
        raise Unrenderable(f"zone {f.zone!r}")
    if z == "exile":
        return "in exile"
    if not whose:
        return f"in {plural(z) if plural_ else 'a ' + z}" if z != "graveyard" else alt("in a graveyard", "in graveyards")
    return f"in {whose} {z}"


def _relation_phrase(f: Filter) -> str:
    r = f.relation
    types = [t for t in f.all_of if t not in _SUPERTYPES]
    if f.none_of or f.any_of or f.alternatives or not f.qualifier.empty or f.colors:
        raise Unrenderable("a relation with other tests")
    noun = _join_types(types, False) if types else "permanent"
    # with no type named, the object is only what the relation says it is: the noun after it is descriptive
    any_noun = alt("permanent", "land", "creature", "artifact", "enchantment", "planeswalker")
    if r == "this":
        return "this " + noun if types else "this"
    if r in ("enchanted", "equipped"):
        return f"{r} {noun if types else any_noun}"
    if r in ("that", "it"):
        return alt("it", "that " + noun) if types else alt("it", "that " + any_noun)
    if r == "sacrificed":
        return f"the sacrificed {noun}"
    if r == "exiled_with":
        return alt("the exiled card", "cards exiled with this")
    raise Unrenderable(f"relation {r!r}")


# ---------------------------------------------------------------------------
# Amounts and conditions
# ---------------------------------------------------------------------------

_STAT = {"power": "power", "toughness": "toughness", "mana_value": "mana value"}


def amount_noun(a: Any) -> str:
    """An amount as a noun phrase ("the number of Elves you control", "this creature's power", "X")."""
    if isinstance(a, Fixed):
        return number(a.n)
    if isinstance(a, VariableX):
        return "X"
    if isinstance(a, CountOf):
        f = a.filter
        where = alt("", " on the battlefield") if f.controller == "any" and f.zone == "battlefield" and f.relation is None else ""
        return "the number of " + filter_phrase(f, plural_=True) + where
    if isinstance(a, PowerOf):
        return "this creature's power"
    if isinstance(a, StatOf):
        noun = alt("creature", "artifact", "permanent", "land", "enchantment")
        who = {"this": "this creature's", "enchanted": "enchanted creature's", "equipped": "equipped creature's",
               "sacrificed": f"the sacrificed {noun}'s", "exiled": f"the exiled {alt('card', noun)}'s",
               "that": alt("its", "that creature's")}[a.relation]
        return f"{who} {_STAT[a.stat]}"
    if isinstance(a, CountersOn):
        return f"the number of {a.counter + ' ' if a.counter else ''}counters on this"
    if isinstance(a, Devotion):
        if a.color == "chosen":
            return "your devotion to that color"
        if all(c in COLOR_WORDS for c in a.color):
            return f"your devotion to {_devotion_words(a.color)}"
        raise Unrenderable(f"devotion {a.color!r}")
    if isinstance(a, GreatestAmong):
        return f"the greatest {_STAT[a.stat]} among {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, TotalAmong):
        return f"the total {_STAT[a.stat]} of {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, LifeTotal):
        return "your life total" if a.whose == "you" else alt("an opponent's life total", "that player's life total")
    if isinstance(a, CountersRemoved):
        return f"the number of {a.counter + ' ' if a.counter not in ('', 'any') else ''}counters removed this way"
    if isinstance(a, Sum):
        if len(a.parts) == 1 and a.plus:
            words = {1: "one", 2: "two", 3: "three"}.get(a.plus, str(a.plus))
            inner = amount_noun(a.parts[0])
            return alt(f"{inner} plus {words}", f"{words} plus {inner}")
        raise Unrenderable("a sum of amounts")
    if isinstance(a, SharingCreatureType):
        return f"the greatest number of {filter_phrase(a.filter, plural_=True)} that have a creature type in common"
    if isinstance(a, OfChosenType):
        return f"the number of {filter_phrase(a.filter, plural_=True)} of the chosen type"
    if isinstance(a, CountersAmong):
        return f"the number of {a.counter + ' ' if a.counter else ''}counters on {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, EventAmount) and a.of == "":
        return wild("a number the event gives")
    if isinstance(a, DistinctAmong) and a.aspect == "name":  # CR 201.2
        return f"the number of differently named {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, DistinctAmong):
        what = {"basic_land_type": "basic land types", "color": "colors", "card_type": "card types",
                "creature_type": "creature types"}.get(a.aspect)
        if what is None:
            raise Unrenderable(f"distinct {a.aspect!r}")
        return f"the number of {what} among {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, ThisTurn) and a.whose == "you" and a.filter is None:
        what = {"life_gained": "the amount of life you gained this turn", "life_lost": "the amount of life you lost this turn",
                "cards_drawn": "the number of cards you've drawn this turn",
                "spells_cast": "the number of spells you've cast this turn"}.get(a.event)
        if what is None:
            raise Unrenderable(f"turn event {a.event!r}")
        return what
    if isinstance(a, PartySize):
        return "the number of creatures in your party"
    if isinstance(a, PlayerCounters) and a.whose == "you":
        return f"the number of {a.kind} counters you have"
    if isinstance(a, EventAmount) and a.of == "attack" and a.reads is not None:
        return amount_noun(a.reads)
    raise Unrenderable(f"amount {type(a).__name__}")


def amount_each(a: Any) -> str:
    """An amount as "for each ..." wording (``CountOf``, ``CountersOn``), else ``Unrenderable``."""
    if isinstance(a, CountOf):
        f = a.filter
        if f.controller == "any" and f.zone == "battlefield" and f.relation is None:
            return "for each " + filter_phrase(f) + alt(" on the battlefield", "")
        return "for each " + filter_phrase(f)
    if isinstance(a, CountersOn):
        return f"for each {a.counter + ' ' if a.counter else ''}counter on this"
    if isinstance(a, CountersRemoved):
        kind = a.counter + " " if a.counter not in ("", "any") else ""
        return f"for each {kind}counter removed this way"
    if isinstance(a, VariableX):  # the number chosen as the cost is paid (CR 107.3a, 601.2b)
        return "for each " + wild("object", r"[a-z+/0-9'-]+") + " " + \
            alt("sacrificed", "removed", "exiled", "discarded", "tapped", "revealed") + " this way"
    if isinstance(a, CountersAmong):
        return f"for each {a.counter + ' ' if a.counter else ''}counter on {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, DistinctAmong):
        what = {"basic_land_type": "basic land type", "color": "color", "card_type": "card type",
                "creature_type": "creature type", "power": "different power", "mana_value": "different mana value"}.get(a.aspect)
        if what is None:
            raise Unrenderable(f"distinct {a.aspect!r}")
        return f"for each {what} among {filter_phrase(a.filter, plural_=True)}"
    if isinstance(a, ThisTurn) and a.whose == "you" and a.filter is None and a.event == "cards_drawn":
        return "for each card you've drawn this turn"
    if isinstance(a, ThisTurn) and a.event == "died" and a.whose == "any" and a.filter is not None:
        return f"for each {filter_phrase(a.filter)} that died this turn"
    if isinstance(a, ThisTurn) and a.event == "spells_cast":
        if a.whose == "you" and a.filter is not None and a.filter.any_of and not a.filter.all_of:
            return "for each " + count_words([type_word(t) for t in a.filter.any_of], "and") + " spell you've cast this turn"
        if a.whose == "opponent" and a.filter is None:
            return "for each spell your opponents have cast this turn"
        if a.whose == "any" and a.filter is None:
            return "for each other spell cast this turn"
    if isinstance(a, ThisTurn) and a.event == "sacrificed":
        if a.whose == "any" and a.filter is None:
            return "for each permanent sacrificed this turn"
        if a.whose == "you" and a.filter is not None:
            return f"for each {filter_phrase(a.filter)} you've sacrificed this turn"
    if isinstance(a, ThisTurn) and a.whose == "opponent" and a.event == "life_lost" and a.filter is None:
        return "for each 1 life your opponents have lost this turn"
    if isinstance(a, PlayersWho) and a.whose == "opponent" and a.event == "life_lost":
        return "for each of your opponents who lost life this turn"
    if isinstance(a, EventAmount) and a.of == "player" and a.reads is not None:
        return amount_each(a.reads).replace("you control", "they control")
    if isinstance(a, PartySize):
        return "for each creature in your party"
    if isinstance(a, EventAmount) and a.of == "attack" and a.reads is not None:
        return amount_each(a.reads)
    raise Unrenderable(f"amount {type(a).__name__} as 'for each'")


# ---------------------------------------------------------------------------
# Costs (CR 118, 602.1)
# ---------------------------------------------------------------------------

def cost_object(words: str, plural_: bool, det: str = "") -> str:
    """A cost part's object words through the typed filter the cost rules read (``cost_object_filter`` of the words
    without "you control", which every such cost implies: ``solver.rules.payment.activation``)."""

    if words in ("this", "it"):
        return alt("this", "it")
    yours = words.endswith(" you control")
    if yours:
        words = words[: -len(" you control")]


    if names_only_tokens(words):  # tokens only: no object of a scenario is one (every one is a card, CR 111.1)
        shown = plural(singular(words)) if plural_ and " " not in words else words
        return shown + (" you control" if yours else "")
    chosen = of_the_chosen_type(words)
    if chosen:  # "a creature of the chosen type" (the type chosen as it entered, CR 205.3m, 607.2a)
        return (plural(chosen) if plural_ else chosen) + " of the chosen type" + (" you control" if yours else "")
    try:
        f = cost_object_filter(words)
    except ValueError as e:
        raise Unrenderable(f"cost object {words!r}: {e}") from None
    return filter_phrase(f, plural_=plural_, det=det) + (" you control" if yours else "")


def cost_part(p: CostPart) -> str:
    """One non-mana cost part (CR 118.1) printed from its action, amount and object."""
    a = p.action
    if a == "other":
        return wild(p.text or "cost")  # untyped: read as not modelled wherever it is paid (CR 118.3)
    n = p.amount
    many = "X" if p.x else number(n)
    if a == "pay_life":
        return f"Pay {'X' if p.x else n} life"
    if a == "pay_energy":
        return alt("Pay " + "{E}" * n, f"Pay {many} {{E}}", "{E}" * n) if not p.x else "Pay X {E}"
    if a == "sacrifice":
        if p.what in ("this", "it"):
            return alt("Sacrifice this", "Sacrifice it")
        if p.amount == 0 and p.at_most is not None:
            return f"Sacrifice up to {number(p.at_most)} {cost_object(p.what, True)}"
        if p.amount == 0 and p.at_least == 1:
            return f"Sacrifice one or more {cost_object(p.what, True)}"
        if p.x:
            return f"Sacrifice X {'other ' if p.other else ''}{cost_object(p.what, True)}"
        if n == 1:
            if p.other:
                # "another creature or an artifact": the first article read as "another" (CR 109.5)
                obj = cost_object(p.what, False, det="a")
                return "Sacrifice " + alt(*(re.sub(r"^an? ", "another ", o) for o in _expand(obj)))
            obj = cost_object(p.what, False, det="a")
            if re.match(r"(?:enchanted|equipped) ", p.what):  # "Sacrifice enchanted creature": the one it is on
                return "Sacrifice " + cost_object(p.what, False)
            return "Sacrifice " + (obj if re.match(r"(?:an?|⟦)\b", obj) or obj.startswith(_ALT_L) else article(obj))
        return f"Sacrifice {many} {'other ' if p.other else ''}{cost_object(p.what, True)}"
    if a == "sacrifice_all":
        return alt(f"Sacrifice all {cost_object(p.what, True)}", f"Sacrifice any number of {cost_object(p.what, True)}")
    if a == "discard_hand":
        return "Discard your hand"
    if a == "discard":
        if p.what == "this":
            return "Discard this"
        return "Discard " + _cards_of(p.what, n, x=p.x)
    if a == "exile":
        if p.what == "this":  # "Exile this card from your graveyard / hand" (an ability of a card there, CR 113.6m)
            return alt("Exile this", "Exile this from your graveyard", "Exile this from your hand")
        if n == 0 and not p.x:
            return "Exile any number of " + _cards_of(p.what, 2)[len("2 "):]
        return "Exile " + _cards_of(p.what, n, x=p.x, other=p.other)
    if a == "remove_counters":
        kind = "" if p.what == "any" else p.what + " "
        if p.x:
            return f"Remove X {kind}counters from this"
        if n == 0:
            return alt(f"Remove any number of {kind}counters from this", f"Remove one or more {kind}counters from this")
        return f"Remove {article(kind + 'counter') if n == 1 else number(n) + ' ' + kind + 'counters'} from this"
    if a == "put_counters":
        return f"Put {article(p.what + ' counter') if n == 1 else number(n) + ' ' + p.what + ' counters'} on this"
    if a == "tap_untapped":
        obj = cost_object(p.what, n != 1 or p.x)
        if " with " in obj and not obj.startswith(_ALT_L):  # "creature you control with flying" (either order)
            noun, post = obj.split(" with ", 1)
            ctl = alt(" you control with " + post, " with " + post + " you control")
            if p.other and n == 1:
                return alt(f"Tap another untapped {noun}{ctl}", f"Tap an untapped {noun}{ctl} other than this")
            if n == 1 and not p.x:
                return f"Tap an untapped {noun}{ctl}"
            return f"Tap {'X' if p.x else number(n)} untapped{' other' if p.other else ''} {noun}{ctl}"
        if p.other and n == 1:
            return alt(f"Tap another untapped {obj} you control", f"Tap an untapped {obj} you control other than this")
        count = "X" if p.x else number(n)
        if n == 1 and not p.x:
            return f"Tap an untapped {obj} you control"
        return alt(f"Tap {count} untapped{' other' if p.other else ''} {obj} you control",
                   f"Tap {count}{' other' if p.other else ''} untapped {obj} you control")
    if a == "untap":
        return wild(p.text or "untap")
    if a == "exert":
        return "Exert this"
    if a == "mill":
        return "Mill a card" if n == 1 else f"Mill {number(n)} cards"
    if a == "return":
        if p.what == "this":
            return "Return this to its owner's hand"
        return f"Return {article(cost_object(p.what, False)) if n == 1 else number(n) + ' ' + cost_object(p.what, True)}" \
               f" to {'its' if n == 1 else 'their'} owner's hand"
    if a == "collect_evidence":
        return f"Collect evidence {n}"
    if a == "forage":
        return "Forage"
    if a == "waterbend":
        return "Waterbend {X}" if p.x else f"Waterbend {{{n}}}"
    if a == "remove_counters_from":
        kind = "" if p.what == "any" else p.what + " "
        objs = p.objects
        yours = objs.endswith(" you control")
        if yours:
            objs = objs[: -len(" you control")]
        obj = cost_object(objs, p.among or objs.endswith("s")) + (" you control" if yours else "")
        count = "X" if p.x else (article(kind + "counter")[:-len(kind + "counter")].strip() if n == 1 else number(n))
        noun = kind + ("counter" if n == 1 and not p.x else "counters")
        if p.among:
            return f"Remove {count} {noun} from among {obj}"
        return f"Remove {count} {noun} from {('another ' + obj) if p.other else article(obj)}"
    if a == "put_counters_on":
        objs = p.objects
        yours = objs.endswith(" you control")
        if yours:
            objs = objs[: -len(" you control")]
        obj = cost_object(objs, False) + (" you control" if yours else "")
        count = "X" if p.x else ("a" if n == 1 else number(n))
        what = f"{count} {p.what} {'counter' if n == 1 and not p.x else 'counters'}"
        if n == 1 and not p.x:
            what = article(f"{p.what} counter")
        return f"Put {what} on {('another ' + obj) if p.other else article(obj)}"
    if a == "exile_permanent":
        obj = cost_object(p.what, n != 1 or p.x)
        if n == 1 and not p.x:
            return f"Exile {('another ' + obj) if p.other else article(obj)} you control"
        return f"Exile {'X' if p.x else number(n)} {'other ' if p.other else ''}{obj} you control"
    if a == "reveal":
        share = p.what.endswith(" that share a color")
        words = p.what[: -len(" that share a color")] if share else p.what
        cards = _cards_of(words, n, x=p.x)
        return f"Reveal {cards} from your hand" + (alt(" that share a color", " that share a colour") if share else "")
    if a == "remove_all_counters":
        return f"Remove all {p.what} counters from this"
    if a == "put_library":
        return "Put this on the bottom of its owner's library"
    raise Unrenderable(f"cost part {a!r}")


def _cards_of(what: str, n: int, x: bool = False, other: bool = False) -> str:
    """"a card", "two cards", "a creature card from your graveyard", "three other cards from your graveyard", "X
    cards from your graveyard", "a legendary card" (the object words through ``cost_object_filter``)."""
    m = re.fullmatch(r"(?:(?P<other>other|another) )?(?P<obj>.*?)\b(?P<card>cards?)"
                     r"(?P<rest>(?: at random)?(?: from your (?:hand|graveyard))?)", what)
    if not m:
        raise Unrenderable(f"card words {what!r}")
    other = other or bool(m.group("other"))
    obj = m.group("obj").strip()
    many = x or n != 1
    if obj:

        try:
            f = cost_object_filter(obj)
        except ValueError as e:
            raise Unrenderable(f"card words {what!r}: {e}") from None
        if f.zone != "battlefield" or f.controller != "any" or f.relation is not None:
            raise Unrenderable(f"card words {what!r}")
        if tuple(f.all_of) == ("Permanent",) and f.none_of:  # "nonland card": any card that is not a land
            f = dataclasses.replace(f, all_of=())
        words = filter_phrase(dataclasses.replace(f, zone="hand"), plural_=many, zone_words=False)
        if n == 1 and not many and not other:  # "a red or green card", "an artifact or creature card"
            return filter_phrase(dataclasses.replace(f, zone="hand"), det="a", zone_words=False) + m.group("rest")
    else:
        words = "cards" if many else "card"
    rest = m.group("rest")
    oth = "other " if other else ""
    if x:
        return f"X {oth}{words}{rest}"
    if n == 1:
        return ("another " + words if other else article(words)) + rest
    return f"{number(n)} {oth}{words}{rest}"


def part_words(parts: Sequence[CostPart]) -> list[str]:
    """The words of cost parts, one entry a part, except that parts printed as one are merged: energy symbols paid
    one by one ("Pay {E}{E}": two parts of one {E}, CR 107.14) and sacrifices under one verb ("sacrifice a land and
    an Island", CR 701.21a)."""
    out: list[str] = []
    i = 0
    while i < len(parts):
        p = parts[i]
        j = i + 1
        if p.action == "pay_energy" and not p.x and p.amount == 1:
            while j < len(parts) and parts[j].action == "pay_energy" and not parts[j].x and parts[j].amount == 1:
                j += 1
            out.append(cost_part(dataclasses.replace(p, amount=j - i)))
        elif p.action == "sacrifice" and p.what not in ("this", "it"):
            while j < len(parts) and parts[j].action == "sacrifice" and parts[j].what not in ("this", "it"):
                j += 1
            words = [cost_part(q) for q in parts[i:j]]
            if j - i > 1 and not any(w.startswith(_ALT_L) for w in words):
                objs = [w[len("Sacrifice "):] for w in words]
                out.append(alt("Sacrifice " + alt(count_words(objs, "and"), " and ".join(objs)),
                               " and ".join([words[0]] + ["sacrifice " + o for o in objs[1:]])))
            else:
                out.extend(words)
        else:
            out.append(cost_part(p))
        i = j
    return out


def activation_cost(c: ActivationCost) -> str:
    """The cost of an activated ability (CR 602.1a): mana, {T}, {Q}, then the other parts, in that order."""
    if c.alternatives:
        return " or ".join(activation_cost(x) for x in c.alternatives)
    bits = cost_symbols(c)
    sacs = [p for p in c.parts if p.action == "sacrifice"]
    if len(sacs) > 1 and all(p.action == "sacrifice" for p in c.parts[-len(sacs):]) and len(sacs) <= 3:
        # "Sacrifice a blue creature, a black creature, and a red creature" (one verb, several objects, CR 701.21a)
        maybe = ["this" if p.what in ("this", "it") else cost_part(p)[len("Sacrifice "):] if
                 not cost_part(p).startswith(_ALT_L) else None for p in sacs]
        rest = [cost_part(p) for p in c.parts[:-len(sacs)]]
        objs = [o for o in maybe if o is not None]
        if len(objs) == len(maybe):
            merged = "Sacrifice " + alt(count_words(objs, "and"), " and ".join(objs))
            bits.extend(rest)
            return _cost_join(bits + [merged]) if len(bits) + 1 > 3 else any_order(bits + [merged], _cost_join)
    bits.extend(part_words(c.parts))
    if not bits:
        raise Unrenderable("an empty cost")
    # the parts are paid in any order the player chooses (CR 601.2h): the printed order is not read
    return any_order(bits, _cost_join) if len(bits) <= 3 else _cost_join(bits)


def _cost_join(bits: Sequence[str]) -> str:
    if len(bits) == 1:
        return bits[0]
    last = bits[-1]
    low = last[:1].lower() + last[1:] if not last.startswith((_ALT_L, _WILD_L, "{")) else last
    return ", ".join(bits[:-1]) + alt(", " + last, " and " + low, ", and " + low)


def _mana_cost(v: Any) -> str:
    if isinstance(v, ManaCost):
        return str(v)
    if isinstance(v, str) and re.fullmatch(r"(\{[^}]+\})+", v):
        return v
    raise Unrenderable(f"mana cost {v!r}")


# ---------------------------------------------------------------------------
# Mana abilities (CR 106, 605)
# ---------------------------------------------------------------------------

def _choice(types: Sequence[str]) -> str:
    return any_order([mana([t]) for t in types], lambda xs: count_words(xs, "or"))


def _where_x(a: Any) -> str:
    """", where X is [amount]" (CR 107.3c-d: X defined by the text)."""
    return ", where X is " + amount_noun(a)


def _scaled(unit: str, a: Any, every: str = "") -> str:
    """``unit`` mana times an amount that is not a fixed number: "{G} for each Elf you control", "X {G}, where X is
    ...", "an amount of {G} equal to ...", "that much {C}"."""
    forms = []
    try:
        forms.append(f"{unit} {amount_each(a)}")
    except Unrenderable:
        pass
    try:
        noun = amount_noun(a)
        forms.append(f"an amount of {unit} equal to {noun}")
        forms.append(f"X {unit}{_where_x(a)}")
    except Unrenderable:
        pass
    if isinstance(a, CountersRemoved):
        forms.append(f"that much {unit}")
    if isinstance(a, EventAmount) and a.of == "":
        forms.append({1: "", 2: "twice "}.get(a.times, "?") + f"that much {unit}")
    if not forms:
        raise Unrenderable(f"amount {type(a).__name__}")
    return alt(*forms)


def _output(e: AddMana) -> str:
    """What an ``AddMana`` adds, after "Add "."""
    a = e.amount
    n = a.n if isinstance(a, Fixed) else None
    if e.alternatives:
        if e.mana or e.choice or e.any_color or e.combination is not None or n != 1:
            raise Unrenderable("alternatives with another output")
        return any_order([_output(x) for x in e.alternatives], lambda xs: count_words(xs, "or"))
    if e.mana is not None:
        sym = mana(e.mana)
        if n == 1:
            return sym
        if n is not None:
            return alt(sym * n, f"{number(n)} {sym}") if len(e.mana) == 1 else sym * n
        if isinstance(a, VariableX):
            return alt(f"X {sym}", f"an amount of {sym} equal to X", f"{sym} X times")
        return _scaled(sym, a)
    if e.choice is not None:
        if n == 1:
            return _choice(e.choice)
        if n is not None and len(e.choice) == 2:
            return any_order([mana([t]) * n for t in e.choice], lambda xs: count_words(xs, "or"))
        raise Unrenderable("a choice of mana times an amount")
    if e.options is not None:
        if n != 1:
            raise Unrenderable("options times an amount")
        return any_order([mana(o) for o in e.options], lambda xs: count_words(xs, "or"))
    if e.any_color:
        return _many("of any color", "of any one color", a)
    if e.any_type:
        return _many("of any type", "of any one type", a)
    if e.combination is not None:
        if e.combination is True:
            what = "in any combination of colors"
        else:
            what = "in any combination of " + any_order([mana([t]) for t in e.combination], lambda xs: count_words(xs, "and/or"))
        if n is not None:
            return f"{number(n)} mana {what}"
        if isinstance(a, VariableX):
            return f"X mana {what}"
        if isinstance(a, EventAmount) and a.of == "":
            return alt(f"that much mana {what}", f"an amount of mana {what} equal to " + wild("a number the event gives"))
        return alt(f"an amount of mana {what} equal to {amount_noun(a)}", f"X mana {what}{_where_x(a)}")
    if e.chosen_color:
        if isinstance(a, Devotion) and a.color == "chosen":
            return "an amount of mana of that color equal to your devotion to that color"
        if n == 1:
            return alt("one mana of the chosen color", "one mana of that color")
        return _many("of the chosen color", "of the chosen color", a)
    if e.commander_identity:
        if n is not None and n > 1:
            return alt(f"{number(n)} mana of any color in your commander's color identity",
                       f"{number(n)} mana of any one color in your commander's color identity")
        return "one mana of any color in your commander's color identity" if n == 1 else \
            _many("of any color in your commander's color identity", "of any one color in your commander's color identity", a)
    if e.each is not None:
        return alt("one mana of each color", "{W}{U}{B}{R}{G}") if set(e.each) == set("WUBRG") else \
            "one mana of each of " + count_words([mana([t]) for t in e.each], "and")
    if e.reflect is not None:
        r = e.reflect
        what = filter_phrase(r.filter, det="a")
        if n != 1:
            raise Unrenderable("reflected mana times an amount")
        return alt(f"one mana of any {r.by} that {what} could produce", f"one mana of any {r.by} {what} could produce")
    if e.produced_type:
        return "one mana of any type that land produced"
    if e.color_among is not None and n == 1:
        f = e.color_among
        if f.relation == "this":
            return "one mana of any of this's colors"
        if f.relation == "exiled_with":
            return alt("one mana of any of the exiled card's colors", "one mana of any of the exiled cards' colors")
        if f.zone == "graveyard" and f.controller == "you" and not f.all_of:
            return _CHOOSE_OF_GRAVEYARD
        return alt(f"one mana of any color among {filter_phrase(f, plural_=True)}",
                   f"one mana of any color that shares a color with {filter_phrase(f, det='a')}" +
                   (" a player controls" if f.controller == "any" else ""))
    if e.noted == "type" and n == 1:
        return "one mana of this's last noted type"
    if e.noted == "mana" and n == 1:
        return "this's last noted type and amount of mana"
    if e.cost_of == "enchanted" and n == 1:
        return "mana equal to enchanted permanent's mana cost"
    if e.distinct_colors is not None:
        return f"{number(e.distinct_colors)} mana of different colors"
    raise Unrenderable("an AddMana output not printed")


_CHOOSE_OF_GRAVEYARD = "\x00graveyard-colour\x00"


def _many(one: str, each_one: str, a: Any) -> str:
    if isinstance(a, Sum) and not a.plus and len(set(a.parts)) == 1 and len(a.parts) > 1:
        # "three mana of the chosen color for each artifact sacrificed this way": k times one amount
        return f"{number(len(a.parts))} mana {each_one} {amount_each(a.parts[0])}"
    if isinstance(a, Fixed):
        return "one mana " + one if a.n == 1 else f"{number(a.n)} mana {each_one}"
    if isinstance(a, VariableX):
        return f"X mana {each_one}"
    forms = []
    try:
        forms.append(f"one mana {one} {amount_each(a)}")
    except Unrenderable:
        pass
    try:
        forms += [f"an amount of mana {each_one} equal to {amount_noun(a)}", f"X mana {each_one}{_where_x(a)}"]
    except Unrenderable:
        if not forms:
            raise
    return alt(*forms)


#: Spend-restriction codes (``models.text.mana.slug``/``cant_spend_code``; the payments read them, CR 106.6) and
#: their sentences; any other code is a free-form one the payments never spend (``restriction_verdict`` is None), so
#: its sentence is an untyped span.
_SPEND_SENTENCES: dict[str, str] = {
    "creature_spell": alt("Spend this mana only to cast creature spells.", "Spend this mana only to cast a creature spell."),
    "artifact_spell": alt("Spend this mana only to cast artifact spells.", "Spend this mana only to cast an artifact spell."),
    "instant_or_sorcery_spell": alt("Spend this mana only to cast instant or sorcery spells.",
                                    "Spend this mana only to cast an instant or sorcery spell."),
    "creature_spell_of_chosen_type": alt("Spend this mana only to cast a creature spell of the chosen type.",
                                         "Spend this mana only to cast creature spells of the chosen type."),
    "eldrazi": alt("Spend this mana only to cast colorless Eldrazi spells or activate abilities of colorless Eldrazi.",
                   "Spend this mana only to cast colorless Eldrazi spells."),
    "not_nonartifact_spell": alt("This mana can't be spent to cast nonartifact spells.",
                                 "This mana can't be spent to cast a nonartifact spell."),
    "not_generic": "This mana can't be spent to pay generic mana costs.",
    "not_spells": "You can't spend this mana to cast spells.",
}


def _kind_words(kinds: tuple[str, ...], sources: bool) -> list[str]:
    """The ways a spend restriction names its kinds: "creature", "Time Lord or Alien", "outlaw" (CR 700.12);
    with ``sources`` their plurals and "[kind] source(s)" ("creatures", "Myr", "outlaw sources")."""

    words = ["outlaw"] if tuple(kinds) == OUTLAW_TYPES else [k if k[0].isupper() and k not in _CARD_TYPE_NAMES
                                                               else k.lower() for k in kinds]
    one = alt(count_words(words, "or"), " or ".join(words)) if len(words) > 1 else words[0]
    if not sources:
        return [one]
    many = alt(count_words([plural(w) for w in words], "or"), " or ".join(plural(w) for w in words)) \
        if len(words) > 1 else plural(words[0])
    return [many, one + " sources", one + " source", one]


_CARD_TYPE_NAMES = ("Creature", "Artifact", "Enchantment", "Land", "Planeswalker")


def _cast_or_activate(code: str) -> str | None:
    """"Spend this mana only to cast [kinds] spells or activate abilities of [kinds]" / "... or activate an
    ability" (CR 106.6; ``models.game.mana.cast_or_activate_code``), else ``None``."""

    got = read_cast_or_activate(code)
    if got is None:
        return None
    kinds, how = got
    (one,) = _kind_words(kinds, False)
    spells = [f"{one} spells", f"a {one} spell", f"an {one} spell"]
    if how == "any":
        abilities = ["activate an ability", "activate abilities"]
    else:
        srcs = _kind_words(kinds, True)
        abilities = [f"activate abilities of {w}" for w in srcs] + \
            [f"activate an ability of {d} {w}" for w in srcs for d in ("a", "an")]
    forms = [f"{sp}{j}{ab}" for sp in spells for j in (" or ", " or to ", ", or to ") for ab in abilities]
    if how == "any":
        forms += [f"{ab} or cast {sp}" for sp in spells for ab in abilities]
    return "Spend this mana only to " + alt(*("cast " + f if not f.startswith("activate") else f for f in forms)) + "."


def spend_restriction(code: str) -> str:
    """The sentence of a spend restriction code of an ``AddMana`` (CR 106.6)."""
    got = _SPEND_SENTENCES.get(code)
    if got is not None:
        return got
    m = re.fullmatch(r"mana_value_at_least_(\d+)(_or_x)?", code)
    if m:
        tail = alt(" or spells with {X} in their mana costs", " or a spell with {X} in its mana cost") if m.group(2) else ""
        return alt(f"Spend this mana only to cast spells with mana value {m.group(1)} or greater{tail}.",
                   f"Spend this mana only to cast a spell with mana value {m.group(1)} or greater{tail}.")
    either = _cast_or_activate(code)
    if either is not None:
        return either
    if code.startswith("cant_"):
        return alt("This mana can't be spent ", "You can't spend this mana ") + wild("spending not modelled") + "."
    # a free-form code: the payments never spend it (CR 106.6: never guessed)
    return "Spend this mana only " + wild("spending not modelled") + "."


_RECIPIENT = {None: alt("Add ", "You add "), "that_player": alt("that player adds ", "they add "), "each_player": "Each player adds ",
              "target_player": "Target player adds ", "active_player": "the active player adds ",
              "chosen_player": alt("Choose a player. That player adds ", "A player of your choice adds ",
                                   "Target player adds ")}


def add_mana(e: AddMana, triggered: bool = False) -> str:
    """An ``AddMana`` effect as its instructions ("Add {G}.", "Add one mana of any color. This land deals 1 damage to
    you.", "Add {C} for each Locus on the battlefield."); ``triggered``: after a trigger condition ("add an
    additional {C}", the riders joined with "and")."""
    if e.trigger is not None:
        return _mana_trigger(e)
    if e.each_color_among is not None:
        f = e.each_color_among
        if e.mana or e.choice or e.any_color or not isinstance(e.amount, Fixed) or e.amount.n != 1 or e.to is not None:
            raise Unrenderable("colours among with another output")
        core = f"For each color among {filter_phrase(f, plural_=True)}, add one mana of that color."
        return " ".join([core] + ([spend_restriction(e.restriction)] if e.restriction else []) + [untyped(r.text) for r in e.riders])
    riders = [untyped(r.text) for r in e.riders]
    # derived flags: a rider with a target, or one that moves a library card (CR 605.1a)
    if e.targets and e.to != "target_player" and not any(re.search(r"\btarget\b", r, re.I) for r in riders):
        raise Unrenderable("an AddMana with targets")
    if e.moves_library_card and not riders:
        raise Unrenderable("an AddMana that moves a library card")
    who = _RECIPIENT.get(e.to)
    if who is None:
        raise Unrenderable(f"recipient {e.to!r}")
    prefix = ""
    if isinstance(e.amount, Revealed):
        f = e.amount.filter
        prefix = "Reveal any number of " + _zone_cards(f) + alt(" from your hand", " in your hand") + ". "
        out = _scaled_revealed(e)
    elif isinstance(e.amount, TopCardsOfLibraries):
        raise Unrenderable("top cards of libraries")
    else:
        out = _output(e)
    if triggered:
        out = alt(out, "an additional " + out, "one additional " + out)
    if isinstance(e.amount, Devotion) and e.amount.color == "chosen":
        prefix = "Choose a color. "
    if out == _CHOOSE_OF_GRAVEYARD:  # "Choose a color of a card in your graveyard. Add one mana of that color."
        prefix, out = "Choose a color of a card in your graveyard. ", "one mana of that color"
    if e.any_color and isinstance(e.amount, Devotion) and e.amount.color == "chosen":
        prefix, out = "Choose a color. ", "an amount of mana of that color equal to your devotion to that color"
    if e.any_color and isinstance(e.amount, OfChosenType):
        prefix, out = "Choose a color. ", "an amount of mana of that color equal to " + amount_noun(e.amount)
    main = prefix + who + out
    if e.any_color and not isinstance(e.amount, (Fixed, VariableX)) and not prefix:
        # "Choose a color. Add one mana of that color for each ..." means the same: all of it one colour
        chosen = _many("of that color", "of that color", e.amount)
        main = alt(main, "Choose a color. " + who + chosen)
    if e.any_color and isinstance(e.amount, Sum) and not prefix:
        main = alt(main, "Choose a color. " + who + _many("of the chosen color", "of the chosen color", e.amount))
    if e.to == "chosen_player" and e.any_color and isinstance(e.amount, Fixed):
        main = alt(main, who + out + " they choose")
    if e.plus is not None:
        main += alt(", then add an additional ", " and an additional ", ", then add ", ", plus an additional ") + _output(e.plus)
    parts = [main + "."]
    if e.instead is not None:
        parts.append(f"If {condition(e.instead.condition)}, add {_output(e.instead.output)} instead.")
    if e.restriction is not None:
        parts.append(spend_restriction(e.restriction))
    if e.damage_to_you:
        parts.append(f"This deals {number(e.damage_to_you)} damage to you.")
    if e.timing == "instant":
        parts.append("Activate only as an instant.")
    elif e.timing is not None:
        raise Unrenderable(f"timing {e.timing!r}")
    if isinstance(e.condition, ResolvedThisTurn):
        ordinal = {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(e.condition.nth)
        if ordinal is None:
            raise Unrenderable("nth resolution")
        first = parts[0]
        low = first[:1].lower() + first[1:]
        parts[0] = alt(f"If this is the {ordinal} time this ability has resolved this turn, " + alt("", "you may ") + low,
                       f"If it's the {ordinal} time, " + alt("", "you may ") + low)
    elif e.condition is not None:
        raise Unrenderable("an AddMana condition outside a trigger")
    body = " ".join(parts)
    if triggered:
        body = lower_first(body)
    if not riders:
        return body
    r = " ".join(riders)
    # the riders are sentences of the same ability, before or after the instruction that adds the mana ("Draw a
    # card, then add one mana of any color")
    forms = [body + " " + r, r + " " + body]
    if not body.startswith(_WILD_L):
        low = lower_first(body)
        r0 = riders[0]
        more = (" " + " ".join(riders[1:])) if len(riders) > 1 else ""
        if len(riders) == 1:
            forms += [r.rstrip(".") + ", then " + low, r.rstrip(".") + " and " + low]
        if _display_sentences(body) == 1 and body.endswith("."):
            forms.append(body.rstrip(".") + " and " + lower_first(r0) + more)
    return alt(*forms)


def _display_sentences(text: str) -> int:
    return display(text).count(". ") + 1


def _zone_cards(f: Filter) -> str:
    """Cards in a hand by their characteristics, plural ("creature cards with power 5 or greater", "cards")."""
    inner = Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "zone": "library", "controller": "any"})
    return filter_phrase(inner, plural_=True, zone_words=False)


def _scaled_revealed(e: AddMana) -> str:
    if e.mana is None:
        raise Unrenderable("revealed cards with another output")
    return f"{mana(e.mana)} for each card revealed this way"


def _mana_trigger(e: AddMana) -> str:
    """A triggered mana ability (CR 605.1b): "Whenever you tap a [filter] for mana, add an additional {G}"."""
    t = e.trigger
    if t is None:
        raise Unrenderable("no trigger")
    if t.event != "tapped_for_mana" or t.of_chosen_color or e.instead is not None or e.plus is not None:
        raise Unrenderable("a mana trigger other than tapped-for-mana")
    f = t.filter
    inner = Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "controller": "any"})
    obj = filter_phrase(inner, det="a")
    if f.relation is not None:
        event = f"Whenever {obj} is tapped for mana"
    elif f.controller == "you":
        event = alt(f"Whenever you tap {obj} for mana", f"Whenever {obj} you control is tapped for mana")
    elif f.controller == "any":
        event = alt(f"Whenever a player taps {obj} for mana", f"Whenever {obj} is tapped for mana")
    else:
        event = f"Whenever {obj} an opponent controls is tapped for mana"
    if t.condition is not None:
        event += alt(", if ", " while ") + condition(t.condition)
    who = {"controller": alt("its controller adds ", "that player adds "), "you": "add "}[t.to]
    if t.optional:
        who = alt("you may add ", "its controller may add ") if t.to == "you" else "its controller may add "
    out = _output(dataclasses_replace(e, trigger=None))
    if e.produced_type:
        noun = alt(filter_phrase(inner), "land", "permanent") if f.relation is None else "permanent"
        out = alt(f"an additional one mana of any type that {noun} produced",
                  f"one additional mana of any type that {noun} produced", f"one mana of any type that {noun} produced")
    else:
        out = alt("an additional " + out, "one additional " + out, out)
    body = f"{event}, {who}{out}."
    extra = [spend_restriction(e.restriction)] if e.restriction is not None else []
    riders = [untyped(r.text) for r in e.riders]
    if len(riders) == 1 and not extra:
        # "..., that player adds one mana of any type that land produced, and this enchantment deals 1 damage to the
        # player" (Overabundance): the rider joined to the sentence
        return alt(body + " " + riders[0], body.rstrip(".") + alt(" and ", ", and ") + lower_first(riders[0]))
    return " ".join([body] + extra + riders)


def dataclasses_replace(obj: Any, **kw: Any) -> Any:
    import dataclasses

    return dataclasses.replace(obj, **kw)


# ---------------------------------------------------------------------------
# Conditions (CR 603.4, 602.5b, 611.3a)
# ---------------------------------------------------------------------------

def _inner(f: Filter, controller: str = "any") -> Filter:
    return Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "controller": controller})


def _count_phrase(n: int, f: Filter, compare: str = "at_least") -> str:
    if compare == "exactly":
        return f"exactly {number(n)} {filter_phrase(f, plural_=n != 1)}"
    if compare == "at_most":
        return f"{number(n)} or fewer {filter_phrase(f, plural_=True)}"
    if n == 1:
        return filter_phrase(f, det="a")
    return alt(f"{number(n)} or more {filter_phrase(f, plural_=True)}", f"at least {number(n)} {filter_phrase(f, plural_=True)}")


_DESIGNATION_WORDS = {"monarch": "you're the monarch", "initiative": "you have the initiative",
                      "city's blessing": "you have the city's blessing", "completed a dungeon": "you've completed a dungeon"}


def condition(c: Any) -> str:
    """A condition as the words after "if"/"as long as" ("you control a Swamp", "there are three or more brick
    counters on this", "seven or more cards are in your graveyard")."""
    if isinstance(c, ControlsAtLeast):
        f = c.filter
        if f.controller not in ("you", "any"):
            raise Unrenderable("controls-at-least of another player")
        return "you control " + _count_phrase(c.n, _inner(f))
    if isinstance(c, HasCounter):
        if c.n == 1:
            return alt(f"there is {article(c.counter)} counter on this", f"this has {article(c.counter)} counter on it",
                       f"there are one or more {c.counter} counters on this", f"this has one or more {c.counter} counters on it")
        return alt(f"there are {number(c.n)} or more {c.counter} counters on this",
                   f"this has {number(c.n)} or more {c.counter} counters on it")
    if isinstance(c, Not):
        o = c.of
        if isinstance(o, ControlsAtLeast) and o.n == 1:
            return "you control no " + filter_phrase(_inner(o.filter), plural_=True)
        if isinstance(o, HasCounter) and o.n == 1:
            return alt(f"there are no {o.counter} counters on this", f"this has no {o.counter} counters on it")
        if isinstance(o, SourceMatches):
            return _source_is(o.filter, negated=True)
        if isinstance(o, SourceTapped):
            return alt("this is untapped", "it's untapped", "it is untapped")
        if isinstance(o, DefendingPlayerControls) and o.n == 1:
            return "defending player controls no " + filter_phrase(_inner(o.filter), plural_=True)
        raise Unrenderable(f"condition Not({type(o).__name__})")
    if isinstance(c, SourceTapped):
        return alt("this is tapped", "it's tapped", "it is tapped")
    if isinstance(c, TopOfLibrary) and c.whose == "you":
        inner = Filter(**{**{k: getattr(c.filter, k) for k in c.filter.__dataclass_fields__}, "zone": "library",
                            "controller": "any"})
        return "the top card of your library is " + article(filter_phrase(inner, zone_words=False))
    if isinstance(c, SourceAttacking):
        return "this is attacking"
    if isinstance(c, SourceModified):
        return alt("this is modified", "it's modified")
    if isinstance(c, SourceRenowned):
        return "this is renowned"
    if isinstance(c, MaxSpeed):
        return "your speed is 4"
    if isinstance(c, CardsInZone):
        if c.whose != "you":
            raise Unrenderable("cards in another player's zone")
        if c.n == 0 and c.compare in ("exactly", "at_most"):
            return alt(f"you have no cards in {c.zone}", f"there are no cards in your {c.zone}")
        if c.zone == "hand":
            if c.compare == "exactly":
                return f"you have exactly {number(c.n)} {'card' if c.n == 1 else 'cards'} in hand"
            if c.compare == "at_most":
                return f"you have {number(c.n)} or fewer cards in hand"
            return alt(f"you have {number(c.n)} or more cards in hand", f"you have at least {number(c.n)} cards in hand")
        if c.compare == "at_least":
            return alt(f"{number(c.n)} or more cards are in your {c.zone}",
                       f"there are {number(c.n)} or more cards in your {c.zone}",
                       f"you have {number(c.n)} or more cards in your {c.zone}")
        raise Unrenderable("cards in a zone")
    if isinstance(c, OpponentHasCounters):
        return f"an opponent has {number(c.n)} or more {c.kind} counters"
    if isinstance(c, HasDesignation) and c.whose == "you":
        return _DESIGNATION_WORDS[c.designation]
    if isinstance(c, SourceMatches):
        return _source_is(c.filter)
    if isinstance(c, AttackedThisTurn):
        if c.subject == "this":
            return "this attacked this turn"
        if c.filter is None:
            return "you attacked this turn" if c.n == 1 else f"you attacked with {number(c.n)} or more creatures this turn"
        return f"you attacked with {filter_phrase(_inner(c.filter), det='a')} this turn"
    if isinstance(c, HasAnotherActivatedAbility):
        return "this has another activated ability"
    if isinstance(c, AttackedThisStep):
        return "you've been attacked this step"
    if isinstance(c, SpellsCastThisTurn):
        return "you've cast another spell this turn" if c.n == 1 else f"you've cast {number(c.n)} or more spells this turn"
    if isinstance(c, AllOf):
        named = [p.filter for p in c.parts if isinstance(p, ControlsAtLeast) and p.n == 1 and p.filter.name]
        if len(named) == len(c.parts) > 1 and len({(f.all_of, f.controller) for f in named}) == 1 and named[0].all_of:
            noun = filter_phrase(dataclasses.replace(named[0], name=None, controller="any"), plural_=True)
            return f"you control {noun} named " + count_words([f.name or "" for f in named], "and")
        controls = [p for p in c.parts if isinstance(p, ControlsAtLeast) and p.filter.controller in ("you", "any")]
        if len(controls) == len(c.parts):
            return alt(count_words([condition(p) for p in c.parts], "and"),
                       "you control " + count_words([_count_phrase(p.n, _inner(p.filter)) for p in controls], "and"))
        return count_words([condition(p) for p in c.parts], "and")
    if isinstance(c, AnyOf):
        return count_words([condition(p) for p in c.parts], "or")
    if isinstance(c, CardsInZone) and False:
        pass
    if isinstance(c, Compare):
        return _compare(c)
    if isinstance(c, DuringTurn):
        raise Unrenderable("a turn condition inside a sentence")
    if isinstance(c, DefendingPlayerControls):
        return "defending player controls " + _count_phrase(c.n, _inner(c.filter))
    if isinstance(c, OpponentControlsMore):
        f = _inner(c.filter)
        return f"an opponent controls more {filter_phrase(f, plural_=True)} than you" if c.by == 1 else \
            f"an opponent controls at least {number(c.by)} more {filter_phrase(f, plural_=True)} than you"
    if isinstance(c, ControlsCommander):
        return "you control your commander"
    if isinstance(c, SourceCast):
        if c.bargained:
            return "it was bargained"
        return f"you cast it from your {c.zone}" if c.zone else "you cast it"
    raise Unrenderable(f"condition {type(c).__name__}")


def _source_is(f: Filter, negated: bool = False) -> str:
    q = f.qualifier
    if q.keywords and q == Qualifier(keywords=q.keywords) and not f.all_of:
        kws = count_words(list(q.keywords), "and")
        return alt(f"this doesn't have {kws}", f"this does not have {kws}") if negated else f"this has {kws}"
    if f.qualifier.this_turn == "entered" and f.qualifier == Qualifier(this_turn="entered"):
        return "this entered this turn" if not negated else "this didn't enter this turn"
    words = filter_phrase(f, det="a")
    if f.qualifier.tapped is not None and not f.all_of and f.qualifier == Qualifier(tapped=f.qualifier.tapped):
        words = "tapped" if f.qualifier.tapped else "untapped"
    if f.qualifier.enchanted is not None and f.all_of == () and f.qualifier == Qualifier(enchanted=f.qualifier.enchanted):
        words = "enchanted" if f.qualifier.enchanted else "unenchanted"
    return f"this {'isn’t' if negated else 'is'} {words}" if not negated else alt(f"this isn't {words}", f"this is not {words}")


def _compare(c: Compare) -> str:
    left, op, right = c.left, c.op, c.right
    r = right.n if isinstance(right, Fixed) else right if isinstance(right, int) else None
    if isinstance(left, ThisTurn) and r is not None and op == ">=" and r == 1:
        return _this_turn_event(left)
    if isinstance(left, LifeTotal) and left.whose == "you" and r is not None:
        if op == ">=":
            return alt(f"you have {number(r)} or more life", f"you have at least {number(r)} life")
        if op == "<=":
            return alt(f"you have {number(r)} or less life", f"your life total is {number(r)} or less")
    if isinstance(left, TotalAmong) and r is not None and op == ">=":
        return f"{filter_phrase(left.filter, plural_=True)} have total {_STAT[left.stat]} {number(r)} or greater"
    if isinstance(left, DistinctAmong) and r is not None and op == ">=":
        what = {"card_type": "card types", "permanent_type": "permanent types", "basic_land_type": "basic land types",
                "color": "colors", "creature_type": "creature types", "power": "different powers",
                "mana_value": alt("different mana values", "mana values"), "name": "different names"}[left.aspect]
        return alt(f"there are {number(r)} or more {what} among {filter_phrase(left.filter, plural_=True)}",
                   f"{number(r)} or more {what} are among {filter_phrase(left.filter, plural_=True)}")
    if isinstance(left, CountOf) and r == 0 and op == "<=" and left.filter.controller == "opponent" \
            and c.opponents == "an":  # "an opponent has no cards in hand", "an opponent controls no basic lands"
        f = left.filter
        if f.zone == "hand" and not f.all_of and not f.any_of and f.qualifier.empty:
            return "an opponent has no cards in hand"
        if f.zone == "battlefield":
            return f"an opponent controls no {filter_phrase(_inner(f), plural_=True)}"
    if isinstance(left, CountOf) and r is not None and op == ">=" and left.filter.controller == "any" \
            and left.filter.zone == "battlefield" and left.filter.relation is None:
        return f"there are {number(r)} or more {filter_phrase(_inner(left.filter), plural_=True)} on the battlefield"
    if isinstance(left, CountOf) and r is not None and op == ">=":
        f = left.filter
        if f.controller == "opponent" and f.zone == "battlefield":
            return f"an opponent controls {_count_phrase(r, _inner(f))}"
        if f.zone in ("graveyard",) and f.controller == "you":
            if r == 1:
                return alt(f"there is {filter_phrase(f, det='a')}", f"{filter_phrase(f, det='a')} is in your graveyard")
            mine = filter_phrase(dataclasses.replace(f, controller="any"), plural_=True, zone_words=False)
            return alt(f"there are {number(r)} or more {filter_phrase(f, plural_=True)}",
                       f"there are at least {number(r)} {filter_phrase(f, plural_=True)}",
                       f"{number(r)} or more {filter_phrase(f, plural_=True)} are in your graveyard",
                       f"you have {number(r)} or more {mine} in your graveyard")
        if f.relation == "exiled_with" and r == 1:
            return alt("a card is exiled with this", "there is a card exiled with this")
        if f.zone == "graveyard" and f.controller == "opponent":
            return f"an opponent has {number(r)} or more {filter_phrase(dataclasses.replace(f, controller='any'), plural_=True, zone_words=False)} in their graveyard"
    if isinstance(left, CountOf) and isinstance(right, CountOf) and op == ">" and c.opponents == "each" \
            and left.filter.zone == right.filter.zone == "hand":
        return "you have more cards in hand than each opponent"
    if isinstance(left, LargestGroup) and r is not None and op == ">=" and left.aspect == "name":
        return f"you control {number(r)} or more {filter_phrase(_inner(left.filter), plural_=True)} with the same name"
    if isinstance(left, LifeTotal) and left.whose == "you" and isinstance(right, Sum) and op == ">=" \
            and len(right.parts) == 1 and isinstance(right.parts[0], StartingLife):
        return f"you have at least {number(right.plus)} life more than your starting life total"
    if isinstance(left, (StatOf, PowerOf)) and r is not None and op == ">=":
        stat = left.stat if isinstance(left, StatOf) else "power"
        if isinstance(left, StatOf) and left.relation != "this":
            raise Unrenderable("a stat of another object")
        return f"this's {_STAT[stat]} is {number(r)} or greater"
    if isinstance(left, ThisTurn) and r is not None and op == ">=":
        return _this_turn_event(left, r)
    raise Unrenderable("a comparison of amounts")


def _this_turn_event(t: ThisTurn, n: int = 1) -> str:
    """"a creature died this turn", "five or more creatures died this turn", "you've cast two or more spells this turn"
    (the turn's history, CR 500-514)."""
    who = {"you": "you", "opponent": "an opponent", "any": ""}[t.whose]
    f = t.filter
    if n > 1:
        if t.event == "died":
            objs = filter_phrase(f, plural_=True) if f is not None else "creatures"
            return f"{number(n)} or more {objs} died this turn"
        if t.event == "spells_cast" and who == "you":
            objs = _spells_subject((), "", f.any_of, plural_=True) if f is not None and f.any_of and not f.all_of else \
                (filter_phrase(f, plural_=True) + " spells" if f is not None else "spells")
            return f"you've cast {number(n)} or more {objs} this turn"
        if t.event == "energy_paid" and who == "you":
            return f"you've paid or lost {number(n)} or more {{E}} this turn"
        if t.event == "entered" and who == "you":
            objs = filter_phrase(f, plural_=True) if f is not None else "permanents"
            return f"{number(n)} or more {objs} entered the battlefield under your control this turn"
        if t.event == "left_graveyard" and who == "you":
            return f"{number(n)} or more cards left your graveyard this turn"
        if t.event == "cards_drawn" and f is None and who:
            if who == "you":
                return f"you've drawn {number(n)} or more cards this turn"
            return alt(f"an opponent has drawn {number(n)} or more cards this turn",
                       f"an opponent drew {number(n)} or more cards this turn")
        if t.event == "entered" and who == "an opponent":
            objs = filter_phrase(f, plural_=True) if f is not None else "permanents"
            return f"an opponent had {number(n)} or more {objs} enter the battlefield under their control this turn"
        if t.event == "spells_cast" and f is None and who == "an opponent":
            return alt(f"an opponent cast {number(n)} or more spells this turn",
                       f"an opponent has cast {number(n)} or more spells this turn")
        if t.event == "life_gained" and who == "you":
            return f"you've gained {number(n)} or more life this turn"
        raise Unrenderable(f"turn event {t.event!r} {n} times")
    if t.event == "died":
        obj = filter_phrase(f, det="a") if f is not None else "a creature"
        return f"{obj} died this turn"
    if t.event == "entered" and who == "an opponent":
        obj = filter_phrase(f, det="a") if f is not None else "a permanent"
        return f"an opponent had {obj} enter the battlefield under their control this turn"
    if t.event == "entered" and who == "you":
        obj = filter_phrase(f, det="a") if f is not None else "a permanent"
        return alt(f"you had {obj} enter the battlefield under your control this turn",
                   f"{obj} entered the battlefield under your control this turn")
    if t.event == "tokens_created" and who == "you":
        return "you created a token this turn"
    if t.event == "left_graveyard" and who == "you":
        return "a card left your graveyard this turn"
    if t.event == "life_lost" and who:
        return f"{who} lost life this turn"
    if t.event == "life_gained" and who:
        return f"{who} gained life this turn"
    if t.event == "left_battlefield":
        return "a permanent left the battlefield under your control this turn"
    if t.event == "discarded" and who == "you":
        return "you've discarded a card this turn"
    if t.event == "sacrificed" and who == "you":
        return alt("you've ", "if you've ") + f"sacrificed {filter_phrase(f, det='a') if f is not None else 'a permanent'} this turn"
    if t.event == "lands_played" and who == "you":
        return "you played a land this turn"
    if t.event == "cards_drawn" and who == "you":
        return "you've drawn a card this turn"
    if t.event == "spells_cast" and who:
        if f is not None and not f.all_of and f.none_of and not f.any_of:
            spell = article(" ".join("non" + x.lower() for x in f.none_of) + " spell")
        elif f is not None and f.colors and not (f.all_of or f.any_of or f.none_of) and f.qualifier.empty:
            spell = article(" ".join(COLOR_WORDS[x] for x in f.colors) + " spell")  # "a blue spell" (CR 105.2)
        else:
            spell = filter_phrase(f, det="a") + " spell" if f is not None else "a spell"
        forms = [f"{who} cast {spell} this turn", f"{who}'ve cast {spell} this turn"]
        if who == "you" and f is not None:  # the spell being cast is not cast yet (CR 601.2i): "another" is any
            forms.append(f"you've cast another {filter_phrase(f)} spell this turn")
        return alt(*forms)
    raise Unrenderable(f"turn event {t.event!r}")


# ---------------------------------------------------------------------------
# Restrictions on activating and casting (CR 602.5, 601.3)
# ---------------------------------------------------------------------------

_STEP_WORDS = {"untap": "untap step", "upkeep": alt("upkeep", "upkeep step"), "draw": "draw step", "precombat_main": "precombat main phase",
               "beginning_of_combat": "beginning of combat step", "declare_attackers": "declare attackers step",
               "declare_blockers": "declare blockers step", "combat_damage": "combat damage step",
               "end_of_combat": "end of combat step", "postcombat_main": "postcombat main phase", "end": "end step",
               "cleanup": "cleanup step"}
_BEFORE = {"declare_attackers": "attackers are declared", "declare_blockers": "blockers are declared"}


def _when_clause(r: TimingRestriction) -> str:
    """"during combat on your turn before blockers are declared", "during your upkeep", "during an opponent's turn"."""
    turn = {"yours": "your turn", "opponents": "an opponent's turn", None: ""}[r.turn]
    bits = []
    steps = tuple(r.steps)
    if steps and set(steps) == set(TURN_STEPS) - set(COMBAT_STEPS) and not r.turn:
        raise Unrenderable("not during combat")  # printed as "You can't activate this ability during combat."
    if steps and set(steps) == set(COMBAT_STEPS):
        bits.append("during combat" + (f" on {turn}" if turn else ""))
    elif len(steps) == 1:
        w = _STEP_WORDS.get(steps[0])
        if w is None:
            raise Unrenderable(f"step {steps[0]!r}")
        if r.turn == "yours":
            bits.append(alt(f"during your {w}", f"during the {w} on your turn"))
        elif r.turn == "opponents":
            bits.append(alt(f"during an opponent's {w}", f"during each opponent's {w}", f"during the {w} on an opponent's turn"))
        else:
            bits.append(alt(f"during any {w}", f"during the {w}", f"during each {w}") if "main" not in w else f"during a {w}")
    elif steps:
        raise Unrenderable("several steps")
    elif turn:
        bits.append(alt(f"during {turn}", "if it's not your turn") if r.turn == "opponents" else f"during {turn}")
    if r.before is not None:
        w = _BEFORE.get(r.before) or ("combat" if r.before == "beginning_of_combat" else None) or \
            "the " + _STEP_WORDS.get(r.before, "?")
        if r.before == "declare_blockers" and not steps:
            w = alt(w, "combat or during combat before blockers are declared")
        bits.append(f"before {w}" if bits == [] else alt(f"before {w}", f", before {w}", f"and only before {w}"))
    if r.after is not None:
        w = {"declare_attackers": "blockers are declared", "upkeep": "upkeep", "end_of_combat": "combat"}.get(r.after)
        if w is None:
            raise Unrenderable(f"after {r.after!r}")
        if r.after == "upkeep":
            bits.append("after their upkeep step" if r.turn == "opponents" else "after your upkeep step")
        else:
            bits.append(f"after {w}")
    return " ".join(bits)


def restriction(r: TimingRestriction) -> str:
    """A restriction sentence ("Activate only as a sorcery.", "Activate only during your upkeep and only once each
    turn.", "Cast this spell only during combat.")."""
    if r.not_own_turns_upto is not None:
        if r.of != "cast":
            raise Unrenderable("not own turns of an ability")
        turns = {3: "first, second, or third turns", 2: "first or second turns", 1: "first turn"}.get(r.not_own_turns_upto)
        if turns is None or r.timing or r.turn or r.steps or r.conditions:
            raise Unrenderable("not own turns")
        return f"You can't cast this spell during your {turns} of the game."
    if r.from_own_turn is not None:
        words = {6: "sixth"}.get(r.from_own_turn)
        if words is None:
            raise Unrenderable("from own turn")
        return f"You can't activate this ability until you've begun your {words} turn of the game."
    if r.steps and set(r.steps) == set(TURN_STEPS) - set(COMBAT_STEPS) and not (r.turn or r.timing or r.conditions
                                                                                      or r.per_turn or r.before or r.after):
        return f"You can't {'activate this ability' if r.of == 'activate' else 'cast this spell'} during combat."
    clauses = []
    if r.timing is not None:
        clauses.append("as a sorcery" if r.timing == "sorcery" else "as an instant")
    when = _when_clause(r)
    if when:
        clauses.append(when)
    for c in r.conditions:
        clauses.append("if " + condition(c))
    limit = ""
    if r.per_turn is not None:
        if r.per_turn == 1:
            clauses.append("once each turn")
        else:
            limit = {2: "twice", 3: "three times", 4: "four times"}.get(r.per_turn, "")
            if not limit:
                raise Unrenderable("per-turn limit")
    if r.per_game is not None:
        if r.per_game != 1:
            raise Unrenderable("per-game limit")
        clauses.append("once")
    head = "Activate" if r.of == "activate" else "Cast this spell"
    if r.any_player:
        if r.of != "activate":
            raise Unrenderable("any player may cast")
        if not clauses and not limit:
            return "Any player may activate this ability."
        if limit:
            raise Unrenderable("any player with a limit")
        clauses = [c.replace("your turn", "their turn") for c in clauses]
        return "Any player may activate this ability but only " + any_order(clauses, lambda xs: " and only ".join(xs)) + "."
    if limit:
        if clauses:
            return f"{head} no more than {limit} each turn and only " + " and only ".join(clauses) + "." if r.of == "activate" \
                else _raise("limit with clauses")
        return f"{head} no more than {limit} each turn."
    if not clauses:
        raise Unrenderable("an empty restriction")
    return f"{head} only " + any_order(clauses, lambda xs: " and only ".join(xs)) + "."


def _raise(what: str) -> str:
    raise Unrenderable(what)


# ---------------------------------------------------------------------------
# Keywords (CR 702)
# ---------------------------------------------------------------------------

#: Keywords whose parameter is a cost (CR 702: "[Keyword] [cost]" or "[Keyword]—[cost]").
_COST_KEYWORDS = frozenset("""flashback escape evoke dash overload kicker multikicker buyback entwine cycling echo equip
fortify ninjutsu morph megamorph disguise madness miracle unearth embalm eternalize encore plot foretell blitz
spectacle surge emerge prowl mutate harmonize mayhem warp web-slinging freerunning bestow scavenge transmute
recover outlast reconfigure awaken replicate transfigure level up craft cleave augment disturb channel forecast
cumulative upkeep ward impending squad offspring sneak escalate more_than_meets_the_eye aura_swap
commander_ninjutsu""".replace("level up", "level_up").replace(
    "cumulative upkeep", "cumulative_upkeep").split())
#: Keywords with a number (CR 702: "Annihilator 2", "Bushido 1", "Crew 3").
_N_KEYWORDS = frozenset("""annihilator bushido dredge fading vanishing modular graft bloodthirst soulshift rampage
crew toxic backup afflict absorb amplify frenzy devour fabricate tribute renown mobilize saddle station hideaway
ripple poisonous afterlife training casualty bloodrush scry surveil""".split())
#: Keywords whose parameter is words of an object or quality (CR 702.5 enchant, 702.16 protection, 702.11
#: hexproof from, 702.41 affinity, 702.72 champion, 702.124 partner with, 702.139 companion, 702.47 splice, 702.14
#: landwalk, 702.174 gift, 702.29e typecycling).
_PHRASE_KEYWORDS = frozenset({"enchant", "protection", "hexproof", "hexproof from", "affinity", "champion", "partner with", "partner",
                              "companion", "splice", "gift", "suspend", "reinforce", "awaken", "prototype", "ward",
                              "cumulative upkeep", "echo", "craft", "equip", "offspring", "bestow", "crew", "squad",
                              "landwalk", "more than meets the eye", "living metal", "job select", "station",
                              "for mirrodin!", "umbra armor", "read ahead", "start your engines!", "toxic",
                              "backup", "impending", "escape", "madness", "ninjutsu", "kicker", "buyback", "cycling",
                              "flashback", "unearth", "foretell", "plot", "disguise", "morph", "megamorph", "blitz",
                              "evoke", "dash", "overload", "entwine", "spectacle", "surge", "emerge", "prowl",
                              "mutate", "harmonize", "mayhem", "warp", "web-slinging", "freerunning", "miracle",
                              "encore", "embalm", "eternalize", "scavenge", "transmute", "recover", "outlast",
                              "reconfigure", "replicate", "cleave", "augment", "disturb", "saddle", "casualty",
                              "fortify", "level up", "bloodthirst", "devour", "fabricate", "tribute", "renown",
                              "soulshift", "hideaway", "mobilize", "annihilator", "bushido", "modular", "graft",
                              "afterlife", "training", "amplify", "vanishing", "fading", "dredge", "rampage",
                              "absorb", "afflict", "frenzy", "ripple", "poisonous", "channel", "forecast", "sneak"})


def _kw_name(k: str) -> str:
    return cap(k)


def keyword(e: Keyword) -> str:
    """A keyword ability line from its typed fields ("Flying", "Equip {2}", "Ward—Pay 2 life", "Annihilator 2",
    "Protection from red"); a keyword with a parameter its rules do not have ("Ninjutsu abilities you activate cost
    ...", "Transform up to one target Werewolf") is not printed."""
    k = e.keyword
    name = _kw_name(k)
    if k == "prototype" and getattr(e, "size", None) and e.cost and not e.parts:
        # "Prototype {2}{G} — 1/3": its mana cost and size (CR 702.160a, 718.1)
        return f"{name} {e.cost}" + alt(" — ", "—", " ") + str(e.size)
    if k in ("impending", "awaken", "suspend") and e.n is not None and e.cost and not e.parts:
        return f"{name} {e.n}—{e.cost}"  # CR 702.176a, 702.113a, 702.62a
    if k == "suspend" and e.n is None and e.cost and "{X}" in e.cost and not e.parts and not e.detail:
        return f"{name} X—{e.cost}. X can't be 0."  # the number of time counters is X, at least 1 (CR 702.62a, 107.3)
    has = [x for x in ("cost", "parts", "n", "detail", "counts", "pays", "uses") if getattr(e, x) not in (None, ())]
    if e.pays is not None or e.uses is not None:
        if k not in ("delve", "convoke", "improvise") or e.parameter:
            raise Unrenderable(f"keyword {k!r} with pays/uses")
        return name
    if not has:
        if e.parameter:
            if k == "enchant":
                return f"{name} {_enchant_object(e.parameter)}"
            raise Unrenderable(f"keyword {k!r}: parameter {e.parameter!r} not typed")
        return name
    if e.detail is not None:
        if k == "offering" and re.fullmatch(r"[A-Za-z][\w-]*", e.detail.text):
            return untyped(e.detail.text) + " offering"  # "Snake offering": the quality first (CR 702.48a)
        if k not in _PHRASE_KEYWORDS or "." in e.detail.text.rstrip("."):
            raise Unrenderable(f"keyword {k!r} with the untyped parameter {e.detail.text!r}")
        d = e.detail.text
        if k == "prototype" and d.lower().startswith("prototype "):
            return d  # the prototype parser keeps the whole line as its detail
        sep = "" if d.startswith(("—", "-")) else alt(" ", "—", " — ")
        return name + sep + untyped(d)
    if e.n is not None:
        if k not in _N_KEYWORDS:
            raise Unrenderable(f"keyword {k!r} with a number")
        return f"{name} {e.n}"
    if e.counts is not None:
        if k != "affinity":
            raise Unrenderable(f"keyword {k!r} with counts")
        return f"{name} for {_affinity(e.counts)}"
    if k.replace(" ", "_") not in _COST_KEYWORDS and k not in ("ward",) and not k.endswith("cycling"):
        raise Unrenderable(f"keyword {k!r} with a cost")
    mana_part = e.cost or ""
    parts = part_words(e.parts)
    if mana_part and not parts:
        return alt(f"{name} {mana_part}", f"{name}—{mana_part}")
    bits = ([mana_part] if mana_part else []) + parts
    if not bits:
        raise Unrenderable(f"keyword {k!r} with an empty cost")
    return f"{name}—" + ", ".join(bits) + alt("", ".")


def _enchant_object(words: str) -> str:
    """What an Aura may enchant, read as the targets rules read it (CR 303.4a: "Enchant creature" targets a
    creature); printed through that reading."""

    spec = parse_target_phrase("target " + words)
    if spec is None or spec.unknown:
        raise Unrenderable(f"enchant {words!r} is not read by the targets rules")
    return words


def _affinity(counts: Any) -> str:
    types = tuple(counts.get("types", ()))
    zone = counts.get("zone")
    if zone not in (None, "battlefield") or counts.get("whose") not in (None, "you"):
        raise Unrenderable("affinity count")
    both = tuple(counts.get("all_of", ()))
    if both:  # "snow lands", "artifact creatures" (CR 205.4)
        if types or len(both) != 2:
            raise Unrenderable("affinity for several types")
        return f"{both[0].lower()} {plural(type_word(both[1]))}"
    if types == ("Artifact", "Legendary", "Saga"):
        return "historic permanents"  # CR 700.6
    words = []
    for t in types:
        if t == "Artifact":
            words.append("artifacts")
        elif t.startswith("!"):
            raise Unrenderable("affinity for non-")
        else:
            words.append(plural(type_word(t)))
    if tuple(types) == OUTLAW_TYPES:
        return "outlaws"
    if len(words) != 1:
        raise Unrenderable("affinity for several types")
    return words[0]


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------

def effect(e: Effect) -> str:
    """The wording of one typed effect (a static or triggered ability's sentence; the words after the colon of an
    activated one); ``Unrenderable`` when its class or a field is not printed."""
    fn = _EFFECTS.get(type(e))
    if fn is None:
        raise Unrenderable(f"effect {type(e).__name__}")
    return fn(e)


_EFFECTS: dict[type, Callable[[Any], str]] = {}


def renders(*classes: type) -> Callable[[Callable[[Any], str]], Callable[[Any], str]]:
    """Decorator registering the renderer of effect classes."""
    def deco(fn: Callable[[Any], str]) -> Callable[[Any], str]:
        for c in classes:
            _EFFECTS[c] = fn
        return fn
    return deco


@renders(Unmodelled)
def _unmodelled(e: Unmodelled) -> str:
    return untyped(e.text)  # untyped: the sentence itself, with its topics for the gate


renders(AddMana)(add_mana)
renders(Keyword)(keyword)


@renders(SpreeMode)
def _spree_mode(e: SpreeMode) -> str:
    """"+ {1}{R} — [effect]" (CR 702.172a): the mode's cost and what it does."""
    if not e.cost or e.does is None:
        raise Unrenderable("a spree mode without its cost or effect")
    return f"+ {e.cost} " + alt("— ", "—") + effect(e.does)


def _starts(text: str, *prefixes: str) -> bool:
    t = text.lstrip().lower()
    return any(t.startswith(p) for p in prefixes)


#: The other event of "When this enters or [event]" by its typed kind (``EntersTrigger.also``, ``TRIGGER_EVENTS``):
#: the words are not typed beyond their kind, so they must at least be words of that kind (CR 603.2).
_ALSO_WORDS = {"combat": r".*(?:attack|block|combatdamage).*", "dies": r".*(?:dies|diesthisturn|isputintoagraveyardfromthebattlefield)",
               "self_to_graveyard": r"isputintoagraveyardfromanywhere", "step": r".*(?:atthebeginningof|step|upkeep).*",
               "cast": r".*cast.*", "mana": r".*formana.*", "any": ""}

#: The card's own names while one ability is printed (``ability(a, names)``): untyped wording that names the card
#: is compared as "this" (CR 201.5).
_NAMES: contextvars.ContextVar[tuple[str, ...]] = contextvars.ContextVar("names", default=())


def _head_and_rest(text: str) -> tuple[str, str]:
    """The trigger condition of a whole triggered line and what follows its comma."""
    m = re.match(r"^(?P<head>(?:when|whenever|at)\b[^,]*?),\s*(?P<rest>.*)$", text, re.I | re.S)
    if not m:
        raise Unrenderable("a triggered ability without its condition")
    return m.group("head"), m.group("rest")


@renders(EntersTrigger)
def _enters_trigger(e: EntersTrigger) -> str:
    does = e.does.text if e.does is not None else ""
    if e.refers_to_x != bool(re.search(r"\bX\b", does)):
        raise Unrenderable("refers_to_x and the effect's X disagree")
    if e.event == "other_enters":
        # the trigger condition ("Whenever another creature you control enters") is part of the untyped wording
        head, rest = _head_and_rest(does)
        if not re.search(r"\benters?\b", head) or re.match(r"(?i)when(?:ever)? this\b", normalise_head(head)):
            raise Unrenderable("an other-enters trigger whose wording is not one")
        if (e.condition is not None) != bool(re.match(r"(?i)if\b", rest)):
            raise Unrenderable("an other-enters trigger's condition")
        return untyped(does)
    if _starts(does, "when", "whenever"):  # the whole line is the untyped part: its head must be this entering
        head, does = _head_and_rest(does)
        if not re.fullmatch(r"when(?:ever)? this enters(?: the battlefield)?(?: or .*| and .*)?", normalise_head(head)):
            raise Unrenderable("an enters trigger whose condition is not this entering")
    cond = e.condition
    if cond in ("was_cast", "not_cast", "other") and not _starts(does, "if "):
        raise Unrenderable("an intervening if without its words")
    if cond is None and _starts(does, "if "):
        raise Unrenderable("an intervening if not typed")
    also = ""
    if e.also is not None:
        words = _ALSO_WORDS.get(e.also)
        if words is None:
            raise Unrenderable(f"enters-or-{e.also}")
        also = alt(" or", " and", " and whenever", " and at") + " " + wild("the other event", words)
    event = " " + wild("how it enters") if cond == "event" else ""
    return alt("When", "Whenever") + " this enters" + alt("", " the battlefield") + also + event + ", " + untyped(does)


@renders(CastTrigger)
def _cast_trigger(e: CastTrigger) -> str:
    does = e.does.text if e.does is not None else ""
    if not re.match(r"(?:when|whenever) you cast this\b", normalise_head(does)):
        raise Unrenderable("a cast trigger whose wording is not one")
    return untyped(does)


def normalise_head(text: str) -> str:
    """Wording with the card's own names and "this creature" read as "this", lower case (CR 201.5)."""
    t = text
    for n in _NAMES.get():
        t = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "this", t)
    return _THIS_THIS.sub("this", _SELF_RE.sub("this", t.replace("’", "'").lower()))


_ACTION_WORD = {"draw": "Draw", "scry": "Scry"}


def _step(s: Step) -> str:
    if s.action == "draw":
        return "Draw a card" if s.n == 1 else f"Draw {number(s.n)} cards"
    if s.action == "scry":
        return f"Scry {s.n}"
    if s.action == "damage":
        tgt = "any target" if s.target == "any" else "target " + _target_words(s.target or "")
        return f"this deals {number(s.n)} damage to {tgt}"
    # an untyped instruction: its wording, with the typed target words where they were read (solver.rules.targets)
    if s.target and not re.search(r"\btarget " + re.escape(s.target) + r"\b", s.text, re.I) and s.target != "any":
        raise Unrenderable(f"the step's target {s.target!r} is not in its words")
    _target_words(s.target or "") if s.target and s.target != "any" else None
    return untyped(s.text)


def _target_words(words: str) -> str:

    spec = parse_target_phrase("target " + words)
    if spec is None:
        raise Unrenderable(f"target {words!r} is not read by the targets rules")
    return words


@renders(Instructions)
def _instructions(e: Instructions) -> str:
    if not e.steps:
        raise Unrenderable("no steps")
    words = [_step(s).rstrip(".") for s in e.steps]
    out = cap(words[0])
    for w in words[1:]:
        out += alt(". " + cap(w), ", then " + w[:1].lower() + w[1:] if not w.startswith((_ALT_L, _WILD_L)) else ". " + w)
    return out + "."


@renders(Draw)
def _draw(e: Draw) -> str:
    return "Draw a card." if e.n == 1 else f"Draw {number(e.n)} cards."


@renders(Scry)
def _scry(e: Scry) -> str:
    return f"Scry {e.n}."


@renders(AdditionalCost)
def _additional_cost(e: AdditionalCost) -> str:
    if e.choices:  # "sacrifice a creature or pay {3}": one option, announced as the spell is cast (CR 601.2b)
        if e.parts or e.cost or e.optional:
            raise Unrenderable("an either-or additional cost with other parts")
        opts = [_additional_words(c) for c in e.choices]
        return "As an additional cost to cast this spell, " + count_words(opts, "or") + "."
    return "As an additional cost to cast this spell, " + ("you may " if e.optional else "") + _additional_words(e) + "."


def _additional_words(e: AdditionalCost) -> str:
    if e.choices:
        raise Unrenderable("nested choices")
    parts = []
    if e.cost:
        parts.append("pay " + _mana_cost(e.cost))
    for w in part_words(e.parts):
        parts.append(w if w.startswith(_WILD_L) else w[:1].lower() + w[1:])
    if not parts:
        raise Unrenderable("an empty additional cost")
    return count_words(parts, "and")


_OBJECT_VERBS = {"sacrifice": "sacrifice", "return": "return", "tap": "tap", "exile": "exile", "discard": "discard",
                 "reveal_hand": "reveal"}


def _object_cost(o: ObjectCost) -> str:
    f = o.filter
    if o.action == "tap":
        inner = _inner(f)
        obj = filter_phrase(inner, plural_=o.n != 1)
        return f"tap {'an' if o.n == 1 else number(o.n)} untapped {obj} you control"
    if o.action in ("exile", "discard", "reveal_hand") and f.zone == "hand":
        inner = Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "controller": "any", "zone": "hand"})
        words = _card_words(inner, o.n)
        if o.action == "exile":
            return f"exile {words} from your hand"
        if o.action == "discard":
            return f"discard {words}"
        return f"reveal {words} from your hand"
    if o.action == "reveal_hand":
        return "reveal your hand"
    if o.action == "sacrifice":
        inner = _inner(f)
        return "sacrifice " + (filter_phrase(inner, det="a") if o.n == 1 else f"{number(o.n)} " + filter_phrase(inner, plural_=True))
    if o.action == "return":
        inner = _inner(f)
        obj = filter_phrase(inner, det="a") if o.n == 1 else f"{number(o.n)} " + filter_phrase(inner, plural_=True)
        return f"return {obj} you control to {'its' if o.n == 1 else 'their'} owner's hand"
    raise Unrenderable(f"object cost {o.action!r}")


def _card_words(f: Filter, n: int) -> str:
    """"a red card", "two blue cards", "a Plains card"."""
    adj = []
    for c in f.colors + f.qualifier.colors:
        adj.append(COLOR_WORDS[c])
    types = [type_word(t) for t in f.all_of]
    core = " ".join(adj + types + ["card" if n == 1 else "cards"])
    if f.none_of or f.any_of or f.alternatives:
        raise Unrenderable("card words with exclusions or unions")
    if f.other:  # "an Island card and another card": a different card (CR 601.2h)
        return "another " + core if n == 1 else f"{number(n)} other {core}"
    return article(core) if n == 1 else f"{number(n)} {core}"


def _cast_condition(c: CastCondition) -> str:
    if c.test == "controls" and c.filter is not None:
        f = c.filter
        if f.controller == "opponent":
            return "an opponent controls " + _count_phrase(c.n, _inner(f))
        if f.controller == "you":
            return "you control " + _count_phrase(c.n, _inner(f))
        return alt(f"there are {number(c.n)} or more {filter_phrase(f, plural_=True)} on the battlefield",
                   f"there are {number(c.n)} or more {filter_phrase(f, plural_=True)}")
    if c.test == "your_turn":
        return "it's your turn"
    if c.test == "not_your_turn":
        return "it's not your turn"
    if c.test == "attacked":
        return "you attacked this turn"
    if c.test == "attacking" and c.filter is not None:
        f = c.filter
        inner = Filter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__},
                            "qualifier": Qualifier(**{**{k: getattr(f.qualifier, k) for k in f.qualifier.__dataclass_fields__},
                                                        "combat": None})})
        if c.exact:
            return f"exactly {number(c.n)} {filter_phrase(inner, plural_=c.n != 1)} {'is' if c.n == 1 else 'are'} attacking"
        if c.n == 1:
            return f"{filter_phrase(inner, det='a')} is attacking"
        return f"{number(c.n)} or more {filter_phrase(inner, plural_=True)} are attacking"
    if c.test == "hand_has_none" and c.filter is not None:
        cards = filter_phrase(dataclasses.replace(c.filter, controller="any", zone="hand"), plural_=True, zone_words=False)
        return f"you have no {cards} in hand"
    if c.test == "condition" and c.condition is not None:
        return condition(c.condition)
    raise Unrenderable(f"cast condition {c.test!r}")


@renders(PrintedAlternativeCost)
def _alternative_cost(e: PrintedAlternativeCost) -> str:
    conds = [_cast_condition(c) for c in e.conditions]
    parts = []
    if e.cost:
        parts.append("pay " + _mana_cost(e.cost))
    if e.life:
        parts.append(f"pay {number(e.life)} life")
    prev = None
    for o in e.objects:
        words = _object_cost(o)
        if prev is not None and prev.action == o.action and o.n == 1:
            # "discard an Island card and another card": one verb, distinct objects (CR 601.2h)
            verb = _OBJECT_VERBS[o.action] + " "
            rest = words[len(verb):] if words.startswith(verb) else words
            parts[-1] = parts[-1] + " and " + alt(rest, re.sub(r"^an? ", "another ", rest), words)
        else:
            parts.append(words)
        prev = o
    untyped = e.untyped
    if untyped:
        if untyped.lower().startswith("if "):
            conds.append(wild("condition not modelled"))
        else:
            parts.append(wild("cost not modelled"))
    cond = count_words(conds, "and") if conds else ""
    head = ("If " + cond + ", ") if conds else ""
    if e.free:
        if parts:
            raise Unrenderable("a free alternative with parts")
        forms = [head + ("you" if head else "You") + " may cast this spell without paying its mana cost."]
        if cond:
            forms.append(f"You may cast this spell without paying its mana cost if {cond}.")
        return alt(*forms)
    if not parts:
        raise Unrenderable("an empty alternative cost")
    paid = count_words(parts, "and")
    forms = [head + ("you" if head else "You") + f" may {paid} rather than pay this spell's mana cost.",
             head + ("rather" if head else "Rather") + f" than pay this spell's mana cost, you may {paid}."]
    if cond:
        forms.append(f"You may {paid} rather than pay this spell's mana cost if {cond}.")
    return alt(*forms)


_CLASS_WORDS = {"all": "", "noncreature": "noncreature", "creature": "creature", "instant_sorcery": alt("instant and sorcery", "instant or sorcery"),
                "artifact": "artifact", "nonartifact": "nonartifact", "enchantment": "enchantment",
                "multicolored": "multicolored", "monocolored": "monocolored", "colorless": "colorless"}


def _spells_subject(colors: Sequence[str], cls: str, types: Sequence[str], plural_: bool = True) -> str:
    """The spells a cost change names: "Creature spells", "Black spells", "Artifact and enchantment spells",
    "Merfolk spells and Wizard spells", "historic spells" (CR 700.6), "Colorless Eldrazi spells"; each list is "at
    least one of"."""
    noun = "spells" if plural_ else "spell"
    kinds: list[str] = []
    fixed: list[str] = [cls] if cls else []
    if tuple(types) == ("Artifact", "Legendary", "Saga"):
        fixed.append("historic")
        types = ()
    cols = [COLOR_WORDS[c] for c in colors]
    tws = [type_word(t) for t in types]
    if cols and tws:
        if len(cols) > 1 or len(tws) > 1:
            raise Unrenderable("colours and types together")
        fixed += cols + tws
    else:
        kinds = cols or tws
    head = " ".join(fixed)
    if len(kinds) <= 1:
        return " ".join(filter(None, [head, *kinds, noun]))
    forms = [" ".join(filter(None, [head, count_words(kinds, conj), noun])) for conj in ("and", "or", "and/or")]
    forms.append(count_words([" ".join(filter(None, [head, k, noun])) for k in kinds], "and"))
    return alt(*forms)


@renders(CostIncrease, CostReduction)
def _cost_change(e: CostIncrease) -> str:
    cls = _CLASS_WORDS.get(e.spells)
    if cls is None:
        raise Unrenderable(f"spell class {e.spells!r}")
    if e.during not in ("any", "controller_turn", "not_controller_turn", "not_caster_turn"):
        raise Unrenderable("a cost change with a turn of the caster")
    chosen_type = getattr(e, "chosen_type", False)
    chosen_name = getattr(e, "chosen_name", False)
    if (chosen_type or chosen_name) and (e.nth or e.during != "any" or e.from_zones):
        raise Unrenderable("a cost change with a chosen type or name and more")
    whose = {"all": "", "you": " you cast", "opponents": " your opponents cast"}[e.whose]
    zones = ""
    if e.from_zones:
        z = tuple(e.from_zones)
        got = {("graveyard",): " from your graveyard", ("exile",): " from exile", ("not_hand",): " from anywhere other than your hand",
               ("graveyard", "exile"): alt(" from graveyards or from exile", " from your graveyard or from exile")}.get(z)
        if got is None:
            raise Unrenderable(f"zones {z!r}")
        zones = got
    direction = "more" if type(e) is CostIncrease else "less"
    other = "other " if getattr(e, "other", False) else ""
    if e.nth:
        ordinal = {1: "first", 2: "second"}.get(e.nth)
        if ordinal is None:
            raise Unrenderable("nth spell")
        subject = _spells_subject(e.colors, cls, e.types, plural_=False)
        core = f"The {ordinal} {subject}{whose} each turn costs {_mana_cost(e.amount)} {direction} to cast."
    else:
        subject = other + _spells_subject(e.colors, cls, e.types)
        core = f"{cap(subject)}{whose}{zones} cost {_mana_cost(e.amount)} {direction} to cast."
        if chosen_type or chosen_name:  # CR 607.2d: the type or name chosen as the source entered
            words = " of the chosen type" if chosen_type else " with the chosen name"
            tail = f" cost {_mana_cost(e.amount)} {direction} to cast."
            core = alt(f"{cap(subject)}{whose}{words}{tail}", f"{cap(subject)}{words}{whose}{tail}")
    if e.during == "not_caster_turn":
        if e.nth:
            raise Unrenderable("nth spell except during its controller's turn")
        forms = [core[:-1] + " except during its controller's turn."]
        if not (e.colors or e.types or cls):  # "Each spell costs {3} more to cast except during its controller's turn."
            forms.append(f"Each spell{whose}{zones} costs {_mana_cost(e.amount)} {direction} to cast except during "
                         f"its controller's turn.")
        core = alt(*forms)
    if e.colored_only:
        core += " This effect reduces only the amount of colored mana you pay."
    if e.during == "controller_turn":
        return "During your turn, " + core
    if e.during == "not_controller_turn":
        return "During turns other than yours, " + core
    return core


def _count_mapping(c: Any, amount: str) -> str:
    zone, whose = c.get("zone"), c.get("whose")
    types = tuple(c.get("types", ()))

    def tw(plural_: bool) -> str:
        if types == ("Artifact", "Legendary", "Saga"):
            return "historic"  # CR 700.6
        if types == PERMANENT_CARD_TYPES:
            return "permanent"  # a card of a permanent type (CR 110.4a)
        ws = []
        for t in types:
            if t.startswith("!"):
                ws.append("non" + type_word(t[1:]))
            else:
                ws.append(type_word(t))
        if not ws:
            return ""
        if all(t.startswith("!") for t in types):
            return ", ".join(ws)
        return alt(count_words(ws, "and"), count_words(ws, "and/or"), count_words(ws, "or")) if len(ws) > 1 else ws[0]
    if zone == "graveyard" and whose == "you":
        obj = tw(False)
        return f"for each {obj + ' ' if obj else ''}card in your graveyard"
    if zone == "battlefield" and "measure" in c:
        objs = plural(tw(False) or "permanent")
        who = {"you": " you control", "all": "", "opponents": " your opponents control"}[whose]
        m = c["measure"]
        if m == "power":
            return f", where X is the total power of {objs}{who}"
        if m == "greatest_power":
            return f", where X is the greatest power among {objs}{who}"
        raise Unrenderable("measure")
    if zone == "battlefield" and "at_least" in c:
        n = c["at_least"]
        if whose != "you":
            raise Unrenderable("at least of another player")
        ws = [type_word(t) for t in types]
        if len(ws) > 1:
            if n != 1:
                raise Unrenderable("at least N of several types")
            return "if you control " + alt(article(count_words(ws, "or")), count_words([article(w) for w in ws], "or"))
        obj = ws[0] if ws else "permanent"
        return f"if you control {article(obj)}" if n == 1 else f"if you control {number(n)} or more {plural(obj)}"
    if zone == "battlefield":
        obj = tw(False) or "permanent"
        who = {"you": " you control", "all": alt(" on the battlefield", ""), "opponents": alt(" your opponents control", " an opponent controls")}[whose]
        return f"for each {obj}{who}"
    if zone == "attacking":
        obj = tw(False) or "creature"
        mine = {"you": " you control", "all": ""}.get(whose)
        if mine is None:
            raise Unrenderable("attacking of another player")
        return f"for each attacking {obj}{mine}"
    if zone == "attacked":
        if "at_least" in c:
            return "if you attacked this turn" if whose == "you" else _raise("attacked")
        return "for each creature that attacked this turn"
    if zone == "spells_cast" and c.get("at_least") == 1 and whose == "you":
        return "if you've cast another spell this turn"
    if zone == "turn":
        return {"you": "during your turn", "not_you": "during turns other than yours"}.get(whose) or _raise("turn")
    if zone == "targets" and c.get("beyond") == 1:
        return "for each target beyond the first"
    if zone == "domain":
        return "for each basic land type among lands you control"
    if zone == "opponents":
        return "for each opponent you have"
    if zone == "party":
        return "for each creature in your party"
    if zone == "target_is":
        ws = [COLOR_WORDS[x] for x in c.get("colors", ())]
        status = c.get("status")
        if status:
            ws.insert(0, status)
        ws += [type_word(t) for t in types if t in _SUPERTYPES] + [type_word(t) for t in types if t not in _SUPERTYPES]
        obj = " ".join(ws) or "permanent"
        ctl = " you control" if c.get("controller") == "you" else ""
        return f"if it targets {article(obj)}{ctl}"
    raise Unrenderable(f"self cost count {zone!r}")


@renders(CostMinimum)
def _cost_minimum(e: CostMinimum) -> str:
    """Trinisphere (CR 601.2f): the minimum applies to every spell, while this is untapped when so read."""
    if e.spells != "all" or e.whose != "all":
        raise Unrenderable("a cost minimum of some spells")
    n = number(e.minimum)
    head = "As long as this is untapped, each" if e.while_untapped else "Each"
    return f"{head} spell that would cost less than {n} mana to cast costs {n} mana to cast."


def _typed_self_cost_change(e: SelfCostChange) -> str:
    """A spell's own cost change with a typed ``per`` / ``condition`` (models.text.self_cost_conditions): "This spell
    costs {3} less to cast if a creature died this turn", "If [condition], this spell costs {6} less to cast", "...
    for each [amount]", "This spell costs {X} less to cast, where X is [amount]" (CR 601.2f)."""
    head = "This spell costs"
    if e.per is not None:
        forms = []
        if e.amount == "{1}":
            try:
                forms.append(f"{head} {{X}} {e.direction} to cast{_where_x(e.per)}")
            except Unrenderable:
                pass
        try:
            forms.append(f"{head} {_mana_cost(e.amount)} {e.direction} to cast {amount_each(e.per)}")
        except Unrenderable:
            pass
        if not forms:
            raise Unrenderable("the amount of a self cost change")
        core = alt(*forms)
        if e.condition is not None:
            return f"If {condition(e.condition)}, {core[:1].lower() + core[1:]}."
        return core + "."
    if e.condition is None:
        raise Unrenderable("a self cost change with no count")
    core = f"{head} {_mana_cost(e.amount)} {e.direction} to cast"
    if isinstance(e.condition, TargetsInclude):  # "if it targets a blue spell" (CR 601.2c before 601.2f)
        if e.condition.count != 1:
            raise Unrenderable("a condition on several targets")
        words = _target_words(e.condition.spec.text.removeprefix("target "))
        return f"{core} if it targets {article(words)}."
    cond = condition(e.condition)
    return alt(f"{core} {alt('if', 'as long as')} {cond}.", f"If {cond}, {core[:1].lower() + core[1:]}.")


@renders(SelfFlash)
def _self_flash(e: SelfFlash) -> str:
    """A spell's own flash permission (CR 702.8a, 601.3; models.text.self_flash)."""
    spell = alt("this spell", "this card")
    may = f"You may cast {spell} as though it had flash"
    if e.extra:
        if e.condition is not None or e.sacrifice_at_cleanup:
            raise Unrenderable("a flash permission with several parts")
        return f"{may} if you pay {_mana_cost(e.extra)} more to cast it."
    if e.sacrifice_at_cleanup:
        if e.condition is not None:
            raise Unrenderable("a flash permission with several parts")
        return (f"{may}. If you cast it any time a sorcery couldn't have been cast, the controller of the permanent it "
                f"becomes sacrifices it at the beginning of the next cleanup step.")
    if e.condition is None:
        raise Unrenderable("a flash permission with no condition")
    cond = condition(e.condition)
    return alt(f"This spell has flash as long as {cond}.", f"If {cond}, {may[:1].lower() + may[1:]}.",
               f"As long as {cond}, {may[:1].lower() + may[1:]}.", f"{may} if {cond}.")


@renders(SelfCostChange)
def _self_cost_change(e: SelfCostChange) -> str:
    c = e.count
    if c is None:
        return _typed_self_cost_change(e)
    tail = _count_mapping(c, e.amount)
    amt = "{X}" if tail.startswith(", where X") else _mana_cost(e.amount)
    if tail.startswith("during "):  # "During your turn, this spell costs {2}{U}{U} less to cast."
        return f"{cap(tail)}, this spell costs {amt} {e.direction} to cast."
    return f"This spell costs {amt} {e.direction} to cast{'' if tail.startswith(',') else ' '}{tail}."


@renders(EntersWithCounters)
def _enters_with_counters(e: EntersWithCounters) -> str:
    a = e.amount
    if isinstance(a, Fixed):
        n = a.n
        what = article(f"{e.counter} counter") if n == 1 else f"{number(n)} {e.counter} counters"
    elif isinstance(a, VariableX):
        what = f"X {e.counter} counters"
    else:
        what = f"{article(e.counter + ' counter')} on it {amount_each(a)}"
        return f"This enters{' tapped and' if e.tapped else ''} with {what}."
    if e.refers_to_x != isinstance(a, VariableX):
        raise Unrenderable("refers_to_x")
    return f"This enters{' tapped and' if e.tapped else ''} with {what} on it."


@renders(EntersTapped)
def _enters_tapped(e: EntersTapped) -> str:
    return "This enters tapped."


_CHOICE_WORDS = {"color": "a color", "creature_type": "a creature type", "card_name": "a card name", "player": "a player",
                 "opponent": "an opponent", "basic_land_type": "a basic land type", "card_type": "a card type"}


@renders(EntersChoice)
def _enters_choice(e: EntersChoice) -> str:
    return f"As this enters, choose {_CHOICE_WORDS[e.choice]}."


def _granted(a: Ability) -> str:
    """A granted ability as it is written in a grant: a keyword in lower case, another ability in quotes."""
    if a.kind == "keyword":
        w = _ability(a)
        return display(w)[:1].lower() + w[1:] if not w.startswith(_ALT_L) else w.lower()
    return '"' + _ability(a) + '"'


@renders(GrantAbility)
def _grant(e: GrantAbility) -> str:
    """"[objects] have [keywords and quoted abilities]" with "gets +N/+N and" (an untyped part), "loses all abilities
    and", "as long as [condition]", "with the chosen name" (CR 613.1f, 113.10, 604.1)."""
    f = e.affects
    if f is None:
        raise Unrenderable("a grant with no objects")
    if isinstance(e.condition, MaxSpeed):
        if f.relation != "this" or e.also or e.parts or e.loses:
            raise Unrenderable("a max speed grant")
        return "Max speed — " + _ability(e.ability)
    plural_ = f.relation is None
    chosen = " with the chosen name" if e.chosen_name else ""
    subjects = _grant_subjects(f, plural_, chosen)
    has = alt("have", "has") if plural_ else "has"
    granted = [_granted(a) for a in e.granted]
    if not granted:
        raise Unrenderable("a grant of nothing")
    listed = alt(count_words(granted, "and"), " and ".join(granted)) if len(granted) > 2 else count_words(granted, "and")
    body = f"{has} " + listed
    if e.lose_land_types:
        if not e.loses:
            raise Unrenderable("land types lost without abilities")
        lose = "lose" if plural_ else "loses"
        gain = alt("have", "gain", "they gain") if plural_ else alt("has", "gains", "it gains")
        body = f"{lose} all land types and abilities" + alt(" and ", ", and ") + f"{gain} {listed}"
    elif e.loses:
        lose = "lose" if plural_ else "loses"
        body = alt(f"{lose} all abilities and {body}", f"{body} and {lose} all other abilities")
    if e.parts:
        if len(e.parts) != 1:
            raise Unrenderable("several untyped parts of a grant")
        pm = re.match(r"^.*?\b(?P<verb>gets?|get)\b(?P<rest>.*)$", e.parts[0].text.rstrip("."), re.I | re.S)
        if not pm:
            raise Unrenderable("a grant's untyped part that is not a power/toughness change")
        body = untyped(pm.group("verb") + pm.group("rest")) + " and " + body  # the change itself is untyped (layer 7c)
    forms = []
    for subj, cond in subjects:
        core = f"{subj} {body}"
        c = condition(e.condition) if e.condition is not None else ""
        if cond and c:
            continue
        c = c or cond
        if c:
            forms.append(f"{core} as long as {c}.")
            forms.append(f"As long as {c}, {core[:1].lower() + core[1:]}.")
            forms.append(f"As long as {c}, it {body}.")
        else:
            forms.append(core + ".")
    if not forms:
        raise Unrenderable("a grant's objects")
    return alt(*forms)


def _types_of(f: Filter) -> list[str]:
    return [t for t in f.all_of if t not in _SUPERTYPES]


def _grant_subjects(f: Filter, plural_: bool, chosen: str) -> list[tuple[str, str]]:
    """The ways a grant names its objects, each with the condition its words carry: ("Creatures you control", ""),
    and for the enchanted permanent of two types, ("enchanted permanent", "enchanted permanent is a creature")."""
    if not plural_:
        types = _types_of(f)
        out = [(cap(filter_phrase(f)), "")]
        if f.relation in ("enchanted", "equipped") and types:
            # "As long as enchanted creature is a Wizard, it has ..." (the grant applies to it only with that type)
            for t in types:
                rest = [x for x in types if x != t]
                noun = " ".join(type_word(x) for x in rest) or "permanent"
                out.append((f"{cap(f.relation)} {noun}", f"{f.relation} {noun} is {article(type_word(t))}"))
        return out
    words = filter_phrase(f, plural_=True) + chosen
    if f.other or f.qualifier.other:
        # "Other creatures you control ..." / "Each other creature you control ..." (Exava)
        return [(alt(cap(words), "Each " + filter_phrase(f) + chosen), "")]
    return [(alt(cap(words), "All " + words, "Each " + filter_phrase(f) + chosen, cap(filter_phrase(f) + chosen)), "")]


@renders(LandType)
def _land_type(e: LandType) -> str:
    f = e.affects
    plural_ = f.relation is None
    subject = cap(filter_phrase(f, plural_=plural_))
    if plural_:
        single = "Each " + filter_phrase(f) + " is " + (alt(*(article(t) for t in (e.set or e.add or ()))) if len(e.set or e.add or ()) == 1 else "?")
        tail = alt(" in addition to its other types", " in addition to its other land types") if e.add is not None else ""
        if "?" not in single:
            each_form = single + tail + "."
        else:
            each_form = ""
        subject = alt(subject, "All " + filter_phrase(f, plural_=True))
    else:
        each_form = ""
    types = e.set if e.set is not None else e.add
    if not types:
        raise Unrenderable("no land types")
    if set(types) == set(BASIC_LAND_TYPES) and len(types) == 5:
        words = "every basic land type"
    else:
        ws = [plural(t) if plural_ else t for t in types]
        words = any_order(ws, lambda xs: count_words(xs, "and"))
        if not plural_:
            words = alt("a " + words, "an " + words)
    verb = "are" if plural_ else "is"
    whose = "their" if plural_ else "its"
    tail = alt(f" in addition to {whose} other types", f" in addition to {whose} other land types") if e.add is not None else ""
    return alt(f"{subject} {verb} {words}{tail}.", each_form) if each_form else f"{subject} {verb} {words}{tail}."


@renders(ManaReplacement)
def _mana_replacement(e: ManaReplacement) -> str:
    """"If a land is tapped for mana, it produces {B} instead of any other type." and kin (CR 106.12b, 614.1a)."""
    f = e.applies
    inner = _inner(f)
    if e.by_subtype is not None:
        pairs = [f"{plural(sub)} produce {mana([t])}" for sub, t in e.by_subtype]
        return f"If tapped for mana, {count_words(pairs, 'and')} instead of any other type."
    # what it produces
    if e.multiply:
        times = {2: "twice", 3: "three times"}.get(e.multiply)
        if times is None:
            raise Unrenderable("a multiplier")
        out = f"{times} as much of that mana"
    elif e.mana is not None:
        out = mana(e.mana)
    elif e.to_type == "C":
        out = alt("colorless mana", "{C}")
    elif e.to_type in COLOR_WORDS:
        out = alt(mana([e.to_type]), f"{COLOR_WORDS[e.to_type]} mana")
    elif e.to_type == "any_color":
        out = ("one mana" if e.amount == 1 else "mana") + " of a color of your choice"
    elif e.to_type == "chosen_color":
        out = "mana of the chosen color"
    else:
        raise Unrenderable("a mana replacement output")
    if e.multiply:
        tail = " instead"
    elif e.replaces is not None and set(e.replaces) == set("WUBRG"):
        tail = " instead of any other color"
    elif e.replaces is not None and len(e.replaces) == 1:
        tail = f" instead of {COLOR_WORDS.get(e.replaces[0], 'colorless')} mana"
    elif e.replaces is not None:
        raise Unrenderable("replaced types")
    else:
        tail = " instead of any other type" + (" and amount" if e.mana is not None or e.amount is not None else "")
    much = f" for {number(e.min_amount)} or more mana" if e.min_amount else " for mana"
    obj = filter_phrase(inner, det="a")
    if e.targeted:
        subjects = [f"If target {filter_phrase(inner)} is tapped{much}, it produces"]
    else:
        subjects = [f"If {obj} is tapped{much}, it produces"]
        if f.controller == "you":
            subjects += [f"If you tap {obj}{much}, it produces", f"If you tap {obj} you control{much}, it produces",
                         f"If {obj} you control is tapped{much}, it produces"]
        else:
            subjects += [f"If a player taps {obj}{much}, it produces",
                         f"{cap(filter_phrase(inner, plural_=True))} tapped{much} produce"]
    forms = [f"{subj} {out}{tail}." for subj in subjects]
    core = alt(*forms)
    if e.duration == "end_of_turn":
        return "Until end of turn, " + lower_first(core)
    if e.duration is not None:
        raise Unrenderable(f"duration {e.duration!r}")
    return core


@renders(TriggeredAddMana)
def _triggered_add_mana(e: TriggeredAddMana) -> str:
    out = e.output
    if out is None:
        raise Unrenderable("no output")
    if e.keyword == "firebending":
        a = out.amount
        riders = [r.text for r in out.riders]
        if out.mana != ("R",) or riders != ["Until end of combat, you don't lose this mana as steps and phases end."]:
            raise Unrenderable("firebending output")
        if isinstance(a, Fixed):
            return f"Firebending {a.n}"
        return f"Firebending X{_where_x(a)}."
    event = e.event
    low = normalise_head(event)
    if isinstance(e.condition, ModeUnchosen):
        # a mode of a modal triggered ability: its line is the mode alone (CR 700.2b)
        return "• " + cap(add_mana(out, triggered=True))
    if e.enters == "enters" and not re.fullmatch(r"when(?:ever)? this enters", low):
        raise Unrenderable("an enters trigger whose wording is not this entering")
    if e.enters == "other_enters" and not (low.startswith("whenever") and re.search(r"\benters\b", low)):
        raise Unrenderable("an other-enters trigger whose wording is not one")
    if e.enters is None and re.search(r"\benters\b", low):
        raise Unrenderable("an enters event not typed")
    head = event
    cond = e.condition
    if isinstance(cond, AnchorChosen):
        head = f"• {cond.word} — {event}"
    elif isinstance(cond, HasLegalTarget):
        # the ability's own target (its words are in a rider): it adds mana only with a legal target (CR 603.3d, 608.2b)
        if not any(re.search(r"\btarget\b", r.text, re.I) for r in out.riders):
            raise Unrenderable("a target condition without a target in the words")
    elif isinstance(cond, ModeUnchosen):
        # a mode of a modal triggered ability: its line is the mode alone (CR 700.2b)
        body = add_mana(out, triggered=True)
        return "• " + cap(body)
    elif isinstance(cond, ResolvedThisTurn):
        out = dataclasses.replace(out, condition=cond)
    elif cond is not None:
        head += alt(", if ", " while ") + condition(cond)
    body = add_mana(out, triggered=True)
    if e.optional:
        body = "you may " + body
    forms = [body]
    a = out.amount
    if isinstance(a, CountersOn) and a.counter and not e.optional and cond is None:
        # "remove all charge counters from this artifact. Add ... for each charge counter removed this way": the
        # counters removed are the counters on it as the ability resolves (CR 122.1, 608.2h)
        removed = dataclasses.replace(out, amount=CountersRemoved(a.counter))
        forms.append(f"remove all {a.counter} counters from this. " + cap(add_mana(removed, triggered=True)))
    if isinstance(cond, ControlsAtLeast) and cond.n == 1 and isinstance(a, StatOf) and a.relation == "sacrificed" \
            and cond.filter.other and len(cond.filter.qualifier.compare) == 1 and a.stat == "power":
        # "you may sacrifice another creature. If you do, add an amount of {R} equal to the sacrificed creature's
        # power": mana only while its controller controls another creature with power 1 or greater (CR 608.2d,
        # 701.21a, 107.1b)
        comp = cond.filter.qualifier.compare[0]
        if (comp.quantity, comp.op, comp.value) == ("power", ">=", 1):
            plain = dataclasses.replace(cond.filter, controller="any",
                                        qualifier=dataclasses.replace(cond.filter.qualifier, compare=()))
            head = event
            forms = [f"you may sacrifice {filter_phrase(plain, det='a')}. If you do, " + body]
    body = alt(*forms)
    if e.once_each_turn:
        body += " This ability triggers only once each turn."
    if isinstance(cond, ResolvedThisTurn) and out.riders:
        # "you gain 4 life if this is the first time ... If it's the second time, add {R}{G}{W}{U}. If it's the third
        # time, ..." (Omnath): the riders around the instruction in printed order
        main = add_mana(dataclasses.replace(out, riders=()), triggered=True)
        rs = [untyped(r.text) for r in out.riders]
        forms = [" ".join(rs[:i] + [cap(main)] + rs[i:]) for i in range(len(rs) + 1)]
        return head + ", " + alt(*(lower_first(f) for f in forms))
    return head + ", " + body


@renders(Modal)
def _modal(e: Modal) -> str:
    n = {(1, 1): "one", (2, 2): "two", (3, 3): "three", (1, None): "one or more", (1, 2): "one or both",
         (0, None): "any number"}.get((e.choose, e.most if e.most is not None else None))
    if e.most == 1 and e.choose == 1:
        n = "one"
    if n is None:
        raise Unrenderable("a mode count")
    head = f"Choose {n}" + (" that hasn't been chosen" if e.unchosen == "ever" else
                            " that hasn't been chosen this turn" if e.unchosen == "turn" else "")
    sep = alt(" —", ".")
    parts = " ".join(untyped(p.text) for p in e.parts)
    modes = "\n".join(untyped(m.text) for m in e.modes)
    return head + sep + (" " + parts if parts else "") + "\n" + modes


@renders(CastAsThoughFlash)
def _flash_permission(e: CastAsThoughFlash) -> str:
    f = e.spells
    if f.alternatives and not f.all_of and [tuple(a.all_of) for a in f.alternatives] == [("Artifact",), ("Legendary",), ("Saga",)] \
            and all(a.qualifier.empty and not a.none_of and not a.colors for a in f.alternatives):
        return alt("You may cast historic spells as though they had flash.", "Historic spells you cast have flash.") \
            if e.who == "you" else _raise("historic flash for others")
    if f.alternatives:
        kinds = [_spell_words(a) for a in f.alternatives]
        spells = alt(count_words(kinds, "and") + " spells", count_words([k + " spells" for k in kinds], "and"),
                     count_words(kinds, "or") + " spells")
        words = count_words(kinds, "and")
    else:
        words = _spell_words(f)
        spells = (words + " spells") if words else "spells"
    if e.who == "owner":
        return f"{cap(words)} cards you own that aren't on the battlefield have flash."
    who = {"you": "You may", "any": alt("Any player may", "Players may", "Each player may")}[e.who]
    forms = [f"{who} cast {spells} as though they had flash."]
    if e.who == "you":
        forms.append(f"{cap(spells)} you cast have flash.")
    return alt(*forms)


def _spell_words(f: Filter) -> str:
    """The words before "spells" of a flash permission ("green creature", "historic", "colorless", "noncreature")."""
    if f.relation is not None or f.any_of or f.zone != "battlefield" or f.other:
        raise Unrenderable("flash permission spells")
    pre, post = _qualifier_parts(f.qualifier)
    if post:
        raise Unrenderable("flash permission qualifier")
    ws = list(pre)
    ws += [COLOR_WORDS[c] for c in f.colors]
    ws += ["non" + t.lower() for t in f.none_of if t in _CARD_TYPES]
    if len([t for t in f.none_of if t not in _CARD_TYPES]):
        raise Unrenderable("flash permission exclusions")
    # "Permanent" is no test of a card (solver.rules.quantities.card_matches): "noncreature" is read as every card that is
    # not a creature, so it is not printed (a "permanent spells" sentence would not print back)
    types = [t for t in f.all_of if t != "Permanent"]
    return " ".join(ws + [type_word(t) for t in types])


@renders(CantBeTargeted)
def _cant_be_targeted(e: CantBeTargeted) -> str:
    f = e.affects
    if f.zone == "graveyard" and f.relation is None:
        subject = "Cards in graveyards"
        plural_ = True
    else:
        plural_ = f.relation is None
        subject = cap(filter_phrase(f, plural_=plural_))
    def quality(qs: tuple) -> str:
        if not qs:
            return ""
        ws = []
        for q in qs:
            if q.everything or q.color_count or q.supertypes:
                raise Unrenderable("a target quality")
            w = ["non" + COLOR_WORDS[c] for c in q.not_colors] + [COLOR_WORDS[c] for c in q.colors] + \
                [t.lower() for t in q.types] + [type_word(t) for t in q.subtypes]
            ws.append(" ".join(w))
        return count_words(ws, "or") + " "
    sp, src = quality(e.spell_quality), quality(e.source_quality)
    by = " your opponents control" if e.by == "opponent" else ""
    target = alt("the target", "the targets") if plural_ else "the target"
    if e.spells and e.abilities:
        if sp == src:
            what = alt(f"{sp}spells or abilities{by}", f"{sp}spells or abilities from {src}sources{by}") if sp else f"spells or abilities{by}"
        else:
            what = alt(f"{sp}spells or abilities from {src}sources{by}",
                       f"{sp}spells{by} or abilities from {src}sources{by}")
    elif e.spells and e.abilities is False and by and src == "" and sp:
        what = f"{sp}spells{by}"
    elif e.spells:
        what = f"{sp}spells{by}"
    elif e.abilities:
        what = f"abilities{by}" if not src else f"abilities from {src}sources{by}"
    else:
        raise Unrenderable("nothing stopped")
    return f"{subject} can't be {target} of {what}."


renders(TimingRestriction)(lambda e: restriction(e))


@renders(SelfTypeChange)
def _self_type_change(e: SelfTypeChange) -> str:
    """"During turns other than yours, this artifact is a 2/3 Gargoyle artifact creature with flying", "As long as
    this artifact has eight or more +1/+1 counters on it, it's a 0/0 creature in addition to its other types and it
    has annihilator 2" (CR 613.1d, 613.4b, 613.1f)."""
    desc = [type_word(t) for t in e.subtypes] + [type_word(t) for t in _TYPE_ORDER if t in e.types]
    what = " ".join(desc)
    if e.power is not None:
        what = f"{e.power}/{e.toughness} " + what
    kws = [_granted(a) for a in e.also]
    is_words = article(what)
    tail = ""
    if not e.replace_creature_types and "Creature" in e.types:
        tail = alt(" in addition to its other types", "")
    elif e.replace_creature_types:
        tail = alt("", " that's still a planeswalker", " in addition to its other types")
    forms = []
    for verb in (" is", "'s"):
        body = f"{verb} {is_words}"
        with_kw = (" with " + count_words(kws, "and")) if kws else ""
        has_kw = (alt(" and it has ", " and has ") + count_words(kws, "and")) if kws else ""
        forms.append(body + with_kw + tail)
        if kws:
            forms.append(body + tail + has_kw)
    subject_forms = alt("this", "it")
    c = e.condition
    if isinstance(c, DuringTurn):
        when = "During your turn" if c.whose == "you" else "During turns other than yours"
        return f"{when}, {subject_forms}" + alt(*[f for f in forms if not f.startswith("'")]) + "."
    if c is None:
        return f"{cap(subject_forms)}" + alt(*forms) + "."
    cond = condition(c)
    return f"As long as {cond}, " + alt("it", "this") + alt(*forms) + "."


@renders(ActivationCostChange)
def _activation_cost_change(e: ActivationCostChange) -> str:
    """"Activated abilities of creatures you control cost {2} less to activate." and kin (CR 602.2b)."""
    if e.activator == "opponents":
        raise Unrenderable("an activation cost change of opponents")
    src = e.sources
    amount = f"cost {{{e.amount}}} {e.direction} to activate"
    if src is None:
        if e.activator == "you" and not e.mana_abilities:
            core = f"Abilities you activate that aren't mana abilities {amount}."
        elif e.activator == "any" and not e.mana_abilities:
            core = f"Activated abilities {amount} unless they're mana abilities."
        elif e.activator == "any":
            core = f"Activated abilities {amount}."
        else:
            raise Unrenderable("an activation cost change form")
    else:
        if not e.mana_abilities or e.activator != "any":
            raise Unrenderable("an activation cost change form")
        if src.relation in ("enchanted", "equipped"):
            noun = _relation_phrase(src)
            core = alt(f"Activated abilities of {noun} {amount}.", f"{cap(noun)}'s activated abilities {amount}.")
        else:
            inner = src if e.zone != "graveyard" else Filter(**{**{k: getattr(src, k) for k in src.__dataclass_fields__},
                                                                   "controller": "you"})
            core = f"Activated abilities of {filter_phrase(inner, plural_=True)} {amount}."
    if e.min_one:
        core += alt(" This effect can't reduce the mana in that cost to less than one mana.",
                    " This effect can't reduce the mana in that ability's activation cost to less than one mana.")
    if e.condition is not None:
        c = condition(e.condition)
        core = alt(f"As long as {c}, " + core[:1].lower() + core[1:] if not core.startswith(_ALT_L) else core,
                   core.rstrip(".") + f" as long as {c}.")
    return core


@renders(CantPayCosts)
def _cant_pay_costs(e: CantPayCosts) -> str:
    if e.spells is None:
        raise Unrenderable("no casting part")
    bits = []
    if e.life:
        bits.append("pay life")
    if e.sacrifice is not None:
        bits.append("sacrifice " + filter_phrase(e.sacrifice, plural_=True))
    what = " or ".join(bits)
    tail = alt("to cast spells or activate abilities", "to cast spells or to activate abilities") if e.mana_abilities else \
        alt("to cast spells or to activate abilities that aren't mana abilities",
            "to cast spells or activate abilities that aren't mana abilities")
    return f"Players can't {what} {tail}."


@renders(SpendAsThough)
def _spend_as_though(e: SpendAsThough) -> str:
    """"You may spend white mana as though it were mana of any color.", "Players may spend mana as though it were
    mana of any color.", "You may spend other mana only as though it were colorless mana." (CR 609.4b)."""
    who = {"you": "You may", "each": "Players may"}.get(getattr(e, "players", "you"))
    if who is None:
        raise Unrenderable("a spending form")
    out = []
    for rule in e.rules:
        r = dict(rule)
        if set(r) - {"mana", "as", "only"}:
            raise Unrenderable("a spending form")
        m = r["mana"]
        mana_w = {"any": "mana", "other": "other mana"}.get(m) or (f"{COLOR_WORDS[m]} mana" if m in COLOR_WORDS else "")
        as_w = {"any_color": "mana of any color", "any_type": "mana of any type", "C": "colorless mana"}.get(r["as"]) or \
            (f"{COLOR_WORDS[r['as']]} mana" if r["as"] in COLOR_WORDS else "")
        if not mana_w or not as_w:
            raise Unrenderable("a spending colour")
        out.append(f"{who} spend {mana_w}{' only' if r.get('only') else ''} as though it were {as_w}.")
    if not out:
        raise Unrenderable("no spending rule")
    return " ".join(out)


@renders(PutOntoBattlefieldProcess)
def _process(e: PutOntoBattlefieldProcess) -> str:
    """Hypergenesis, Eureka, Show and Tell (CR 608.2c): "[Starting with you,] each player may put [kinds] card from
    their hand onto the battlefield. [Repeat this process until no one puts a card onto the battlefield.]"."""
    kinds = tuple(e.kinds)
    if set(kinds) == {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}:
        what = "a permanent card"
    else:
        what = article(count_words(list(kinds), "or") + " card")
    head = {"you": "Starting with you, each player", "active": "Each player"}[e.starting]
    out = f"{head} may put {what} from their hand onto the battlefield."
    if e.repeat:
        out += " Repeat this process until no one puts a card onto the battlefield."
    return out


@renders(CantSpendMana)
def _cant_spend(e: CantSpendMana) -> str:
    """"You can't spend mana to cast this spell." (Hogaak; CR 601.2h)."""
    return "You can't spend mana to cast this spell."


@renders(GainControl)
def _gain_control(e: GainControl) -> str:
    """"Gain control of target [object] until end of turn. Untap that [object]. It gains haste until end of turn."
    (CR 613.1b, 701.26b, 702.10); the target words through the targets rules."""

    spec = parse_target_phrase("target " + e.target)
    if spec is None or spec.unknown or spec.count != 1:
        raise Unrenderable(f"target {e.target!r} is not read by the targets rules")
    if e.untap not in ("it", "that creature", "that permanent", "that artifact"):
        raise Unrenderable(f"untap {e.untap!r}")
    return (f"Gain control of target {e.target} until end of turn. Untap {e.untap}. "
            "It gains haste until end of turn.")


@renders(CantCast)
def _cant_cast(e: CantCast) -> str:
    """"Spells with the chosen name can't be cast", "Your opponents can't cast spells with the chosen name" (CR 101.2,
    607.2d)."""
    if not e.chosen_name:
        raise Unrenderable("a can't-cast effect without the chosen name")
    if e.who == "opponents":
        return "Your opponents can't cast spells with the chosen name."
    return alt("Spells with the chosen name can't be cast.", "Players can't cast spells with the chosen name.")


@renders(FreeCastPermission)
def _free_cast(e: FreeCastPermission) -> str:
    """"[You / Any player] may cast [kind] spells [with mana value N or less] [from your hand] without paying their
    mana costs [and as though they had flash]" (Aluren, Omniscience, Dracogenesis; CR 118.9, 601.2b, 702.8a)."""
    who = "Any player may" if e.who == "any" else "You may"
    kinds = [type_word(t) for t in e.types]
    subject = (count_words(kinds, "or") + " spells") if kinds else "spells"
    if e.mv_at_most is not None:
        subject += f" with mana value {e.mv_at_most} or less"
    if e.from_hand:
        subject += " from your hand"
    tail = " and as though they had flash" if e.as_though_flash else ""
    return f"{who} cast {subject} without paying their mana costs{tail}."


@renders(AsThoughHaste)
def _as_though_haste(e: AsThoughHaste) -> str:
    """"You may activate abilities of creatures you control as though those creatures had haste." (CR 302.6)."""
    f = e.affects
    return (f"You may activate abilities of {filter_phrase(f, plural_=True)} as though " +
            alt("those creatures had haste", "they had haste", "it had haste", "that creature had haste") + ".")


@renders(DelveKeywordGrant)
def _delve_keyword_grant(e: DelveKeywordGrant) -> str:
    """Soulflayer (rulings 2014-11-24): "If a creature card with [keyword] was exiled with this creature's delve
    ability, this creature has [keyword]. The same is true for [the others]."."""
    if not e.keywords:
        raise Unrenderable("no keywords")
    first, rest = e.keywords[0], list(e.keywords[1:])
    head = (f"If {article(e.card_type.lower() + ' card')} with {first} was exiled with this's delve ability, "
            f"this has {first}.")
    return head + (f" The same is true for {count_words(rest, 'and')}." if rest else "")


@renders(DelveCount)
def _delve_count(e: DelveCount) -> str:
    """Murktide Regent: "This creature enters with a +1/+1 counter on it for each instant and sorcery card exiled
    with it." (ruling 2021-06-18)."""
    kinds = count_words([t.lower() for t in e.card_types], "and") + " card" if e.card_types else "card"
    return f"This enters with {article(e.counter + ' counter')} on it for each {kinds} exiled with it."


_GUILDS = {"WU": "Azorius", "UB": "Dimir", "BR": "Rakdos", "RG": "Gruul", "WG": "Selesnya", "WB": "Orzhov", "UR": "Izzet",
           "BG": "Golgari", "WR": "Boros", "UG": "Simic", "WUB": "Esper", "UBR": "Grixis", "BRG": "Jund", "WRG": "Naya",
           "WUG": "Bant", "WBG": "Abzan", "WUR": "Jeskai", "UBG": "Sultai", "WBR": "Mardu", "URG": "Temur"}


def _target_spec_plural(spec: Any) -> str:
    """"creatures you control" of a simple target requirement (``models.text.targets.TargetSpec``)."""
    if spec.subtypes or spec.excluded or spec.unknown or spec.alternatives or not spec.qualifier.empty or \
            spec.kinds != ("permanent",) or len(spec.types) != 1:
        raise Unrenderable("a target requirement")
    f = Filter(all_of=tuple(spec.types), controller=spec.controller if spec.controller != "any" else "any")
    return filter_phrase(f, plural_=True)


def _devotion_words(colors: str) -> str:
    """"white", "white and black", "Abzan" (CR 700.5)."""
    if len(colors) == 1:
        return COLOR_WORDS[colors]
    key = "".join(c for c in "WUBRG" if c in colors)
    words = [count_words([COLOR_WORDS[c] for c in key], "and")]
    if key in _GUILDS:
        words.append(_GUILDS[key])
    return alt(*words)


def ability_cost_change(c: Any) -> str:
    """"This ability costs {1} less to activate for each artifact you control." and kin (CR 602.2b)."""
    if not isinstance(c, AbilityCostChange):
        raise Unrenderable("an ability cost change")
    head = "This ability costs"
    if isinstance(c.per, Devotion) and c.amount == 1:
        core = f"{head} X {c.direction} to activate, where X is your devotion to {_devotion_words(c.per.color)}"
    elif c.per is not None and c.amount == 1:
        forms = []
        try:
            forms.append(f"{head} {{1}} {c.direction} to activate {amount_each(c.per)}")
        except Unrenderable:
            pass
        try:
            forms.append(f"{head} {{X}} {c.direction} to activate{_where_x(c.per)}")
        except Unrenderable:
            pass
        if not forms:
            raise Unrenderable("the amount of an ability cost change")
        core = alt(*forms)
    elif c.per is not None:
        core = f"{head} {{{c.amount}}} {c.direction} to activate {amount_each(c.per)}"
    else:
        core = f"{head} {{{c.amount}}} {c.direction} to activate"
    if isinstance(c.condition, TargetsInclude):
        spec = c.condition.spec
        core += f" if it targets {number(c.condition.count)} " + _target_spec_plural(spec)
    elif c.condition is not None:
        core += " if " + condition(c.condition)
    if c.during == "controller_turn":
        core = alt(core + " during your turn", "During your turn, " + core[:1].lower() + core[1:])
    return core + "."


@renders(AttachedChange)
def _attached_change(e: AttachedChange) -> str:
    """What an Aura or Equipment makes the object it is attached to (CR 303.4, 301.5, 613.1b-f): "Enchanted creature
    loses all abilities and is a blue Frog creature with base power and toughness 1/1", "Enchanted permanent is a
    colorless land with "{T}: Add {C}" and loses all other card types and abilities"."""
    f = e.affects
    subject = cap(_relation_phrase(f))
    typed = e.types is not None or e.subtypes is not None or e.colors is not None or e.supertypes or e.loses \
        or e.granted or e.power is not None or e.new_name is not None
    parts = [p.text.rstrip(".") for p in e.parts]
    gets = ""
    if parts:
        pm = re.match(r"^.*?\b(?P<v>gets?)\b(?P<rest>\s+[+-]\d+/[+-]\d+)$", parts[0], re.I)
        if pm and len(parts) == 1 and typed:
            gets = untyped(pm.group("v") + pm.group("rest")) + " and "
        elif not typed and len(parts) == 1:
            # the sentence is the untyped part ("You control enchanted creature."): its object words are typed
            if not re.search(r"\b(?:enchanted|equipped)\b", parts[0], re.I):
                raise Unrenderable("an attached change whose part does not name the attached object")
            return untyped(parts[0]) + "."
        else:
            raise Unrenderable("an attached change with several untyped parts")
    desc: list[str] = []
    if e.colors is not None:
        desc.append("colorless" if e.colors == "" else count_words([COLOR_WORDS[c] for c in e.colors], "and"))
    desc += [t.lower() for t in e.supertypes]
    desc += [type_word(t) for t in (e.subtypes or ())]
    desc += [type_word(t) for t in (e.types or ())]
    if not desc and e.power is None and not e.granted:
        if e.loses:
            return alt(f"{subject} loses all abilities.", f"{subject} loses all other abilities.")
        raise Unrenderable("an attached change with nothing")
    only_supers = bool(e.supertypes) and not (e.types or e.subtypes or e.colors is not None)
    what = " ".join(desc)
    is_clause = "is " + (what if only_supers else article(what) if what else "a creature")
    quoted = [f'"{_ability(a)}"' for a in e.granted if a.kind != "keyword"]
    keywords = [_granted(a) for a in e.granted if a.kind == "keyword"]
    if e.power is not None:
        is_clause += f" with base power and toughness {e.power}/{e.toughness}"
    if quoted:
        is_clause += alt(" with ", " and ") + count_words(quoted, "and")
    if e.new_name:
        is_clause += f" named {e.new_name}"
    if e.add_types:
        is_clause += " in addition to its other types"
    tails = []
    if keywords:
        tails.append("has " + count_words(keywords, "and"))
    replaced = e.types is not None and not e.add_types
    lose_forms = [""]
    if e.loses:
        lose_forms = ["loses all abilities", "loses all other abilities", "it loses all other abilities"]
        if replaced:
            lose_forms += ["loses all other card types and abilities", "it loses all other card types and abilities",
                           "loses all other abilities, card types, and creature types",
                           "it loses all other abilities, card types, and creature types"]
    elif replaced:
        lose_forms = ["", "loses all other card types", "it loses all other card types"]
    forms = []
    for lose in lose_forms:
        rest = tails + ([lose] if lose else [])
        body = gets + is_clause + "".join(alt(" and ", ", and ") + r for r in rest)
        forms.append(f"{subject} {body}.")
        if lose and lose.startswith("loses all abilities") and not tails:
            forms.append(f"{subject} {gets}{lose} and {is_clause}.")
    return alt(*forms)


# ---------------------------------------------------------------------------
# Whole abilities
# ---------------------------------------------------------------------------

def ability(a: Ability, names: Sequence[str] = ()) -> str:
    """The pattern of a whole ability line: an activated ability's cost, effect, restriction and cost change; a
    keyword line; a triggered, static or spell ability's sentences (CR 113, 602.1). ``names``: the card's own names
    (``self_names``), for untyped wording that names the card."""
    token = _NAMES.set(tuple(names))
    try:
        return _ability(a)
    finally:
        _NAMES.reset(token)


def _ability(a: Ability) -> str:
    if a.kind == "keyword":
        if a.cost_change is not None:
            raise Unrenderable("a keyword's cost change")
        return effect(a.effect) + (". " + restriction(_restriction_of(a)) if a.restriction is not None else "")
    if a.kind == "activated" and isinstance(a.effect, Unmodelled):
        # the untyped sentence is the line itself: what follows the typed cost is the effect's own words, with the
        # typed restriction and cost change among them (checked below)
        body = wild("effect not modelled")
    else:
        body = effect(a.effect)
    if a.kind == "triggered" and isinstance(a.effect, ManaReplacement):
        # a delayed or triggered replacement: its trigger condition is not part of the typed effect (CR 603.1)
        body = wild("trigger condition", r"(?:at|when|whenever).*") + " " + body
    if a.kind != "activated":
        if a.restriction is not None or a.cost_change is not None:
            raise Unrenderable("a restriction on an ability that is not activated")
        if a.kind == "static" and set(a.zones) == {"battlefield", "command"}:
            # "As long as this is in the command zone or on the battlefield, ..." (eminence, CR 113.6p)
            return "As long as this is in the command zone or on the battlefield, " + lower_first(body)
        if a.kind == "static" and tuple(a.zones) == ("graveyard",) and isinstance(a.effect, GrantAbility):
            # "As long as this card is in your graveyard [and you control a Mountain], creatures you control have
            # haste." (Anger, Riftstone Portal; CR 113.6b): the zone, then the grant's own condition
            grant = a.effect
            core = effect(dataclasses_replace(grant, condition=None)) if grant.condition is not None else body
            also = f" and {condition(grant.condition)}" if grant.condition is not None else ""
            return f"As long as this card is in your graveyard{also}, " + lower_first(core.rstrip("."))
        return body
    if a.cost is None:
        raise Unrenderable("an activated ability without a cost")
    head = activation_cost(a.cost) if a.loyalty is None else _loyalty(a.loyalty)
    extra = []
    if a.cost.spend is not None and not isinstance(a.effect, Modal):  # a modal ability's modes carry it
        extra.append(_spend_only(a.cost.spend))
    if a.cost.tap_instead:
        extra.append(wild("tap rather than pay"))
    if a.cost_change is not None:
        extra.append(ability_cost_change(a.cost_change))
    keyword_form = ""
    if a.restriction is not None:
        r = restriction(_restriction_of(a))
        extra.append(r)
        keyword_form = _dash_keyword(r, a.kind)
    if keyword_form and "\n" not in body:
        # "Exhaust — [cost]: [effect]" is "[cost]: [effect]. Activate only once." (CR 702.177a; boast, forecast)
        return alt(f"{head}: " + " ".join([body] + extra), f"{keyword_form} — {head}: " + " ".join([body] + extra[:-1]))
    if "\n" in body:  # the bulleted modes come after every sentence of the line (CR 700.2)
        first, rest = body.split("\n", 1)
        return f"{head}: " + " ".join([first] + extra) + "\n" + rest
    return f"{head}: " + " ".join([body] + extra)


def _dash_keyword(restriction_words: str, kind: str) -> str:
    """The keyword whose rule spells out this restriction ("Activate only once." -> "Exhaust"), or ``""``."""

    for word, spelled in DASH_ABILITY_KEYWORDS.items():
        extra = spelled.get(kind)
        if extra and _MARK.sub("", restriction_words) == restriction_words and normalise(restriction_words) == normalise(extra):
            return cap(word)
    return ""


def _restriction_of(a: Ability) -> TimingRestriction:
    if not isinstance(a.restriction, TimingRestriction):
        raise Unrenderable("a restriction that is not a timing restriction")
    return a.restriction


def _loyalty(v: str) -> str:
    return alt(v, v.replace("-", "−"), f"[{v}]", f"[{v.replace('-', '−')}]")


def _spend_only(s: Any) -> str:
    if s.chosen:
        return "Spend only mana of the chosen color to activate this ability."
    cols = count_words([COLOR_WORDS[c] for c in s.colors], "and/or")
    return f"Spend only {cols} mana on X." if s.on_x else f"Spend only {cols} mana to activate this ability."


#: "Word — " at the start of a line: an ability word or flavor word (CR 207.2c-d), no rules meaning.
_LABEL = re.compile(r"^(?P<word>[A-Za-z][^—:{}\"“•|+\[\]()]*?)\s*—\s*(?P<rest>\S.*)$", re.S)


def strip_label(line: str) -> str:
    """A line without its leading ability word or flavor word ("Landfall — Whenever ..." -> "Whenever ..."; CR
    207.2c-d: they have no rules meaning); a keyword's own dash ("Ward—Pay 2 life") and "Max speed —" are kept."""

    m = _LABEL.match(line)
    if not m:
        return line
    w = m.group("word").strip().lower()
    first = w.split()[0] if w.split() else w
    if w in KEYWORD_NAMES or first in KEYWORD_NAMES or w in _DASH_KEYWORDS or first in _DASH_KEYWORDS \
            or w in KEYWORD_ACTIONS or w in _DASH_WORDS_KEPT or first in _DASH_WORDS_KEPT:
        return line
    return m.group("rest")


@renders(PlayerKeyword)
def _player_keyword(e: PlayerKeyword) -> str:
    """"You have hexproof." / "You have shroud." / "You have protection from everything." / "You have protection from
    each of your opponents." (CR 702.11c, 702.18a, 702.16j-k)."""
    if e.keyword in ("hexproof", "shroud") and not e.quality and not e.from_opponents:
        return f"You have {e.keyword}."
    if e.keyword == "protection" and e.from_opponents and not e.quality:
        return "You have protection from each of your opponents."
    if e.keyword == "protection" and len(e.quality) == 1 and getattr(e.quality[0], "everything", False) \
            and not e.from_opponents:
        return "You have protection from everything."
    raise Unrenderable("a player's protection from a quality")


@renders(SpellTargetRestriction)
def _spell_target_restriction(e: SpellTargetRestriction) -> str:
    """"You can't choose an untapped creature as this spell's target as you cast it." (CR 601.2c)."""
    return f"You can't choose an untapped {type_word(e.untapped_what).lower()} as this spell's target as you cast it."
