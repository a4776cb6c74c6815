"""The data of an HTML replay: the board at every decision of a game, for both players.

    data = replay_data(decks, seed=7, actions=[...])   # plain JSON-ready data
    html = page.replay_page(data)                      # one self-contained HTML file

A frame is the game as it waits for one decision: turn, phase, who decides and what is asked
(web.words), each side as its owner sees it (perspective.view: circles with every unit's
power, critical, stand or rest, face and marks; hand, damage, soul, drop, bind, G zone, order
zone, ride deck, worlds and states), the battle in progress with its totals, the move made in
words and the log lines it wrote (perspective.gamelog). A last frame shows the end.

Sides that did not change between decisions are stored once (a long game of about 1,500
decisions stays near 1 MB); the text of every card seen is stored once, by card id.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ecs_vanguard.game import Game
from ecs_vanguard.perspective.cardtext import card_sheet, printed_marks
from ecs_vanguard.perspective.gamelog import GameLog
from ecs_vanguard.perspective.gamelog.texts import player_label
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.replay import play_index
from ecs_vanguard.vocab.errors import IllegalActionError
from ecs_vanguard.web.page import board_page
from ecs_vanguard.web.words import describe, question


class Frames:
    """Frames being collected: the sides and cards already stored, and the frames so far."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.sides: list[dict[str, Any]] = []
        self._side_index: dict[str, int] = {}
        self.cards: dict[str, dict[str, Any]] = {}
        self.frames: list[dict[str, Any]] = []

    def side(self, side: dict[str, Any], *, all_seen: bool) -> int:
        """Store one side (once) and return its index; `all_seen`: name every card, its face
        kept (a replay shows each side as its owner knows it, and more)."""
        side = {k: v for k, v in side.items()          # an empty hand stays: it is seen
                if v or k in ("deck_size", "hand_size", "player", "hand")}
        self._cards(side, all_seen)
        key = json.dumps(side, sort_keys=True, separators=(",", ":"))
        index = self._side_index.get(key)
        if index is None:
            index = self._side_index[key] = len(self.sides)
            self.sides.append(side)
        return index

    def _cards(self, value: Any, all_seen: bool) -> None:
        """Add the text of every card a side names; with `all_seen`, name face-down cards too
        (marked "hidden"), and drop entity ids (a page needs none); a name or grade as printed
        and a face up are left out (a card is face up unless "face_up" is false)."""
        if isinstance(value, dict):
            entity = value.get("card")
            if isinstance(entity, int) and all_seen and "id" not in value:
                card = self.game.card(entity)
                value.update(id=card.id, name=card.names[0], grade=card.grade, hidden=True)
            if isinstance(value.get("id"), str):
                printed = self.card(value["id"])
                for key in ("name", "grade"):            # as printed: the card table says it
                    if value.get(key) == printed[key]:
                        del value[key]
            if value.get("face_up") is True:
                del value["face_up"]
            if all_seen:
                value.pop("card", None)
            for item in value.values():
                self._cards(item, all_seen)
        elif isinstance(value, list):
            for item in value:
                self._cards(item, all_seen)

    def card(self, card_id: str) -> dict[str, Any]:
        """Store a card's name, grade, printed marks and text once; return them."""
        if card_id not in self.cards:
            card = self.game.state.db[card_id]
            self.cards[card_id] = {"name": card.names[0], "grade": card.grade,
                                   "power": card.power, "shield": card.shield,
                                   "marks": printed_marks(card), "text": card_sheet(card)}
        return self.cards[card_id]


def frame(frames: Frames, game: Game, *, viewer: int | None) -> dict[str, Any]:
    """The game now as one frame (no move yet): `viewer` None shows each side as its owner
    sees it, with face-down cards named; else as that player may see it."""
    views = [game.view(viewer if viewer is not None else p) for p in (0, 1)]
    decision = game.decision
    first = views[0]
    battle = first["battle"]
    if battle is not None:
        battle = {k: v for k, v in battle.items() if v not in (None, [])}
        for key in ("attacker", "co_attacker", "booster", "target"):
            if key in battle:
                battle[key] = _where(views, battle[key])
        battle["guardians"] = [_where(views, g) for g in battle.get("guardians", [])]
    out: dict[str, Any] = {
        "turn": first["turn"], "tp": first["turn_player"], "phase": first["phase"],
        "sides": [frames.side(views[p]["players"][p], all_seen=viewer is None) for p in (0, 1)],
    }
    if battle is not None and battle.get("attacker") is not None and not game.over:
        out["battle"] = battle
    if decision is not None:
        out["who"] = decision.player
        out["ask"] = question(game, decision)
        picked = views[decision.player]["picked"]
        if picked:
            out["picked"] = [game.card(c).names[0] for c in picked]
    return out


def _where(views: list[dict[str, Any]], named: dict[str, Any]) -> dict[str, Any]:
    """A unit of the battle with its owner and circle, without its entity id."""
    out = {k: v for k, v in named.items() if k != "card"}
    for p in (0, 1):
        for circle, units in views[p]["players"][p]["circles"].items():
            if any(u.get("card") == named.get("card") for u in units):
                out.update(player=p, circle=circle)
    return out


def replay_data(decks: Sequence[Deck], *, seed: int, actions: Iterable[int],
                format: str = "standard", turn_limit: int | None = None,
                db: CardDB | None = None, title: str = "",
                agents: Sequence[str] = ("", "")) -> dict[str, Any]:
    """Replay a game from its seed, decks and action indices and return the data of its HTML
    page: a frame at every decision and one at the end. A record the engine no longer plays
    (an index out of range, an engine error) ends the frames there, said in "error".

    Raises:
        DeckError: a deck cannot be played in the format.
    """
    game = Game(*decks, seed=seed, format=format, turn_limit=turn_limit, db=db)
    players = [{"label": player_label(p), "deck": decks[p].name, "agent": agents[p]}
               for p in (0, 1)]
    return play_data(game, actions, title=title, players=players,
                     about={"format": format, "seed": seed})


def game_data(game: Game, *, title: str = "") -> dict[str, Any]:
    """The data of the HTML page of a game played in Python: from the position its history
    starts at (`game.initial()`: a set-up, a Scenario's position, a loaded snapshot) through
    every action it took (`game.history`)."""
    players = [{"label": player_label(p), "deck": "", "agent": ""} for p in (0, 1)]
    return play_data(game.initial(), game.history, title=title, players=players, about={})


def play_data(game: Game, actions: Iterable[int], *, title: str,
              players: list[dict[str, str]], about: dict[str, Any]) -> dict[str, Any]:
    """Play `actions` (legal action indices) from `game`, which this changes, collecting a
    frame at every decision and one at the end."""
    log = GameLog(game)
    frames = Frames(game)
    error = ""
    for step, index in enumerate(actions, 1):
        if game.over:
            error = f"step {step}: the game is over; the record has more actions"
            break
        decision = game.decision
        assert decision is not None
        now = frame(frames, game, viewer=None)
        legal = game.legal_actions()
        if type(index) is int and 0 <= index < len(legal):
            now["move"] = f"{player_label(decision.player)}: " + describe(game, decision,
                                                                         legal[index])
        now["log"] = len(log.entries)
        frames.frames.append(now)
        try:
            play_index(game, step, index)
        except IllegalActionError as exc:
            error = str(exc)
            break
        except Exception as exc:  # noqa: BLE001 - the engine failing is what a record may show
            error = f"the engine fails at step {step}: {type(exc).__name__}: {exc}"
            break
        log.update(game)
    end = frame(frames, game, viewer=None)
    end["log"] = len(log.entries)
    end["end"] = True
    frames.frames.append(end)
    for i, f in enumerate(frames.frames):            # each move's lines: up to the next frame
        f["lines"] = [f["log"], frames.frames[i + 1]["log"] if i + 1 < len(frames.frames)
                      else len(log.entries)]
        del f["log"]
    return {"kind": "ecs-vanguard replay", "title": title, "players": players, **about,
            "result": result_text(game, log), "error": error,
            "log": [e.text() for e in log.entries],
            "cards": frames.cards, "sides": frames.sides, "frames": frames.frames}


def result_text(game: Game, log: GameLog | None = None) -> str:
    """How the game ended, as its log's last line says it ("P2 wins on turn 11: P1 has 6
    damage"), or that it did not."""
    if not game.over:
        return f"unfinished on turn {game.turn}"
    if log is not None and log.entries and log.entries[-1].kind == "end":
        return log.entries[-1].text().strip(" =")
    if game.winner is None:
        return f"a draw on turn {game.turn}: {game.end_reason}"
    return f"{player_label(game.winner)} wins on turn {game.turn}: {game.end_reason}"


def game_html(game: Game, *, title: str = "") -> str:
    """Return the HTML page of a game: the board at every decision from the position its
    history starts at (`game.initial()`) through every action it took (`game.history`)."""
    return board_page(game_data(game, title=title))


def save_html(game: Game, path: str | Path, *, title: str = "") -> Path:
    """Write the HTML page of a game (game_html) to `path`; return the path."""
    path = Path(path)
    path.write_text(game_html(game, title=title), encoding="utf-8")
    return path
