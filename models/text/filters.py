"""Reading the object words of an effect ("nonbasic lands", "Forest", "other creatures", "enchanted land")
into the one typed filter language, ``models.effects.Filter`` (CR 109, 205).

Parsing only: ``solver.layers.filter_matches`` applies a ``Filter`` to a permanent.
"""
from __future__ import annotations

import functools
import re

from ..effects import RELATIONS, Filter

_QUALIFIERS = ("basic", "snow", "legendary", "land", "creature", "artifact", "enchantment", "token")
_RELATION_WORDS = {r: r for r in RELATIONS}
_RELATION_WORDS.update({"enchanted land": "enchanted", "enchanted permanent": "enchanted", "enchanted creature": "enchanted",
                        "equipped creature": "equipped", "this land": "this", "this creature": "this",
                        "this artifact": "this", "this permanent": "this", "that land": "that",
                        "that permanent": "that"})


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:].lower() if word else word


@functools.lru_cache(maxsize=2048)
def parse_filter(what: str, controller: str = "any") -> Filter:
    """Parse object words into a ``Filter``.

    Parameters
    ----------
    what : str
        ``land``, ``basic land``, ``nonbasic land``, ``permanent``, ``nonland permanent``, ``creature``, a
        subtype (``Forest``, ``Elf``), ``each``/``all``/``other``/``another`` in front, plurals allowed; or a
        relation to the source: ``this``, ``enchanted``, ``equipped``, ``that``, ``it``, ``sacrificed``.
    controller : str
        ``any``, ``you`` or ``opponent``.

    Returns
    -------
    Filter

    Raises
    ------
    ValueError
        Words that are not understood (the ability is then ``Unmodelled``).
    """
    words = what.strip()
    w = words.lower()
    if w in _RELATION_WORDS:
        return Filter(relation=_RELATION_WORDS[w], controller=controller, words=words)
    other = False
    changed = True
    while changed:
        changed = False
        for prefix in ("each ", "all ", "other ", "another ", "a ", "an "):
            if w.startswith(prefix):
                other = other or prefix in ("other ", "another ")
                w = w[len(prefix):]
                changed = True
    alts = [x for x in re.split(r",\s*(?:or\s+)?|\s+or\s+", w) if x]
    if len(alts) > 1 and all(re.fullmatch(r"[a-z][a-z'-]*", x) and x not in _QUALIFIERS for x in alts):
        # "Mountain, Forest, or Plains" (Keeper of Progenitus): at least one of these types (CR 205.3)
        return Filter(any_of=tuple(_cap(x[:-1] if x.endswith("s") and x != "plains" else x) for x in alts),
                      controller=controller, other=other, words=words)
    if w.endswith("s") and w != "plains":
        w = w[:-1]
    parts = w.split()
    if not parts:
        raise ValueError(f"filter {what!r} not understood")
    head, quals = parts[-1], parts[:-1]
    all_of: list[str] = []
    none_of: list[str] = []
    nontoken = False
    if head.startswith("non") and not quals:
        none_of.append(_cap(head[3:]))
        all_of.append("Permanent")
    elif head.startswith("non") or not head.replace("-", "").replace("'", "").isalpha():
        raise ValueError(f"filter {what!r} not understood")
    else:
        all_of.append(_cap(head))
    for q in quals:
        neg = q.startswith("non")
        qw = q[3:] if neg else q
        if qw not in _QUALIFIERS:
            raise ValueError(f"filter {what!r} not understood")
        if qw == "token":
            if neg:
                nontoken = True
            else:
                all_of.append("Token")
            continue
        (none_of if neg else all_of).append(_cap(qw))
    return Filter(all_of=tuple(all_of), none_of=tuple(none_of), controller=controller, other=other,
                  nontoken=nontoken, words=words)
