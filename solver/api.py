"""The public Python API: ``mtgcheck.ask``, ``mtgcheck.check``, ``mtgcheck.validate``, ``mtgcheck.load_cards``.

Results are plain data: ``to_dict()`` gives JSON-ready dictionaries, ``to_records()`` flat rows (one
dictionary of scalars per answer or deck, ready for ``pandas.DataFrame``; pandas is not needed by mtgcheck),
and ``_repr_html_`` draws a small table in a notebook.

Imported lazily by ``mtgcheck/__init__`` so that ``import mtgcheck`` stays light.
"""
from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from mtgcheck.models.scenario import ScenarioError

__all__ = ["Answer", "CheckReport", "DeckResult", "ask", "check", "validate", "load_cards"]


def _cell(v: Any) -> Any:
    """A value as one table cell: scalars as they are, anything else as compact JSON text."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return json.dumps(v, ensure_ascii=False, default=str, separators=(", ", ": "))


def _html_table(rows: list[dict[str, Any]], columns: list[str], caption: str = "") -> str:
    head = "".join(f"<th style='text-align:left'>{html.escape(c)}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td style='text-align:left;vertical-align:top'>{html.escape(str(_cell(r.get(c, ''))))}</td>"
                         for c in columns) + "</tr>" for r in rows)
    cap = f"<caption style='text-align:left'>{html.escape(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _database(cards: Any) -> Any:
    """``cards`` as a CardDatabase: a database as it is, a path loaded, None the default choice
    (``MTGCHECK_CARDS``, downloaded data, then the embedded catalog; see ``load_cards``)."""
    from mtgcheck.models.database import CardDatabase, load_database

    if isinstance(cards, CardDatabase):
        return cards
    return load_database(cards)


# ---------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------


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
    verdict : str
        ``"pass"`` (every ``expect`` key equal), ``"FAIL"``, ``"no expectation"``, ``"unsupported"`` (not
        modelled: the message names the card and the sentence) or ``"error"``.
    message : str
        What failed, what is not modelled, or what is wrong with the input.
    expect, mismatches : the scenario's ``expect`` and one line per expected key that differs.
    capped : bool, a listing was cut at ``limit``.
    file : str, index : int (from 1), source : str (the scenario's rule or ruling citation).
    """

    title: str
    question: str
    values: dict[str, Any]
    explanation: list[str]
    verdict: str
    message: str = ""
    expect: Any = None
    mismatches: list[str] = field(default_factory=list)
    capped: bool = False
    file: str = ""
    index: int = 1
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def _from_result(cls, res: Any, source: str = "") -> "Answer":
        a = res.answer
        return cls(title=res.title, question=res.kind, values=dict(a.values) if a else {},
                   explanation=list(a.explanation) if a else [], verdict=res.verdict, message=res.message,
                   expect=res.expect, mismatches=list(res.mismatches), capped=bool(a and a.capped),
                   file=res.path, index=res.index + 1, source=source, extra=dict(a.extra) if a else {})

    @property
    def ok(self) -> bool:
        """True when nothing is wrong: the verdict is ``pass`` or ``no expectation``."""
        return self.verdict in ("pass", "no expectation")

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready): the fields above except ``extra``."""
        return {"file": self.file, "index": self.index, "title": self.title, "question": self.question,
                "verdict": self.verdict, "values": self.values, "explanation": self.explanation,
                "message": self.message, "expect": self.expect, "mismatches": self.mismatches,
                "capped": self.capped, "source": self.source}

    def to_records(self) -> dict[str, Any]:
        """One flat row: file, index, title, question, verdict, message, then ``answer.KEY`` per answer key
        (lists and mappings as compact JSON text). ``pd.DataFrame(a.to_records() for a in answers)``."""
        row = {"file": self.file, "index": self.index, "title": self.title, "question": self.question,
               "verdict": self.verdict, "message": self.message}
        row.update({f"answer.{k}": _cell(v) for k, v in self.values.items()})
        return row

    def _repr_html_(self) -> str:
        rows = [{"key": k, "value": v} for k, v in self.values.items()]
        rows.append({"key": "verdict", "value": self.verdict + (f": {self.message}" if self.message else "")})
        why = "".join(f"<li>{html.escape(line)}</li>" for line in self.explanation)
        return (_html_table(rows, ["key", "value"], f"{self.title} ({self.question})")
                + (f"<details><summary>why</summary><ul>{why}</ul></details>" if why else ""))

    def __str__(self) -> str:
        lines = [f"{self.title} ({self.question}): {self.verdict}"]
        lines += [f"  {k}: {json.dumps(v, ensure_ascii=False, default=str)}" for k, v in self.values.items()]
        lines += [f"  - {line}" for line in self.explanation]
        if self.message:
            lines.append(f"  {self.message}")
        return "\n".join(lines)


def _scenario_from(scenario: Any, index: int) -> Any:
    """A ``Scenario`` from a mapping, YAML/JSON text or a path (``index`` from 1 for files holding several)."""
    from mtgcheck.models.scenario import ScenarioError, load_scenarios, load_yaml, parse_scenario

    if isinstance(scenario, Mapping):
        items = scenario.get("scenarios") if "scenarios" in scenario else None
        if isinstance(items, list):
            if not 1 <= index <= len(items):
                raise ScenarioError(f"the scenarios hold {len(items)} questions; there is no scenario {index}", "<mapping>")
            return parse_scenario(items[index - 1], "<mapping>", index - 1)
        return parse_scenario(scenario, "<mapping>", 0)
    if isinstance(scenario, os.PathLike) or (isinstance(scenario, str) and "\n" not in scenario
                                             and scenario.strip().lower().endswith((".yaml", ".yml", ".json"))):
        scs = load_scenarios(os.fspath(scenario))
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


def ask(scenario: Any, *, cards: Any = None, index: int = 1, limit: int = 50) -> Answer:
    """Answer one scenario's question and compare it with its ``expect``.

    Parameters
    ----------
    scenario : mapping, str or os.PathLike
        The scenario (docs/scenarios.md): a mapping (``{"players": [...], "ask": {...}, ...}``), YAML or JSON
        text, or the path of a ``.yaml``/``.yml``/``.json`` file.
    cards : CardDatabase, str or os.PathLike, optional
        The card data (see ``load_cards``); default: ``MTGCHECK_CARDS``, downloaded data, the catalog.
    index : int
        Which scenario of a file (or ``scenarios:`` list) holding several, from 1.
    limit : int
        Most items listed in any answer.

    Returns
    -------
    Answer
        ``values``, ``explanation`` and ``verdict`` (``unsupported`` when a card's text is not modelled:
        never a silent guess).

    Raises
    ------
    mtgcheck.models.scenario.ScenarioError
        The scenario cannot be read or is malformed, names an unknown card or has wrong question arguments
        (a ``ValueError``; the message names the file and line).
    mtgcheck.models.database.CardDataError
        The card data file cannot be read.

    Examples
    --------
    >>> import mtgcheck
    >>> a = mtgcheck.ask({"players": ["Alice"], "ask": {"mana_value": {"card": "Treasure Cruise"}}})
    >>> a.values["mana_value"]
    8
    """
    from mtgcheck.solver.runner import run_scenario

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
    counts : dict, verdict → number of scenarios.
    cards : str, which card data was used (``models.database.describe_source``).
    """

    answers: list[Answer]
    cards: str = ""

    @property
    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for a in self.answers:
            out[a.verdict] = out.get(a.verdict, 0) + 1
        return out

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

    def to_dict(self) -> dict[str, Any]:
        """Plain data: ``{"cards": ..., "counts": {...}, "answers": [Answer.to_dict(), ...]}``."""
        return {"cards": self.cards, "counts": self.counts, "answers": [a.to_dict() for a in self.answers]}

    def to_records(self) -> list[dict[str, Any]]:
        """One flat row per scenario (``Answer.to_records``): ``pd.DataFrame(report.to_records())``."""
        return [a.to_records() for a in self.answers]

    def _repr_html_(self) -> str:
        rows = [{"file": f"{a.file}#{a.index}", "question": f"{a.question}: {a.title}",
                 "answer": ", ".join(f"{k}={_cell(v)}" for k, v in a.values.items()) or a.message,
                 "verdict": a.verdict} for a in self.answers]
        summary = ", ".join(f"{n} {v}" for v, n in self.counts.items())
        return _html_table(rows, ["file", "question", "answer", "verdict"], f"{len(self.answers)} scenarios: {summary}")


def check(paths: "str | os.PathLike | Iterable[str | os.PathLike]", *, cards: Any = None, limit: int = 50) -> CheckReport:
    """Answer every scenario under ``paths`` (files or folders) and compare with their expectations.

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
        One ``Answer`` per scenario; a file that cannot be read is one answer with verdict ``error``
        naming the file and line (nothing is raised for bad scenario files).
    """
    from mtgcheck.models.database import describe_source
    from mtgcheck.solver.runner import iter_results

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    db = _database(cards)
    return CheckReport([Answer._from_result(r) for r in iter_results([os.fspath(p) for p in paths], db, {"limit": limit})],
                       cards=describe_source(db))


# ---------------------------------------------------------------------------
# Decks
# ---------------------------------------------------------------------------


class DeckResult:
    """The verdict on one deck (wraps ``solver.decks.DeckReport``; its attributes are readable here:
    ``legal``, ``status``, ``problems``, ``codes``, ``counts``, ``commanders``, ``data_date``, ...)."""

    def __init__(self, report: Any):
        self.report = report

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["report"], name)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready), as ``mtgcheck validate --json`` prints it."""
        return self.report.to_dict()

    def to_records(self) -> dict[str, Any]:
        """One flat row: source, index, name, format, status, legal, codes (space-separated), problems (count),
        first_problem, commanders, data_date."""
        d = self.report.to_dict()
        probs = d.get("problems") or []
        return {"source": d["source"], "index": d["index"], "name": d.get("name") or "", "format": d["format"],
                "status": d["status"], "legal": d["legal"], "codes": " ".join(d["codes"]), "problems": len(probs),
                "first_problem": probs[0]["message"] if probs else "",
                "commanders": " / ".join(d.get("commanders") or []), "data_date": d.get("data_date") or ""}

    def _repr_html_(self) -> str:
        d = self.report.to_dict()
        rows = [{"code": p["code"], "rule": p["rule"], "problem": p["message"]} for p in d["problems"]]
        cap = f"{d.get('name') or d['source'] or 'deck'} ({d['format']}): {d['status']}"
        return _html_table(rows, ["code", "rule", "problem"], cap)

    def __repr__(self) -> str:
        return f"<DeckResult {self.report.status} {self.report.format} {self.report.source or ''}#{self.report.index + 1}>"


def validate(deck_or_path: Any, format: str, cards: Any = None, *, commanders: Iterable[str] | None = None,
             companion: str | None = None) -> "DeckResult | list[DeckResult]":
    """Check a deck against a format's deck-construction rules.

    Parameters
    ----------
    deck_or_path : Decklist, str, os.PathLike or mapping
        A ``models.decklist.Decklist``; the path of a decklist file (MTGO, Arena, Moxfield, Archidekt,
        ``.dek``, ``.cod`` or JSON lines of many decks); decklist text; or plain data
        ``{"main": [[4, "Name"], ...], "side": [...], "commander": [...]}``.
    format : str
        A format name (``modern``, ``commander``, ...), alias or format YAML path (docs/decks.md).
    cards : CardDatabase, str or os.PathLike, optional
        The card data (see ``load_cards``). The embedded catalog has no legalities, so with it most decks
        are of ``unknown`` legality: give real data (``mtgcheck data update`` or a file).
    commanders, companion : optional
        The commander(s) or companion of a list that does not name them.

    Returns
    -------
    DeckResult, or a list of DeckResult when a file holds several decks.

    Raises
    ------
    models.formats.FormatError
        Unknown format. ``models.decklist.DecklistError``: the file cannot be read at all.
        ``solver.questions.QuestionError``: a named commander or companion is not a card.
    """
    from mtgcheck.models.decklist import read_decks
    from mtgcheck.solver.decks import validate_deck

    db = _database(cards)

    def one(deck: Any) -> DeckResult:
        return DeckResult(validate_deck(deck, format, db, commanders=commanders, companion=companion))

    if isinstance(deck_or_path, os.PathLike) or (isinstance(deck_or_path, str) and "\n" not in deck_or_path
                                                 and Path(deck_or_path).is_file()):
        decks = [one(d) for d in read_decks(os.fspath(deck_or_path))]
        return decks[0] if len(decks) == 1 else decks
    return one(deck_or_path)


def load_cards(path: "str | os.PathLike | None" = None) -> Any:
    """The card database.

    Parameters
    ----------
    path : str or os.PathLike, optional
        A Scryfall bulk file, Scryfall JSON lines or MTGJSON AtomicCards (optionally gzipped). When omitted,
        in order: the file in ``MTGCHECK_CARDS``; the data ``mtgcheck data update`` downloaded; the embedded
        catalog of hand-modelled cards.

    Returns
    -------
    mtgcheck.models.database.CardDatabase
        ``db.get(name)``, ``db.find(name)``, ``name in db``, ``len(db)``; ``db.source``, ``db.date``,
        ``db.origin`` say which data it is. A file read once is cached (parsed objects on disk), so a later
        load in a new process takes well under a second (docs/cards.md).

    Raises
    ------
    mtgcheck.models.database.CardDataError
        The file is missing or is not card data.
    """
    from mtgcheck.models.database import load_database

    return load_database(path)
