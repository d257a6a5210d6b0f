"""The verdicts of a scenario (``solver.questions.runner``), in a module of their own so that the command line
(``solver.cli.main``) names them without importing the runner and the question machinery at each start.

``Verdict`` is a ``StrEnum``: each member *is* its text (``Verdict.FAIL == "FAIL"``), which is what
``--json``, ``to_dict()`` and the tables show, so code that compares with the text keeps working.
"""
from enum import StrEnum

__all__ = ["Verdict", "PASS", "FAIL", "NO_EXPECT", "UNSUPPORTED", "ERROR"]


class Verdict(StrEnum):
    """What became of one scenario.

    >>> Verdict.PASS == "pass", Verdict("FAIL") is Verdict.FAIL
    (True, True)
    """

    #: every ``expect`` key equals the answer's
    PASS = "pass"
    #: some ``expect`` key differs (the message says which)
    FAIL = "FAIL"
    #: answered; the scenario has no ``expect`` to compare
    NO_EXPECTATION = "no expectation"
    #: not answered: the question or a card's text is not modelled (never counted as passing)
    UNSUPPORTED = "unsupported"
    #: the scenario could not be read, or its question is malformed (file and line named), or a bug
    ERROR = "error"

    @property
    def ok(self) -> bool:
        """True for ``PASS`` and ``NO_EXPECTATION``: nothing is wrong."""
        return self in (Verdict.PASS, Verdict.NO_EXPECTATION)


PASS, FAIL, NO_EXPECT, UNSUPPORTED, ERROR = (Verdict.PASS, Verdict.FAIL, Verdict.NO_EXPECTATION,
                                              Verdict.UNSUPPORTED, Verdict.ERROR)
