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
it; it looks at the game through a clone for each MOVE offered.
"""

from __future__ import annotations

from ecs_vanguard.game import Game
from ecs_vanguard.state.hashing import board_part
from ecs_vanguard.vocab.decisions import Action, ActionKind


class RepeatGuard:
    """The boards a player's decisions went through this turn; see the module doc."""

    def __init__(self) -> None:
        self.turn = -1
        self.seen: set[tuple[int, int]] = set()        # (player, board hash)

    def reset(self) -> None:
        """Forget every board (a new game)."""
        self.turn, self.seen = -1, set()

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
        return out if any(out) else [True] * len(actions)
