"""Keyword grants and "as though it had haste" (CR 613.1f, 702.10, 302.6): parsing only.

* "Creatures you control have haste." (Fires of Yavimaya, Fervor), "All creatures have haste." (Concordant
  Crossroads), "Equipped creature has haste and shroud." (Lightning Greaves), "Other Goblin creatures you control
  get +1/+1 and have haste." → ``grant_ability`` of the keyword haste to the objects named. The sentence's other
  parts (shroud, hexproof, +1/+1) are not granted here; the only question that reads them, whether something can
  be targeted (CR 601.2c), reads the sentence's text (models/text/targets.mentions_targeting).
* "You may activate abilities of creatures you control as though those creatures had haste." → ``as_though_haste``.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..cards import Card
from .mana import _obj_filter
from .oracle import effect_parser

_GRANT = re.compile(r"^(?P<obj>[^\"“:]+?) (?:get [+-]\d+/[+-]\d+ and )?(?:has|have) (?P<kws>[a-z ,]+?)\.?$", re.I)
_PT = re.compile(r"\s+get [+-]\d+/[+-]\d+$", re.I)
#: Keywords whose grant is harmless to drop from a sentence that also grants haste (none changes an answer
#: except through targeting, which reads the text).
_OTHER_KEYWORDS = {"shroud", "hexproof", "vigilance", "trample", "flying", "menace", "lifelink", "first strike",
                   "double strike", "deathtouch", "reach", "indestructible"}
_AS_THOUGH = re.compile(r"^you may activate abilities of (?P<obj>.+?) as though (?:those creatures|they|it|that creature)"
                        r" had haste\.?$", re.I)


@effect_parser(25)
def grant_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static haste grant or "as though it had haste" permission; ``None`` for anything else."""
    if kind != "static":
        return None
    t = text.strip()
    m = _AS_THOUGH.match(t)
    if m:
        what, ctl = _obj_filter(m.group("obj"))
        return "as_though_haste", {"affects": {"what": what, "controller": ctl}}
    m = _GRANT.match(t)
    if not m:
        return None
    kws = [k.strip().lower() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("kws")) if k.strip()]
    if "haste" not in kws or any(k != "haste" and k not in _OTHER_KEYWORDS for k in kws):
        return None
    obj = _PT.sub("", m.group("obj").strip())
    what, ctl = _obj_filter(obj)
    if what.startswith("equipped "):
        what = "equipped"
    if what in ("this",):
        return None  # "this creature has haste" as long as ...: a conditional self grant, not this parser's
    return "grant_ability", {"affects": {"what": what, "controller": ctl},
                             "ability": {"kind": "keyword", "effect": "haste", "params": {"keyword": "haste"}, "text": "haste"}}
