"""Words of rules text as the renderers print them: numbers (CR 107.1), mana symbols (CR 107.4), card types and
supertypes in their printed order (CR 205.2, 205.4), lists ("A, B, and C"), articles and capitals.
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Sequence

from ...game.subtypes import SUBTYPES
from .patterns import ALT_L, ALT_R, ALT_SEP, Unrenderable, alt, expand


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
               "Sorcery", "Tribal")


SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")


TYPE_ORDER = ("Legendary", "Basic", "Snow", "World") + ("Kindred", "Tribal", "Enchantment", "Artifact", "Land",
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
    if t in CARD_TYPES or t in SUPERTYPES or t == "Permanent":
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
    if phrase.startswith(ALT_L):
        return alt(*(article(o) for o in expand(phrase)))
    return ("an " if re.match(r"[aeiou8]|X\b", phrase, re.I) and not re.match(r"one\b|uni|use", phrase, re.I)
            else "a ") + phrase


def cap(s: str) -> str:
    """``s`` with its first letter in upper case (the first letter of each option of a leading alternative)."""
    return _first(s, str.upper)


def lower_first(s: str) -> str:
    """``s`` with its first letter in lower case (the first letter of each option of a leading alternative)."""
    return _first(s, str.lower)


def _first(s: str, f: Callable[[str], str]) -> str:
    if s.startswith(ALT_L):
        end = s.index(ALT_R)
        opts = s[1:end].split(ALT_SEP)
        return ALT_L + ALT_SEP.join(f(o[:1]) + o[1:] for o in opts) + ALT_R + s[end + 1:]
    return f(s[:1]) + s[1:]
