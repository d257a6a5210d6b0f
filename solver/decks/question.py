"""The ``validate_deck`` question of scenario files: ``validate_deck: {format, decklist, commanders?, companion?}``
answered with ``solver.decks.rules.validate_deck`` (docs/decks.md).

In a module of its own (listed in ``solver.questions.registry.HANDLER_MODULES``) so that ``solver.decks.rules``, which the
``mtgcheck validate`` batch and the Python API use, does not import the question machinery
(``solver.questions.registry``, the effect vocabulary ``models.vocab``, the scenario reader): they are imported by
a batch of decks only if it needs them.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from mtgcheck.models.data.decklist import Decklist, DecklistError, decklist_from_data, parse_text, read_decks
from mtgcheck.models.data.formats import FormatError, load_format

from mtgcheck.solver.decks.rules import validate_deck
from mtgcheck.solver.questions.registry import Answer, Context, QuestionError, question
from mtgcheck.models.data.inputs import InputError, confined


def _looks_like_path(raw: str) -> bool:
    """Whether a one-line ``decklist`` is meant as a file name (a path ending, a folder separator), not a one-card list."""
    return len(raw) <= 1024 and (bool(re.search(r"\.(txt|dek|cod|jsonl|dck|csv|json)$", raw, re.I)) or "/" in raw
                                 or "\\" in raw) and not re.match(r"^\d+\s*x?\s+\S", raw)


def _confined_path(raw: str, scenario_path: str) -> Any:
    """The decklist file a scenario names, which must lie inside the scenario's folder (no absolute path,
    no ``..`` or symbolic link leading out of it, no control character); raises ``QuestionError`` otherwise
    (``models.data.inputs.confined``)."""

    try:
        return confined(raw, Path(scenario_path).parent, "decklist file")
    except InputError as e:
        raise QuestionError(str(e)) from None


def _decklist_arg(ctx: Context) -> Decklist:
    raw = ctx.arg("decklist")
    if isinstance(raw, str):
        # a path (relative to the scenario file) or the decklist text itself
        if "\n" not in raw.strip() and raw.strip() and _looks_like_path(raw.strip()):
            p = _confined_path(raw.strip(), ctx.scenario.path)
            if p.is_file():
                try:
                    decks = list(read_decks(p))
                except DecklistError as e:
                    raise QuestionError(str(e)) from None
                if len(decks) != 1:
                    raise QuestionError(f"{raw} holds {len(decks)} decks; validate_deck checks one")
                return decks[0]
            if re.search(r"\.(txt|dek|cod|jsonl)$", raw.strip(), re.I):
                raise QuestionError(f"decklist file {raw!r} not found (paths are relative to the scenario file)")
        return parse_text(raw, source=f"{ctx.scenario.path} (decklist)")
    if isinstance(raw, Mapping):
        return decklist_from_data(dict(raw), source=f"{ctx.scenario.path} (decklist)")
    raise QuestionError("'decklist' must be decklist text, a decklist file path, or {main: [[count, name]], side: [...]}")


@question("validate_deck", unordered=("codes", "problem_cards"))
def ask_validate_deck(ctx: Context) -> Answer:
    """``validate_deck: {format, decklist, commanders?, companion?}`` → ``legal``, ``status``, ``codes``,
    ``problems`` (list of {code, cards, rule, message}), ``problem_cards``, ``commanders``, ``companion``, ``counts``.
    ``legal`` is None (status ``unknown``) when nothing is broken but the card data has no legality for some
    cards (``legality_unknown``: the embedded catalog has none; give the cards ``legalities`` or use Scryfall data).

    CR 100.2, 100.4, 903, 702.124, 702.139; the card data's legalities (its date is in the explanation).
    """
    fmt_name = ctx.arg("format", types=(str,))
    try:  # a format name, or a format file in the scenario's folder (never one outside it)
        fmt = load_format(fmt_name, base=Path(ctx.scenario.path).parent)
    except FormatError as e:
        raise QuestionError(str(e)) from None
    deck = _decklist_arg(ctx)
    cmds = ctx.arg("commanders", None)
    if isinstance(cmds, str):
        cmds = [cmds]
    comp = ctx.arg("companion", None)
    rep = validate_deck(deck, fmt, ctx.db, commanders=cmds, companion=comp)
    why = [f"format {fmt.title}; card data {rep.data_source or 'catalog'} dated {rep.data_date or 'unknown'}",
           f"counted: main {rep.counts.get('main', 0)}, sideboard {rep.counts.get('side', 0)}, commander "
           f"{rep.counts.get('commander', 0)}, companion {rep.counts.get('companion', 0)}"]
    why += [f"{p.code} ({p.rule}): {p.message}" for p in rep.problems]
    why += [f"note: {n}" for n in rep.notes]
    if rep.legal:
        why.append("legal: every rule of the format checked and none broken")
    elif rep.legal is None:
        why.append("legality unknown: no other rule of the format is broken, but the card data has no legality "
                   "for some cards, so the deck cannot be called legal")
    values = {
        "legal": rep.legal, "status": rep.status, "codes": rep.codes,
        "problems": [{"code": p.code, "cards": p.cards, "rule": p.rule, "message": p.message} for p in rep.problems],
        "problem_cards": sorted({c for p in rep.problems for c in p.cards}),
        "commanders": rep.commanders, "companion": rep.companion, "counts": rep.counts,
    }
    return Answer("validate_deck", values, why, extra={"report": rep.to_dict()})
