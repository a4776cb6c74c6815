"""Corpus part 7 (issue 9 §7): less common but real — drive -1 and +1, grade +1, an extra turn,
Harmony-style column conditions, "choose a vanguard", Resist, and an over trigger's extra effect
that applies only on a drive check."""

from __future__ import annotations

from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import DriveChecked
from ecs_vanguard.vocab.formats import Duration
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)


def _drive_checks(ldb, use: bool) -> int:
    game = scene(ldb, {"vanguard": "LX-R01", "damage": [G2], "rear": {"front_left": G2}})
    vanguard = unit_at(game, 0, Circle.VC)
    if use:
        game.step(pick(game, ActionKind.ACT, card=vanguard))
    game.step(pick(game, ActionKind.DONE))                      # to the battle phase
    game.step(pick(game, ActionKind.ATTACK, card=vanguard, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                      # no guard
    return len(events_of(game, DriveChecked))


def test_LX_R01_drive_minus_one(ldb):
    """Drive -1: a twin drive makes one check; unused, two."""
    assert _drive_checks(ldb, True) == 1
    assert _drive_checks(ldb, False) == 2


def test_LX_R02_grade_plus_one_and_drive_plus_one(ldb):
    """GB2 [CB1 & discard a grade 3]: grade 4, drive 3, +15000; with GB1, not offered."""
    game = scene(ldb, {"vanguard": "LX-R02", "damage": [G2], "hand": [V3, G2],
                       "g_zone_face_up": ["PG-001", "PG-002"]}, fmt="premium")
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    assert q.grade(game.state, vanguard) == 4 and q.drive(game.state, vanguard) == 3
    assert power_of(game, vanguard) == 26000
    assert zone_of(game, card_named(game, 0, Zone.DROP, V3)) is Zone.DROP
    game = scene(ldb, {"vanguard": "LX-R02", "damage": [G2], "hand": [V3],
                       "g_zone_face_up": ["PG-001"]}, fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def test_LX_R03_an_extra_turn(ldb):
    """After this turn the same player takes one more turn, then the opponent's turn comes;
    without CB3 the act is not offered."""
    game = scene(ldb, {"vanguard": "LX-R03", "damage": [G2] * 3})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                      # main -> battle
    game.step(pick(game, ActionKind.DONE))                      # no attack -> end
    assert (game.turn, game.turn_player) == (4, 0)
    assert game.decision.kind is DecisionKind.MAIN_PHASE and game.decision.player == 0
    assert "extra_turn" not in game.view(0)["players"][0]["states"]
    game.step(pick(game, ActionKind.DONE))                      # main -> battle
    game.step(pick(game, ActionKind.DONE))                      # no attack -> end
    assert (game.turn, game.turn_player) == (5, 1)
    game = scene(ldb, {"vanguard": "LX-R03", "damage": [G2] * 2})
    assert not has_action(game, ActionKind.ACT)


def test_LX_R04_harmony_in_the_same_column(ldb):
    """Another «Chorus» unit behind it: +5000; in another column: nothing."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-R04", "back_left": "LX-R04B"}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 15000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-R04", "back_right": "LX-R04B"}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000


def test_LX_R05_choose_a_vanguard_of_either_player(ldb):
    """Both vanguards are offered; the chosen one gets -5000. Under a grade 2 vanguard the
    condition fails and nothing is asked."""
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-R05"]})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "LX-R05"),
                   circle=Circle.BACK_LEFT))
    theirs, mine = unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC)
    assert {a.card for a in game.legal_actions()} == {theirs, mine}
    game.step(pick(game, ActionKind.PICK, card=theirs))
    assert power_of(game, theirs) == 8000 and power_of(game, mine) == 13000
    game = scene(ldb, {"vanguard": G2, "hand": ["LX-R05"]})
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, "LX-R05"),
                   circle=Circle.BACK_LEFT))
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert power_of(game, unit_at(game, 1, Circle.VC)) == 13000


def test_LX_R06_resist(ldb):
    """The opponent's effect cannot choose it (their sniper takes the other rear-guard); your
    own effect can (your drillmaster rests it)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-R06", "front_right": G2}},
                 {"vanguard": V3, "rear": {"front_left": "LX-E05B"}}, turn_player=1)
    wisp, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 1, Circle.FRONT_LEFT)))
    assert zone_of(game, other) is Zone.DROP and zone_of(game, wisp) is Zone.RC
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-P08", "back_left": "LX-R06"}})
    wisp = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    assert is_rested(game, wisp)


def test_LX_R07_an_over_triggers_extra_effect_only_on_a_drive_check(ldb):
    """Revealed by a drive check: +100,000,000 twice; by a damage check: once."""
    game = scene(ldb, {"vanguard": V3, "deck": ["LX-R07"] + [G2] * 9, "rear": {"front_left": G2}},
                 phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=vanguard, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                      # no guard
    game.step(pick(game, ActionKind.PICK, card=vanguard))       # the over trigger's power
    game.step(pick(game, ActionKind.PICK, card=vanguard))       # the extra effect's power
    assert power_of(game, vanguard) == 13000 + 200_000_000
    game = scene(ldb, {"vanguard": V3, "deck": ["LX-R07"] + [G2] * 9},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    mine = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 1, Circle.VC), target=mine))
    game.step(pick(game, ActionKind.DONE))
    assert power_of(game, mine) == 13000 + 100_000_000


def test_LX_R08_a_heart_named_search_different_names_and_give_an_ability(ldb):
    """With a «Starjet» heart: two «Starjet» cards of different names are searched (the second
    Alpha is no longer offered once one is picked), called, and given an ability until end of
    turn; with another heart the act is not offered."""
    side = {"vanguard": "LX-R08B", "stride": "LX-R08", "damage": [G2, G2],
            "g_zone_face_up": ["PG-001", "PG-002"],
            "deck": ["LX-R08C", "LX-R08C", "LX-R08D", G2, G2]}
    game = scene(ldb, dict(side), fmt="premium")
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    alpha, other_alpha = [c for c in game.state.board.zones[0][Zone.DECK]
                          if game.state.card(c).id == "LX-R08C"]
    game.step(pick(game, ActionKind.PICK, card=alpha))
    assert not has_action(game, ActionKind.PICK, card=other_alpha)
    beta = card_named(game, 0, Zone.DECK, "LX-R08D")
    game.step(pick(game, ActionKind.PICK, card=beta))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert {unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)} == {alpha, beta}
    assert len(q.abilities(game.state, alpha)) == 1 == len(q.abilities(game.state, beta))
    game = scene(ldb, {**side, "vanguard": V3}, fmt="premium")
    assert not has_action(game, ActionKind.ACT)


def test_LX_R09_power_and_grade_become_one(ldb):
    """ACT-26 "becomes": the opponent's 13000 grade 3 vanguard becomes power 1, grade 1, and
    loses its abilities until end of turn; without a face-up damage no act."""
    game = scene(ldb, {"vanguard": "LX-R09", "damage": [G2]}, {"vanguard": "LX-K01"})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    theirs = unit_at(game, 1, Circle.VC)
    assert power_of(game, theirs) == 1 and q.grade(game.state, theirs) == 1
    assert q.abilities(game.state, theirs) == []
    game = scene(ldb, {"vanguard": "LX-R09", "damage": [G2], "damage_face_down": 1})
    assert not has_action(game, ActionKind.ACT)


def test_LX_R10_call_from_hand_and_drop_then_exchange_positions(ldb):
    """One choice over the hand and the drop together (a list of selectors); the called units
    get +5000 and, at the end of the battle one attacked, swap circles with another
    rear-guard; with no card in either zone nothing is called."""
    game = scene(ldb, {"vanguard": "LX-R10", "damage": [G2], "hand": ["PX-002"], "drop": [G2]},
                 phase="main")
    from_hand = card_named(game, 0, Zone.HAND, "PX-002")
    from_drop = card_named(game, 0, Zone.DROP, G2)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK} == {from_hand,
                                                                                  from_drop}
    game.step(pick(game, ActionKind.PICK, card=from_drop))
    game.step(pick(game, ActionKind.PICK, card=from_hand))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_RIGHT))
    assert power_of(game, from_drop) == 15000 and power_of(game, from_hand) == 13000
    game.step(pick(game, ActionKind.DONE))                            # to the battle phase
    game.step(pick(game, ActionKind.ATTACK, card=from_drop, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                            # no guard
    game.step(pick(game, ActionKind.PICK, card=from_hand))            # the other rear-guard
    assert unit_at(game, 0, Circle.BACK_RIGHT) == from_drop
    assert unit_at(game, 0, Circle.FRONT_LEFT) == from_hand
    game = scene(ldb, {"vanguard": "LX-R10", "damage": [G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert game.decision.kind is DecisionKind.MAIN_PHASE


def test_LX_R11_the_called_unit_goes_to_the_deck_bottom_at_the_end_phase(ldb):
    """A delayed effect on the card an effect called, as an ability given to it: it follows the
    unit from circle to circle (same object, CORE-20) and fires at the start of its owner's end
    phase, putting that unit on the bottom of the deck before 'until end of turn' ends; a unit
    that was already there stays."""
    game = scene(ldb, {"vanguard": "LX-R11", "damage": [G2], "rear": {"back_right": G2}})
    stayer = unit_at(game, 0, Circle.BACK_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    loaned = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.PICK, card=loaned))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.MOVE, card=loaned, circle=Circle.BACK_LEFT))
    assert unit_at(game, 0, Circle.BACK_LEFT) == loaned
    game.step(pick(game, ActionKind.DONE))                      # main -> battle
    game.step(pick(game, ActionKind.DONE))                      # no attack -> end phase
    assert cards_in(game, 0, Zone.DECK)[-1] == loaned           # the bottom of the deck
    assert unit_at(game, 0, Circle.BACK_RIGHT) == stayer
    assert game.state.turn.player == 1                          # the turn went on


def test_LX_R11_the_given_ability_does_not_fire_in_the_opponents_end_phase(ldb):
    """'Your end phase': the opponent's end phase does not trigger the given ability; with it
    still given (for example by a longer period) the unit stays through the opponent's turn."""
    game = scene(ldb, {"vanguard": "PX-008", "rear": {"front_left": G2}},
                 {"vanguard": "LX-R11"}, turn_player=1)
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    ops.give_ability(game.state, unit, "LX-R11", 1, Duration.END_OF_OWNER_TURN)
    game.step(pick(game, ActionKind.DONE))                      # the opponent's main -> battle
    game.step(pick(game, ActionKind.DONE))                      # their end phase
    assert game.state.turn.player == 0
    assert unit_at(game, 0, Circle.FRONT_LEFT) == unit


def test_LX_R11_the_given_ability_is_lost_when_the_unit_leaves_the_field(ldb):
    """CORE-20: a unit that left the field and came back is a new card; what was given to the
    old one does not follow it, so its end phase leaves it where it is."""
    game = scene(ldb, {"vanguard": "PX-008", "rear": {"front_left": G2}})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.switch()
    ops.give_ability(game.state, unit, "LX-R11", 1, Duration.END_OF_TURN)
    assert len(q.abilities(game.state, unit)) == 1
    ops.move_card(game.state, unit, Zone.DROP)
    ops.move_card(game.state, unit, Zone.RC, circle=Circle.FRONT_LEFT)
    assert q.abilities(game.state, unit) == []
    game.step(pick(game, ActionKind.DONE))                      # main -> battle
    game.step(pick(game, ActionKind.DONE))                      # end phase
    assert game.state.turn.player == 1 and unit_at(game, 0, Circle.FRONT_LEFT) == unit


def test_LX_R12_a_call_repeated_for_each_opponent_rear_guard(ldb):
    """ACT-28 with a call inside: two opponent rear-guards, two calls from the drop, each its
    own choice of card and circle, and "that unit" is the unit of its own repetition (+2000
    once each); the grade 2 stays in the drop. Without opponent rear-guards nothing is called."""
    game = scene(ldb, {"vanguard": "LX-R12", "damage": [G2], "drop": ["DX-002", "DX-002", G2]},
                 {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2}})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    first = cards_in(game, 0, Zone.DROP)[0]
    game.step(pick(game, ActionKind.PICK, card=first))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))
    second = unit_at(game, 0, Circle.BACK_LEFT)
    assert unit_at(game, 0, Circle.FRONT_LEFT) == first and second != first
    assert power_of(game, first) == power_of(game, second) == 8000 + 2000
    assert [game.state.card(c).id for c in cards_in(game, 0, Zone.DROP)] == [G2]
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    game = scene(ldb, {"vanguard": "LX-R12", "damage": [G2], "drop": ["DX-002"]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert cards_in(game, 0, Zone.DROP) and game.decision.kind is DecisionKind.MAIN_PHASE
