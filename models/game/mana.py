"""Mana types, mana symbols, mana costs and mana pools.

Plain data and parsing only; nothing here searches.

References: CR 106 (mana), 107.3 (X), 107.4 (mana symbols), 107.5/107.6 ({T}, {Q}),
202 (mana cost and mana value), 709.4 (split cards).
"""
from __future__ import annotations

import functools

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Iterator, Mapping

#: The five colours in WUBRG order (CR 105.1).
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
#: The six types of mana (CR 106.1): the five colours and colorless.
MANA_TYPES: tuple[str, ...] = ("W", "U", "B", "R", "G", "C")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
NAME_TO_COLOR = {v: k for k, v in COLOR_NAMES.items()}


class ManaError(ValueError):
    """A mana string that cannot be parsed, with the offending text in the message."""


def _color_index(c: str) -> int:
    return COLORS.index(c)


@lru_cache(maxsize=64)
def color_order(colors: frozenset[str]) -> tuple[str, ...]:
    """Order a set of colours as printed on cards.

    Allied pairs and three-colour "shards" go clockwise around the colour wheel
    (``{G}{W}``, ``{G}{W}{U}``); enemy pairs and "wedges" step by two from the colour
    that starts the shortest such run (``{W}{B}``, ``{R}{W}``, ``{W}{B}{G}``); four
    colours start after the missing one (``{U}{B}{R}{G}``).

    Parameters
    ----------
    colors : frozenset of str, a subset of ``COLORS``.

    Returns
    -------
    tuple of str, every colour once, in printed order.
    """
    cs = sorted(colors, key=_color_index)
    n = len(cs)
    if n <= 1:
        return tuple(cs)
    if n == 5:
        return COLORS
    idx = {_color_index(c) for c in cs}
    if n == 4:
        missing = ({0, 1, 2, 3, 4} - idx).pop()
        return tuple(COLORS[(missing + 1 + k) % 5] for k in range(4))
    # n == 2 or 3: try consecutive runs (step 1), then step-2 runs.
    for step in (1, 2):
        for start in range(5):
            run = [(start + step * k) % 5 for k in range(n)]
            if set(run) == idx:
                return tuple(COLORS[i] for i in run)
    return tuple(cs)  # unreachable for valid colours


_SYMBOL_RE = re.compile(r"\{([^{}]*)\}")
_GENERIC_RE = re.compile(r"^\d+$")


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One symbol of a cost, such as ``{2}``, ``{W/U}`` or ``{B/P}`` (CR 107.4).

    ``text`` is the symbol without braces, upper case (``"2/W"``, ``"W/U/P"``, ``"T"``).
    """

    text: str

    # ---- classification -------------------------------------------------
    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.text.split("/"))

    @property
    def is_generic(self) -> bool:
        """A number: generic mana (CR 107.4b)."""
        return bool(_GENERIC_RE.match(self.text))

    @property
    def generic_amount(self) -> int:
        return int(self.text) if self.is_generic else 0

    @property
    def is_variable(self) -> bool:
        """``{X}``, ``{Y}`` or ``{Z}`` (CR 107.3)."""
        return self.text in ("X", "Y", "Z")

    @property
    def is_tap(self) -> bool:
        return self.text == "T"

    @property
    def is_untap(self) -> bool:
        return self.text == "Q"

    @property
    def is_snow(self) -> bool:
        """``{S}``: one mana from a snow source (CR 107.4h)."""
        return self.text == "S"

    @property
    def is_colorless(self) -> bool:
        """``{C}``: one colorless mana, not generic (CR 107.4c)."""
        return self.text == "C"

    @property
    def is_phyrexian(self) -> bool:
        """``{W/P}`` or ``{W/U/P}``: payable with the mana or 2 life (CR 107.4f)."""
        return len(self.parts) >= 2 and self.parts[-1] == "P"

    @property
    def is_hybrid(self) -> bool:
        """Two mana components joined by a slash (``{W/U}``, ``{2/W}``, ``{C/W}``, ``{W/U/P}``), CR 107.4e."""
        p = [x for x in self.parts if x != "P"]
        return len(p) == 2

    @property
    def is_monocolored_hybrid(self) -> bool:
        """``{2/W}``: pay {W} or two generic (CR 107.4e)."""
        return self.is_hybrid and self.parts[0].isdigit()

    @property
    def is_mana(self) -> bool:
        """A mana symbol (everything but {T}, {Q}, {E} and the like)."""
        return not (self.is_tap or self.is_untap or self.text in ("E", "A", "TK", "CHAOS", "PW", "H", "D"))

    @property
    def colors(self) -> frozenset[str]:
        """The colours of this symbol (CR 105.2, 107.4): hybrid symbols have every component colour."""
        return frozenset(p for p in self.parts if p in COLORS)

    def options(self) -> tuple[tuple[str, ...], ...]:
        """The ways to pay this one symbol, each a tuple of unit requirements.

        A unit requirement is a mana type (``"W"``…``"C"``), ``"1"`` (one generic
        mana), ``"S"`` (one mana from a snow source) or ``"2life"`` (CR 107.4f).
        ``{X}`` has no fixed options and raises ``ManaError``.
        """
        if self.is_variable:
            raise ManaError(f"{{{self.text}}} has no fixed payment; choose X first (CR 107.3)")
        if self.is_generic:
            return (("1",) * self.generic_amount,)
        if self.text in MANA_TYPES or self.is_snow:
            return ((self.text,),)
        opts: list[tuple[str, ...]] = []
        for p in self.parts:
            if p == "P":
                opts.append(("2life",))
            elif p.isdigit():
                opts.append(("1",) * int(p))
            elif p in MANA_TYPES:
                opts.append((p,))
        if not opts:
            raise ManaError(f"{{{self.text}}} is not a mana symbol that can be paid")
        return tuple(opts)

    def mana_value(self, x: int = 0) -> int:
        """Contribution to mana value (CR 202.3): hybrid counts its largest component; X counts ``x``."""
        if self.is_variable:
            return x
        if self.is_generic:
            return int(self.text)
        if not self.is_mana:
            return 0
        best = 0
        for p in self.parts:
            if p.isdigit():
                best = max(best, int(p))
            elif p in MANA_TYPES or p in ("S", "L"):
                best = max(best, 1)
        return best

    def __str__(self) -> str:
        return "{" + self.text + "}"


#: Single-letter symbols besides the mana types: P (Phyrexian part), S (snow), X/Y/Z, T/Q (tap/untap),
#: E (energy), H, A (acorn), D (Un-set "land drop", mana value 0), L (Un-set "legendary mana", mana value 1).
_VALID_PART = set(MANA_TYPES) | {"P", "S", "X", "Y", "Z", "T", "Q", "E", "H", "A", "D", "L"}


#: Most digits of a generic mana symbol ({1000000}, Gleemax, has 7).
MAX_GENERIC_DIGITS = 7


@lru_cache(maxsize=4096)
def parse_symbol(text: str) -> ManaSymbol:
    """Parse the inside of one ``{...}`` symbol; raises ``ManaError`` on an unknown symbol."""
    t = text.strip().upper()
    if not t:
        raise ManaError("empty symbol {}")
    if _GENERIC_RE.match(t):
        if len(t.lstrip("0")) > MAX_GENERIC_DIGITS:
            raise ManaError(f"a generic mana symbol of {len(t)} digits; mtgcheck reads at most {MAX_GENERIC_DIGITS} "
                            "(the largest printed is {1000000}, Gleemax)")
        return ManaSymbol(str(int(t)))
    if t in ("½", "HW", "HR", "∞", "100", "1000000"):
        return ManaSymbol(t)
    parts = t.split("/")
    mana_part = set(MANA_TYPES)
    ok = False
    if len(parts) == 1:
        ok = t in _VALID_PART
    elif len(parts) == 2:
        a, b = parts
        ok = (a in mana_part or a.isdigit()) and (b in COLORS or b == "P") and a != b
    elif len(parts) == 3:
        ok = parts[0] in COLORS and parts[1] in COLORS and parts[2] == "P" and parts[0] != parts[1]
    if not ok:
        raise ManaError(f"unknown mana symbol {{{text}}}")
    return ManaSymbol(t)


def _symbol_sort_key(sym: ManaSymbol, order: tuple[str, ...]) -> tuple:
    if sym.is_variable:
        return (0, "XYZ".index(sym.text), 0.0)
    if sym.is_generic:
        return (1, 0, 0.0)
    if sym.is_colorless:
        return (2, 0, 0.0)
    if sym.is_snow:
        return (3, 0, 0.0)
    cols = [order.index(c) for c in sym.colors if c in order]
    if not cols:  # {C/P}-like oddities
        return (4, 0, 0.0)
    return (5, 0, sum(cols) / len(cols))


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost or any other string of mana symbols, in the order given.

    ``ManaCost.parse("{2}{W/U}{B/P}")``; ``str(cost)`` gives back the same text
    (round trip). ``canonical()`` returns the cost in the order printed on cards with
    generic mana summed into one symbol. An empty ``ManaCost`` is a cost of {0}
    written as nothing; a card with *no* mana cost is represented by ``None`` (CR 202.1b).
    """

    symbols: tuple[ManaSymbol, ...] = ()

    @classmethod
    def parse(cls, text: str | None) -> "ManaCost":
        """Parse a string of ``{..}`` symbols; raises ``ManaError`` naming the bad part."""
        if text is None:
            raise ManaError("no mana cost given")
        s = str(text).strip()
        pos = 0
        syms: list[ManaSymbol] = []
        for m in _SYMBOL_RE.finditer(s):
            gap = s[pos:m.start()].strip()
            if gap:
                raise ManaError(f"unexpected text {gap!r} in mana string {s!r} (symbols are written in braces, e.g. {{2}}{{W}})")
            syms.append(parse_symbol(m.group(1)))
            pos = m.end()
        rest = s[pos:].strip()
        if rest:
            raise ManaError(f"unexpected text {rest!r} in mana string {s!r} (symbols are written in braces, e.g. {{2}}{{W}})")
        return cls(tuple(syms))

    def __str__(self) -> str:
        return "".join(str(s) for s in self.symbols)

    def __iter__(self) -> Iterator[ManaSymbol]:
        return iter(self.symbols)

    def __len__(self) -> int:
        return len(self.symbols)

    def __add__(self, other: "ManaCost") -> "ManaCost":
        return ManaCost(self.symbols + other.symbols)

    # ---- measures ---------------------------------------------------------
    def mana_value(self, x: int = 0) -> int:
        """Mana value (CR 202.3): X counts ``x`` (0 except on the stack, CR 107.3i)."""
        return sum(s.mana_value(x) for s in self.symbols)

    @property
    def generic(self) -> int:
        """Total generic mana (the numbers), X not included."""
        return sum(s.generic_amount for s in self.symbols)

    @property
    def x_count(self) -> int:
        """How many ``{X}`` symbols the cost has (``{X}{X}{R}`` → 2)."""
        return sum(1 for s in self.symbols if s.text == "X")

    @property
    def has_x(self) -> bool:
        return any(s.is_variable for s in self.symbols)

    @property
    def colors(self) -> frozenset[str]:
        """Colours of the symbols (CR 202.2)."""
        out: set[str] = set()
        for s in self.symbols:
            out |= s.colors
        return frozenset(out)

    @property
    def mana_symbols(self) -> tuple[ManaSymbol, ...]:
        return tuple(s for s in self.symbols if s.is_mana)

    def with_x(self, x: int) -> "ManaCost":
        """Replace each ``{X}`` by generic ``{x}`` (CR 107.3a; 601.2f: X is chosen first)."""
        out: list[ManaSymbol] = []
        for s in self.symbols:
            if s.text == "X":
                if x:
                    out.append(ManaSymbol(str(x)))
            else:
                out.append(s)
        return ManaCost(tuple(out))

    def canonical(self) -> "ManaCost":
        """Same cost in printed order: X, generic (summed), {C}, {S}, then coloured and hybrid symbols by colour."""
        generic = self.generic
        others = [s for s in self.symbols if not s.is_generic]
        order = color_order(self.colors)
        others.sort(key=lambda s: _symbol_sort_key(s, order))
        syms: list[ManaSymbol] = []
        var = [s for s in others if s.is_variable]
        rest = [s for s in others if not s.is_variable]
        syms.extend(var)
        if generic or not rest and not var and self.symbols:
            syms.append(ManaSymbol(str(generic)))
        syms.extend(rest)
        return ManaCost(tuple(syms))


def parse_cost(text: str | None) -> ManaCost | None:
    """Parse a card's mana cost; ``None`` or ``""`` means the card has no mana cost (CR 202.1b)."""
    if text is None or str(text).strip() == "":
        return None
    return ManaCost.parse(text)


# ---------------------------------------------------------------------------
# Mana and mana pools
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mana:
    """One mana in a pool: its type (CR 106.1), and what it carries.

    ``restriction`` is a short machine-readable spend restriction or rider
    (e.g. ``"creature_spell"``, ``"artifact"``), ``snow`` says it came from a snow
    source (CR 107.4h), ``source`` names the permanent it came from when known.
    """

    type: str
    restriction: str | None = None
    snow: bool = False
    source: str | None = None

    def __post_init__(self) -> None:
        if self.type not in MANA_TYPES:
            raise ManaError(f"mana of undefined type {self.type!r} (CR 106.7: none is produced)")


@dataclass(frozen=True)
class ManaPool:
    """A mana pool: how many mana of each kind (CR 106.4).

    ``counts`` maps ``Mana`` (type plus carried restrictions) to a positive count.
    ``ManaPool.parse("{R}{R}{C}")``; ``str(pool)`` is canonical: WUBRG then C,
    restricted mana marked ``{G:creature_spell}``, and ``ManaPool.parse`` reads that back
    (``ManaPool.parse(str(pool)) == pool`` when no mana is snow or names its source).
    """

    counts: Mapping[Mana, int] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> "ManaPool":
        """Parse ``"{R}{R}{C}"`` or the canonical notation with restrictions, ``"{G:creature_spell}{G}"``
        (the restriction code after ``:``, as ``format_pool`` writes it). Types only: generic numbers are
        not mana and raise ``ManaError``, as does any other text."""
        c: Counter[Mana] = Counter()
        s = str(text).strip()
        pos = 0
        for m in _SYMBOL_RE.finditer(s):
            gap = s[pos:m.start()].strip()
            if gap:
                raise ManaError(f"unexpected text {gap!r} in mana pool {s!r} (mana is written in braces, e.g. {{R}}{{G:creature_spell}})")
            pos = m.end()
            inner, colon, restriction = m.group(1).partition(":")
            sym = parse_symbol(inner)
            if sym.text not in MANA_TYPES:
                raise ManaError(f"{sym} is not a type of mana; a pool holds {{W}} {{U}} {{B}} {{R}} {{G}} {{C}} (CR 106.1)")
            restriction = restriction.strip()
            if colon and not restriction:
                raise ManaError(f"{{{m.group(1)}}}: a restriction code is expected after ':' (e.g. {{G:creature_spell}})")
            c[Mana(sym.text, restriction or None)] += 1
        rest = s[pos:].strip()
        if rest:
            raise ManaError(f"unexpected text {rest!r} in mana pool {s!r} (mana is written in braces, e.g. {{R}}{{G:creature_spell}})")
        return cls(dict(c))

    @classmethod
    def of(cls, mana: Iterable[Mana | str]) -> "ManaPool":
        c: Counter[Mana] = Counter()
        for m in mana:
            c[m if isinstance(m, Mana) else Mana(m)] += 1
        return cls(dict(c))

    def total(self) -> int:
        return sum(self.counts.values())

    def by_type(self) -> dict[str, int]:
        """Counts per mana type, restrictions ignored."""
        out: dict[str, int] = {}
        for m, n in self.counts.items():
            out[m.type] = out.get(m.type, 0) + n
        return out

    def units(self) -> list[Mana]:
        out: list[Mana] = []
        for m in sorted(self.counts, key=_mana_key):
            out.extend([m] * self.counts[m])
        return out

    def __add__(self, other: "ManaPool") -> "ManaPool":
        c = Counter(self.counts)
        c.update(other.counts)
        return ManaPool(dict(c))

    def __str__(self) -> str:
        return format_pool(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ManaPool) and {k: v for k, v in self.counts.items() if v} == {
            k: v for k, v in other.counts.items() if v
        }

    def __hash__(self) -> int:
        return hash(frozenset((k, v) for k, v in self.counts.items() if v))


def _mana_key(m: Mana) -> tuple:
    return (MANA_TYPES.index(m.type), m.restriction or "", m.snow)


def mana_token(type_: str, restriction: str | None = None) -> str:
    """The notation of one mana: ``{G}``, or ``{G:creature_spell}`` for restricted mana (read back by
    ``ManaPool.parse``)."""
    return "{" + type_ + (":" + restriction if restriction else "") + "}"


def format_pool(pool: ManaPool | Mapping[str, int]) -> str:
    """Canonical notation of a pool: ``{W}{U}{B}{R}{G}`` order then ``{C}``, restricted mana after the
    unrestricted mana of its type (``{G}{G:creature_spell}``); ``""`` for an empty pool.
    ``ManaPool.parse`` reads it back."""
    if isinstance(pool, ManaPool):
        return "".join(mana_token(m.type, m.restriction) for m in pool.units())
    return "".join(("{" + t + "}") * int(pool.get(t, 0)) for t in MANA_TYPES)


def parse_types(items: Iterable[str] | str) -> list[str]:
    """Parse a list of mana types given as ``["W", "U"]``, ``"WU"``, ``"{W}{U}"`` or colour names.

    Returns the types in W U B R G C order, each once. Raises ``ManaError`` for an unknown type.
    """
    if isinstance(items, str):
        s = items.strip()
        if "{" in s:
            items = [sym.text for sym in ManaCost.parse(s)]
        elif s.lower() in NAME_TO_COLOR:
            items = [s]
        else:
            items = list(s.replace(",", "").replace(" ", ""))
    out: set[str] = set()
    for it in items:
        t = str(it).strip().strip("{}")
        t = NAME_TO_COLOR.get(t.lower(), t.upper())
        if t not in MANA_TYPES:
            raise ManaError(f"unknown mana type {it!r}; types are W U B R G C (CR 106.1)")
        out.add(t)
    return [t for t in MANA_TYPES if t in out]


@functools.lru_cache(maxsize=4096)
def _added_types(s: str) -> tuple[str, ...]:
    out: list[str] = []
    for sym in ManaCost.parse(s):
        if sym.text in MANA_TYPES:
            out.append(sym.text)
        elif sym.is_generic:
            out.extend(["C"] * sym.generic_amount)  # CR 106.10
        elif sym.is_snow:
            out.append("C")  # CR 106.11
        else:
            raise ManaError(f"{sym} is not mana an effect can add (CR 106.1, 106.10, 106.11)")
    return tuple(out)


def added_types(s: str) -> list[str]:
    """The types of mana an "Add {R}{2}" effect adds, in the order written: a type adds itself, a generic
    number adds that much {C} (CR 106.10), {S} adds {C} (CR 106.11). The one reader of fixed mana to add.
    Raises ``ManaError`` (a ``ValueError``) for anything else."""
    return list(_added_types(str(s)))


# ---------------------------------------------------------------------------
# Spend restrictions with an "or" half (CR 106.6): "Spend this mana only to cast [kind] spells or activate abilities
# of [kind]s"
# ---------------------------------------------------------------------------

#: The prefixes of the restriction codes of that class: abilities of sources of the same kind (``of``), or any
#: activated ability (``any``: "to cast an artifact spell or activate an ability", CR 602.1).
CAST_OR_ACTIVATE = {"of": "cast_or_activate:", "any": "cast_or_activate_any:"}


def cast_or_activate_code(kinds: Iterable[str], abilities: str) -> str:
    """The restriction code of "Spend this mana only to cast [kinds] spells or activate abilities of [kinds]"
    (``abilities="of"``) or "... or activate an ability" (``"any"``). ``kinds``: card types or subtypes as the
    rules spell them ("Creature", "Dragon", "Time Lord"), or ``"colorless"``; an object of any of them counts."""
    return CAST_OR_ACTIVATE[abilities] + "|".join(kinds)


def read_cast_or_activate(code: str | None) -> tuple[tuple[str, ...], str] | None:
    """``(kinds, abilities)`` of a ``cast_or_activate_code``, else ``None``."""
    if not code:
        return None
    for how, prefix in CAST_OR_ACTIVATE.items():
        if code.startswith(prefix):
            return tuple(k for k in code[len(prefix):].split("|") if k), how
    return None
