"""Round-robin tournaments of agents: every pair of agents on every deck pairing in both seats,
each pairing one `simulate` run (same backends, same files, same resume), then a win-rate matrix
with Wilson intervals and Bradley-Terry (Elo-scale) ratings with bootstrap intervals.

Every run of a tournament uses the tournament's seed, so game i of every run is dealt the same way
whichever agents play it: both seats of a pairing play the same deals (a duplicate format, which
takes the luck of the deal out of the comparison). With `out=DIR`:

    DIR/tournament.json    what the tournament is: agents, decks, games, seed, format
    DIR/<run>/             one simulate results directory per pairing and seat (games.jsonl, ...)
    DIR/summary.json       the matrix and the ratings;  DIR/tournament.png  their heatmap
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from ecs_vanguard.agents import AgentSpec
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.sim import ratings, runner, tournament_plot
from ecs_vanguard.sim.play import GameSpec, play_game
from ecs_vanguard.sim.pool import refuse_in_bootstrap
from ecs_vanguard.sim.results import Results
from ecs_vanguard.sim.rundir import write_json
from ecs_vanguard.sim.summary import tournament_text, wilson
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import SimulationError

HEADER_VERSION = 1


@dataclass(frozen=True, slots=True)
class Pairing:
    """One run of a tournament: agent X with deck A against agent Y with deck B."""

    agent_a: str
    agent_b: str
    deck_a: str
    deck_b: str

    @property
    def label(self) -> str:
        """A file-name-safe name of the run: agents and decks."""
        text = f"{self.agent_a}@{self.deck_a}-vs-{self.agent_b}@{self.deck_b}"
        return re.sub(r"[^A-Za-z0-9_.@=-]+", "_", text)


def pairings(agents: Sequence[str], decks: Sequence[str]) -> list[Pairing]:
    """Return the runs of a round robin: each pair of agents, each pair of decks (a deck
    against itself when only one is given), both seats."""
    deck_pairs = ([(decks[0], decks[0])] if len(decks) == 1 else
                  [(a, b) for k, a in enumerate(decks) for b in decks[k + 1:]])
    runs = []
    for k, x in enumerate(agents):
        for y in agents[k + 1:]:
            for a, b in deck_pairs:
                runs += [Pairing(x, y, a, b), Pairing(y, x, a, b)]
    return runs


@dataclass(frozen=True)
class TournamentResults:
    """The agents, their pairwise results (row against column) and ratings."""

    agents: tuple[str, ...]
    wins: np.ndarray                    # wins[i, j]: games agent i won against agent j
    draws: np.ndarray                   # symmetric
    errors: int
    runs: tuple[dict[str, Any], ...]    # one summary per run (Results.summary())
    header: dict[str, Any] = field(default_factory=dict)

    @property
    def games(self) -> np.ndarray:
        """games[i, j]: completed games between agents i and j."""
        return self.wins + self.wins.T + self.draws

    def ratings(self, samples: int = 1000) -> ratings.Ratings:
        """Bradley-Terry ratings (Elo scale, mean 1500) with 95% bootstrap intervals."""
        return ratings.bootstrap_ratings(self.wins, self.draws, samples=samples,
                                         seed=int(self.header.get("seed", 0)))

    def summary(self) -> dict[str, Any]:
        """Return the matrix, the ratings and the runs as a JSON-ready dict."""
        return self._summary

    @cached_property
    def _summary(self) -> dict[str, Any]:
        fit = self.ratings()      # the bootstrap takes about a second: computed once
        k = len(self.agents)
        matrix = {a: {b: wilson(int(self.wins[i, j]), int(self.games[i, j])) | {
            "draws": int(self.draws[i, j])} for j, b in enumerate(self.agents) if j != i}
            for i, a in enumerate(self.agents)}
        return {"tournament": self.header, "agents": list(self.agents), "win_rate": matrix,
                "ratings": {a: {"rating": float(fit.rating[i]), "low": float(fit.low[i]),
                                "high": float(fit.high[i])} for i, a in enumerate(self.agents)},
                "games": int(self.games.sum() // 2), "errors": self.errors,
                "runs": list(self.runs), "agent_count": k}

    def to_text(self) -> str:
        """Return the win-rate matrix and the ratings as readable tables."""
        return tournament_text(self.summary())


def tournament(agents: Sequence[str | AgentSpec], decks: Sequence[runner.DeckLike],
               games: int = 100, *, seed: int = 0, format: str | None = None,
               db: CardDB | None = None, turn_limit: int | None = None,
               workers: int | None = None, backend: str = "process", address: str | None = None,
               out: str | os.PathLike | None = None, resume: bool = False,
               progress: bool | str = False,
               game_fn: Callable[[GameSpec], dict] = play_game) -> TournamentResults:
    """Play a round robin of `agents` (specs) on `decks`: `games` games per run (module doc).
    `format`, `db` and `progress` are those of `simulate` (None: the decks' own format).

    Raises:
        SimulationError: fewer than two agents, an agent twice, a bad argument, or `out` holds
            another tournament (or this one, without resume).
        DeckError: a deck cannot be loaded or is not legal in the format.
        WorkerError: a worker process was lost for good (finished games are kept).
    """
    refuse_in_bootstrap()                 # a worker re-running an unguarded script
    names = [runner.agent_text(a) for a in agents]
    if len(names) < 2 or len(set(names)) != len(names):
        raise SimulationError(f"a tournament needs two or more different agents, got {names}")
    if not decks:
        raise SimulationError("a tournament needs at least one deck")
    resolved = {str(d): runner.resolve_deck(d, db) for d in dict.fromkeys(map(str, decks))}
    labels = {key: deck.name for key, deck in resolved.items()}
    header = {"version": HEADER_VERSION, "agents": names, "games": games, "seed": seed,
              "format": format, "turn_limit": turn_limit,
              "decks": [runner.deck_identity(d) for d in resolved.values()]}
    root = Path(out) if out is not None else None
    if root is not None:
        _claim(root, header)
    results = []
    for run in pairings(names, list(resolved)):
        label = f"{run.agent_a} ({labels[run.deck_a]}) vs {run.agent_b} ({labels[run.deck_b]})"
        results.append(runner.simulate(
            resolved[run.deck_a], resolved[run.deck_b], games, agent_a=run.agent_a,
            agent_b=run.agent_b, seed=seed, format=format, db=db, turn_limit=turn_limit,
            workers=workers, backend=backend, address=address,
            out=None if root is None else root / run.label, resume=resume,
            progress=progress, label=label, game_fn=game_fn))
    outcome = collect(names, results, header)
    if root is not None:
        _finish(root, outcome)
    return outcome


def collect(agents: Sequence[str], results: Sequence[Results],
            header: dict[str, Any] | None = None) -> TournamentResults:
    """Sum the runs' results into the pairwise wins and draws of the agents."""
    index = {a: i for i, a in enumerate(agents)}
    k = len(agents)
    wins, draws = np.zeros((k, k), dtype=np.int64), np.zeros((k, k), dtype=np.int64)
    errors = 0
    for res in results:
        a, b = index[res.run["agent_a"]], index[res.run["agent_b"]]
        ok = ~res.errors
        errors += int((~ok).sum())
        wins[a, b] += int((res.winner[ok] == 0).sum())
        wins[b, a] += int((res.winner[ok] == 1).sum())
        tied = int((res.winner[ok] == -1).sum())
        draws[a, b] += tied
        draws[b, a] += tied
    summaries = tuple(_run_summary(r) for r in results)
    return TournamentResults(tuple(agents), wins, draws, errors, summaries, dict(header or {}))


def _run_summary(res: Results) -> dict[str, Any]:
    s = res.summary()
    return {key: s[key] for key in ("run", "games", "wins_a", "wins_b", "draws", "win_rate_a",
                                    "errors", "decisions_per_game")}


def _claim(root: Path, header: dict[str, Any]) -> None:
    """Write tournament.json, or check that the one there describes this tournament."""
    path = root / "tournament.json"
    if path.exists():
        try:
            old = json.loads(limits.read_checked(
                path, limit=limits.RUN_HEADER_BYTES, nesting=limits.JSON_NESTING, toml=False,
                error=SimulationError, what="tournament header"))
        except (OSError, ValueError, SimulationError):
            old = None
        if old != header:
            raise SimulationError(f"{root} holds another tournament (tournament.json differs); "
                                  "choose a fresh out directory")
        return
    if root.exists() and not root.is_dir():
        raise SimulationError(f"{root} is not a directory")
    others = sorted(p.name for p in root.iterdir()) if root.is_dir() else []
    if others:                        # a simulate run's folder, or anything else: never mixed in
        raise SimulationError(f"{root} holds files of something other than a tournament "
                              f"({limits.few(others, 3)}); choose a new or empty out directory")
    root.mkdir(parents=True, exist_ok=True)
    write_json(path, header)


def _finish(root: Path, outcome: TournamentResults) -> None:
    """Write summary.json and the heatmap tournament.png."""
    summary = outcome.summary()
    write_json(root / "summary.json", summary)
    tournament_plot.plot_tournament(summary, root / "tournament.png", error=SimulationError)
