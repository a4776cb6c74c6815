"""The odds plot: chance by own turn, one line per grade, the first player solid and the second
dashed; riding (left) and holding a card of the grade (right) (PNG)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ecs_vanguard.sim import safe_write
from ecs_vanguard.sim.figure import agg_figure
from ecs_vanguard.sim.odds.model import GRADES, MAX_TURN, SEATS
from ecs_vanguard.sim.odds.report import OddsReport, Table
from ecs_vanguard.vocab.errors import OddsError, VanguardError

_COLOURS = {1: "tab:blue", 2: "tab:orange", 3: "tab:green"}
_STYLES: dict[str, Any] = {"first": "-", "second": "--"}


def plot_odds(report: OddsReport, path: str | os.PathLike, *,
              error: type[VanguardError] = OddsError) -> None:
    """Draw the report's ride and in-hand tables as a two-panel PNG at `path`."""
    from matplotlib.lines import Line2D

    fig = agg_figure(figsize=(12, 4.8), layout="constrained")
    ride, hold = fig.subplots(1, 2, sharey=True)
    low = _panel(ride, report.table("ride"), "the vanguard is grade g or higher\nafter the ride "
                 "step of own turn N")
    low = min(low, _panel(hold, report.table("hold"), "a grade-g card from the deck reached "
                          "the hand\nby the ride step of own turn N"))
    ride.set_ylim(max(0.0, np.floor(low * 10 - 0.5) / 10), 1.01)   # shared: both panels
    if all(f.value == 1 for f in report.table("ride").figures()):
        ride.text(3.5, 0.5 * (ride.get_ylim()[0] + 1), "every ride is certain:\nthe ride deck "
                  "holds grades 1-3", ha="center", va="center", color="grey")
    ride.set_ylabel("chance")
    handles = [Line2D([], [], color=_COLOURS[g], label=f"grade {g}") for g in GRADES]
    handles += [Line2D([], [], color="black", linestyle=_STYLES[s], label=f"going {s}")
                for s in SEATS]
    handles += [Line2D([], [], color="grey", marker="o", linestyle="", label="exact"),
                Line2D([], [], color="grey", marker="o", markerfacecolor="white", linestyle="",
                       label="Monte Carlo (±1.96 SE)")]
    hold.legend(handles=handles, loc="lower right")
    fig.suptitle(f"{report.deck}: mulligan '{report.policy}', {report.samples:,} shuffled decks")
    # never through a link planted at `path`; an unwritable folder is one `error` line
    safe_write.replace_with(path, lambda f: fig.savefig(f, format="png", dpi=100), error=error)


def _panel(ax: Any, table: Table, what: str) -> float:
    """Draw one table (rows: turns; columns: grade x seat) as lines by turn; return its lowest
    value."""
    from matplotlib.ticker import PercentFormatter

    turns = np.arange(1, MAX_TURN + 1)
    low = 1.0
    for g in GRADES:
        for seat in SEATS:
            column = [table.cell(f"turn {t}", f"G{g} {seat}") for t in turns]
            shown = [(t, f) for t, f in zip(turns, column) if f is not None]
            x = np.array([t for t, _ in shown])
            y = np.array([f.value for _, f in shown])
            ax.plot(x, y, color=_COLOURS[g], linestyle=_STYLES[seat])
            low = min(low, *y)
            for exact in (True, False):
                pick = [(t, f) for t, f in shown if (f.exact is not None) == exact]
                if pick:
                    ax.errorbar([t for t, _ in pick], [f.value for _, f in pick],
                                yerr=[0 if exact else 1.96 * f.se for _, f in pick],
                                fmt="o", color=_COLOURS[g], markersize=4, capsize=2,
                                markerfacecolor=_COLOURS[g] if exact else "white")
    ax.set_title(what, fontsize=10)
    ax.set_xlabel("own turn N")
    ax.set_xticks(turns)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.grid(alpha=0.3)
    return low
