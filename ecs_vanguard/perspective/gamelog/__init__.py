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

from ecs_vanguard.perspective.gamelog.book import LogBook, LoggedGame
from ecs_vanguard.perspective.gamelog.handlers import HANDLERS
from ecs_vanguard.perspective.gamelog.texts import Entry

__all__ = ["Entry", "GameLog", "LoggedGame"]


class GameLog(LogBook):
    """The entries of one game, fed with its new events after each step."""

    def __init__(self, game: LoggedGame, *, viewer: int | None = None) -> None:
        super().__init__(game, viewer=viewer)
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

    def update(self, game: LoggedGame) -> None:
        """Add the entries of the events logged since the last update, then read the figures
        of the decision the game now waits for."""
        self.game = game
        events = game.events
        for event in events[self._seen:]:
            handler = HANDLERS.get(type(event))
            if handler is not None:
                handler(self, event)
        self._seen = len(events)
        self._read_board(game)
