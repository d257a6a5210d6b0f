"""Installed, everything imports as ``mtgcheck...`` (pyproject's package-dir maps the repository root to
the package ``mtgcheck``): a user's own ``models/`` or ``solver/`` package cannot shadow ours."""
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {"mtgcheck"} | {
        "mtgcheck." + ".".join(p.parent.relative_to(ROOT).parts)
        for top in ("models", "solver") for p in (ROOT / top).rglob("__init__.py")
    }
    assert found == listed


def test_api_works_from_a_folder_with_its_own_models_package(tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "__init__.py").write_text("raise ImportError('the user\\'s own models package')\n")
    (tmp_path / "solver.py").write_text("raise ImportError('the user\\'s own solver module')\n")
    code = ("import mtgcheck\n"
            "from mtgcheck.models.data.database import load_database\n"
            "db = load_database()\n"
            "print(db.get('Treasure Cruise').name)\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "Treasure Cruise"


def test_python_dash_m_mtgcheck_runs_the_command_line(tmp_path):
    p = subprocess.run([sys.executable, "-m", "mtgcheck", "--help"], cwd=tmp_path, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "check" in p.stdout


def test_the_license_pyproject_declares_is_the_license_file():
    """pyproject declares MIT; the LICENSE file (shipped in the wheel's dist-info by setuptools' default
    license-files patterns) holds the MIT text, and docs/ name no machine path."""
    root = Path(__file__).resolve().parent.parent
    assert 'license = { text = "MIT" }' in (root / "pyproject.toml").read_text(encoding="utf-8")
    assert (root / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    for doc in (root / "docs").glob("*.md"):
        text = doc.read_text(encoding="utf-8")
        assert "/work/" not in text and "/tmp/" not in text, doc.name
