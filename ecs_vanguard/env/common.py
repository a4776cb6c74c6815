"""What every environment shares: the match it plays, its action interface and spaces, its end,
and `Seat`, one learner seat against a built-in agent (the game loop of VanguardEnv and
VectorEnv, no gymnasium).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ecs_vanguard.agents import make_agent
from ecs_vanguard.agents.repeats import RepeatGuard
from ecs_vanguard.game import Game
from ecs_vanguard.perspective import compact
from ecs_vanguard.perspective.encoding import ACTION_COUNT, OBSERVATION
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.decisions import Action
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError
from ecs_vanguard.vocab.limits import LIMIT_END_CODES

LIMIT_ENDS = LIMIT_END_CODES          # a game stopped by a limit is truncated, not terminated
# What an action index that is not legal does: "lose" ends the episode as a loss (reward -1,
# info["illegal_action"] True), "raise" raises IllegalActionError and changes nothing.
ILLEGAL_ACTIONS = ("lose", "raise")
# How a decision is offered: "flat", an index of the 18,849-entry action table (the mask over the
# whole table), or "compact", one of K option slots with a feature vector each (ecs_vanguard.
# compact: slot i plays the i-th legal action).
INTERFACES = ("flat", "compact")


def over_mask(size: int) -> np.ndarray:
    """The mask of a learner seat whose game is over: action 0 alone, a placeholder. Gymnasium's
    next-step autoreset (`make_vec` in "sync" and "async" modes) asks for one more action on the
    final observation and ignores it; one allowed action lets a masked learner pick it (with
    probability 1, so the ignored step teaches nothing) instead of failing on an empty mask.
    `step()` itself still refuses any action once the episode is over (call reset())."""
    mask = np.zeros(size, bool)
    mask[0] = True
    return mask


@dataclass(frozen=True)
class MatchSpec:
    """The decks and format of the games an environment plays."""

    deck_a: str = "blazing_dragons"
    deck_b: str = "radiant_knights"
    format: str = "standard"
    turn_limit: int | None = None

    def new_game(self, seed: int, decks: tuple[Deck, Deck] | None = None) -> Game:
        """Return a new game of this match with the given seed (decks: resolved already)."""
        db = CardDB.builtin()
        decks = decks or self.decks(db)
        return Game(*decks, seed=seed, format=self.format, db=db, turn_limit=self.turn_limit)

    def decks(self, db: CardDB | None = None) -> tuple[Deck, Deck]:
        """Return the two decks (built-in names or TOML paths).

        Raises:
            DeckError: a deck cannot be loaded.
        """
        db = db or CardDB.builtin()
        return Deck.resolve(self.deck_a, db), Deck.resolve(self.deck_b, db)


@dataclass(frozen=True)
class Interface:
    """How an environment offers a decision: the flat action table or K option slots.

    Raises:
        ArgumentError: an unknown interface, or max_options not a whole number from 1 to 4096.
    """

    name: str = "flat"
    max_options: int = compact.MAX_OPTIONS

    def __post_init__(self) -> None:
        if self.name not in INTERFACES:
            raise ArgumentError(f"interface must be one of {INTERFACES}, not {self.name!r:.40}")
        k = self.max_options
        if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= 4096:
            raise ArgumentError(f"max_options must be a whole number from 1 to 4096, "
                                f"got {k!r:.40}")

    @property
    def size(self) -> int:
        """The number of actions: the table's entries, or the option slots."""
        return ACTION_COUNT if self.name == "flat" else int(self.max_options)

    def spaces(self) -> tuple[Any, Any]:
        """Return (observation space, action space): a dict of the vector, the legal mask and
        (compact) the options' features."""
        from gymnasium import spaces as gs

        parts: dict[str, Any] = {
            # Values are scaled (power / 10000, counts / 10, ...) and compressed beyond 10
            # (perspective.observation.soft_cap): below 100 whatever the game.
            "observation": gs.Box(-100, 100, (OBSERVATION.size,), np.float32),
            "action_mask": gs.Box(0, 1, (self.size,), np.int8),
        }
        if self.name == "compact":
            parts["options"] = gs.Box(-100, 100, (self.size, compact.OPTION.size), np.float32)
        return gs.Dict(parts), gs.Discrete(self.size)

    def mask(self, game: Game, repeats: RepeatGuard | None = None) -> np.ndarray:
        """Return the bool mask of the legal actions of the pending decision; with a guard,
        without the moves back to a field already decided on (agents.repeats)."""
        actions = game.legal_actions()
        allowed = repeats.allowed(game, actions) if repeats is not None else None
        if self.name == "flat":
            mask = game.action_mask()
            if allowed is not None and not all(allowed):
                for action, ok in zip(actions, allowed, strict=True):
                    if not ok:
                        mask[game.encode_action(action)] = False
            return mask
        return compact.option_mask(actions, self.size, allowed)

    def observe(self, game: Game, player: int, acting: bool,
                repeats: RepeatGuard | None = None) -> dict[str, np.ndarray]:
        """Return the observation of `player`; mask and options are zero when not acting."""
        mask = self.mask(game, repeats) if acting else np.zeros(self.size, bool)
        out = {"observation": game.observation(player), "action_mask": mask.astype(np.int8)}
        if self.name == "compact":
            out["options"] = self.options(game, player) if acting else np.zeros(
                (self.size, compact.OPTION.size), np.float32)
        return out

    def options(self, game: Game, player: int) -> np.ndarray:
        """Return the (K, OPTION.size) features of the pending decision's option slots."""
        game.switch()
        return compact.options(game.state, player, game.legal_actions(), self.size)

    def action(self, game: Game, index: int) -> Action:
        """Return the legal action an index names (a table index, or a slot).

        Raises:
            IllegalActionError: no legal action has it (also a ValueError).
        """
        if self.name == "flat":
            return game.decode_action(index)
        actions = game.legal_actions()
        if not 0 <= index < min(len(actions), self.size):
            raise IllegalActionError(f"option slot {index} is not legal now "
                                     f"({min(len(actions), self.size)} options)")
        return actions[index]


def spaces() -> tuple[Any, Any]:
    """Return (observation space, action space) of the flat table (Interface.spaces)."""
    return Interface().spaces()


def env_seed(seed: object) -> int:
    """Return an environment's seed as a Python int: an integer of any type (a numpy uint8 or
    int8 too) is read as its value, so `seed + i` never wraps or overflows in numpy.

    Raises:
        ArgumentError: not an integer of at least 0 (a bool, a float, a string, a numpy
            SeedSequence: Gymnasium and the environments' counted seeds take integers).
    """
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or int(seed) < 0:
        shown = " ".join(repr(seed).split())          # a SeedSequence's repr spans lines
        raise ArgumentError(f"seed must be a non-negative integer, got {shown:.40}")
    return int(seed)


def action_index(action: object) -> int:
    """Return an action given to an environment as a table index (an int or a numpy integer).

    Raises:
        IllegalActionError: it is not an integer (None, a string, a float).
    """
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(f"an action is an index of the action table, got "
                                 f"{action!r:.40}") from None


def observe(game: Game, player: int, acting: bool) -> dict[str, np.ndarray]:
    """Return the observation of `player`; the mask is all zero when it is not their turn."""
    mask = game.action_mask().astype(np.int8) if acting else np.zeros(ACTION_COUNT, np.int8)
    return {"observation": game.observation(player), "action_mask": mask}


def final_rewards(game: Game) -> tuple[float, float]:
    """+1 for the winner, -1 for the loser, 0 each for a draw."""
    if game.winner is None:
        return 0.0, 0.0
    return (1.0, -1.0) if game.winner == 0 else (-1.0, 1.0)


class Seat:
    """One learner seat against a built-in agent: the opponent plays until the learner decides.

    Raises:
        ArgumentError (a ValueError): a seat other than 0 or 1, an unknown illegal-action
            rule or opponent.
        DeckError: a deck cannot be loaded.
    """

    def __init__(self, match: MatchSpec, opponent: str = "random", seat: int = 0,
                 illegal_action: str = "lose", interface: Interface | None = None) -> None:
        if seat not in (0, 1):
            raise ArgumentError(f"seat must be 0 or 1, got {seat!r:.40}")
        checks.one_of(illegal_action, "illegal_action", ILLEGAL_ACTIONS)
        try:
            make_agent(opponent)                   # refuse an unknown agent now, not later
        except ArgumentError as exc:
            raise ArgumentError(f"opponent: {exc}") from None
        self.match, self.opponent_name, self.seat = match, opponent, seat
        self.illegal_action = illegal_action
        self.interface = interface or Interface()
        self._decks = match.decks()
        self.game: Game | None = None
        self.done = True
        self.repeats = RepeatGuard()           # moves that undo moves are masked (agents.repeats)

    def reset(self, game_seed: int) -> None:
        """Start a new game and play the opponent until the learner must decide."""
        self.game = self.match.new_game(game_seed, self._decks)
        self.opponent = make_agent(self.opponent_name, game_seed)
        self.repeats.reset()
        self.done = False
        self._play_opponent()

    def observe(self) -> dict[str, np.ndarray]:
        """Return the learner's observation and legal-action mask (once done: over_mask, and
        zero options)."""
        out = self.interface.observe(self.require_game(), self.seat, not self.done, self.repeats)
        if self.done:
            out["action_mask"] = over_mask(self.interface.size).astype(np.int8)
        return out

    def action_masks(self) -> np.ndarray:
        """Return the bool mask of the learner's legal actions (once done: over_mask)."""
        if self.done:
            return over_mask(self.interface.size)
        return self.interface.mask(self.require_game(), self.repeats)

    def step(self, index: int) -> tuple[float, bool, bool, dict[str, Any]]:
        """Apply the learner's action index (a table index, or a slot of the compact
        interface); return (reward, terminated, truncated, info).

        Raises:
            IllegalActionError: the episode is over, the action is not an integer, or the
                index is not legal and illegal_action is "raise" (nothing changed then).
        """
        game = self.require_game()
        if self.done:
            raise IllegalActionError("the episode is over: call reset()")
        position = action_index(index)             # not an integer at all: always an error
        try:
            chosen = self.interface.action(game, position)
            self._check_offered(game, chosen, position)
        except ValueError as exc:
            if self.illegal_action == "raise":
                raise IllegalActionError(str(exc)) from None
            self.done = True                   # the episode ends as a loss for the learner
            return -1.0, True, False, {"turn": game.turn, "end": "illegal_action",
                                       "illegal_action": True}
        game.step(chosen)
        self._play_opponent()
        self.done = game.over
        reward = final_rewards(game)[self.seat] if game.over else 0.0
        truncated = game.over and game.end_code in LIMIT_ENDS
        return reward, game.over and not truncated, truncated, {
            "turn": game.turn, "end": game.end_code, "illegal_action": False}

    def _check_offered(self, game: Game, chosen: Action, position: int) -> None:
        """Refuse a legal action the seat's own mask leaves out (a move back to a field already
        decided on this turn, agents.repeats): it is an illegal action like any other."""
        actions = game.legal_actions()
        allowed = self.repeats.allowed(game, actions)
        if all(allowed):
            return
        if not allowed[actions.index(chosen)]:
            raise IllegalActionError(f"action {position} is masked: it moves back to a field "
                                     "already decided on this turn")

    def require_game(self) -> Game:
        """Return the game, or raise IllegalActionError before the first reset."""
        if self.game is None:
            raise IllegalActionError("call reset() before step()")
        return self.game

    def _play_opponent(self) -> None:
        game = self.require_game()
        while not game.over and game.decision is not None and game.decision.player != self.seat:
            game.step(self.opponent.act(game))
        self.done = game.over
