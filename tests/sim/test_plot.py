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



def _summary(wins: dict[str, tuple[int, int]]) -> dict:
    from ecs_vanguard.sim.summary import wilson

    return {key: wilson(k, n) for key, (k, n) in wins.items()}


def test_rate_labels_never_touch_a_bar_or_an_interval():
    """Win rates of 100%, 92%, 86%, 47% and 0% (heuristic against random wins 100%): each
    percent label lies right of the frame and clear of every bar, interval and cap, whole inside
    the figure, and names its rate. At 0.99 inside the frame the labels of rates past about 85%
    were written across the bar's end and the interval's caps."""
    summary = _summary({"win_rate_a": (200, 200), "first_player_win_rate": (94, 200),
                        "win_rate_a_going_first": (92, 100), "win_rate_a_going_second": (86, 100),
                        "draw_rate": (0, 200)})
    fig = agg_figure(figsize=(13, 4.2), layout="constrained")
    ax = fig.subplots(1, 3)[0]
    plot._rates_panel(ax, summary)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    assert [t.get_text() for t in ax.texts] == ["100.0%", "47.0%", "92.0%", "86.0%", "0.0%"]
    from matplotlib.transforms import Bbox

    boxes = [a.get_window_extent(renderer) for a in [*ax.patches, *ax.lines]]  # bars, caps
    for lines in ax.collections:                            # the intervals, segment by segment
        boxes += [Bbox(lines.get_transform().transform(seg)) for seg in lines.get_segments()]
    assert len(ax.patches) == 5 and len(boxes) >= 5 + 2 + 5    # bars, low and high caps, intervals
    frame = ax.get_window_extent(renderer)
    for text in ax.texts:
        box = text.get_window_extent(renderer)
        assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1, text.get_text()
        for other in boxes:
            assert not box.overlaps(other), (text.get_text(), box, other)
        assert box.x0 > frame.x1, text.get_text()            # right of the frame (100%)


def test_summary_png_of_a_one_sided_run_draws(tmp_path):
    """plot_summary writes the PNG of a run won 200 of 200 (the whole figure, three panels)."""
    summary = _summary({"win_rate_a": (200, 200), "first_player_win_rate": (94, 200),
                        "win_rate_a_going_first": (100, 100),
                        "win_rate_a_going_second": (100, 100), "draw_rate": (0, 200)})
    summary |= {"turns": {"histogram": {"7": 120, "8": 80}}, "completed": 200,
                "damage_a": {"histogram": {"0": 200}}, "damage_b": {"histogram": {"6": 200}}}
    plot.plot_summary(summary, tmp_path / "summary.png")
    assert (tmp_path / "summary.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
