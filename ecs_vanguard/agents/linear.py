"""A linear policy over action features: each legal action a in state s scores theta . phi(s, a)
and the best one is played (the policy examples/train_linear_policy.py trains; saved and loaded
as a policy file, agents.policy_file).

phi has one small block per kind of action, describing the action and the facts it depends on
(a call: the card's power, grade against the row, an occupied circle; a guard: the shield, the
damage, the battle's margin; a pick: whether the card is in the battle; ...): SIZE (51) weights.
"""

from __future__ import annotations

import numpy as np

from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind
from ecs_vanguard.vocab.zones import BACK_ROW, Zone

DONE_IN = (DecisionKind.MAIN_PHASE, DecisionKind.ATTACK, DecisionKind.GUARD, DecisionKind.RIDE,
           DecisionKind.MULLIGAN, DecisionKind.CHOOSE_CARD, DecisionKind.BOOST)


def _decision(game: Game) -> Decision:
    decision = game.decision
    assert decision is not None, "features are read for a pending decision"
    return decision


def _card(game: Game, card: int) -> tuple:
    state = game.state
    d = state.card(card)
    return d, q.position(card), q.power(state, card) / 10000


def _ride(game: Game, a: Action) -> list[float]:
    d, pos, _ = _card(game, a.card)
    return [1.0, d.grade / 3, pos.zone is Zone.HAND]


def _call(game: Game, a: Action) -> list[float]:
    d, _, power = _card(game, a.card)
    back = a.circle in BACK_ROW
    circles = game.state.board.circles[_decision(game).player]
    occupied = a.circle is not None and bool(circles.get(a.circle))
    return [1.0, power, d.grade >= 2 and not back, d.grade <= 1 and back, occupied,
            d.trigger is not None, d.sentinel]


def _attack(game: Game, a: Action) -> list[float]:
    _, _, power = _card(game, a.card)
    _, target, target_power = _card(game, a.target)
    return [1.0, power, target.zone is Zone.VC, power - target_power]


def _guard(game: Game, a: Action) -> list[float]:
    state = game.state
    d, _, _ = _card(game, a.card)
    attack, defence = q.battle_totals(state)
    damage = q.damage_count(state, _decision(game).player) / 6
    shield = q.shield(state, a.card) / 10000
    assert state.battle is not None, "guards are offered in a battle"
    return [1.0, shield, damage, (attack - defence) / 10000, d.sentinel, shield * damage,
            q.position(state.battle.target).zone is Zone.VC]


def _pick(game: Game, a: Action) -> list[float]:
    if a.card < 0:
        return [1.0, 0, 0, 0, 0]
    d, pos, power = _card(game, a.card)
    battle = game.state.battle
    battling = battle is not None and a.card in (battle.attacker, battle.target)
    mine = pos.owner == _decision(game).player
    return [1.0, battling or (pos.zone is Zone.VC and mine), d.grade / 3, power, mine]


def _done(game: Game, a: Action) -> list[float]:
    kind = _decision(game).kind
    return [float(kind is k) for k in DONE_IN] + [float(kind not in DONE_IN)]


def _bias(game: Game, a: Action) -> list[float]:
    return [1.0]


# phi(s, a) has one block per action kind; an action fills only its own kind's block.
BLOCKS = {ActionKind.RIDE: _ride, ActionKind.CALL: _call, ActionKind.ATTACK: _attack,
          ActionKind.GUARD: _guard, ActionKind.PICK: _pick, ActionKind.DONE: _done,
          ActionKind.INTERCEPT: _guard}
BLOCKS |= {k: _bias for k in ActionKind if k not in BLOCKS}
_WIDTH = {ActionKind.RIDE: 3, ActionKind.CALL: 7, ActionKind.ATTACK: 4, ActionKind.GUARD: 7,
          ActionKind.INTERCEPT: 7, ActionKind.PICK: 5, ActionKind.DONE: len(DONE_IN) + 1}
_START: dict[ActionKind, int] = {}
SIZE = 0
for _kind in ActionKind:
    _START[_kind] = SIZE
    SIZE += _WIDTH.get(_kind, 1)


def features(game: Game, action: Action) -> np.ndarray:
    """phi(s, a): the block of the action's kind filled by its describer, zeros elsewhere."""
    phi = np.zeros(SIZE)
    start = _START[action.kind]
    block = BLOCKS[action.kind](game, action)
    phi[start:start + len(block)] = block
    return phi


def choose(theta: np.ndarray, game: Game) -> Action:
    """Return the legal action with the highest score theta . phi (the first on ties). Moves
    between circles are left out: a fixed scorer that likes one would swap two units forever."""
    game.switch()
    actions = [a for a in game.legal_actions() if a.kind is not ActionKind.MOVE]
    if len(actions) == 1:
        return actions[0]
    scores = np.array([features(game, a) @ theta for a in actions])
    return actions[int(np.argmax(scores))]
