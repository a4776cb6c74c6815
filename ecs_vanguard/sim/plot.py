"""The summary plot of a run: win rates with intervals, turn counts, damage at the end (PNG)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from ecs_vanguard.sim import safe_write
from ecs_vanguard.sim.figure import agg_figure
from ecs_vanguard.vocab.errors import SimulationError, VanguardError

_RATES = (("win_rate_a", "A wins"), ("first_player_win_rate", "first player wins"),
          ("win_rate_a_going_first", "A wins going first"),
          ("win_rate_a_going_second", "A wins going second"), ("draw_rate", "draws"))


def plot_summary(summary: Mapping[str, Any], path: str | os.PathLike, *,
                 error: type[VanguardError] = SimulationError) -> None:
    """Draw a summary dict (Results.summary()) as a three-panel PNG at `path`."""
    fig = agg_figure(figsize=(13, 4.2), layout="constrained")
    rates, turns, damage = fig.subplots(1, 3)
    _rates_panel(rates, summary)
    _histogram_panel(turns, {"games": summary["turns"]["histogram"]}, "turns per game")
    _histogram_panel(damage, {"A": summary["damage_a"]["histogram"],
                              "B": summary["damage_b"]["histogram"]}, "damage at the end")
    fig.suptitle(_title(summary))
    # never through a link planted at `path`; an unwritable folder is one `error` line
    safe_write.replace_with(path, lambda f: fig.savefig(f, format="png", dpi=100), error=error)


def _rates_panel(ax: Any, summary: Mapping[str, Any]) -> None:
    """Draw each rate as a bar with its Wilson 95% interval, its figure beside the frame."""
    from matplotlib.transforms import blended_transform_factory

    shown = [(label, summary[key]) for key, label in _RATES if summary[key]["n"]]
    y = np.arange(len(shown))
    rate = np.array([w["rate"] for _, w in shown])
    # clipped: float rounding can put a bound a hair past the rate (e.g. 1 of 1)
    low = np.clip(rate - np.array([w["low"] for _, w in shown]), 0, None)
    high = np.clip(np.array([w["high"] for _, w in shown]) - rate, 0, None)
    ax.barh(y, rate, xerr=np.vstack([low, high]) if shown else None, capsize=4,
            color="tab:blue")
    # the figures in a column of their own right of the frame (100%), never over a bar or an
    # interval: at 0.99 inside the frame a rate past about 85% wrote its label across the bar's
    # end and the interval's caps
    beside = blended_transform_factory(ax.transAxes, ax.transData)
    for k, value in enumerate(rate):
        ax.text(1.02, k, f"{value:.1%}", ha="left", va="center", transform=beside,
                clip_on=False)
    ax.axvline(0.5, color="grey", linestyle=":")
    ax.set_yticks(y, [label for label, _ in shown])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("rate (95% Wilson interval)")


_EACH_VALUE_TICKED = 12     # up to this many values, each bar gets its own tick label


def _histogram_panel(ax: Any, histograms: Mapping[str, Mapping[str, int]], xlabel: str) -> None:
    """Draw integer histograms (value -> count) side by side as bars."""
    from matplotlib.ticker import MaxNLocator

    values = sorted({int(v) for h in histograms.values() for v in h})
    width = 0.8 / max(len(histograms), 1)
    for k, (label, hist) in enumerate(histograms.items()):
        counts = [hist.get(str(v), 0) for v in values]
        ax.bar(np.array(values) + (k - (len(histograms) - 1) / 2) * width, counts, width,
               label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    if 0 < len(values) <= _EACH_VALUE_TICKED:
        ax.set_xticks(values)    # a tick under every bar: damage 3..6 showed ticks at 4 and 6 only
    else:
        ax.xaxis.set_major_locator(MaxNLocator(nbins=min(max(len(values), 1), 15), integer=True,
                                               steps=[1, 2, 5, 10]))
    if len(histograms) > 1:
        ax.legend()


def _title(summary: Mapping[str, Any]) -> str:
    run = summary.get("run") or {}
    names = [(run.get(f"deck_{s}") or {}).get("name", s.upper()) for s in "ab"]
    return (f"{names[0]} vs {names[1]}: {summary['completed']} games, "
            f"{run.get('format', '')}, agents {run.get('agent_a', '?')}/{run.get('agent_b', '?')}")
