"""Card-name normalisation for look-ups.

People type card names in many ways: ``lim-dul's vault`` for *Lim-Dûl's Vault*,
``Æther Vial`` for *Aether Vial* (Oracle spells it with "Ae" since 2017),
``Urza’s Saga`` with a curly apostrophe, ``Fire/Ice`` or ``Fire//Ice`` for the
split card *Fire // Ice*. ``normalize_name`` maps all of these to one key, so the
card database (``models.data.database``) can index every card once.

Alchemy rebalanced cards keep their ``A-`` prefix: ``A-Akki Ronin`` and
``Akki Ronin`` are different cards and normalise to different keys.
"""
from __future__ import annotations

import re
import unicodedata

__all__ = ["normalize_name", "split_name"]

# Letters that Unicode does not decompose but that card names and their readers
# spell out: ligatures, Scandinavian/Icelandic/Polish letters, Turkish dotless i.
_LETTERS = str.maketrans({
    "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
})
# Typographic punctuation → ASCII: curly/low/prime apostrophes and quotes, the
# hyphen variants, the modifier-letter colon found in "Ratonhnhaké꞉ton".
_PUNCT = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'",
    "\u02bc": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2212": "-",
    "\ua789": ":",
})
# Any run of slashes (with the blanks around and between them) separates the halves
# of a split / double-faced name: "A/B", "A//B", "A // B", "A / / B" → "a // b".
_SEPARATOR = re.compile(r"\s*(?:/\s*)+")
_SPACES = re.compile(r"\s+")


def _ascii_form(s: str) -> str:
    s = s.lower()
    if "/" in s:
        s = _SEPARATOR.sub(" // ", s)
    return " ".join(s.split())


def _unicode_step(s: str) -> str:
    s = unicodedata.normalize("NFKD", s.translate(_PUNCT))
    s = s.casefold().translate(_LETTERS).translate(_PUNCT)
    s = unicodedata.normalize("NFKD", s)
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = _SEPARATOR.sub(" // ", s)
    return " ".join(s.split())


def normalize_name(s: str) -> str:
    """The look-up key of a card name.

    Rules, in order: typographic apostrophes/quotes/hyphens become ASCII
    (``’`` → ``'``, ``“`` → ``"``); case is folded (``str.casefold``); accents are
    removed (``Lim-Dûl`` → ``lim-dul``, ``Lórien`` → ``lorien``); letters without a
    decomposition are spelled out (``Æ``/``æ`` → ``ae``, ``œ`` → ``oe``, ``ø`` → ``o``);
    runs of white space collapse to one blank and the ends are stripped; every run of
    slashes becomes the Oracle split separator, so ``A/B``, ``A//B`` and ``A // B``
    all give ``a // b``. The Alchemy prefix ``A-`` is kept.

    Parameters
    ----------
    s : str
        A card name as typed or as printed.

    Returns
    -------
    str
        The key; ``normalize_name(normalize_name(s)) == normalize_name(s)``.

    Raises
    ------
    TypeError
        ``s`` is not a string.
    """
    if not isinstance(s, str):
        raise TypeError(f"card name must be a string, got {type(s).__name__}")
    if s.isascii():
        return _ascii_form(s.replace("`", "'"))
    # Unicode folding steps can feed one another (a compatibility character that
    # decomposes to a capital, a case fold that yields a combining mark); repeat
    # until nothing changes so the result is a fixed point (idempotent).
    prev, cur = None, s
    for _ in range(6):
        if cur == prev:
            break
        prev, cur = cur, _unicode_step(cur)
    return cur


def split_name(name: str) -> tuple[str, ...]:
    """The face names of a ``"A // B"`` style name (``("A", "B")``); a plain name gives ``(name,)``.

    Only the Oracle separator (`` // `` with blanks) splits; ``SP//dr, Piloted by Peni`` is one name.
    """
    parts = [p.strip() for p in name.split(" // ")]
    return tuple(p for p in parts if p) or (name,)
