"""The question runner: scenario files in, answers and verdicts out.

``run_paths(paths, db)`` finds every scenario file under the paths, answers each
question and compares it with the scenario's ``expect``. Verdicts:

* ``pass`` — every expected key equals the answer's;
* ``FAIL`` — some expected key differs (the message says which);
* ``no expectation`` — answered, nothing to compare;
* ``unsupported`` — the question kind or a card it needs is not modelled (never counted as passing);
* ``error`` — the scenario could not be read or its question is malformed (file and line named).
"""
from __future__ import annotations

import json
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from mtgcheck.models.data.scenario import Scenario, ScenarioError, build_state, load_scenario_items

from mtgcheck.solver.questions.registry import Answer, Context, QuestionError, Registered, Unsupported, load_handlers
from mtgcheck.solver.rules.reasons import unsupported_code
from mtgcheck.solver.questions.verdicts import ERROR, FAIL, NO_EXPECT, PASS, UNSUPPORTED
from mtgcheck.solver.rules import budget
from mtgcheck.models.data.inputs import walk_files

SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")


@dataclass
class Result:
    """The outcome of one scenario (or of a file that could not be read: ``scenario`` is None)."""

    path: str
    index: int
    title: str
    kind: str
    verdict: str
    answer: Answer | None = None
    message: str = ""
    line: int | None = None
    expect: Any = None
    mismatches: list[str] = field(default_factory=list)
    unreadable: bool = False
    #: True when answering hit an internal error (a bug): ``check`` and ``ask`` then exit 3.
    internal: bool = False
    #: why it is unsupported (``solver.rules.reasons.Reason``: text not modelled, a mechanic not implemented, a budget, ...)
    reason_code: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data: one JSON object per scenario for ``--json``."""
        return {
            "file": self.path,
            "index": self.index + 1,  # from 1, as ``mtgcheck ask --index`` counts
            "title": self.title,
            "question": self.kind,
            "verdict": self.verdict,
            "answer": self.answer.values if self.answer else None,
            "explanation": self.answer.explanation if self.answer else [],
            "capped": self.answer.capped if self.answer else False,
            "message": self.message,
            "reason_code": self.reason_code if self.reason_code is not None else (
                self.answer.values.get("reason_code") if self.answer else None),
            "line": self.line,
            "mismatches": self.mismatches,
        }


def _hidden(path: Path, root: Path) -> bool:
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        parts = path.parts
    return any(part.startswith(".") for part in parts)


def find_scenario_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[str]]:
    """Files to run: each file given, and every ``*.yaml|*.yml|*.json`` below each folder (sorted;
    hidden files and folders, whose names start with a dot, are skipped).

    Returns (files, problems): problems name paths that do not exist and folders holding no scenario file.
    """
    files: list[Path] = []
    problems: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():

            # unreadable sub-folders, dangling links and link loops are reported, never skipped silently
            found, probs = walk_files(path, lambda f: f.suffix.lower() in SCENARIO_SUFFIXES and not _hidden(f, path))
            problems.extend(probs)
            if not found and not probs:
                problems.append(f"{p}: no scenario files (*.yaml, *.yml, *.json) in this folder")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            problems.append(f"{p}: no such file or folder")
    return files, problems


# ---------------------------------------------------------------------------
# Comparing answers with expectations
# ---------------------------------------------------------------------------


def _canon(v: Any) -> Any:
    """A hashable canonical form for comparing (dicts sorted, lists kept in order, floats that are ints as ints)."""
    if isinstance(v, Mapping):
        return tuple(sorted((str(k), _canon(x)) for k, x in v.items()))
    if isinstance(v, (list, tuple)):
        return tuple(_canon(x) for x in v)
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


class ExpectError(ValueError):
    """The ``expect`` of a scenario is malformed (an unknown answer key, a value that cannot be read):
    an input error, not a failed expectation."""


def _scalar_kind(v: Any) -> str | None:
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "text"
    return None


def _equal(key: str, expected: Any, actual: Any, reg: Registered) -> bool:
    ek, ak = _scalar_kind(expected), _scalar_kind(actual)
    if ek and ak and ek != ak and key not in reg.normalize:
        raise ExpectError(f"expect {key}: {_short(expected)} is {ek}, but a {key} answer is {ak} "
                          f"(write it without quotes)" if ek == "text" else
                          f"expect {key}: {_short(expected)} is {ek}, but a {key} answer is {ak}")
    norm = reg.normalize.get(key)
    if norm is not None:
        try:
            expected = norm(expected)
        except (ValueError, TypeError, KeyError) as e:
            raise ExpectError(f"expect {key}: {_short(expected)} cannot be read: {e}") from None
        actual = norm(actual)
    if key in reg.unordered and isinstance(expected, (list, tuple)) and isinstance(actual, (list, tuple)):
        return sorted(map(repr, map(_canon, expected))) == sorted(map(repr, map(_canon, actual)))
    return _canon(expected) == _canon(actual)


def compare(expect: Any, answer: Answer, reg: Registered) -> list[str]:
    """Differences between ``expect`` and the answer: one line per expected key that differs.

    Raises
    ------
    ExpectError
        ``expect`` names a key the answer does not have (with the closest key), or holds a value
        that cannot be read (e.g. ``types: [G, Q]``): the scenario is wrong, not the answer.
    """
    if not isinstance(expect, Mapping):
        key = reg.bare_key
        if key is None:
            raise ExpectError(f"expect must be a mapping of answer keys for {answer.kind}, got {_short(expect)}")
        expect = {key: expect}
    out: list[str] = []
    for key, exp in expect.items():
        if key not in answer.values:
            hint = ""
            try:
                from rapidfuzz import process

                best = process.extractOne(str(key), list(answer.values), score_cutoff=60)
                hint = f" (did you mean {best[0]!r}?)" if best else ""
            except ImportError:  # pragma: no cover
                pass
            raise ExpectError(f"expect names {key!r}, which a {answer.kind} answer does not have{hint}; "
                              f"its keys are {', '.join(answer.values)}")
        if not _equal(key, exp, answer.values[key], reg):
            out.append(f"{key}: expected {_short(exp)}, got {_short(answer.values[key])}")
    return out


def _short(v: Any, n: int = 160) -> str:
    s = json.dumps(v, default=str, ensure_ascii=False)
    return s if len(s) <= n else s[: n - 1] + "…"


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------


def answer_scenario(sc: Scenario, db: Any, options: Mapping[str, Any] | None = None) -> Answer:
    """Build the state of one scenario and answer its question.

    Raises ScenarioError (state cannot be built), QuestionError (bad arguments),
    Unsupported (not modelled).
    """
    handlers = load_handlers(sc.question.kind)
    reg = handlers.get(sc.question.kind)
    if reg is None:
        raise Unsupported(f"question kind {sc.question.kind!r} is not answered yet")
    import sys


    # exact answers can be huge numbers (scry 10,000: 10,001! orders, 35,660 digits); every input number is
    # limited by the readers (models.data.inputs), so only answers need the higher limit
    sys.set_int_max_str_digits(max(sys.get_int_max_str_digits(), 100_000))
    with budget.use(budget.from_options(dict(options or {}))) as b:
        state, used_db = build_state(sc, db, budget.tick)
        ctx = Context(sc, state, used_db, sc.question.args, dict(options or {}))
        answer = reg.handler(ctx)
        if b.exceeded is not None:  # spent while the handler tried options: its answer may rest on a part only
            raise b.exceeded
        return answer


def run_scenario(sc: Scenario, db: Any, options: Mapping[str, Any] | None = None, debug: bool = False) -> Result:
    """Answer one scenario and give its verdict (never raises for bad input)."""
    base = dict(path=sc.path, index=sc.index, title=sc.label, kind=sc.question.kind, line=sc.line, expect=sc.expect)
    try:
        answer = answer_scenario(sc, db, options)
    except ScenarioError as e:
        return Result(**base, verdict=ERROR, message=str(e), unreadable=True)
    except QuestionError as e:
        msg = f"{sc.path}:{sc.question.line}: {e}"
        if e.suggestions:
            msg += f" (candidates: {'; '.join(e.suggestions[:8])})"
        return Result(**base, verdict=ERROR, message=msg, unreadable=True)
    except Unsupported as e:
        return Result(**base, verdict=UNSUPPORTED, message=str(e), reason_code=unsupported_code(e))
    except RecursionError:
        return Result(**base, verdict=UNSUPPORTED, message="not answered: the question nests deeper than Python's "
                      "recursion limit (an input far beyond any real game)")
    except MemoryError:
        return Result(**base, verdict=UNSUPPORTED, message="not answered: out of memory (an input far beyond any "
                      "real game; see --max-states)")
    except Exception as e:  # an internal error must not crash the CLI
        msg = f"internal error while answering: {type(e).__name__}: {e}"
        if debug:
            msg += "\n" + traceback.format_exc()
        return Result(**base, verdict=ERROR, message=msg, internal=True)
    if not sc.has_expect:
        return Result(**base, verdict=NO_EXPECT, answer=answer)
    reg = load_handlers(sc.question.kind)[sc.question.kind]
    try:
        diffs = compare(sc.expect, answer, reg)
    except ExpectError as e:
        line = sc.data.line_of("expect") if hasattr(sc.data, "line_of") else sc.line
        return Result(**base, verdict=ERROR, answer=answer, message=f"{sc.path}:{line}: {e}", unreadable=True)
    except (RecursionError, TypeError, ValueError) as e:  # e.g. a self-referencing YAML anchor in expect
        line = sc.data.line_of("expect") if hasattr(sc.data, "line_of") else sc.line
        return Result(**base, verdict=ERROR, answer=answer, unreadable=True,
                      message=f"{sc.path}:{line}: expect cannot be compared: {type(e).__name__}: {e}")
    if diffs:
        return Result(**base, verdict=FAIL, answer=answer, message="; ".join(diffs), mismatches=diffs)
    return Result(**base, verdict=PASS, answer=answer)


def iter_results(paths: Iterable[str | Path], db: Any, options: Mapping[str, Any] | None = None,
                 debug: bool = False) -> Iterator[Result]:
    """Run every scenario under ``paths``; unreadable files yield one ``error`` result each."""
    files, problems = find_scenario_files(paths)
    for prob in problems:
        yield Result(path=prob.rsplit(": ", 1)[0], index=0, title="", kind="", verdict=ERROR, message=prob, unreadable=True)
    for f in files:
        try:
            items = load_scenario_items(f)
        except ScenarioError as e:
            yield Result(path=str(f), index=0, title="", kind="", verdict=ERROR, message=str(e), line=e.line, unreadable=True)
            continue
        for i, sc in enumerate(items):
            if isinstance(sc, ScenarioError):
                yield Result(path=str(f), index=i, title="", kind="", verdict=ERROR, message=str(sc), line=sc.line, unreadable=True)
            else:
                yield run_scenario(sc, db, options, debug)
