"""Format definitions as data: one YAML file per format in ``models/data/formats/``.

A format says how big a deck is, how many copies of a card it may hold, which key of
the card data's ``legalities`` decides banned / restricted / not legal, and which
extra checks apply (commander, colour identity, companion). ``load_format`` finds a
format by name or alias, or reads a user's own YAML file given by path; the folder
named by the environment variable ``MTGCHECK_FORMATS`` is searched too.

Keys of a format file::

    name: modern              # required; the key used on the command line
    title: Modern             # shown in reports
    aliases: [..]             # other names
    legality: modern          # key of the card data's legalities; null: every card is legal
    min_main: 60              # minimum main deck size (CR 100.2a; 40 in limited, 100.2b)
    max_main: null            # maximum (Commander: 100 including the commander, 903.5a)
    max_side: 15              # sideboard size limit (CR 100.4a); null: no limit; 0: no sideboard
    copy_limit: 4             # copies of a card by English name across deck and sideboard
                              # (100.2a, 100.4a); 1: singleton (903.5b); null: no limit (100.2b)
    commander:                # present for Commander-style formats (903)
      count: [1, 2]           # how many commanders (two only through a partner ability, 702.124)
      eligible: [creature, vehicle, spacecraft]   # which legendary cards may lead (903.3, 903.12c)
      deck_includes_commander: true
      colorless_basics: false # 903.12e (Brawl)
      signature_spell: false  # Oathbreaker
    checks: [color_identity, commander, companion]
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from mtgcheck.models.data.inputs import confined, InputError, load_yaml_limited, read_text


__all__ = ["Format", "FormatError", "load_format", "available_formats", "FORMATS_DIR", "ENV_VAR"]

FORMATS_DIR = Path(__file__).with_name("formats")
#: Environment variable naming a folder of extra format files.
ENV_VAR = "MTGCHECK_FORMATS"
_KEYS = {"name", "title", "aliases", "legality", "min_main", "max_main", "max_side", "copy_limit", "commander",
         "checks", "notes"}
_COMMANDER_KEYS = {"count", "eligible", "deck_includes_commander", "colorless_basics", "signature_spell"}
_ELIGIBLE = {"creature", "vehicle", "spacecraft", "planeswalker"}
_CHECKS = {"color_identity", "commander", "companion"}


class FormatError(ValueError):
    """A format that cannot be found or a format file that is malformed; names the file and key."""


@dataclass(frozen=True)
class Format:
    """One format's deck-construction rules (see the module docstring for the meaning of each field)."""

    name: str
    title: str = ""
    aliases: tuple[str, ...] = ()
    legality: str | None = None
    min_main: int = 60
    max_main: int | None = None
    max_side: int | None = 15
    copy_limit: int | None = 4
    commander_count: tuple[int, int] | None = None
    commander_eligible: frozenset[str] = frozenset()
    deck_includes_commander: bool = True
    colorless_basics: bool = False
    signature_spell: bool = False
    checks: frozenset[str] = frozenset()
    source: str = ""
    notes: str = ""

    @property
    def is_commander(self) -> bool:
        """A Commander-style format (CR 903): the deck is led by one or two commanders."""
        return self.commander_count is not None

    @property
    def singleton(self) -> bool:
        return self.copy_limit == 1

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "name": self.name, "title": self.title, "legality": self.legality, "min_main": self.min_main,
            "max_main": self.max_main, "max_side": self.max_side, "copy_limit": self.copy_limit,
            "commander_count": list(self.commander_count) if self.commander_count else None,
            "checks": sorted(self.checks), "source": self.source,
        }


def _int_or_none(d: dict, key: str, default: Any, where: str, minimum: int = 0) -> int | None:
    v = d.get(key, default)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
        raise FormatError(f"{where}: {key!r} must be a whole number of at least {minimum} or null, got {v!r}")
    return v


def format_from_dict(d: Any, source: str = "<data>") -> Format:
    """Build a ``Format`` from a mapping (a format file's content).

    Raises
    ------
    FormatError
        Unknown keys, wrong types, or an unknown check / eligibility kind (the message names ``source``).
    """
    if not isinstance(d, dict):
        raise FormatError(f"{source}: a format file holds a mapping (name, legality, min_main, ...)")
    extra = set(d) - _KEYS
    if extra:
        raise FormatError(f"{source}: unknown key(s) {sorted(extra)}; keys are {', '.join(sorted(_KEYS))}")
    name = d.get("name")
    if not isinstance(name, str) or not name.strip():
        raise FormatError(f"{source}: 'name' is required")
    legality = d.get("legality")
    if legality is not None and not isinstance(legality, str):
        raise FormatError(f"{source}: 'legality' must be a key of the card data's legalities or null")
    aliases = d.get("aliases") or []
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise FormatError(f"{source}: 'aliases' must be a list of names")
    checks = d.get("checks") or []
    if not isinstance(checks, list) or not set(checks) <= _CHECKS:
        raise FormatError(f"{source}: 'checks' must be a list drawn from {sorted(_CHECKS)}, got {checks!r}")
    cmd = d.get("commander")
    count = None
    eligible: frozenset[str] = frozenset()
    includes, colorless_basics, signature = True, False, False
    if cmd is not None:
        if not isinstance(cmd, dict) or set(cmd) - _COMMANDER_KEYS:
            raise FormatError(f"{source}: 'commander' must be a mapping with keys {sorted(_COMMANDER_KEYS)}")
        c = cmd.get("count", [1, 2])
        if isinstance(c, int) and not isinstance(c, bool):
            c = [c, c]
        if not (isinstance(c, list) and len(c) == 2 and all(isinstance(x, int) and x >= 1 for x in c) and c[0] <= c[1]):
            raise FormatError(f"{source}: commander 'count' must be N or [MIN, MAX], got {c!r}")
        count = (c[0], c[1])
        el = cmd.get("eligible", ["creature", "vehicle", "spacecraft"])
        if not isinstance(el, list) or not set(el) <= _ELIGIBLE:
            raise FormatError(f"{source}: commander 'eligible' must be drawn from {sorted(_ELIGIBLE)}, got {el!r}")
        eligible = frozenset(el)
        includes = bool(cmd.get("deck_includes_commander", True))
        colorless_basics = bool(cmd.get("colorless_basics", False))
        signature = bool(cmd.get("signature_spell", False))
    return Format(
        name=name.strip(), title=str(d.get("title") or name), aliases=tuple(a.lower() for a in aliases),
        legality=legality, min_main=_int_or_none(d, "min_main", 60, source) or 0,
        max_main=_int_or_none(d, "max_main", None, source), max_side=_int_or_none(d, "max_side", 15, source),
        copy_limit=_int_or_none(d, "copy_limit", 4, source, 1), commander_count=count,
        commander_eligible=eligible, deck_includes_commander=includes, colorless_basics=colorless_basics,
        signature_spell=signature, checks=frozenset(checks), source=source, notes=str(d.get("notes") or ""),
    )


def _read_file(path: Path) -> Format:

    try:
        data = load_yaml_limited(read_text(path), str(path))  # alias bombs, depth, digits refused
    except InputError as e:
        raise FormatError(str(e)) from None
    return format_from_dict(data, str(path))


def _dirs() -> list[Path]:
    dirs = [FORMATS_DIR]
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        dirs.insert(0, Path(env))
    return dirs


_CACHE: dict[str, Format] = {}


#: Format files read in this process: path -> ((size, modification time), Format).
_FILES: dict[str, tuple[tuple[int, int], Format]] = {}


def _read_file_once(path: Path) -> Format:
    """``_read_file``, once per file and version (size and modification time) in this process: looking up
    each format name reads every format file (``available_formats``), so a batch of decks of seven formats
    would parse the sixteen files seven times (a tenth of a second in each ``--jobs`` process)."""
    try:
        st = path.stat()
    except OSError:
        return _read_file(path)  # (says why it cannot be read)
    stamp = (st.st_size, st.st_mtime_ns)
    got = _FILES.get(str(path))
    if got is not None and got[0] == stamp:
        return got[1]
    fmt = _read_file(path)
    _FILES[str(path)] = (stamp, fmt)
    return fmt


def available_formats() -> dict[str, Format]:
    """Every format in the built-in folder and in ``$MTGCHECK_FORMATS`` (which wins), by name."""
    out: dict[str, Format] = {}
    for d in reversed(_dirs()):
        if d.is_dir():
            for f in sorted(d.glob("*.yaml")):
                fmt = _read_file_once(f)
                out[fmt.name] = fmt
    return out


def load_format(name_or_path: "str | os.PathLike | Format", *, names_only: bool = False,
                base: "str | os.PathLike | None" = None) -> Format:
    """A format by name, alias or file path.

    Parameters
    ----------
    name_or_path : str, os.PathLike or Format
        ``"modern"``, ``"edh"``, ``"Duel Commander"`` (case, blanks and dashes ignored), or the path of
        a YAML format file (a user's own format). A ``Format`` is returned as is.
    names_only : bool
        The name comes from data (a JSON-lines record's ``"format"``): it names a format by name only, never a
        file (a record must not make mtgcheck open ``/etc/...`` or print another file's keys).
    base : path, optional
        The name comes from a file in the folder ``base`` (a scenario's ``validate_deck: {format: ...}``): a
        format file must lie in that folder or below it (``models.data.inputs.confined``).

    Returns
    -------
    Format

    Raises
    ------
    FormatError
        No such format (the message lists the known ones), a malformed format file, or a path where only a
        name may be given or outside ``base``.
    """

    if isinstance(name_or_path, Format):
        return name_or_path
    s = os.fspath(name_or_path)
    if not isinstance(s, str):
        raise FormatError(f"a format is named by a text, not {type(s).__name__}")
    shown = s if len(s) <= 80 else s[:79] + "…"
    looks_like_path = s.lower().endswith((".yaml", ".yml")) or "/" in s or "\\" in s or os.sep in s
    if names_only and (looks_like_path or any(ord(ch) < 32 for ch in s)):
        raise FormatError(f"format {shown!r} is not a format name: a deck record names its format by name "
                          f"({', '.join(sorted(available_formats()))}); a format file is given with --format FILE")
    if any(ord(ch) < 32 for ch in s):
        raise FormatError(f"format {shown!r} holds a control character (such as NUL): not a format name or file")
    if base is not None and (looks_like_path or Path(s.strip()).suffix):  # any suffix: a file, as a path is read
        s = s.strip()
        try:
            return _read_file(confined(s, base, "format file"))
        except InputError as e:
            raise FormatError(str(e)) from None
    p = Path(s)
    if not names_only and base is None and (s.lower().endswith((".yaml", ".yml")) or (p.suffix and p.is_file())):
        return _read_file(p)
    key = s.strip().lower().replace(" ", "").replace("_", "")
    if key in _CACHE:
        return _CACHE[key]
    formats = available_formats()
    for fmt in formats.values():
        names = {fmt.name.lower(), *fmt.aliases, fmt.title.lower().replace(" ", "")}
        if key in {n.replace(" ", "").replace("_", "") for n in names} or key.replace("-", "") in {
                n.replace("-", "").replace(" ", "") for n in names}:
            _CACHE[key] = fmt
            return fmt
    raise FormatError(f"unknown format {shown!r}; formats are {', '.join(sorted(formats))}"
                      + ("" if names_only else " (or give a YAML file)"))
