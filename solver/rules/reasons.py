"""Why an answer is "no" or ``unsupported``: a closed set of reason codes, each with its rule.

Every ``cast``, ``payments`` and ``activate`` answer that says "no" carries, beside the sentence (``reason``), a code
(``reason_code``) a test or a notebook can filter on; an ``unsupported`` result carries one too (``Result.reason_code``:
text not modelled, a mechanic the question does not implement, a budget). The sentences are built where the rule is
applied; ``Problem`` is a sentence that knows its code, so a list of reasons keeps them as it is passed along.

References: the CR rule of each member (``Reason.rule``).
"""
from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """A reason code. The value is the code written in answers and JSON; ``rule`` the Comprehensive Rules it cites."""

    #: no player receives priority now (the untap step, CR 502.4)
    NO_PRIORITY = "no_priority"
    #: a spell with split second is on the stack (CR 702.61a)
    SPLIT_SECOND = "split_second"
    #: the card type's timing: a noninstant spell only in its caster's main phase with an empty stack (117.1a, 307.1)
    TIMING = "timing"
    #: the spell's own "Cast this spell only ..." or an effect's prohibition (CR 601.3)
    CAST_RESTRICTION = "cast_restriction"
    #: no rule or effect lets it be cast from that zone, or the way of casting names another zone (CR 601.3)
    NO_PERMISSION = "no_permission"
    #: a land is played, never cast (CR 305.1, 305.9)
    NOT_A_SPELL = "not_a_spell"
    #: an alternative cost's condition does not hold (spectacle, surge: CR 118.9, 702.137a, 702.117a)
    ALTERNATIVE_CONDITION = "alternative_condition"
    #: a target it needs has no legal choice (CR 601.2c, 602.2b)
    NO_LEGAL_TARGET = "no_legal_target"
    #: a part of the cost that is not mana cannot be paid (sacrifice, discard, exile, life: CR 118.3, 119.4)
    COST_PART = "cost_part"
    #: no mana cost, so the mana cost cannot be paid (CR 118.6)
    NO_MANA_COST = "no_mana_cost"
    #: no payment of the mana exists (CR 601.2g-h, 118.3)
    NOT_ENOUGH_MANA = "not_enough_mana"
    #: the permanent no longer has the ability (an effect removed it, CR 613.1f, 305.7)
    ABILITY_REMOVED = "ability_removed"
    #: {T} of a tapped permanent (CR 107.5)
    TAPPED = "tapped"
    #: {Q} of an untapped permanent (CR 107.6)
    UNTAPPED = "untapped"
    #: a creature's {T}/{Q} ability before its controller has controlled it since their turn began (CR 302.6)
    SUMMONING_SICK = "summoning_sick"
    #: the ability's own "Activate only ..." or a loyalty ability's timing (CR 602.5, 606.3)
    ACTIVATION_RESTRICTION = "activation_restriction"
    #: unsupported: text that is not modelled could change the answer
    TEXT_NOT_MODELLED = "text_not_modelled"
    #: unsupported: a typed mechanic the question does not implement could change the answer (solver.rules.support)
    MECHANIC_NOT_IMPLEMENTED = "mechanic_not_implemented"
    #: unsupported: the answer needs more states or seconds than the budget (--max-states, --max-seconds)
    BUDGET = "budget"
    #: unsupported: another part of the rules is not modelled (the sentence says which)
    NOT_MODELLED = "not_modelled"

    @property
    def rule(self) -> str:
        """The Comprehensive Rules the code cites ("CR 702.61a"), empty for the unsupported codes."""
        return _RULES.get(self, "")


_RULES = {
    Reason.NO_PRIORITY: "CR 502.4, 117.3", Reason.SPLIT_SECOND: "CR 702.61a", Reason.TIMING: "CR 117.1a, 307.1",
    Reason.CAST_RESTRICTION: "CR 601.3", Reason.NO_PERMISSION: "CR 601.3", Reason.NOT_A_SPELL: "CR 305.1, 305.9",
    Reason.ALTERNATIVE_CONDITION: "CR 118.9", Reason.NO_LEGAL_TARGET: "CR 601.2c", Reason.COST_PART: "CR 118.3",
    Reason.NO_MANA_COST: "CR 118.6", Reason.NOT_ENOUGH_MANA: "CR 601.2g-h, 118.3",
    Reason.ABILITY_REMOVED: "CR 613.1f", Reason.TAPPED: "CR 107.5", Reason.UNTAPPED: "CR 107.6",
    Reason.SUMMONING_SICK: "CR 302.6", Reason.ACTIVATION_RESTRICTION: "CR 602.5, 606.3",
}


class Problem(str):
    """A reason sentence that knows its ``Reason`` code (``code``); it is the sentence everywhere a string is."""

    code: Reason

    def __new__(cls, code: Reason, text: str) -> "Problem":
        p = super().__new__(cls, text)
        p.code = code
        return p

    def __reduce__(self) -> tuple:
        return (Problem, (self.code, str(self)))


def tagged(code: Reason, problems: "list[str]") -> list[str]:
    """``problems`` with every sentence that has no code yet given ``code``."""
    return [p if isinstance(p, Problem) else Problem(code, p) for p in problems]


def code_of(problem: object, default: Reason = Reason.NOT_MODELLED) -> Reason:
    """The code of a reason sentence (``default`` for a plain string)."""
    return problem.code if isinstance(problem, Problem) else default


def unsupported_code(e: BaseException) -> Reason:
    """The code of an ``Unsupported`` (``solver.rules.errors``): a budget; a mechanic not implemented (``mechanic`` names
    a typed mechanic); text not modelled (``mechanic`` is ``text``, or the exception names the sentence or cost part
    in ``text``); else another part of the rules not modelled."""
    if type(e).__name__ == "BudgetExceeded":
        return Reason.BUDGET
    mech = getattr(e, "mechanic", None)
    if mech == "text" or (mech is None and getattr(e, "text", None)):  # a sentence or cost part named, not read
        return Reason.TEXT_NOT_MODELLED
    if mech:
        return Reason.MECHANIC_NOT_IMPLEMENTED
    return Reason.NOT_MODELLED
