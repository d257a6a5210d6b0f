"""Cards and card faces: the printed facts of a card, as plain frozen data.

A ``Card`` is one Oracle card (CR 108); double-faced, split, adventure, flip and
meld cards carry their ``faces``. Behaviour (abilities) is attached as
``Card.abilities`` from the embedded catalog or the oracle-text parser; see
``models.vocab.abilities``.

References: CR 108 (cards), 200-205 (name, mana cost, colour, type line),
202.3 and 709.4 (mana value of split cards), 903.4 (colour identity).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from mtgcheck.models.game.mana import COLORS, ManaCost, parse_cost

SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host")
CARD_TYPES = (
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
    "Kindred", "Tribal", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery",
    "Vanguard", "Card", "Token", "Emblem", "Hero",
)
#: Card types whose cards are permanents on the battlefield (CR 110.4).
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})
#: Subtypes two words long (CR 205.3b: of creature types only "Time Lord", 205.3m); every other subtype but a
#: plane's is one word.
TWO_WORD_SUBTYPES = frozenset({"Time Lord"})
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
#: Basic land type → the mana its intrinsic ability adds (CR 305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


class CardError(ValueError):
    """Card data that is malformed; the message names the card and the field."""


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A parsed type line (CR 205): ``"Legendary Creature — Elf Druid"``."""

    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str | None) -> "TypeLine":
        """Parse one face's type line; an em dash, ``--`` or `` - `` separates subtypes.

        Each word after the dash is a subtype, except the two-word creature types (CR 205.3b, 205.3m: "Time
        Lord") and a plane's subtype, which is every word after the dash together (205.3b, 205.3n: "Plane —
        New Phyrexia").
        """
        if not text:
            return cls()
        t = text.replace("--", "—").replace(" - ", " — ")
        left, _, right = t.partition("—")
        sup: list[str] = []
        typ: list[str] = []
        for w in left.split():
            if w in SUPERTYPES:
                sup.append(w)
            else:
                typ.append(w)
        words = right.split() if right else []
        if words and "Plane" in typ:
            return cls(tuple(sup), tuple(typ), (" ".join(words),))
        subs: list[str] = []
        i = 0
        while i < len(words):
            pair = " ".join(words[i:i + 2])
            if pair in TWO_WORD_SUBTYPES:
                subs.append(pair)
                i += 2
            else:
                subs.append(words[i])
                i += 1
        return cls(tuple(sup), tuple(typ), tuple(subs))

    def __str__(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def has(self, word: str) -> bool:
        """True if ``word`` is among the supertypes, card types or subtypes (case-sensitive, as printed)."""
        return word in self.types or word in self.supertypes or word in self.subtypes

    @property
    def is_permanent(self) -> bool:
        """Would this be a permanent on the battlefield (CR 110.4)."""
        return any(t in PERMANENT_TYPES for t in self.types)


@dataclass(frozen=True)
class Face:
    """One face of a card (or the whole card for single-faced cards)."""

    name: str
    mana_cost: ManaCost | None = None
    type_line: TypeLine = field(default_factory=TypeLine)
    oracle_text: str = ""
    colors: frozenset[str] | None = None
    color_indicator: frozenset[str] | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None

    @property
    def type_text(self) -> str:
        return str(self.type_line)


@dataclass(frozen=True)
class Card:
    """One Oracle card.

    Fields follow Scryfall's names. ``mana_cost`` is the mana cost of a single-faced
    card or of the front face; ``None`` means *no mana cost* (CR 202.1b), which is
    not ``{0}``. ``faces`` holds every face for multi-faced layouts and is empty for
    normal cards. ``abilities`` is the card's behaviour model (a tuple of
    ``models.vocab.abilities.Ability``) when known, else ``None`` (parse on demand with
    ``models.text.oracle.abilities_of``). ``source`` says where the facts came from:
    ``"catalog"``, ``"scryfall"``, ``"mtgjson"`` or ``"scenario"``.
    """

    name: str
    mana_cost: ManaCost | None = None
    type_line: TypeLine = field(default_factory=TypeLine)
    oracle_text: str = ""
    colors: frozenset[str] = frozenset()
    color_identity: frozenset[str] = frozenset()
    color_indicator: frozenset[str] | None = None
    keywords: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    layout: str = "normal"
    faces: tuple[Face, ...] = ()
    legalities: Mapping[str, str] = field(default_factory=dict)
    abilities: tuple | None = None
    source: str = "catalog"
    notes: tuple[str, ...] = ()

    # ---- derived facts ---------------------------------------------------
    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.faces) if self.faces else (self.name,)

    @property
    def front(self) -> Face:
        """The front face (or the card itself as a face)."""
        if self.faces:
            return self.faces[0]
        return Face(self.name, self.mana_cost, self.type_line, self.oracle_text, self.colors,
                    self.color_indicator, self.power, self.toughness, self.loyalty)

    @property
    def is_split(self) -> bool:
        return self.layout in ("split", "aftermath")

    def mana_value(self, x: int = 0) -> int:
        """Mana value outside the stack (CR 202.3); X counts ``x`` (0 off the stack, CR 107.3i).

        A split card's mana value is the total of its halves' (CR 709.4, 202.3c);
        other multi-faced cards use the front face (CR 712.8a). A card with no mana cost has mana value 0.
        """
        if self.is_split and self.faces:
            return sum(f.mana_cost.mana_value(x) for f in self.faces if f.mana_cost is not None)
        cost = self.mana_cost if self.mana_cost is not None or not self.faces else self.faces[0].mana_cost
        return cost.mana_value(x) if cost is not None else 0

    @property
    def all_types(self) -> frozenset[str]:
        """Card types of every face."""
        out = set(self.type_line.types)
        for f in self.faces:
            out |= set(f.type_line.types)
        return frozenset(out)

    def is_type(self, t: str) -> bool:
        """Card type, supertype or subtype of the front face (``"Creature"``, ``"Basic"``, ``"Forest"``)."""
        # the front face's type line, without building the stand-in face ``front`` makes for a one-faced card
        return (self.faces[0].type_line if self.faces else self.type_line).has(t)

    @property
    def is_permanent_card(self) -> bool:
        """A card that would be a permanent on the battlefield (CR 110.4b): front face's types."""
        return self.front.type_line.is_permanent

    @property
    def full_oracle_text(self) -> str:
        if self.faces:
            return "\n//\n".join(f.oracle_text for f in self.faces)
        return self.oracle_text

    def with_abilities(self, abilities: tuple) -> "Card":
        return replace(self, abilities=abilities)


_REMINDER_RE = re.compile(r"\([^()]*\)")
_SYM_IN_TEXT = re.compile(r"\{([^{}]+)\}")


def strip_reminder_text(text: str) -> str:
    """Remove parenthesised reminder text (CR 207.2), which is ignored for colour identity (903.4)."""
    prev = None
    while prev != text:
        prev, text = text, _REMINDER_RE.sub("", text)
    return text


_ALL_COLORS_RE = re.compile(r"^[^.]* is all colors\.$")


def _half_symbol_colors(cost: ManaCost) -> set[str]:
    """Colours of half-mana symbols such as {HW} in a cost (CR 107.4; 903.4)."""
    return {s.text[1] for s in cost if len(s.text) == 2 and s.text[0] == "H" and s.text[1] in COLORS}


def compute_color_identity(card: Card) -> frozenset[str]:
    """Colour identity (CR 903.4): colours of mana symbols in costs and rules text of every face,
    colour indicators and defined colours; reminder text ignored; hybrid symbols count every colour.
    """
    out: set[str] = set()
    faces = card.faces or (card.front,)
    for f in faces:
        if f.mana_cost is not None:
            out |= f.mana_cost.colors | _half_symbol_colors(f.mana_cost)
        text = strip_reminder_text(f.oracle_text or "")
        for m in _SYM_IN_TEXT.finditer(text):
            sym = m.group(1).upper()
            out |= {p for p in sym.split("/") if p in COLORS}
            if len(sym) == 2 and sym[0] == "H" and sym[1] in COLORS:  # half mana {HW} (CR 107.4)
                out.add(sym[1])
        if f.color_indicator:
            out |= set(f.color_indicator)
        # a characteristic-defining ability "NAME is all colors." (CR 604.3, 903.4), unless it says
        # it does not affect colour identity (Fallaji Wayfarer)
        for line in text.split("\n"):
            if _ALL_COLORS_RE.match(line.strip()) and "color identity" not in line:
                out |= set(COLORS)
    if card.mana_cost is not None:
        out |= card.mana_cost.colors | _half_symbol_colors(card.mana_cost)
    if card.color_indicator:
        out |= set(card.color_indicator)
    return frozenset(out)


def _fs(x: Any) -> frozenset[str] | None:
    if x is None:
        return None
    return frozenset(str(c).upper() for c in x)


_TEXT_FIELDS = ("mana_cost", "type_line", "oracle_text", "layout")
_NUMBER_FIELDS = ("power", "toughness", "loyalty", "defense")
_LIST_FIELDS = ("colors", "color_identity", "color_indicator", "keywords", "card_faces")


#: Longest card name looked up or fuzzy-matched (longest real English name: about 140 characters).
MAX_NAME = 200
#: Longest card text read from card data or a scenario's ``cards:`` (oracle text, type line, mana cost; the
#: longest real oracle text has about 1,500 characters): longer text is never handed to the text readers.
MAX_CARD_TEXT = 20_000


def _short(v: Any, n: int = 80) -> str:
    s = repr(v)
    return s if len(s) <= n else s[: n - 1] + "…"


def _check_field_types(d: Mapping[str, Any], name: str) -> None:
    """Raise ``CardError`` naming the card and field when a field has the wrong kind of value or a length no
    card has (a name of more than ``MAX_NAME`` characters, a text of more than
    ``MAX_CARD_TEXT``: such text is never handed to the rules-text readers)."""
    if len(name) > MAX_NAME:
        raise CardError(f"card {name[:60]!r}…: a name of {len(name):,} characters; the longest card name has 141 "
                        f"(mtgcheck reads names of at most {MAX_NAME})")
    for k in _TEXT_FIELDS:
        if d.get(k) is not None and not isinstance(d[k], str):
            raise CardError(f"card {name!r}: {k} must be text, got {_short(d[k])}")
        if d.get(k) is not None and len(d[k]) > MAX_CARD_TEXT:
            raise CardError(f"card {name!r}: {k} of {len(d[k]):,} characters; the longest card text has about "
                            f"1,500 (mtgcheck reads at most {MAX_CARD_TEXT:,})")
    for k in _NUMBER_FIELDS:
        if d.get(k) is not None and (isinstance(d[k], bool) or not isinstance(d[k], (str, int))):
            raise CardError(f"card {name!r}: {k} must be a number or text such as \"*\", got {_short(d[k])}")
    for k in _LIST_FIELDS:
        if d.get(k) is not None and not isinstance(d[k], (list, tuple)):
            raise CardError(f"card {name!r}: {k} must be a list, got {_short(d[k])}")
    for i, f in enumerate(d.get("card_faces") or ()):
        if not isinstance(f, Mapping):
            raise CardError(f"card {name!r}: face {i + 1} must be a mapping of fields, got {_short(f)}")
        if "name" in f and not (isinstance(f["name"], str) and f["name"].strip()):
            raise CardError(f"card {name!r}: face {i + 1}'s name must be text, got {_short(f['name'])}")
        _check_field_types(dict(f, name=f.get("name") or name), name)
    if d.get("legalities") is not None and not isinstance(d["legalities"], Mapping):
        raise CardError(f"card {name!r}: legalities must map formats to legal/banned/..., got {d['legalities']!r}")


def card_from_fields(d: Mapping[str, Any], *, source: str = "scryfall") -> Card:
    """Build a ``Card`` from a mapping with Scryfall field names.

    Used by the importers and by scenario ``cards:`` definitions. Raises ``CardError``
    naming the card when a field is malformed (e.g. an unparseable ``mana_cost``).
    """
    name = d.get("name")
    if not name or not isinstance(name, str):
        raise CardError("card record has no name")
    _check_field_types(d, name)
    try:
        faces: list[Face] = []
        for fd in d.get("card_faces") or ():
            faces.append(Face(
                name=fd.get("name", name),
                mana_cost=parse_cost(fd.get("mana_cost")),
                type_line=TypeLine.parse(fd.get("type_line")),
                oracle_text=fd.get("oracle_text") or "",
                colors=_fs(fd.get("colors")),
                color_indicator=_fs(fd.get("color_indicator")),
                power=fd.get("power"),
                toughness=fd.get("toughness"),
                loyalty=fd.get("loyalty"),
                defense=fd.get("defense"),
            ))
        layout = d.get("layout") or "normal"
        mana_cost = d.get("mana_cost")
        if faces and not mana_cost:
            mc = faces[0].mana_cost
        elif faces and " // " in (mana_cost or ""):
            # split, aftermath, adventure, flip...: Scryfall joins the faces' costs with " // "
            mc = faces[0].mana_cost
        else:
            mc = parse_cost(mana_cost)
        type_text = d.get("type_line") or (faces[0].type_text if faces else "")
        front_type = type_text.split(" // ")[0]
        colors = _fs(d.get("colors"))
        if colors is None:  # not given: from the mana cost and colour indicator (CR 202.2, 204)
            if faces:
                colors = frozenset().union(*[
                    (f.colors if f.colors is not None else
                     (f.mana_cost.colors if f.mana_cost else frozenset()) | (f.color_indicator or frozenset()))
                    for f in faces[:1 if layout in ("transform", "modal_dfc", "meld") else None]])
            else:
                colors = (mc.colors if mc else frozenset()) | (_fs(d.get("color_indicator")) or frozenset())
            if any(str(k).lower() == "devoid" for k in d.get("keywords") or ()) or re.match(
                    r"(?i)devoid\b", str(d.get("oracle_text") or "")):
                colors = frozenset()  # devoid: colourless in every zone (CR 702.114a, a characteristic-defining ability)
        oracle = d.get("oracle_text")
        if oracle is None and faces:
            oracle = faces[0].oracle_text
        card = Card(
            name=name,
            mana_cost=mc,
            type_line=TypeLine.parse(front_type),
            oracle_text=oracle or "",
            colors=colors,
            color_identity=_fs(d.get("color_identity")) or frozenset(),
            color_indicator=_fs(d.get("color_indicator")),
            keywords=tuple(d.get("keywords") or ()),
            power=d.get("power") if d.get("power") is not None else (faces[0].power if faces else None),
            toughness=d.get("toughness") if d.get("toughness") is not None else (faces[0].toughness if faces else None),
            loyalty=d.get("loyalty"),
            layout=layout,
            faces=tuple(faces),
            legalities=dict(d.get("legalities") or {}),
            source=source,
        )
    except ValueError as e:  # ManaError is a ValueError
        raise CardError(f"card {name!r}: {e}") from None
    if d.get("color_identity") is None:
        card = replace(card, color_identity=compute_color_identity(card))
    return card
