"""Result files follow the user's umask (issue 38 item 6): every file a run, `odds` or
safe_write writes is readable as any new file of the user is (0644 under umask 022), and private
under umask 077; mkstemp's 0600 never leaks through the rename."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from ecs_vanguard.sim import safe_write
from ecs_vanguard.vocab.errors import SimulationError
from tests.sim.test_cli import run


@pytest.fixture(params=[0o022, 0o077], ids=["umask022", "umask077"])
def mask(request):
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_umask_is_read_without_changing_it(mask):
    assert safe_write.umask() == mask
    assert safe_write.umask() == mask            # read twice: still the same, nothing reset


def test_a_replaced_file_gets_the_mode_of_a_new_file(mask, tmp_path):
    target = tmp_path / "summary.json"
    safe_write.replace_bytes(target, b"{}", error=SimulationError)
    plain = tmp_path / "plain"
    plain.write_bytes(b"")                       # what open() gives under the same umask
    assert mode(target) == 0o666 & ~mask == mode(plain)
    target.chmod(0o600)                          # a replaced file does not keep the old mode
    safe_write.replace_bytes(target, b"[]", error=SimulationError)
    assert mode(target) == 0o666 & ~mask and target.read_bytes() == b"[]"


def test_every_file_of_a_simulate_run_follows_the_umask(mask, capsys, tmp_path):
    out = tmp_path / "run"
    code, _, err = run(capsys, "simulate", "--games", "2", "--workers", "1", "--out", str(out))
    assert code == 0, err
    files = sorted(p.name for p in out.iterdir())
    assert {"games.jsonl", "run.json", "summary.json", "summary.png"} <= set(files)
    assert {name: mode(out / name) for name in files} == dict.fromkeys(files, 0o666 & ~mask)


def test_the_odds_plot_follows_the_umask(mask, capsys, tmp_path):
    plot = tmp_path / "o.png"
    code, _, err = run(capsys, "odds", "blazing_dragons", "--samples", "1000", "--plot",
                       str(plot))
    assert code == 0, err
    assert mode(plot) == 0o666 & ~mask
