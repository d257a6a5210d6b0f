"""The two exceptions every question and the decklist batch raise, in a module of their own so that a caller
that needs only them (``solver.decks.rules``, ``mtgcheck validate``) does not import the question machinery and the
effect vocabulary (``solver.questions.registry``, ``models.vocab``: a third of a second at each start).

``solver.questions.registry`` re-exports both: ``from mtgcheck.solver.questions.registry import Unsupported`` is the same class.
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
