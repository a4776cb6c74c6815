"""The heuristic agent plays the games it played before its rules were compiled (issue 18:
agents/heuristic_rules.py), compiled and pure alike: play_game records of seeded games of both
formats (heuristic against heuristic and against random), digested per game, compared with the
digests recorded before the move. The records hold every action played and the summary, so a
changed choice or a changed count shows here. A deliberate change of the agent regenerates the
file with `python tests/agents/test_heuristic_games.py`."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ecs_vanguard as vg
from components import _compiled
from ecs_vanguard.sim.play import GameSpec, play_game

REPO = Path(__file__).resolve().parents[2]
RECORDS = Path(__file__).parent / "data" / "heuristic_records.json"
DECKS = {
    "standard": ["blazing_dragons", "radiant_knights", "arcane_scholars", "dress_dancers",
                 "final_rush", "iron_gate"],
    "premium": ["force_vanguards", "accel_strikers", "chain_lockers", "legion_blades"],
}
AGENTS = (("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic"))
GAMES = 30  # per format


def record_digests(fmt: str, games: int = GAMES) -> list[str]:
    """The digest of the play_game record of each seeded game of `fmt`."""
    names, digests = DECKS[fmt], []
    for seed in range(games):
        a, b = names[seed % len(names)], names[(seed // len(names) + 1 + seed) % len(names)]
        spec = GameSpec(vg.Deck.builtin(a), vg.Deck.builtin(b), *AGENTS[seed % len(AGENTS)],
                        seed=seed, format=fmt)
        record = json.dumps(play_game(spec), sort_keys=True)
        digests.append(hashlib.sha256(record.encode()).hexdigest()[:32])
    return digests


@pytest.mark.parametrize("fmt", sorted(DECKS))
def test_heuristic_games_are_the_games_recorded_before(fmt: str) -> None:
    recorded = json.loads(RECORDS.read_text())[fmt]
    assert len(recorded) == GAMES
    for seed, (mine, expected) in enumerate(zip(record_digests(fmt), recorded, strict=True)):
        assert mine == expected, f"{fmt} game {seed} ({_compiled.build_mode()}) differs"


def test_heuristic_games_are_the_same_pure() -> None:
    """The pure sources (ECS_VANGUARD_PURE=1, a subprocess) play the same heuristic games."""
    env = {**os.environ, _compiled.PURE_VARIABLE: "1",
           "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    code = ("import json, runpy\n"
            f"ns = runpy.run_path({str(Path(__file__))!r})\n"
            "print(json.dumps(ns['record_digests']('premium', 10)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == record_digests("premium", 10)


if __name__ == "__main__":
    digests = {fmt: record_digests(fmt) for fmt in DECKS}
    lines = ["{"]
    for n, (fmt, rows) in enumerate(digests.items()):
        body = ",\n".join("  " + json.dumps(row) for row in rows)
        lines.append(f' "{fmt}": [\n{body}\n ]' + ("," if n < len(digests) - 1 else ""))
    lines.append("}")
    RECORDS.write_text("\n".join(lines) + "\n")
