"""CORE-15..21: gifts, losing, rule actions, check timing, ability limits, objects, delete."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import AutoPlayed, GameEnded, GiftGained, SoulCharged, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    ids_in,
    is_face_up,
    object_id,
    pick,
    power_of,
    unit_at,
    zone_of,
)

PLAIN = ["PX-005"] * 8


def _premium_ride(db, rider: str, **side0) -> vg.Game:
    return (vg.Scenario(db, format="premium")
            .player(0, vanguard="PX-005", hand=[rider], deck=PLAIN, **side0)
            .player(1, vanguard="PX-010", deck=PLAIN)
            .start(turn=3, turn_player=0, phase="ride"))


def _finish_turn(game: vg.Game) -> None:
    """Answer DONE until the other player's turn has started."""
    player = game.turn_player
    while game.turn_player == player:
        game.step(pick(game, ActionKind.DONE))


def test_CORE_15_force_marker_gives_10000_on_your_turn_only(db):
    """CORE-15: riding a Force card puts a marker on a chosen circle: +10000 there on your turn."""
    game = _premium_ride(db, "PX-008")
    game.step(pick(game, ActionKind.RIDE))
    assert game.decision.kind is DecisionKind.CHOOSE_CIRCLE
    game.step(pick(game, ActionKind.PICK, circle=Circle.VC))
    vg0 = unit_at(game, 0, Circle.VC)
    assert GiftGained(0, "force", Circle.VC) in game.events
    assert power_of(game, vg0) == 23000
    _finish_turn(game)
    assert power_of(game, vg0) == 13000


def test_CORE_15_accel_adds_a_front_row_circle_with_10000(db):
    """CORE-15: Accel makes a new front-row RC whose unit gets +10000 during your turn."""
    game = _premium_ride(db, "PX-109", rear={"back_left": "PX-102"})
    game.step(pick(game, ActionKind.RIDE))
    assert Circle.ACCEL_1 in game.state.board.circles[0]
    # Ride the accel vanguard with a unit left in hand to call onto the new circle.
    game = (vg.Scenario(db, format="premium")
            .player(0, vanguard="PX-005", hand=["PX-109", "PX-106"], deck=PLAIN)
            .player(1, vanguard="PX-010", deck=PLAIN)
            .start(turn=3, turn_player=0, phase="ride"))
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PX-109")))
    unit = card_named(game, 0, Zone.HAND, "PX-106")
    game.step(pick(game, ActionKind.CALL, card=unit, circle=Circle.ACCEL_1))
    assert power_of(game, unit) == 20000
    targets = {a.card for a in game.legal_actions() if a.kind is ActionKind.CALL}
    assert targets == set()                                          # nothing left to call
    game.step(pick(game, ActionKind.DONE))
    assert has_action(game, ActionKind.ATTACK, card=unit)           # the accel circle is front row


def test_CORE_15_protect_marker_is_a_perfect_guard_then_leaves_the_game(db):
    """CORE-15: Protect puts a perfect-guard marker into hand; used, it is removed, not dropped."""
    game = (vg.Scenario(db, format="premium")
            .player(0, vanguard="PX-106", hand=["PX-110", "PX-102"], deck=PLAIN)
            .player(1, vanguard="PX-008", deck=PLAIN)
            .start(turn=3, turn_player=0, phase="ride"))
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PX-110")))
    marker = card_named(game, 0, Zone.HAND, "GIFT-PROTECT")
    _finish_turn(game)
    while game.decision.kind is not DecisionKind.ATTACK:
        game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.GUARD, card=marker))             # cost: discard PX-102 (only)
    assert ids_in(game, 0, Zone.DROP) == ["PX-102"]
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, marker) is Zone.REMOVED
    assert not cards_in(game, 0, Zone.DAMAGE)


def _hit_game(db, side1: dict) -> vg.Game:
    game = (vg.Scenario(db).player(0, vanguard="DX-005", deck=["DX-006"] * 6)
            .player(1, vanguard="DX-101", **side1)
            .start(turn=3, turn_player=0, phase="battle"))
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.DONE))
    return game


def test_CORE_16_six_damage_loses(db):
    """CORE-16: a player with 6 damage loses (a rule action)."""
    game = _hit_game(db, {"damage": ["DX-106"] * 5, "deck": ["DX-107"] * 4})
    assert game.over and game.winner == 0
    assert "took 6 damage" in game.end_reason
    assert not game.legal_actions()


def test_CORE_16_an_empty_deck_loses_and_both_at_once_is_a_draw(db):
    """CORE-16: a player with no cards in deck loses; both losing at once is a draw."""
    game = (vg.Scenario(db).player(0, vanguard="DX-005").player(1, vanguard="DX-101", deck=[])
            .start(turn=3, turn_player=0, phase="main"))
    assert game.over and game.winner == 1 - 1 and "no cards in deck" in game.end_reason
    game = (vg.Scenario(db).player(0, vanguard="DX-005", deck=[])
            .player(1, vanguard="DX-101", deck=[]).start(turn=3, turn_player=0, phase="main"))
    assert game.over and game.winner is None
    assert isinstance(game.events[-1], GameEnded) and game.events[-1].winner is None


def test_CORE_16_the_turn_limit_is_a_recorded_draw(db):
    """CORE-16: a game reaching its turn limit is a draw, recorded as such."""
    deck = vg.Deck.builtin("blazing_dragons")
    game = vg.Game(deck, deck, seed=2, turn_limit=2)
    agent = vg.RandomAgent(0)
    while not game.over:
        game.step(agent.act(game))
    assert game.winner is None and game.turn == 2
    assert "turn limit" in game.end_reason


def test_CORE_17_rule_actions_wait_for_the_check_timing(db):
    """CORE-17: losing to an empty deck is a rule action: it waits until the effect that emptied
    the deck has finished (both of 'draw 2' happen), then ends the game."""
    game = (vg.Scenario(db)
            .player(0, vanguard="DX-104", hand=["DX-116"], damage=["DX-107"],
                    deck=["DX-106", "DX-107"])
            .player(1, vanguard="DX-101")
            .start(turn=3, turn_player=0, phase="main"))
    game.step(pick(game, ActionKind.PLAY_ORDER))
    assert ids_in(game, 0, Zone.HAND) == ["DX-106", "DX-107"]
    assert game.over and game.winner == 1


def test_CORE_17_two_rear_guards_on_one_circle_retire_by_rule_with_no_source(db):
    """CORE-17: all but the newest unit on an RC retire; the retire is a rule action (TERM-02)."""
    game = (vg.Scenario(db).player(0, vanguard="DX-004", hand=["DX-006", "DX-007"],
                                   rear={"front_right": "DX-003"})
            .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="main"))
    old = unit_at(game, 0, Circle.FRONT_RIGHT)
    for card in cards_in(game, 0, Zone.HAND):
        game.step(pick(game, ActionKind.CALL, card=card, circle=Circle.FRONT_RIGHT))
    assert [e for e in game.events if isinstance(e, UnitRetired)] == [
        UnitRetired(old, True), UnitRetired(card_named(game, 0, Zone.DROP, "DX-006"), True)]
    assert game.state.card(unit_at(game, 0, Circle.FRONT_RIGHT)).id == "DX-007"


def test_CORE_18_turn_player_orders_their_autos_then_the_other_player(db):
    """CORE-18: at check timing the turn player plays their pending autos in the order they
    choose, one at a time, and only then the other player plays theirs."""
    game = (vg.Scenario(db)
            .player(0, vanguard="DX-004", rear={"back_center": "DX-002"}, damage=["DX-006"],
                    deck=["DX-006"] * 4)
            .player(1, vanguard="DX-101", rear={"front_left": "DX-107"}, deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="battle"))
    vg0, booster = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ATTACK, card=vg0, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.BOOST))
    assert game.decision.kind is DecisionKind.ORDER_AUTOS and game.decision.player == 0
    assert {a.card for a in game.legal_actions()} == {vg0, booster}
    game.step(pick(game, ActionKind.PLAY_AUTO, card=booster))
    assert power_of(game, vg0) == 13000 + 8000 + 2000
    assert game.decision.kind is DecisionKind.YES_NO and game.decision.source == vg0
    game.step(pick(game, ActionKind.NO))
    assert game.decision.kind is DecisionKind.YES_NO and game.decision.player == 1
    game.step(pick(game, ActionKind.YES))
    assert SoulCharged(1, 1) in game.events
    assert [e.card for e in game.events if isinstance(e, AutoPlayed)] == [
        booster, vg0, unit_at(game, 1, Circle.FRONT_LEFT)]
    assert game.decision.kind is DecisionKind.GUARD


def test_CORE_19_once_per_turn_and_costs_paid_in_full(db):
    """CORE-19: a 1/turn ability is used once per turn; an ability whose cost cannot be paid in
    full is not offered (act) or not played (auto)."""
    game = (vg.Scenario(db).player(0, vanguard="DX-004", rear={"front_left": "DX-007",
                                                               "front_right": "DX-007"},
                                   soul=["DX-001", "DX-002"], deck=["DX-006"] * 4)
            .player(1, vanguard="DX-101", deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="main"))
    left, right = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=left))
    assert game.decision.label == "soul blast"                       # which of the 2 soul cards
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.SOUL, "DX-002")))
    assert power_of(game, left) == 15000 and ids_in(game, 0, Zone.SOUL) == ["DX-001"]
    assert not has_action(game, ActionKind.ACT, card=left)           # 1/turn for this card
    game.step(pick(game, ActionKind.ACT, card=right))                # its own 1/turn
    assert not has_action(game, ActionKind.ACT)                      # and the soul is empty
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                   target=unit_at(game, 1, Circle.VC)))
    assert game.decision.kind is DecisionKind.GUARD                  # CB1 unpayable: not played


def test_CORE_20_a_zone_change_makes_a_new_object_a_circle_move_does_not(db):
    """CORE-20: moving between circles keeps the object and its modifiers; a zone change makes a
    new object that forgets them."""
    game = (vg.Scenario(db).player(0, vanguard="DX-004", hand=["DX-006"],
                                   rear={"front_left": "DX-007"}, soul=["DX-001"])
            .player(1, vanguard="DX-101").start(turn=3, turn_player=0, phase="main"))
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    obj = object_id(game, unit)
    game.step(pick(game, ActionKind.MOVE, card=unit))
    assert object_id(game, unit) == obj and power_of(game, unit) == 15000
    game.step(pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT))
    assert zone_of(game, unit) is Zone.DROP
    assert object_id(game, unit) != obj
    assert not game.state.defs[unit] is None and power_of(game, unit) == 10000


def test_CORE_21_delete_face_down_power_0_until_its_owners_end_phase(db):
    """CORE-21: a deleted vanguard is face down with original power 0 and no abilities but keeps
    its grade and can attack; it turns face up at the end of its owner's turn."""
    game = (vg.Scenario(db, format="premium")
            .player(0, vanguard="PX-109", damage=["PX-106", "PX-106"], deck=PLAIN)
            .player(1, vanguard="PX-109", damage=["PX-106", "PX-106"], deck=PLAIN)
            .start(turn=3, turn_player=0, phase="battle"))
    target = unit_at(game, 1, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, target=target))
    game.step(pick(game, ActionKind.YES))                            # CB2: both damage, no choice
    assert not is_face_up(game, target)
    assert power_of(game, target) == 0 and game.state.card(target).grade == 3
    game.step(pick(game, ActionKind.DONE))                           # no guard; turn ends
    assert game.turn_player == 1
    assert not is_face_up(game, target)                              # still deleted on its turn
    while game.decision.kind is not DecisionKind.ATTACK:
        game.step(pick(game, ActionKind.DONE))
    assert has_action(game, ActionKind.ATTACK, card=target)
    game.step(pick(game, ActionKind.ATTACK, card=target))
    assert game.decision.kind is DecisionKind.GUARD                  # no abilities: no CB2 auto
    game.step(pick(game, ActionKind.DONE))
    _finish_turn(game)
    assert is_face_up(game, target) and power_of(game, target) == 13000
