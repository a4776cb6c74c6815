"""The summary plot's histogram panels: a person reads each bar's value off the axis."""

from __future__ import annotations

from ecs_vanguard.sim import plot
from ecs_vanguard.sim.figure import agg_figure


def _ticks(histograms: dict[str, dict[str, int]]) -> list[float]:
    fig = agg_figure()
    ax = fig.subplots()
    plot._histogram_panel(ax, histograms, "damage at the end")
    fig.canvas.draw()
    low, high = ax.get_xlim()
    return [t for t in ax.get_xticks() if low <= t <= high]


def test_a_few_values_each_get_a_tick_under_their_bars():
    """Damage 3..6 at the end: ticks 3, 4, 5 and 6 (the locator had shown 4 and 6 only)."""
    ticks = _ticks({"A": {"3": 10, "4": 12, "5": 6, "6": 32}, "B": {"4": 17, "6": 26}})
    assert ticks == [3, 4, 5, 6]


def test_many_values_get_at_most_15_whole_number_ticks_spanning_them():
    ticks = _ticks({"games": {str(v): 1 for v in range(5, 45)}})
    assert 2 <= len(ticks) <= 16 and all(t == int(t) for t in ticks)
    assert ticks[0] <= 10 and ticks[-1] >= 40
