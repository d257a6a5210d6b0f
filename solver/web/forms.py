"""The page's board builder as plain data, and its two-way translation to scenario data (docs/scenarios.md).

The page edits a *form*: a JSON object whose leaves are what was typed (text, true/false), never a game
object. ``assemble(form)`` turns it into the scenario mapping that ``mtgcheck ask`` would read from a file, and
``disassemble(data)`` turns a scenario mapping (an opened file, an example, a shared URL) back into a form. The
page then writes the scenario as YAML (``dump_yaml``) and asks it exactly as a file is asked, so its answers are
those of ``mtgcheck ask`` on the YAML it shows.

A form::

    {"title": str, "source": str, "players": [str, ...], "active": str, "step": str,
     "life": {player: text},
     "zones": {zone: {player: [entry, ...]}},          # zone: battlefield, hand, ..., stack (ZONE_ORDER)
     "ask": {"kind": str, "args": {key: text | bool}, "more": yaml-text},
     "more": yaml-text}                                 # every other scenario key (cards, effects, expect, ...)

    entry = {"card": text, "count": text, "tapped": bool, "sick": bool, "owner": text, "id": text,
             "attached_to": text, "counters": yaml-text, "color": text, "creature_type": text,
             "card_name": text, "more": yaml-text}

Nothing of a scenario is dropped on the way: what the builder has no field for goes to a ``more`` text (the
scenario's, an entry's or the question's), as YAML. Each value put into the scenario is recorded with the form
field it came from (``Assembled.fields``), so that an error the scenario reader reports at a line of the YAML can
be shown beside the field at fault (``line_paths`` maps lines to paths, ``field_of`` paths to fields).

Field ids: ``title``, ``source``, ``players``, ``active``, ``step``, ``more``, ``life:PLAYER``, ``question``,
``arg:KEY``, ``arg-more``, ``entry:ZONE:PLAYER:I`` (the entry's card field) and ``entry:ZONE:PLAYER:I:KEY``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

import yaml

from mtgcheck.models.data.scenario import QUESTION_ARGS, QUESTION_KINDS, ScenarioError, load_yaml
from mtgcheck.models.game.state import ZONES

__all__ = ["FormError", "Field", "QuestionSpec", "QUESTIONS", "ZONE_ORDER", "ENTRY_FIELDS", "Assembled", "assemble",
           "disassemble", "dump_yaml", "plain", "line_paths", "field_of", "empty_form"]

#: The zones of the board builder, in the order the YAML lists them (``stack`` last: CR 405).
ZONE_ORDER: tuple[str, ...] = tuple(ZONES) + ("stack",)

#: Scenario keys the builder has fields for; every other key is kept in the form's ``more`` text.
BUILDER_KEYS = ("title", "source", "players", "active", "life", "turn", "ask") + ZONE_ORDER


class FormError(ValueError):
    """A form value that cannot be read (a YAML field that is not YAML): ``field`` is the form field's id."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


# ---------------------------------------------------------------------------
# Question kinds and their argument fields
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One argument of a question kind as a form field.

    ``widget``: ``card`` (a card name, with autocomplete), ``permanent`` (a permanent reference: a name, an id,
    or ``{card, controller}`` written in YAML), ``player`` (a player of the board), ``int`` (a whole number),
    ``bool`` (true / false / not given), ``choice`` (one of ``options``), ``text`` (taken as typed),
    ``textarea`` (several lines, taken as typed), ``lines`` (one name a line: a list) or ``yaml`` (a YAML value:
    a list, a mapping, a number). Text fields other than ``textarea`` and ``lines`` that start with ``{`` or
    ``[`` are read as YAML (``{card: Forest, controller: Bob}``).
    """

    key: str
    widget: str
    label: str
    help: str = ""
    options: tuple[str, ...] = ()
    placeholder: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "widget": self.widget, "label": self.label, "help": self.help,
                "options": list(self.options), "placeholder": self.placeholder}


@dataclass(frozen=True)
class QuestionSpec:
    """A question kind: its fields, a one-line description, and ``bare`` (the question's argument is the value
    of its single field itself, as ``could_produce: Reflecting Pool``)."""

    kind: str
    description: str
    fields: tuple[Field, ...]
    bare: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "description": self.description, "bare": self.bare,
                "fields": [f.to_dict() for f in self.fields]}


_CARD = Field("card", "card", "card", "the card, by name")
_PLAYER = Field("player", "player", "player", "default: the active player")
_FROM = Field("from", "choice", "cast from", "default: hand (CR 601.3: elsewhere needs a permission)",
              ("hand", "graveyard", "exile", "command", "library"))
_USING = Field("using", "text", "using", "default: any legal way (the mana cost first); or normal, flashback, escape, "
               "evoke, dash, overload, free, fuse, aftermath, alternative", placeholder="any legal way")
_X = Field("x", "int", "X", "the value announced for X (CR 107.3a); default 0")
_KICKED = Field("kicked", "yaml", "kicked", "true/false, or the number of times (multikicker)", placeholder="false")
_ADDITIONAL = Field("additional", "yaml", "additional costs paid", "a list, e.g. [buyback]", placeholder="[]")
_ADDITIONAL_CHOICE = Field("additional_choice", "int", "option of an either-or additional cost",
                           "the option announced, from 1 (CR 601.2b: \"sacrifice a creature or pay {3}\"); default: "
                           "each is tried")
_FACE = Field("face", "text", "face / half", "the half of a split card or the Adventure cast (CR 709.3, 715.3)")
_TARGETS = Field("targets", "yaml", "targets", "in the order of the target words (CR 115.3): players, permanents, "
                 "{card, zone: stack}, {card, zone: graveyard, owner}", placeholder="[Bob]")
_MODES = Field("modes", "yaml", "spree modes", "the modes chosen of a spell with spree, from 1 (CR 702.172a); "
               "default: each alone is tried", placeholder="[1]")
_CAST = (_CARD, _PLAYER, _FROM, _USING, _X, _KICKED, _ADDITIONAL, _ADDITIONAL_CHOICE, _FACE)
_GIFT = Field("gift", "bool", "gift promised", "true: the gift is promised (CR 702.174a); default: not, tried too when "
              "the targets depend on it")

QUESTIONS: dict[str, QuestionSpec] = {s.kind: s for s in (
    QuestionSpec("could_produce", "which types of mana a permanent could produce (CR 106.7)",
                 (Field("permanent", "permanent", "permanent", "a name on the board, an id, or {card, controller}"),),
                 bare=True),
    QuestionSpec("available_mana", "every maximal mana pool a player can produce now",
                 (Field("player", "player", "player", "default: the active player"),)),
    QuestionSpec("cast", "can the card be cast now, its total cost and one payment (CR 601.2)",
                 _CAST + (_GIFT, _TARGETS, _MODES)),
    QuestionSpec("payments", "every way to pay for the card (CR 601.2g-h)", _CAST + (
        _GIFT, _TARGETS, _MODES,
        Field("minimize", "choice", "best payment by", "adds the best payment", ("life", "sources")),
        Field("keep_untapped", "yaml", "keep untapped", "permanents to keep untapped in the best payment, a list",
              placeholder="[Island]"))),
    QuestionSpec("delve", "the cards delve can exile and the keywords they give (CR 702.66)", _CAST),
    QuestionSpec("activate", "can a permanent's activated ability be activated now (CR 602)", (
        Field("permanent", "permanent", "permanent", "a name on the board, an id, or {card, controller}"),
        Field("ability", "int", "ability", "its Nth activated ability, from 1 (intrinsic mana abilities first, "
              "CR 305.6); default 1"),
        _X)),
    QuestionSpec("mana_value", "a card's mana value (CR 202.3)", (
        _CARD,
        Field("zone", "choice", "zone", "default: hand; X counts only on the stack (CR 107.3i)",
              ("hand", "library", "graveyard", "exile", "command", "battlefield", "stack")),
        Field("x", "int", "X", "X paid (counts on the stack only)"),
        _FACE)),
    QuestionSpec("scry", "every way a scry can end (CR 701.22)", (
        _PLAYER,
        Field("n", "int", "scry N", "how many cards"),
        Field("library_size", "int", "library size", "N different unnamed cards instead of listing the library"),
        Field("spell", "card", "spell", "a spell whose instructions scry (instead of N)"),
        Field("targets_legal", "bool", "targets legal", "false: the spell's targets are all illegal, it does not "
              "resolve (CR 608.2b)"))),
    QuestionSpec("put_onto_battlefield", "the end states of Hypergenesis, Show and Tell, Eureka (CR 110.4a)", (
        Field("spell", "card", "spell", "the spell that puts cards onto the battlefield"), _PLAYER)),
    QuestionSpec("trigger_order", "the orders triggers can go on the stack in (CR 603.3b, APNAP)", (
        Field("triggers", "yaml", "triggers", "player -> labels, e.g. {Alice: [A, B], Bob: [C]}",
              placeholder="{Alice: [A, B], Bob: [C]}"),
        Field("after", "yaml", "after a process", "{spell, player, put: {player: [cards]}}",
              placeholder="{spell: Hypergenesis, player: Alice, put: {Alice: [Wall of Omens]}}"))),
    QuestionSpec("entering_x", "the value of X for a permanent entering (CR 107.3m)", (
        _CARD,
        Field("x_paid", "int", "X paid", "the X chosen when it was cast"),
        Field("x", "int", "X (alias of X paid)", ""),
        Field("cast", "bool", "was cast", "false: put onto the battlefield without being cast"),
        Field("put_by", "card", "put by", "the spell that put it (then it was not cast)"),
        Field("copy", "bool", "a copy of the spell", "true: it was a copy of a spell cast with X paid (CR 707.10)"))),
    QuestionSpec("validate_deck", "is a deck legal in a format, and why not (CR 100.2, 903)", (
        Field("format", "choice", "format", "", ()),
        Field("decklist", "textarea", "decklist", "the decklist text (MTGO, Arena, ...), or the file an example names",
              placeholder="4 Lightning Bolt\n20 Mountain"),
        Field("commanders", "lines", "commanders", "one a line"),
        Field("companion", "card", "companion", ""))),
)}

#: An entry's fields (besides ``more``) and their kinds; ``color``, ``creature_type`` and ``card_name`` are its
#: ``choices``.
ENTRY_FIELDS: dict[str, str] = {
    "card": "text", "count": "int", "tapped": "bool", "sick": "bool", "owner": "text", "id": "text",
    "attached_to": "text", "counters": "yaml", "color": "text", "creature_type": "text", "card_name": "text",
}
_CHOICE_FIELDS = ("color", "creature_type", "card_name")


def empty_form(players: tuple[str, ...] = ("Alice", "Bob")) -> dict[str, Any]:
    """A new board: two players, nothing anywhere, no question chosen."""
    return {"title": "", "source": "", "players": list(players), "active": "", "step": "", "life": {},
            "zones": {}, "ask": {"kind": "", "args": {}, "more": ""}, "more": ""}


# ---------------------------------------------------------------------------
# YAML
# ---------------------------------------------------------------------------


def plain(v: Any) -> Any:
    """``v`` with the line-keeping mappings and lists of the scenario reader made plain ``dict`` / ``list``."""
    if isinstance(v, Mapping):
        return {k: plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Block style, keys in the order given, text of several lines as a literal block."""


def _str_representer(dumper: yaml.SafeDumper, s: str) -> yaml.ScalarNode:
    if "\n" in s:
        return dumper.represent_scalar("tag:yaml.org,2002:str", s, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", s)


_Dumper.add_representer(str, _str_representer)


def dump_yaml(data: Any) -> str:
    """The scenario as YAML text: block style, keys in order, one value a line (so that every line an error
    names is one value's line)."""
    return yaml.dump(plain(data), Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                     width=100)


def _flow(v: Any) -> str:
    """A value as one line of YAML (flow style), for a form field."""
    return yaml.dump(plain(v), Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=True,
                     width=1_000_000).strip().removesuffix("...").strip()


def _parse_yaml_field(text: str, fid: str) -> Any:
    try:
        return plain(load_yaml(text, "field"))
    except ScenarioError as e:
        raise FormError(fid, f"not valid YAML: {e.message}" if not e.message.startswith("not valid") else e.message) \
            from None


def _text_value(text: str, fid: str) -> Any:
    """A text field's value: as typed (stripped), or read as YAML when it starts with ``{`` or ``[``."""
    s = text.strip()
    if s[:1] in ("{", "["):
        return _parse_yaml_field(s, fid)
    return s


def _scalar_value(text: str, fid: str) -> Any:
    """An ``int`` field's value: read as YAML (``2`` is 2, ``abc`` stays text so the reader names it)."""
    v = _parse_yaml_field(text.strip(), fid)
    return v


# ---------------------------------------------------------------------------
# Form -> scenario
# ---------------------------------------------------------------------------


@dataclass
class Assembled:
    """A form assembled: ``data`` (the scenario mapping, keys in the order written) and ``fields`` (path of a value
    in ``data``, a tuple of keys and indexes → the id of the form field it came from)."""

    data: dict[str, Any]
    fields: dict[tuple, str] = field(default_factory=dict)


def _as_text(v: Any) -> str:
    return v if isinstance(v, str) else ("" if v is None else str(v))


def _field_value(f: Field, raw: Any, fid: str) -> Any:
    """The value of argument field ``f`` typed as ``raw``, or ``None`` when it was left empty."""
    if f.widget == "bool":
        if isinstance(raw, bool):
            return raw
        s = _as_text(raw).strip().lower()
        return None if s == "" else (True if s == "true" else False if s == "false" else _as_text(raw).strip())
    s = _as_text(raw)
    if f.widget == "textarea":
        return s if s.strip() else None
    if f.widget == "lines":
        names = [line.strip() for line in s.splitlines() if line.strip()]
        return names or None
    if not s.strip():
        return None
    if f.widget in ("int", "yaml"):
        return _scalar_value(s, fid)
    if f.widget in ("card", "permanent", "text"):
        return _text_value(s, fid)
    return s.strip()  # choice, player


def _more_mapping(text: Any, fid: str, what: str) -> dict[str, Any]:
    s = _as_text(text)
    if not s.strip():
        return {}
    v = _parse_yaml_field(s, fid)
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise FormError(fid, f"{what} must be a YAML mapping of keys (key: value), got {type(v).__name__}")
    return v


def _assemble_entry(e: Any, where: tuple, fid: str, fields: dict[tuple, str]) -> Any:
    """One board entry of the form as a zone entry of the scenario (a bare name when only the card is given),
    or None for an empty row."""
    if not isinstance(e, Mapping):
        raise FormError(fid, "an entry of the board must be an object of fields")
    raw = _as_text(e.get("raw"))
    if raw.strip():  # an entry the builder cannot show field by field, kept as the YAML it was
        fields[where] = fid
        return _parse_yaml_field(raw, fid)
    out: dict[str, Any] = {}
    card = _as_text(e.get("card")).strip()
    if card:
        out["card"] = _text_value(card, fid)
        fields[where + ("card",)] = fid
    for key, kind in ENTRY_FIELDS.items():
        if key == "card" or key in _CHOICE_FIELDS:
            continue
        value = e.get(key)
        kf = f"{fid}:{key}"
        if kind == "bool":
            if value is True:
                out[key] = True
                fields[where + (key,)] = kf
            continue
        s = _as_text(value)
        if not s.strip():
            continue
        out[key] = _parse_yaml_field(s, kf) if kind in ("int", "yaml") else _text_value(s, kf)
        fields[where + (key,)] = kf
    choices = {k: _as_text(e.get(k)).strip() for k in _CHOICE_FIELDS if _as_text(e.get(k)).strip()}
    more = _more_mapping(e.get("more"), f"{fid}:more", "the entry's other options")
    clash = sorted(k for k in more if k in out)
    if clash:
        raise FormError(f"{fid}:more", f"{', '.join(map(str, clash))} is set by the entry's own field; give it once")
    if choices:
        extra = more.pop("choices", None)
        if extra is not None and not isinstance(extra, Mapping):
            raise FormError(f"{fid}:more", "choices must be a mapping (color, creature_type, card_name)")
        merged = dict(extra or {})
        for k, v in choices.items():
            if k in merged:
                raise FormError(f"{fid}:more", f"choices: {k} is set by the entry's own field; give it once")
            merged[k] = v
            fields[where + ("choices", k)] = f"{fid}:{k}"
        out["choices"] = merged
    for k, v in more.items():
        out[k] = v
        fields[where + (k,)] = f"{fid}:more"
    if not out:
        return None
    fields[where] = fid
    if set(out) == {"card"} and isinstance(out["card"], str):
        return out["card"]  # written as a bare name
    return out


#: The order of a scenario's keys in the YAML the page writes (docs/scenarios.md); other keys follow.
KEY_ORDER = ("title", "source", "players", "active", "starting_life", "life", "speed", "player_counters",
             "designations", "pool", "cards") + ZONE_ORDER + ("effects", "turn", "notes", "ask", "expect")


def assemble(form: Mapping[str, Any]) -> Assembled:
    """The scenario mapping a form stands for.

    Raises
    ------
    FormError
        A field that cannot be read (YAML that is not YAML, a ``more`` text that is no mapping or repeats a key
        a field sets), naming the field. Everything else, right or wrong, is put into the scenario as typed, for
        the scenario reader to check and name (its messages are the CLI's).
    """
    if not isinstance(form, Mapping):
        raise FormError("more", "the board must be an object of fields")
    fields: dict[tuple, str] = {}
    more = _more_mapping(form.get("more"), "more", "the scenario's other keys")
    data: dict[str, Any] = {}

    def put(key: str, value: Any, fid: str) -> None:
        if key in more:
            raise FormError("more", f"{key!r} is set by the board builder above; give it once")
        data[key] = value
        fields[(key,)] = fid

    for key in ("title", "source", "active"):
        s = _as_text(form.get(key)).strip()
        if s:
            put(key, s, key)
    players = form.get("players")
    if isinstance(players, list) and players:
        put("players", [_as_text(p).strip() for p in players], "players")
        for i in range(len(players)):
            fields[("players", i)] = "players"
    life = form.get("life") or {}
    if isinstance(life, Mapping):
        lv = {}
        for p, v in life.items():
            s = _as_text(v).strip()
            if s:
                lv[str(p)] = _scalar_value(s, f"life:{p}")
                fields[("life", str(p))] = f"life:{p}"
        if lv:
            put("life", lv, "players")
    zones = form.get("zones") or {}
    if not isinstance(zones, Mapping):
        raise FormError("more", "the board's zones must be an object")
    for zone in ZONE_ORDER:
        by_player = zones.get(zone) or {}
        if not isinstance(by_player, Mapping):
            continue
        zd: dict[str, list] = {}
        for p, entries in by_player.items():
            if not isinstance(entries, list):
                continue
            lst: list[Any] = []
            for i, e in enumerate(entries):
                fid = f"entry:{zone}:{p}:{i}"
                got = _assemble_entry(e, (zone, str(p), len(lst)), fid, fields)
                if got is not None:
                    lst.append(got)
            # a player listed with no entry is kept: the zone is known to be empty (``cast`` then needs the card
            # there, docs/scenarios.md), which is not the same as a zone not listed
            zd[str(p)] = lst
        if zd:
            put(zone, zd, "more")
    step = _as_text(form.get("step")).strip()
    ask = form.get("ask") or {}
    kind = _as_text(ask.get("kind")).strip() if isinstance(ask, Mapping) else ""
    if kind:
        put("ask", {kind: _assemble_args(kind, ask, fields)}, "question")
        fields[("ask", kind)] = "question"
    for k, v in more.items():
        if k == "turn" and step:
            if v is not None and not isinstance(v, Mapping):
                raise FormError("more", "turn must be a mapping (step, number, history) when a step is chosen")
            if isinstance(v, Mapping) and "step" in v:
                raise FormError("more", "turn: step is set by the step field above; give it once")
            v = {"step": step} | dict(v or {})
            fields[("turn", "step")] = "step"
        data[k] = v
        fields[(k,)] = "more"
    if step and "turn" not in data:
        data["turn"] = {"step": step}
        fields[("turn",)] = fields[("turn", "step")] = "step"
    ordered = {k: data[k] for k in KEY_ORDER if k in data}
    ordered.update((k, v) for k, v in data.items() if k not in ordered)
    return Assembled(ordered, fields)


def _assemble_args(kind: str, ask: Mapping[str, Any], fields: dict[tuple, str]) -> Any:
    """The question's argument from its fields: a mapping, or for a ``bare`` kind its one field's value. The
    ``more`` text adds arguments (a mapping), or is the whole argument when it is a single value
    (``could_produce: {card: Forest, controller: Bob}``, ``mana_value: Forest``) and no field is filled."""
    spec = QUESTIONS.get(kind)
    more_text = _as_text(ask.get("more"))
    has_more = bool(more_text.strip())
    more = _parse_yaml_field(more_text, "arg-more") if has_more else None
    got = ask.get("args")
    raw_args: Mapping[str, Any] = got if isinstance(got, Mapping) else {}
    if spec is None:
        return more
    out: dict[str, Any] = {}
    for f in spec.fields:
        v = _field_value(f, raw_args.get(f.key), f"arg:{f.key}")
        if v is not None:
            out[f.key] = v
            if not spec.bare:
                fields[("ask", kind, f.key)] = f"arg:{f.key}"
    if has_more and (spec.bare or not isinstance(more, dict)):
        if out:
            raise FormError("arg-more", f"the other arguments are the whole argument of {kind} ({kind}: VALUE): "
                            "leave the fields above empty, or write them as a mapping of keys")
        return more
    if spec.bare:
        return out.get(spec.fields[0].key)
    for k, v in (more or {}).items():
        if k in out:
            raise FormError("arg-more", f"{k!r} is set by its field above; give it once")
        out[k] = v
        fields[("ask", kind, k)] = "arg-more"
    return out


# ---------------------------------------------------------------------------
# Scenario -> form
# ---------------------------------------------------------------------------


def _scalar_text(v: Any) -> str | None:
    """A scalar as the text that reads back as it (``2`` → "2", ``"2"`` → None: it would read back as a number)."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        return str(v)
    return None


def _text_field(v: Any) -> str | None:
    """The text of a ``text``/``card``/``permanent`` field that reads back as ``v``, or None when none does."""
    if isinstance(v, str):
        s = v.strip()
        return v if s == v and s[:1] not in ("{", "[") and s else None
    if isinstance(v, (dict, list)):
        return _flow(v)
    return None


def _disassemble_entry(e: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(e, str) and _text_field(e) is not None:
        return {"card": e}
    if not isinstance(e, Mapping) or not e:
        return {"card": "", "raw": _flow(e)}
    rest: dict[str, Any] = {}
    for k, v in e.items():
        kind = ENTRY_FIELDS.get(k) if k not in _CHOICE_FIELDS else None
        if kind is None:
            if k == "choices" and isinstance(v, Mapping):
                other = {}
                for ck, cv in v.items():
                    if ck in _CHOICE_FIELDS and isinstance(cv, str) and cv.strip() == cv and cv \
                            and cv[:1] not in ("{", "["):
                        out[ck] = cv
                    else:
                        other[ck] = cv
                if other:
                    rest["choices"] = other
            else:
                rest[k] = v
            continue
        if kind == "bool":
            if v is True:
                out[k] = True
            else:  # false said explicitly is kept as written: "sick: false" with entered_this_turn is an error
                rest[k] = v
            continue
        if kind == "text":
            t = _text_field(v)
        elif kind == "int":
            t = _scalar_text(v)
        else:  # yaml
            t = _flow(v) if isinstance(v, (dict, list)) else _scalar_text(v)
        if t is None:
            rest[k] = v
        else:
            out[k] = t
    if rest:
        out["more"] = _flow(rest)
    out.setdefault("card", "")
    return out


def _arg_text(f: Field, v: Any) -> Any:
    """The field text that reads back as argument value ``v``, or None when the field cannot hold it."""
    if f.widget == "bool":
        return v if isinstance(v, bool) else None
    if f.widget == "textarea":
        return v if isinstance(v, str) and v.strip() else None
    if f.widget == "lines":
        if isinstance(v, list) and v and all(isinstance(x, str) and x.strip() == x and x for x in v):
            return "\n".join(v)
        return None
    if f.widget == "int":
        return _scalar_text(v)
    if f.widget == "yaml":
        if isinstance(v, (dict, list)):
            return _flow(v)
        return _scalar_text(v) if not isinstance(v, bool) else ("true" if v else "false")
    t = _text_field(v)
    return t


def disassemble(data: Any) -> dict[str, Any]:
    """The form of a scenario mapping (what an opened file, an example or a shared URL shows in the builder).

    Whatever the builder has no field for is kept in the ``more`` texts, so ``assemble(disassemble(d))`` asks the
    same question about the same board as ``d`` (tests/test_web_forms.py checks it on every example).
    """
    form = empty_form(())
    if not isinstance(data, Mapping):
        form["more"] = _flow(data) if data is not None else ""
        return form
    rest: dict[str, Any] = {}
    players = data.get("players")
    player_names: list[str] = []
    if isinstance(players, list) and players and all(isinstance(p, str) and p.strip() == p and p for p in players):
        form["players"] = list(players)
        player_names = list(players)
    elif players is not None:
        rest["players"] = players
    for k, v in data.items():
        if k in ("players",):
            continue
        if k in ("title", "source", "active"):
            if isinstance(v, str) and v.strip() == v and v:
                form[k] = v
            else:
                rest[k] = v
        elif k == "life":
            if isinstance(v, Mapping) and all(p in player_names and _scalar_text(x) is not None for p, x in v.items()):
                form["life"] = {p: _scalar_text(x) for p, x in v.items()}
            else:
                rest[k] = v
        elif k in ZONE_ORDER:
            if isinstance(v, Mapping) and all(p in player_names and isinstance(x, list) for p, x in v.items()):
                form["zones"][k] = {p: [_disassemble_entry(e) for e in x] for p, x in v.items()}
            else:
                rest[k] = v
        elif k == "turn":
            if isinstance(v, Mapping) and isinstance(v.get("step"), str) and v["step"].strip() == v["step"] and v["step"]:
                form["step"] = v["step"]
                others = {tk: tv for tk, tv in v.items() if tk != "step"}
                if others:
                    rest["turn"] = others
            else:
                rest[k] = v
        elif k == "ask":
            if isinstance(v, Mapping) and len(v) == 1 and next(iter(v)) in QUESTIONS:
                kind, args = next(iter(v.items()))
                form["ask"] = _disassemble_ask(kind, args)
            else:
                rest[k] = v
        else:
            rest[k] = v
    if rest:
        form["more"] = dump_yaml(rest)
    return form


def _disassemble_ask(kind: str, args: Any) -> dict[str, Any]:
    spec = QUESTIONS[kind]
    out: dict[str, Any] = {"kind": kind, "args": {}, "more": ""}
    if spec.bare:
        f = spec.fields[0]
        t = _arg_text(f, args) if not isinstance(args, (Mapping, list)) else None
        if t is not None:
            out["args"][f.key] = t
        else:
            out["more"] = _flow(args)
        return out
    if not isinstance(args, Mapping):
        # a single value as the whole argument (``mana_value: Forest``): kept as it is, in ``more``
        out["more"] = _flow(args)
        return out
    rest = {}
    by_key = {f.key: f for f in spec.fields}
    for k, v in args.items():
        fd = by_key.get(k)
        t = _arg_text(fd, v) if fd is not None else None
        if t is None:
            rest[k] = v
        else:
            out["args"][k] = t
    if rest:
        out["more"] = _flow(rest)
    return out


# ---------------------------------------------------------------------------
# Lines of the YAML -> form fields
# ---------------------------------------------------------------------------


def line_paths(parsed: Any) -> dict[int, tuple]:
    """Line (from 1) → the path of the deepest value that starts on it, for YAML read by the scenario reader
    (``models.data.scenario.load_yaml``, which remembers the line of every key and list item)."""
    out: dict[int, tuple] = {}

    def walk(v: Any, path: tuple) -> None:
        if isinstance(v, Mapping):
            lines = getattr(v, "key_lines", {})
            for k, x in v.items():
                ln = lines.get(k)
                if ln:
                    out[ln] = path + (k,)
                walk(x, path + (k,))
        elif isinstance(v, list):
            item_lines = getattr(v, "item_lines", [])
            for i, x in enumerate(v):
                if i < len(item_lines):
                    out[item_lines[i]] = path + (i,)
                walk(x, path + (i,))

    walk(parsed, ())
    return out


def field_of(path: tuple, fields: Mapping[tuple, str]) -> str | None:
    """The form field a value at ``path`` came from: that of the path or of its nearest parent recorded."""
    p = tuple(path)
    while p:
        f = fields.get(p)
        if f is not None:
            return f
        p = p[:-1]
    return None


QUESTION_FIELD_KEYS = {kind: tuple(f.key for f in spec.fields) for kind, spec in QUESTIONS.items()}
"""Each kind's argument keys as the form has them (``could_produce`` has one: the permanent)."""


def spec_problems() -> list[str]:
    """Where the forms and the scenario reader disagree: a kind without a form, or a form whose fields are not the
    kind's argument keys (``models.data.scenario.QUESTION_ARGS``). Empty when they agree (a test checks it)."""
    out = [f"question kind {k!r} has no form" for k in QUESTION_KINDS if k not in QUESTIONS]
    out += [f"the form of {k!r} has {keys}, the scenario reader takes {QUESTION_ARGS.get(k)}"
            for k, keys in QUESTION_FIELD_KEYS.items()
            if not QUESTIONS[k].bare and set(keys) != set(QUESTION_ARGS.get(k, ()))]
    return out
