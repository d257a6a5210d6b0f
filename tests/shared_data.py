"""Locate the read-only shared data folder (``../shared``) for tests.

Resolution order: an explicit argument, the environment variable ``MTGCHECK_SHARED``, then
``<repo root>/../shared``.
A test that needs a file calls ``shared_file("carddata/<file>")``; when the file is not
there the test is skipped with a message naming it. Files are read in place, never copied.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


def shared_dir(explicit: str | os.PathLike | None = None) -> Path | None:
    """The shared data folder: ``explicit`` if given and a folder, else ``$MTGCHECK_SHARED``, else
    ``<repo root>/../shared``; ``None`` when none of them exists."""
    if explicit is not None and Path(explicit).expanduser().is_dir():
        return Path(explicit).expanduser()
    env = os.environ.get("MTGCHECK_SHARED", "").strip()
    if env and Path(env).expanduser().is_dir():
        return Path(env).expanduser()
    default = REPO_ROOT.parent / "shared"
    return default if default.is_dir() else None


def shared_file(relpath: str, base: str | os.PathLike | None = None) -> Path:
    """Path of ``relpath`` inside the shared folder; calls ``pytest.skip`` naming the file when absent.

    Example: ``shared_file("carddata/oracle-cards-2025-11-03.json.gz")``.
    """
    folder = shared_dir(base)
    path = folder / relpath if folder is not None else None
    if path is None or not path.exists():
        pytest.skip(f"needs ../shared/{relpath} (not found)")
    return path
