"""The subject of a static ability: the objects it speaks of, read into a ``Filter``.

A static of the shape "[objects] [verb] ..." names its objects first: "Creatures you control have haste", "Other
Sliver creatures you control get +1/+1", "Enchanted land has ..." (grants, ``models.text.grants``, CR 613.1f),
"Creatures you control can't be the targets of blue spells" (``models.text.untargetable``, CR 115.4). Both readers
take those words through ``subject_filter``; what follows the verb is each reader's own.
"""
from __future__ import annotations

import dataclasses
import re

from ..vocab.filters import Filter, Qualifier
from ..game.cards import BASIC_LAND_TYPES
from ..game.subtypes import OUTLAW_TYPES, SPELL_SUBTYPES, singular
from .filters import tail_qualifier


#: Card types and supertypes as a static's object words name them (CR 205.2a, 205.4a), lower case, singular.
TYPE_WORDS = {"creature": "Creature", "land": "Land", "artifact": "Artifact", "enchantment": "Enchantment",
               "permanent": "Permanent", "planeswalker": "Planeswalker", "battle": "Battle"}
SUPER_WORDS = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow"}


def subject_filter(obj: str) -> Filter:
    """The typed filter of the objects a static ability speaks of, the words before its verb (CR 109, 205, 301.5,
    303.4).

    ``"Sliver creatures you control"`` → Sliver and creature, yours; ``"All Slivers"``; ``"Each Fungus and Saproling
    you control"`` (either subtype); ``"Other legendary creatures you control"``; ``"Each creature you control with a
    counter on it"``; ``"Enchanted land"``, ``"Equipped creature"`` (what the source is attached to, of that type);
    ``"this creature"``/``"it"`` (the source).

    Raises
    ------
    ValueError
        Words that are not read (the sentence then stays ``Unmodelled``).
    """

    words = obj.strip()
    w = words
    low = w.lower()
    if low in ("it", "this creature", "this permanent", "this artifact", "this land", "this enchantment"):
        return Filter(relation="this", words=words)
    m = re.fullmatch(r"(enchanted|equipped) (creature|land|permanent|artifact)", low)
    if m:
        t = TYPE_WORDS[m.group(2)]
        return Filter(relation=m.group(1), all_of=() if t == "Permanent" else (t,), words=words)
    other = False
    while True:
        mm = re.match(r"(each|all|other|another) ", w, re.I)
        if not mm:
            break
        other = other or mm.group(1).lower() in ("other", "another")
        w = w[mm.end():]
    tail_at = re.search(r"\s+(?=(?:you control|an opponent controls|your opponents control|with|without|that's)\b)", w)
    head, tail = (w[:tail_at.start()], w[tail_at.end():]) if tail_at else (w, "")
    q, ctl, rest = tail_qualifier(tail) if tail else (Qualifier(), None, "")
    if rest:
        raise ValueError(f"the words {rest!r} of {words!r} are not read")
    all_of: list[str] = []
    any_of: list[str] = []
    none_of: list[str] = []
    toks = head.split()
    status = None
    while toks and toks[0].lower() in ("tapped", "untapped"):
        # "Other untapped creatures you control", "Tapped creatures you control" (CR 110.5: a permanent's status)
        status = toks.pop(0).lower() == "tapped"
    if status is not None:
        q = q.merge(Qualifier(tapped=status))
    if not toks:
        raise ValueError(f"no object in {words!r}")
    if len(toks) == 3 and toks[1].lower() == "and":
        # "Fungus and Saproling": each object of either subtype (CR 205.3m)
        for t in (toks[0], toks[2]):
            s = singular(t)
            if s not in SPELL_SUBTYPES:
                raise ValueError(f"{t!r} in {words!r} is not a subtype")
            any_of.append(s)
        toks = []
    for i, t in enumerate(toks):
        s = singular(t)
        sl = s.lower()
        if sl in TYPE_WORDS:
            all_of.append(TYPE_WORDS[sl])
        elif sl in SUPER_WORDS:
            all_of.append(SUPER_WORDS[sl])
        elif sl.startswith("non") and sl[3:] in {**TYPE_WORDS, **SUPER_WORDS}:
            none_of.append({**TYPE_WORDS, **SUPER_WORDS}[sl[3:]])
        elif sl == "outlaw" and len(toks) == 1:  # CR 700.12: a batch word, any of five creature types

            any_of.extend(OUTLAW_TYPES)
        elif s[:1].isupper() and (s in SPELL_SUBTYPES or s in BASIC_LAND_TYPES or i > 0 or len(toks) == 1):
            all_of.append(s)  # a subtype, capitalised in Oracle text (CR 205.3)
        else:
            raise ValueError(f"{t!r} in {words!r} is not read")
    if none_of and not all_of:
        all_of.append("Permanent")
    return Filter(all_of=tuple(all_of), none_of=tuple(none_of), any_of=tuple(any_of), controller=ctl or "any",
                  other=other or q.other, qualifier=dataclasses.replace(q, other=False), words=words)
