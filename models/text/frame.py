"""The parser frame: where the readers of English meet without importing each other.

The line parser (``models.text.oracle``, the hub) splits a face into ability lines and asks the *effect parsers* to
type each line's effect wording; the topic modules (``models.text.mana``, ``costs``, ``grants``, ...) register
those parsers here with ``effect_parser`` and ``keyword_parser``, and the hub loads them by name
(``PARSER_MODULES``). So the hub never imports a topic module to call it, and a topic module never imports
the hub to be called.

One reading goes the other way: an ability quoted inside a sentence ("Lands you control have "{T}: Add {G}."",
"As long as ..., this creature has flying") is a line of its own (CR 113.2c), read by the same line parser as a
printed line. A topic module reads it through ``read_line`` / ``read_keyword_line``, the hub's readers it puts in
this frame when it is loaded; the hub is loaded first when a topic reader is used on its own. The recursion
(line -> effect parser -> quoted line) is the grammar's: a quoted ability is an ability.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Callable, Mapping

from ..game.cards import Card, Face

if TYPE_CHECKING:
    from ..vocab.abilities import Ability

#: An effect parser: (ability kind, effect text with the card's name replaced by "this",
#: the card) -> (effect name, params) or None when it does not recognise the text.
EffectParser = Callable[[str, str, Card], "tuple[str, Mapping] | None"]
#: The modules of ``models.text`` that register effect and keyword parsers, imported by the hub before the first
#: parse. Parsers of the same priority run in this order of their modules (then in the order a module registers
#: them), whichever module happened to be imported first, so a card parses the same on every path.
PARSER_MODULES = ("mtgcheck.models.text.mana", "mtgcheck.models.text.mana_triggers", "mtgcheck.models.text.mana_replacement",
                  "mtgcheck.models.text.costs", "mtgcheck.models.text.self_cost_conditions",
                  "mtgcheck.models.text.self_flash", "mtgcheck.models.text.delve", "mtgcheck.models.text.resolution",
                  "mtgcheck.models.text.spend", "mtgcheck.models.text.grants", "mtgcheck.models.text.mana_tail",
                  "mtgcheck.models.text.restrictions", "mtgcheck.models.text.flash", "mtgcheck.models.text.untargetable",
                  "mtgcheck.models.text.self_types", "mtgcheck.models.text.attached")
#: The registered effect parsers, in the order they run: (priority, rank of the module in ``PARSER_MODULES``).
EFFECT_PARSERS: list[tuple[int, EffectParser]] = []
KEYWORD_PARSERS: dict[str, Callable[[str, Card], Mapping]] = {}
#: The parsed abilities of a card (``oracle.abilities_of``), keyed by (name, source, hash of its text); emptied
#: whenever a parser is registered, so a card reads the same whichever parsers were loaded first.
PARSED: dict[tuple[str, str, int], "tuple[Ability, ...]"] = {}

#: The module of the line parser, loaded before a quoted ability is read (it fills ``_LINE_READERS``).
HUB = "mtgcheck.models.text.oracle"
_LINE_READERS: dict[str, Callable] = {}


def effect_parser(priority: int = 50) -> Callable[[EffectParser], EffectParser]:
    """Decorator registering an effect parser; lower ``priority`` runs first."""

    def deco(fn: EffectParser) -> EffectParser:
        EFFECT_PARSERS.append((priority, fn))
        EFFECT_PARSERS.sort(key=lambda p: (p[0], _module_rank(p[1])))
        PARSED.clear()
        return fn

    return deco


def _module_rank(fn: Callable) -> int:
    """Where ``fn``'s module stands in ``PARSER_MODULES`` (a module not listed, such as a test's, after them all)."""
    mod = getattr(fn, "__module__", "")
    return PARSER_MODULES.index(mod) if mod in PARSER_MODULES else len(PARSER_MODULES)


def keyword_parser(keyword: str) -> Callable:
    """Decorator registering a parser for a keyword's parameters (``"flashback"`` → ``{cost: ...}``)."""

    def deco(fn: Callable[[str, Card], Mapping]) -> Callable:
        KEYWORD_PARSERS[keyword.lower()] = fn
        PARSED.clear()
        return fn

    return deco


def use_line_readers(line: Callable, keyword_line: Callable) -> None:
    """The hub's readers of one line (``line(text, face, card, bullets=()) -> list[Ability]``) and of a line of
    keywords (``keyword_line(text, card, face) -> list[Ability] | None``), called once as the hub is loaded."""
    _LINE_READERS["line"] = line
    _LINE_READERS["keyword_line"] = keyword_line


def _reader(name: str) -> Callable:
    if name not in _LINE_READERS:
        importlib.import_module(HUB)  # a missing hub is a packaging error: fail loudly
    return _LINE_READERS[name]


def read_line(text: str, face: Face, card: Card, bullets: tuple[str, ...] = ()) -> "list[Ability]":
    """One ability line read as a printed line is (CR 113.2c): every line gives typed or ``Unmodelled`` abilities,
    nothing is dropped (``oracle._parse_line``)."""
    return _reader("line")(text, face, card, bullets)


def read_keyword_line(text: str, card: Card, face: Face) -> "list[Ability] | None":
    """A line made only of keywords (``"Flying, vigilance"``, CR 702) as keyword abilities, or ``None`` when it is
    not one (``oracle._keyword_ability``)."""
    return _reader("keyword_line")(text, card, face)
