"""A spell's own cost change read with the typed conditions and amounts: "This spell costs {3} less to cast if a
creature died this turn", "If an opponent controls seven or more lands, this spell costs {6} less to cast", "This
spell costs {1} less to cast for each creature you control with a +1/+1 counter on it", "This spell costs {X} less
to cast, where X is your devotion to black" (CR 601.2f; a reduction reduces generic mana only and never below {0},
118.7a; a coloured amount is kept coloured, 118.7b-d).

The wording left after the amount is read by the one reader of conditions (``restrictions.parse_restriction_condition``,
then ``conditions.parse_board_condition``) and of amounts (``conditions.parse_board_amount``, then
``filters.parse_amount``) into ``SelfCostChange.condition`` / ``SelfCostChange.per``. A spell's cost is determined
while the spell is on the stack, not on the battlefield (CR 601.2a, 601.2f): a reading is kept only when every part of
it speaks of the board, the players or the turn, never of "this" object as a permanent (its counters, its power,
how it was cast) — those stay ``Unmodelled`` and the questions they could change answer ``unsupported``.

Parsing only: ``solver.rules.costs.self_cost_changes`` evaluates them (``solver.rules.quantities``).
"""
from __future__ import annotations

import re

from ..game.cards import Card
from ..vocab.conditions import TargetsInclude
from .frame import effect_parser
from .spell_conditions import spell_amount, spell_condition
from .targets import parse_target_phrase

__all__ = ["self_cost_condition_parser"]

_AMT = r"(?P<amt>(?:\{[^}]+\})+)"
#: "[Ability word — ]If [condition], this spell costs {N} less to cast." / "This spell costs {N} less to cast [rest]."
#: (the card's name is read as "this"; an ability word has no rules meaning, CR 207.2c)
_SELF_RE = re.compile(r"^(?:[A-Z][\w'’-]*(?: [\w'’-]+)* — )?(?:if (?P<pre>[^.]+?), )?(?:this spell|this card|this) costs "
                      + _AMT + r" (?P<dir>less|more) to cast(?P<rest>[^.]*?)\.?$", re.I)


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
        cond = spell_condition(pre)
        if cond is None:
            return None
        params["condition"] = cond
    low = rest.lower()
    if is_x:
        mx = re.fullmatch(r",\s*where x is (.+)", rest, re.I)
        if not mx:
            return None
        per = spell_amount(mx.group(1))
        if per is None:
            return None
        params.update(amount="{1}", per=per)
    elif low.startswith("for each ") and not pre:
        per = spell_amount(rest[len("for each "):])
        if per is None:
            return None
        params.update(amount=amt, per=per)
    elif low.startswith("if it targets ") and not pre:
        # "if it targets a blue spell" (Mystical Dispute): its targets are chosen before its total cost (CR 601.2c,
        # 601.2f); read by the targets rules' phrase reader, one target
        words = re.sub(r"^an? ", "", rest[len("if it targets "):].strip(), flags=re.I)
        spec = parse_target_phrase(f"target {words}")
        if spec is None or spec.unknown or re.search(r"\btargets?\b", words, re.I) or not re.match(
                r"if it targets an? ", rest, re.I):
            return None
        params.update(amount=amt, condition=TargetsInclude(1, spec, rest))
    elif (low.startswith("if ") or low.startswith("as long as ")) and not pre:
        cond = spell_condition(rest.split(" ", 1)[1] if low.startswith("if ") else rest[len("as long as "):])
        if cond is None:
            return None
        params.update(amount=amt, condition=cond)
    elif not rest and pre:
        params["amount"] = amt
    else:
        return None
    return "self_cost_change", params
