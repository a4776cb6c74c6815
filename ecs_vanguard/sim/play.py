"""Play one whole game between two agents and summarise it as a plain record (JSON-ready)."""

from __future__ import annotations

from dataclasses import dataclass

from ecs_vanguard.agents import make_agent
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.replay.record import encode_actions
from ecs_vanguard.sim import ticks
from ecs_vanguard.sim.event_counts import count_events


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
    db: CardDB | None = None     # the card pool (None: the built-in one); pickled to workers


def play_game(spec: GameSpec) -> dict:
    """Play one game; return its record. The engine failing is recorded, never raised.

    Record keys: seed, agent_a, agent_b, format, winner ("a", "b" or None for a draw),
    reason (damage, deck_out, damage_and_deck_out, turn_limit, decision_limit, engine_limit,
    or unfinished after an engine failure), detail (the reason in words), turns, first ("a" or "b"),
    damage_a, damage_b, decisions, triggers (dict trigger type -> times revealed, both
    players), mechanics (dict mechanic -> count: rides, persona_rides, calls, attacks, guards,
    intercepts, orders, gifts, deletes, acts, autos), error (None, or the message of an engine
    failure), actions (the index of every action played, `replay.encode_actions`: with the
    seed and the decks, enough to replay the game move by move).
    """
    agents = (make_agent(spec.agent_a, spec.seed * 2 + 1), make_agent(spec.agent_b, spec.seed * 2 + 2))
    record: dict = {"seed": spec.seed, "agent_a": spec.agent_a, "agent_b": spec.agent_b,
                    "format": spec.format, "error": None}
    ticker = ticks.current()                     # progress counts decisions as they are made
    game = Game(spec.deck_a, spec.deck_b, seed=spec.seed, format=spec.format, db=spec.db,
                turn_limit=spec.turn_limit)      # a deck is checked once a process (CORE-02)
    try:
        while not game.over:
            decision = game.decision
            assert decision is not None
            # step() looks the action up and keeps its index (game.history, the record's
            # actions below) before it runs the rules, so an engine failure in them still
            # counts the action; an illegal one raises here, unplayed, as before.
            game.step(agents[decision.player].act(game))
            if spec.check:
                game.check_invariants()
            if ticker is not None:
                ticker.decision()
    except Exception as exc:  # noqa: BLE001 - an engine bug ends this game only (issue 5)
        record["error"] = f"{type(exc).__name__}: {exc}"
    played = game.history
    record["actions"] = encode_actions(played)
    record.update(_summarise(game, len(played)))
    return record


def _summarise(game: Game, decisions: int) -> dict:
    game.switch()
    state = game.state
    triggers, mechanics = count_events(state.events)
    side = {0: "a", 1: "b"}
    return {
        "winner": side.get(state.winner) if state.over else None,  # type: ignore[arg-type]
        "reason": state.end_code or "unfinished",
        "detail": state.end_reason,
        "turns": state.turn.turn,
        "first": side[state.turn.first_player],
        "damage_a": q.damage_count(state, 0),
        "damage_b": q.damage_count(state, 1),
        "decisions": decisions,
        "triggers": triggers,
        "mechanics": mechanics,
    }
