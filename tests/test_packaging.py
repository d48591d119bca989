"""The built wheel is complete: built from the tracked files alone (as from a fresh clone) and
installed into a fresh virtual environment, it carries every file of the packages, passes the
service's start-up checks and creates a game of every variant of every title.

The fresh environment holds only the wheel; the wheel's dependencies are borrowed from this
test environment through a path entry (its ``.pth`` files, among them the editable install of
the working tree, are not run), so nothing is downloaded and the code under test is the wheel's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest

from domain.platform import registry
from tests.support.toy import TOY

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("domain", "service", "projections", "workers", "locales")

#: Run inside the fresh environment: start-up checks, then one game of every title and variant.
CREATE_EVERY_TITLE = textwrap.dedent("""
    import json, sys, tempfile
    import domain
    from domain.platform import registry
    from domain.platform.application import Games
    from domain.platform.storage import persistence_env
    from service.bootstrap import preflight

    preflight()
    games = Games(env=persistence_env(None, tempfile.mkdtemp(), create_table=True))
    created = []
    for title in registry.all_current():
        for variant in title.variants:
            n = max(variant.min_players, min(2, variant.max_players))
            players = [f"Player {i + 1}" for i in range(n)]
            game = games.create_game(title.name, variant.name, players, seed=7).game
            seat = game.rules.status(game.state).to_act[0]
            version, moves = games.legal_moves(game.id, seat)
            created.append({"title": title.name, "variant": variant.name,
                            "version": version, "moves": len(moves)})
    print(json.dumps({"domain": domain.__file__, "created": created}))
""")


def _tracked_files() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [f for f in out.splitlines() if (ROOT / f).is_file()]


def _clone(dest: Path) -> None:
    """The tracked (and new, not ignored) files of the working tree, as a fresh clone has."""
    for name in _tracked_files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)


def _build_wheel(source: Path, out: Path) -> tuple[Path, str]:
    """The wheel built from ``source`` and the build's output (pip -v shows setuptools'
    warnings)."""
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-v",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(out),
            str(source),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (wheel,) = out.glob("chronicle-*.whl")
    return wheel, built.stdout + built.stderr


def _fresh_venv(where: Path, wheel: Path) -> Path:
    """A virtual environment with only the wheel installed; returns its python."""
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=120
    )
    python = where / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        timeout=300,
    )
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # the dependencies: a plain path entry (pth files of that directory are not executed)
    Path(site.strip(), "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"])
    return python


@pytest.mark.slow
def test_the_wheel_ships_every_package_file_and_creates_a_game_of_every_title(tmp_path):
    source = tmp_path / "clone"
    _clone(source)
    wheel, log = _build_wheel(source, tmp_path / "dist")
    # data folders are declared as packages (find_namespace:), so setuptools warns of none
    assert "absent from the `packages` configuration" not in log
    assert "BuildBackendWarning" not in log

    tracked = {
        f for f in _tracked_files() if f.split("/", 1)[0] in PACKAGES and "__pycache__" not in f
    }
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    missing = sorted(tracked - shipped)
    assert not missing, f"files of the packages missing from the wheel: {missing}"
    assert "domain/village/data/bigbox-provisional.json" in shipped

    python = _fresh_venv(tmp_path / "venv", wheel)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "CHRONICLE_DATA_DIR", "CHRONICLE_DATABASE_URL")
    }
    run = subprocess.run(
        [str(python), "-c", CREATE_EVERY_TITLE],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.splitlines()[-1])
    assert Path(report["domain"]).is_relative_to(tmp_path / "venv"), report["domain"]

    expected = {
        (t.name, v.name) for t in registry.all_current() if t is not TOY for v in t.variants
    }
    made = {(c["title"], c["variant"]) for c in report["created"]}
    assert made == expected
    assert all(c["version"] >= 1 and c["moves"] > 0 for c in report["created"])
    assert {"agricola", "caverna", "village"} <= {t for t, _ in made}

    chronicle = subprocess.run(
        [str(tmp_path / "venv" / "bin" / "chronicle"), "--help"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert chronicle.returncode == 0, chronicle.stderr
