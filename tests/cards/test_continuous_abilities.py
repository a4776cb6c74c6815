"""Corpus part 2 (issue 9 §2): continuous abilities beyond the card itself — per-count amounts
("+2000 for each"), "your other units", guard restrictions by count (ACT-27 as a cont), drive,
critical, shield and restrictions given to a selection; each played and shown failing too."""

from __future__ import annotations

from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    critical_of,
    has_action,
    pick,
    power_of,
    unit_at,
    zone_of,
)


def test_LX_K01_power_for_each_rear_guard(ldb):
    """+2000 for each rear-guard, re-counted on every read: 2 rear-guards +4000, a third
    called later +6000; during the opponent's turn (condition false) nothing."""
    game = scene(ldb, {"vanguard": "LX-K01", "rear": {"front_left": G2, "back_left": G2},
                       "hand": [G2]})
    vanguard = unit_at(game, 0, Circle.VC)
    assert power_of(game, vanguard) == 15000
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, G2),
                   circle=Circle.FRONT_RIGHT))
    assert power_of(game, vanguard) == 17000
    game = scene(ldb, {"vanguard": "LX-K01", "rear": {"front_left": G2}}, {"vanguard": V3},
                 turn_player=1)
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 11000


def test_LX_K02_per_count_in_an_effect_is_counted_once(ldb):
    """An effect's "for each" counts when it resolves (ACT-28): 3 soul cards +3000; none, +0."""
    def attack(soul: int) -> int:
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-K02"}, "soul": [G2] * soul},
                     phase="battle")
        attacker = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 1, Circle.VC)))
        return power_of(game, attacker)

    assert attack(3) == 13000
    assert attack(0) == 10000


def test_LX_K03_your_other_units_with_a_name(ldb):
    """"Your other units with «Ember»": Ember Squire +2000, Flame Halberdier not, the vanguard
    (also an «Ember») not."""
    game = scene(ldb, {"vanguard": "LX-K03", "rear": {"front_left": "DX-008", "back_left": G2}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 10000
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 10000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000


def _attack_with_vanguard(ldb, damage: int):
    game = scene(ldb, {"vanguard": "LX-K04", "damage": [G2] * damage},
                 {"vanguard": V3, "hand": [G2, G2, "DX-008"]}, phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                   target=unit_at(game, 1, Circle.VC)))
    return game


def test_LX_K04_guard_only_two_or_more_at_once(ldb):
    """ACT-27 as a cont: the first card chosen waits for a second; YES places both at once."""
    game = _attack_with_vanguard(ldb, 4)
    first, second = game.state.board.zones[1][Zone.HAND][:2]
    game.step(pick(game, ActionKind.GUARD, card=first))
    assert zone_of(game, first) is Zone.HAND
    assert not has_action(game, ActionKind.YES)
    game.step(pick(game, ActionKind.GUARD, card=second))
    game.step(pick(game, ActionKind.YES))
    assert zone_of(game, first) is Zone.GC and zone_of(game, second) is Zone.GC


def test_LX_K04_without_limit_break_one_card_guards(ldb):
    """Limit Break 4 not reached (3 damage): a single card goes to GC at once."""
    game = _attack_with_vanguard(ldb, 3)
    first = game.state.board.zones[1][Zone.HAND][0]
    game.step(pick(game, ActionKind.GUARD, card=first))
    assert zone_of(game, first) is Zone.GC


def test_LX_K05_drive_plus_one(ldb):
    """Five soul cards: twin drive becomes three checks; four soul cards: two."""
    game = scene(ldb, {"vanguard": "LX-K05", "soul": [G2] * 5})
    assert q.drive(game.state, unit_at(game, 0, Circle.VC)) == 3
    game = scene(ldb, {"vanguard": "LX-K05", "soul": [G2] * 4})
    assert q.drive(game.state, unit_at(game, 0, Circle.VC)) == 2


def test_LX_K06_opponent_front_row_rear_guards_lose_power(ldb):
    """During your turn the opponent's front-row rear-guards get -2000; back row untouched;
    not during the opponent's turn."""
    them = {"vanguard": V3, "rear": {"front_left": G2, "back_left": G2}}
    game = scene(ldb, {"vanguard": "LX-K06"}, dict(them))
    assert power_of(game, unit_at(game, 1, Circle.FRONT_LEFT)) == 8000
    assert power_of(game, unit_at(game, 1, Circle.BACK_LEFT)) == 10000
    game = scene(ldb, {"vanguard": "LX-K06"}, dict(them), turn_player=1)
    assert power_of(game, unit_at(game, 1, Circle.FRONT_LEFT)) == 10000


def test_LX_K07_units_that_gained_an_ability(ldb):
    """A unit given an ability gets +5000 from the vanguard's cont, and its gained auto works
    (+3000 when it attacks); the other rear-guard gets nothing."""
    game = scene(ldb, {"vanguard": "LX-K07",
                       "rear": {"back_left": "LX-K07A", "front_left": G2, "front_right": G2}},
                 phase="main")
    giver, listener = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 0, Circle.FRONT_LEFT)
    assert power_of(game, listener) == 10000
    game.step(pick(game, ActionKind.ACT, card=giver))
    game.step(pick(game, ActionKind.PICK, card=listener))
    assert power_of(game, listener) == 15000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 10000
    game.step(pick(game, ActionKind.DONE))                      # to the battle phase
    game.step(pick(game, ActionKind.ATTACK, card=listener, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))                      # no boost
    assert power_of(game, listener) == 18000


def test_LX_K07A_an_ability_written_only_to_be_given_is_not_its_own(ldb):
    """`given = true`: the bard does not have the ability it gives (it attacks for 8000)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "LX-K07A"}}, phase="battle")
    bard = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=bard, target=unit_at(game, 1, Circle.VC)))
    assert power_of(game, bard) == 8000
    assert [a.given for a in ldb["LX-K07A"].abilities] == [False, True]


def test_LX_K09_shield_on_the_guardian_circle(ldb):
    """A cont valid on GC: guarding under a grade 3 vanguard it has 10000 shield; under a
    grade 2 vanguard 5000."""
    def shield(vanguard: str) -> int:
        game = scene(ldb, {"vanguard": V3}, {"vanguard": vanguard, "hand": ["LX-K09"]},
                     phase="battle")
        game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                       target=unit_at(game, 1, Circle.VC)))
        guard = card_named(game, 1, Zone.HAND, "LX-K09")
        game.step(pick(game, ActionKind.GUARD, card=guard))
        return q.shield(game.state, guard)

    assert shield(V3) == 10000
    assert shield(G2) == 5000


def test_LX_K10_limit_break_5_critical(ldb):
    """Limit Break 5 in a cont: critical 2 with five damage, 1 with four."""
    game = scene(ldb, {"vanguard": "LX-K10", "damage": [G2] * 5})
    assert critical_of(game, unit_at(game, 0, Circle.VC)) == 2
    game = scene(ldb, {"vanguard": "LX-K10", "damage": [G2] * 4})
    assert critical_of(game, unit_at(game, 0, Circle.VC)) == 1


def test_LX_K11_grade_1_rear_guards_cannot_boost(ldb):
    """A restriction given to a filtered selection: the grade 1 behind the attacker does not
    boost (no boost question); under another vanguard it boosts."""
    def boosts(vanguard: str) -> bool:
        game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": G2, "back_left": "DX-008"}},
                     phase="battle")
        game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT),
                       target=unit_at(game, 1, Circle.VC)))
        return has_action(game, ActionKind.BOOST)

    assert not boosts("LX-K11")
    assert boosts(V3)
