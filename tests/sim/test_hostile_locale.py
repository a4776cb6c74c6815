"""Hostile input, round 4 (issue 36, class 7 in part): under the C locale without UTF-8 mode
(`LC_ALL=C PYTHONUTF8=0`) every command failed with "'ascii' codec can't decode byte 0xc2": a
source file read in the locale's encoding. Text files are read as UTF-8 whatever the locale,
and what the terminal cannot encode is printed as an escape, never an error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
C_LOCALE = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "",
            "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}


def _run(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ecs_vanguard", *argv], capture_output=True,
                          env=C_LOCALE, cwd=cwd, timeout=300, check=False)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX locales")
def test_commands_run_under_the_c_locale(tmp_path):
    done = _run("simulate", "--games", "2", "--backend", "serial", "--out", "run", cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode("ascii", "replace")
    assert b"codec" not in done.stderr and (tmp_path / "run" / "games.jsonl").is_file()
    shown = _run("card", "DX-001", cwd=tmp_path)               # its text holds a '\u00b7'
    assert shown.returncode == 0, shown.stderr.decode("ascii", "replace")
    assert shown.stdout.isascii() and b"\\xb7" in shown.stdout
