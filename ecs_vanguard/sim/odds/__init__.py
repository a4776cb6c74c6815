"""Deck odds for deck builders: mulligan policies, both seats' turns, exact figures beside Monte
Carlo (CORE-02..05, CORE-11, CORE-12, CORE-14, STR-03/04).

    report = odds("blazing_dragons", mulligan="grades", targets=["2x name Kaelrath"])
    print(report.to_text())                 # a table per question, first and second seat
    report.table("ride").cell("turn 3", "G3 first").value

The questions, by own turn N = 1..6 for the first and the second player: the vanguard's grade
after riding (per grade, and on curve as a joint chance), grade-g cards that reached the hand, at
least j copies of a target card, the hand size and the shield in hand, and the triggers revealed
by your own drive checks; from the deck after the mulligan: triggers in one drive of 1-3 checks
and heals and criticals in the first k damage checks, a heal at 4 and at 5 damage. Each figure is
a Monte Carlo estimate with its standard error (`montecarlo`), and its exact value in fractions
where a closed form exists (`exact`), which the report then uses. The model is `model`'s.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Sequence

from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck, deck_pool
from ecs_vanguard.sim.odds import exact as ex
from ecs_vanguard.sim.odds.filters import CardFilter, parse_counted
from ecs_vanguard.sim.odds.model import MAX_TURN, SEATS, DeckModel, build_model
from ecs_vanguard.sim.odds.montecarlo import simulate
from ecs_vanguard.sim.odds.policy import POLICIES, MulliganPolicy, resolve_policy
from ecs_vanguard.sim.odds.questions import check_tables, copies_table, hand_tables, ride_tables
from ecs_vanguard.sim.odds.report import Figure, OddsReport, Table
from ecs_vanguard.vocab import checks, limits
from ecs_vanguard.vocab.errors import OddsError

__all__ = ["MAX_TURN", "POLICIES", "SEATS", "Figure", "MulliganPolicy", "OddsReport", "Table",
           "odds", "resolve_policy"]

DEFAULT_MULLIGAN = "grades"
MAX_COPIES = 8                      # "at least j copies" for j up to this


def odds(deck: Deck | str, db: CardDB | None = None, *,
         mulligan: str | MulliganPolicy = DEFAULT_MULLIGAN,
         targets: Sequence[str | tuple[CardFilter, int]] = (), samples: int = 200_000,
         seed: int = 0, exact: bool = True,
         progress: Callable[[int], None] | None = None) -> OddsReport:
    """Compute a deck's odds from `samples` shuffled decks, with exact figures beside them.

    Args:
        deck: a Deck, or a built-in deck name or deck file path (`Deck.resolve`).
        db: the card pool (the built-in one by default; `CardDB.load(path, base=...)` for custom
            cards); the card files the deck names are loaded on top.
        mulligan: a built-in policy name (POLICIES), a policy TOML path, a few-word policy, or a
            MulliganPolicy.
        targets: cards to count, e.g. "2x name Kaelrath" (at least 1 and 2 copies), or
            (filter, count) pairs.
        samples: shuffled decks, at least 1; each plays both seats.
        seed: seed of the numpy generator; the same seed gives the same report.
        exact: also compute the exact figures (a fraction of a second per question).
        progress: called with the number of decks of each finished batch.

    Raises:
        OddsError (a ValueError): samples is not an integer from 1 to
            limits.MAX_ODDS_SAMPLES, a bad seed, deck or db.
        DeckError: the deck cannot be loaded or set up (CORE-02, CORE-03).
        OddsError: the policy or a target cannot be read, or a target matches no card.
    """
    samples = checks.integer(samples, "samples", low=1, high=limits.MAX_ODDS_SAMPLES,
                             error=OddsError)
    checks.integer(seed, "seed", low=0, error=OddsError)
    checks.instance(deck, "deck", (Deck, str, os.PathLike), "a Deck, a built-in deck name or a "
                    "deck file path", error=OddsError)
    checks.instance(db, "db", (CardDB, type(None)), "a CardDB or None", error=OddsError)
    deck = Deck.resolve(os.fspath(deck), db) if not isinstance(deck, Deck) else deck
    db = deck_pool((deck,), db)                 # with the card files the deck names
    model = build_model(deck, db)
    policy = resolve_policy(mulligan)
    goals = [_target(t, model) for t in targets]
    tally = simulate(model, policy, tuple(f for f, _ in goals), tuple(k for _, k in goals),
                     samples, seed, progress)
    seats = [_turns(model, policy, s) if exact else None for s in range(2)]
    tables = ride_tables(tally, seats)
    for i, (f, k) in enumerate(goals):
        per_seat = [_turns(model, policy, s, f, k) if exact else None for s in range(2)]
        tables.append(copies_table(i, f, k, tally, per_seat))
    tables += hand_tables(tally, seats)
    tables += check_tables(model, policy, tally, exact and ex.feasible(model.pool, policy))
    return OddsReport(deck=deck.name, format=deck.format, policy=policy.name,
                      policy_text=policy.description or _describe(policy), samples=samples,
                      seed=seed, pool_size=model.size, tables=tuple(tables))


def _turns(model: DeckModel, policy: MulliganPolicy, seat: int, target: CardFilter | None = None,
           cap: int = 0) -> ex.TurnFigures | None:
    if not ex.feasible(model.pool, policy, target):
        return None
    return ex.turns(model, policy, seat, target, cap)


def _target(spec: str | tuple[CardFilter, int], model: DeckModel) -> tuple[CardFilter, int]:
    """Read a target and check that some card shuffled into the deck matches it."""
    if isinstance(spec, str):
        f, k = parse_counted(spec, f"target {spec!r}", MAX_COPIES)
    else:
        f, k = spec
    matched = sum(f.matches(c) for c in model.pool)
    if not matched:
        names = sorted({n for c in model.pool for n in c.names})
        close = difflib.get_close_matches(f.text.removeprefix("name "), names, n=3, cutoff=0.3)
        hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise OddsError(f"target {f.text!r}: no card shuffled into {model.name} matches it "
                        f"(ride deck cards and the starter are not shuffled){hint}")
    return f, min(k, matched)


def _describe(policy: MulliganPolicy) -> str:
    """Say in words what a policy without a description does."""
    parts = []
    if policy.keep_if is not None:
        parts.append(f"keep a hand with {policy.keep_if.count}x {policy.keep_if.filter.text}")
    if policy.keep:
        parts.append("keep " + ", ".join(f"{r.count}x {r.filter.text}" for r in policy.keep))
    parts.append({"rest": "return the rest", "all": "else return all five"}.get(
        str(policy.returns), f"return {policy.returns}"))
    return "; ".join(parts)
