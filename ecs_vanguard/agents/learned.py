"""LearnedAgent (agent spec `learned`): a per-action scoring network trained to imitate MCTSAgent
(50 simulations) by behaviour cloning with DAgger, played without any search (issue 37).

At a decision with more than one distinct choice (actions told apart by what they do, as
MCTSAgent tells them: `mcts._distinct`), each candidate action a in state s is described by a
fixed vector phi(s, a) (`feature_names`): the decision's and the action's kinds, the mover's and the
opponent's position counts (agents.value), the card the action plays (grade, power, shield,
trigger, sentinel, zone, which card), its target and circle, the battle's totals and what a guard
would leave, and whether HeuristicAgent's rules would take this action. A small perceptron
(inputs standardised, one ReLU hidden layer) scores each candidate and the best one is played
(the first on ties). Moves between circles are left out, as agents.linear leaves them out: a
fixed scorer that likes a move would swap two units forever.

The model decides only the decision kinds its file names (`decides`): the training measured, kind
by kind, whether the model deciding that kind alone wins more games against HeuristicAgent than
the heuristic rules do, and every other kind (the main phase, among others) is decided by the
heuristic rules (HeuristicAgent of the agent's seed, whose generator breaks the ties the rules
leave to chance). A game is therefore the same for the same seed.

The weights are the small JSON file agents/data/learned.json that `tools/train_learned.py`
writes (numbers only, no code): `format` (FORMAT), `features` (the names of phi's entries the
network was trained on: a file of another feature list is refused, not misread), `card_ids` (the
cards with a one-hot input of their own; other cards have none), `mean`, `scale` (the inputs'
standardisation), `layers` ([{w, b}], w as (out, in)) and `decides` (decision kinds). A file
that is not such a model is refused in one line naming it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

import numpy as np

from ecs_vanguard.agents import heuristic_rules
from ecs_vanguard.agents.base import agent_rng, pending
from ecs_vanguard.agents.heuristic import HeuristicAgent
from ecs_vanguard.agents.mcts import Key, _distinct, _key
from ecs_vanguard.agents.value import features as position_features
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.vocab.decisions import Action, ActionKind, DecisionKind
from ecs_vanguard.vocab.errors import ArgumentError
from ecs_vanguard.vocab.zones import BACK_ROW, Zone

FORMAT = "ecs_vanguard-learned/1"
BUILTIN = Path(__file__).with_name("data") / "learned.json"
MAX_BYTES = 4 * 1024 * 1024            # a weights file past this is refused before it is read

_ZONES = (Zone.HAND, Zone.VC, Zone.RC, Zone.DECK, Zone.DROP, Zone.DAMAGE, Zone.SOUL,
          Zone.RIDE_DECK, Zone.GC, Zone.TRIGGER)
_TRIGGERS = ("critical", "draw", "front", "heal", "over")

# The numeric part of phi(s, a), by name; then one-hots of (decision kind, action kind) and of
# the action's card id (the file's card_ids).
_NUMERIC = (
    "heuristic_choice",
    *(f"position_{i}" for i in range(23)),    # agents.value.FEATURES but the bias, mover's side
    "has_card", "card_grade", "card_power", "card_shield", "card_sentinel", "card_trigger",
    *(f"card_trigger_{t}" for t in _TRIGGERS), "card_mine", "card_battling",
    *(f"card_in_{z.value}" for z in _ZONES),
    "has_target", "target_power", "target_grade", "target_vc", "target_mine",
    "has_circle", "circle_back", "circle_occupied", "occupant_power", "occupant_grade",
    "in_battle", "battle_attack", "battle_defence", "battle_margin", "battle_hits",
    "battle_target_vc", "battle_critical",
    "guard_enough", "guard_left_over", "attack_margin", "attack_by_vc", "ride_step",
    "call_front_attacker", "call_back_booster", "call_gain", "has_index",
)
_PAIRS = tuple((d, a) for d in DecisionKind for a in ActionKind)
_PAIR_INDEX = {pair: i for i, pair in enumerate(_PAIRS)}
NUMERIC = len(_NUMERIC)                # phi's numeric entries, before the one-hots
PAIRS = len(_PAIRS)                    # (decision kind, action kind) one-hots, before card ids


@cache
def feature_names(card_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The names of phi(s, a)'s entries for a vocabulary of card ids."""
    return (*_NUMERIC, *(f"kind_{d.value}_{a.value}" for d, a in _PAIRS),
            *(f"card_id_{c}" for c in card_ids))


def candidates(game: Game) -> list[Action]:
    """The actions the agent chooses among: one per distinct doing, moves left out (all of
    them when only moves are offered, which the rules never do)."""
    distinct = list(_distinct(game).values())
    kept = [a for a in distinct if a.kind is not ActionKind.MOVE]
    return kept or distinct


def heuristic_key(game: Game) -> Key | None:
    """What HeuristicAgent's rules would do here, or None where they draw a card at random."""
    decision = pending(game)
    choice = heuristic_rules.choose(game.state, decision)
    return None if choice is None else _key(game, choice)


def features(game: Game, actions: Sequence[Action], card_ids: tuple[str, ...]) -> np.ndarray:
    """phi(s, a) for each action of the pending decision (one row each; see the module doc)."""
    game.switch()
    state = game.state
    decision = pending(game)
    player = decision.player
    numeric = NUMERIC
    ids = {c: i for i, c in enumerate(card_ids)}
    out = np.zeros((len(actions), len(feature_names(card_ids))))
    preferred = heuristic_key(game)
    position = position_features(state, player)[1:]
    vanguard_grade = position[11] / 3    # the mover's vanguard grade
    position[1:12] /= _SIDE_SCALE
    position[12:23] /= _SIDE_SCALE
    battle = state.battle
    attack = defence = critical = 0
    battle_row: list[float] = [0.0] * 7
    if battle is not None:
        attack, defence = q.battle_totals(state)
        critical = q.critical(state, battle.attacker) if battle.attacker >= 0 else 0
        target_vc = battle.target >= 0 and q.position(battle.target).zone is Zone.VC
        battle_row = [1.0, attack / 1e4, defence / 1e4, (attack - defence) / 1e4,
                      float(attack >= defence), float(target_vc), float(critical)]
    circles = state.board.circles[player]
    for row, action in enumerate(actions):
        phi = out[row]
        phi[0] = float(preferred is not None and _key(game, action) == preferred)
        phi[1:24] = position
        n = 24
        card = action.card
        grade = power = shield = 0.0
        if card >= 0:
            d = state.card(card)
            pos = q.position(card)
            grade, power, shield = d.grade, q.power(state, card) / 1e4, q.shield(state, card) / 1e4
            trigger = "" if d.trigger is None else d.trigger.value
            phi[n:n + 6] = (1.0, grade / 3, power, shield, d.sentinel, trigger != "")
            phi[n + 6:n + 6 + len(_TRIGGERS)] = [float(trigger == t) for t in _TRIGGERS]
            m = n + 6 + len(_TRIGGERS)
            phi[m] = float(pos.owner == player)
            phi[m + 1] = float(battle is not None and card in (battle.attacker, battle.target))
            phi[m + 2:m + 2 + len(_ZONES)] = [float(pos.zone is z) for z in _ZONES]
            if d.id in ids:
                phi[numeric + len(_PAIRS) + ids[d.id]] = 1.0
        n += 6 + len(_TRIGGERS) + 2 + len(_ZONES)
        target_power = 0.0
        if action.target >= 0:
            t = state.card(action.target)
            tpos = q.position(action.target)
            target_power = q.power(state, action.target) / 1e4
            phi[n:n + 5] = (1.0, target_power, t.grade / 3, tpos.zone is Zone.VC,
                            tpos.owner == player)
        n += 5
        occupant_power = 0.0
        if action.circle is not None:
            units = circles.get(action.circle)
            occupant = units[0] if units else -1
            occupant_power = q.power(state, occupant) / 1e4 if occupant >= 0 else 0.0
            phi[n:n + 5] = (1.0, action.circle in BACK_ROW, occupant >= 0, occupant_power,
                            state.card(occupant).grade / 3 if occupant >= 0 else 0.0)
        n += 5
        phi[n:n + 7] = battle_row
        n += 7
        kind = action.kind
        if battle is not None and kind in (ActionKind.GUARD, ActionKind.INTERCEPT):
            needed = (attack - defence + 1) / 1e4
            phi[n] = float(shield >= needed)
            phi[n + 1] = shield - needed
        if kind is ActionKind.ATTACK:
            phi[n + 2] = power - target_power
            phi[n + 3] = float(q.position(card).zone is Zone.VC)
        if kind is ActionKind.RIDE:
            phi[n + 4] = grade / 3 - vanguard_grade
        if kind is ActionKind.CALL:
            back = action.circle in BACK_ROW
            phi[n + 5] = float(grade >= 2 and not back)
            phi[n + 6] = float(grade <= 1 and back)
            phi[n + 7] = power - occupant_power
        phi[n + 8] = float(action.index >= 0)
        assert n + 9 == NUMERIC, "the blocks above fill _NUMERIC in order"
        phi[numeric + _PAIR_INDEX[(decision.kind, kind)]] = 1.0
    return out


# agents.value's side counts are raw (damage 0-6, hand up to ten): scaled to about one.
_SIDE_SCALE = np.array([6, 1, 10, 5, 4, 5, 5, 5, 10, 5, 3], dtype=np.float64)


class LearnedModel:
    """The scoring network of a weights file (module doc).

    Raises:
        ArgumentError: arrays that do not make such a network (shapes, names, numbers).
    """

    def __init__(self, card_ids: Sequence[str], mean: np.ndarray, scale: np.ndarray,
                 layers: Sequence[tuple[np.ndarray, np.ndarray]],
                 decides: Iterable[DecisionKind] = tuple(DecisionKind)) -> None:
        self.card_ids = tuple(str(c) for c in card_ids)
        self.decides = frozenset(decides)
        width = len(feature_names(self.card_ids))
        self.mean = np.asarray(mean, dtype=np.float64)
        self.scale = np.asarray(scale, dtype=np.float64)
        if self.mean.shape != (width,) or self.scale.shape != (width,):
            raise ArgumentError(f"the standardisation needs {width} numbers, got "
                                f"{self.mean.shape} and {self.scale.shape}")
        self.layers = [(np.asarray(w, dtype=np.float64), np.asarray(b, dtype=np.float64))
                       for w, b in layers]
        inputs = width
        for i, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or w.shape[1] != inputs or b.shape != (w.shape[0],):
                raise ArgumentError(f"layer {i} has weights {w.shape} and bias {b.shape}, "
                                    f"which do not take {inputs} inputs")
            inputs = w.shape[0]
        if not self.layers or inputs != 1:
            raise ArgumentError("the last layer must give one score per action")
        numbers = [self.mean, self.scale, *(x for layer in self.layers for x in layer)]
        if not all(np.isfinite(x).all() for x in numbers) or not (self.scale > 0).all():
            raise ArgumentError("weights must be finite numbers and scales positive")

    def scores(self, x: np.ndarray) -> np.ndarray:
        """Return the score of each row of phi."""
        h = (x - self.mean) / self.scale
        for i, (w, b) in enumerate(self.layers):
            h = h @ w.T + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return h[:, 0]

    def save(self, path: str | Path) -> None:
        """Write the model as a weights file (module doc); numbers to float32's precision."""
        doc = {"format": FORMAT, "features": list(feature_names(self.card_ids)),
               "card_ids": list(self.card_ids), "mean": _rounded(self.mean),
               "scale": _rounded(self.scale),
               "decides": [k.value for k in DecisionKind if k in self.decides],
               "layers": [{"w": _rounded(w), "b": _rounded(b)} for w, b in self.layers]}
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")

    @staticmethod
    def load(path: str | Path) -> LearnedModel:
        """Read a weights file.

        Raises:
            ArgumentError: a missing, oversized or corrupt file, or one of another format or
                feature list, said in one line naming the file.
        """
        try:
            return _load(Path(path))
        except ArgumentError as exc:
            raise ArgumentError(f"learned agent weights {str(path)!r}: {exc}") from None


def _rounded(x: np.ndarray) -> list:
    return np.asarray(x, dtype=np.float32).astype(np.float64).round(7).tolist()  # type: ignore


def _load(path: Path) -> LearnedModel:
    if not path.is_file():
        raise ArgumentError("not a file")
    if path.stat().st_size > MAX_BYTES:
        raise ArgumentError(f"larger than {MAX_BYTES} bytes")
    try:
        doc = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError) as exc:          # UnicodeDecodeError, JSONDecodeError
        raise ArgumentError(f"not a weights file ({type(exc).__name__}: {exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ArgumentError(f"not a weights file of format {FORMAT!r}")
    missing = [k for k in ("features", "card_ids", "mean", "scale", "layers", "decides")
               if k not in doc]
    if missing:
        raise ArgumentError(f"no field {missing[0]!r}")
    card_ids, names, layers = doc["card_ids"], doc["features"], doc["layers"]
    if not all(isinstance(x, list) and all(isinstance(v, str) for v in x)
               for x in (card_ids, names)):
        raise ArgumentError("card_ids and features must be lists of text")
    if tuple(names) != feature_names(tuple(card_ids)):
        raise ArgumentError("trained on another feature list than this version's: train "
                            "again with tools/train_learned.py")
    kinds = {k.value: k for k in DecisionKind}
    decides = doc["decides"]
    if not isinstance(decides, list) or not all(isinstance(k, str) and k in kinds
                                                for k in decides):
        raise ArgumentError(f"decides must be a list of decision kinds ({', '.join(kinds)})")
    if not isinstance(layers, list) or not all(
            isinstance(x, dict) and set(x) == {"w", "b"} for x in layers):
        raise ArgumentError("layers must be a list of {w, b}")
    try:
        mean, scale = _numbers(doc["mean"]), _numbers(doc["scale"])
        pairs = [(_numbers(x["w"]), _numbers(x["b"])) for x in layers]
    except ValueError as exc:
        raise ArgumentError(f"weights must be arrays of numbers ({exc})") from None
    return LearnedModel(card_ids, mean, scale, pairs, (kinds[k] for k in decides))


def _numbers(value: object) -> np.ndarray:
    """An array of numbers from JSON lists (text, booleans and ragged lists refused)."""
    array = np.array(value)
    if array.dtype.kind not in "fi":
        raise ValueError(f"got {array.dtype.kind!r} values")
    return array.astype(np.float64)


@cache
def builtin_model() -> LearnedModel:
    """The model shipped with the package (agents/data/learned.json), read once."""
    return LearnedModel.load(BUILTIN)


class LearnedAgent:
    """Play the candidate action the learned network scores best (module doc); no search.

    Args:
        seed: seeds the heuristic rules' tie breaks at the kinds the model does not decide.

    Raises:
        ArgumentError: a seed that is not a non-negative integer, or a shipped weights file
            that cannot be read.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = agent_rng(seed)
        self.model = builtin_model()
        self.heuristic = HeuristicAgent(seed)

    @classmethod
    def with_model(cls, model: LearnedModel, seed: int = 0) -> LearnedAgent:
        """Return an agent playing `model` instead of the shipped one (training uses it)."""
        agent = cls.__new__(cls)
        agent.rng = agent_rng(seed)
        agent.model = model
        agent.heuristic = HeuristicAgent(seed)
        return agent

    def act(self, game: Game) -> Action:
        """Return the best-scored candidate action of the pending decision, or the heuristic
        rules' choice at a decision of a kind the model does not decide."""
        if pending(game).kind not in self.model.decides:
            return self.heuristic.act(game)
        actions = candidates(game)
        if len(actions) == 1:
            return actions[0]
        scores = self.model.scores(features(game, actions, self.model.card_ids))
        return actions[int(np.argmax(scores))]
