"""`ecs-vanguard play --web`: play one side of a game in the browser against an agent.

    serve(decks, you=0, agent="heuristic", port=8765)      # http://127.0.0.1:8765/

A small server of the standard library (http.server) on 127.0.0.1 only unless another host is
asked for. One game per browser session (a cookie); the page is the replay's board (page.py)
showing the position as the person may see it, what happened since their last decision, and
the legal actions as buttons in words (web.words). Every action posted names the position it
was chosen on (`version`) and its number: a stale page (a second tab, an old reload) or a forged
number is answered with a message and the game as it stands, never a changed or lost game.
Game code runs under one lock: esper's current world is global to the process.
"""

from __future__ import annotations

import json
import secrets
import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ecs_vanguard.agents import make_agent
from ecs_vanguard.game import Game
from ecs_vanguard.perspective.gamelog import GameLog
from ecs_vanguard.perspective.gamelog.texts import player_label
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.web.page import board_page
from ecs_vanguard.web.replay import Frames, frame, result_text
from ecs_vanguard.web.words import describe_all

COOKIE = "vg_session"
MAX_SESSIONS = 32                 # the oldest game is dropped beyond this many browser sessions
MAX_BODY = 4096                   # bytes of a posted action; an action is a few dozen
_GAME_LOCK = threading.Lock()     # every game step and view (esper's world is process-global)


@dataclass
class Table:
    """The game of one browser session."""

    game: Game
    you: int
    agent: Any
    log: GameLog
    names: list[str]
    agent_name: str = ""
    version: int = 0              # +1 at each of the person's actions
    seen: int = 0                 # log entries before the person's last decision
    shown: int = 0                # ... and up to it (what happened since shows on the page)
    created: float = field(default_factory=time.time)

    def run_agent(self) -> None:
        """Let the agent decide until the person must, or the game ends."""
        game = self.game
        while not game.over and game.decision is not None and game.decision.player != self.you:
            game.step(self.agent.act(game))
            self.log.update(game)
        self.seen, self.shown = self.shown, len(self.log.entries)

    def data(self) -> dict[str, Any]:
        """The page's data: the position as the person may see it, the actions in words."""
        game = self.game
        frames = Frames(game)
        now = frame(frames, game, viewer=self.you)
        now["lines"] = [self.seen, self.shown]
        if game.over:
            now["end"] = True
        actions: list[dict[str, Any]] = []
        decision = game.decision
        if decision is not None and decision.player == self.you and not game.over:
            legal = game.legal_actions()
            actions = [{"n": n, "text": text}
                       for n, text in enumerate(describe_all(game, decision, legal))]
        return {"kind": "ecs-vanguard live", "title": f"{self.names[0]} vs {self.names[1]}",
                "players": [{"label": player_label(p), "deck": self.names[p],
                             "agent": "you" if p == self.you else self.agent_name}
                            for p in (0, 1)],
                "you": self.you, "version": self.version, "over": game.over,
                "result": result_text(game, self.log) if game.over else "",
                "log": [e.text() for e in self.log.entries[:self.shown]],
                "cards": frames.cards, "sides": frames.sides, "frames": [now],
                "actions": actions}


@dataclass
class Setup:
    """What every new game of this server is: decks, the person's side, the agent, rules."""

    decks: tuple[Deck, Deck]
    you: int
    agent: str
    seed: int | None
    format: str
    turn_limit: int | None
    db: CardDB | None

    def new_table(self) -> Table:
        seed = self.seed if self.seed is not None else secrets.randbelow(1_000_000)
        game = Game(*self.decks, seed=seed, format=self.format, turn_limit=self.turn_limit,
                    db=self.db)
        names = [d.name for d in self.decks]
        table = Table(game, self.you, make_agent(self.agent, seed * 2 + 2 - self.you),
                      GameLog(game, viewer=self.you), names, self.agent)
        table.run_agent()
        return table


class Tables:
    """The games of every browser session, the oldest dropped beyond MAX_SESSIONS."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.tables: OrderedDict[str, Table] = OrderedDict()

    def get(self, token: str | None) -> Table | None:
        return self.tables.get(token) if token else None

    def new(self, token: str | None = None) -> tuple[str, Table]:
        token = token if token in self.tables else secrets.token_urlsafe(24)
        assert token is not None
        self.tables[token] = self.setup.new_table()
        self.tables.move_to_end(token)
        while len(self.tables) > MAX_SESSIONS:
            self.tables.popitem(last=False)
        return token, self.tables[token]


_LIVE_SCRIPT = r"""
window.vgLive = function (board) {
  var busy = false;
  function $(id) { return document.getElementById(id); }
  function say(text) { $("message").textContent = text || ""; }
  function buttons() {
    var d = board.data(), box = $("actions"); box.textContent = "";
    var c = $("controls"); c.textContent = "";
    var you = d.players[d.you].label;
    var info = document.createElement("span");
    info.id = "where";
    info.textContent = d.over ? "The end: " + d.result : (d.actions.length ? "Your move (" + you + ")" : "Waiting");
    c.appendChild(info);
    if (d.over) {
      var again = document.createElement("button"); again.id = "newgame";
      again.textContent = "New game"; again.addEventListener("click", function () { post("/new", {}); });
      c.appendChild(again);
    }
    d.actions.forEach(function (a) {
      var b = document.createElement("button");
      b.className = "action"; b.textContent = a.text; b.setAttribute("data-n", a.n);
      b.addEventListener("click", function () { post("/act", {version: d.version, choice: a.n}); });
      box.appendChild(b);
    });
  }
  function show(reply) {
    if (reply.data) { board.setData(reply.data); buttons(); }
    say(reply.message || "");
  }
  function post(path, body) {
    if (busy) return;
    busy = true;
    fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                 body: JSON.stringify(body), credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(show)
      .catch(function () { say("The server did not answer: is `ecs-vanguard play --web` still running?"); })
      .then(function () { busy = false; });
  }
  function refresh() {
    fetch("/state", {credentials: "same-origin"}).then(function (r) { return r.json(); }).then(function (reply) {
      if (reply.data && reply.data.version !== board.data().version) show(reply);
    }).catch(function () {});
  }
  window.addEventListener("focus", refresh);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
  board.render(); buttons();
};
"""


class Handler(BaseHTTPRequestHandler):
    """The routes: GET / (the page), GET /state, POST /act, POST /new."""

    server: Server
    server_version = "ecs-vanguard"

    def log_message(self, format: str, *args: Any) -> None:   # quiet: the terminal is the user's
        return

    def _token(self) -> str | None:
        for part in self.headers.get("Cookie", "").split(";"):
            key, _, value = part.strip().partition("=")
            if key == COOKIE:
                return value
        return None

    def _host_ok(self) -> bool:
        """Refuse a Host of another name (a DNS rebinding page) and a cross-site post."""
        host = self.headers.get("Host", "")
        if host not in self.server.hosts:
            self._send_json(HTTPStatus.FORBIDDEN, {"message": f"unknown host {host[:80]!r}"})
            return False
        origin = self.headers.get("Origin")
        if self.command == "POST" and origin is not None and origin.split("://", 1)[-1] not in \
                self.server.hosts:
            self._send_json(HTTPStatus.FORBIDDEN, {"message": "a post from another site"})
            return False
        return True

    def _send(self, status: HTTPStatus, body: bytes, kind: str,
              cookie: str | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        if cookie is not None:
            self.send_header("Set-Cookie", f"{COOKIE}={cookie}; Path=/; HttpOnly; "
                             "SameSite=Strict")
        self.end_headers()
        self.wfile.write(body)

    def _send_json(self, status: HTTPStatus, reply: dict[str, Any],
                   cookie: str | None = None) -> None:
        self._send(status, json.dumps(reply).encode(), "application/json; charset=utf-8",
                   cookie)

    def do_GET(self) -> None:
        if not self._host_ok():
            return
        path = self.path.split("?", 1)[0]
        with _GAME_LOCK:
            table = self.server.tables.get(self._token())
            cookie = None
            if path == "/":
                if table is None:
                    cookie, table = self.server.tables.new()
                page = board_page(table.data(), extra_script=_LIVE_SCRIPT, live_panel=True)
                self._send(HTTPStatus.OK, page.encode(), "text/html; charset=utf-8", cookie)
                return
            if path == "/state":
                if table is None:
                    self._send_json(HTTPStatus.CONFLICT, {"message": _NO_GAME})
                    return
                self._send_json(HTTPStatus.OK, {"data": table.data()})
                return
        self._send_json(HTTPStatus.NOT_FOUND, {"message": f"no page {path[:80]!r} here"})

    def do_POST(self) -> None:
        if not self._host_ok():
            return
        path = self.path.split("?", 1)[0]
        body = self._body()
        if body is None:
            return
        with _GAME_LOCK:
            table = self.server.tables.get(self._token())
            if path == "/new":
                token, table = self.server.tables.new(self._token())
                self._send_json(HTTPStatus.OK, {"data": table.data(), "message": "A new game."},
                                token)
                return
            if path != "/act":
                self._send_json(HTTPStatus.NOT_FOUND, {"message": f"no action {path[:80]!r}"})
                return
            if table is None:
                self._send_json(HTTPStatus.CONFLICT, {"message": _NO_GAME})
                return
            status, message = self._act(table, body)
            self._send_json(status, {"data": table.data(), "message": message})

    def _body(self) -> dict[str, Any] | None:
        """The posted JSON object, or None after answering why not."""
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY:
            self._send_json(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                            {"message": f"a post is at most {MAX_BODY} bytes"})
            return None
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            self._send_json(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                            {"message": "post JSON (Content-Type: application/json)"})
            return None
        try:
            data = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            data = None
        if not isinstance(data, dict):
            self._send_json(HTTPStatus.BAD_REQUEST, {"message": "post a JSON object"})
            return None
        return data

    @staticmethod
    def _act(table: Table, body: dict[str, Any]) -> tuple[HTTPStatus, str]:
        """Play the person's action if it is one of the position's; say why not otherwise."""
        game = table.game
        version, choice = body.get("version"), body.get("choice")
        if game.over:
            return HTTPStatus.CONFLICT, "The game is over: start a new game."
        if type(version) is not int or version != table.version:
            return HTTPStatus.CONFLICT, _STALE
        decision = game.decision
        legal = game.legal_actions()
        if decision is None or decision.player != table.you:
            return HTTPStatus.CONFLICT, "It is not your decision."
        if type(choice) is not int or not 0 <= choice < len(legal):
            shown = str(choice)[:20]
            return HTTPStatus.BAD_REQUEST, f"There is no action {shown!r} here: {_BUTTONS}"
        game.step(legal[choice])
        table.log.update(game)
        table.version += 1
        table.run_agent()
        return HTTPStatus.OK, ""


_STALE = ("That page was out of date (another tab or an older page played on); here is the "
          "game as it stands. Choose again.")
_BUTTONS = "choose one of the buttons."
_NO_GAME = "This browser has no game here (the server restarted?): reload the page for a new one."


class Server(ThreadingHTTPServer):
    """The HTTP server with the games of its sessions."""

    daemon_threads = True

    def __init__(self, setup: Setup, host: str, port: int) -> None:
        super().__init__((host, port), Handler)
        self.tables = Tables(setup)
        real = self.server_address[1]
        names = {host, "127.0.0.1", "localhost"} if host in ("127.0.0.1", "localhost") else {host}
        self.hosts = {f"{n}:{real}" for n in names}

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"


def make_server(decks: tuple[Deck, Deck], *, you: int, agent: str, seed: int | None = None,
                format: str = "standard", turn_limit: int | None = None,
                db: CardDB | None = None, host: str = "127.0.0.1", port: int = 8765) -> Server:
    """Return a server (not yet serving) of games against `agent` (port 0: any free port)."""
    return Server(Setup(decks, you, agent, seed, format, turn_limit, db), host, port)


def serve(server: Server, *, write: Any = sys.stdout) -> int:
    """Serve until Ctrl-C; return 0."""
    print(f"Playing in the browser: open {server.url} (Ctrl-C stops the server).",
          file=write, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("The server stopped.", file=write, flush=True)
    finally:
        server.server_close()
    return 0
