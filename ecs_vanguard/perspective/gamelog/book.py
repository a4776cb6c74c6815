"""The log book: the entries of one game and what the handlers keep between events (the
turn, the phase, where units stand, the battle and check being resolved), and the protocol of
what it reads of a game."""

from __future__ import annotations

from typing import Any, Protocol

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.derived import query as q
from ecs_vanguard.perspective.gamelog.texts import Entry
from ecs_vanguard.state import EventLog, State
from ecs_vanguard.vocab.decisions import Decision, DecisionKind
from ecs_vanguard.vocab.formats import Phase, Stat

_OUTSIDE_PHASES = frozenset({"turn", "end", "setup", "position"})


class LoggedGame(Protocol):
    """What the log reads of a game: `ecs_vanguard.game.Game` is one. (A protocol rather than
    the class: the log sits on the floor below the facade, which offers `log_text()`.)"""

    state: State

    @property
    def events(self) -> EventLog: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn_player(self) -> int: ...
    @property
    def decision(self) -> Decision | None: ...
    @property
    def end_code(self) -> str: ...
    def card(self, entity: int) -> CardDef: ...
    def view(self, player: int) -> dict: ...
    def switch(self) -> None: ...


class LogBook:
    """The entries of one game and the handlers' working memory between events."""

    def __init__(self, game: LoggedGame, *, viewer: int | None = None) -> None:
        self.game = game
        self.viewer = viewer                      # a player: the other's draws stay hidden
        self.entries: list[Entry] = []
        self.turn, self.phase = 0, "setup"
        self.damage = [0, 0]
        self.places: dict[int, str] = {}          # entity -> its last circle or "gc"
        self.battle: Entry | None = None          # the attack being resolved
        self.defending: Entry | None = None       # its latest guard or intercept
        self.check: Entry | None = None           # the check whose trigger is resolving
        self.returned: dict[int, list[int]] = {}  # cards a mulligan is returning, by player
        self._pending_phase: str | None = None

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

    def _read_board(self, game: LoggedGame) -> None:
        """Read what only the board knows, at the decision the game now waits for: the damage
        counts, and in the guard step the attack's power against the defence (CORE-10) and
        whether the target cannot be hit."""
        game.switch()
        state = game.state
        self.damage = [q.damage_count(state, p) for p in (0, 1)]
        decision = game.decision
        if decision is None or decision.kind is not DecisionKind.GUARD or state.battle is None:
            return
        attack, defence = q.battle_totals(state)
        totals = {"power": attack, "defence": defence}
        if q.is_restricted(state, state.battle.target, Stat.CANT_BE_HIT):
            totals["cant_be_hit"] = True          # a sentinel's effect (CORE-12)
        if self.battle is not None and "power" not in self.battle.data:
            self.battle.data.update(totals)
        guard = self.defending
        if guard is not None and guard.player == decision.player:   # the totals after it
            guard.data.update(totals)             # (and after any ability it set off)
