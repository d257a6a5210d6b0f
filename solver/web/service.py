"""What the rulings page does, without the web: build a scenario from the board builder, ask it as ``mtgcheck ask``
does, open scenarios (pasted or uploaded text, examples, shared URLs) and look cards up.

``PageService`` holds one card database (loaded once per server), the examples it was given and a private
working folder; its methods take and return plain data (JSON-ready), so the HTTP layer (``solver.web.app``) only
moves them. Every method is safe to call from several threads at once: it reads shared data and writes only
files of its own, with names of their own, in the working folder.

Files: the server reads the card data and the examples folder it was given, and nothing else a request names. A
scenario asked from the page is placed, for the rules that read files next to a scenario (``validate_deck``'s
``decklist`` and ``format`` files, which must lie in the scenario's folder), in an empty private folder; one opened
from an example stays in that example's folder, so the example's decklist files are found.
"""
from __future__ import annotations

import base64
import json
import os
import shutil
import sys
import tempfile
import threading
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from mtgcheck.models.data.scenario import ScenarioError, load_scenario_items, load_yaml, parse_scenario

from . import forms

__all__ = ["PageService", "MAX_TEXT", "MAX_SHARE"]

#: Most characters of a scenario text the page opens (a real scenario has a few hundred to a few thousand).
MAX_TEXT = 1_000_000
#: Most characters of a shared-URL token (the scenario compressed).
MAX_SHARE = 200_000
#: Largest integer sent as a JSON number (JavaScript reads larger ones inexactly); larger ones are sent as text.
_JS_SAFE = 2 ** 53 - 1
#: The name a scenario asked from the page has in messages ("scenario.yaml:12: unknown card ...").
SCENARIO_NAME = "scenario.yaml"
#: Seconds the server waits for a question it asked to stop (past its time budget) before it answers without it.
STOP_WAIT = 5.0


def _jsonable(v: Any) -> Any:
    """``v`` as JSON-ready data for the page: integers beyond JavaScript's exact range as their digits."""
    if isinstance(v, bool) or v is None or isinstance(v, (float, str)):
        return v
    if isinstance(v, int):
        return v if -_JS_SAFE <= v <= _JS_SAFE else str(v)
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple, set, frozenset)):
        return [_jsonable(x) for x in v]
    return str(v)


def _value_text(v: Any) -> str:
    """An answer value as ``mtgcheck ask`` prints it (compact JSON)."""
    return json.dumps(v, ensure_ascii=False, default=str)


@dataclass(frozen=True)
class Example:
    """One scenario of the examples folder: ``id`` (``relative/path.yaml#N``), its file, index, title and kind."""

    id: str
    path: Path
    rel: str
    index: int
    title: str
    kind: str
    data: Any = None
    error: str = ""


class PageService:
    """The page's operations on one card database.

    Parameters
    ----------
    db : models.data.database.CardDatabase
        The card data, loaded once (``load_database``).
    examples : path or None
        The examples folder the page lists and opens (``examples/`` of a source checkout by default, see
        ``solver.cli.serve``); None: no examples.
    limit : int
        Most items listed in an answer (``--limit``).
    max_states, max_seconds : int / float or None
        The budget of each question (``--max-states``, ``--max-seconds``; ``solver.rules.budget``).
    """

    def __init__(self, db: Any, *, examples: str | os.PathLike | None = None, limit: int = 50,
                 max_states: int | None = None, max_seconds: float | None = None) -> None:
        from mtgcheck.solver.questions.registry import load_handlers

        load_handlers()  # once, before requests run in several threads
        sys.set_int_max_str_digits(max(sys.get_int_max_str_digits(), 100_000))  # exact answers can be long numbers
        self.db = db
        self.limit = int(limit)
        self.max_states = max_states
        self.max_seconds = max_seconds
        self._work = Path(tempfile.mkdtemp(prefix="mtgcheck-serve-"))
        self._page_dir = self._work / "page"          # where a scenario from the page is: empty, read by nothing
        self._page_dir.mkdir()
        self.examples_root = Path(examples).resolve() if examples is not None else None
        # the examples are read in the background (a second or more for a hundred files): the page is served at once
        self._examples_list: list[Example] | None = None
        self._examples_ready = threading.Event()
        threading.Thread(target=self._read_examples, name="mtgcheck-examples", daemon=True).start()
        self._names_lock = threading.Lock()
        self._names: list[str] | None = None
        self._stop = _stop_exception(self.seconds())

    def close(self) -> None:
        """Remove the private working folder."""
        shutil.rmtree(self._work, ignore_errors=True)

    # ---- what the page needs to draw itself --------------------------------
    def info(self) -> dict[str, Any]:
        """The question kinds with their fields, the zones, turn steps, formats, limits and the card data."""
        from mtgcheck.models.data.formats import available_formats
        from mtgcheck.models.data.inputs import MAX_PLAYERS
        from mtgcheck.models.game.turn import TurnStep
        from mtgcheck.solver.rules import budget

        try:
            formats = sorted(available_formats())
        except Exception:  # a broken MTGCHECK_FORMATS folder: the field takes any name then
            formats = []
        kinds = []
        for spec in forms.QUESTIONS.values():
            d = spec.to_dict()
            for f in d["fields"]:
                if spec.kind == "validate_deck" and f["key"] == "format":
                    f["options"] = formats
            kinds.append(d)
        try:
            from importlib.metadata import version

            ver = version("mtgcheck")
        except Exception:
            ver = ""
        return {"version": ver, "cards": self.cards_line(), "kinds": kinds, "zones": list(forms.ZONE_ORDER),
                "steps": [s.value for s in TurnStep], "max_players": MAX_PLAYERS,
                "entry_fields": dict(forms.ENTRY_FIELDS), "limit": self.limit,
                "max_states": budget.from_options({"max_states": self.max_states}).max_states,
                "max_seconds": self.seconds()}

    def cards_line(self) -> str:
        """Which card data answers, without the folder it is in: ``32,139 cards from oracle-cards.json.gz
        (2025-11-03)`` or the embedded catalog."""
        db = self.db
        if getattr(db, "source", "") == "catalog":
            return (f"the embedded catalog ({len(db)} hand-modelled cards; `mtgcheck data update` or --cards FILE "
                    "for every card)")
        return f"{len(db):,} cards from {Path(str(db.source)).name} ({db.date or 'undated'})"

    # ---- card names ---------------------------------------------------------
    def _name_index(self) -> list[str]:
        """Every normalised card and face name (``CardDatabase.name_keys``: no card is read), built once."""
        with self._names_lock:
            if self._names is None:
                self._names = self.db.name_keys()
            return self._names

    def warm(self) -> None:
        """Build the name index now (``serve`` does it before it prints its address)."""
        self._name_index()

    def complete(self, query: str, limit: int = 12) -> list[str]:
        """Card names for a partly typed name, best first: names starting with it (shortest first), then names
        holding it, then close spellings (rapidfuzz ``QRatio``, so typos are forgiven). At most ``limit``; face
        names give their card's name. Only the cards offered are read."""
        from rapidfuzz import fuzz, process

        from mtgcheck.models.data.inputs import truncate_name
        from mtgcheck.models.game.names import normalize_name

        q = normalize_name(truncate_name(str(query or ""), 200))
        limit = max(1, min(int(limit), 50))
        if not q:
            return []
        keys = self._name_index()
        found: list[str] = []
        starts = sorted((len(k), k) for k in keys if k.startswith(q))
        found += [k for _, k in starts[: limit * 2]]
        if len(found) < limit * 2:
            inner = sorted((len(k), k) for k in keys if q in k and not k.startswith(q))
            found += [k for _, k in inner[: limit * 2]]
        if len(found) < limit and len(q) >= 3:
            found += [k for k, _, _ in process.extract(q, keys, scorer=fuzz.QRatio, limit=limit * 2, score_cutoff=70)]
        out: list[str] = []
        for k in found:
            card = self.db.find(k)
            if card is not None and card.name not in out:
                out.append(card.name)
                if len(out) >= limit:
                    break
        return out

    def card(self, name: str) -> dict[str, Any]:
        """A card's facts and behaviour model, as ``mtgcheck card NAME --json`` gives them, with each ability marked
        modelled or not (an unmodelled one is a sentence mtgcheck does not read: questions it could change answer
        ``unsupported``) and the Oracle text cut into parts, unmodelled sentences marked.

        An unknown name gives ``{"error": message, "suggestions": [...]}`` (the CLI's message)."""
        from mtgcheck.models.vocab.behaviour import abilities_of
        from mtgcheck.solver.cli.main import card_to_dict

        try:
            c = self.db.get(str(name))
        except KeyError as e:
            msg = str(e) if type(e) is not KeyError else f"unknown card {name!r}"
            return {"error": msg, "suggestions": list(getattr(e, "suggestions", []) or [])}
        abilities = abilities_of(c)
        d = card_to_dict(c, abilities)
        for a, out in zip(abilities, d["abilities"]):
            un = a.is_unmodelled
            out["modelled"] = not un
            out["topics"] = sorted(str(t) for t in getattr(a.effect, "topics", ())) if un else []
            out["text"] = a.text
        d["oracle_parts"] = _mark(d.get("oracle_text") or "", [a.text for a in abilities if a.is_unmodelled and a.text])
        return _jsonable(d)

    # ---- examples -------------------------------------------------------------
    def _read_examples(self) -> None:
        try:
            self._examples_list = self._scan_examples()
        except Exception:  # an examples folder that cannot be read lists nothing; the page works without it
            self._examples_list = []
        finally:
            self._examples_ready.set()

    @property
    def _examples(self) -> list[Example]:
        self._examples_ready.wait()
        return self._examples_list or []

    def _scan_examples(self) -> list[Example]:
        root = self.examples_root
        if root is None or not root.is_dir():
            return []
        from mtgcheck.solver.questions.runner import find_scenario_files

        files, _problems = find_scenario_files([root])
        out: list[Example] = []
        for f in sorted(files):
            rel = f.relative_to(root).as_posix()
            try:
                items = load_scenario_items(f)
            except ScenarioError as e:
                out.append(Example(f"{rel}#1", f, rel, 0, rel, "", None, str(e)))
                continue
            for i, sc in enumerate(items):
                if isinstance(sc, ScenarioError):
                    out.append(Example(f"{rel}#{i + 1}", f, rel, i, f"{rel} #{i + 1}", "", None, str(sc)))
                else:
                    out.append(Example(f"{rel}#{i + 1}", f, rel, i, sc.title or f"{rel} #{i + 1}", sc.question.kind,
                                       sc.data))
        return out

    def examples(self) -> list[dict[str, Any]]:
        """The examples: ``[{id, file, folder, index, title, kind}]`` (``error`` for one that cannot be read)."""
        return [{"id": e.id, "file": e.rel, "folder": e.rel.rsplit("/", 1)[0] if "/" in e.rel else "",
                 "index": e.index + 1, "title": e.title, "kind": e.kind, **({"error": e.error} if e.error else {})}
                for e in self._examples]

    def open_example(self, example_id: str) -> dict[str, Any]:
        """Open an example by id: the form, its YAML and its shared-URL token; ``origin`` is the example's file,
        whose folder the scenario stays in (its decklist files are found)."""
        ex = next((e for e in self._examples if e.id == example_id), None)
        if ex is None:
            return {"error": f"no example {example_id!r}"}
        if ex.data is None:
            return {"error": ex.error}
        return self._opened(forms.plain(ex.data), ex.rel, 1, 1)

    # ---- opening scenario text --------------------------------------------------
    def open_text(self, text: str, index: int = 1) -> dict[str, Any]:
        """Open pasted or uploaded scenario text (YAML or JSON; one scenario, or several under ``scenarios:``):
        ``{form, yaml, share, count, index}``, or ``{error: {message, line}}`` when it cannot be read (the CLI's
        message, with the line of the text). A scenario that can be read but has a mistake the reader names
        (an unknown key, no ``ask``) is opened, with the mistake as ``warning``."""
        if not isinstance(text, str):
            return {"error": {"message": "the scenario must be text", "line": None}}
        if len(text) > MAX_TEXT:
            return {"error": {"message": f"the scenario is {len(text):,} characters; the page opens at most "
                              f"{MAX_TEXT:,}", "line": None}}
        try:
            data = load_yaml(text, SCENARIO_NAME)
        except ScenarioError as e:
            return {"error": {"message": str(e), "line": e.line}}
        if data is None or (isinstance(data, str) and not data.strip()):
            return {"error": {"message": f"{SCENARIO_NAME}: the text is empty; a scenario needs at least 'players' "
                              "and 'ask'", "line": None}}
        if not isinstance(data, Mapping):
            return {"error": {"message": f"{SCENARIO_NAME}:1: a scenario must be a mapping of keys (players, "
                              "battlefield, ask, ...)", "line": 1}}
        count = 1
        if "scenarios" in data:
            items = data["scenarios"]
            if not isinstance(items, list) or not items:
                line = data.line_of("scenarios") if hasattr(data, "line_of") else None
                return {"error": {"message": f"{SCENARIO_NAME}:{line}: 'scenarios' must be a list of scenario "
                                  "mappings", "line": line}}
            count = len(items)
            index = max(1, min(int(index or 1), count))
            data = items[index - 1]
        else:
            index = 1
        warning = None
        try:
            parse_scenario(data, SCENARIO_NAME, index - 1)
        except ScenarioError as e:
            warning = {"message": str(e), "line": e.line}
        out = self._opened(forms.plain(data), None, count, index)
        if warning:
            out["warning"] = warning
        return out

    def open_share(self, token: str) -> dict[str, Any]:
        """Open a shared URL's token (``share`` of every answer): the scenario text and the example it came from."""
        try:
            doc = decode_share(token)
        except ValueError as e:
            return {"error": {"message": f"this shared link cannot be read: {e}", "line": None}}
        got = self.open_text(doc["yaml"])
        origin = doc.get("origin")
        if "form" in got and isinstance(origin, str) and self._origin_dir(origin) is not None:
            got["origin"] = origin
            got["share"] = encode_share(got["yaml"], origin)
        return got

    def _opened(self, data: Any, origin: str | None, count: int, index: int) -> dict[str, Any]:
        form = forms.disassemble(data)
        try:
            text = forms.dump_yaml(forms.assemble(form).data)
        except forms.FormError:  # cannot happen for a disassembled form; show the data as it came
            text = forms.dump_yaml(data)
        return {"form": form, "yaml": text, "share": encode_share(text, origin), "origin": origin, "count": count,
                "index": index}

    # ---- building and asking ------------------------------------------------------
    def _origin_dir(self, origin: Any) -> Path | None:
        """The folder of the example ``origin`` names (a file of the examples folder), or None."""
        if not isinstance(origin, str) or not origin:
            return None
        for e in self._examples:
            if e.rel == origin:
                return e.path.parent
        return None

    def build(self, form: Any, origin: Any = None) -> dict[str, Any]:
        """The scenario YAML of a form and its shared-URL token: ``{yaml, share, origin, errors}``; ``errors`` lists
        fields that cannot be read (``{field, message}``)."""
        try:
            asm = forms.assemble(form)
        except forms.FormError as e:
            return {"yaml": None, "share": None, "origin": None, "errors": [{"field": e.field, "message": e.message}]}
        text = forms.dump_yaml(asm.data)
        origin = origin if self._origin_dir(origin) is not None else None
        return {"yaml": text, "share": encode_share(text, origin), "origin": origin, "errors": []}

    def ask(self, form: Any, origin: Any = None) -> dict[str, Any]:
        """Ask the scenario of a form as ``mtgcheck ask`` asks a file: ``build``'s keys plus ``result`` (the verdict,
        values, why, message and picture; see ``_result``), with the reader's errors placed at their fields.

        The question runs under its budget (``--max-states``, ``--max-seconds``, ``solver.rules.budget``) in a thread of its
        own, which the server stops if it outlives the time budget (an enumeration that forgot to look at the clock):
        the answer is then ``unsupported``, "not answered within the budget", as for any question over its budget."""
        seconds = self.seconds()
        q = _Question(self._ask_now, (form, origin))
        q.start()
        if q.wait(seconds + max(1.0, 0.1 * seconds)):
            return q.outcome()
        q.stop(self._stop)
        if q.wait(STOP_WAIT):
            return q.outcome()
        # still running (inside code that cannot be interrupted): answer now; the thread ends on its own
        from mtgcheck.solver.rules.budget import BudgetExceeded

        out = self.build(form, origin)
        msg = (f"{BudgetExceeded('seconds', seconds, 'answering this question')}; the server stopped waiting for it")
        out["result"] = {"title": "", "question": "", "verdict": "unsupported", "message": msg, "values": {},
                         "values_text": {}, "explanation": [], "capped": False, "mismatches": [], "expect": None,
                         "internal": False, "svg": None, "field": None}
        return out

    def seconds(self) -> float:
        """The time budget of one question (``--max-seconds``, else ``MTGCHECK_MAX_SECONDS``, else the default)."""
        from mtgcheck.solver.rules import budget

        return budget.from_options({"max_seconds": self.max_seconds}).max_seconds

    def _ask_now(self, form: Any, origin: Any = None) -> dict[str, Any]:
        try:
            asm = forms.assemble(form)
        except forms.FormError as e:
            return {"yaml": None, "share": None, "origin": None, "result": None,
                    "errors": [{"field": e.field, "message": e.message}]}
        text = forms.dump_yaml(asm.data)
        folder = self._origin_dir(origin)
        origin = origin if folder is not None else None
        result, errors = self.ask_text(text, folder, asm.fields, (asm.data.get("ask") or {}))
        return {"yaml": text, "share": encode_share(text, origin), "origin": origin, "result": result,
                "errors": errors}

    def ask_text(self, text: str, folder: Path | None = None, fields: Mapping[tuple, str] | None = None,
                 ask: Any = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Ask one scenario written as YAML: (result, errors at fields). ``folder``: where the scenario is (an
        example's folder), default the empty private one."""
        from mtgcheck.solver.questions.runner import Result, run_scenario
        from mtgcheck.solver.questions.verdicts import ERROR

        base = folder or self._page_dir
        path = str(base / SCENARIO_NAME)
        parsed: Any = None
        svg = None
        try:
            parsed = load_yaml(text, path)
            sc = parse_scenario(parsed, path)
        except ScenarioError as e:
            res = Result(path=path, index=0, title="", kind="", verdict=ERROR, message=str(e), line=e.line,
                         unreadable=True)
        else:
            options = {"limit": self.limit, "max_states": self.max_states, "max_seconds": self.max_seconds}
            res = run_scenario(sc, self.db, options)
            svg = self._picture(res)
        result = self._result(res, base, svg)
        errors: list[dict[str, Any]] = []
        if res.unreadable:
            line = _message_line(result["message"])
            fid = None
            if line is not None and parsed is not None and fields is not None:
                fid = forms.field_of(forms.line_paths(parsed).get(line, ()), fields)
            if fid == "question":
                fid = _narrow_question_field(result["message"], ask) or fid
            if fid is None:
                fid = _field_named(result["message"])
            errors.append({"field": fid, "message": result["message"], "line": line})
            result["field"] = fid
        return result, errors

    def _picture(self, res: Any) -> str | None:
        """The answer's picture as SVG (``solver.questions.graph.answer_svg``, as ``Answer.svg()`` and, without Graphviz,
        ``mtgcheck ask --graph FILE.svg`` draw it), or None when its question has none or there is nothing to draw; a
        picture that cannot be drawn is no picture, never a failed answer."""
        a = res.answer
        if a is None:
            return None
        from mtgcheck.solver.questions.graph import answer_svg

        try:
            return answer_svg(res.kind, a.values, a.extra, title="" if res.title == f"{SCENARIO_NAME}#1" else res.title)
        except Exception:  # noqa: BLE001 - the answer stands without its picture
            return None

    def _result(self, res: Any, folder: Path, svg: str | None) -> dict[str, Any]:
        """A runner ``Result`` as the page shows it: what ``mtgcheck ask --json`` prints, the values also as the CLI
        prints them (``values_text``), and the picture (``svg``, ``_picture``); the private folders' paths are left
        out of every message."""
        a = res.answer
        values = dict(a.values) if a is not None else {}
        why = list(a.explanation) if a is not None else []
        shown = _Display(folder, self._page_dir, self.examples_root)
        out = {
            "title": "" if res.title == f"{SCENARIO_NAME}#1" else shown(res.title), "question": res.kind, "verdict": res.verdict, "message": shown(res.message),
            "values": _jsonable(shown.all(values)), "values_text": {k: shown(_value_text(v)) for k, v in values.items()},
            "explanation": [shown(w) for w in why], "capped": bool(a and a.capped), "mismatches": list(res.mismatches),
            "expect": _jsonable(forms.plain(res.expect)), "internal": bool(res.internal),
            "svg": svg, "field": None,
        }
        # why "no" or unsupported (solver.rules.reasons.Reason: split_second, no_legal_target, text_not_modelled, ...)
        code = (getattr(res, "reason_code", None) or values.get("reason_code") or getattr(res, "code", None)
                or (values.get("code") if isinstance(values.get("code"), str) else None))
        if code:
            out["code"] = str(code)
        return out


def _stop_exception(seconds: float) -> type:
    """The exception the server raises in a question's thread past its time budget: a ``BudgetExceeded`` (so an
    ``Unsupported``: the runner answers ``unsupported``, "not answered within the budget"), made without arguments
    as ``PyThreadState_SetAsyncExc`` makes it."""
    from mtgcheck.solver.rules.budget import BudgetExceeded

    def init(self: Any) -> None:
        BudgetExceeded.__init__(self, "seconds", seconds, "answering this question (stopped by the server's clock)")

    return type("StoppedByTheClock", (BudgetExceeded,), {"__init__": init})


class _Question:
    """One question in a thread of its own (never a pooled thread, so stopping it stops nothing else)."""

    def __init__(self, fn: Any, args: tuple) -> None:
        self._fn, self._args = fn, args
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._result: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="mtgcheck-question", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        try:
            try:
                result = self._fn(*self._args)
            except BaseException as e:  # handed to the caller, who raises it in its own thread
                with self._lock:
                    self._error = e
                    self._done.set()
            else:
                with self._lock:
                    self._result = result
                    self._done.set()
        except BaseException:  # a stop that arrived as the question ended: nothing left to stop
            pass

    def wait(self, seconds: float) -> bool:
        return self._done.wait(seconds)

    def outcome(self) -> Any:
        if self._error is not None:
            raise self._error
        return self._result

    def stop(self, exc: type) -> bool:
        """Raise ``exc`` in the question's thread (at its next Python instruction); False when it has ended."""
        import ctypes

        with self._lock:
            if self._done.is_set() or self._thread.ident is None:
                return False
            try:
                n = ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self._thread.ident),
                                                               ctypes.py_object(exc))
            except (AttributeError, OSError):  # not CPython: the caller answers without the question
                return False
            return n == 1


class _Display:
    """Messages as the page shows them: the private folders and the examples folder's place on disk left out."""

    def __init__(self, folder: Path, page_dir: Path, examples: Path | None) -> None:
        self.subs: list[tuple[str, str]] = [(str(folder / SCENARIO_NAME), SCENARIO_NAME)]
        self.subs.append((str(page_dir), "(the page's scenario, which has no folder)"))
        if examples is not None:
            self.subs.append((str(examples.parent) + os.sep, ""))
        self.subs.append((str(page_dir.parent), "(mtgcheck serve's private folder)"))

    def __call__(self, s: Any) -> Any:
        if not isinstance(s, str):
            return s
        for a, b in self.subs:
            s = s.replace(a, b)
        return s

    def all(self, v: Any) -> Any:
        if isinstance(v, str):
            return self(v)
        if isinstance(v, Mapping):
            return {k: self.all(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [self.all(x) for x in v]
        return v


def _message_line(message: str) -> int | None:
    """The line a reader's message names (``scenario.yaml:12: ...``), or None."""
    head, sep, rest = (message or "").partition(":")
    digits, sep2, _ = rest.partition(":")
    return int(digits) if head == SCENARIO_NAME and sep and sep2 and digits.isdigit() and len(digits) < 10 else None


def _narrow_question_field(message: str, ask: Any) -> str | None:
    """The argument field a question error speaks of: the argument named in quotes (``'x' must be ...``), or the one
    whose value is the unknown card named (``unknown card 'Ice Cauldren'``)."""
    if not isinstance(ask, Mapping) or len(ask) != 1:
        return None
    kind, args = next(iter(ask.items()))
    spec = forms.QUESTIONS.get(kind)
    if spec is None:
        return None
    if spec.bare:
        return f"arg:{spec.fields[0].key}"
    if not isinstance(args, Mapping):
        return None
    body = message.split(": ", 1)[1] if ": " in message else message
    for k in args:
        if f"'{k}'" in body:
            return f"arg:{k}" if k in forms.QUESTION_FIELD_KEYS[kind] else "arg-more"
    for k, v in args.items():
        if isinstance(v, str) and v and f"'{v}'" in body:
            return f"arg:{k}" if k in forms.QUESTION_FIELD_KEYS[kind] else "arg-more"
    return None


def _field_named(message: str) -> str | None:
    """For a message without a line: the builder field it names (``'players' is required``)."""
    for key, fid in (("'players'", "players"), ("'active'", "active"), ("'ask'", "question")):
        if key in (message or ""):
            return fid
    return None


def _mark(text: str, sentences: list[str]) -> list[dict[str, Any]]:
    """``text`` cut into parts ``{text, unmodelled}``, the given sentences (where they occur in it) marked."""
    spans: list[tuple[int, int]] = []
    for s in sentences:
        at = text.find(s)
        if at >= 0:
            spans.append((at, at + len(s)))
    spans.sort()
    parts: list[dict[str, Any]] = []
    pos = 0
    for a, b in spans:
        if a < pos:
            continue
        if a > pos:
            parts.append({"text": text[pos:a], "unmodelled": False})
        parts.append({"text": text[a:b], "unmodelled": True})
        pos = b
    if pos < len(text):
        parts.append({"text": text[pos:], "unmodelled": False})
    return parts


# ---------------------------------------------------------------------------
# Shared URLs
# ---------------------------------------------------------------------------


#: The characters of a shared link's token (URL-safe base64 without padding).
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def encode_share(text: str, origin: str | None = None) -> str:
    """The token of a shared URL (``/#s=TOKEN``): the scenario's YAML (and the example it came from), compressed
    (zlib) and written in URL-safe base64 without padding."""
    doc = {"v": 1, "yaml": text} | ({"origin": origin} if origin else {})
    raw = zlib.compress(json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_share(token: str) -> dict[str, Any]:
    """The document of a shared URL's token (``encode_share``). Raises ``ValueError`` saying why it cannot be read
    (not base64, not compressed, larger than ``MAX_TEXT`` once decompressed, not the page's document)."""
    if not isinstance(token, str) or not token.strip():
        raise ValueError("the link holds no scenario")
    token = token.strip()
    if len(token) > MAX_SHARE:
        raise ValueError(f"the link's scenario is {len(token):,} characters; at most {MAX_SHARE:,}")
    if not set(token) <= _TOKEN_CHARS:
        raise ValueError("it holds characters a shared link never has (was it cut or changed?)")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (ValueError, TypeError):
        raise ValueError("it is not the page's encoding (was it cut?)") from None
    d = zlib.decompressobj()
    try:
        body = d.decompress(raw, MAX_TEXT + 1)
    except zlib.error:
        raise ValueError("it is cut or changed (it does not decompress)") from None
    if len(body) > MAX_TEXT or d.unconsumed_tail:
        raise ValueError(f"its scenario is larger than {MAX_TEXT:,} characters")
    if not d.eof:
        raise ValueError("it is cut (the scenario ends early)")
    try:
        doc = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ValueError("it is not the page's encoding") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("yaml"), str):
        raise ValueError("it is not the page's encoding")
    return doc
