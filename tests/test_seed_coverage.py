"""Every paragraph of ../shared/seeds/*.txt is answered by an example (docs/seeds.md is the map)."""
from __future__ import annotations

import re
from pathlib import Path

from tests.shared_data import shared_dir

ROOT = Path(__file__).resolve().parent.parent
TABLE = (ROOT / "docs" / "seeds.md").read_text(encoding="utf-8")


def _rows() -> list[tuple[str, list[str]]]:
    rows = []
    for line in TABLE.splitlines():
        m = re.match(r"\|\s*\d+\s*\|\s*\"(.+?)\"\s*\|[^|]*\|(.*)\|\s*$", line)
        if m:
            rows.append((m.group(1), re.findall(r"`([^`]+\.yaml)`", m.group(2))))
    return rows


def test_every_example_named_in_the_seed_map_exists():
    rows = _rows()
    assert len(rows) == 23
    for opening, files in rows:
        assert files, f"no example listed for {opening!r}"
        for f in files:
            assert (ROOT / "examples" / f).is_file(), f"{f} (for {opening!r}) does not exist"


def test_every_seed_paragraph_is_in_the_map():
    import pytest

    folder = shared_dir()
    seeds = sorted((folder / "seeds").glob("*.txt")) if folder else []
    if not seeds:
        pytest.skip("needs ../shared/seeds/*.txt (not found)")
    openings = [o for o, _ in _rows()]
    paragraphs = set()
    for f in seeds:
        for p in f.read_text(encoding="utf-8").replace("Search", "\n").split("\n"):
            if p.strip():
                paragraphs.add(p.strip())
    for p in paragraphs:
        assert any(p.startswith(o) for o in openings), f"seed paragraph not mapped to an example: {p[:80]!r}"
