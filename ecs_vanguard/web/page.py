"""One self-contained HTML page of the board: the replay of a recorded game (`show --html`)
and the page of a game played in the browser (`play --web`).

The page needs no network: its style sheet and script (static/board.css, static/board.js,
plain JavaScript without a library) are inlined, and its data is embedded as JSON in a
`<script type="application/json">` element, where `</` is written `<\\/` so that no text of a
card file can close the element.
"""

from __future__ import annotations

import html
import json
from importlib import resources
from pathlib import Path
from typing import Any

_HELP = ("Keys: Left/Right = previous/next decision, Up/Down = previous/next turn, Space = play "
         "or pause, Home/End = first/last. Point at a card or click it for its text.")


def _static(name: str) -> str:
    return resources.files("ecs_vanguard.web").joinpath("static", name).read_text("utf-8")


def embed_json(data: Any) -> str:
    """JSON safe inside a script element: no `</`, and no U+2028/U+2029 surprises."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return (text.replace("</", "<\\/").replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029").replace("<!--", "<\\!--"))


def board_page(data: dict[str, Any], *, extra_script: str = "", live_panel: bool = False) -> str:
    """The HTML of the board page for `data` (web.replay's replay data, or a live game's)."""
    title = html.escape(str(data.get("title") or "ecs-vanguard"))
    actions = ('<div id="message" role="alert"></div><div id="actions"></div>'
               if live_panel else "")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:">
<title>{title}</title>
<style>
{_static("board.css")}
</style>
</head>
<body>
<header><h1 id="title"></h1><span class="result" id="result"></span>
<span class="help">{html.escape(_HELP) if not live_panel else "Point at a card or click it for its text."}</span></header>
<div id="controls"></div>
<main>
<div id="board"></div>
<aside>
<div id="status"></div>
{actions}
<div id="lines"></div>
<div id="cardtext"></div>
<div id="log"></div>
</aside>
</main>
<script type="application/json" id="data">{embed_json(data)}</script>
<script>
{extra_script}
</script>
<script>
{_static("board.js")}
</script>
</body>
</html>
"""


def write_page(path: str | Path, text: str) -> None:
    """Write a page; an error of the operating system is raised as OSError."""
    Path(path).write_text(text, encoding="utf-8")
