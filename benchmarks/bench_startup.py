"""Start-up times: `import ecs_vanguard`, the engine's import, `--help` and `--version`.

    python benchmarks/bench_startup.py [--runs 10]

Each figure is the median wall time of --runs fresh interpreters (wall time: what a user waits
for, the interpreter's own start included; `python -c pass` is given as the floor). One JSON
line per figure:

    {"benchmark": "startup", "figure": "help", "command": "python -m ecs_vanguard --help",
     "median_s": ..., "min_s": ..., "runs": 10}

Figures: `python` (python -c pass), `import` (import ecs_vanguard: the face alone, lazy),
`import_engine` (from ecs_vanguard import Game: the engine), `help` and `version` (python -m
ecs_vanguard --help / --version; the `ecs-vanguard` script runs the same code). Python caches
compiled modules (.pyc) by default; with PYTHONDONTWRITEBYTECODE set (`"pyc": false` on each
line) and no .pyc files from before, every import compiles its source again and the import
figures are several times larger.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "python": ["-c", "pass"],
    "import": ["-c", "import ecs_vanguard"],
    "import_engine": ["-c", "from ecs_vanguard import Game"],
    "help": ["-m", "ecs_vanguard", "--help"],
    "version": ["-m", "ecs_vanguard", "--version"],
}


def wall_times(argv: list[str], runs: int) -> list[float]:
    """Seconds of wall time of `python ARGV` run in ROOT (`-c` imports from the working
    folder first), once per run, in fresh interpreters."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, *argv], env=env, cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    """Time every command, interleaved run by run; print one JSON line per figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="fresh interpreters per figure")
    args = parser.parse_args(argv)
    for command in COMMANDS.values():                     # warm the file cache and .pyc files
        wall_times(command, 1)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.runs):                            # interleaved: load hits all alike
        for name, command in COMMANDS.items():
            times[name] += wall_times(command, 1)
    for name, command in COMMANDS.items():
        print(json.dumps({"benchmark": "startup", "figure": name,
                          "command": " ".join(["python", *command]),
                          "median_s": round(statistics.median(times[name]), 3),
                          "min_s": round(min(times[name]), 3), "runs": args.runs,
                          "pyc": not sys.dont_write_bytecode}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
