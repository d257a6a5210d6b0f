"""The ``mtgcheck`` command line.

``mtgcheck check PATH...``  run every scenario, print a table of questions, answers and verdicts.
``mtgcheck ask FILE``       one scenario's full answer with its explanation.
``mtgcheck card NAME``      look a card up (facts and behaviour model).

Exit codes of ``check``: 0 no expectation failed, 1 one did, 2 an input could not be read
(the other files still run), 3 an internal error (a bug in mtgcheck; the message says where).
No command prints a traceback for bad input; ``--debug`` (or ``MTGCHECK_DEBUG=1``) shows one for
internal errors. Ctrl-C exits 130 without a traceback.
"""
from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import click

from mtgcheck.solver.questions.output import error_text, styled
from mtgcheck.solver.questions.verdicts import ERROR, FAIL, NO_EXPECT, PASS, UNSUPPORTED

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from mtgcheck.solver.questions.runner import Result
# (rich, the runner and the question machinery are imported by the commands that use them, not at each
# start: ``mtgcheck validate --json`` needs none of them)

VERDICT_STYLE: dict[str, str] = {PASS: "green", FAIL: "bold red", NO_EXPECT: "cyan", UNSUPPORTED: "yellow", ERROR: "bold magenta"}
#: Set by the ``mtgcheck`` program (``mtgcheck.__main__.run``), never by a caller that runs the command line
#: inside its own process (tests, ``CliRunner``): ``validate`` may then end the process when done.
PROGRAM = False
#: Keys of click's ``Context.meta`` under which the group hands its subcommands ``PROGRAM`` and ``open_database``
#: (``solver/decks/cli.py``, in the decks layer, does not import this module).
PROGRAM_KEY = "mtgcheck.program"
OPEN_DATABASE_KEY = "mtgcheck.open_database"
#: Modules that add subcommands to ``main`` (each defines ``register(main)``).
COMMAND_MODULES = ("mtgcheck.solver.decks.cli", "mtgcheck.solver.cli.data", "mtgcheck.solver.cli.support",
                   "mtgcheck.solver.cli.serve")
#: Commands whose module is imported only when the command is run or listed (``mtgcheck ask`` does not
#: import the ``validate`` batch machinery): command name -> module of ``COMMAND_MODULES``.
LAZY_COMMANDS = {"validate": "mtgcheck.solver.decks.cli", "data": "mtgcheck.solver.cli.data",
                 "support": "mtgcheck.solver.cli.support", "serve": "mtgcheck.solver.cli.serve"}


def _console(stderr: bool = False) -> Console:
    """A console that prints user text as written (``solver.questions.output.console``: no markup, no emoji codes)."""
    from rich.console import Console

    from mtgcheck.solver.questions.output import console

    probe = Console(stderr=stderr)
    width = None if probe.is_terminal else 160  # a readable table when piped or captured
    return console(stderr, soft_wrap=False, width=width)


def open_database(cards: str | None):
    """Load the card database for a command; exits 2 with a clear message if the file cannot be read.

    ``cards`` is the ``--cards`` value (click also fills it from ``MTGCHECK_CARDS``); None: the downloaded
    data, else the embedded catalog (``models.data.database.load_database``)."""
    from mtgcheck.models.data.database import CardDataError, load_database

    env = os.environ.get("MTGCHECK_CARDS", "").strip()
    if cards is not None and env and cards == env:
        cards = None  # came from the environment: let load_database say so (db.origin)
    try:
        return load_database(cards)
    except (CardDataError, OSError, ValueError, RuntimeError, EOFError) as e:  # RuntimeError: a symlink loop
        _console(True).print(error_text(f"cannot load card data {cards or env or ''}: {e}"), soft_wrap=True)
        sys.exit(2)


def say_cards(db, stderr: bool = True) -> None:
    """Print which card data a command uses (one line; on stderr so JSON/CSV output stays clean)."""
    from rich.text import Text

    from mtgcheck.models.data.database import describe_source

    _console(stderr).print(Text(describe_source(db), style="dim"), soft_wrap=True)


#: Longest rendering of one answer value in ``ask``'s text output (``--json`` gives every value whole): a listing
#: of libraries of a million cards is tens of megabytes.
ASK_VALUE_CHARS = 100_000
#: Longest rendering of one answer value in the ``check`` table (the whole answer: ``mtgcheck ask FILE``).
VALUE_CHARS = 400


def summarize_answer(res: Result, width: int = VALUE_CHARS) -> str:
    """The answer for the ``check`` table: one ``key=value`` line per answer key, values as compact JSON,
    whole (the table wraps them) up to ``width`` characters each."""
    if res.answer is None:
        return ""
    lines = []
    for k, v in res.answer.values.items():
        if v is None:
            continue
        s = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str, separators=(", ", ": "))
        if len(s) > width:
            s = s[: width - 1] + f"… ({len(s) - width + 1} more characters: mtgcheck ask FILE)"
        lines.append(f"{k}={s}")
    return "\n".join(lines)


def _display_path(path: str, roots: tuple[str, ...]) -> str:
    """The path relative to the folder argument it was found under (so equal basenames stay apart)."""
    p = Path(path)
    for root in roots:
        r = Path(root)
        if r.is_dir():
            try:
                rel = p.relative_to(r)
            except ValueError:
                continue
            return str(rel) if str(rel) != "." else str(p)
    return str(p) if len(str(p)) <= 40 else p.name


def _question_text(res: Result) -> str:
    return f"{res.kind}: {res.title}" if res.kind else "(not read)"



def _group_of(path: str, roots: tuple[str, ...]) -> str:
    """The folder a scenario is counted under in the ``check`` summary: its first folder below the folder
    argument it was found under (``mana`` for ``examples/mana/x.yaml`` under ``examples/``), else its file."""
    shown = _display_path(path, roots)
    parts = Path(shown).parts
    return parts[0] if len(parts) > 1 else shown


def _print_check(out: Console, results: list[Result], paths: tuple[str, ...], db, counts: dict[str, int],
                 unchecked: list[Result], verbose: bool, show_all: bool) -> None:
    """The ``check`` report: verdicts by folder, the rows that did not pass (every row with ``show_all``),
    the problems, one summary line and the card data."""
    from rich.table import Table
    from rich.text import Text

    from mtgcheck.models.data.database import describe_source

    verdicts = (PASS, FAIL, NO_EXPECT, UNSUPPORTED, ERROR)
    if not show_all and results:
        by: dict[str, dict[str, int]] = {}
        for r in results:
            row = by.setdefault(_group_of(r.path, paths), {})
            row[r.verdict] = row.get(r.verdict, 0) + 1
        used = [v for v in verdicts if counts.get(v)]
        st = Table(title=None)
        st.add_column("folder")
        for v in used:
            st.add_column(Text(v, style=VERDICT_STYLE.get(v, "")), justify="right")
        for g in sorted(by):
            st.add_row(g, *(str(by[g].get(v, 0)) for v in used))
        out.print(st)
    rows = results if show_all else [r for r in results if r.verdict != PASS]
    if rows:
        title = (f"mtgcheck: {len(results)} scenarios" if show_all
                 else f"{len(rows)} scenario(s) that did not pass (every row: --all)")
        table = Table(title=title, caption=describe_source(db) if show_all else None, show_lines=True)
        table.add_column("file", overflow="fold", max_width=34)
        table.add_column("question", overflow="fold", max_width=44)
        table.add_column("answer", overflow="fold", ratio=1)
        table.add_column("verdict", no_wrap=True)
        for r in rows:
            ans = summarize_answer(r) if r.answer else r.message
            table.add_row(_display_path(r.path, paths) + (f"#{r.index + 1}" if r.index else ""), _question_text(r),
                          Text(ans), Text(r.verdict, style=VERDICT_STYLE.get(r.verdict, "")))
        out.print(table)
    for r in (r for r in results if r.verdict in (FAIL, ERROR)):
        where = f"{r.path}{(' #' + str(r.index + 1)) if r.index else ''} {r.title}".rstrip()
        out.print(Text.assemble((r.verdict, VERDICT_STYLE[r.verdict]), f" {where}: {r.message}"))
        if verbose and r.answer:
            for line in r.answer.explanation:
                out.print(Text(f"    {line}"))
    summary = ", ".join(f"{counts.get(v, 0)} {v}" for v in verdicts)
    out.print(styled((f"{len(results)} scenarios:", "bold"), f" {summary}"))
    if not show_all:
        out.print(Text(describe_source(db), style="dim"), soft_wrap=True)
    if unchecked:
        out.print(styled((f"{len(unchecked)} scenario(s) with an expectation could not be checked (unsupported: "
                          "the question or a card's text is not modelled); they do not count as passing", "yellow")))
    if results:
        first = next((r for r in results if r.verdict in (FAIL, ERROR, UNSUPPORTED) and r.kind), results[0])
        out.print(Text(f"the whole answer with its explanation: mtgcheck ask FILE (e.g. mtgcheck ask {first.path}"
                       + (f" --index {first.index + 1}" if first.index else "") + ")"
                       + ("" if show_all else "; every row: mtgcheck check --all")), soft_wrap=True)


class _Guarded(click.Group):
    """The ``mtgcheck`` group: no command ends in a traceback.

    Ctrl-C exits 130; a failed write of the output (full disk, closed pipe) exits 2 naming the problem;
    any other uncaught exception is an internal error: exit 3 with its message (traceback with
    ``MTGCHECK_DEBUG=1``).
    """

    def main(self, *args, **kwargs):  # type: ignore[override]
        """Run the command line; output that cannot be written even by click's own ``--help`` and
        ``--version`` (a full disk, ``> /dev/full``, a closed pipe) ends as ``_Guarded.invoke`` says."""
        from mtgcheck.solver.questions.output import safe_streams

        safe_streams()
        try:
            return super().main(*args, **kwargs)
        except BrokenPipeError:
            _quiet_exit(0, None)
        except OSError as e:
            from mtgcheck.models.data.inputs import describe_os_error

            _quiet_exit(2, f"cannot write the output: {describe_os_error(e)}")

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            importlib.import_module(LAZY_COMMANDS[cmd_name]).register(self)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(LAZY_COMMANDS))

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        # what a command module of a lower layer reads of the command line (click's ``meta``, shared by the
        # subcommands' contexts): whether this is the ``mtgcheck`` program, and how a command loads the card data
        ctx.meta[PROGRAM_KEY] = PROGRAM
        ctx.meta[OPEN_DATABASE_KEY] = open_database
        # exact answers can be huge numbers (10,001! scry orders has 35,660 digits); every input number is
        # limited by the readers (models.data.inputs), so printing them is the only conversion that needs this
        sys.set_int_max_str_digits(max(sys.get_int_max_str_digits(), 100_000))
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except KeyboardInterrupt:
            _quiet_exit(130, "interrupted")
        except BrokenPipeError:
            _quiet_exit(0, None)
        except OSError as e:
            from mtgcheck.models.data.inputs import describe_os_error

            _quiet_exit(2, f"cannot write the output: {describe_os_error(e)}")
        except Exception as e:
            if os.environ.get("MTGCHECK_DEBUG"):
                import traceback

                traceback.print_exc()
            _quiet_exit(3, f"internal error: {type(e).__name__}: {e} (a bug in mtgcheck; "
                           "MTGCHECK_DEBUG=1 shows the traceback)")


def _quiet_exit(code: int, message: str | None) -> None:
    """Print ``message`` on stderr (if it can be) and exit with ``code`` without flushing a broken stdout."""
    if message:
        try:
            sys.stderr.write(f"error: {message}\n")
            sys.stderr.flush()
        except OSError:
            pass
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        # stdout is unwritable (full disk, closed pipe): point it at devnull so the interpreter's own
        # flush at exit does not print a second error
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
    raise SystemExit(code)


@click.group(cls=_Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtgcheck", message="mtgcheck %(version)s")
def main() -> None:
    """mtgcheck: exact answers to Magic: The Gathering mana, payment and resolution questions.

    Card names and data are property of Wizards of the Coast (Fan Content Policy); card data compiled by Scryfall.
    """


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--cards", "cards", type=click.Path(), default=None, envvar="MTGCHECK_CARDS",
              help="A Scryfall bulk or MTGJSON AtomicCards file (env MTGCHECK_CARDS; default: the data `mtgcheck data update` downloaded, else the embedded catalog).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per scenario instead of a table.")
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per scenario instead of a table.")
@click.option("--limit", type=click.IntRange(min=1), default=50, show_default=True, help="Most items listed in any answer.")
@click.option("--all", "-a", "show_all", is_flag=True,
              help="Print every scenario's row (default: the counts by folder and the rows that did not pass).")
@click.option("--verbose", "-v", is_flag=True, help="Print each failing or erroring scenario's explanation under the table.")
@click.option("--max-states", type=click.IntRange(min=1), default=None, envvar="MTGCHECK_MAX_STATES",
              help="Budget: most states one question may enumerate before it is left unanswered (default 5,000,000).")
@click.option("--max-seconds", type=click.FloatRange(min=0.001), default=None, envvar="MTGCHECK_MAX_SECONDS",
              help="Budget: most seconds one question may take before it is left unanswered (default 60).")
@click.option("--debug", is_flag=True, help="Include Python tracebacks for internal errors.")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="Run the scenarios on a Dask cluster: its scheduler address, or 'local' (a LocalCluster on this "
                   "machine). Same table and order. Needs the 'dask' extra.")
def check(paths: tuple[str, ...], cards: str | None, as_json: bool, as_csv: bool, limit: int, verbose: bool,
          debug: bool, max_states: int | None, max_seconds: float | None, dask_address: str | None = None,
          show_all: bool = False) -> None:
    """Run every scenario under PATHS (files or folders) and compare answers with their expectations.

    Prints the counts of verdicts by folder and a table of the scenarios that did not pass (failures,
    unsupported answers, errors, answers without an expectation); --all prints every scenario's row.

    Exit codes: 0 every expectation checked and met; 1 one failed, or could not be checked because the
    question or a card is not modelled (unsupported); 2 an input could not be read; 3 an internal error.
    """
    import csv

    if as_json and as_csv:
        _console(True).print(error_text("choose one of --json and --csv"))
        sys.exit(2)
    db = open_database(cards)
    options = {"limit": limit, "max_states": max_states, "max_seconds": max_seconds}
    results: list[Result] = []
    out = _console()
    writer = csv.writer(sys.stdout) if as_csv else None
    if writer:
        writer.writerow(["file", "index", "line", "title", "question", "verdict", "answer", "message"])
    source: Iterator[Result]
    if dask_address is not None:
        from mtgcheck.solver.decks.dask_batch import DaskUnavailable, iter_check_results

        it = iter_check_results(paths, db, options, debug, dask_address, workers=os.cpu_count() or 1)
        try:
            first = next(it, None)
        except DaskUnavailable as e:
            _console(True).print(error_text(e))
            sys.exit(2)
        import itertools

        source = itertools.chain([first] if first is not None else [], it)
    else:
        from mtgcheck.solver.questions.runner import iter_results

        source = iter_results(paths, db, options, debug)
    for res in source:
        results.append(res)
        if as_json:
            click.echo(json.dumps(res.to_json(), ensure_ascii=False, default=str))
        elif writer:
            d = res.to_json()
            writer.writerow([d["file"], d["index"], d["line"] or "", d["title"], d["question"], d["verdict"],
                             json.dumps(d["answer"], ensure_ascii=False, default=str) if d["answer"] is not None else "",
                             d["message"]])
    counts: dict[str, int] = {}
    for r in results:
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    unchecked = [r for r in results if r.verdict == UNSUPPORTED and r.expect is not None]
    if as_json or as_csv:
        say_cards(db)
    else:
        _print_check(out, results, paths, db, counts, unchecked, verbose, show_all)
    internal = [r for r in results if r.internal]
    if internal:
        _console(True).print(error_text(f"in {len(internal)} scenario(s) (a bug in mtgcheck): "
                                        f"{internal[0].path}: {internal[0].message.splitlines()[0]}",
                                        "internal error", "bold magenta"))
        sys.exit(3)
    if any(r.unreadable for r in results):
        sys.exit(2)
    if counts.get(FAIL) or unchecked:
        sys.exit(1)


@main.command()
@click.argument("file", type=click.Path(), required=False)
@click.option("--board", multiple=True, metavar="CARDS",
              help="Without FILE: the cards on Alice's battlefield, comma-separated (\"Forest, Blood Moon, 2 Island\").")
@click.option("--hand", multiple=True, metavar="CARDS", help="Without FILE: the cards in Alice's hand.")
@click.option("--graveyard", multiple=True, metavar="CARDS", help="Without FILE: the cards in Alice's graveyard.")
@click.option("--opponent-board", multiple=True, metavar="CARDS", help="Without FILE: the cards on Bob's battlefield.")
@click.option("--could-produce", "q_could_produce", metavar="PERMANENT", default=None,
              help="Without FILE: which types of mana PERMANENT could produce (CR 106.7).")
@click.option("--cast", "q_cast", metavar="CARD", default=None, help="Without FILE: can Alice cast CARD now, and how.")
@click.option("--payments", "q_payments", metavar="CARD", default=None, help="Without FILE: the ways to pay CARD's cost.")
@click.option("--delve", "q_delve", metavar="CARD", default=None, help="Without FILE: what CARD's delve can exile.")
@click.option("--mana-value", "q_mana_value", metavar="CARD", default=None, help="Without FILE: CARD's mana value.")
@click.option("--ask", "ask_yaml", metavar="YAML", default=None,
              help="Without FILE: any question as YAML, e.g. --ask 'cast: {card: Counterspell, x: 2}'.")
@click.option("--index", "-n", type=click.IntRange(min=1), default=None, help="Which scenario of a file that holds several (from 1).")
@click.option("--cards", "cards", type=click.Path(), default=None, envvar="MTGCHECK_CARDS", help="Card data file (see check).")
@click.option("--limit", type=click.IntRange(min=1), default=50, show_default=True, help="Most items listed.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--graph", type=click.Path(), default=None,
              help="Draw the answer's picture to FILE: .svg (drawn by mtgcheck), .dot (Graphviz text) or .png (needs "
                   "Graphviz): could_produce, cast, payments, delve, scry, trigger_order, put_onto_battlefield.")
@click.option("--max-states", type=click.IntRange(min=1), default=None, envvar="MTGCHECK_MAX_STATES",
              help="Budget: most states one question may enumerate before it is left unanswered (default 5,000,000).")
@click.option("--max-seconds", type=click.FloatRange(min=0.001), default=None, envvar="MTGCHECK_MAX_SECONDS",
              help="Budget: most seconds one question may take before it is left unanswered (default 60).")
@click.option("--debug", is_flag=True, help="Include Python tracebacks for internal errors.")
def ask(file: str | None, index: int | None, cards: str | None, limit: int, as_json: bool, graph: str | None,
        debug: bool, max_states: int | None, max_seconds: float | None, board: tuple[str, ...] = (),
        hand: tuple[str, ...] = (), graveyard: tuple[str, ...] = (), opponent_board: tuple[str, ...] = (),
        ask_yaml: str | None = None, **questions: str | None) -> None:
    """Answer the scenario in FILE and explain the answer.

    Without FILE, a one-line question: the board and one question as options, e.g.

    \b
      mtgcheck ask --board "Forest, Blood Moon, Reflecting Pool" --could-produce "Reflecting Pool"
      mtgcheck ask --board "Island, Island" --hand Counterspell --ask "cast: Counterspell"

    Exit codes: 0 answered (and any expectation met); 1 an expectation failed or could not be checked;
    2 the input could not be read; 3 an internal error.
    """
    from mtgcheck.solver.questions.runner import run_scenario

    err = _console(True)
    asked = [(k[2:], v) for k, v in questions.items() if k.startswith("q_") and v is not None]
    one_line = bool(asked or ask_yaml or board or hand or graveyard or opponent_board)
    if file is not None and one_line:
        err.print(error_text("give FILE or a one-line question (--board ... --could-produce ...), not both"))
        sys.exit(2)
    if file is None and not one_line:
        err.print(error_text("give a scenario FILE, or a one-line question such as: mtgcheck ask --board "
                             "\"Forest, Reflecting Pool\" --could-produce \"Reflecting Pool\" (mtgcheck ask --help)"),
                  soft_wrap=True)
        sys.exit(2)
    db = open_database(cards)
    scenarios, file = _ask_scenarios(err, db, file, asked, board, hand, graveyard, opponent_board, ask_yaml)
    if index is None and len(scenarios) > 1:
        err.print(styled((f"{file} holds {len(scenarios)} scenarios; answering the first (choose with --index N)", "yellow")))
    i = (index or 1) - 1
    if i >= len(scenarios):
        err.print(error_text(f"{file} holds {len(scenarios)} scenarios; there is no scenario {i + 1}"))
        sys.exit(2)
    if graph:
        _check_graph_name(err, graph)
    res = run_scenario(scenarios[i], db, {"limit": limit, "graph": graph, "max_states": max_states,
                                          "max_seconds": max_seconds}, debug)
    graph_problem = _answer_graph(res, graph, scenarios[i].label) if graph and res.answer is not None else None
    if as_json:
        click.echo(json.dumps(res.to_json(), ensure_ascii=False, indent=2, default=str))
    else:
        _print_answer(res, scenarios[i], db, limit)
    if graph_problem:
        err.print(error_text(graph_problem))
    if res.internal:
        sys.exit(3)
    if res.unreadable or graph_problem:
        sys.exit(2)
    if res.verdict == FAIL or (res.verdict == UNSUPPORTED and res.expect is not None):
        sys.exit(1)


def _ask_scenarios(err: Any, db: Any, file: str | None, asked: list[tuple[str, str]], board: tuple[str, ...],
                   hand: tuple[str, ...], graveyard: tuple[str, ...], opponent_board: tuple[str, ...],
                   ask_yaml: str | None) -> tuple[list, str]:
    """The scenarios ``ask`` answers: those of FILE, or the one-line question's (``quick.build_scenario``; one
    question at most). Returns ``(scenarios, the file's name or "<command line>")``; exits 2 naming the problem when
    they cannot be read."""
    from mtgcheck.models.data.scenario import ScenarioError, load_scenarios, parse_scenario

    try:
        if file is not None:
            scenarios = load_scenarios(file)
        else:
            from mtgcheck.solver.cli.quick import build_scenario

            if len(asked) > 1:
                raise ScenarioError("give one question, not " + " and ".join(f"--{k.replace('_', '-')}" for k, _ in asked),
                                    "<command line>")
            data = build_scenario(db, board=board, hand=hand, graveyard=graveyard, opponent_board=opponent_board,
                                  question=asked[0] if asked else None, ask_yaml=ask_yaml)
            scenarios = [parse_scenario(data, "<command line>")]
            file = "<command line>"
    except ScenarioError as e:
        err.print(error_text(e), soft_wrap=True)
        sys.exit(2)
    return scenarios, file


def _check_graph_name(err: Any, graph: str) -> None:
    """``--graph``'s file name: .svg (drawn by mtgcheck), .dot or .gv (Graphviz text) or .png (needs Graphviz's
    ``dot``); exits 2 saying which to use otherwise."""
    from rich.text import Text

    from mtgcheck.solver.questions.graph import png_possible

    if not graph.lower().endswith((".svg", ".dot", ".gv", ".png")):
        err.print(Text(f"error: --graph {graph}: use a .svg (drawn by mtgcheck), .dot (Graphviz text) or .png "
                       "(needs Graphviz) file name", style="bold red"), soft_wrap=True)
        sys.exit(2)
    if graph.lower().endswith(".png") and not png_possible():
        err.print(Text(f"error: --graph {graph}: a .png picture needs the Graphviz 'dot' program, which is not "
                       "installed; use a .svg file name (drawn by mtgcheck itself) or .dot (Graphviz text)",
                       style="bold red"), soft_wrap=True)
        sys.exit(2)


def _answer_graph(res: Any, graph: str, label: str) -> str | None:
    """Draw the answer's picture to ``graph`` (unless the question drew it) and say so in its explanation. Returns the
    problem to report (nothing to draw, not written), or ``None``."""
    graph_problem = None
    g = res.answer.extra.get("graph")
    if g is None:
        from mtgcheck.solver.questions.graph import write_answer_graph

        msg = write_answer_graph(res.kind, res.answer.values, res.answer.extra, graph, label)
        if msg is not None:
            res.answer.explanation.append(msg)
            g = {"path": graph, "written": msg.startswith(("graph written", "graph drawn")), "message": msg}
            if not g["written"]:
                graph_problem = f"--graph: {msg}"
        else:
            graph_problem = (f"--graph: a {res.kind} answer has no picture to draw (pictures are drawn for "
                             "could_produce, cast, payments, delve, scry, trigger_order and put_onto_battlefield "
                             "questions, when there is something to draw); nothing was written")
    elif not g.get("written") and not g.get("skipped"):
        graph_problem = f"--graph: {g.get('message')}"
    return graph_problem


def _print_answer(res: Any, sc: Any, db: Any, limit: int) -> None:
    """Print an answer for a reader: the scenario's label, kind and source, each value (long ones cut, --json has
    them whole), whether the listing was capped, why, the verdict and its message."""
    from rich.text import Text

    out = _console()
    out.print(styled((sc.label, "bold"), f"  ({res.kind})"))
    if sc.source:
        out.print(f"source: {sc.source}")
    if res.answer:
        for k, v in res.answer.values.items():
            text = json.dumps(v, ensure_ascii=False, default=str)
            if len(text) > ASK_VALUE_CHARS:  # (a terminal is no place for megabytes; rich would take minutes)
                text = (text[:ASK_VALUE_CHARS] + f"… ({len(text) - ASK_VALUE_CHARS:,} more characters: --json "
                        "prints the whole answer)")
            out.print(styled("  ", (str(k), "bold"), f": {text}"))
        if res.answer.capped:
            out.print(styled("  ", (f"(listing capped at {limit}; use --limit)", "yellow")))
        if res.answer.explanation:
            out.print(styled(("why:", "bold")))
            for line in res.answer.explanation:
                out.print(f"  - {line}")
    out.print(Text(f"verdict: {res.verdict}", style=VERDICT_STYLE.get(res.verdict, "")))
    if res.message:
        out.print(res.message)
    if res.verdict == UNSUPPORTED and res.expect is not None:
        out.print(styled(("the expectation could not be checked (not modelled); this does not count as passing", "yellow")))
    say_cards(db, stderr=False)


def _colors(cs) -> list[str]:
    from mtgcheck.models.game.mana import COLORS

    return [c for c in COLORS if c in (cs or ())]


def card_to_dict(c, abilities) -> dict:
    """A card's facts as plain data for ``card --json``: costs, types, colours, colour identity (CR 903.4),
    legalities per format, faces and the behaviour model mtgcheck reads."""
    def face(f) -> dict:
        return {"name": f.name, "mana_cost": str(f.mana_cost) if f.mana_cost is not None else None,
                "type_line": str(f.type_line), "oracle_text": f.oracle_text, "colors": _colors(f.colors),
                "power": f.power, "toughness": f.toughness, "loyalty": f.loyalty}

    cost = (" // ".join(str(f.mana_cost or "") for f in c.faces) if c.is_split and c.faces
            else (str(c.mana_cost) if c.mana_cost is not None else None))
    return {
        "name": c.name, "mana_cost": cost,
        "mana_value": c.mana_value(), "type_line": str(c.type_line), "oracle_text": c.full_oracle_text,
        "colors": _colors(c.colors), "color_identity": _colors(c.color_identity),
        "color_indicator": _colors(c.color_indicator) if c.color_indicator is not None else None,
        "keywords": list(c.keywords), "power": c.power, "toughness": c.toughness, "loyalty": c.loyalty,
        "layout": c.layout, "faces": [face(f) for f in c.faces], "legalities": dict(c.legalities or {}),
        "source": c.source, "notes": list(c.notes),
        "abilities": [dict({"kind": a.kind, "effect": a.effect, "cost": str(a.cost) if a.cost is not None else None,
                            "describe": a.describe()}, **_reading(c, a)) for a in abilities],
    }


def _reading(c, a) -> dict:
    """The ability's sentence beside the reading mtgcheck understood (``models.data.readings.reading_of``)."""
    from mtgcheck.models.data.readings import reading_of

    return reading_of(c, a)


@main.command()
@click.argument("name")
@click.option("--cards", "cards", type=click.Path(), default=None, envvar="MTGCHECK_CARDS", help="Card data file (see check).")
@click.option("--json", "as_json", is_flag=True, help="Print the card as JSON (with legalities and colour identity).")
def card(name: str, cards: str | None, as_json: bool) -> None:
    """Show a card's facts and its behaviour model (the abilities mtgcheck reads)."""
    from mtgcheck.models.vocab.behaviour import abilities_of

    db = open_database(cards)
    out = _console()
    try:
        c = db.get(name)
    except KeyError as e:
        msg = str(e) if type(e) is not KeyError else f"unknown card {name!r}"
        _console(True).print(error_text(msg), soft_wrap=True)
        sys.exit(2)
    abilities = abilities_of(c)
    if as_json:
        from mtgcheck.models.data.database import describe_source

        click.echo(json.dumps(dict(card_to_dict(c, abilities), data=describe_source(db)), ensure_ascii=False,
                              indent=2, default=str))
        return
    cost = " // ".join(str(f.mana_cost or "") for f in c.faces) if c.is_split and c.faces else str(c.mana_cost or "")
    out.print(styled((c.name, "bold"), f" {cost}  —  {c.type_line}  (mana value {c.mana_value()}, source {c.source})"))
    for f in c.faces:
        out.print(f"  face: {f.name} {f.mana_cost or ''} — {f.type_line}")
    out.print(f"  color identity: {''.join(_colors(c.color_identity)) or 'colorless'}")
    if c.legalities:
        legal = [f for f, v in c.legalities.items() if v == "legal"]
        other = [f"{f} ({v})" for f, v in c.legalities.items() if v in ("banned", "restricted")]
        out.print(f"  legal in: {', '.join(legal) or 'no format'}" + (f"; {', '.join(other)}" if other else ""),
                  soft_wrap=True)
    else:
        out.print("  legalities: none in this card data (the embedded catalog has none)")
    from rich.markup import escape

    for i, a in enumerate(abilities, 1):
        r = _reading(c, a)
        out.print(f"  {i}. {a.kind}/{a.effect} \\[{r['status']}]", soft_wrap=True)
        out.print(f"     sentence: {escape(a.describe())}", soft_wrap=True)
        if r["reading"] is not None:
            out.print(f"     reading:  {escape(r['reading'])}", soft_wrap=True)
        if r["why"]:
            out.print(f"     {escape(r['why'])}", soft_wrap=True)
    say_cards(db, stderr=False)


def _register_extra_commands() -> None:
    for mod in COMMAND_MODULES:
        if mod not in LAZY_COMMANDS.values():
            importlib.import_module(mod).register(main)


_register_extra_commands()


if __name__ == "__main__":  # pragma: no cover
    main()
