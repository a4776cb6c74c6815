"""The `ecs-vanguard odds` subcommand: a deck's odds as tables, JSON and a plot."""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from ecs_vanguard.pool.deck import Deck, deck_pool
from ecs_vanguard.sim.cardpool import add_cards_option, load_cards
from ecs_vanguard.sim.odds import DEFAULT_MULLIGAN, MAX_COPIES, POLICIES, odds
from ecs_vanguard.sim.odds.plot import plot_odds
from ecs_vanguard.sim.runner import deck_label
from ecs_vanguard.vocab.formats import Format
from ecs_vanguard.vocab.text import printable

DEFAULT_SAMPLES = 1_000_000


def add_options(p: argparse.ArgumentParser, at_least: Callable[[int], Callable]) -> None:
    """Add the description and options of the `odds` subcommand to its parser (its help line is
    the command line's, cli/main.py)."""
    p.description = ("Shuffle many decks, mulligan by a policy, play six turns going first and "
                     "second; print exact figures (marked =) or estimates ± a standard error, "
                     "and draw a plot.")
    p.add_argument("deck", metavar="DECK", help="built-in deck name or deck TOML path")
    p.add_argument("--format", choices=[f.value for f in Format],
                   help="format the deck must be legal in (default: the deck's own)")
    p.add_argument("--mulligan", metavar="POLICY", default=DEFAULT_MULLIGAN,
                   help=f"a built-in policy ({', '.join(POLICIES)}; default "
                   f"{DEFAULT_MULLIGAN}), a policy TOML file, or words such as "
                   "'keep-if grade 1; return all'")
    p.add_argument("--target", metavar="FILTER", action="append", default=[],
                   help="count cards matching a filter, e.g. '2x name Blaze Lancer', "
                   f"'grade 3', 'trigger heal' (repeatable; up to {MAX_COPIES}x)")
    add_cards_option(p)
    p.add_argument("--samples", type=at_least(1), default=DEFAULT_SAMPLES,
                   help=f"shuffled decks (default {DEFAULT_SAMPLES:,})")
    p.add_argument("--seed", type=at_least(0), default=0, help="random seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--plot", metavar="PNG", help="where to draw the plot (default here, "
                   "named by what changes it: odds-<deck>-<policy>-<samples>-seed<N>.png)")
    p.add_argument("--no-plot", action="store_true", help="draw no plot")
    p.add_argument("--no-exact", action="store_true",
                   help="Monte Carlo only (skip the exact figures)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, argv: list[str]) -> int:
    """Compute, print and plot the odds of a deck."""
    plot = None if args.no_plot else Path(args.plot or plot_name(args)).absolute()
    if plot is not None and plot.parent != Path() and not plot.parent.is_dir():
        raise ValueError(f"--plot {plot}: no such folder {plot.parent}")
    base = load_cards(args.cards)
    deck = Deck.resolve(args.deck, base)
    db = deck_pool((deck,), base)                      # and the card files the deck names
    deck.validate(args.format or deck.format, db)      # CORE-02, as `simulate` checks it
    from tqdm import tqdm

    with tqdm(total=args.samples, unit="deck", unit_scale=True, desc="shuffling",
              file=sys.stderr, dynamic_ncols=True, leave=False,
              disable=args.samples < 2_000_000 or not sys.stderr.isatty()) as bar:
        report = odds(deck, db, mulligan=args.mulligan, targets=args.target,
                      samples=args.samples, seed=args.seed, exact=not args.no_exact,
                      progress=bar.update)
    if plot is not None:
        plot_odds(report, plot)
    if args.json:
        print(json.dumps({**report.to_dict(), "plot": None if plot is None else str(plot)},
                         indent=2))
    else:
        print(printable(report.to_text()))       # a deck's name: ESC as \x1b
        if plot is not None:
            print(f"\nplot: {plot}")
    return 0


def plot_name(args: argparse.Namespace) -> str:
    """Return the default plot's file name: the deck, the custom card files, the mulligan
    policy, the samples and the seed, and whether exact figures are drawn, so runs that draw
    different figures never overwrite each other. (`--format` only checks the deck's legality and
    `--target` is not drawn: neither changes the figure.)"""
    parts = [deck_label(args.deck)]
    parts += [f"cards-{deck_label(c)}" for c in args.cards or ()]
    parts += [_policy_label(args.mulligan), _count(args.samples), f"seed{args.seed}"]
    if args.no_exact:
        parts.append("estimates")
    return f"odds-{'-'.join(parts)}.png"


def _policy_label(spec: str) -> str:
    """A built-in policy's name, a policy file's stem, or a few words as one file-name-safe
    word (a long one cut short and told apart by a digest of its words)."""
    if spec in POLICIES:
        return spec
    if spec.endswith(".toml") or Path(spec).is_file():
        return deck_label(spec)
    words = re.sub(r"[^A-Za-z0-9.]+", "_", spec).strip("_") or "policy"
    if len(words) > 40:
        words = f"{words[:32]}_{hashlib.sha256(spec.encode()).hexdigest()[:7]}"
    return words


def _count(samples: int) -> str:
    """1000000 as 1M, 20000 as 20k, 12345 as itself."""
    for unit, size in (("M", 1_000_000), ("k", 1_000)):
        if samples % size == 0:
            return f"{samples // size}{unit}"
    return str(samples)
