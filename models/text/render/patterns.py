"""Patterns: canonical wording with alternatives ``⟦a¦b⟧`` and untyped spans ``⟨label⟩``; ``display`` (what a judge
reads), ``normalise`` and ``matches`` (the comparison with a card's sentence: its own names read as "this", CR 201.5;
reminder text dropped, CR 207.2); ``Unrenderable``, raised for anything a renderer cannot print.
"""
from __future__ import annotations

import functools
import itertools
import re
from typing import Callable, Iterable, Sequence




class Unrenderable(ValueError):
    """A typed value the renderer cannot print as Oracle wording (the message names it): the reading that holds it
    is not accepted as a whole-sentence reading."""


ALT_L, ALT_SEP, ALT_R = "⟦", "¦", "⟧"


WILD_L, _WILD_R = "⟨", "⟩"


MARK = re.compile("(" + ALT_L + "[^" + ALT_R + "]*" + ALT_R + "|" + WILD_L + "[^" + _WILD_R + "]*" + _WILD_R + ")")


def expand(pattern: str) -> list[str]:
    """Every literal wording of a pattern without untyped spans (its alternatives multiplied out)."""
    pieces = MARK.split(pattern)
    out = [""]
    for piece in pieces:
        opts = piece[1:-1].split(ALT_SEP) if piece.startswith(ALT_L) and piece.endswith(ALT_R) else [piece]
        out = [o + x for o in out for x in opts]
        if len(out) > 1024:
            raise Unrenderable("too many alternatives")
    return out


def alt(*options: str) -> str:
    """A pattern part matching any of ``options`` (wordings; alternatives inside them are multiplied out, untyped
    spans kept); one option is itself."""
    opts: list[str] = []
    for o in options:
        opts.extend(expand(o) if MARK.search(o) else [o])
    opts = list(dict.fromkeys(opts))
    if len(opts) == 1:
        return opts[0]
    return ALT_L + ALT_SEP.join(opts) + ALT_R


def wild(label: str, words: str = "") -> str:
    """A pattern part standing for words the reading does not type (shown as ``[label]``); ``words``: a regular
    expression over ``normalise``d wording the words must match (the kind of words the reading typed: "a combat
    event"), else any words."""
    if "|" in label or _WILD_R in words:
        raise Unrenderable("a label with '|'")
    return WILD_L + label + ("|" + words if words else "") + _WILD_R


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
        if s.startswith(ALT_L):
            return display(s[1:-1].split(ALT_SEP)[0])
        return "[" + s[1:-1].split("|")[0] + "]"
    return MARK.sub(one, pattern).replace(_U_L, "«").replace(_U_R, "»")


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


SELF_RE = re.compile(r"\bthis (?:" + _SELF_NOUNS + r")\b")


THIS_THIS = re.compile(r"\bthis this\b")


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
    t = THIS_THIS.sub("this", SELF_RE.sub("this", t))  # "this Case" of Case of the Filched Falcon: "this"
    t = _NUMBER_RE.sub(lambda m: _NUMBERS[m.group(1)], t)
    t = _PUNCT.sub(" ", t)
    return re.sub(r"\s+", "", t)


@functools.lru_cache(maxsize=65536)
def pattern_regex(pattern: str, names: tuple[str, ...] = ()) -> "re.Pattern[str]":
    """The regular expression of a pattern over ``normalise``d wording (``names``: the card's own names, which
    untyped spans of the pattern may contain)."""
    return re.compile(_regex(pattern, names))


_WILD_ONLY = re.compile("(" + WILD_L + "[^" + _WILD_R + "]*" + _WILD_R + ")")


def _regex(pattern: str, names: tuple[str, ...], top: bool = True) -> str:
    out = []
    for piece in (MARK if top else _WILD_ONLY).split(pattern):
        if not piece:
            continue
        if top and piece.startswith(ALT_L) and piece.endswith(ALT_R):
            out.append("(?:" + "|".join(_regex(o, names, False) for o in piece[1:-1].split(ALT_SEP)) + ")")
        elif piece.startswith(WILD_L) and piece.endswith(_WILD_R):
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
    for piece in MARK.split(pattern):
        if not piece:
            continue
        if piece.startswith(WILD_L) and piece.endswith(_WILD_R) and "|" not in piece:
            at = set(range(min(at) + 1, len(text) + 1))  # an untyped span: one character or more (".+?")
            continue
        if WILD_L in piece:  # a span with its own expression, or one inside an alternative
            return pattern_regex(pattern, names).fullmatch(text) is not None
        if piece.startswith(ALT_L) and piece.endswith(ALT_R):
            opts = {normalise(o, names) for o in piece[1:-1].split(ALT_SEP)}
        else:
            opts = {normalise(piece, names)}
        at = {i + len(o) for i in at for o in opts if text.startswith(o, i)}
        if not at:
            return False
    return len(text) in at


def fail(what: str) -> str:
    """Raise ``Unrenderable(what)`` where an expression is expected (``x if ok else fail("...")``)."""
    raise Unrenderable(what)
