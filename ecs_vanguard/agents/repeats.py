"""RepeatGuard: leave out the moves that bring a player's field back to where it already stood
at one of their decisions this turn (issue 22).

The rules let a player move rear-guards in the main phase as often as they like (a MOVE swaps
the two circles of a column), so two moves of one column make a cycle that changes nothing. A
stochastic learner wastes its steps in such cycles, and a deterministic policy (an exported
MaskablePPO actor, whose observation differs between the two ends of the cycle) can play one
forever, until the game's decision limit draws it. The guard remembers the board at each of a
player's decisions of the turn and masks a MOVE whose result is a board seen before; the
environments apply it to their action masks and PolicyAgent to the policy's choice, so a trained
policy plays the actions it was trained on. Only moves are guarded: every other action either
costs something or ends the decision.

The guard is plain data (the turn and a set of board hashes) and reads a game without changing
it; it looks at the game through a clone for each MOVE offered, once per decision: an
environment asks at a decision for its observation's mask and again for `action_masks()`, and
the second answer is the first one kept (the same game, the same pending decision, the same
boards seen).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from ecs_vanguard.game import Game
from ecs_vanguard.state.hashing import board_part
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision


class RepeatGuard:
    """The boards a player's decisions went through this turn; see the module doc."""

    def __init__(self) -> None:
        self.turn = -1
        self.seen: set[tuple[int, int]] = set()        # (player, board hash)
        self._last: _Answer | None = None

    def reset(self) -> None:
        """Forget every board (a new game)."""
        self.turn, self.seen, self._last = -1, set(), None

    def allowed(self, game: Game, actions: list[Action] | None = None) -> list[bool]:
        """Return, for each legal action of the pending decision (or of `actions`), whether it
        is offered: False for a MOVE to a board this player already decided on this turn.
        Records the board as it is now; asking again at the same decision changes nothing."""
        decision = game.decision
        actions = game.legal_actions() if actions is None else actions
        if decision is None:
            return [True] * len(actions)
        if game.turn != self.turn:
            self.turn, self.seen = game.turn, set()
        game.switch()
        player = decision.player
        self.seen.add((player, board_part(game.state)))
        last = self._last
        if (last is not None and last.game() is game and last.decision is decision
                and last.seen is self.seen and last.size == len(self.seen)
                and last.actions == tuple(actions)):
            return list(last.out)
        out = []
        for action in actions:
            if action.kind is not ActionKind.MOVE:
                out.append(True)
                continue
            after = game.clone()
            after.step(action)
            after.switch()
            out.append((player, board_part(after.state)) not in self.seen)
            game.switch()
        out = out if any(out) else [True] * len(actions)
        self._last = _Answer(weakref.ref(game), decision, self.seen, len(self.seen),
                             tuple(actions), tuple(out))
        return out

    def __getstate__(self) -> dict[str, object]:
        """Pickle and copy the data (turn and boards), not the last answer kept."""
        return {"turn": self.turn, "seen": self.seen}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._last = None


@dataclass(frozen=True, slots=True)
class _Answer:
    """The last answer and what it was given for: a game (not kept alive for it), its pending
    decision (a new object at every step) and the boards seen then (a set only added to: its
    size tells a change)."""

    game: weakref.ref[Game]
    decision: Decision
    seen: set[tuple[int, int]]
    size: int
    actions: tuple[Action, ...]
    out: tuple[bool, ...]
