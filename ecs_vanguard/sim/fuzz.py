"""Invariant fuzzing: random games across every built-in deck pair and both formats, invariants
after every step, a reproduction file for each failure (issue 5).

    python -m ecs_vanguard.sim.fuzz --games 2000 --seed 1 [--out fuzz-failures] [--workers 2]

Game i's seed comes from (run seed, i) alone, so any worker count finds the same failures.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

from ecs_vanguard.game import Game
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.replay import Reproduction, game_digest, play_checked
from ecs_vanguard.sim import safe_write
from ecs_vanguard.vocab.errors import ReproductionError

FORMATS = ("standard", "premium")
DEFAULT_OUT = "fuzz-failures"
_CHUNK = 25  # games per task: big enough to hide process overhead, small for progress


@dataclass(frozen=True, slots=True)
class Matchup:
    """Two built-in decks and the format they meet in."""

    format: str
    deck_a: str
    deck_b: str


@dataclass(frozen=True, slots=True)
class GameResult:
    """One fuzzed game: its index, matchup, actions played and the reproduction if it failed."""

    index: int
    matchup: Matchup
    steps: int
    failure: Reproduction | None = None


@dataclass
class Summary:
    """What a fuzz run did: games, steps, matchups played, reproduction files, time."""

    games: int = 0
    steps: int = 0
    matchups: Counter[Matchup] = field(default_factory=Counter)
    failures: list[Path] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games_per_s(self) -> float:
        """Games per second of wall time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


@lru_cache(maxsize=1)
def matchups() -> dict[str, tuple[Matchup, ...]]:
    """Return every ordered built-in deck pair by format: standard only between standard decks,
    premium between any (CORE-02)."""
    names = Deck.builtin_names()
    standard = [n for n in names if _deck(n).format == "standard"]
    return {
        "standard": tuple(Matchup("standard", a, b) for a in standard for b in standard),
        "premium": tuple(Matchup("premium", a, b) for a in names for b in names),
    }


@cache
def _deck(name: str) -> Deck:
    return Deck.builtin(name)  # decks are immutable: one load per process


def plan(run_seed: int, index: int) -> tuple[Matchup, int, int]:
    """Return game `index`'s matchup, game seed and agent seed; formats alternate, matchups
    cycle, seeds come from numpy's SeedSequence of (run seed, index)."""
    fmt = FORMATS[index % len(FORMATS)]
    pairs = matchups()[fmt]
    game_seed, agent_seed = np.random.SeedSequence(run_seed, spawn_key=(index,)).generate_state(2)
    return pairs[(index // len(FORMATS)) % len(pairs)], int(game_seed), int(agent_seed)


def _random_indices(rng: np.random.Generator) -> Callable[[Game], Iterator[int]]:
    def indices(game: Game) -> Iterator[int]:
        while not game.over:
            yield int(rng.integers(len(game.legal_actions())))

    return indices


def fuzz_game(run_seed: int, index: int) -> GameResult:
    """Play game `index` of a run with a uniform random agent, invariants after every step."""
    matchup, seed, agent_seed = plan(run_seed, index)
    steps, failure = play_checked(
        lambda: Game(
            _deck(matchup.deck_a), _deck(matchup.deck_b), seed=seed, format=matchup.format
        ),
        _random_indices(np.random.default_rng(agent_seed)),
    )
    if failure is None:
        return GameResult(index, matchup, steps)
    a, b = matchup.deck_a, matchup.deck_b
    digest = game_digest(_deck(a), _deck(b), seed=seed, format=matchup.format, turn_limit=None)
    repro = Reproduction(seed, matchup.format, a, b, failure.actions, failure.error,
                         digest=digest)
    return GameResult(index, matchup, steps, repro)


def _fuzz_range(run_seed: int, start: int, stop: int) -> list[GameResult]:
    return [fuzz_game(run_seed, i) for i in range(start, stop)]


def _results(games: range, run_seed: int, workers: int) -> Iterator[list[GameResult]]:
    """Yield results chunk by chunk, in-process or from a pool of processes (esper's current
    world is global: processes, never threads)."""
    chunks = [(s, min(s + _CHUNK, games.stop)) for s in range(games.start, games.stop, _CHUNK)]
    if workers == 1:
        for start, stop in chunks:
            yield _fuzz_range(run_seed, start, stop)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_fuzz_range, run_seed, start, stop) for start, stop in chunks]
        for future in as_completed(futures):
            yield future.result()


def run(
    games: int,
    seed: int,
    *,
    out: str | Path = DEFAULT_OUT,
    workers: int = 1,
    progress: Callable[[Summary], None] | None = None,
    first: int = 0,
) -> Summary:
    """Fuzz `games` games (indices `first` to `first + games - 1` of the run); write a
    reproduction to `out` for each failure and go on. A run split into ranges plays the same
    games as the whole run (a test spreads its 2,000 games over the cores so).

    Raises:
        ValueError: games, seed or first negative, or workers below 1.
    """
    if games < 0 or seed < 0 or workers < 1 or first < 0:
        raise ValueError(f"need games >= 0, seed >= 0, workers >= 1, first >= 0 (got {games}, "
                         f"{seed}, {workers}, {first})")
    summary = Summary()
    start = time.perf_counter()
    for chunk in _results(range(first, first + games), seed, workers):
        for result in chunk:
            summary.games += 1
            summary.steps += result.steps
            summary.matchups[result.matchup] += 1
            if result.failure is not None:
                summary.failures.append(_write(Path(out), seed, result))
        summary.seconds = time.perf_counter() - start
        if progress is not None:
            progress(summary)
    summary.failures.sort()
    return summary


def _write(out: Path, run_seed: int, result: GameResult) -> Path:
    assert result.failure is not None
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"fuzz-seed{run_seed}-game{result.index:06d}.json"
    text = result.failure.to_json() + "\n"
    safe_write.replace_bytes(path, text.encode("utf-8"), error=ReproductionError)
    return path


def _print_progress(total: int) -> Callable[[Summary], None]:
    shown = [0]  # the last tenth printed; local to this run

    def show(summary: Summary) -> None:
        tenth = summary.games * 10 // max(total, 1)
        if tenth > shown[0]:
            shown[0] = tenth
            print(
                f"fuzz: {summary.games}/{total} games, {summary.steps} steps, "
                f"{len(summary.failures)} failures, {summary.games_per_s:.1f} games/s",
                file=sys.stderr,
                flush=True,
            )

    return show


def main(argv: Sequence[str] | None = None) -> int:
    """Run the fuzzer from the command line; exit 1 if any game failed, 0 otherwise."""
    parser = argparse.ArgumentParser(
        prog="python -m ecs_vanguard.sim.fuzz",
        description="Random games across every built-in deck pair and both formats, with "
        "invariants after every step; writes a reproduction for each failure.",
    )
    parser.add_argument("--games", type=_count, required=True, help="number of games")
    parser.add_argument("--seed", type=_count, default=0, help="run seed (default 0)")
    parser.add_argument(
        "--out", default=DEFAULT_OUT, help=f"folder for reproduction files (default {DEFAULT_OUT}/)"
    )
    parser.add_argument("--workers", type=_positive, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    summary = run(
        args.games,
        args.seed,
        out=args.out,
        workers=args.workers,
        progress=_print_progress(args.games),
    )
    print(
        f"fuzz: {summary.games} games, {summary.steps} steps, {len(summary.failures)} "
        f"failures, {summary.games_per_s:.1f} games/s ({args.workers} workers, "
        f"{summary.seconds:.1f} s)"
    )
    for path in summary.failures:
        print(f"fuzz: failure written to {path}; replay: python -m ecs_vanguard.replay {path}")
    return 1 if summary.failures else 0


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


if __name__ == "__main__":
    sys.exit(main())
