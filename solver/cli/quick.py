"""A one-line question without a scenario file: ``mtgcheck ask --board "Forest, Blood Moon, Reflecting Pool"
--could-produce "Reflecting Pool"``.

The options are turned into the scenario mapping a file would hold (docs/scenarios.md), for two players,
Alice (``--board``, ``--hand``, ``--graveyard``: "you", the active player) and Bob (``--opponent-board``),
and read by ``models.data.scenario.parse_scenario`` like any file, so every check and message is the same.

A list of cards is written as names separated by commas (or semicolons). A card whose name holds a comma
("Ragavan, Nimble Pilferer") is found by joining neighbouring pieces: at each place the longest run of
pieces that names a card in the card data is taken. ``3 Forest`` or ``3x Forest`` stands for three copies.
"""
from __future__ import annotations

from typing import Any

from mtgcheck.models.data.scenario import ScenarioError, load_yaml

__all__ = ["QUESTION_OPTIONS", "split_cards", "build_scenario"]

#: The ``ask`` options that ask a question, and the question kind each asks (its value is the question's
#: argument: a card or permanent name).
QUESTION_OPTIONS = {
    "could_produce": "could_produce", "cast": "cast", "payments": "payments", "delve": "delve",
    "mana_value": "mana_value",
}
PLAYERS = ("Alice", "Bob")
#: Most pieces joined to find one name with commas (the longest real name has three commas).
_MAX_JOIN = 6


def split_cards(text: str, db: Any, what: str = "--board") -> list[Any]:
    """The zone entries of a comma- or semicolon-separated list of card names.

    Returns a list of names, or ``{"card": name, "count": n}`` for ``n`` copies (``3 Forest``). A piece that
    names no card is kept as written (the scenario reader then names it with suggestions).

    Raises
    ------
    ScenarioError
        An empty piece (``Forest,,Island``) or an empty list.
    """
    out: list[Any] = []
    for part in text.split(";"):
        pieces = [p.strip() for p in part.split(",")]
        if len(pieces) == 1 and not pieces[0]:
            continue
        i = 0
        while i < len(pieces):
            if not pieces[i]:
                raise ScenarioError(f"{what}: an empty name between commas in {text!r}", "<command line>")
            take = 1
            for j in range(min(len(pieces), i + _MAX_JOIN), i + 1, -1):
                joined = ", ".join(pieces[i:j])
                if db.find(joined) is not None or db.find(_strip_count(joined)[1]) is not None:
                    take = j - i
                    break
            name = ", ".join(pieces[i:i + take])
            i += take
            n, bare = _strip_count(name)
            if n > 1 and db.find(name) is None:
                out.append({"card": bare, "count": n})
            else:
                out.append(name if db.find(name) is not None or n == 1 else bare)
    if not out:
        raise ScenarioError(f"{what}: no card names in {text!r}", "<command line>")
    return out


def _strip_count(name: str) -> tuple[int, str]:
    """``(3, "Forest")`` for ``3 Forest`` or ``3x Forest`` (a count of 1 to 9999), else ``(1, name)``."""
    head, _, rest = name.partition(" ")
    digits = head[:-1] if head[-1:] in ("x", "X") else head
    if rest.strip() and digits.isdecimal() and digits.isascii() and 1 <= len(digits) <= 4 and int(digits) > 0:
        return int(digits), rest.strip()
    return 1, name


def build_scenario(db: Any, *, board: tuple[str, ...] = (), hand: tuple[str, ...] = (),
                   graveyard: tuple[str, ...] = (), opponent_board: tuple[str, ...] = (),
                   question: tuple[str, str] | None = None, ask_yaml: str | None = None) -> dict[str, Any]:
    """The scenario mapping of a one-line question (see the module docstring).

    Parameters
    ----------
    db : CardDatabase
        Used to find names with commas.
    board, hand, graveyard, opponent_board : lists of cards (each option may be given several times).
    question : (kind, argument), e.g. ``("could_produce", "Reflecting Pool")``.
    ask_yaml : str, optional
        The question as YAML text instead (``"cast: {card: Counterspell, x: 2}"``).

    Raises
    ------
    ScenarioError
        No question or two questions, or a list or question that cannot be read.
    """
    if (question is None) == (ask_yaml is None):
        raise ScenarioError("ask a question: give FILE, or one of --could-produce, --cast, --payments, --delve, "
                            "--mana-value or --ask 'KIND: ARGUMENTS' (with --board, --hand, --graveyard, "
                            "--opponent-board)" if question is None else
                            "give one question: one of --could-produce, --cast, ... or --ask, not both",
                            "<command line>")
    data: dict[str, Any] = {"title": "command-line question", "players": list(PLAYERS)}
    zones = {"battlefield": {PLAYERS[0]: board, PLAYERS[1]: opponent_board}, "hand": {PLAYERS[0]: hand},
             "graveyard": {PLAYERS[0]: graveyard}}
    for zone, per in zones.items():
        listed = {p: [e for t in texts for e in split_cards(t, db, f"--{_option(zone, p)}")]
                  for p, texts in per.items() if texts}
        if listed:
            data[zone] = listed
    if ask_yaml is not None:
        ask = load_yaml(ask_yaml, "--ask")
        if not isinstance(ask, dict) or len(ask) != 1:
            raise ScenarioError("--ask takes one question as YAML, e.g. --ask 'cast: {card: Counterspell, x: 2}'",
                                "<command line>")
        data["ask"] = ask
    else:
        assert question is not None
        kind, arg = question
        data["ask"] = {kind: arg}
    return data


def _option(zone: str, player: str) -> str:
    if zone == "battlefield":
        return "board" if player == PLAYERS[0] else "opponent-board"
    return zone
