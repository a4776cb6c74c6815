"""A game move by move as a Vanguard player reads it: turn and phase headers, rides, calls,
attacks with their power, guards, drive and damage checks with their triggers, the end.

Built from the event log (`game.events`) and public queries only. `HANDLERS` (handlers.py) maps
each event type to one small function that adds or extends an `Entry`; an event type without a
handler is skipped, so a new kind of event never breaks a log. `TEXTS` (texts.py) turns each
kind of entry into one line. Figures that only the board knows (an attack's power against the
defence, the damage counts) are read between steps, at the decision the game waits for.

    log = GameLog(game)          # the events so far
    game.step(...); log.update(game)
    print(log.text())            # or [e.to_dict() for e in log.entries] for JSON
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ecs_vanguard import query as q
from ecs_vanguard.decisions import DecisionKind
from ecs_vanguard.gamelog.texts import INDENT, TEXTS, player_label

if TYPE_CHECKING:
    from ecs_vanguard.game import Game

_OUTSIDE_PHASES = frozenset({"turn", "end", "setup", "position"})


@dataclass(slots=True)
class Entry:
    """One line of a game's log: what happened (`kind`), when, by whom, and its details."""

    kind: str
    turn: int
    phase: str
    player: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """Return the line a player reads, indented by its depth in the turn."""
        return "  " * INDENT.get(self.kind, 2) + TEXTS[self.kind](self)

    def to_dict(self) -> dict[str, Any]:
        """Return the entry as JSON-ready data: turn, phase, kind, player, text and details."""
        return {"turn": self.turn, "phase": self.phase, "kind": self.kind,
                "player": player_label(self.player) if self.player is not None else None,
                "text": TEXTS[self.kind](self), **self.data}


class GameLog:
    """The entries of one game, fed with its new events after each step."""

    def __init__(self, game: Game, *, viewer: int | None = None) -> None:
        self.game = game
        self.viewer = viewer                      # a player: the other's draws stay hidden
        self.entries: list[Entry] = []
        self.turn, self.phase = 0, "setup"
        self.damage = [0, 0]
        self.places: dict[int, str] = {}          # entity -> its last circle or "gc"
        self.battle: Entry | None = None          # the attack being resolved
        self.check: Entry | None = None           # the check whose trigger is resolving
        self.returned: dict[int, list[int]] = {}  # cards a mulligan is returning, by player
        self._pending_phase: str | None = None
        self._seen = 0
        for side in game.view(0)["players"]:      # a Scenario's units were placed without events
            for circle, units in side["circles"].items():
                self.places.update((unit["card"], circle) for unit in units)
        if game.events:                           # a game from its set-up (CORE-03)
            self.add("setup", None)
        else:                                     # a Scenario's position: no events before it
            self.turn, self.phase = game.turn, game.phase.value
            self.add("position", game.turn_player)
        self.update(game)

    def update(self, game: Game) -> None:
        """Add the entries of the events logged since the last update, then read the figures
        of the decision the game now waits for."""
        from ecs_vanguard.gamelog.handlers import HANDLERS

        self.game = game
        events = game.events
        for event in events[self._seen:]:
            handler = HANDLERS.get(type(event))
            if handler is not None:
                handler(self, event)
        self._seen = len(events)
        self._read_board(game)

    def add(self, kind: str, player: int | None, **data: Any) -> Entry:
        """Append an entry (after the header of its phase, if that is still to come)."""
        if self._pending_phase is not None and kind not in _OUTSIDE_PHASES:
            phase, self._pending_phase = self._pending_phase, None
            self.entries.append(Entry("phase", self.turn, phase, None))
        entry = Entry(kind, self.turn, self.phase, player, data)
        self.entries.append(entry)
        self.check = None
        return entry

    def last(self, kind: str, player: int | None) -> Entry | None:
        """Return the newest entry if it is of this kind and player (to extend it), else None."""
        if self.entries and self.entries[-1].kind == kind and self.entries[-1].player == player:
            return self.entries[-1]
        return None

    def start_phase(self, phase: str) -> None:
        """Enter a phase; its header is written with its first entry (empty phases stay quiet)."""
        self.phase, self._pending_phase = phase, phase

    def card(self, entity: int) -> dict[str, Any]:
        """Return a card's printed identity for an entry: name, id, grade, power, entity."""
        try:
            printed = self.game.card(entity)
        except ValueError:
            return {"entity": entity, "name": f"card #{entity}"}
        return {"name": printed.names[0], "id": printed.id, "grade": printed.grade,
                "power": printed.power, "entity": entity}

    def unit(self, entity: int) -> dict[str, Any]:
        """Return a card as a unit: its printed identity and the circle it stands on."""
        return {**self.card(entity), "circle": self.places.get(entity, "")}

    def text(self) -> str:
        """Return the whole log, one line per entry."""
        return "\n".join(entry.text() for entry in self.entries)

    def _read_board(self, game: Game) -> None:
        """Read what only the board knows, at the decision the game now waits for: the damage
        counts, and in the guard step the attack's power against the defence (CORE-10)."""
        game.switch()
        state = game.state
        self.damage = [q.damage_count(state, p) for p in (0, 1)]
        decision = game.decision
        if decision is None or decision.kind is not DecisionKind.GUARD or state.battle is None:
            return
        attack, defence = q.battle_totals(state)
        if self.battle is not None and "power" not in self.battle.data:
            self.battle.data.update(power=attack, defence=defence)
        guard = self.last("guard", decision.player)
        if guard is not None:
            guard.data.update(power=attack, defence=defence)


def game_log(game: Game) -> GameLog:
    """Return the log of a game, replayed from where its history starts so that the figures
    of every decision are read; a game that replays differently keeps only its events."""
    start = game.initial()
    log = GameLog(start)
    for index in game.history:
        start.step(start.legal_actions()[index])
        log.update(start)
    if start.events != game.events:               # never expected: the history is exact
        return GameLog(game)
    log.game = game
    return log
