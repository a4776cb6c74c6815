"""The same seeds give the same games: 200 seeded random games of each format, the state hash
after every step digested per game, compared with the digests recorded before the layout move
(issue 17). A change of the rules' behaviour shows here as a changed digest; a deliberate one
regenerates the file with `python tests/engine/test_same_games.py`."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg

TRACES = Path(__file__).parent / "data" / "layout_hash_traces.json"
DECKS = {
    "standard": ["blazing_dragons", "radiant_knights", "arcane_scholars", "dress_dancers",
                 "final_rush", "iron_gate"],
    "premium": ["force_vanguards", "accel_strikers", "chain_lockers", "legion_blades"],
}
GAMES = 200


def trace(fmt: str, seed: int) -> list[object]:
    """Play one seeded random game; return its decks, step count and hash-sequence digest."""
    names = DECKS[fmt]
    a, b = names[seed % len(names)], names[(seed // len(names) + 1 + seed) % len(names)]
    game = vg.Game(vg.Deck.builtin(a), vg.Deck.builtin(b), seed=seed, format=fmt)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256(game.state_hash().encode())
    steps = 0
    while not game.over:
        actions = game.legal_actions()
        game.step(actions[int(rng.integers(len(actions)))])
        digest.update(game.state_hash().encode())
        steps += 1
    return [a, b, steps, digest.hexdigest()[:32]]


@pytest.mark.parametrize("fmt", sorted(DECKS))
def test_same_seeds_give_the_same_games_as_before_the_move(fmt: str) -> None:
    """Every step of 200 seeded random games hashes as it did before the layout move."""
    recorded = json.loads(TRACES.read_text())[fmt]
    assert len(recorded) == GAMES
    for seed, expected in enumerate(recorded):
        assert trace(fmt, seed) == expected, f"{fmt} game {seed} ({expected[0]} vs {expected[1]})"


if __name__ == "__main__":
    traces = {fmt: [trace(fmt, seed) for seed in range(GAMES)] for fmt in DECKS}
    lines = ["{"]
    for n, (fmt, rows) in enumerate(traces.items()):
        body = ",\n".join("  " + json.dumps(row) for row in rows)
        lines.append(f' "{fmt}": [\n{body}\n ]' + ("," if n < len(traces) - 1 else ""))
    lines.append("}")
    TRACES.write_text("\n".join(lines) + "\n")
    sys.exit(0)
