"""The tournament plot: a heatmap of win rates (row against column) and the ratings (PNG)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ecs_vanguard.sim.figure import agg_figure

if TYPE_CHECKING:
    from matplotlib.figure import Figure

from ecs_vanguard.sim import safe_write
from ecs_vanguard.vocab.errors import SimulationError, VanguardError


def plot_tournament(summary: Mapping[str, Any], path: str | os.PathLike, *,
                    error: type[VanguardError] = SimulationError) -> None:
    """Draw a tournament summary (TournamentResults.summary()) as a two-panel PNG at `path`."""
    agents = list(summary["agents"])
    k = len(agents)
    fig = agg_figure(figsize=(6 + 1.3 * k, 1.6 + 0.9 * k), layout="constrained")
    heat, bars = fig.subplots(1, 2, width_ratios=[max(k, 2), 2])
    _heatmap(heat, fig, summary, agents)
    _ratings(bars, summary, agents)
    fig.suptitle(title(summary))
    # never through a link planted at `path`; an unwritable folder is one `error` line
    safe_write.replace_with(path, lambda f: fig.savefig(f, format="png", dpi=100), error=error)


def title(summary: Mapping[str, Any]) -> str:
    """The plot's title: games, decks and the format when the tournament set one (without
    one, each game takes its decks' format)."""
    t = summary.get("tournament") or {}
    parts = [f"tournament: {summary['games']} games",
             ", ".join(d.get("name", "?") for d in t.get("decks", []))]
    if t.get("format"):
        parts.append(str(t["format"]))
    return ", ".join(part for part in parts if part)


def _heatmap(ax: Any, fig: Figure, summary: Mapping[str, Any], agents: list[str]) -> None:
    """Win rate of each row agent against each column agent, with its interval and games."""
    k = len(agents)
    rate = np.full((k, k), np.nan)
    for i, a in enumerate(agents):
        for j, b in enumerate(agents):
            w = summary["win_rate"][a].get(b)
            if w is not None and w["n"]:
                rate[i, j] = w["rate"]
                text = f"{w['rate']:.0%}\n[{w['low']:.0%}, {w['high']:.0%}]\nn={w['n']}"
                ax.text(j, i, text, ha="center", va="center", fontsize=8,
                        color="white" if abs(w["rate"] - 0.5) > 0.3 else "black")
    image = ax.imshow(np.ma.masked_invalid(rate), cmap="RdBu", vmin=0, vmax=1)
    ax.set_xticks(range(k), agents, rotation=20, ha="right")
    ax.set_yticks(range(k), agents)
    ax.set_xlabel("opponent")
    ax.set_ylabel("agent (win rate of the row)")
    fig.colorbar(image, ax=ax, shrink=0.8, label="win rate (95% Wilson interval)")


def _ratings(ax: Any, summary: Mapping[str, Any], agents: list[str]) -> None:
    """Ratings with their 95% bootstrap intervals, one bar per agent."""
    r = summary["ratings"]
    y = np.arange(len(agents))
    value = np.array([r[a]["rating"] for a in agents])
    low = np.clip(value - np.array([r[a]["low"] for a in agents]), 0, None)
    high = np.clip(np.array([r[a]["high"] for a in agents]) - value, 0, None)
    ax.errorbar(value, y, xerr=np.vstack([low, high]), fmt="o", capsize=4, color="tab:blue")
    for k, v in enumerate(value):
        ax.annotate(f"{v:.0f}", (v, k), textcoords="offset points", xytext=(0, 7),
                    ha="center", fontsize=8)
    ax.axvline(1500, color="grey", linestyle=":")
    ax.set_yticks(y, agents)
    ax.set_ylim(len(agents) - 0.5, -0.6)           # top row first, room for its label
    ax.set_xlabel("rating, Elo scale (95% bootstrap)")
