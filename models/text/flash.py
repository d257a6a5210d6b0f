"""Flash permissions (CR 702.8a, 117.1a, 307.1, 601.3): parsing only; ``solver.rules.restrictions`` reads them.

* "You may cast spells as though they had flash." (Leyline of Anticipation, Vedalken Orrery), "You may cast creature
  spells as though they had flash." (Yeva's Forcemage kin), "You may cast green creature spells as though they had
  flash.", "You may cast legendary spells and artifact spells as though they had flash.", "You may cast historic
  spells as though they had flash." (CR 700.6: artifacts, legendaries and Sagas) → ``flash_permission`` with
  ``who: you``;
* "Any player may cast ..." / "Players may cast ..." → ``who: any``;
* "Creature cards you own that aren't on the battlefield have flash." (Teferi, Mage of Zhalfir), "Familiar spells
  you cast have flash." → ``who: owner`` / ``you``.

Permissions with a condition, a duration or a step ("As long as ...", "During each opponent's end step, ...",
"this turn", "The next spell you cast this turn ...") are not read here: they stay unmodelled for the gate.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..game.cards import Card
from ..vocab.filters import Filter
from .filters import parse_filter
from .frame import effect_parser
from .filters import QUALIFIER_ADJECTIVES, adjective_qualifier

_MAY_CAST = re.compile(r"^(?P<who>you|any player|players) may cast (?:(?P<what>[a-z ,'-]+?) )?spells as though they had "
                       r"flash\.?$", re.I)
_HAVE_FLASH = re.compile(r"^(?P<what>[a-z ,'-]+?) (?:(?P<cards>cards you own(?: that aren't on the battlefield)?)"
                         r"|spells you cast) have flash\.?$", re.I)
#: CR 700.6: "historic" means artifacts, legendaries and Sagas.
_HISTORIC = (Filter(all_of=("Artifact",)), Filter(all_of=("Legendary",)), Filter(all_of=("Saga",)))


def spell_filter(words: str) -> Filter:
    """The spells a permission names: "creature", "green creature", "legendary spells and artifact", "Aura and
    Equipment", "artifact, creature, and enchantment", "historic", "" (every spell). Raises ``ValueError``."""
    w = words.strip()
    if w.lower() in ("", "spell"):
        return Filter(words="spells")
    parts = [x.strip() for x in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", w, flags=re.I) if x.strip()]
    parts = [re.sub(r"\s+spells?$", "", x, flags=re.I) for x in parts]
    alts: list[Filter] = []
    for x in parts:
        if x.lower() == "historic":
            alts.extend(_HISTORIC)
            continue
        if re.search(r"\bwith\b|\bwithout\b|\bmana value\b|\bpower\b", x, re.I):
            raise ValueError(f"the spells {words!r} are not modelled")

        if all(t in QUALIFIER_ADJECTIVES for t in x.lower().split()):  # "colorless", "green" spells (CR 105.2)
            alts.append(Filter(qualifier=adjective_qualifier([[t] for t in x.lower().split()])))
            continue
        f = parse_filter(x if x[:1].isupper() else x.lower(), "any", qualifiers=True)
        if f.relation is not None or f.other:
            raise ValueError(f"the spells {words!r} are not modelled")
        alts.append(f)
    if len(alts) == 1:
        return Filter(all_of=alts[0].all_of, none_of=alts[0].none_of, any_of=alts[0].any_of, colors=alts[0].colors,
                      qualifier=alts[0].qualifier, alternatives=alts[0].alternatives, words=words.strip() + " spells")
    return Filter(alternatives=tuple(alts), words=words.strip() + " spells")


@effect_parser(24)
def flash_permission_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static flash permission (see the module docstring); ``None`` for anything else."""
    if kind != "static":
        return None
    t = text.strip()
    m = _MAY_CAST.match(t)
    if m:
        who = "you" if m.group("who").lower() == "you" else "any"
        what = m.group("what") or ""
    else:
        m = _HAVE_FLASH.match(t)
        if not m:
            return None
        who = "owner" if m.group("cards") else "you"
        what = m.group("what")
    try:
        spells = spell_filter(what)
    except ValueError:
        return None
    return "flash_permission", {"spells": spells, "who": who}
