"""Play one whole game between two agents and summarise it as a plain record (JSON-ready)."""

from __future__ import annotations

from dataclasses import dataclass

from ecs_vanguard.cards.deck import Deck


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything that decides one game: decks, agents, seed and format (picklable)."""

    deck_a: Deck
    deck_b: Deck
    agent_a: str = "random"
    agent_b: str = "random"
    seed: int = 0
    format: str = "standard"
    turn_limit: int | None = None
    check: bool = False          # run game.check_invariants() after every step (issue 5)


def play_game(spec: GameSpec) -> dict:
    """Play one game; return its record (see module docstring of ecs_vanguard.sim.runner).

    Record keys: seed, agent_a, agent_b, format, winner ("a", "b" or None for a draw),
    reason, turns, first ("a" or "b"), damage_a, damage_b, decisions, triggers (dict trigger
    type -> times revealed, both players), mechanics (dict mechanic -> count, e.g. "persona_rides",
    "rides", "calls", "attacks", "guards", "intercepts", "orders", "gifts", "deletes"), error
    (None, or a message if the engine failed: the game is recorded, not raised).
    """
    raise NotImplementedError("filled in with the engine (lead engineer)")
