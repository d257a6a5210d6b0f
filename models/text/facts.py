"""What a sentence the parser did not model speaks of, read once when the ``Unmodelled`` effect is built.

An ``Unmodelled`` sentence stays unmodelled (the gate answers ``unsupported`` when it could apply); these
typed facts only say *which* questions it could change, so that the solver never reads the wording:

* ``cast_from``: zones it may let spells be cast (or cards played) from — "you may cast ... from your
  graveyard", "gains flashback", "play ... exiled" (CR 601.3);
* ``cost_change``: it changes what a spell costs to cast — ``"this"`` for "This spell costs ...",
  ``"spells"`` for other spells (CR 601.2f, 118.7-118.9; "affinity for" too, CR 702.41a);
* ``power_change``: it may set or change creatures' power (layer 7, CR 613.4): "get +1/+1",
  "has base power ...";
* ``spend_change``: it changes how mana may be spent ("spend ... as though", "can't spend mana", CR 609.4b);
* ``keyword_variant``: the line is a keyword variant the frame could not split, lower case ("hexproof from
  artifacts, creatures, and enchantments", CR 702.11d; "trample over planeswalkers", CR 702.19c).

References: CR 601.3, 601.2f, 613.4.
"""
from __future__ import annotations

import functools
import re

_PERMIT_RE = re.compile(r"\b(?:may|can) (?:cast|play)\b|\b(?:gains?|ha(?:s|ve)) (?:flashback|escape|jump-start|retrace)\b", re.I)
_ZONE_WORD = {"graveyard": re.compile(r"graveyard", re.I), "exile": re.compile(r"\bexiled?\b", re.I),
              "library": re.compile(r"\blibrary\b", re.I), "command": re.compile(r"command zone|commander", re.I)}
#: Words that mark a line as changing what a spell costs to cast (CR 601.2f, 118.7-118.9).
COST_TEXT_RE = re.compile(r"\bcosts?\b[^.]*?\b(?:less|more)\b[^.]*?\bto cast\b|\baffinity for\b", re.I)
_SPEND_HINT = re.compile(r"\bspend\b.*\bas though\b|can't spend mana", re.I)
_VARIANT_LINE = re.compile(r"^(hexproof from [a-z ,]+|trample over planeswalkers)$", re.I)
_ANTHEM_RE = re.compile(r"\b(?:get|gets|has base power|have base power|base power and toughness)\b\s*[+-−]?\d", re.I)


@functools.lru_cache(maxsize=65536)
def unmodelled_facts(text: str) -> tuple[frozenset[str], str | None, bool, str | None, bool]:
    """``(cast_from, cost_change, power_change, keyword_variant, spend_change)`` of an unmodelled sentence
    (see the module docstring).

    Parameters
    ----------
    text : str
        The sentence (oracle wording or a catalog description).

    Returns
    -------
    cast_from : frozenset of str
        Zones among ``graveyard``, ``exile``, ``library``, ``command``.
    cost_change : str or None
        ``"this"``, ``"spells"`` or ``None``.
    power_change : bool
    keyword_variant : str or None
    spend_change : bool
    """
    t = text or ""
    cast_from = frozenset(z for z, rx in _ZONE_WORD.items() if rx.search(t)) if _PERMIT_RE.search(t) else frozenset()
    cost = None
    if COST_TEXT_RE.search(t):
        cost = "this" if t.strip().lower().startswith("this spell") else "spells"
    from ..cards import strip_reminder_text

    line = strip_reminder_text(t).strip().rstrip(".")
    variant = line.lower() if _VARIANT_LINE.match(line) else None
    return cast_from, cost, bool(_ANTHEM_RE.search(t)), variant, bool(_SPEND_HINT.search(t))
