"""Reading a spell's own flash permission (CR 702.8a, 117.1a, 601.3) into ``models.vocab.self_flash.SelfFlash``:

* "You may cast this spell as though it had flash if you pay {2} more to cast it." (Rout, Mystical Tether);
* "This spell has flash as long as [condition]." (Crashing Tide, Graveyard Shift);
* "If [condition], you may cast this spell as though it had flash." / "As long as [condition], you may cast ..." /
  "You may cast this spell as though it had flash if [condition]." (Swift Reckoning, Hungering Yeti, Fated Clash);
* "You may cast this spell as though it had flash. If you cast it any time a sorcery couldn't have been cast, the
  controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step." (Armor of Thorns).

The condition is read by ``spell_conditions.spell_condition`` (the board, the players and the turn only). A
permission that depends on the spell's own choices ("if it targets a commander", "if X is 3 or less", "if you behold
a Dragon as an additional cost", "by tapping three untapped creatures") or that names the card ("Colossal Rattlewurm
has flash as long as ...": a keyword of the permanent too) is not read here: it stays ``Unmodelled``.
"""
from __future__ import annotations

import re

from ..game.cards import Card
from ..vocab.self_flash import SelfFlash
from .frame import effect_parser
from .spell_conditions import spell_condition

__all__ = ["self_flash_parser"]

_SPELL = r"this (?:spell|card)"
_AS_FLASH = r"you may cast " + _SPELL + r" as though it had flash"
_PAY_MORE = re.compile(r"^" + _AS_FLASH + r" if you pay (?P<amt>(?:\{\d+\})+) more to cast it\.?$", re.I)
_CLEANUP = re.compile(r"^" + _AS_FLASH + r"\. if you cast it any time a sorcery couldn't have been cast, the controller of "
                      r"the permanent it becomes sacrifices it at the beginning of the next cleanup step\.?$", re.I)
_HAS_AS_LONG = re.compile(r"^this spell has flash as long as (?P<cond>[^.]+?)\.?$", re.I)
_IF_FIRST = re.compile(r"^(?:if|as long as) (?P<cond>[^.]+?), " + _AS_FLASH + r"\.?$", re.I)
_IF_AFTER = re.compile(r"^" + _AS_FLASH + r" if (?P<cond>[^.]+?)\.?$", re.I)


@effect_parser(27)
def self_flash_parser(kind: str, text: str, card: Card):
    """The shapes of the module docstring as ``self_flash`` (CR 702.8a, 601.3), else ``None``."""
    if kind not in ("static", "spell"):
        return None
    t = text.strip().replace("’", "'")
    m = _PAY_MORE.match(t)
    if m:
        return SelfFlash.kind, {"extra": m.group("amt"), "text": t}
    if _CLEANUP.match(t):
        return SelfFlash.kind, {"sacrifice_at_cleanup": True, "text": t}
    m = _HAS_AS_LONG.match(t) or _IF_FIRST.match(t) or _IF_AFTER.match(t)
    if m:
        cond = spell_condition(m.group("cond"))
        if cond is None:
            return None
        return SelfFlash.kind, {"condition": cond, "text": t}
    return None
