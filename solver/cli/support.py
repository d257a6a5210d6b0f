"""``mtgcheck support``: which typed mechanics each question kind implements (the support table, solver/rules/support.py)."""
from __future__ import annotations

import click


def register(main: click.Group) -> None:
    """Add the ``support`` command to the ``mtgcheck`` group."""

    @main.command()
    @click.argument("question", required=False)
    @click.option("--json", "as_json", is_flag=True, help="One JSON object per mechanic.")
    def support(question: str | None, as_json: bool) -> None:
        """Which mechanics (effect kinds and keywords) each question implements.

        With QUESTION (cast, activate, could_produce, ...), only that question: what it reads, and what it refuses
        as `unsupported` where the mechanic could change its answer. Exit 2 for an unknown question.
        """
        import orjson
        from rich.console import Console
        from rich.table import Table

        from mtgcheck.solver.rules.support import IMPLEMENTS, support_rows

        if question is not None and question not in IMPLEMENTS:
            from mtgcheck.models.vocab.topics import closest

            near = closest(question, IMPLEMENTS)
            raise click.UsageError(f"unknown question {question!r}" + (f"; did you mean {near!r}?" if near else
                                   f"; questions are {', '.join(sorted(IMPLEMENTS))}"))
        rows = support_rows()
        if as_json:
            for r in rows:
                click.echo(orjson.dumps(dict(r, implemented=question in r["questions"]) if question else r).decode())
            return
        t = Table(title=f"mechanics {'implemented by ' + question if question else 'and the questions that implement them'}")
        t.add_column("mechanic")
        t.add_column("can change")
        t.add_column("implemented" if question else "questions")
        for r in rows:
            cell = ("yes" if question in r["questions"] else "no: unsupported where it could change the answer") \
                if question else ", ".join(r["questions"]) or "none"
            t.add_row(r["key"], ", ".join(r["topics"]), cell)
        Console(soft_wrap=False).print(t, markup=False)
