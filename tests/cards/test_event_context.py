"""Corpus part 4 (issue 9 §4): event context — selectors for the event's cards ("that unit",
the boosted unit, the called unit), filters on the event (drive check only, the revealed card's
grade, from which zone, by your effect or your opponent's), "another unit", the battle this
unit attacked and the end of that battle, "when a card named X rides this unit". Autos are
collected when a batch closes; the event's fields carry what the context needs."""

from __future__ import annotations

from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    ids_in,
    is_face_up,
    is_rested,
    pick,
    plays_of,
    power_of,
    unit_at,
    zone_of,
)


def _call(game, player: int, card_id: str, circle: Circle = Circle.FRONT_LEFT) -> int:
    card = card_named(game, player, Zone.HAND, card_id)
    game.step(pick(game, ActionKind.CALL, card=card, circle=circle))
    return card


def test_LX_E01_that_unit_gets_the_power(ldb):
    """The placed rear-guard ("that unit") gets +2000; the opponent's placement does not
    trigger it."""
    game = scene(ldb, {"vanguard": "LX-E01", "hand": [G2]})
    unit = _call(game, 0, G2)
    assert power_of(game, unit) == 12000
    game = scene(ldb, {"vanguard": "LX-E01"}, {"vanguard": V3, "hand": [G2]}, turn_player=1)
    unit = _call(game, 1, G2)
    assert power_of(game, unit) == 10000


def _drive(ldb, vanguard: str, deck: list[str]):
    """Player 0's vanguard attacks, unguarded; a standing rear-guard keeps the turn going."""
    game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": G2}, "deck": deck},
                 phase="battle")
    attacker = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                  # no guard
    return game, attacker


def test_LX_E02_a_trigger_revealed_by_a_drive_check(ldb):
    """Revealed by your drive check: +5000 (with the trigger's +10000); revealed by your
    damage check: the auto does not trigger."""
    game, attacker = _drive(ldb, "LX-E02", ["DX-011"] + [G2] * 9)
    game.step(pick(game, ActionKind.PICK, card=attacker))          # the trigger's power
    game.step(pick(game, ActionKind.PICK, card=attacker))          # and critical
    assert plays_of(game, attacker) == 1 and power_of(game, attacker) == 28000
    game = scene(ldb, {"vanguard": "LX-E02", "deck": ["DX-011"] + [G2] * 9},
                 {"vanguard": V3, "rear": {"front_left": G2}}, phase="battle", turn_player=1)
    mine = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 1, Circle.VC), target=mine))
    game.step(pick(game, ActionKind.DONE))
    assert game.state.card(cards_in(game, 0, Zone.DAMAGE)[0]).id == "DX-011"
    assert plays_of(game, mine) == 0 and power_of(game, mine) == 23000


def test_LX_E03_the_revealed_card_is_grade_3(ldb):
    """A grade 3 revealed by the drive check gives +5000 once; grade 2s give nothing."""
    game, attacker = _drive(ldb, "LX-E03", [V3] + [G2] * 9)
    assert plays_of(game, attacker) == 1 and power_of(game, attacker) == 18000
    game, attacker = _drive(ldb, "LX-E03", [G2] * 10)
    assert plays_of(game, attacker) == 0 and power_of(game, attacker) == 13000


def test_LX_E04_placed_from_your_hand(ldb):
    """Called from hand it draws; called from the drop by an effect it does not."""
    game = scene(ldb, {"vanguard": V3, "hand": ["LX-E04"]})
    _call(game, 0, "LX-E04")
    assert len(cards_in(game, 0, Zone.HAND)) == 1
    game = scene(ldb, {"vanguard": "LX-E04B", "drop": ["LX-E04"]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert ids_in(game, 0, Zone.HAND) == []
    assert game.state.card(unit_at(game, 0, Circle.FRONT_LEFT)).id == "LX-E04"


def test_LX_E05_retired_by_the_opponents_effect(ldb):
    """Retired by the opponent's card effect: Counter Charge 1; retired by a hit (the rules):
    nothing."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-E05"}, "damage": [G2],
                       "damage_face_down": 1},
                 {"vanguard": V3, "rear": {"front_left": "LX-E05B"}}, turn_player=1)
    ghost = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 1, Circle.FRONT_LEFT)))
    assert zone_of(game, ghost) is Zone.DROP and plays_of(game, ghost) == 1
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-E05"}, "damage": [G2],
                       "damage_face_down": 1},
                 {"vanguard": V3, "rear": {"front_right": G2}}, turn_player=1, phase="battle")
    ghost = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 1, Circle.VC), target=ghost))
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, ghost) is Zone.DROP and plays_of(game, ghost) == 0
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])


def test_LX_E06_another_of_your_rear_guards_is_retired(ldb):
    """Another of your rear-guards retired: +3000; this unit itself retired: no trigger."""
    def retire(victim: Circle):
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-E06", "front_right": G2}},
                     {"vanguard": V3, "rear": {"front_left": "LX-E05B"}}, turn_player=1)
        brother = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 1, Circle.FRONT_LEFT)))
        game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, victim)))
        return game, brother

    game, brother = retire(Circle.FRONT_RIGHT)
    assert power_of(game, brother) == 13000
    game, brother = retire(Circle.FRONT_LEFT)
    assert zone_of(game, brother) is Zone.DROP and plays_of(game, brother) == 0


def _reprisal(ldb, guard: bool):
    game = scene(ldb, {"vanguard": "LX-E07", "damage": [G2], "rear": {"front_right": G2}},
                 {"vanguard": G2, "rear": {"front_left": G2}, "hand": ["DX-011"]},
                 phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                   target=unit_at(game, 1, Circle.VC)))
    if guard:
        game.step(pick(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "DX-011")))
    game.step(pick(game, ActionKind.DONE))
    return game


def test_LX_E07_at_the_end_of_a_battle_that_did_not_hit(ldb):
    """Guarded (no hit): at the end of that battle CB1 retires the opponent's rear-guard; a hit
    does not trigger it."""
    game = _reprisal(ldb, guard=True)
    game.step(pick(game, ActionKind.YES))
    assert ids_in(game, 1, Zone.DROP) == ["DX-011", G2]
    game = _reprisal(ldb, guard=False)
    assert game.decision.kind is DecisionKind.ATTACK
    assert ids_in(game, 1, Zone.DROP) == []


def _legend_attacks(ldb, target: Circle):
    game = scene(ldb, {"vanguard": "LX-E08", "hand": [G2], "rear": {"front_right": G2}},
                 {"vanguard": G2, "rear": {"front_left": G2}}, phase="battle")
    legend = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=legend, target=unit_at(game, 1, target)))
    game.step(pick(game, ActionKind.DONE))
    return game, legend


def test_LX_E08_at_the_end_of_the_battle_it_attacked_a_rear_guard(ldb):
    """Having attacked (and retired) a rear-guard, it discards and stands; having attacked the
    vanguard, it is not asked."""
    game, legend = _legend_attacks(ldb, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.YES))
    hand = cards_in(game, 0, Zone.HAND)                     # the card and two drive checks
    game.step(pick(game, ActionKind.PICK, card=hand[0]))
    assert not is_rested(game, legend) and zone_of(game, hand[0]) is Zone.DROP
    game, legend = _legend_attacks(ldb, Circle.VC)
    assert game.decision.kind is DecisionKind.ATTACK and is_rested(game, legend)


def test_LX_E09_when_a_named_card_rides_this_unit(ldb):
    """Ridden by «Flare Maiden, Second»: search «Trick Flame» and call it; ridden by another
    card: nothing."""
    game = scene(ldb, {"vanguard": "LX-E09", "hand": ["LX-E09B"],
                       "deck": [G2, "LX-E09C", G2, G2]}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "LX-E09B")))
    flame = card_named(game, 0, Zone.DECK, "LX-E09C")
    game.step(pick(game, ActionKind.PICK, card=flame))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == flame
    game = scene(ldb, {"vanguard": "LX-E09", "hand": ["DX-003"]}, phase="ride")
    first = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "DX-003")))
    assert zone_of(game, first) is Zone.SOUL and plays_of(game, first) == 0


def test_LX_E10_when_ridden_if_you_went_second(ldb):
    """Ridden while you went second: draw; ridden while you went first: no draw."""
    for turn, hand in ((4, 1), (3, 0)):
        game = scene(ldb, {"vanguard": "LX-E10", "hand": ["DX-008"]}, phase="ride", turn=turn)
        game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "DX-008")))
        assert len(cards_in(game, 0, Zone.HAND)) == hand


def test_LX_E11_during_the_battle_this_unit_attacked(ldb):
    """+2000 only during the battle it attacked in: not before, not while another unit
    attacks."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-E11", "front_right": G2}},
                 phase="battle")
    duelist = unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, duelist) == 10000
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_RIGHT),
                   target=unit_at(game, 1, Circle.VC)))
    assert power_of(game, duelist) == 10000
    game.step(pick(game, ActionKind.DONE))                  # no guard; the battle ends
    game.step(pick(game, ActionKind.ATTACK, card=duelist, target=unit_at(game, 1, Circle.VC)))
    assert power_of(game, duelist) == 12000


def test_LX_E12_when_your_opponent_calls_that_unit(ldb):
    """The opponent's called unit gets -2000; your own call is not their call."""
    game = scene(ldb, {"vanguard": "LX-E12"}, {"vanguard": V3, "hand": [G2]}, turn_player=1)
    assert power_of(game, _call(game, 1, G2)) == 8000
    game = scene(ldb, {"vanguard": "LX-E12", "hand": [G2]})
    assert power_of(game, _call(game, 0, G2)) == 10000


def test_LX_E13_when_your_g_unit_strides_the_called_unit(ldb):
    """Your stride triggers it: CB1, a grade 1 searched and called, that unit +2000; the
    opponent's stride does not trigger it."""
    game = scene(ldb, {"vanguard": "LX-E13", "g_zone": ["PG-001"], "hand": ["PX-007"],
                       "damage": [G2], "deck": ["PX-002", G2, G2]}, fmt="premium", phase="ride")
    sanguine = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.DONE))                  # no ride
    game.step(pick(game, ActionKind.STRIDE))
    game.step(pick(game, ActionKind.PLAY_AUTO, card=sanguine))   # before the G unit's own
    game.step(pick(game, ActionKind.YES))
    recruit = card_named(game, 0, Zone.DECK, "PX-002")
    game.step(pick(game, ActionKind.PICK, card=recruit))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == recruit and power_of(game, recruit) == 10000
    game = scene(ldb, {"vanguard": "LX-E13", "damage": [G2]},
                 {"vanguard": V3, "g_zone": ["PG-001"], "hand": ["PX-007"]}, fmt="premium",
                 phase="ride", turn_player=1)
    mine = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    assert plays_of(game, mine) == 0 and game.decision.kind is DecisionKind.MAIN_PHASE


def test_LX_E14_when_this_unit_boosts_a_named_unit(ldb):
    """Boosting «Bladewing Paladin», the boosted unit gets +4000 more; boosting another unit,
    only the boost."""
    for attacker_id, total in (("LX-E14B", 9000 + 6000 + 4000), (G2, 10000 + 6000)):
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": attacker_id,
                                                   "back_left": "LX-E14"}}, phase="battle")
        attacker = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
        game.step(pick(game, ActionKind.BOOST))
        assert power_of(game, attacker) == total


def _maelstrom_battles(ldb, boost_in: int):
    """Battles 1, 2 by the front row, 3 and 4 by the vanguard (it stands once); the marshal
    boosts the vanguard in battle `boost_in`. Returns the game at that battle's guard step."""
    game = scene(ldb, {"vanguard": "LX-E15B", "rear": {"front_left": G2, "front_right": G2,
                                                      "back_center": "LX-E15"}},
                 {"vanguard": V3, "hand": ["DX-011", G2]}, phase="battle")
    vanguard, theirs = unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC)
    for attacker in (Circle.FRONT_LEFT, Circle.FRONT_RIGHT):
        game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, attacker), target=theirs))
        game.step(pick(game, ActionKind.DONE))                # no guard
    for battle in (3, 4):
        game.step(pick(game, ActionKind.ATTACK, card=vanguard, target=theirs))
        if battle == boost_in:
            game.step(pick(game, ActionKind.BOOST))
            return game
        game.step(pick(game, ActionKind.DONE))                # no boost
        game.step(pick(game, ActionKind.DONE))                # no guard
    raise AssertionError("no such battle")


def test_LX_E15_the_fourth_battle_and_the_battle_it_boosted(ldb):
    """Boosting the «Maelstrom» vanguard in the fourth battle: no grade 0 guard, and at the end
    of that battle the marshal returns to the deck; in the third battle neither."""
    game = _maelstrom_battles(ldb, 4)
    marshal = unit_at(game, 0, Circle.BACK_CENTER)
    assert not has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "DX-011"))
    game.step(pick(game, ActionKind.DONE))                    # no guard: it hits
    assert zone_of(game, marshal) is Zone.DECK
    game = _maelstrom_battles(ldb, 3)
    marshal = unit_at(game, 0, Circle.BACK_CENTER)
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "DX-011"))
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, marshal) is Zone.RC
