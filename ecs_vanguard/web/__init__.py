"""What a person sees of a game outside a text log: decisions and actions in words (words.py,
shared with the terminal game), the board at every decision of a game as one self-contained
HTML page (replay.py, page.py: `ecs-vanguard show ... --html FILE`), and a game played in the
browser (server.py: `ecs-vanguard play --web`).

    from ecs_vanguard.web import save_html
    save_html(game, "game.html")        # any game played in Python, from where it started
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ecs_vanguard.game import Game

__all__ = ["game_html", "save_html"]


def game_html(game: Game, *, title: str = "") -> str:
    """Return the HTML page of a game: the board at every decision from the position its
    history starts at (`game.initial()`) through every action it took (`game.history`)."""
    from ecs_vanguard.web.page import board_page
    from ecs_vanguard.web.replay import game_data

    return board_page(game_data(game, title=title))


def save_html(game: Game, path: str | Path, *, title: str = "") -> Path:
    """Write the HTML page of a game (game_html) to `path`; return the path."""
    path = Path(path)
    path.write_text(game_html(game, title=title), encoding="utf-8")
    return path
