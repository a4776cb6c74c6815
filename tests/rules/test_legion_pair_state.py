"""A legion is one pair state (LEG-01, LEG-04, LEG-07, LEG-21, LEG-26, CORE-21): stand, rest, face
up and face down act on both members, a member that cannot stand keeps both resting, a
vanguard once in legion never uses Seek Mate again, and a deleted legion stays one."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import CardTurned, UnitDeleted, UnitRested, UnitStood
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    cards_in,
    events_of,
    has_action,
    is_face_up,
    is_rested,
    pick,
    start_game,
    unit_at,
)

DECK = ["LG-006"] * 10
REST, STAND, FACE_DOWN, FACE_UP, CANT_STAND, TO_HAND, RIDE = range(7)   # TJ-PAIR-HAND's acts


def _legion(db, side1: dict | None = None, turn_player: int = 0, **side0) -> vg.Game:
    """Player 0: Castor leading Lucius (a placed legion), the pair tool on back-left."""
    side = {"vanguard": "LG-007", "mate": "LG-005", "rear": {"back_left": "TJ-PAIR-HAND"},
            **side0}
    return start_game(db, side, side1 or {"vanguard": "LG-008"}, decks=(DECK, DECK),
                      fmt="premium", turn_player=turn_player)


def _use(game: vg.Game, act: int, on: int) -> None:
    """Play one of the pair tool's acts, choosing `on` among your vanguards."""
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.BACK_LEFT), index=act))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=on))


def _pair(game: vg.Game) -> tuple[int, int]:
    leader = unit_at(game, 0, Circle.VC)
    mate = q.partner(leader)
    assert mate is not None
    return leader, mate


def test_LEG_21_turning_either_member_face_down_or_up_turns_both(tdb):
    """LEG-21, ACT-13: turning the mate face down turns the leader too; the leader already face
    down is not turned again; turning the leader face up turns both."""
    game = _legion(tdb)
    leader, mate = _pair(game)
    _use(game, FACE_DOWN, mate)
    assert not is_face_up(game, leader) and not is_face_up(game, mate)
    assert sorted(e.card for e in events_of(game, CardTurned)) == sorted([leader, mate])
    _use(game, FACE_DOWN, leader)
    assert len(events_of(game, CardTurned)) == 2                 # nothing turned, nothing seen
    _use(game, FACE_UP, leader)
    assert is_face_up(game, leader) and is_face_up(game, mate)
    assert [e.face_up for e in events_of(game, CardTurned)] == [False, False, True, True]


def test_LEG_21_resting_or_standing_either_member_does_both(tdb):
    """LEG-21: resting the mate rests the leader; standing the leader stands the mate."""
    game = _legion(tdb)
    leader, mate = _pair(game)
    _use(game, REST, mate)
    assert is_rested(game, leader) and is_rested(game, mate)
    assert sorted(e.card for e in events_of(game, UnitRested)) == sorted([leader, mate])
    _use(game, STAND, leader)
    assert not is_rested(game, leader) and not is_rested(game, mate)
    assert sorted(e.card for e in events_of(game, UnitStood)) == sorted([leader, mate])


def test_LEG_21_a_member_that_cannot_stand_keeps_both_resting(tdb):
    """LEG-21: the mate 'can't stand'; standing the leader stands neither."""
    game = _legion(tdb)
    leader, mate = _pair(game)
    _use(game, REST, leader)
    _use(game, CANT_STAND, mate)
    _use(game, STAND, leader)
    assert is_rested(game, leader) and is_rested(game, mate)
    assert not events_of(game, UnitStood)


def test_LEG_21_CORE_04_a_member_that_cannot_stand_keeps_both_resting_in_the_stand_phase(tdb):
    """LEG-21, CORE-04: the opponent made the leader unable to stand until the end of its
    owner's next turn: in that stand phase neither member stands; the turn after, both do."""
    game = _legion(tdb, {"vanguard": "TJ-DELETER"}, turn_player=1, rested=["vc"])
    leader, mate = _pair(game)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 1, Circle.VC), index=1))
    game.step(pick(game, ActionKind.PICK, card=leader))
    while game.turn_player == 1:
        game.step(pick(game, ActionKind.DONE))
    assert is_rested(game, leader) and is_rested(game, mate)    # player 0's stand phase
    assert not events_of(game, UnitStood) or all(
        e.card not in (leader, mate) for e in events_of(game, UnitStood))
    for _ in range(2):                                          # player 0's turn, then 1's
        player = game.turn_player
        while game.turn_player == player:
            game.step(pick(game, ActionKind.DONE))
    assert not is_rested(game, leader) and not is_rested(game, mate)


def test_LEG_01_LEG_07_a_vanguard_once_in_legion_never_seeks_mate_again(tdb):
    """LEG-01, LEG-07: a leader whose mate left is alone on VC but has been in legion: no Seek
    Mate; LEG-04: the same card ridden again is a new object and may."""
    game = _legion(tdb, hand=["LG-007"], drop=["LG-006"] * 4, deck=["LG-005"] + DECK)
    leader, mate = _pair(game)
    assert not has_action(game, ActionKind.SEEK_MATE)            # in legion
    _use(game, TO_HAND, mate)
    assert q.partner(leader) is None and mate in cards_in(game, 0, Zone.HAND)
    # LEG-09: the pair state ends with the legion: the mate went face down into the hand, the
    # leader stays face up and standing
    assert not is_face_up(game, mate) and is_face_up(game, leader)
    assert not is_rested(game, leader)
    assert unit_at(game, 0, Circle.VC) == leader and not q.in_legion(game.state, 0)
    assert not has_action(game, ActionKind.SEEK_MATE)            # ever in legion: never again
    again = next(c for c in cards_in(game, 0, Zone.HAND) if game.state.card(c).id == "LG-007")
    _use(game, RIDE, again)
    assert unit_at(game, 0, Circle.VC) == again
    assert has_action(game, ActionKind.SEEK_MATE, card=again)


def test_LEG_26_CORE_21_a_deleted_legion_stays_in_legion_both_face_down(tdb):
    """LEG-26, CORE-21: deleting the legion turns both members face down and keeps them a
    legion; it still attacks as one (LEG-11) with original powers 0; both turn face up at the
    end of their owner's turn."""
    game = _legion(tdb, {"vanguard": "TJ-DELETER"}, turn_player=1)
    leader, mate = _pair(game)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 1, Circle.VC), index=0))
    assert sorted(e.card for e in events_of(game, UnitDeleted)) == sorted([leader, mate])
    assert not is_face_up(game, leader) and not is_face_up(game, mate)
    assert q.partner(leader) == mate and q.in_legion(game.state, 0)
    marks = [u.get("marks") for u in game.view(1)["players"][0]["circles"]["vc"]]
    assert marks == [["mate", "deleted"], ["leader", "deleted"]]
    while game.turn_player == 1:
        game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.MAIN_PHASE:
        game.step(pick(game, ActionKind.DONE))
    assert not is_face_up(game, leader)                         # still deleted in its turn
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=leader))
    assert is_rested(game, mate) and game.state.battle.co_attacker == mate
    assert game.view(0)["battle"]["attack"] == 0                # 0 + 0: original powers
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert is_face_up(game, leader) and is_face_up(game, mate)
    assert q.partner(leader) == mate
