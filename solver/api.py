"""The public Python API: ``mtgcheck.ask``, ``mtgcheck.check``, ``mtgcheck.validate``, ``mtgcheck.load_cards``.

The API says what the command line says: ``ask`` is ``mtgcheck ask``, ``check`` is ``mtgcheck check``,
``validate`` is ``mtgcheck validate`` (the same format names, ``"auto"`` included). Results are plain data:
``to_dict()`` gives JSON-ready dictionaries (what ``--json`` prints), ``to_records()`` a list of flat rows of
scalars with the same columns whatever the question (``pandas.DataFrame(x.to_records())``; pandas is not
needed by mtgcheck). In a notebook, results draw themselves: tables truncated like pandas (the first and
last rows and a shape footer) and, for answers that have one, the picture (SVG written by mtgcheck, no
Graphviz needed).

Imported lazily by ``mtgcheck/__init__`` so that ``import mtgcheck`` stays light.
"""
from __future__ import annotations

import html
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Union

from mtgcheck.models.data.scenario import ScenarioError, load_scenarios, load_yaml, parse_scenario

from .decks.rules import DeckProblem, DeckStatus, ProblemCode, validate_deck
from .rules.reasons import Reason
from .questions.verdicts import Verdict

if TYPE_CHECKING:  # pragma: no cover
    from mtgcheck.models.data.database import CardDatabase
    from mtgcheck.models.data.decklist import Decklist

__all__ = ["Answer", "CheckReport", "DeckResult", "ValidationReport", "Verdict", "ProblemCode", "DeckStatus",
           "ScenarioInputError", "CardsArg", "ask", "check", "validate", "load_cards"]

#: What ``cards=`` takes: a loaded ``CardDatabase``, the path of a card data file, or None (the default
#: choice: ``MTGCHECK_CARDS``, the data ``mtgcheck data update``/``data install`` installed, the catalog).
CardsArg = Union["CardDatabase", str, "os.PathLike[str]", None]

#: Rows shown by a table in a notebook before it is cut to its first and last ``MIN_ROWS // 2`` rows
#: (pandas' ``display.max_rows`` and ``display.min_rows``).
MAX_ROWS = 60
MIN_ROWS = 10


def _cell(v: Any) -> Any:
    """A value as one table cell: scalars as they are, anything else as compact JSON text."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v.value if isinstance(v, (Verdict, ProblemCode, DeckStatus)) else v
    return json.dumps(v, ensure_ascii=False, default=str, separators=(", ", ": "))


def _short(v: Any, n: int = 120) -> str:
    s = str(_cell(v))
    return s if len(s) <= n else s[: n - 1] + "…"


def _html_table(rows: list[dict[str, Any]], columns: list[str], caption: str = "", footer: bool = True) -> str:
    """An HTML table, cut like pandas' when it holds more than ``MAX_ROWS`` rows (the first and last
    ``MIN_ROWS // 2`` and a row of ellipses), with a footer ``N rows × M columns``."""
    n = len(rows)
    cut = n > MAX_ROWS
    shown: list[dict[str, Any] | None] = (list(rows[: MIN_ROWS // 2]) + [None] + list(rows[n - MIN_ROWS // 2:])
                                          if cut else list(rows))
    head = "".join(f"<th style='text-align:left'>{html.escape(c)}</th>" for c in columns)
    body = []
    for r in shown:
        if r is None:
            body.append("<tr>" + "<td>…</td>" * len(columns) + "</tr>")
            continue
        body.append("<tr>" + "".join(
            f"<td style='text-align:left;vertical-align:top'>{html.escape(_short(r.get(c, '')) if r.get(c) is not None else '')}</td>"
            for c in columns) + "</tr>")
    cap = f"<caption style='text-align:left'>{html.escape(caption)}</caption>" if caption else ""
    foot = f"<p>{n} rows × {len(columns)} columns</p>" if footer and (cut or n > 1) else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{foot}"


def _text_table(rows: list[dict[str, Any]], columns: list[str]) -> str:
    """The same table as plain text (``repr`` in a terminal), cut like ``_html_table``."""
    n = len(rows)
    shown = list(rows[: MIN_ROWS // 2]) + [None] + list(rows[n - MIN_ROWS // 2:]) if n > MAX_ROWS else list(rows)
    cells = [[_short(r.get(c, ""), 48) if r is not None else "…" for c in columns] for r in shown]
    widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip()]
    lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip() for row in cells]
    lines.append(f"[{n} rows x {len(columns)} columns]")
    return "\n".join(lines)


def _database(cards: CardsArg) -> "CardDatabase":
    """``cards`` as a CardDatabase: a database as it is, a path loaded, None the default choice
    (``MTGCHECK_CARDS``, installed data, then the embedded catalog; see ``load_cards``)."""
    from mtgcheck.models.data.database import CardDatabase, load_database

    if isinstance(cards, CardDatabase):
        return cards
    return load_database(cards)


# ---------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------

#: The columns of ``Answer.to_records()`` (and ``CheckReport.to_records()``), the same for every question.
ANSWER_COLUMNS = ("file", "index", "title", "question", "verdict", "ok", "answer", "message", "reason_code", "capped",
                  "source")


def _reason(code: Any) -> Reason | None:
    """A reason code as the enum (None stays None)."""
    return Reason(code) if code else None


@dataclass
class Answer:
    """The answer to one scenario's question, with its verdict.

    Attributes
    ----------
    title, question : str
        The scenario's title and question kind (``could_produce``, ``cast``, ...).
    values : dict
        Answer key → plain data (the keys of docs/scenarios.md), e.g. ``{"types": ["G", "U"]}``.
        Empty when the question could not be answered (``unsupported``, ``error``).
    explanation : list of str
        Why, one line each, citing the rules (CR numbers) and rulings used.
    verdict : Verdict
        ``Verdict.PASS`` (every ``expect`` key equal), ``FAIL``, ``NO_EXPECTATION``, ``UNSUPPORTED`` (not
        modelled: the message names the card and the sentence) or ``ERROR``.
    message : str
        What failed, what is not modelled, or what is wrong with the input.
    reason_code : solver.rules.reasons.Reason or None
        Why the answer is "no" (``cast``, ``payments``, ``activate``: ``Reason.NO_LEGAL_TARGET``, ...) or why it is
        ``unsupported`` (``Reason.TEXT_NOT_MODELLED``, ``MECHANIC_NOT_IMPLEMENTED``, ``BUDGET``, ...), each with its
        CR rule (``Reason.rule``); None for a "yes" and for the questions that do not say no.
    expect : the scenario's ``expect`` (None without one); mismatches : list of str, one per expected key
        that differs.
    capped : bool, a listing was cut at ``limit``.
    file : str, index : int (a file's scenarios counted from 1), source : str (the rule or ruling cited).
    """

    title: str
    question: str
    values: dict[str, Any]
    explanation: list[str]
    verdict: Verdict
    message: str = ""
    expect: Any = None
    mismatches: list[str] = field(default_factory=list)
    capped: bool = False
    file: str = ""
    index: int = 1
    source: str = ""
    reason_code: Reason | None = None
    extra: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def _from_result(cls, res: Any, source: str = "") -> "Answer":
        a = res.answer
        return cls(title=res.title, question=res.kind, values=dict(a.values) if a else {},
                   explanation=list(a.explanation) if a else [], verdict=Verdict(res.verdict), message=res.message,
                   expect=res.expect, mismatches=list(res.mismatches), capped=bool(a and a.capped),
                   file=res.path, index=res.index + 1, source=source, extra=dict(a.extra) if a else {},
                   reason_code=_reason(res.reason_code or (a.values.get("reason_code") if a else None)))

    @property
    def ok(self) -> bool:
        """True when nothing is wrong: the verdict is ``PASS`` or ``NO_EXPECTATION``."""
        return Verdict(self.verdict).ok

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready): the fields above except ``extra``, the verdict as its text."""
        return {"file": self.file, "index": self.index, "title": self.title, "question": self.question,
                "verdict": str(self.verdict), "values": self.values, "explanation": self.explanation,
                "message": self.message, "reason_code": self.reason_code, "expect": self.expect,
                "mismatches": self.mismatches, "capped": self.capped, "source": self.source}

    def summary(self) -> str:
        """The answer in one line of ``key=value`` pairs (values as compact JSON), as ``mtgcheck check`` shows it."""
        return "; ".join(f"{k}={_cell(v)}" for k, v in self.values.items() if v is not None)

    def to_records(self) -> list[dict[str, Any]]:
        """A list of one flat row (``ANSWER_COLUMNS``: str, int and bool values, the same columns for every
        question): ``answer`` is ``summary()``, ``verdict`` its text. ``pd.DataFrame(a.to_records())``."""
        return [{"file": self.file, "index": self.index, "title": self.title, "question": self.question,
                 "verdict": str(self.verdict), "ok": self.ok, "answer": self.summary(), "message": self.message,
                 "reason_code": str(self.reason_code or ""), "capped": self.capped, "source": self.source}]

    def svg(self) -> str | None:
        """The answer's picture as an SVG document (drawn by mtgcheck, no Graphviz), or None when this
        question has none (``solver.questions.graph.answer_svg``)."""
        from .questions.graph import answer_svg

        return answer_svg(self.question, self.values, self.extra, title=self.title)

    def _repr_svg_(self) -> str | None:
        return self.svg()

    def _repr_html_(self) -> str:
        rows = [{"key": k, "value": v} for k, v in self.values.items()]
        rows.append({"key": "verdict", "value": str(self.verdict) + (f": {self.message}" if self.message else "")})
        why = "".join(f"<li>{html.escape(line)}</li>" for line in self.explanation)
        pic = self.svg()
        return (_html_table(rows, ["key", "value"], f"{self.title} ({self.question})", footer=False)
                + (f"<details><summary>why</summary><ul>{why}</ul></details>" if why else "")
                + (f"<div>{pic.split('?>', 1)[-1]}</div>" if pic else ""))

    def __str__(self) -> str:
        lines = [f"{self.title} ({self.question}): {self.verdict}"]
        lines += [f"  {k}: {json.dumps(v, ensure_ascii=False, default=str)}" for k, v in self.values.items()]
        lines += [f"  - {line}" for line in self.explanation]
        if self.message:
            lines.append(f"  {self.message}")
        return "\n".join(lines)


def _scenario_from(scenario: Any, index: int) -> Any:
    """A ``Scenario`` from a mapping, YAML/JSON text or a path (``index`` from 1 for files holding several)."""
    if isinstance(scenario, Mapping):
        items = scenario.get("scenarios") if "scenarios" in scenario else None
        if isinstance(items, list):
            if not 1 <= index <= len(items):
                raise ScenarioError(f"the scenarios hold {len(items)} questions; there is no scenario {index}", "<mapping>")
            return parse_scenario(items[index - 1], "<mapping>", index - 1)
        return parse_scenario(scenario, "<mapping>", 0)
    if isinstance(scenario, os.PathLike) or (isinstance(scenario, str) and "\n" not in scenario
                                             and scenario.strip().lower().endswith((".yaml", ".yml", ".json"))):
        path = os.fspath(scenario)
        if not Path(path).exists() and Path(path).parts[:1] == ("examples",):
            raise ScenarioError("file not found; the examples/ folder is part of mtgcheck's source repository, not of "
                                "the installed package: run from a clone, or give your own scenario", path)
        scs = load_scenarios(path)
    elif isinstance(scenario, str):
        data = load_yaml(scenario, "<text>")
        if not isinstance(data, Mapping):
            raise ScenarioError("a scenario must be a mapping of keys (players, battlefield, ask, ...); "
                                "give a mapping, YAML text or the path of a .yaml/.json file", "<text>", 1)
        return _scenario_from(data, index)
    else:
        raise TypeError(f"ask() takes a mapping, YAML text or a path, got {type(scenario).__name__}")
    if not 1 <= index <= len(scs):
        raise ScenarioError(f"holds {len(scs)} scenarios; there is no scenario {index}", os.fspath(scenario))
    return scs[index - 1]


class ScenarioInputError(ScenarioError):
    """A scenario whose question could not be asked (unknown card, wrong arguments, a malformed ``expect``);
    the message already names the file and line."""

    def __str__(self) -> str:
        return self.message


def ask(scenario: "Mapping[str, Any] | str | os.PathLike[str]", *, cards: CardsArg = None, index: int = 1,
        limit: int = 50) -> Answer:
    """Answer one scenario's question and compare it with its ``expect`` (``mtgcheck ask``).

    Parameters
    ----------
    scenario : mapping, str or os.PathLike
        The scenario (docs/scenarios.md): a mapping (``{"players": [...], "ask": {...}, ...}``), YAML or JSON
        text, or the path of a ``.yaml``/``.yml``/``.json`` file.
    cards : CardDatabase, str or os.PathLike, optional
        The card data (see ``load_cards``); default: ``MTGCHECK_CARDS``, installed data, the catalog.
    index : int
        Which scenario of a file (or ``scenarios:`` list) holding several, from 1.
    limit : int
        Most items listed in any answer.

    Returns
    -------
    Answer
        ``values``, ``explanation`` and ``verdict`` (``Verdict.UNSUPPORTED`` when a card's text is not
        modelled: never a silent guess).

    Raises
    ------
    mtgcheck.models.data.scenario.ScenarioError
        The scenario cannot be read or is malformed, names an unknown card or has wrong question arguments
        (a ``ValueError``; the message names the file and line).
    mtgcheck.models.data.database.CardDataError
        The card data file cannot be read.

    Examples
    --------
    >>> import mtgcheck
    >>> a = mtgcheck.ask({"players": ["Alice"], "ask": {"mana_value": "Treasure Cruise"}})
    >>> a.values["mana_value"], a.verdict
    (8, <Verdict.NO_EXPECTATION: 'no expectation'>)
    >>> a = mtgcheck.ask({"players": ["Alice"], "battlefield": {"Alice": ["Forest", "Reflecting Pool"]},
    ...                   "ask": {"could_produce": "Reflecting Pool"}, "expect": ["G"]})
    >>> a.values, a.verdict is mtgcheck.Verdict.PASS
    ({'types': ['G']}, True)
    """
    from mtgcheck.solver.questions.runner import run_scenario

    db = _database(cards)
    sc = _scenario_from(scenario, index)
    res = run_scenario(sc, db, {"limit": limit})
    if res.unreadable:
        raise ScenarioInputError(res.message, sc.path, res.line)
    return Answer._from_result(res, sc.source)


@dataclass
class CheckReport:
    """The answers of every scenario under some paths (``check``); iterate for the ``Answer`` objects.

    Attributes
    ----------
    answers : list of Answer
    cards : str, which card data was used (``models.data.database.describe_source``).
    counts : dict, verdict → number of scenarios (a property).
    """

    answers: list[Answer]
    cards: str = ""

    @property
    def counts(self) -> dict[Verdict, int]:
        """Verdict → number of scenarios, in the order of ``Verdict``, verdicts with none left out."""
        c = Counter(Verdict(a.verdict) for a in self.answers)
        return {v: c[v] for v in Verdict if c[v]}

    @property
    def ok(self) -> bool:
        """True when every scenario passed or had nothing to compare (``mtgcheck check`` would exit 0)."""
        return all(a.ok for a in self.answers)

    def __iter__(self) -> Iterator[Answer]:
        return iter(self.answers)

    def __len__(self) -> int:
        return len(self.answers)

    def __getitem__(self, i: int) -> Answer:
        return self.answers[i]

    def failures(self) -> list[Answer]:
        """The answers that are not ``ok`` (failed, unsupported with an expectation or not, errors)."""
        return [a for a in self.answers if not a.ok]

    def to_dict(self) -> dict[str, Any]:
        """Plain data: ``{"cards": ..., "counts": {...}, "answers": [Answer.to_dict(), ...]}``."""
        return {"cards": self.cards, "counts": {str(k): n for k, n in self.counts.items()},
                "answers": [a.to_dict() for a in self.answers]}

    def to_records(self) -> list[dict[str, Any]]:
        """One flat row per scenario (``Answer.to_records``; columns ``ANSWER_COLUMNS``)."""
        return [r for a in self.answers for r in a.to_records()]

    def _rows(self) -> list[dict[str, Any]]:
        return [{"file": f"{a.file}#{a.index}", "question": f"{a.question}: {a.title}",
                 "answer": a.summary() or a.message, "verdict": str(a.verdict)} for a in self.answers]

    def _repr_html_(self) -> str:
        summary = ", ".join(f"{n} {v}" for v, n in self.counts.items())
        return _html_table(self._rows(), ["file", "question", "answer", "verdict"],
                           f"{len(self.answers)} scenarios: {summary}")

    def __repr__(self) -> str:
        summary = ", ".join(f"{n} {v}" for v, n in self.counts.items())
        return f"<CheckReport {len(self.answers)} scenarios: {summary}>\n" + _text_table(
            self._rows(), ["file", "question", "answer", "verdict"])


def check(paths: "str | os.PathLike[str] | Iterable[str | os.PathLike[str]]", *, cards: CardsArg = None,
          limit: int = 50) -> CheckReport:
    """Answer every scenario under ``paths`` (files or folders) and compare with their expectations
    (``mtgcheck check``).

    Parameters
    ----------
    paths : path or iterable of paths
        Scenario files and folders (every ``*.yaml``, ``*.yml``, ``*.json`` below a folder).
    cards : CardDatabase, str or os.PathLike, optional
        The card data (see ``load_cards``).
    limit : int
        Most items listed in any answer.

    Returns
    -------
    CheckReport
        One ``Answer`` per scenario; a file that cannot be read is one answer with verdict ``ERROR``
        naming the file and line (nothing is raised for bad scenario files).
    """
    from mtgcheck.models.data.database import describe_source
    from mtgcheck.solver.questions.runner import iter_results

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    db = _database(cards)
    return CheckReport([Answer._from_result(r) for r in iter_results([os.fspath(p) for p in paths], db, {"limit": limit})],
                       cards=describe_source(db))


# ---------------------------------------------------------------------------
# Decks
# ---------------------------------------------------------------------------

#: The columns of ``DeckResult.to_records()`` (and ``ValidationReport.to_records()``).
DECK_COLUMNS = ("source", "index", "name", "format", "status", "legal", "codes", "problems", "first_problem",
                "commanders", "data_date")


@dataclass
class DeckResult:
    """The verdict on one deck (``mtgcheck validate``: one JSON line of ``--json``).

    Attributes
    ----------
    source : str, where the deck came from (a path, ``<text>``, ``<data>``); index : int, its place in the
        file, from 1; line : int or None, the line of its JSON-lines record; name : str or None.
    format : str, the format it was judged in.
    legal : bool or None, True: every rule checked and none broken; False: some rule broken or the list not
        read; None: no rule broken but some card has no legality in the card data.
    status : DeckStatus, ``LEGAL``, ``ILLEGAL``, ``UNKNOWN`` or ``UNREADABLE``.
    codes : list of ProblemCode, each problem's code once, in order.
    problems : list of solver.decks.rules.DeckProblem (``code``, ``rule``, ``message``, ``cards``, ``counts``,
        ``line``, ``suggestions``).
    notes : list of str; counts : dict (``main``, ``side``, ``commander``, ``companion``);
    commanders : list of str; companion : str or None; data_date, data_source : the card data used.
    report : the ``solver.decks.rules.DeckReport`` it was made from (None for a deck that could not be judged).
    """

    source: str
    index: int
    name: str | None
    format: str
    legal: bool | None
    status: DeckStatus
    codes: list[ProblemCode]
    problems: list[DeckProblem]
    notes: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    commanders: list[str] = field(default_factory=list)
    companion: str | None = None
    data_date: str | None = None
    data_source: str | None = None
    line: int | None = None
    report: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], report: Any = None) -> "DeckResult":
        """A result from its plain data (``to_dict()``, a line of ``mtgcheck validate --json``)."""
        fields = {f for f in DeckProblem.__dataclass_fields__}
        probs = [DeckProblem(**{k: v for k, v in p.items() if k in fields}) for p in d.get("problems") or ()]
        for p in probs:
            p.code = _code(p.code)
        return cls(source=str(d.get("source") or ""), index=int(d.get("index") or 1), name=d.get("name"),
                   format=str(d.get("format") or ""), legal=d.get("legal"), status=DeckStatus(d["status"]),
                   codes=[_code(c) for c in d.get("codes") or ()], problems=probs, notes=list(d.get("notes") or ()),
                   counts=dict(d.get("counts") or {}), commanders=list(d.get("commanders") or ()),
                   companion=d.get("companion"), data_date=d.get("data_date"), data_source=d.get("data_source"),
                   line=d.get("line"), report=report)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready), as ``mtgcheck validate --json`` prints it (``index`` from 1)."""
        d: dict[str, Any] = {
            "source": self.source, "index": self.index, "name": self.name, "format": self.format,
            "legal": self.legal, "status": str(self.status), "codes": [str(c) for c in self.codes],
            "problems": [dict(p.to_dict(), code=str(p.code)) for p in self.problems], "notes": self.notes,
            "counts": self.counts, "commanders": self.commanders, "companion": self.companion,
            "data_date": self.data_date, "data_source": self.data_source}
        if self.line is not None:
            d["line"] = self.line
        return d

    def to_records(self) -> list[dict[str, Any]]:
        """A list of one flat row (``DECK_COLUMNS``): codes space-separated, problems their number,
        first_problem the first one's message, commanders joined by `` / ``."""
        return [{"source": self.source, "index": self.index, "name": self.name or "", "format": self.format,
                 "status": str(self.status), "legal": self.legal, "codes": " ".join(map(str, self.codes)),
                 "problems": len(self.problems), "first_problem": self.problems[0].message if self.problems else "",
                 "commanders": " / ".join(self.commanders), "data_date": self.data_date or ""}]

    def _repr_html_(self) -> str:
        rows = [{"code": str(p.code), "rule": p.rule, "problem": p.message} for p in self.problems]
        cap = f"{self.name or self.source or 'deck'} ({self.format}): {self.status}"
        return _html_table(rows, ["code", "rule", "problem"], cap, footer=False)

    def __repr__(self) -> str:
        codes = f" {' '.join(map(str, self.codes))}" if self.codes else ""
        return f"<DeckResult {self.status} {self.format} {self.source or ''}#{self.index}{codes}>"


def _code(c: Any) -> Any:
    try:
        return ProblemCode(c)
    except ValueError:
        return c


@dataclass
class ValidationReport:
    """The results of ``validate``: one ``DeckResult`` per deck, in input order (a list-like: iterate,
    ``len``, ``report[0]``).

    Attributes
    ----------
    decks : list of DeckResult
    format : str, the format asked for (``"auto"``: each deck's own).
    skipped : dict, registered format → decks skipped by ``only_registered``.
    counts : dict, DeckStatus → decks (a property); codes : Counter, ProblemCode → decks (a property).
    """

    decks: list[DeckResult]
    format: str = ""
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def counts(self) -> dict[DeckStatus, int]:
        c = Counter(DeckStatus(d.status) for d in self.decks)
        return {s: c[s] for s in DeckStatus if c[s]}

    @property
    def codes(self) -> Counter:
        return Counter(code for d in self.decks for code in d.codes)

    @property
    def ok(self) -> bool:
        """True when every deck is legal (``mtgcheck validate`` would exit 0)."""
        return bool(self.decks) and all(d.legal is True for d in self.decks)

    def __iter__(self) -> Iterator[DeckResult]:
        return iter(self.decks)

    def __len__(self) -> int:
        return len(self.decks)

    def __getitem__(self, i: int) -> DeckResult:
        return self.decks[i]

    def to_dict(self) -> dict[str, Any]:
        """``{"format", "counts", "codes", "skipped", "decks": [DeckResult.to_dict(), ...]}``."""
        return {"format": self.format, "counts": {str(k): n for k, n in self.counts.items()},
                "codes": {str(k): n for k, n in self.codes.most_common()}, "skipped": dict(self.skipped),
                "decks": [d.to_dict() for d in self.decks]}

    def to_records(self) -> list[dict[str, Any]]:
        """One flat row per deck (``DeckResult.to_records``; columns ``DECK_COLUMNS``)."""
        return [r for d in self.decks for r in d.to_records()]

    def _repr_html_(self) -> str:
        summary = ", ".join(f"{n} {s}" for s, n in self.counts.items())
        return _html_table(self.to_records(), list(DECK_COLUMNS), f"{len(self.decks)} decks ({self.format}): {summary}")

    def __repr__(self) -> str:
        summary = ", ".join(f"{n} {s}" for s, n in self.counts.items())
        return (f"<ValidationReport {len(self.decks)} decks ({self.format}): {summary}>\n"
                + _text_table(self.to_records(), ["source", "index", "format", "status", "codes"]))


def validate(deck_or_path: "Decklist | str | os.PathLike[str] | Mapping[str, Any]", format: str = "auto",
             cards: CardsArg = None, *, commanders: Iterable[str] | None = None, companion: str | None = None,
             only_registered: bool = False) -> ValidationReport:
    """Check decks against a format's deck-construction rules (``mtgcheck validate``).

    Parameters
    ----------
    deck_or_path : Decklist, str, os.PathLike or mapping
        The path of a decklist file (MTGO, Arena, Moxfield, Archidekt, ``.dek``, ``.cod``, ``.dck``, CSV or
        JSON lines of many decks); a ``models.data.decklist.Decklist``; decklist text; or plain data
        ``{"main": [[4, "Name"], ...], "side": [...], "commander": [...], "format": ...}``.
    format : str
        A format name (``modern``, ``commander``, ...), alias or format YAML path (docs/decks.md), or
        ``"auto"`` (the default): each deck's own format (a JSON-lines record's or a mapping's ``format``;
        a deck that names none is ``UNREADABLE``, saying so).
    cards : CardDatabase, str or os.PathLike, optional
        The card data (see ``load_cards``). The embedded catalog has no legalities, so with it most decks
        are of ``UNKNOWN`` legality: give real data (``mtgcheck data update``/``install`` or a file).
    commanders, companion : optional
        The commander(s) or companion of a list that does not name them.
    only_registered : bool
        With a format name: judge only the decks registered for it (their ``format``); the others are
        counted in ``skipped`` (``--only-registered``).

    Returns
    -------
    ValidationReport
        Always a report of ``DeckResult``s, one per deck (one for a single decklist: ``report[0]``).

    Raises
    ------
    models.data.formats.FormatError
        Unknown format. ``models.data.decklist.DecklistError``: the file cannot be read at all.
        ``solver.questions.registry.QuestionError``: a named commander or companion is not a card.

    Examples
    --------
    >>> import mtgcheck
    >>> r = mtgcheck.validate("5 Lightning Bolt\\n55 Mountain\\n", "modern")
    >>> r[0].codes[0] is mtgcheck.ProblemCode.TOO_MANY_COPIES, r[0].index
    (True, 1)
    """
    from mtgcheck.models.data.decklist import Decklist, decklist_from_data, parse_text, read_decks
    from mtgcheck.models.data.formats import load_format

    from .decks.batch import _error_row

    db = _database(cards)
    fixed = None if format == "auto" else load_format(format)  # FormatError now, before any deck
    if only_registered and fixed is None:
        raise ValueError("only_registered takes the decks registered for one format: give a format name, not 'auto'")
    skipped: Counter = Counter()

    def one(deck: Decklist) -> DeckResult | None:
        fmt: Any = fixed
        if fixed is None:
            if not deck.format:
                return DeckResult.from_dict(_error_row(deck, "the deck names no format; give format=", {"db": db}))
            fmt = deck.format
        elif only_registered:
            try:
                same = bool(deck.format) and load_format(str(deck.format)).name == fixed.name
            except ValueError:
                same = False
            if not same:
                skipped[deck.format] += 1
                return None
        rep = validate_deck(deck, fmt, db, commanders=commanders, companion=companion)
        d = rep.to_dict()
        if deck.line is not None:
            d["line"] = deck.line
        return DeckResult.from_dict(d, rep)

    if isinstance(deck_or_path, os.PathLike) or (isinstance(deck_or_path, str) and "\n" not in deck_or_path
                                                 and Path(deck_or_path).is_file()):
        decks = list(read_decks(os.fspath(deck_or_path)))
    elif isinstance(deck_or_path, Decklist):
        decks = [deck_or_path]
    elif isinstance(deck_or_path, Mapping):
        decks = [decklist_from_data(deck_or_path, "<data>", 0, None)]
    elif isinstance(deck_or_path, str):
        decks = [parse_text(deck_or_path, "<text>")]
    else:
        raise TypeError(f"validate() takes a Decklist, decklist text, a mapping or a path, got "
                        f"{type(deck_or_path).__name__}")
    results = [r for r in (one(d) for d in decks) if r is not None]
    return ValidationReport(results, format=fixed.name if fixed is not None else "auto", skipped=dict(skipped))


def load_cards(path: "str | os.PathLike[str] | None" = None) -> "CardDatabase":
    """The card database.

    Parameters
    ----------
    path : str or os.PathLike, optional
        A Scryfall bulk file, Scryfall JSON lines or MTGJSON AtomicCards (optionally gzipped). When omitted,
        in order: the file in ``MTGCHECK_CARDS``; the data ``mtgcheck data update`` (or ``data install``)
        installed; the embedded catalog of hand-modelled cards.

    Returns
    -------
    mtgcheck.models.data.database.CardDatabase
        ``db.get(name)``, ``db.find(name)``, ``name in db``, ``len(db)``; ``db.source``, ``db.date``,
        ``db.origin`` say which data it is (docs/cards.md).

    Raises
    ------
    mtgcheck.models.data.database.CardDataError
        The file is missing or is not card data.

    Examples
    --------
    >>> import mtgcheck
    >>> mtgcheck.load_cards().get("treasure cruise").mana_value()
    8
    """
    from mtgcheck.models.data.database import load_database

    return load_database(path)
