"""The exceptions of the rules: the two every question and the decklist batch raise (``QuestionError``,
``Unsupported``), in a module of their own so that a caller
that needs only them (``solver.decks.rules``, ``mtgcheck validate``) does not import the question machinery and the
effect vocabulary (``solver.questions.registry``, ``models.vocab``: a third of a second at each start).

``CostError`` and its kinds (``ZoneError``, ``ConditionUnmet``, ``NotASpell``, ``NoPermission``): a way of casting
that does not exist or is not allowed now (``solver.rules.costs.total_cost``, ``solver.rules.faces``).

``solver.questions.registry`` re-exports ``QuestionError`` and ``Unsupported``: ``from mtgcheck.solver.questions.registry import Unsupported`` is the same class.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from mtgcheck.models.vocab.topics import Topic


class QuestionError(ValueError):
    """The question's arguments are wrong (missing key, unknown player, bad reference).

    The runner reports it as an ``error`` verdict with the scenario's file and line.
    """

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        super().__init__(message)
        self.suggestions = suggestions or []


class Unsupported(Exception):
    """The question (or a card it needs) is not modelled yet; reported as ``unsupported``, never as passing.

    Parameters
    ----------
    message : str
        The reason, naming the card and the sentence or cost part.
    topics : iterable of Topic, optional
        What the unmodelled text could change (``models.vocab.Topic``); kept as ``self.topics``.
    text : str, optional
        The sentence or cost part not modelled; kept as ``self.text``.
    mechanic : str, optional
        The mechanic the answer would need (``solver.rules.support``: ``keyword:emerge``, ``cost_reduction``, or ``text``
        for wording not modelled at all); kept as ``self.mechanic`` (``None``: not said).
    card : str, optional
        The card whose text or mechanic it is; kept as ``self.card``.
    """

    def __init__(self, message: str = "", *, topics: "Iterable[Topic]" = (), text: str | None = None,
                 mechanic: str | None = None, card: str | None = None) -> None:
        super().__init__(message)
        self.topics: frozenset[Topic] = frozenset(topics)
        self.text = text
        self.mechanic = mechanic
        self.card = card


class CostError(ValueError):
    """The requested way of casting does not exist for this card (no such alternative cost, X on a free cast...)."""



class ZoneError(CostError):
    """The alternative cost exists but casts the card from another zone (CR 702.34a, 702.138a)."""



class ConditionUnmet(ZoneError):
    """An alternative cost whose condition does not hold now (spectacle, surge: CR 702.137a, 702.117a): the answer
    for that way is "not castable", with the condition as the reason."""



class NotASpell(ZoneError):
    """A land card is played, never cast (CR 305.1, 305.9): the answer is "not castable", with the rule as the
    reason (a ``ZoneError``, reported as ``castable: false`` like a zone mismatch)."""



class NoPermission(ZoneError):
    """No rule or effect allows casting the card from that zone (CR 601.3): the answer is "not castable".

    A ``ZoneError`` so that handlers which report a zone mismatch as ``castable: false`` with the
    message as the reason do the same here.
    """
