"""A spell's own cost change read with the typed conditions and amounts: "This spell costs {3} less to cast if a
creature died this turn", "If an opponent controls seven or more lands, this spell costs {6} less to cast", "This
spell costs {1} less to cast for each creature you control with a +1/+1 counter on it", "This spell costs {X} less
to cast, where X is your devotion to black" (CR 601.2f; a reduction reduces generic mana only and never below {0},
118.7a; a coloured amount is kept coloured, 118.7b-d).

The wording left after the amount is read by the one reader of conditions (``restrictions.parse_restriction_condition``,
then ``conditions.parse_board_condition``) and of amounts (``conditions.parse_board_amount``, then
``amounts.parse_amount``) into ``SelfCostChange.condition`` / ``SelfCostChange.per``. A spell's cost is determined
while the spell is on the stack, not on the battlefield (CR 601.2a, 601.2f): a reading is kept only when every part of
it speaks of the board, the players or the turn, never of "this" object as a permanent (its counters, its power,
how it was cast) — those stay ``Unmodelled`` and the questions they could change answer ``unsupported``.

Parsing only: ``solver.costs.self_cost_changes`` evaluates them (``solver.quantities``).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..cards import Card
from .. import effects as E
from .amounts import parse_amount
from .conditions import parse_board_amount
from .oracle import effect_parser
from .restrictions import parse_restriction_condition

__all__ = ["self_cost_condition_parser", "board_only"]

_AMT = r"(?P<amt>(?:\{[^}]+\})+)"
#: "[Ability word — ]If [condition], this spell costs {N} less to cast." / "This spell costs {N} less to cast [rest]."
#: (the card's name is read as "this"; an ability word has no rules meaning, CR 207.2c)
_SELF_RE = re.compile(r"^(?:[A-Z][\w'’-]*(?: [\w'’-]+)* — )?(?:if (?P<pre>[^.]+?), )?(?:this spell|this card|this) costs "
                      + _AMT + r" (?P<dir>less|more) to cast(?P<rest>[^.]*?)\.?$", re.I)

#: Typed parts a spell's own cost change may hold: amounts and conditions of the board, the players and the turn
#: (``solver.quantities`` reads them without a source permanent). Anything else (the source's counters, power, how it
#: was cast, an event's object, X) is not read here.
_ALLOWED: tuple[type, ...] = (
    E.Compare, E.AllOf, E.AnyOf, E.Not, E.ControlsAtLeast, E.OpponentControlsMore, E.OpponentHasCounters,
    E.HasDesignation, E.CardsInZone, E.SpellsCastThisTurn, E.AttackedThisTurn,
    E.CountOf, E.DistinctAmong, E.TotalAmong, E.GreatestAmong, E.Devotion, E.ThisTurn, E.PlayersWho,
    E.PlayerCounters, E.CountersAmong, E.LifeTotal, E.StartingLife, E.Sum, E.Fixed, E.LargestGroup,
    E.Filter, E.Qualifier, E.Comparison,
)


def board_only(x: Any) -> bool:
    """Whether a typed amount or condition speaks only of the board, the players and the turn (``_ALLOWED``; a filter
    with no relation to a source object, not "other"): what a spell's own cost change can read while the spell is on
    the stack (CR 601.2a, 601.2f)."""
    if x is None or isinstance(x, (str, int, float, bool)):
        return True
    if isinstance(x, (tuple, list, frozenset)):
        return all(board_only(v) for v in x)
    if not dataclasses.is_dataclass(x):
        return False
    if type(x) not in _ALLOWED:
        return False
    if isinstance(x, E.Filter) and (x.relation is not None or x.other):
        return False  # "attached to this", "other creatures": a source permanent the spell is not
    if isinstance(x, E.Qualifier) and (x.other or x.other_than or x.enchanted is not None or x.equipped is not None):
        return False
    if isinstance(x, E.Comparison) and x.against is not None:
        return False
    return all(board_only(getattr(x, f.name)) for f in dataclasses.fields(x))


def _amount(words: str) -> E.Amount | None:
    try:
        got = parse_board_amount(words)
    except ValueError:
        try:
            got = parse_amount(words)
        except ValueError:
            return None
    return got if board_only(got) and not isinstance(got, E.Fixed) else None


def _condition(words: str) -> E.Condition | None:
    try:
        got = parse_restriction_condition(words)
    except ValueError:
        return None
    return got if board_only(got) else None


@effect_parser(29)
def self_cost_condition_parser(kind: str, text: str, card: Card):
    """"This spell costs {N} less/more to cast if [condition]", "If [condition], this spell costs {N} less to cast",
    "... for each [amount]", "This spell costs {X} less to cast, where X is [amount]" as ``self_cost_change`` with
    a typed ``condition`` or ``per`` (CR 601.2f), or ``None`` (another parser's wording, or a part not read: the
    sentence then stays ``Unmodelled``)."""
    if kind not in ("static", "spell"):
        return None
    m = _SELF_RE.match(text.strip().replace("’", "'"))
    if not m:
        return None
    amt, direction = m.group("amt"), m.group("dir").lower()
    rest = m.group("rest").strip()
    pre = m.group("pre")
    is_x = amt.upper() == "{X}"
    params: dict = {"direction": direction}
    if pre:
        if rest and not rest.lower().startswith(", where x is "):
            return None
        cond = _condition(pre)
        if cond is None:
            return None
        params["condition"] = cond
    low = rest.lower()
    if is_x:
        mx = re.fullmatch(r",\s*where x is (.+)", rest, re.I)
        if not mx:
            return None
        per = _amount(mx.group(1))
        if per is None:
            return None
        params.update(amount="{1}", per=per)
    elif low.startswith("for each ") and not pre:
        per = _amount(rest[len("for each "):])
        if per is None:
            return None
        params.update(amount=amt, per=per)
    elif (low.startswith("if ") or low.startswith("as long as ")) and not pre:
        cond = _condition(rest.split(" ", 1)[1] if low.startswith("if ") else rest[len("as long as "):])
        if cond is None:
            return None
        params.update(amount=amt, condition=cond)
    elif not rest and pre:
        params["amount"] = amt
    else:
        return None
    return "self_cost_change", params
