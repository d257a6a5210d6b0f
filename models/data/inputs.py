"""The input layer: limits on sizes no real game reaches, and safe readers for YAML, JSON and compressed text.

Every reader of user files (scenarios, decklists, formats, card data) goes through these helpers, so a
hostile or broken file ends as one clear error naming the file, the line and the problem, never as a
traceback, a hang or a silent drop:

* ``SafeLineLoader``-style YAML: aliases are allowed but the document, with every alias expanded, may hold
  at most ``MAX_YAML_NODES`` nodes and nest at most ``MAX_DEPTH`` deep (no alias bomb, no recursive alias);
  a scalar that a tag cannot read (``!!int abc``) or a number of more than ``MAX_DIGITS`` digits is an error
  at its line.
* JSON: ``json_loads_limited`` refuses documents nested deeper than ``MAX_DEPTH`` before parsing them.
* Files: ``read_text`` reads plain or gzip text and turns every ``OSError``, ``zlib.error``, ``EOFError``,
  ``UnicodeDecodeError`` and symlink loop into ``InputError``.
* ``int_of`` reads a count written in digits with a digit limit (a count of 5,000 digits is not a count).

The limits (module constants) are far above any real game or file: a scenario's whole YAML tree
expanded holds a few hundred nodes, a decklist count has at most three digits, a card name at most
141 characters (the longest printed English name is about 140), a game at most a dozen players.
"""
from __future__ import annotations

import gzip
import json
import os
import zlib
from pathlib import Path
from typing import Any

import yaml

from mtgcheck.models.game import cards as _cards

__all__ = [
    "InputError", "MAX_DIGITS", "MAX_DEPTH", "MAX_YAML_NODES", "MAX_NAME", "MAX_PLAYERS", "MAX_COUNT_DIGITS",
    "int_of", "check_yaml_node", "check_yaml_depth", "yaml_loader_class", "json_depth", "json_loads_limited", "read_text",
    "describe_os_error", "truncate_name", "MAX_CARD_TEXT", "MAX_FILE_BYTES", "MAX_DECK_LINES", "MAX_LINE_CHARS",
    "MAX_RECORD_BYTES", "MAX_CARD_RECORD_BYTES", "MAX_STDIN_BYTES", "MAX_RATIO", "RATIO_AFTER", "open_regular",
    "open_input", "iter_lines", "read_bytes", "read_stdin", "inside", "confined", "walk_files", "unread_records",
    "unread_records_note",
]

#: Most digits of any number in a scenario, format or card data file (10^30 is beyond any game quantity).
MAX_DIGITS = 30
#: Most digits of a decklist count (a deck line of 10^9 copies is already no real deck).
MAX_COUNT_DIGITS = 9
#: Deepest nesting of lists/mappings in a YAML or JSON input (real files: under 10).
MAX_DEPTH = 100
#: Most nodes a YAML document may hold with every alias expanded (an alias bomb holds billions).
MAX_YAML_NODES = 200_000
#: Longest card name looked up or fuzzy-matched, and longest card text read (``models.game.cards``, where a card's fields
#: are checked: the game layer, which this one may read).
MAX_NAME, MAX_CARD_TEXT = _cards.MAX_NAME, _cards.MAX_CARD_TEXT
#: Most players of a scenario (CR 100.1: two or more; real multiplayer games have a handful).
MAX_PLAYERS = 64


class CardDataError(ValueError):
    """A card data file that cannot be used: missing, not JSON, or of the wrong shape.

    The message names the file and says what is wrong.
    """


class InputError(ValueError):
    """An input that cannot be read: ``path``, ``line`` (1-based, or None) and the problem.

    The project's other input errors (``ScenarioError``, ``DecklistError``, ``FormatError``,
    ``CardDataError``) are raised in their own terms; this one is raised by the helpers here and
    converted by the callers.
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        self.message = message
        self.path = path
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path or ""
        if self.line:
            where += f":{self.line}"
        return f"{where}: {self.message}" if where else self.message


def int_of(text: str, what: str = "number", max_digits: int = MAX_DIGITS) -> int:
    """A whole number written in decimal digits, refusing more than ``max_digits`` digits.

    Raises
    ------
    InputError
        ``text`` is not digits (an optional sign allowed) or has too many of them.
    """
    s = text.strip().replace("_", "")
    digits = s.lstrip("+-")
    if len(digits) > max_digits:
        raise InputError(f"{what} has {len(digits)} digits; mtgcheck reads at most {max_digits} "
                         f"(no real game or file needs more)")
    try:
        return int(s, 10)
    except ValueError:
        raise InputError(f"{what} {text[:40]!r} is not a whole number") from None


def truncate_name(name: str, n: int = MAX_NAME) -> str:
    """``name`` cut to ``n`` characters (names are cut before fuzzy matching so suggestions stay fast)."""
    return name if len(name) <= n else name[:n]


# ---------------------------------------------------------------------------
# YAML
# ---------------------------------------------------------------------------


def check_yaml_node(node: Any, max_nodes: int = MAX_YAML_NODES, max_depth: int = MAX_DEPTH) -> None:
    """Refuse a composed YAML node graph that is recursive, too deep or too big once aliases are expanded.

    Aliases make the node graph a DAG (or, with an alias to an enclosing anchor, a cycle); the
    expanded size is computed on the DAG with memoization, so checking a billion-laughs document
    takes time proportional to its text, not to its expansion.

    Raises
    ------
    InputError
        With the line of the offending node.
    """
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    on_path: set[int] = set()
    scalar = yaml.ScalarNode
    # iterative post-order walk: [node, its children, index of the next child]; the children are listed once
    # per node and a scalar child (size 1, depth 1: most of a document) is never pushed, so the walk is linear
    # in the node graph's edges with a small constant (a list of 199,000 items takes a fraction of a second)
    stack: list[list[Any]] = [[node, _children(node), 0]]
    on_path.add(id(node))
    while stack:
        frame = stack[-1]
        n, kids, i = frame
        child = None
        while i < len(kids):
            k = kids[i]
            i += 1
            if isinstance(k, scalar) or id(k) in size:
                continue
            child = k
            break
        if child is not None:
            frame[2] = i
            kid = id(child)
            if kid in on_path:
                raise InputError("an alias refers to a mapping or list that contains it (a recursive alias)",
                                 line=child.start_mark.line + 1)
            if len(stack) >= max_depth:
                raise InputError(f"nested more than {max_depth} levels deep", line=child.start_mark.line + 1)
            on_path.add(kid)
            stack.append([child, _children(child), 0])
            continue
        stack.pop()
        on_path.discard(id(n))
        s = 1
        d = 0
        for k in kids:
            if isinstance(k, scalar):
                s += 1
                d = d or 1
            else:
                s += size[id(k)]
                d = max(d, depth[id(k)])
        d += 1
        if s > max_nodes:
            raise InputError(f"the document holds more than {max_nodes:,} values once its aliases (*name) are expanded "
                             "(an alias bomb?)", line=n.start_mark.line + 1)
        if d > max_depth:
            raise InputError(f"nested more than {max_depth} levels deep once its aliases are expanded",
                             line=n.start_mark.line + 1)
        size[id(n)] = s
        depth[id(n)] = d


def check_yaml_depth(text: str | bytes, max_depth: int = MAX_DEPTH) -> None:
    """Refuse a YAML text whose mappings and lists nest more than ``max_depth`` levels, before it is composed.

    The text's parse events are read lazily by the pure-Python parser (which sets no nesting limit of its own)
    and the walk stops at the first level too deep, so mtgcheck's own message is given whatever nesting limit
    the compiled YAML library has. ``LimitedLoader`` calls it when loading failed. Syntax errors are left to
    the loader (it reports them with their line).

    Raises
    ------
    InputError
        "nested more than N levels deep", with the line where the level too deep opens.
    """
    level = 0
    try:
        for ev in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                level += 1
                if level > max_depth:
                    raise InputError(f"nested more than {max_depth} levels deep", line=ev.start_mark.line + 1)
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                level -= 1
    except yaml.YAMLError:
        return


def _children(n: Any) -> list[Any]:
    if isinstance(n, yaml.MappingNode):
        return [x for kv in n.value for x in kv]
    if isinstance(n, yaml.SequenceNode):
        return list(n.value)
    return []


_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LimitedLoader(_BASE):  # type: ignore[misc, valid-type]
    """A safe YAML loader with the limits of this module (see ``check_yaml_node``).

    Scalars that their tag cannot read (``!!int abc``, ``!!float abc``, a bad ``!!timestamp``) and
    numbers of more than ``MAX_DIGITS`` digits raise ``InputError`` at their line.
    """

    def __init__(self, stream: Any) -> None:
        self._mtgcheck_text = stream if isinstance(stream, (str, bytes)) else None
        super().__init__(stream)

    def get_single_node(self) -> Any:
        try:
            node = super().get_single_node()
        except yaml.YAMLError:
            # the YAML library may refuse deep nesting in words of its own: mtgcheck's limit is checked
            # first, so the message is always ours (and names the line)
            if self._mtgcheck_text is not None:
                check_yaml_depth(self._mtgcheck_text)
            raise
        if node is not None:
            check_yaml_node(node)
        return node

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.ScalarNode) and node.tag in (_INT_TAG, _FLOAT_TAG):
            digits = sum(ch.isdigit() for ch in str(node.value))
            if digits > MAX_DIGITS:
                raise InputError(f"a number of {digits} digits; mtgcheck reads at most {MAX_DIGITS}",
                                 line=node.start_mark.line + 1)
        try:
            return super().construct_object(node, deep=deep)
        except (InputError, yaml.YAMLError):
            raise
        except (ValueError, TypeError, OverflowError) as e:
            if type(e).__name__ == "ScenarioError":
                raise
            tag = str(node.tag).rsplit(":", 1)[-1]
            value = node.value if isinstance(node, yaml.ScalarNode) else ""
            raise InputError(f"{str(value)[:40]!r} cannot be read as {tag}", line=node.start_mark.line + 1) from None
        except RecursionError:
            raise InputError(f"nested more than {MAX_DEPTH} levels deep", line=node.start_mark.line + 1) from None


_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"


def yaml_loader_class() -> type:
    """The loader class to subclass or pass to ``yaml.load`` (``LimitedLoader``)."""
    return LimitedLoader


def load_yaml_limited(text: str, path: str | None = None) -> Any:
    """``yaml.load`` with ``LimitedLoader``; every problem is an ``InputError`` naming the line."""
    try:
        return yaml.load(text, Loader=LimitedLoader)
    except InputError as e:
        e.path = e.path or path
        raise InputError(e.message, e.path, e.line) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        msg = " ".join(x for x in (e.context, e.problem) if x) or "not valid YAML"
        raise InputError(f"not valid YAML: {msg}", path, mark.line + 1 if mark else None) from None
    except yaml.YAMLError as e:
        raise InputError(f"not valid YAML: {e}", path) from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep", path) from None


# ---------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------


def json_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of ``[``/``{`` in JSON text (strings skipped), stopping once past ``limit``.

    Linear in the text; used to refuse deep documents before ``json.loads`` recurses on them.
    """
    if "[" not in text and "{" not in text:
        return 0
    depth = best = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > best:
                best = depth
                if best > limit:
                    return best
        elif ch in "]}":
            depth -= 1
    return best


def json_loads_limited(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` refusing documents nested deeper than ``max_depth`` and numbers of more than
    ``MAX_DIGITS`` digits.

    Raises
    ------
    ValueError
        ``json.JSONDecodeError`` for invalid JSON; ``InputError`` for a document beyond the limits.
    """
    if len(text) > 64 and json_depth(text, max_depth) > max_depth:
        raise InputError(f"JSON nested more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_int=_json_int)
    except RecursionError:
        raise InputError(f"JSON nested more than {max_depth} levels deep") from None


def _json_int(s: str) -> int:
    if len(s) > MAX_DIGITS + 1:
        raise InputError(f"a number of {len(s.lstrip('-'))} digits; mtgcheck reads at most {MAX_DIGITS}")
    return int(s)


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------


#: Most bytes of a file read whole once decompressed: a scenario file, a format file, a text decklist, a
#: scenario's decklist (real ones: a few kilobytes; the largest example scenario file is about 40 KB).
MAX_FILE_BYTES = 16 << 20
#: Most lines of a text decklist (a 250-card Commander list with notes has a few hundred).
MAX_DECK_LINES = 100_000
#: Longest line of a text decklist read as an entry or header, in characters (real lines: under 150; a longer
#: line is reported, never matched against the readers' patterns).
MAX_LINE_CHARS = 4096
#: Longest JSON-lines deck record, in bytes (a 100-card Commander deck: about 4 KB).
MAX_RECORD_BYTES = 1 << 20
#: Longest single JSON value of a card data file (one card object, one MTGJSON name entry: tens of KB).
MAX_CARD_RECORD_BYTES = 16 << 20
#: Most bytes standard input may give (one decklist).
MAX_STDIN_BYTES = MAX_FILE_BYTES
#: A stream that expands more than this many times past ``RATIO_AFTER`` decompressed bytes is refused (real
#: card data and deck files compress 5-15 times; a decompression bomb, 1000 times).
MAX_RATIO = 100
#: Decompressed bytes below which the ratio is not checked (a small file of repeated lines may compress well).
RATIO_AFTER = 16 << 20


def describe_os_error(e: BaseException) -> str:
    """A short phrase for an error raised while opening, reading or writing a file."""
    import errno

    if isinstance(e, InputError):
        return e.message
    if isinstance(e, RuntimeError) and "loop" in str(e).lower():
        return "a symbolic link loop"
    if isinstance(e, OSError) and e.errno == errno.ELOOP:
        return "a symbolic link loop"
    if isinstance(e, zlib.error):
        return f"corrupt compressed data ({e})"
    if isinstance(e, gzip.BadGzipFile):
        return f"not a valid gzip file ({e})"
    if isinstance(e, EOFError):
        return "truncated compressed data"
    if isinstance(e, UnicodeDecodeError):
        return f"not UTF-8 text (byte {e.start}: {e.reason})"
    if isinstance(e, ValueError) and "null" in str(e).lower():
        return "the path holds a NUL character"
    if isinstance(e, FileNotFoundError):
        return "no such file"
    if isinstance(e, IsADirectoryError):
        return "a folder, not a file"
    if isinstance(e, OSError):
        named = {errno.ENOSPC: "no space left on the device (the disk or its quota is full)",
                 errno.EDQUOT: "the disk quota is exceeded",
                 errno.EROFS: "a read-only file system",
                 errno.EACCES: "permission denied", errno.EPERM: "permission denied",
                 errno.ENAMETOOLONG: "the file name is too long", errno.ENOTDIR: "a part of the path is not a folder"}
        if e.errno in named:
            return named[e.errno]
        return e.strerror or str(e)
    return f"{type(e).__name__}: {e}"


#: Errors that reading a (possibly compressed) file may raise; ``read_text`` turns them into ``InputError``.
READ_ERRORS = (OSError, EOFError, zlib.error, UnicodeDecodeError, RuntimeError, InputError)


def _kind_of_mode(mode: int) -> str | None:
    """What a non-regular file is ("a named pipe (FIFO)", "a device", ...), or None for a regular file."""
    import stat

    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a regular file"
    return "not a regular file"


def open_regular(path: str | os.PathLike) -> Any:
    """Open a file for reading in binary mode, refusing anything but a regular file.

    The file is opened without blocking (``O_NONBLOCK``: opening a named pipe nobody writes to would wait for
    ever) and checked with ``fstat`` on the open descriptor, so a file swapped for a pipe or a device between
    a folder walk and the read is refused too.

    Raises
    ------
    InputError
        Not a regular file (a named pipe, a device such as ``/dev/zero``, a socket, a folder), or any
        ``OSError`` of opening it (``path`` set).
    """
    p = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(p, flags)
    except (OSError, ValueError) as e:
        if isinstance(e, FileNotFoundError) and os.path.islink(p):
            raise InputError(f"a symbolic link to {os.readlink(p)!r}, which does not exist", str(p)) from None
        raise InputError(f"cannot read: {describe_os_error(e)}", str(p)) from None
    try:
        kind = _kind_of_mode(os.fstat(fd).st_mode)
        if kind is not None:
            raise InputError(f"cannot read: {kind}", str(p))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


class _Limited:
    """A binary stream of a file's bytes, gunzipped when it starts with the gzip magic bytes, refusing more than
    ``max_bytes`` decompressed bytes or an expansion of more than ``MAX_RATIO`` times (past ``RATIO_AFTER``
    bytes): ``InputError`` naming the file and the limit. ``read``, ``read1``, ``readinto``, ``readline`` and
    line iteration are those of the underlying stream (``gzip.GzipFile`` or the buffered file), counted."""

    def __init__(self, raw: Any, path: str, max_bytes: int | None, what: str) -> None:
        self.raw = raw
        self.path = path
        self.max_bytes = max_bytes
        self.what = what
        self.done = 0
        head = raw.peek(2)[:2] if hasattr(raw, "peek") else b""
        self.compressed = head == b"\x1f\x8b"
        self.src = gzip.GzipFile(fileobj=raw, mode="rb") if self.compressed else raw

    def _count(self, n: int) -> None:
        self.done += n
        if self.max_bytes is not None and self.done > self.max_bytes:
            how = "once decompressed " if self.compressed else ""
            raise InputError(f"more than {_size(self.max_bytes)} {how}; mtgcheck reads at most that much of "
                             f"{self.what}", self.path)
        if self.compressed and self.done > RATIO_AFTER:
            packed = max(1, self.raw.tell())
            if self.done > MAX_RATIO * packed:
                raise InputError(f"the compressed data expands more than {MAX_RATIO} times ({_size(packed)} to more "
                                 f"than {_size(self.done)}): a decompression bomb, not {self.what}", self.path)

    def read(self, n: int = -1) -> bytes:
        if (n is None or n < 0) and self.max_bytes is not None:
            n = self.max_bytes + 1 - self.done  # (never more than one byte past the limit at once)
        data = self.src.read(n)
        self._count(len(data))
        return data

    def read1(self, n: int = -1) -> bytes:
        data = self.src.read1(n)
        self._count(len(data))
        return data

    def readinto(self, b: Any) -> int:
        n = self.src.readinto(b)
        self._count(n or 0)
        return n

    def readline(self, limit: int = -1) -> bytes:
        data = self.src.readline(limit)
        self._count(len(data))
        return data

    def __iter__(self) -> "_Limited":
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def seek(self, offset: int, whence: int = 0) -> int:
        """Move forward to ``offset`` (decompressed bytes from the start; gzip data is read up to it)."""
        pos = self.src.seek(offset, whence)
        self._count(max(0, pos - self.done))
        return pos

    def seekable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True

    def writable(self) -> bool:
        return False

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False

    def close(self) -> None:
        try:
            if self.compressed:
                self.src.close()
        finally:
            self.raw.close()

    @property
    def closed(self) -> bool:
        return bool(self.raw.closed)

    def __enter__(self) -> "_Limited":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _size(n: int) -> str:
    for unit, k in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= k:
            v = n / k
            return f"{v:.0f} {unit}" if v == int(v) or v >= 10 else f"{v:.1f} {unit}"
    return f"{n} bytes"


def iter_lines(fp: Any, limit: int = MAX_RECORD_BYTES) -> Any:
    """``(line, length)`` for every line of the binary stream ``fp``: the line with its ``\\n``, cut to
    ``limit + 1`` bytes when longer (the rest is read a block at a time and dropped: a line is never held
    whole past the limit), and its length in bytes."""
    while True:
        line = fp.readline(limit + 1)
        if not line:
            return
        n = len(line)
        if n > limit and not line.endswith(b"\n"):
            while True:
                rest = fp.readline(1 << 16)
                n += len(rest)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line, n


def open_input(path: str | os.PathLike, *, max_bytes: int | None = MAX_FILE_BYTES, what: str = "an input file") -> Any:
    """A binary stream of a regular file's bytes, gunzipped when it starts with the gzip magic bytes, with the
    limits of the input layer: at most ``max_bytes`` bytes once decompressed (None: no limit on the total) and
    no expansion of more than ``MAX_RATIO`` times. ``read``, ``read1``, ``readinto``, ``readline`` and line
    iteration work; ``.compressed`` says whether the file was gzip data.

    Raises
    ------
    InputError
        On opening: not a regular file, missing, a dangling link, permission denied. While reading: over a
        limit, corrupt or truncated gzip data (as ``zlib.error``, ``EOFError``, ``gzip.BadGzipFile``).
    """
    raw = open_regular(path)
    try:
        return _Limited(raw, str(path), max_bytes, what)
    except BaseException:
        raw.close()
        raise


def read_bytes(path: str | os.PathLike, max_bytes: int = MAX_FILE_BYTES, what: str = "an input file") -> bytes:
    """The bytes of a regular file (gunzipped when gzip), at most ``max_bytes`` of them.

    Raises
    ------
    InputError
        Every failure of ``open_input`` and of reading (``path`` set, no line).
    """
    try:
        with open_input(path, max_bytes=max_bytes, what=what) as fp:
            return fp.read()
    except InputError as e:
        e.path = e.path or str(path)
        raise
    except READ_ERRORS as e:
        raise InputError(f"cannot read: {describe_os_error(e)}", str(path)) from None


def read_text(path: str | os.PathLike, encoding: str = "utf-8-sig", max_bytes: int = MAX_FILE_BYTES,
              what: str = "an input file") -> str:
    """The text of a regular file, gunzipped when it starts with the gzip magic bytes, at most ``max_bytes``
    bytes once decompressed.

    Raises
    ------
    InputError
        Missing, a folder, a named pipe or a device, a symlink loop or dangling link, permission denied, over
        the size limit, corrupt gzip data, not UTF-8 text (``path`` set, no line).
    """
    raw = read_bytes(path, max_bytes, what)
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as e:
        raise InputError(f"cannot read: {describe_os_error(e)}", str(path)) from None


def read_stdin(stream: Any = None, max_bytes: int = MAX_STDIN_BYTES, what: str = "a decklist") -> str:
    """Standard input's text (UTF-8), at most ``max_bytes`` bytes of it.

    Raises
    ------
    InputError
        More than ``max_bytes`` bytes (``/dev/zero`` given as input ends here at once), not UTF-8 text.
    """
    import sys

    src = stream if stream is not None else sys.stdin
    buf = getattr(src, "buffer", src)
    data = buf.read(max_bytes + 1)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    if len(data) > max_bytes:
        raise InputError(f"more than {_size(max_bytes)}; mtgcheck reads at most that much of {what} from standard "
                         "input", "<stdin>")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"cannot read: {describe_os_error(e)}", "<stdin>") from None


def inside(path: str | os.PathLike, root: str | os.PathLike) -> bool:
    """Whether ``path``, every symbolic link followed, lies in the folder ``root`` (links followed too) or is it."""
    try:
        real = os.path.realpath(path)
        top = os.path.realpath(root)
    except (OSError, ValueError):
        return False
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def confined(raw: str, base: str | os.PathLike, what: str, holder: str = "scenario") -> Path:
    """The file ``raw`` (a path written in a data file, e.g. a scenario's) inside the folder ``base``: relative
    to it, with no absolute path, no ``..`` and no symbolic link leading out of it, no NUL or other control
    character. ``holder`` names the file that wrote the path, for the message.

    Raises
    ------
    InputError
        The path leads outside ``base`` or cannot be a path (naming ``what``).
    """
    if not raw or any(ord(ch) < 32 for ch in raw):
        raise InputError(f"{what} {raw[:80]!r} is not a usable file name (it holds a control character such as NUL)")
    if len(raw) > 4096:
        raise InputError(f"{what} of {len(raw):,} characters is not a usable file name")
    top = Path(os.path.realpath(base))
    if os.path.isabs(raw) or not inside(top / raw, top):
        raise InputError(f"{what} {raw!r} is outside the {holder}'s folder ({top}); a {holder} may only read "
                         "files in its own folder or below it")
    return top / raw


def walk_files(root: str | os.PathLike, want: Any) -> tuple[list[Path], list[str]]:
    """Every regular file below the folder ``root`` for which ``want(path)`` is true (sorted; names starting
    with a dot skipped), and the problems met, each reported and never read: sub-folders that cannot be read,
    dangling symbolic links, link loops, symbolic links to files or folders outside ``root`` (a link in a cloned
    repository must not make mtgcheck print another file's lines), named pipes, devices and sockets (reading
    them would block or never end). Links to folders inside ``root`` are followed once.

    Returns ``(files, problems)``; each problem is ``"path: what is wrong"``.
    """
    files: list[Path] = []
    problems: list[str] = []
    top = Path(root)
    real_top = os.path.realpath(top)
    seen: set[str] = set()

    def onerror(e: OSError) -> None:
        problems.append(f"{e.filename}: cannot read this folder: {describe_os_error(e)}")

    for dirpath, dirnames, filenames in os.walk(top, onerror=onerror, followlinks=True):
        real = os.path.realpath(dirpath)
        if real in seen:
            problems.append(f"{dirpath}: a symbolic link loop (this folder is already being read); skipped")
            dirnames[:] = []
            continue
        seen.add(real)
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for d in list(dirnames):
            full = os.path.join(dirpath, d)
            if os.path.islink(full):
                target = os.path.realpath(full)
                if target in seen or real.startswith(target + os.sep) or target == real:
                    problems.append(f"{full}: a symbolic link loop (leads back to {target}); skipped")
                    dirnames.remove(d)
                elif not inside(target, real_top):
                    problems.append(f"{full}: a symbolic link to a folder outside {top} ({target}); not read")
                    dirnames.remove(d)
        for name in sorted(filenames):
            if name.startswith("."):
                continue
            f = Path(dirpath) / name
            if not want(f):
                continue
            try:
                st = f.stat()
            except (OSError, ValueError) as e:
                if f.is_symlink():
                    problems.append(f"{f}: a symbolic link that leads nowhere (dangling, or a loop)")
                else:
                    problems.append(f"{f}: cannot read: {describe_os_error(e)}")
                continue
            if f.is_symlink() and not inside(f, real_top):
                problems.append(f"{f}: a symbolic link to a file outside {top} ({os.path.realpath(f)}); not read")
                continue
            kind = _kind_of_mode(st.st_mode)
            if kind is not None:
                problems.append(f"{f}: {kind}; not read")
                continue
            files.append(f)
    return sorted(files), problems


# ---------------------------------------------------------------------------
# Records not read
# ---------------------------------------------------------------------------


def unread_records(db: Any) -> list[str]:
    """The messages of the card data's records that could not be read (``ImportReport.problems``: each names
    the file, the record and the problem), or ``[]``."""
    own = getattr(db, "__dict__", {})
    if "unread" in own:  # (a batch database kept as card facts: solver.decks.rules.CardsOnDemand, never loaded for this)
        return list(own["unread"] or [])
    report = getattr(db, "report", None)
    problems = getattr(report, "problems", None)
    return list(problems) if problems else []


def unread_records_note(db: Any) -> str:
    """``"; N record(s) of the card data could not be read and hold no card (first: ...)"`` or ``""``: a card whose
    record is malformed is not in the data (a deck naming it gets ``unknown_card``, or the embedded catalog's
    card of that name), so every command that says which card data it uses says this too."""
    probs = unread_records(db)
    if not probs:
        return ""
    return (f"; {len(probs):,} record(s) of the card data could not be read and hold no card (first: "
            f"{probs[0]})")
