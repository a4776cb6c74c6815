"""RepeatGuard (agents.repeats, issue 22): a move that brings a player's field back to where it
stood at one of their decisions this turn is not offered to policies and environments, so a
deterministic policy cannot swap two units until the decision limit."""

from __future__ import annotations

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.agents.policy_file import PolicyAgent
from ecs_vanguard.agents.repeats import RepeatGuard
from ecs_vanguard.env import VanguardEnv
from ecs_vanguard.vocab.decisions import ActionKind


def _column(db):
    return (vg.Scenario(db, seed=2)
            .player(0, vanguard="DX-004", rear={"front_left": "DX-006", "back_left": "DX-002"},
                    hand=["DX-008"])
            .player(1, vanguard="DX-104")
            .start(turn=3, turn_player=0, phase="main"))


def test_a_move_back_to_a_field_decided_on_this_turn_is_left_out(db):
    game = _column(db)
    guard = RepeatGuard()
    actions = game.legal_actions()
    first = guard.allowed(game)
    assert all(first) and guard.allowed(game) == first      # asking again changes nothing
    move = next(a for a in actions if a.kind is ActionKind.MOVE)
    game.step(move)
    allowed = dict(zip(game.legal_actions(), guard.allowed(game), strict=True))
    blocked = [a for a, ok in allowed.items() if not ok]
    assert blocked and all(a.kind is ActionKind.MOVE for a in blocked)   # the swap back
    assert any(ok for a, ok in allowed.items() if a.kind is ActionKind.CALL)
    assert allowed[next(a for a in allowed if a.kind is ActionKind.DONE)]
    # The next turn starts afresh: the same field may be reached again.
    fresh = RepeatGuard()
    fresh.turn, fresh.seen = game.turn - 1, set(guard.seen)
    assert all(fresh.allowed(game))


class _MoveLover:
    """A deterministic policy that moves whenever it is allowed to, else plays the first."""

    def choose(self, game, allowed=None):
        actions = game.legal_actions()
        allowed = allowed or [True] * len(actions)
        for action, ok in zip(actions, allowed, strict=True):
            if ok and action.kind is ActionKind.MOVE:
                return action
        return next(a for a, ok in zip(actions, allowed, strict=True) if ok)


def _play(choose, seed: int) -> tuple[vg.Game, int]:
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"),
                   seed=seed)
    other = vg.HeuristicAgent(seed)
    most = 0
    moves: dict[int, int] = {}
    while not game.over:
        if game.decision.player == 0:
            action = choose(game)
            if action.kind is ActionKind.MOVE:
                moves[game.turn] = moves.get(game.turn, 0) + 1
                most = max(most, moves[game.turn])
        else:
            action = other.act(game)
        game.step(action)
    return game, most


def test_a_policy_that_loves_moves_swaps_only_until_the_field_repeats():
    """Unguarded, such a policy swaps one column forever and the decision limit draws the game;
    played as a file's policy is, it makes a few moves a turn and the game is played out."""
    looping, _ = _play(_MoveLover().choose, seed=5)
    assert looping.end_code == "decision_limit"
    agent = PolicyAgent.playing(_MoveLover())
    game, most = _play(agent.act, seed=5)
    assert game.end_code != "decision_limit" and 0 < most <= 10


def test_the_environments_mask_the_move_back(db):
    """The compact environment's mask leaves out the swap back (and only that), so the
    learner's choices are the ones its exported policy is offered."""
    env = VanguardEnv(opponent="heuristic", interface="compact")
    obs, _ = env.reset(seed=4)
    learner = vg.HeuristicAgent(0)
    masked_moves = 0
    for _ in range(150):
        masks = env.action_masks()
        actions = env.game.legal_actions()
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        left_out = [a for i, a in enumerate(actions[:len(masks)]) if not masks[i]]
        assert all(a.kind is ActionKind.MOVE for a in left_out)
        masked_moves += len(left_out)
        slots = np.flatnonzero(masks)
        moves = [i for i in slots if actions[i].kind is ActionKind.MOVE]
        slot = moves[0] if moves else actions.index(learner.act(env.game))
        obs, _, done, truncated, _ = env.step(int(slot))
        if done or truncated:
            obs, _ = env.reset()
    assert masked_moves > 0


def test_asking_again_at_one_decision_looks_through_no_more_clones(db, monkeypatch):
    """An environment asks at each decision twice (its observation's mask, `action_masks()`):
    the second answer is the first, without a clone per move again; a step, another game or a
    guard whose boards changed is looked at afresh."""
    game = _column(db)
    made = []
    clone = vg.Game.clone

    def counted(self):
        made.append(self)
        return clone(self)

    monkeypatch.setattr(vg.Game, "clone", counted)
    guard = RepeatGuard()
    first = guard.allowed(game)
    moves = sum(a.kind is ActionKind.MOVE for a in game.legal_actions())
    assert moves and len(made) == moves
    assert guard.allowed(game) == first and guard.allowed(game, game.legal_actions()) == first
    assert len(made) == moves                             # no clone the second and third time
    same_position = game.clone()
    made.clear()
    assert guard.allowed(same_position) == first and len(made) == moves      # another game
    game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.MOVE))
    made.clear()
    after = guard.allowed(game)
    assert not all(after) and len(made) > 0               # a new decision: the swap back is out
    guard.seen = set()                                    # boards forgotten: asked afresh
    assert all(guard.allowed(game))
