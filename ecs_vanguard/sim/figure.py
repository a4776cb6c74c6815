"""A matplotlib figure that renders with Agg, made on first use: plotting is the only part of
the project that needs matplotlib, and importing it costs about 0.3 s of start-up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def agg_figure(**options: Any) -> Figure:
    """Return a Figure with an Agg canvas (Figure + FigureCanvasAgg instead of pyplot: renders
    without switching the global backend of a notebook or GUI that imported us)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(**options)
    FigureCanvasAgg(figure)
    return figure
