"""The verdicts of a scenario (``solver.runner``): plain strings, in a module of their own so that the command
line (``solver.cli``) names them without importing the runner and the question machinery at each start."""

PASS, FAIL, NO_EXPECT, UNSUPPORTED, ERROR = "pass", "FAIL", "no expectation", "unsupported", "error"
