"""Two or more versions of the engine side by side: the same fixed work, interleaved, CPU time.

    python benchmarks/bench_versions.py BASE OTHER [OTHER ...] [--workload random] [--rounds 8]
    python benchmarks/bench_versions.py 85f5235 HEAD --workload heuristic

A version is a source folder (`.` for the working tree, edits included) or a git revision of
this repository (its committed files, exported with `git archive` to a temporary folder). Each round runs every version once, in a fresh interpreter whose
`PYTHONPATH` is that version's folder, the order alternating round by round (ABBA), so a host
whose speed drifts between runs (these machines swing by a third) slows both alike. The child
times its own work in CPU seconds (time.process_time), after one untimed warm-up run. Workloads:

- random: `--games` random games (seeds 0..games-1), decisions per CPU second;
- heuristic: `--games` heuristic-vs-heuristic games through the runner's play_game, games per
  CPU second (what `ecs-vanguard simulate` pays per game, without its process pool);
- clone: clone a mid-game position and apply one random legal action to the clone, per CPU
  second (what tree search pays);
- new: new games made (deck checks, the deal, the mulligan decision), per CPU second.

One JSON line per round and version, then per other version the median ratio other / base
over the rounds, and `same_work`: whether every round played the same games on both (a digest
of the final state hashes or the actions played). A speed change that changes games shows
False there.

    {"benchmark": "versions", "workload": "random", "version": "HEAD", "base": "85f5235",
     "median_ratio": ..., "rounds": [...], "same_work": true}
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WORKLOADS = ("random", "heuristic", "clone", "new")

# The child: the engine of one version does the work once untimed, then once timed.
CHILD = r'''
import hashlib, json, sys, time
import numpy as np
import ecs_vanguard as vg

workload, games = sys.argv[1], int(sys.argv[2])
decks = vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights")
digest = hashlib.sha256()


def random_games():
    decisions = 0
    for seed in range(games):
        rng, game = np.random.default_rng(seed), vg.Game(*decks, seed=seed)
        while not game.over:
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])
            decisions += 1
        digest.update(str(game.state_hash()).encode())
    return decisions


def heuristic_games():
    from ecs_vanguard.sim.play import GameSpec, play_game
    for seed in range(games):
        record = play_game(GameSpec(decks[0], decks[1], "heuristic", "heuristic", seed=seed))
        digest.update(repr((record["winner"], record["turns"], record["actions"])).encode())
    return games


def clone_steps():
    game, rng = vg.Game(*decks, seed=3), np.random.default_rng(3)
    for _ in range(150):
        actions = game.legal_actions()
        game.step(actions[int(rng.integers(len(actions)))])
    rng, count = np.random.default_rng(0), 500 * games
    for _ in range(count):
        child = game.clone()
        actions = child.legal_actions()
        child.step(actions[int(rng.integers(len(actions)))])
        digest.update(str(child.state_hash()).encode())
    return count


def new_games():
    for seed in range(8 * games):
        game = vg.Game(*decks, seed=seed)
    digest.update(str(game.state_hash()).encode())
    return 8 * games


work = {"random": random_games, "heuristic": heuristic_games, "clone": clone_steps,
        "new": new_games}[workload]
work()
digest = hashlib.sha256()          # the timed run's work alone
start = time.process_time()
count = work()
cpu_s = time.process_time() - start
print(json.dumps({"count": count, "cpu_s": cpu_s, "digest": digest.hexdigest()[:16],
                  "engine": vg.__file__}))
'''


def emit(**figure: object) -> None:
    """Print one figure as a JSON line."""
    print(json.dumps({"benchmark": "versions", **figure}), flush=True)


def source_of(version: str, scratch: Path) -> Path:
    """The folder of a version: the folder itself, or the revision exported from git."""
    folder = Path(version)
    if (folder / "ecs_vanguard" / "__init__.py").is_file():
        return folder.resolve()
    target = scratch / f"v{len(list(scratch.iterdir()))}"
    target.mkdir()
    try:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", version],
                                 capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", b"") or str(exc).encode()
        raise SystemExit(f"{version!r} is neither an engine source folder nor a git revision of "
                         f"{REPO}: {detail.decode(errors='replace').strip()}") from None
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def run_child(folder: Path, workload: str, games: int) -> dict:
    """The work of one version in a fresh interpreter; its count, CPU seconds and digest."""
    env = dict(os.environ, PYTHONPATH=str(folder))
    env.pop("PYTHONDONTWRITEBYTECODE", None)    # a version compiles once, not every round
    done = subprocess.run([sys.executable, "-c", CHILD, workload, str(games)], check=False,
                          cwd=folder, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{folder}: the {workload} workload failed:\n{done.stderr[-2000:]}")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(got["engine"]).is_relative_to(folder):
        # An installed engine found before the folder would time the same code twice.
        raise SystemExit(f"{folder}: the child imported the engine from {got['engine']}")
    return got


def main(argv: list[str] | None = None) -> int:
    """Run the rounds; print each round and the median ratios against the first version."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("versions", nargs="+", metavar="VERSION",
                        help="source folders or git revisions; the first is the base")
    parser.add_argument("--workload", choices=WORKLOADS, default="random")
    parser.add_argument("--rounds", type=int, default=8, help="interleaved rounds (default 8)")
    parser.add_argument("--games", type=int, default=40,
                        help="work per run: games (random, heuristic), 500x clone steps, 8x new "
                        "games (default 40)")
    args = parser.parse_args(argv)
    if len(args.versions) < 2 or args.rounds < 1 or args.games < 1:
        parser.error("give two versions or more, and --rounds and --games of at least 1")
    with tempfile.TemporaryDirectory(prefix="bench_versions-") as scratch:
        folders = [source_of(v, Path(scratch)) for v in args.versions]
        results: list[list[dict]] = [[] for _ in folders]
        for r in range(args.rounds):
            order = range(len(folders)) if r % 2 == 0 else reversed(range(len(folders)))
            for i in order:
                got = run_child(folders[i], args.workload, args.games)
                results[i].append(got)
                emit(round=r, workload=args.workload, version=args.versions[i],
                     per_cpu_s=round(got["count"] / got["cpu_s"], 1), count=got["count"],
                     cpu_s=round(got["cpu_s"], 3))
    base = results[0]
    for version, rows in zip(args.versions[1:], results[1:], strict=True):
        ratios = [(b["cpu_s"] / b["count"]) / (o["cpu_s"] / o["count"])
                  for b, o in zip(base, rows, strict=True)]
        emit(workload=args.workload, version=version, base=args.versions[0],
             median_ratio=round(statistics.median(ratios), 3),
             rounds=[round(x, 3) for x in ratios],
             same_work=all(b["digest"] == o["digest"] for b, o in zip(base, rows, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
