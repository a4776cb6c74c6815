"""Hostile input on the command line (issue 12): each a one-line error and exit code 2."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cli import main as cli

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
A = "blazing_dragons"


def _one_line_error(capsys, *argv: str) -> str:
    code = cli.main(list(argv))
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith("ecs-vanguard: error: "), err
    assert "Traceback" not in err[0]
    return err[0]


def _deck_file(tmp_path: Path, old: str, new: str) -> str:
    path = tmp_path / "deck.toml"
    path.write_text(Path(vg.Deck.builtin(A).source).read_text().replace(old, new))
    return str(path)


@pytest.mark.parametrize("command", [["simulate", "--no-out", "--deck-a"], ["odds"],
                                     ["play", "--deck-a"]])
def test_an_absurd_card_count_is_one_line(capsys, tmp_path, command):
    deck = _deck_file(tmp_path, "DX-002 = 4", "DX-002 = 9223372036854775807")
    assert "more than 200 cards" in _one_line_error(capsys, *command, deck)


def test_an_unknown_deck_format_is_one_line(capsys, tmp_path):
    deck = _deck_file(tmp_path, 'format = "standard"', 'format = "v-premium"')
    assert "'v-premium' is not a format" in _one_line_error(capsys, "odds", deck)


def test_odds_validates_the_deck_like_simulate(capsys, tmp_path):
    fat = _deck_file(tmp_path, "DX-016 = 1", "DX-016 = 2")
    assert "CORE-02" in _one_line_error(capsys, "odds", fat, "--samples", "10")
    assert "CORE-14" in _one_line_error(capsys, "odds", "accel_strikers", "--format", "standard",
                                        "--samples", "10")
    assert cli.main(["odds", "accel_strikers", "--samples", "10", "--no-plot"]) == 0   # premium


def test_a_deck_that_is_not_utf8_names_the_file(capsys, tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'name = "Caf\xe9"\n')
    message = _one_line_error(capsys, "simulate", "--no-out", "--deck-a", str(path))
    assert str(path) in message and "not UTF-8" in message


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


def test_dev_zero_as_a_deck_is_one_line_within_bounded_memory():
    done = subprocess.run([sys.executable, "-m", "ecs_vanguard", "simulate", "--no-out",
                           "--deck-a", "/dev/zero"], capture_output=True, text=True, env=ENV,
                          timeout=60, check=False, preexec_fn=_limit_memory)
    assert done.returncode == 2
    assert done.stderr.strip() == ("ecs-vanguard: error: /dev/zero: a character device, not a "
                                   "regular file; a deck file is a file")
