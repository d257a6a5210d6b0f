"""Scenario files: the public format for one rulings question (see docs/scenarios.md).

A YAML or JSON file holds one scenario (a mapping) or several (``scenarios: [...]``).
Loading keeps line numbers, so every error names the file, the line and the problem.

``load_scenarios(path)`` reads and checks the shape; ``build_state(scenario, db)``
resolves card names through a card database and builds a ``GameState``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import yaml

from mtgcheck.models.game.cards import BASIC_LAND_MANA, Card, CardError, card_from_fields
from mtgcheck.models.data.inputs import MAX_NAME, MAX_PLAYERS, InputError, LimitedLoader, read_text, truncate_name
from mtgcheck.models.game.mana import MANA_TYPES, ManaCost, ManaError, ManaPool
from mtgcheck.models.game.state import CARD_ZONES, CardInstance, Effect, GameState, Permanent, StackAbility, StateError
from mtgcheck.models.game.turn import CombatDamageSource, TurnHistory, TurnState, TurnStep
from mtgcheck.models.vocab.conditions import DESIGNATIONS
from mtgcheck.models.vocab.keyword_model import prototype_card
from mtgcheck.models.vocab.abilities import activated_abilities
from mtgcheck.models.vocab.behaviour import abilities_of

#: Question kinds a scenario may ask (``ask: {KIND: ARGS}``).
QUESTION_KINDS = (
    "could_produce", "available_mana", "cast", "payments", "delve", "activate", "mana_value",
    "scry", "put_onto_battlefield", "trigger_order", "entering_x", "validate_deck",
)
_CAST_ARGS = ("card", "player", "from", "using", "x", "kicked", "additional", "additional_choice", "face")
_PERMANENT_REF = ("card", "controller", "id")
#: The argument keys each question kind takes when its arguments are a mapping (docs/scenarios.md).
#: An unknown key is an error naming the file, the line, the key and the closest valid one: a typo
#: (``usng: flashback``) must never be answered as if the argument were absent.
QUESTION_ARGS: dict[str, tuple[str, ...]] = {
    "mana_value": ("card", "zone", "x", "face"),
    "activate": ("permanent", "ability", "x"),
    "could_produce": _PERMANENT_REF,
    "available_mana": ("player",),
    "cast": _CAST_ARGS + ("gift", "targets", "modes"),
    "payments": _CAST_ARGS + ("gift", "targets", "modes", "minimize", "keep_untapped"),
    "delve": _CAST_ARGS,
    "scry": ("player", "n", "library_size", "spell", "targets_legal"),
    "put_onto_battlefield": ("spell", "player"),
    "trigger_order": ("triggers", "after"),
    "entering_x": ("card", "x_paid", "x", "cast", "put_by", "copy"),
    "validate_deck": ("format", "decklist", "commanders", "companion"),
}
#: What each scalar question argument holds, by name (an argument means the same in every question that takes
#: it): checked when the scenario is read, so a mistyped value (``x: abc``, ``ability: true``, ``commanders: 5``)
#: is an error naming the file and line, never a value a question misreads.
ARG_TYPES: dict[str, tuple[str, Any]] = {
    "x": ("a whole number from 0", lambda v: _is_int(v) and v >= 0),
    "x_paid": ("a whole number from 0", lambda v: _is_int(v) and v >= 0),
    "n": ("a whole number from 0", lambda v: _is_int(v) and v >= 0),
    "library_size": ("a whole number from 0", lambda v: _is_int(v) and v >= 0),
    "ability": ("an ability number from 1 or a keyword ability's name",
                lambda v: (_is_int(v) and v >= 1) or (isinstance(v, str) and 0 < len(v.strip()) <= MAX_NAME)),
    "kicked": ("true or false, or how many times it is kicked",
               lambda v: isinstance(v, bool) or (_is_int(v) and v >= 0)),
    "targets_legal": ("true or false", lambda v: isinstance(v, bool)),
    "cast": ("true or false", lambda v: isinstance(v, bool)),
    "format": ("a format name or a format file in the scenario's folder", lambda v: isinstance(v, str)),
    "companion": ("a card name", lambda v: isinstance(v, str)),
    "commanders": ("a card name or a list of card names",
                   lambda v: isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))),
    "face": ("a face name", lambda v: isinstance(v, str)),
    "zone": ("a zone name", lambda v: isinstance(v, str)),
    "from": ("a zone name", lambda v: isinstance(v, str)),
    "using": ("a way to cast, such as normal or flashback", lambda v: isinstance(v, str)),
    "spell": ("a card name", lambda v: isinstance(v, str)),
    "put_by": ("a card name", lambda v: isinstance(v, str)),
    "minimize": ("what to minimize, as text", lambda v: isinstance(v, str)),
    "player": ("a player name", lambda v: isinstance(v, (str, int)) and not isinstance(v, bool)),
    "controller": ("a player name", lambda v: isinstance(v, (str, int)) and not isinstance(v, bool)),
}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


#: Question kinds that take a bare name for their one required argument: ``cast: Counterspell`` reads as
#: ``cast: {card: Counterspell}`` (could_produce takes a bare permanent reference itself).
SHORTHAND: dict[str, str] = {
    "mana_value": "card", "cast": "card", "payments": "card", "delve": "card", "entering_x": "card",
    "activate": "permanent", "available_mana": "player",
}
SCENARIO_KEYS = (
    "title", "source", "players", "active", "cards", "battlefield", "hand", "graveyard", "library",
    "exile", "command", "stack", "pool", "life", "player_counters", "designations", "effects", "turn", "ask", "expect",
    "notes", "starting_life", "speed",
)
#: Most copies one zone entry may stand for (``count``): enough for any real game and for benchmarks.
MAX_COUNT = 10_000
ENTRY_KEYS = ("card", "count", "tapped", "sick", "counters", "choices", "x", "owner", "id", "attached_to", "timestamp",
              "activations", "casts", "attacking", "blocking", "ability", "trigger", "source", "renowned", "cast_from",
              "bargained", "exiled", "entered_this_turn", "prototyped", "noted_mana", "foretold", "plotted",
              "on_adventure")
#: Keys of an ``exile`` entry that give a permission to cast the card from exile (CR 702.143, 702.170, 715.3d).
EXILE_PERMISSION_KEYS = ("foretold", "plotted", "on_adventure")
#: Zones a permanent's ``cast_from`` may name: where it was cast from (CR 601.2a; 903.8 the command zone).
CAST_ZONES = ("hand", "graveyard", "exile", "library", "command")
#: Keys of a ``stack`` entry that is an ability on the stack (CR 113.7, 602.2a, 603.3; docs/scenarios.md).
STACK_ABILITY_KEYS = ("card", "ability", "trigger", "source", "id")
#: Keys of ``turn:`` and of ``turn: {history: ...}`` (models/game/turn.py, docs/scenarios.md).
TURN_KEYS = ("step", "number", "history")
#: Per-player counts and per-player card lists of ``history`` (``TurnHistory.COUNTS`` / ``CARD_LISTS``; ``cast`` is
#: the list ``spells_cast``).
HISTORY_COUNTS = ("lands_played", "life_gained", "life_lost", "cards_drawn", "tokens_created", "discarded", "left_graveyard",
                  "energy_paid")
HISTORY_LISTS = ("died", "entered", "sacrificed", "left_battlefield")
HISTORY_KEYS = ("cast", "activated", "attacked", "damage", "resolved", "fought", "combat_damage") + HISTORY_COUNTS \
    + HISTORY_LISTS
EFFECT_KEYS = ("card", "controller", "ability", "targets", "choices", "timestamp")


class ScenarioError(InputError):
    """A scenario that cannot be read or built: ``path``, ``line`` (1-based, or None) and the problem."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 suggestions: list[str] | None = None) -> None:
        self.suggestions = suggestions or []
        super().__init__(message, path, line)

    def __str__(self) -> str:
        where = self.path or "<scenario>"
        if self.line:
            where += f":{self.line}"
        return f"{where}: {self.message}"


# ---------------------------------------------------------------------------
# YAML with line numbers
# ---------------------------------------------------------------------------


class LineDict(dict):
    """A dict that remembers the line of itself and of each key (1-based)."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line) if hasattr(self, "key_lines") else self.line


class LineList(list):
    line: int = 0
    item_lines: list


class _Loader(LimitedLoader):
    pass


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    d = LineDict()
    d.line = node.start_mark.line + 1
    d.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise ScenarioError(f"a mapping key must be plain text, got {key!r}", line=key_node.start_mark.line + 1)
        if key in d:
            raise ScenarioError(f"duplicate key {key!r}", line=key_node.start_mark.line + 1)
        d[key] = loader.construct_object(value_node, deep=True)
        d.key_lines[key] = key_node.start_mark.line + 1
    return d


def _construct_sequence(loader: yaml.SafeLoader, node: yaml.SequenceNode) -> LineList:
    lst = LineList(loader.construct_object(n, deep=True) for n in node.value)
    lst.line = node.start_mark.line + 1
    lst.item_lines = [n.start_mark.line + 1 for n in node.value]
    return lst


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(text: str, path: str | None = None, what: str = "YAML") -> Any:
    """Parse YAML (or JSON) keeping line numbers; raises ``ScenarioError`` naming the line.

    ``what`` names the expected format in messages (``"YAML"`` or ``"JSON"``).
    """
    try:
        return yaml.load(text, Loader=_Loader)
    except ScenarioError as e:
        e.path = path
        raise
    except InputError as e:
        raise ScenarioError(e.message, path, e.line) from None
    except RecursionError:
        raise ScenarioError("nested too deep", path) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        msg = " ".join(x for x in (e.context, e.problem) if x) or f"not valid {what}"
        raise ScenarioError(f"not valid {what}: {msg}", path, line) from None
    except yaml.YAMLError as e:
        raise ScenarioError(f"not valid {what}: {e}", path) from None


def _line(obj: Any, key: Any = None, default: int | None = None) -> int | None:
    if isinstance(obj, LineDict):
        return obj.line_of(key) if key is not None else obj.line
    if isinstance(obj, LineList):
        if isinstance(key, int) and key < len(obj.item_lines):
            return obj.item_lines[key]
        return obj.line
    return default


# ---------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------


@dataclass
class Question:
    """The question of a scenario: ``kind`` (one of ``QUESTION_KINDS``) and its ``args``."""

    kind: str
    args: Any
    line: int | None = None


@dataclass
class Scenario:
    """One scenario as read from a file (names not yet resolved; see ``build_state``)."""

    path: str
    index: int
    data: Mapping[str, Any]
    question: Question
    title: str = ""
    source: str = ""
    expect: Any = None
    has_expect: bool = False
    line: int | None = None
    players: list[str] = field(default_factory=list)
    active: str = ""

    @property
    def label(self) -> str:
        return self.title or f"{Path(self.path).name}#{self.index + 1}"

    def error(self, message: str, key: Any = None, obj: Any = None, suggestions: list[str] | None = None) -> ScenarioError:
        """A ``ScenarioError`` located at ``key`` of ``obj`` (default: this scenario's mapping)."""
        target = self.data if obj is None else obj
        return ScenarioError(message, self.path, _line(target, key, self.line), suggestions)


def _suggest(word: str, options: tuple[str, ...]) -> str:
    try:
        from rapidfuzz import process

        best = process.extractOne(truncate_name(str(word), 60), options, score_cutoff=60)
    except Exception:  # pragma: no cover - rapidfuzz missing
        best = None
    return f" (did you mean {best[0]!r}?)" if best else ""


def _comma_hint(key: Any, mapping: Any) -> str:
    """A hint for a key that is the tail of an unquoted name with a comma in a ``{...}`` mapping: YAML reads
    ``{card: Valki, God of Lies}`` as ``card: Valki`` and a key ``God of Lies`` without a value."""
    if isinstance(mapping, Mapping) and mapping.get(key) is None and isinstance(key, str) and " " in key.strip():
        keys = list(mapping)
        at = keys.index(key)
        prev = keys[at - 1] if at > 0 else None
        head = f"{prev}: \"{mapping[prev]}, {key}\"" if prev is not None and isinstance(mapping[prev], str) else \
            f"card: \"Name, {key}\""
        return f"; a name with a comma must be quoted inside {{...}}, e.g. {head} (YAML split it at the comma)"
    return ""


def _kind_of(v: Any) -> str:
    """A user-facing word for a YAML value's kind."""
    if isinstance(v, list):
        return "a list"
    if isinstance(v, str):
        return f"the text {v[:40]!r}"
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return f"the number {v}"
    return type(v).__name__


def parse_scenario(data: Any, path: str, index: int = 0) -> Scenario:
    """Check one scenario mapping's shape and return a ``Scenario``; raises ``ScenarioError``."""
    line = _line(data)
    if not isinstance(data, Mapping):
        raise ScenarioError(f"a scenario must be a mapping of keys (players, battlefield, ask, ...), got {_kind_of(data)}", path, line)
    for k in data:
        if k not in SCENARIO_KEYS:
            raise ScenarioError(f"unknown key {k!r}{_suggest(k, SCENARIO_KEYS)}; keys are {', '.join(SCENARIO_KEYS)}", path, _line(data, k))
    players = data.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, (str, int)) for p in players):
        raise ScenarioError("'players' is required: a list of player names in turn order", path, _line(data, "players", line))
    players = [str(p) for p in players]
    if len(players) > MAX_PLAYERS:
        raise ScenarioError(f"'players' names {len(players)} players; mtgcheck takes at most {MAX_PLAYERS} "
                            "(no real game has more)", path, _line(data, "players"))
    long = [p for p in players if len(p) > MAX_NAME]
    if long:
        raise ScenarioError(f"a player name of {len(long[0])} characters; at most {MAX_NAME}", path, _line(data, "players"))
    if len(set(players)) != len(players):
        raise ScenarioError(f"'players' names a player twice: {players}", path, _line(data, "players"))
    active = str(data.get("active", players[0]))
    if active not in players:
        raise ScenarioError(f"'active' is {active!r}, which is not among the players {players}", path, _line(data, "active"))
    ask = data.get("ask")
    if not isinstance(ask, Mapping) or len(ask) != 1:
        raise ScenarioError("'ask' is required and holds exactly one question, e.g. ask: {mana_value: {card: Treasure Cruise}}",
                            path, _line(data, "ask", line))
    kind, args = next(iter(ask.items()))
    if kind not in QUESTION_KINDS:
        raise ScenarioError(f"unknown question kind {kind!r}{_suggest(kind, QUESTION_KINDS)}; kinds are {', '.join(QUESTION_KINDS)}",
                            path, _line(ask, kind))
    if isinstance(args, str) and kind in SHORTHAND:
        args = {SHORTHAND[kind]: args}  # ``cast: Counterspell`` is ``cast: {card: Counterspell}``
    valid = QUESTION_ARGS.get(kind)
    if valid is not None and isinstance(args, Mapping):
        for k in args:
            if k not in valid:
                raise ScenarioError(f"unknown argument {k!r} of {kind}{_suggest(k, valid)}; {kind} takes "
                                    f"{', '.join(valid)}{_comma_hint(k, args)}", path, _line(args, k, _line(ask, kind)))
        for k, v in args.items():
            want = ARG_TYPES.get(k)
            if want is not None and v is not None and not want[1](v):
                shown = repr(v) if len(repr(v)) <= 60 else repr(v)[:59] + "…"
                raise ScenarioError(f"argument {k!r} of {kind} must be {want[0]}, got {shown}", path,
                                    _line(args, k, _line(ask, kind)))
    return Scenario(
        path=path, index=index, data=data, question=Question(kind, args, _line(ask, kind)),
        title=str(data.get("title") or ""), source=str(data.get("source") or ""),
        expect=data.get("expect"), has_expect="expect" in data, line=line, players=players, active=active,
    )


def load_scenarios(path: str | Path) -> list[Scenario]:
    """Read every scenario of a YAML/JSON file.

    Returns
    -------
    list of Scenario, in file order.

    Raises
    ------
    ScenarioError
        The file cannot be read, is not valid YAML/JSON, or a scenario is malformed
        (the error names the file and line).
    """
    items = load_scenario_items(path)
    for it in items:
        if isinstance(it, ScenarioError):
            raise it
    return items  # type: ignore[return-value]


def load_scenario_items(path: str | Path) -> list["Scenario | ScenarioError"]:
    """Like ``load_scenarios``, but a malformed scenario in a ``scenarios:`` list becomes a
    ``ScenarioError`` in its place, so the other scenarios of the file still run.

    Raises ``ScenarioError`` only when the file as a whole cannot be read.
    """
    p = str(path)

    try:  # a regular file of at most MAX_FILE_BYTES (a named pipe or /dev/zero is refused, never read)
        text = read_text(path, what="a scenario file")
    except InputError as e:
        if e.message == "cannot read: no such file":
            raise ScenarioError("file not found", p) from None
        raise ScenarioError(e.message, p) from None
    data = load_yaml(text, p, "JSON" if p.lower().endswith(".json") else "YAML")
    if data is None:
        raise ScenarioError("the file is empty; a scenario needs at least 'players' and 'ask'", p, 1)
    if isinstance(data, Mapping) and "scenarios" in data:
        items = data["scenarios"]
        if not isinstance(items, list):
            raise ScenarioError("'scenarios' must be a list of scenario mappings", p, _line(data, "scenarios"))
        if not items:
            raise ScenarioError("'scenarios' is empty: the file holds no question", p, _line(data, "scenarios"))
        extra = set(data) - {"scenarios"}
        if extra:
            raise ScenarioError(f"a file with 'scenarios' may hold nothing else, found {sorted(extra)}", p, _line(data, sorted(extra)[0]))
        out: list[Scenario | ScenarioError] = []
        for i, item in enumerate(items):
            try:
                out.append(parse_scenario(item, p, i))
            except ScenarioError as e:
                e.path = e.path or p
                e.index = i  # type: ignore[attr-defined]
                out.append(e)
        return out
    return [parse_scenario(data, p, 0)]


# ---------------------------------------------------------------------------
# Building the game state
# ---------------------------------------------------------------------------


#: Words a ``choices: {color: ...}`` may hold: one colour (CR 105.1-105.2; letter or word), or none (a
#: triggered choice not made this turn).
_CHOSEN_COLORS = ("w", "u", "b", "r", "g", "white", "blue", "black", "red", "green", "none")


def _check_choices(sc: Scenario, choices: Mapping, obj: Any) -> None:
    """Refuse a choice value no reader can use: ``color`` one colour (CR 105.4: ``purple`` and ``colorless`` are
    not colours) or none; ``creature_type``, ``card_name``, ``card`` and ``anchor`` text; any other a single value."""
    for k, v in choices.items():
        if k == "color":
            if v is not None and not (isinstance(v, str) and v.strip().lower() in _CHOSEN_COLORS):
                raise sc.error(f"choices: color {v!r} is not a colour (CR 105.4: one of the five colours W, U, B, R, G, or the words "
                               "white, blue, black, red, green; none for a choice not made)", "choices", obj)
        elif k in ("creature_type", "card_name", "card", "anchor"):
            if not isinstance(v, str) or not v.strip() or len(v) > MAX_NAME:
                raise sc.error(f"choices: {k} must be a name (text), got {v!r}"[:200], "choices", obj)
        elif isinstance(v, (Mapping, list)):
            raise sc.error(f"choices: {k} must be one value, got {v!r}"[:200], "choices", obj)


def _as_bool(v: Any, sc: Scenario, key: str, obj: Any) -> bool:
    if isinstance(v, bool):
        return v
    raise sc.error(f"'{key}' must be true or false, got {v!r}", key, obj)


def _as_int(v: Any, sc: Scenario, key: str, obj: Any, minimum: int = 0) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
        raise sc.error(f"'{key}' must be a whole number of at least {minimum}, got {v!r}", key, obj)
    return v


#: Keyword abilities that a line of a hypothetical card's text may consist of (CR 702), read as the card's
#: keywords when its definition lists none (Scryfall data lists them; a `cards:` entry usually does not).
_LINE_KEYWORDS = ("flying", "haste", "vigilance", "trample", "first strike", "double strike", "deathtouch", "lifelink",
                  "reach", "menace", "hexproof", "shroud", "defender", "flash", "indestructible", "changeling")


def _listed_keywords(text: str) -> list[str]:
    """Keywords of lines made only of keywords (``"Flying, haste"``) in a hypothetical card's oracle text."""
    out: list[str] = []
    for line in text.splitlines():
        parts = [p.strip().lower() for p in line.split(",") if p.strip()]
        if parts and all(p in _LINE_KEYWORDS for p in parts):
            out.extend(p.title() if " " not in p else p.capitalize() for p in parts)
    return out


def scenario_cards(sc: Scenario) -> list[Card]:
    """Cards defined in the scenario's ``cards:`` section (hypothetical cards or overrides).

    Each entry maps a name to Scryfall fields (``mana_cost``, ``type_line``, ``oracle_text``,
    ``power``, ``toughness``, ...), or is a mapping with ``name``. An ``abilities`` list
    uses the catalog's ability format instead of parsing ``oracle_text``.
    """
    raw = sc.data.get("cards")
    if raw is None:
        return []
    items: list[tuple[str, Any]] = []
    if isinstance(raw, Mapping):
        items = list(raw.items())
    elif isinstance(raw, list):
        for i, e in enumerate(raw):
            if not isinstance(e, Mapping) or "name" not in e:
                raise sc.error("each entry of 'cards' needs a 'name'", i, raw)
            items.append((e["name"], e))
    else:
        raise sc.error("'cards' must map card names to their fields", "cards")
    out: list[Card] = []
    for name, fields in items:
        if not isinstance(fields, Mapping):
            raise sc.error(f"card {name!r}: its definition must be a mapping of Scryfall fields", name, raw)
        d = dict(fields)
        d["name"] = str(name)
        _check_card_fields(sc, str(name), d, fields)
        try:
            if "abilities" in d:
                from mtgcheck.models.data.catalog import CatalogError, card_from_model

                try:
                    card = card_from_model(d, f"card {name!r}")
                except CatalogError as e:
                    raise sc.error(str(e), name, raw) from None
            else:
                if "keywords" not in d and isinstance(d.get("oracle_text"), str):
                    d["keywords"] = _listed_keywords(d["oracle_text"])
                card = card_from_fields(d, source="scenario")
        except CardError as e:
            raise sc.error(str(e), name, raw) from None
        out.append(card)
    return out


#: Card fields (Scryfall names) that hold a list of text.
_TEXT_LIST_FIELDS = ("keywords", "colors", "color_identity", "produced_mana")


def _check_card_fields(sc: Scenario, name: str, d: Mapping[str, Any], where: Any) -> None:
    """Shape checks of a ``cards:`` definition the card readers rely on (a list of text where one is
    expected, abilities as mappings with ``params`` a mapping); raises ``ScenarioError`` at the key.

    A token (type line "Token ...", layout ``token``) cannot be defined: every object of a scenario is a card (the
    rules read "nontoken", "token" and "card" on that basis, CR 111.1), so a token would be answered as a card."""
    type_line = d.get("type_line")
    first = type_line.split()[0].lower() if isinstance(type_line, str) and type_line.split() else ""
    if first == "token" or str(d.get("layout") or "").lower() in ("token", "double_faced_token"):
        key = "type_line" if first == "token" else "layout"
        raise sc.error(f"card {name!r}: a token cannot be defined in a scenario; every object of a scenario is a card "
                       "(CR 111.1), so it would be answered as a nontoken card. Define a card instead, or leave the "
                       "token out of the board", key, where)
    for k in _TEXT_LIST_FIELDS:
        v = d.get(k)
        if v is not None and (not isinstance(v, list) or not all(isinstance(x, str) for x in v)):
            raise sc.error(f"card {name!r}: '{k}' must be a list of text, got {_kind_of(v)}"
                           + (" holding something else" if isinstance(v, list) else ""), k, where)
    abilities = d.get("abilities")
    if abilities is not None:
        if not isinstance(abilities, list):
            raise sc.error(f"card {name!r}: 'abilities' must be a list of ability mappings", "abilities", where)
        for i, a in enumerate(abilities):
            if not isinstance(a, Mapping):
                raise sc.error(f"card {name!r}: ability {i + 1} must be a mapping (kind, effect, cost, params)", i, abilities)
            if a.get("params") is not None and not isinstance(a["params"], Mapping):
                raise sc.error(f"card {name!r}: 'params' of ability {i + 1} must be a mapping, got {_kind_of(a['params'])}",
                               "params", a)


def _prototyped(sc: "Scenario", card: Any, entry: Mapping) -> Any:
    """A battlefield entry's ``prototyped: true``: the permanent was cast prototyped, so it has the prototype's mana
    cost, power, toughness and colours (CR 702.160a, 718.3b; ``models.vocab.keyword_model.prototype_card``). Raises
    ``ScenarioError`` naming the line for a card without prototype."""

    try:
        return prototype_card(card)
    except ValueError:
        raise sc.error(f"impossible state: {card.name} has no prototype, so it can't have been cast prototyped "
                       f"(CR 702.160a)", "prototyped", entry) from None


def _read_speed(sc: "Scenario", data: Mapping, state: GameState, check_player: Any) -> None:
    """Read ``speed: {Alice: 4}`` (CR 702.179): each listed player's speed, a whole number from 1 to 4 (a player has
    no speed until a rule or effect sets it, 702.179b, and max speed is 4, 702.179e); a player not listed has no
    speed. Raises ``ScenarioError`` naming the line."""
    raw = data.get("speed") or {}
    if not isinstance(raw, Mapping):
        raise sc.error("'speed' maps a player to their speed, e.g. {Alice: 4} (CR 702.179)", "speed")
    for player, n in raw.items():
        player = check_player(player, raw, player)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 4:
            raise sc.error(f"speed of {player} must be a whole number from 1 to 4 (a player with no speed is not "
                           f"listed; CR 702.179b, 702.179e), got {n!r}", player, raw)
        state.speed[player] = n


def _read_designations(sc: Scenario, data: Mapping, state: GameState, check_player: Any) -> None:
    """Read ``designations: {Alice: [monarch, city's blessing]}`` (CR 724, 725, 702.131, 309.7; none unless listed).
    Raises ``ScenarioError`` naming the line: an unknown designation (with the closest one), a player listed twice
    for one, or two players with the monarch or the initiative (CR 724.2, 725.2: only one player has it)."""

    raw = data.get("designations") or {}
    if not isinstance(raw, Mapping):
        raise sc.error("'designations' maps a player to a list such as [monarch, city's blessing] (CR 724, 725, 702.131)",
                       "designations")
    holders: dict[str, str] = {}
    for player, names in raw.items():
        player = check_player(player, raw, player)
        if not isinstance(names, list):
            raise sc.error(f"designations of {player} are a list, e.g. [monarch]", player, raw)
        got: set[str] = set()
        for i, d in enumerate(names):
            word = str(d).strip().lower().replace("citys", "city's")
            if word not in DESIGNATIONS:
                raise sc.error(f"unknown designation {d!r}{_suggest(word, DESIGNATIONS)}; designations are "
                               f"{', '.join(DESIGNATIONS)}", i, names)
            if word in ("monarch", "initiative") and word in holders and holders[word] != player:
                rule = "CR 724.2" if word == "monarch" else "CR 725.2"
                raise sc.error(f"both {holders[word]} and {player} have the {word}; only one player can ({rule})", i, names)
            holders[word] = player
            got.add(word)
        state.designations[player] = frozenset(got)


def _noted_mana(sc: Scenario, entry: Mapping) -> tuple[str, ...]:
    """The ``noted_mana`` of a battlefield entry: the mana last noted for the permanent by its linked ability (CR
    607.2e; Jeweled Amulet, Ice Cauldron), as mana symbols of the six types, e.g. ``"{G}"`` or ``"{R}{R}{C}"``
    (CR 106.1b); absent, ``null`` or ``""``: nothing noted (a new object has no memory of notes, CR 400.7).

    Returns the types of the noted mana, one per mana, in W U B R G C order. Raises a ``ScenarioError`` naming the
    line for anything else (a symbol that is not one mana of one type: generic, hybrid, snow, {X})."""
    got = entry.get("noted_mana")
    if got is None or got == "":
        return ()
    msg = ("'noted_mana' is the mana last noted for this permanent (CR 607.2e), as symbols of the six types of mana "
           "(CR 106.1b), e.g. \"{G}\" or \"{R}{R}{C}\"")
    if not isinstance(got, str):
        raise sc.error(msg, "noted_mana", entry)
    try:
        syms = [sym.text for sym in ManaCost.parse(got)]
    except ManaError:
        raise sc.error(msg, "noted_mana", entry) from None
    if not syms or any(t not in MANA_TYPES for t in syms):
        raise sc.error(msg, "noted_mana", entry)
    return tuple(sorted(syms, key=MANA_TYPES.index))


def _exiled_entries(sc: Scenario, entry: Mapping, count: int) -> list:
    """The ``exiled`` list of a battlefield entry (the cards exiled with the permanent, CR 406.6, 607.2a), checked:
    a list of card names or ``{card, owner}`` mappings; only for an entry standing for one permanent."""
    got = entry.get("exiled")
    if got is None:
        return []
    if not isinstance(got, list):
        raise sc.error("'exiled' lists the cards exiled with this permanent (CR 607.2a), e.g. [Lightning Bolt] or "
                       "[{card: Lightning Bolt, owner: Bob}]", "exiled", entry)
    if count != 1 and got:
        raise sc.error("'exiled' names the cards exiled with one permanent: give it on an entry with count 1", "exiled", entry)
    for x in got:
        if isinstance(x, Mapping):
            extra = set(x) - {"card", "owner", "id"}
            if extra or "card" not in x:
                raise sc.error("an 'exiled' card is a name or {card, owner, id}" + (f"; unknown key {sorted(extra)[0]!r}"
                               if extra else ""), "exiled", entry)
    return got


def _exile_with(sc: Scenario, db: Any, state: Any, entries: list, owner: str, check_player: Any, new_id: Any) -> list:
    """The ``CardInstance`` of each card exiled with a permanent, put into its owner's exile zone (CR 406.6: the
    cards are in exile; default owner: the permanent's owner)."""
    out = []
    for x in entries:
        name, where = (x["card"], x) if isinstance(x, Mapping) else (x, entries)
        card = _resolve_card(db, name, sc, "exiled", where)
        who = check_player(x.get("owner", owner), x, "owner") if isinstance(x, Mapping) else owner
        inst = CardInstance(new_id(card.name, x.get("id") if isinstance(x, Mapping) else None, where), card, who)
        state.zones["exile"][who].append(inst)
        out.append(inst)
    return out


def _resolve_card(db: Any, name: Any, sc: Scenario, key: Any, obj: Any) -> Card:
    if not isinstance(name, str) or not name.strip():
        raise sc.error(f"a card name must be text, got {name!r}", key, obj)
    try:
        return db.get(name)
    except KeyError as e:
        sugg = list(getattr(e, "suggestions", []) or [])
        shown = name if len(name) <= 100 else name[:100] + f"… ({len(name)} characters)"
        msg = f"unknown card {shown!r}" + (f"; did you mean: {', '.join(sugg)}?" if sugg else "")
        hint = getattr(e, "hint", "")
        if hint:
            msg += f" ({hint})"
        raise sc.error(msg, key, obj, sugg) from None


def _exile_permission(sc: Any, card: Any, entry: Mapping) -> dict:
    """The permission of an exile entry to cast its card from exile (``EXILE_PERMISSION_KEYS``): ``foretold`` and
    ``plotted`` are ``true`` (done on an earlier turn) or ``this_turn`` (CR 702.143a, 702.170d: the card may be cast only
    after the turn it was foretold or plotted); ``on_adventure`` is ``true`` for an adventurer card exiled by its own
    Adventure (CR 715.3d). A card that cannot have the permission is an error naming the line (a foretold card without
    foretell, 702.143a; an adventure on a card that has none, 715.1)."""
    out: dict = {}
    used = [k for k in EXILE_PERMISSION_KEYS if k in entry and entry[k] not in (None, False)]
    if len(used) > 1:
        raise sc.error(f"a card in exile has one permission at most; {used[0]} and {used[1]} both given", used[1], entry)
    kws = {str(k).lower() for k in getattr(card, "keywords", ()) or ()}
    for k in ("foretold", "plotted"):
        if k not in entry or entry[k] in (None, False):
            continue
        v = entry[k]
        if v is True or str(v).lower() in ("true", "earlier"):
            out[k] = "earlier"
        elif str(v).lower() == "this_turn":
            out[k] = "this_turn"
        else:
            raise sc.error(f"'{k}' is true (on an earlier turn) or this_turn, got {v!r}", k, entry)
        need = "foretell" if k == "foretold" else "plot"
        if need not in kws:
            raise sc.error(f"{card.name} has no {need}: only a card with {need} is {k} by it here (CR "
                           f"{'702.143a' if k == 'foretold' else '702.170a'})", k, entry)
    if entry.get("on_adventure") not in (None, False):
        if entry["on_adventure"] is not True:
            raise sc.error(f"'on_adventure' is true or false, got {entry['on_adventure']!r}", "on_adventure", entry)
        if getattr(card, "layout", "") != "adventure":
            raise sc.error(f"{card.name} is not an adventurer card: it can't be on an adventure (CR 715.1, 715.3d)",
                           "on_adventure", entry)
        out["on_adventure"] = True
    return out


def _stack_ability(sc: Scenario, state: GameState, card: Any, player: str, entry: Mapping, new_id: Any) -> StackAbility:
    """A ``stack`` entry ``{card, ability: N}`` / ``{card, trigger: N}`` [``source: ID``, ``id``]: the card's Nth
    activated or triggered ability (from 1), controlled by the player it is listed under (CR 113.7, 602.2a, 603.3).

    Raises ``ScenarioError`` naming the line: both or neither of ``ability``/``trigger``, another key, a number the
    card has no ability for (listing those it has), a mana ability (it never uses the stack, CR 605.3b, 605.4a),
    a ``source`` that is not the id of a permanent with that card on the battlefield."""

    for k in entry:
        if k not in STACK_ABILITY_KEYS:
            raise sc.error(f"{k!r} does not apply to an ability on the stack; its keys are {', '.join(STACK_ABILITY_KEYS)}",
                           k, entry)
    if "ability" in entry and "trigger" in entry:
        raise sc.error("an ability on the stack is either {card, ability: N} (an activated ability) or {card, trigger: N} "
                       "(a triggered ability), not both", "trigger", entry)
    kind, key = ("activated", "ability") if "ability" in entry else ("triggered", "trigger")
    n = _as_int(entry[key], sc, key, entry, 1)
    abilities = list(abilities_of(card))
    of_kind = activated_abilities(abilities) if kind == "activated" else [a for a in abilities if a.kind == "triggered"]
    if not 1 <= n <= len(of_kind):
        listing = "; ".join(f"{i + 1}: {a.text}" for i, a in enumerate(of_kind)) or "none"
        raise sc.error(f"{card.name} has {len(of_kind)} {kind} abilit{'y' if len(of_kind) == 1 else 'ies'} ({listing}); "
                       f"{key} {n} does not exist", key, entry)
    ab = of_kind[n - 1]
    if ab.is_mana_ability:
        raise sc.error(f"impossible state: {kind} ability {n} of {card.name} (“{ab.text}”) is a mana ability, which never "
                       f"goes on the stack (CR 605.3b, 605.4a)", key, entry)
    source = entry.get("source")
    if source is not None:
        perm = next((p for p in state.battlefield if p.id == str(source)), None)
        if perm is None or perm.card.name != card.name:
            ids = [p.id for p in state.battlefield if p.card.name == card.name]
            raise sc.error(f"'source' {source!r} is not the id of a {card.name} on the battlefield"
                           f"{' (ids: ' + ', '.join(ids) + ')' if ids else ''}", "source", entry)
        source = perm.id
    return StackAbility(new_id(f"{card.name} ability", entry.get("id"), entry), card, player, kind, n, ab.text or "",
                        source)


def _find_target(state: GameState, ref: Any) -> str:
    """The id of an effect's target: a permanent, else a card in another zone (a target may be a card in
    any zone, CR 115.1, e.g. Snapcaster Mage's instant or sorcery card in a graveyard). A name that matches
    no permanent is looked up in the other zones; raises ``StateError`` when it matches nothing or several."""
    try:
        return state.find_permanent(ref).id
    except StateError as err:
        if isinstance(ref, Mapping) and "id" in ref and any(ci.id == str(ref["id"]) for _, _, ci in state.zoned_cards()):
            return str(ref["id"])
        if isinstance(ref, Mapping) and ref.get("zone") in (None, "battlefield") and "id" not in ref and "zone" not in ref \
                and ref.get("controller") is not None:
            raise
        perm_err = err
    try:
        return state.find_card({k: v for k, v in ref.items() if k != "controller"} if isinstance(ref, Mapping) else ref)[2].id
    except StateError as err:
        if "matches" in str(err):
            raise
        raise StateError(f"{perm_err}, and no card of that name in another zone", perm_err.candidates + err.candidates) from None


def _build_turn(sc: Scenario, state: GameState, db: Any) -> TurnState:
    """Read ``turn: {step, number, history}`` (docs/scenarios.md; models/game/turn.py). Without ``turn`` the default is
    the active player's precombat main phase with nothing done earlier this turn. Raises ``ScenarioError`` naming
    the line: an unknown key or step (with the closest one), an unknown player, card or permanent, a bad count."""
    raw = sc.data.get("turn")
    if raw is None:
        entered = _with_entered_permanents(state, {})
        if entered:  # permanents whose entries say entered_this_turn (CR 603.6a), on the default turn
            return TurnState(history=TurnHistory(entered=entered, cards={n: db.get(n) for ns in entered.values() for n in ns}))
        return TurnState()
    if not isinstance(raw, Mapping):
        raise sc.error("'turn' maps step / number / history, e.g. turn: {step: declare_attackers}", "turn")
    for k in raw:
        if k not in TURN_KEYS:
            raise sc.error(f"unknown key {k!r} in 'turn'{_suggest(k, TURN_KEYS)}; keys are {', '.join(TURN_KEYS)}", k, raw)
    steps = tuple(s.value for s in TurnStep)
    step_text = str(raw.get("step", TurnStep.PRECOMBAT_MAIN.value))
    if step_text not in steps:
        raise sc.error(f"unknown step {step_text!r}{_suggest(step_text, steps)}; steps are {', '.join(steps)} "
                       "(CR 500.1)", "step", raw)
    players = set(sc.players)

    def player_of(p: Any, obj: Any) -> str:
        if str(p) not in players:
            raise sc.error(f"unknown player {p!r}; players are {', '.join(sc.players)}", p, obj)
        return str(p)

    def per_player(obj: Any, key: str, minimum: int) -> dict[str, int]:
        if obj is None:
            return {}
        if not isinstance(obj, Mapping):
            raise sc.error(f"'{key}' maps a player to a whole number", key, raw if key == "number" else hist)
        return {player_of(p, obj): _as_int(n, sc, key, obj, minimum) for p, n in obj.items()}

    hist: Any = raw.get("history") or {}
    if not isinstance(hist, Mapping):
        raise sc.error(f"'history' maps {' / '.join(HISTORY_KEYS)}", "history", raw)
    for k in hist:
        if k not in HISTORY_KEYS:
            raise sc.error(f"unknown key {k!r} in 'history'{_suggest(k, HISTORY_KEYS)}; keys are {', '.join(HISTORY_KEYS)}",
                           k, hist)
    number = per_player(raw.get("number"), "number", 1) if "number" in raw else None
    cast: dict[str, tuple[str, ...]] = {}
    cast_raw = hist.get("cast") or {}
    if not isinstance(cast_raw, Mapping):
        raise sc.error("'cast' maps a player to the spells they cast this turn, e.g. {Alice: [Lightning Bolt]}", "cast", hist)
    for p, names in cast_raw.items():
        player = player_of(p, cast_raw)
        if not isinstance(names, list):
            raise sc.error(f"spells {player} cast this turn are a list of card names", p, cast_raw)
        cast[player] = tuple(_resolve_card(db, n, sc, i, names).name for i, n in enumerate(names))
    activations = _activated_history(sc, state, hist)
    resolved = _resolved_history(sc, state, hist)
    attacked = _attacked_history(sc, state, hist, TurnStep(step_text))
    def card_lists(key: str) -> dict[str, tuple[str, ...]]:
        obj = hist.get(key) or {}
        if not isinstance(obj, Mapping):
            raise sc.error(f"'{key}' maps a player to a list of card names, e.g. {{Alice: [Llanowar Elves]}}", key, hist)
        out: dict[str, tuple[str, ...]] = {}
        for p, names in obj.items():
            player = player_of(p, obj)
            if not isinstance(names, list):
                raise sc.error(f"'{key}' of {player} is a list of card names", p, obj)
            out[player] = tuple(_resolve_card(db, n, sc, i, names).name for i, n in enumerate(names))
        return out

    counts: dict[str, Any] = {k: per_player(hist.get(k), k, 0) for k in HISTORY_COUNTS}
    lists: dict[str, Any] = {k: card_lists(k) for k in HISTORY_LISTS}
    lists["entered"] = _with_entered_permanents(state, lists["entered"])
    fought = _fought_history(sc, state, hist, TurnStep(step_text))
    combat_damage = _combat_damage_history(sc, db, hist, TurnStep(step_text), player_of)
    names = {n for d in [cast, *lists.values()] for ns in d.values() for n in ns}
    names |= {s.card for srcs in (combat_damage or {}).values() for s in srcs}
    damage = _damage_history(sc, state, hist, TurnStep(step_text))
    history = TurnHistory(spells_cast=cast, activations=activations, attacked=frozenset(attacked), **counts, **lists,
                          cards={n: db.get(n) for n in names}, damage=damage, resolved=resolved,
                          fought=fought, combat_damage=combat_damage)
    return TurnState(step=TurnStep(step_text), number=number, history=history, given=True)


def _activated_history(sc: "Scenario", state: GameState, hist: Mapping) -> dict[tuple[str, int], int]:
    """Read ``history.activated``: how many times each activated ability of a permanent was activated this turn
    (``(permanent id, ability number from 1) -> times``; CR 602.5b). Raises ``ScenarioError`` naming the line: an
    unknown key or permanent, an ability number it does not have, a bad count."""
    activations: dict[tuple[str, int], int] = {}
    act_raw = hist.get("activated") or []
    if not isinstance(act_raw, list):
        raise sc.error("'activated' is a list of {permanent, ability, times}", "activated", hist)
    for i, a in enumerate(act_raw):
        if not isinstance(a, Mapping) or "permanent" not in a:
            raise sc.error("each 'activated' entry is {permanent: REF, ability: N, times: N}", i, act_raw)
        extra = set(a) - {"permanent", "ability", "times"}
        if extra:
            raise sc.error(f"unknown key {sorted(extra)[0]!r} in an 'activated' entry; keys are permanent, ability, times",
                           sorted(extra)[0], a)
        try:
            pid = state.find_permanent(a["permanent"]).id
        except StateError as err:
            raise sc.error(f"activated: {err}", "permanent", a, err.candidates) from None
        key = (pid, _as_int(a.get("ability", 1), sc, "ability", a, 1))
        _check_ability_number(sc, state, pid, key[1], a)
        activations[key] = activations.get(key, 0) + _as_int(a.get("times", 1), sc, "times", a, 1)
    return activations


def _attacked_history(sc: "Scenario", state: GameState, hist: Mapping, step: TurnStep) -> set[str]:
    """Read ``history.attacked``: the ids of the permanents that attacked this turn (CR 508.1). Raises
    ``ScenarioError`` naming the line: an unknown permanent, or attackers before the first combat phase (CR 500.1,
    505.1a)."""
    attacked: set[str] = set()
    att_raw = hist.get("attacked") or []
    if not isinstance(att_raw, list):
        raise sc.error("'attacked' is a list of permanents that attacked this turn", "attacked", hist)
    for i, ref in enumerate(att_raw):
        try:
            attacked.add(state.find_permanent(ref).id)
        except StateError as err:
            raise sc.error(f"attacked: {err}", i, att_raw, err.candidates) from None
    if attacked and step.order <= TurnStep.PRECOMBAT_MAIN.order:
        # the first combat phase comes after the precombat main phase (CR 500.1, 505.1a): nothing has attacked yet
        raise sc.error(f"'attacked' lists permanents, but in the {step.label} no combat has happened "
                       "yet this turn (CR 500.1, 505.1a, 508.1)", "attacked", hist)
    return attacked


def _resolved_history(sc: "Scenario", state: GameState, hist: Mapping) -> dict[tuple[str, int], int]:
    """``history: {resolved: [{permanent: REF, trigger: N, times: N}]}``: how many times the permanent's Nth triggered
    ability (counted from 1 as a stack entry's ``trigger`` counts them) resolved this turn (CR 608.2; "if this is the
    second time this ability has resolved this turn"). Raises ``ScenarioError`` naming the line: an entry that is not
    that mapping, a reference matching no permanent, a number the permanent has no triggered ability for (the error
    lists them)."""

    raw = hist.get("resolved") or []
    if not isinstance(raw, list):
        raise sc.error("'resolved' is a list of {permanent, trigger, times} (triggered abilities that resolved this "
                       "turn)", "resolved", hist)
    out: dict[tuple[str, int], int] = {}
    for i, a in enumerate(raw):
        if not isinstance(a, Mapping) or "permanent" not in a:
            raise sc.error("each 'resolved' entry is {permanent: REF, trigger: N, times: N}", i, raw)
        extra = set(a) - {"permanent", "trigger", "ability", "times"}
        if extra:
            raise sc.error(f"unknown key {sorted(extra)[0]!r} in a 'resolved' entry; keys are permanent, trigger "
                           f"(or ability), times", sorted(extra)[0], a)
        try:
            perm = state.find_permanent(a["permanent"])
        except StateError as err:
            raise sc.error(f"resolved: {err}", "permanent", a, err.candidates) from None
        if "ability" in a:  # an activated ability (Soulbright Flamekin), numbered as activate's ``ability``: key -N
            if "trigger" in a:
                raise sc.error("a 'resolved' entry names a trigger or an ability, not both", "ability", a)
            n = _as_int(a.get("ability", 1), sc, "ability", a, 1)

            acts = activated_abilities(abilities_of(perm.card))
            if not 1 <= n <= len(acts):
                raise sc.error(f"resolved: {perm.name} has {len(acts)} activated abilit{'y' if len(acts) == 1 else 'ies'}; "
                               f"ability {n} does not exist", "ability", a)
            key = (perm.id, -n)
            out[key] = out.get(key, 0) + _as_int(a.get("times", 1), sc, "times", a, 1)
            continue
        n = _as_int(a.get("trigger", 1), sc, "trigger", a, 1)
        trig = [ab for ab in abilities_of(perm.card) if ab.kind == "triggered"]
        if n > len(trig):
            listing = "; ".join(f"{j + 1}: {ab.describe()}" for j, ab in enumerate(trig)) or "none"
            raise sc.error(f"resolved: {perm.name} has {len(trig)} triggered abilit{'y' if len(trig) == 1 else 'ies'} "
                           f"({listing}); trigger {n} does not exist", "trigger", a)
        key = (perm.id, n)
        out[key] = out.get(key, 0) + _as_int(a.get("times", 1), sc, "times", a, 1)
    return out


def _cast_facts(sc: "Scenario", card: Any, entry: Mapping) -> tuple[str | None, bool]:
    """A battlefield entry's ``cast_from`` (the zone the permanent was cast from as the spell that became it, CR 601.2a,
    608.3; absent: it was not cast, it was put onto the battlefield) and ``bargained`` (its bargain cost was paid,
    CR 702.166b). Raises ``ScenarioError`` naming the line: an unknown zone (the closest is suggested), ``bargained``
    without ``cast_from`` (only a spell is bargained, 702.166a) or on a card without bargain."""
    raw = entry.get("cast_from") if entry else None
    cast_from = None
    if raw is not None:
        cast_from = str(raw).strip().lower()
        if cast_from not in CAST_ZONES:
            raise sc.error(f"cast_from {raw!r} is not a zone a spell is cast from{_suggest(cast_from, CAST_ZONES)}; "
                           f"zones are {', '.join(CAST_ZONES)} (CR 601.2a)", "cast_from", entry)
    bargained = _as_bool(entry.get("bargained", False), sc, "bargained", entry) if entry else False
    if bargained:
        if cast_from is None:
            raise sc.error("impossible state: 'bargained' needs 'cast_from': only a spell is bargained, as it is cast "
                           "(CR 702.166a-b)", "bargained", entry)
        if not any(str(k).lower() == "bargain" for k in card.keywords) and "bargain" not in card.full_oracle_text.lower():
            raise sc.error(f"impossible state: {card.name} has no bargain, so it can't have been bargained (CR 702.166a)",
                           "bargained", entry)
    return cast_from, bargained


def _with_entered_permanents(state: GameState, entered: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """``history.entered`` with the permanents whose entry says ``entered_this_turn`` (CR 603.6a): each such
    permanent is one entry under its controller's name unless the history already lists as many of its name."""
    out = {p: tuple(v) for p, v in entered.items()}
    for perm in state.battlefield:
        if not perm.entered_this_turn:
            continue
        listed = out.get(perm.controller, ())
        flagged = sum(1 for q in state.battlefield if q.entered_this_turn and q.controller == perm.controller
                      and q.card.name == perm.card.name)
        if listed.count(perm.card.name) < flagged:
            out[perm.controller] = listed + (perm.card.name,)
    return out


def _combat_damage_history(sc: "Scenario", db: Any, hist: Mapping, step: TurnStep,
                           player_of: Any) -> "dict[str, tuple[CombatDamageSource, ...]] | None":
    """``history: {combat_damage: {PLAYER: [CARD or {card, types, commander}]}}``: the sources each player controlled
    that dealt combat damage to a player this turn (CR 510.2, 120.1; prowl 702.76a, freerunning 702.173a). ``types``:
    the creature types the source had then (default: its card's); ``commander: true``: it is a commander (903.3). A
    player left out dealt none; the key left out: not given (``None``). Raises ``ScenarioError`` naming the line: not
    that shape, a card name not found, or combat damage before the first combat phase (CR 500.1, 505.1a, 510.1)."""
    if "combat_damage" not in hist:
        return None
    raw = hist.get("combat_damage") or {}
    shape = ("'combat_damage' maps a player to the sources they controlled that dealt combat damage to a player this "
             "turn, e.g. {Alice: [Grizzly Bears, {card: Ornithopter, types: [Rogue]}, {card: Edric, commander: true}]}")
    if not isinstance(raw, Mapping):
        raise sc.error(shape, "combat_damage", hist)
    out: dict[str, tuple[CombatDamageSource, ...]] = {}
    for p, entries in raw.items():
        player = player_of(p, raw)
        if not isinstance(entries, list):
            raise sc.error(shape, p, raw)
        got: list[CombatDamageSource] = []
        for i, e in enumerate(entries):
            if step.phase in ("beginning", "precombat_main"):
                raise sc.error(f"'combat_damage' lists sources, but in the {step.label} no combat has happened yet this "
                               "turn (CR 500.1, 505.1a, 510.1)", i, entries)
            if isinstance(e, str):
                got.append(CombatDamageSource(_resolve_card(db, e, sc, i, entries).name))
                continue
            if not isinstance(e, Mapping) or "card" not in e or set(e) - {"card", "types", "commander"}:
                raise sc.error("each 'combat_damage' entry is a card name or {card, types, commander}", i, entries)
            types = e.get("types")
            if types is not None and (not isinstance(types, list) or not all(isinstance(t, str) for t in types)):
                raise sc.error("'types' lists the creature types the source had as it dealt the damage", "types", e)
            commander = e.get("commander", False)
            if not isinstance(commander, bool):
                raise sc.error("'commander' is true or false", "commander", e)
            name = _resolve_card(db, e["card"], sc, "card", e).name
            got.append(CombatDamageSource(name, None if types is None else tuple(str(t) for t in types), commander))
        out[player] = tuple(got)
    return out


def _fought_history(sc: Scenario, state: GameState, hist: Mapping, step: TurnStep) -> frozenset[str]:
    """``history: {fought: [REF, ...]}``: the permanents on the battlefield that fought this turn (CR 701.14).
    Raises ``ScenarioError`` naming the line: not a list, a reference matching no permanent or several, a
    permanent that is not a creature (only creatures fight, 701.14a; one that was a creature then is not
    modelled), or fighting in the untap step (no player gets priority then, 502.4)."""
    raw = hist.get("fought") or []
    if not isinstance(raw, list):
        raise sc.error("'fought' is a list of permanents that fought this turn (CR 701.14)", "fought", hist)
    out: set[str] = set()
    for i, ref in enumerate(raw):
        if step == TurnStep.UNTAP:
            raise sc.error("impossible state: a fight this turn during the untap step, before any player gets priority "
                           "(CR 502.4)", i, raw)
        try:
            perm = state.find_permanent(ref)
        except StateError as err:
            raise sc.error(f"fought: {err}", i, raw, err.candidates) from None
        if not perm.card.is_type("Creature"):
            raise sc.error(f"impossible state: {perm.name} is not a creature, so it can't have fought (CR 701.14a)", i, raw)
        out.add(perm.id)
    return frozenset(out)


def _damage_history(sc: Scenario, state: GameState, hist: Mapping, step: TurnStep) -> tuple[tuple[str, str], ...]:
    """``history: {damage: [{from: REF, to: PLAYER or REF}, ...]}``: damage dealt earlier this turn by a permanent on
    the battlefield to a player or a permanent (CR 120). Raises ``ScenarioError`` naming the line: an entry that is
    not ``{from, to}``, a reference matching no permanent or several, damage recorded in the untap step (no player
    gets priority and nothing is dealt damage before it ends, CR 502.4, 120.1), or dealt to a permanent that is
    not a creature, planeswalker or battle (only those can be dealt damage, CR 120.1; a permanent that was one
    then is not modelled)."""
    raw = hist.get("damage") or []
    if not isinstance(raw, list):
        raise sc.error("'damage' is a list of {from: PERMANENT, to: PLAYER or PERMANENT} (damage dealt this turn, CR 120)",
                       "damage", hist)
    out: list[tuple[str, str]] = []
    for i, d in enumerate(raw):
        if not isinstance(d, Mapping) or set(d) != {"from", "to"}:
            raise sc.error("each 'damage' entry is {from: PERMANENT, to: PLAYER or PERMANENT}", i, raw)
        if step == TurnStep.UNTAP:
            raise sc.error("impossible state: damage this turn during the untap step, before any player gets priority "
                           "(CR 502.4)", i, raw)
        try:
            src = state.find_permanent(d["from"]).id
        except StateError as err:
            raise sc.error(f"damage from: {err}", "from", d, err.candidates) from None
        to = d["to"]
        if isinstance(to, str) and to in sc.players:
            out.append((src, to))
            continue
        try:
            perm = state.find_permanent(to)
        except StateError as err:
            raise sc.error(f"damage to: {err} (a player is named by their name)", "to", d, err.candidates) from None
        if not any(perm.card.is_type(t) for t in ("Creature", "Planeswalker", "Battle")):
            raise sc.error(f"impossible state: {perm.name} is not a creature, planeswalker or battle, so it can't have been "
                           f"dealt damage (CR 120.1)", "to", d)
        out.append((src, perm.id))
    return tuple(out)


def _check_ability_number(sc: Scenario, state: GameState, pid: str, n: int, entry: Any, key: str = "ability") -> None:
    """``history.activated`` (``key="ability"``) or a permanent entry's ``activations`` (``key="activations"``) names
    an ability the permanent has: its printed activated abilities (with a basic land type's intrinsic mana ability,
    CR 305.6), counted from 1 as ``activate`` counts them. While some permanent grants abilities (CR 613.1f), a higher
    number may be a granted one and is not checked here. Raises ``ScenarioError`` naming the line and the abilities
    there are."""

    perm = state.permanent(pid)
    acts = activated_abilities(abilities_of(perm.card))
    intrinsic = [t for t in perm.card.type_line.subtypes if t in BASIC_LAND_MANA]
    have = len(acts) + len(intrinsic)
    if n <= have:
        return
    if any(getattr(ab.effect, "kind", "") == "grant_ability" for p in state.battlefield for ab in abilities_of(p.card)):
        return
    listing = "; ".join([f"{i + 1}: {ab.describe()}" for i, ab in enumerate(acts)]
                        + [f"{len(acts) + j + 1}: {{T}}: Add {{{BASIC_LAND_MANA[t]}}} ({t}, CR 305.6)"
                           for j, t in enumerate(intrinsic)]) or "none"
    label = "activated" if key == "ability" else "activations"
    raise sc.error(f"{label}: {perm.name} has {have} activated abilit{'y' if have == 1 else 'ies'} ({listing}); "
                   f"ability {n} does not exist", key, entry)


def _check_effect_ability(sc: Scenario, state: GameState, card: Card, n: int, entry: Any) -> None:
    """An ``effects`` entry's ``ability`` N counts the card's activated abilities from 1 (with a basic land
    type's intrinsic mana ability, CR 305.6), as ``activate`` does; a number it does not have is an error naming
    the line, unless some permanent grants abilities (CR 613.1f: the ability may be a granted one)."""

    have = len(activated_abilities(abilities_of(card))) + len([t for t in card.type_line.subtypes if t in BASIC_LAND_MANA])
    if n <= have:
        return
    if any(getattr(ab.effect, "kind", "") == "grant_ability" for p in state.battlefield for ab in abilities_of(p.card)):
        return
    raise sc.error(f"an effect of {card.name}'s ability {n}: {card.name} has {have} activated "
                   f"abilit{'y' if have == 1 else 'ies'} (counted from 1; leave 'ability' out for the spell's own "
                   "effect)", "ability", entry)


def _check_combat(sc: Scenario, state: GameState, origin: dict[str, tuple[Any, Any]]) -> None:
    """Refuse impossible combat states: a permanent ``attacking`` outside the declare attackers .. end of combat
    steps (CR 506.4, 508.1, 511.3) or not controlled by the active player (CR 508.1a); ``blocking`` outside the
    declare blockers .. end of combat steps (509.1, 511.3) or controlled by the active player (509.1a)."""
    step = state.turn.step
    for perm in state.battlefield:
        key, obj = origin.get(perm.id, ("battlefield", None))
        if perm.attacking and not step.has_attackers:
            raise sc.error(f"{perm.name} is attacking during the {step.label}: creatures attack only from the declare "
                           "attackers step to the end of combat step (CR 506.4, 508.1); give turn: {step: declare_attackers} "
                           "or later", key, obj)
        if perm.attacking and perm.controller != state.active:
            raise sc.error(f"{perm.name} is attacking but {perm.controller} is not the active player {state.active} "
                           "(CR 508.1a)", key, obj)
        if perm.blocking and not step.has_blockers:
            raise sc.error(f"{perm.name} is blocking during the {step.label}: creatures block only from the declare "
                           "blockers step to the end of combat step (CR 509.1)", key, obj)
        if perm.blocking and perm.controller == state.active:
            raise sc.error(f"{perm.name} is blocking but is controlled by the active player {state.active}: only the "
                           "defending players block (CR 509.1a)", key, obj)
        if perm.attacking and perm.blocking:
            raise sc.error(f"{perm.name} cannot be both attacking and blocking (CR 506.2)", key, obj)
        if (perm.attacking or perm.blocking) and not perm.card.is_type("Creature") and not _could_be_animated(state):
            role = "attacking" if perm.attacking else "blocking"
            raise sc.error(f"{perm.name} is {role} but is not a creature ({perm.card.type_line}): only creatures attack "
                           f"and block (CR 506.3, 508.1a, 509.1a); an effect that made it a creature goes under "
                           f"'effects'", key, obj)


#: Words of a rules text that may make a permanent a creature (an animated land, a crewed Vehicle: CR 613.1d,
#: 702.122): while one is in play or in force, a non-creature card in combat is not refused.
_ANIMATES = re.compile(r"\bcrew\b|\b(?:becomes?|is|are|it's|they're)\b[^.\n]{0,120}?\bcreatures?\b", re.I)


def _could_be_animated(state: GameState) -> bool:
    """Whether some permanent or effect in force may make a permanent a creature (``_ANIMATES``; over-approximated:
    a state it allows is then answered by the rules, which read the type-changing effects, CR 613.1d)."""
    cards = [p.card for p in state.battlefield] + [e.card for e in state.effects]
    return any(_ANIMATES.search(c.full_oracle_text or "") for c in cards)


def _check_attachment_cycles(state: GameState, sc: Scenario, origin: dict[str, tuple[Any, Any]]) -> None:
    """Refuse attachment cycles (A attached to B, B to A): an Aura, Equipment or Fortification is attached
    to another object, and that object cannot in turn be attached, directly or through others, to it
    (CR 301.5c, 303.4d: nothing is attached to itself; a cycle would make each attached to itself)."""
    parent = {p.id: p.attached_to for p in state.battlefield if p.attached_to is not None}
    done: set[str] = set()
    for start in parent:
        path: list[str] = []
        seen: set[str] = set()
        cur: str | None = start
        while cur is not None and cur not in done:
            if cur in seen:
                cycle = path[path.index(cur):]
                key, obj = origin.get(cur, ("battlefield", None))
                raise sc.error("impossible state: an attachment cycle (" + " -> ".join(cycle + [cur]) +
                               "); nothing can be attached, directly or through others, to itself (CR 301.5c, 303.4d)",
                               key, obj)
            seen.add(cur)
            path.append(cur)
            cur = parent.get(cur)
        done.update(path)


def build_state(sc: Scenario, db: Any, tick: Any = None) -> tuple[GameState, Any]:
    """Resolve names and build the ``GameState`` of a scenario.

    Parameters
    ----------
    sc : Scenario
    db : CardDatabase (``models.data.database``); the scenario's ``cards:`` are overlaid on it.
    tick : callable, optional
        ``tick(n, what)`` is called with the number of objects of each zone entry as they are built (the
        runner passes its budget's, ``solver.rules.budget.tick``: a scenario of a million cards reads the budget
        of states and seconds while it is built, it does not stop only after).

    Returns
    -------
    (GameState, the card database actually used, with the scenario's cards overlaid)

    Raises
    ------
    ScenarioError
        Unknown card names (with suggestions), unknown players, malformed entries, or
        impossible states (a non-permanent card on the battlefield, CR 110.4; a negative
        life total is allowed, a negative counter count is not; attachments to missing ids).
    """
    defined = scenario_cards(sc)
    if defined:
        db = db.overlay(defined)
    data = sc.data
    state = GameState(players=list(sc.players), active=sc.active)
    ids: set[str] = set()
    counter: dict[str, int] = {}
    origin: dict[str, tuple[Any, Any]] = {}  # permanent id -> (mapping, key) for error lines
    act_entries: dict[str, Any] = {}  # permanent id -> its entry, where it lists 'activations'

    def new_id(name: str, given: Any, obj: Any) -> str:
        if given is not None:
            gid = str(given)
            if gid in ids:
                raise sc.error(f"id {gid!r} is used twice", "id", obj)
            ids.add(gid)
            return gid
        counter[name] = counter.get(name, 0) + 1
        gid = name if counter[name] == 1 else f"{name}#{counter[name]}"
        while gid in ids:
            counter[name] += 1
            gid = f"{name}#{counter[name]}"
        ids.add(gid)
        return gid

    def check_player(p: Any, obj: Any, key: Any) -> str:
        if str(p) not in sc.players:
            raise sc.error(f"unknown player {p!r}; players are {', '.join(sc.players)}", key, obj)
        return str(p)

    b = _StateBuilder(sc, db, state, new_id, check_player, origin, act_entries, tick)
    for zone in ("battlefield",) + CARD_ZONES:
        _read_zone(b, zone)
    _check_attachments(sc, state, origin, act_entries)
    state.turn = _build_turn(sc, state, db)
    _read_players(sc, data, state, check_player)
    _read_designations(sc, data, state, check_player)
    _read_speed(sc, data, state, check_player)
    _read_effects(sc, db, state, check_player)
    _check_combat(sc, state, origin)  # (after the effects: one may have made a permanent a creature)
    return state, db


@dataclass
class _StateBuilder:
    """What ``build_state`` reads the zones with: the scenario, the card database, the state being built, the id and
    player readers (``new_id(name, given id, entry)``, ``check_player(player, mapping, key)``), and where each
    permanent was written (``origin``) and which list 'activations' (``act_entries``), for error lines."""

    sc: Scenario
    db: Any
    state: GameState
    new_id: Any
    check_player: Any
    origin: dict[str, tuple[Any, Any]]
    act_entries: dict[str, Any]
    tick: Any


def _read_zone(b: _StateBuilder, zone: str) -> None:
    """Read one zone of the scenario (``battlefield``, ``hand``, ``graveyard``, ``library``, ``exile``, ``stack``,
    ``command``): a mapping of each player to a list of card names or entries (docs/scenarios.md). A zone given for a
    player is listed (``GameState.listed_zones``, CR 601.2a). Raises ``ScenarioError`` naming the line."""
    sc = b.sc
    section = sc.data.get(zone)
    if section is None:
        return
    if not isinstance(section, Mapping):
        raise sc.error(f"'{zone}' must map each player to a list of cards", zone)
    for player, entries in section.items():
        player = b.check_player(player, section, player)
        b.state.listed_zones.add((zone, player))
        if entries is None:
            continue
        if not isinstance(entries, list):
            raise sc.error(f"'{zone}' of {player} must be a list of card names or entries", player, section)
        for i, entry in enumerate(entries):
            _read_zone_entry(b, zone, player, entries, i, entry)


def _read_zone_entry(b: _StateBuilder, zone: str, player: str, entries: list, i: int, entry: Any) -> None:
    """Read entry ``i`` of a player's list in ``zone``: a card name or a mapping (``ENTRY_KEYS``) with ``count``
    copies, an owner, commander casts (CR 903.8, the command zone only), an ability on the stack; a land is never on
    the stack (CR 305.1, 305.9) and only a permanent card is on the battlefield (CR 110.4)."""
    sc, state = b.sc, b.state
    if isinstance(entry, Mapping):
        for k in entry:
            if k not in ENTRY_KEYS:
                raise sc.error(f"unknown key {k!r} in a {zone} entry{_suggest(k, ENTRY_KEYS)}; keys are {', '.join(ENTRY_KEYS)}"
                               f"{_comma_hint(k, entry)}", k, entry)
        if "card" not in entry:
            raise sc.error(f"a {zone} entry needs 'card'", None, entry)
        card = _resolve_card(b.db, entry["card"], sc, "card", entry)
        count = _as_int(entry.get("count", 1), sc, "count", entry, 1)
        if count > MAX_COUNT:
            raise sc.error(f"count {count} is more than mtgcheck takes for one entry (at most {MAX_COUNT})", "count", entry)
        if b.tick is not None:
            b.tick(count, "building the scenario's game state")
        where = entry
    else:
        card = _resolve_card(b.db, entry, sc, i, entries)
        entry, count, where = {}, 1, entries
    owner = b.check_player(entry.get("owner", player), where, "owner")
    if "casts" in entry and zone != "command":
        raise sc.error(f"'casts' counts a commander's earlier casts from the command zone (the commander tax, "
                       f"CR 903.8); it applies only to an entry of 'command', not of '{zone}'", "casts", entry)
    casts = _as_int(entry.get("casts", 0), sc, "casts", entry, 0) if "casts" in entry else 0
    if casts > MAX_COUNT:
        raise sc.error(f"casts {casts} is more than mtgcheck takes (at most {MAX_COUNT})", "casts", entry)
    if zone == "stack" and ("ability" in entry or "trigger" in entry):
        state.stack_abilities.append(_stack_ability(sc, state, card, player, entry, b.new_id))
        return
    if zone == "stack" and all(f.type_line.has("Land") for f in (card.faces or (card.front,))):
        raise sc.error(f"{card.name} is a land card: it is never on the stack (a land is played, not cast, "
                       f"and playing it does not use the stack: CR 305.1, 305.9)",
                       "card" if isinstance(where, Mapping) and where is entry else i, where)
    if zone != "battlefield":
        extra = set(entry) - {"card", "count", "owner", "id", "casts"} - (
            set(EXILE_PERMISSION_KEYS) if zone == "exile" else set())
        if extra:
            bad = sorted(extra)[0]
            where_ok = "cards in exile" if bad in EXILE_PERMISSION_KEYS else "permanents on the battlefield"
            raise sc.error(f"{sorted(extra)} only apply to {where_ok}, not to cards in the {zone}", bad, where)
        permission = _exile_permission(sc, card, entry) if zone == "exile" else {}
        for _ in range(count):
            state.zones[zone][player].append(CardInstance(b.new_id(card.name, entry.get("id") if count == 1 else None, where),
                                                          card, owner, casts, **permission))
        return
    if not card.is_permanent_card:
        raise sc.error(f"{card.name} is not a permanent card ({card.type_line}); it cannot be on the battlefield (CR 110.4)", "card" if isinstance(where, Mapping) and where is entry else i, where)
    _add_permanents(b, player, card, entry, count, where, i, owner)


def _add_permanents(b: _StateBuilder, player: str, card: Card, entry: Mapping, count: int, where: Any, i: int,
                    owner: str) -> None:
    """Put ``count`` permanents of a battlefield entry onto the battlefield under ``player``'s control, with what the
    entry says of them (``ENTRY_KEYS``: counters, choices, activations this turn (CR 602.5b), X, timestamp, tapped,
    summoning sick (CR 302.6; one that entered this turn is, 603.6a), attacking, blocking, renowned, how it was cast,
    cards exiled with it, noted mana, prototyped (CR 718.3)). Raises ``ScenarioError`` naming the line."""
    sc, state = b.sc, b.state
    counters = entry.get("counters") or {}
    if not isinstance(counters, Mapping):
        raise sc.error("'counters' maps a counter kind to a number, e.g. {charge: 2}", "counters", entry)
    for ck, cv in counters.items():
        _as_int(cv, sc, "counters", entry, 0)
    choices = entry.get("choices") or {}
    if not isinstance(choices, Mapping):
        raise sc.error("'choices' maps color / creature_type / card_name to a value", "choices", entry)
    _check_choices(sc, choices, entry)
    acts = entry.get("activations") or {}
    if not isinstance(acts, Mapping):
        raise sc.error("'activations' maps an activated-ability number (from 1) to how many times it was "
                       "activated since the permanent entered, e.g. {1: 1} (CR 602.5b)", "activations", entry)
    activations = {_as_int(k, sc, "activations", entry, 1): _as_int(v, sc, "activations", entry, 0)
                   for k, v in acts.items()}
    x = entry.get("x")
    if x is not None:
        x = _as_int(x, sc, "x", entry, 0)
    ts = entry.get("timestamp")
    if ts is not None:
        ts = _as_int(ts, sc, "timestamp", entry, 0)
    tapped = _as_bool(entry.get("tapped", False), sc, "tapped", entry)
    sick = _as_bool(entry.get("sick", False), sc, "sick", entry)
    attacking = _as_bool(entry.get("attacking", False), sc, "attacking", entry)
    blocking = _as_bool(entry.get("blocking", False), sc, "blocking", entry)
    renowned = _as_bool(entry.get("renowned", False), sc, "renowned", entry)
    cast_from, bargained = _cast_facts(sc, card, entry)
    exiled_entries = _exiled_entries(sc, entry, count)
    noted_mana = _noted_mana(sc, entry)
    entered = _as_bool(entry.get("entered_this_turn", False), sc, "entered_this_turn", entry)
    if entered and "sick" in entry and not sick:
        # it has not been under its controller's control since their most recent turn began (CR 302.6)
        raise sc.error(f"impossible state: {card.name} entered the battlefield this turn, so it can't be "
                       f"sick: false (CR 302.6, 603.6a)", "sick", entry)
    sick = sick or entered
    if _as_bool(entry.get("prototyped", False), sc, "prototyped", entry) if entry else False:
        card = _prototyped(sc, card, entry)
    for _ in range(count):
        origin_at = ("attached_to", entry) if entry else (i, where)
        state.battlefield.append(Permanent(
            id=b.new_id(card.name, entry.get("id") if count == 1 else None, where), card=card,
            controller=player, owner=owner, tapped=tapped, sick=sick,
            counters={str(k): int(v) for k, v in counters.items()}, choices=dict(choices), x=x,
            attached_to=str(entry["attached_to"]) if entry.get("attached_to") is not None else None,
            timestamp=ts, attacking=attacking, blocking=blocking, renowned=renowned,
            activations=dict(activations), cast_from=cast_from, bargained=bargained,
            exiled_with=tuple(_exile_with(sc, b.db, state, exiled_entries, owner, b.check_player, b.new_id)),
            entered_this_turn=entered, noted_mana=noted_mana,
        ))
        b.origin[state.battlefield[-1].id] = origin_at
        if activations:
            b.act_entries[state.battlefield[-1].id] = entry


def _check_attachments(sc: Scenario, state: GameState, origin: dict[str, tuple[Any, Any]],
                       act_entries: dict[str, Any]) -> None:
    """Every attachment names a permanent on the battlefield other than itself, in no cycle (CR 301.5c, 303.4d), and
    every activation count names an activated ability the permanent has. Raises ``ScenarioError`` naming the line."""
    all_ids = {p.id for p in state.battlefield}
    for perm in state.battlefield:
        key, obj = origin.get(perm.id, ("battlefield", None))
        if perm.attached_to is not None and perm.attached_to not in all_ids:
            raise sc.error(f"{perm.name} is attached to {perm.attached_to!r}, which is not the id of a permanent on the battlefield "
                           f"(ids: {', '.join(sorted(all_ids))})", key, obj)
        if perm.attached_to == perm.id:
            raise sc.error(f"{perm.name} cannot be attached to itself (CR 301.5c, 303.4d)", key, obj)
    _check_attachment_cycles(state, sc, origin)
    for pid, entry in act_entries.items():
        for n in state.permanent(pid).activations:
            _check_ability_number(sc, state, pid, n, entry, key="activations")


def _read_players(sc: Scenario, data: Mapping, state: GameState, check_player: Any) -> None:
    """Read what the scenario says of each player: mana pool (``pool``, CR 106.4), ``life`` total (a negative one is
    allowed), ``starting_life`` (CR 103.4) and ``player_counters`` (energy, poison, ...; CR 122.1). Raises
    ``ScenarioError`` naming the line."""
    pool = data.get("pool") or {}
    if not isinstance(pool, Mapping):
        raise sc.error("'pool' maps a player to a mana string such as \"{R}{R}\"", "pool")
    for player, text in pool.items():
        player = check_player(player, pool, player)
        try:
            state.pools[player] = ManaPool.parse(str(text or ""))
        except (ManaError, ValueError) as e:
            raise sc.error(f"pool of {player}: {e}", player, pool) from None
    life = data.get("life") or {}
    if not isinstance(life, Mapping):
        raise sc.error("'life' maps a player to a life total", "life")
    for player, n in life.items():
        player = check_player(player, life, player)
        if isinstance(n, bool) or not isinstance(n, int):
            raise sc.error(f"life of {player} must be a whole number, got {n!r}", player, life)
        state.life[player] = n
    starting = data.get("starting_life") or {}
    if not isinstance(starting, Mapping):
        raise sc.error("'starting_life' maps a player to a starting life total, e.g. {Alice: 40} (CR 103.4)", "starting_life")
    for player, n in starting.items():
        player = check_player(player, starting, player)
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise sc.error(f"starting life of {player} must be a whole number of at least 1, got {n!r} (CR 103.4)",
                           player, starting)
        state.starting_life[player] = n
    pcs = data.get("player_counters") or {}
    if not isinstance(pcs, Mapping):
        raise sc.error("'player_counters' maps a player to counters such as {energy: 3, poison: 1} (CR 122.1)",
                       "player_counters")
    for player, kinds in pcs.items():
        player = check_player(player, pcs, player)
        if not isinstance(kinds, Mapping):
            raise sc.error(f"counters of {player} map a kind to a number, e.g. {{energy: 3}}", player, pcs)
        for kind, n in kinds.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise sc.error(f"{kind} counters of {player} must be a whole number of at least 0, got {n!r}", player, pcs)
            state.player_counters.setdefault(player, {})[str(kind)] = n


def _read_effects(sc: Scenario, db: Any, state: GameState, check_player: Any) -> None:
    """Read ``effects``: the continuous effects of resolved spells and abilities (a card, its controller, which ability,
    its targets, choices and timestamp; CR 611.2, 613.7). Raises ``ScenarioError`` naming the line."""
    effects = sc.data.get("effects") or []
    if not isinstance(effects, list):
        raise sc.error("'effects' is a list of {card, controller, ability, targets, choices}", "effects")
    for i, e in enumerate(effects):
        if isinstance(e, str):
            e = {"card": e}
            where: Any = effects
            key: Any = i
        else:
            where, key = e, "card"
        if not isinstance(e, Mapping) or "card" not in e:
            raise sc.error("each effect needs 'card'", i, effects)
        for k in e:
            if k not in EFFECT_KEYS:
                raise sc.error(f"unknown key {k!r} in an effect; keys are {', '.join(EFFECT_KEYS)}", k, e)
        card = _resolve_card(db, e["card"], sc, key, where)
        controller = check_player(e.get("controller", sc.active), where, "controller")
        ability = e.get("ability")
        if ability is not None:
            ability = _as_int(ability, sc, "ability", e, 1)
        targets: list[str] = []
        raw_targets = e.get("targets") or []
        if not isinstance(raw_targets, list):
            raw_targets = [raw_targets]
        for t in raw_targets:
            try:
                targets.append(_find_target(state, t))
            except StateError as err:
                raise sc.error(f"effect of {card.name}: target {t!r}: {err}", "targets", e, err.candidates) from None
        ts = e.get("timestamp")
        if ts is not None:
            ts = _as_int(ts, sc, "timestamp", e, 0)
        choices = e.get("choices") or {}
        if not isinstance(choices, Mapping):
            raise sc.error("'choices' of an effect maps color / creature_type / card_name / card to a value", "choices", e)
        _check_choices(sc, choices, e)
        if ability is not None:
            _check_effect_ability(sc, state, card, ability, e)
        state.effects.append(Effect(card, controller, ability, targets, dict(choices), ts))
