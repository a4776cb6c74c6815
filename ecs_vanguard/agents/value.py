"""A static value of a position: the chance that a player wins it, read off a few counts of the
board by a logistic model fitted on self-play (MCTSAgent's truncated rollouts, issue 22).

The features are counts every format has (damage, hand and the shields in it, units and their
printed power, deck, soul, counter-blast and the vanguard's grade, for the player and then the
opponent) and whose turn it is. The model is fitted by `tools/fit_mcts_value.py` on positions at
the start of a turn (where MCTSAgent evaluates: a battle half done is not a position to judge)
from heuristic-agent games, labelled by who won; its weights are the small data file
`agents/data/value.json`, which names its features so that a file of another feature list is
refused instead of misread.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import numpy as np

from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.state import State
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import ArgumentError
from ecs_vanguard.vocab.zones import Circle, Zone

BUILTIN = Path(__file__).with_name("data") / "value.json"

SIDE = ("damage", "damage_at_5", "hand", "hand_shield", "hand_sentinels", "rear_guards",
        "field_power", "deck", "soul", "counter_blast", "vanguard_grade")
FEATURES = ("bias", "my_turn", *(f"my_{f}" for f in SIDE), *(f"their_{f}" for f in SIDE))


def _side(state: State, player: int) -> list[float]:
    """The SIDE counts of one player (printed values: cheap, and what a card brings)."""
    zones = state.board.zones[player]
    card = state.card
    hand = zones[Zone.HAND]
    damage = len(zones[Zone.DAMAGE])
    shield = sentinels = 0
    for c in hand:
        d = card(c)
        shield += d.shield
        sentinels += d.sentinel
    rear = power = 0
    vanguard_grade = 0
    for circle, cards in state.board.circles[player].items():
        if not cards:
            continue
        d = card(cards[0])
        power += d.power
        if circle is Circle.VC:
            vanguard_grade = d.grade
        else:
            rear += 1
    up = len(q.face_up_damage(state, player))
    return [damage, float(damage >= 5), len(hand), shield / 10000, sentinels, rear,
            power / 10000, len(zones[Zone.DECK]) / 10, len(zones[Zone.SOUL]), up, vanguard_grade]


def features(state: State, player: int) -> np.ndarray:
    """Return the FEATURES of a position from `player`'s side."""
    return np.array([1.0, float(state.turn.player == player), *_side(state, player),
                     *_side(state, 1 - player)], dtype=np.float64)


class PositionValue:
    """A logistic value: P(player wins) = sigmoid(weights . features(state, player)).

    Raises:
        ArgumentError: weights that do not match FEATURES, or a file that is not such a model.
    """

    def __init__(self, weights: dict[str, float]) -> None:
        if set(weights) != set(FEATURES):
            missing = sorted(set(FEATURES) - set(weights)) or sorted(set(weights) - set(FEATURES))
            raise ArgumentError(f"a position value needs the weights of {len(FEATURES)} "
                                f"features; {missing[0]!r} differs")
        self.weights = np.array([float(weights[f]) for f in FEATURES])
        if not np.isfinite(self.weights).all():
            raise ArgumentError("a position value's weights must be finite numbers")

    def __call__(self, game: Game, player: int) -> float:
        """Return the chance that `player` wins the game as it is (1 or 0 once it is over)."""
        if game.over:
            return 0.5 if game.winner is None else float(game.winner == player)
        game.switch()
        z = float(self.weights @ features(game.state, player))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    @staticmethod
    def load(path: str | Path) -> PositionValue:
        """Return the model of a value file ({"features": [...], "weights": [...]}), read
        within bounds (limits.read_checked: a regular file of at most 1 MiB)."""
        try:
            data = json.loads(limits.read_checked(
                path, limit=limits.DECK_FILE_BYTES, nesting=limits.JSON_NESTING, toml=False,
                error=ArgumentError, what="position value file"))
            return PositionValue(dict(zip(data["features"], data["weights"], strict=True)))
        except ArgumentError:
            raise
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ArgumentError(f"cannot read the position value {path}: {exc}") from None

    @staticmethod
    def builtin() -> PositionValue:
        """Return the model shipped with the package (agents/data/value.json)."""
        return _builtin()


@cache
def _builtin() -> PositionValue:
    return PositionValue.load(BUILTIN)


def fit(x: np.ndarray, won: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Return logistic-regression weights for rows `x` and 0/1 results `won` (Newton's method
    with a small ridge, the bias column unpenalised)."""
    w = np.zeros(x.shape[1])
    ridge = np.full(x.shape[1], l2 * len(x))
    ridge[0] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - won) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(ridge + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w
