"""Game functions that misbehave on purpose, importable by worker processes (tests of issue 12).

Each derives a plausible record from the seed alone, like test_runner.fake_game, and then
sleeps, dies or notes its process id as the test needs.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import numpy as np

from ecs_vanguard.sim import ticks
from ecs_vanguard.sim.play import GameSpec


def fake_game(spec: GameSpec) -> dict:
    """Return a record derived from the seed alone (no game is played)."""
    rng = np.random.default_rng(spec.seed)
    roll = rng.random()
    return {"seed": spec.seed, "winner": "a" if roll < 0.5 else "b" if roll < 0.9 else None,
            "first": "a" if rng.random() < 0.5 else "b", "turns": int(rng.integers(4, 16)),
            "damage_a": int(rng.integers(0, 7)), "damage_b": int(rng.integers(0, 7)),
            "decisions": 100, "reason": "damage", "triggers": {"critical": 1},
            "mechanics": {"rides": 5}, "error": None}


def killing_game(doomed: int, spec: GameSpec) -> dict:
    """Kill this worker process (SIGKILL, like the out-of-memory killer) on the doomed seed."""
    if spec.seed == doomed:
        os.kill(os.getpid(), signal.SIGKILL)
    return fake_game(spec)


def dying_once_game(marker: str, doomed: int, spec: GameSpec) -> dict:
    """Kill this worker the first time the doomed seed is played, then play it normally."""
    if spec.seed == doomed and not os.path.exists(marker):
        Path(marker).write_text("died once")
        os.kill(os.getpid(), signal.SIGKILL)
    return fake_game(spec)


def slow_game(pid_dir: str, spec: GameSpec) -> dict:
    """Note this process's id in `pid_dir`, then take a while (a run long enough to stop)."""
    Path(pid_dir, str(os.getpid())).touch()
    time.sleep(0.05)
    return fake_game(spec)


def deliberate_game(decisions: int, seconds: float, spec: GameSpec) -> dict:
    """Take `decisions` decisions of `seconds` each, counted on the progress ticker as
    play_game counts them, like a slow search agent."""
    ticker = ticks.current()
    for _ in range(decisions):
        time.sleep(seconds)
        if ticker is not None:
            ticker.decision()
    return {**fake_game(spec), "decisions": decisions}
