"""Study of Link Joker and D orders (2026-12), product 1: every card of the classic Link Joker
trial deck TD11 (tests/cards/corpus/p_link_joker.toml, ids PJ-001..017). Each test plays the
card's effect in a position built for it and a position where its condition or cost fails;
vanilla units and triggers are shown doing what they are (boost, intercept, trigger effect).
Locks are ACT-23 (face down, no unit), Limit Break is a count of the damage zone."""

from __future__ import annotations

import pytest

from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    assert_trigger_effect,
    assert_vanilla_grade_2_intercepts,
    attack,
    no_guard,
    ride_from_hand,
)
from tests.helpers import (
    cards_in,
    damage_count,
    has_action,
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

ZERO = "PJ-001"                                   # the break-ride ace, Lord
KRYPTAR = "PJ-004"                                # a vanilla «Starhusk» grade 2 (10000)
BINAR = "PJ-009"                                  # a vanilla clan grade 1 without «Starhusk»


def _pick_until_done(game, *cards: int) -> None:
    """Answer the effect's choices with `cards`, in order, while a choice is asked."""
    for card in cards:
        if has_action(game, ActionKind.PICK, card=card):
            game.step(pick(game, ActionKind.PICK, card=card))


def _break_ride(ldb, rider: str, damage: int):
    them = {"vanguard": V3, "rear": {"front_left": G2, "back_left": G2, "front_right": G2}}
    game = scene(ldb, {"vanguard": ZERO, "hand": [rider], "damage": [G2] * damage}, them,
                 phase="ride")
    front = unit_at(game, 1, Circle.FRONT_LEFT)
    back = unit_at(game, 1, Circle.BACK_LEFT)
    new = ride_from_hand(game, 0, rider)
    return game, front, back, new


def test_PJ_001_break_ride_locks_a_front_and_a_back_rear_guard(ldb):
    """Limit Break 4 (four damage), a clan unit rides it: one front-row and one back-row
    rear-guard of the opponent are locked (ACT-23) and the new vanguard gets +10000."""
    game, front, back, new = _break_ride(ldb, "PJ-002", 4)
    _pick_until_done(game, front, back, new)
    assert q.is_locked(front) and q.is_locked(back)
    assert not q.is_locked(unit_at(game, 1, Circle.FRONT_RIGHT))
    assert power_of(game, new) == 20000


@pytest.mark.parametrize(("rider", "damage"), [("PJ-002", 3), (V3, 4)])
def test_PJ_001_no_break_ride_below_limit_break_or_for_another_clan(ldb, rider, damage):
    """Three damage, or ridden by a unit of no clan: nothing is locked, no power."""
    game, front, back, new = _break_ride(ldb, rider, damage)
    assert not q.is_locked(front) and not q.is_locked(back)
    assert power_of(game, new) == ldb[rider].power


def test_PJ_001_attacking_a_vanguard_and_lord(ldb):
    """+2000 attacking a vanguard, not attacking a rear-guard; Lord: with a unit of no clan
    beside it, it cannot attack."""
    game = scene(ldb, {"vanguard": ZERO}, {"vanguard": V3, "rear": {"front_left": G2},
                                          "hand": [G2]}, phase="battle")
    ace = unit_at(game, 0, Circle.VC)
    attack(game, ace, unit_at(game, 1, Circle.VC))
    assert power_of(game, ace) == 13000
    game = scene(ldb, {"vanguard": ZERO}, {"vanguard": V3, "rear": {"front_left": G2},
                                          "hand": [G2]}, phase="battle")
    ace = unit_at(game, 0, Circle.VC)
    attack(game, ace, unit_at(game, 1, Circle.FRONT_LEFT))
    assert power_of(game, ace) == 11000
    game = scene(ldb, {"vanguard": ZERO, "rear": {"front_left": G2}}, phase="battle")
    assert not has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC))


def _attacks(ldb, me: dict, circle: Circle, them: dict | None = None, target: Circle = Circle.VC):
    them = them or {"vanguard": V3, "hand": [G2]}
    game = scene(ldb, me, them, phase="battle")
    attacker = unit_at(game, 0, circle)
    attack(game, attacker, unit_at(game, 1, target))
    return game, attacker


def test_PJ_002_counter_blast_1_when_it_attacks(ldb):
    """CB1 paid: +3000 for the battle; with no face-up damage no question, no power."""
    game, unit = _attacks(ldb, {"vanguard": "PJ-002", "damage": [G2]}, Circle.VC)
    game.step(pick(game, ActionKind.YES))
    assert power_of(game, unit) == 13000 and not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    game, unit = _attacks(ldb, {"vanguard": "PJ-002", "damage": [G2], "damage_face_down": 1},
                          Circle.VC)
    assert not has_action(game, ActionKind.YES) and power_of(game, unit) == 10000


def test_PJ_003_limit_break_on_vc_and_clan_vanguard_on_rc(ldb):
    """On VC with four damage +5000 attacking a vanguard, with three nothing; on RC +2000 with a
    clan vanguard, nothing under a vanguard of no clan."""
    game, unit = _attacks(ldb, {"vanguard": "PJ-003", "damage": [G2] * 4}, Circle.VC)
    assert power_of(game, unit) == 15000
    game, unit = _attacks(ldb, {"vanguard": "PJ-003", "damage": [G2] * 3}, Circle.VC)
    assert power_of(game, unit) == 10000
    game, unit = _attacks(ldb, {"vanguard": KRYPTAR, "rear": {"front_left": "PJ-003"}},
                          Circle.FRONT_LEFT)
    assert power_of(game, unit) == 12000
    game, unit = _attacks(ldb, {"vanguard": V3, "rear": {"front_left": "PJ-003"}},
                          Circle.FRONT_LEFT)
    assert power_of(game, unit) == 10000


def test_PJ_004_vanilla_grade_2(ldb):
    assert_vanilla_grade_2_intercepts(ldb, KRYPTAR)


def test_PJ_005_its_hit_on_a_vanguard_locks_a_rear_guard(ldb):
    """Its attack hits the vanguard: a chosen rear-guard is locked; guarded so that it misses,
    nothing is locked."""
    them = {"vanguard": "PJ-013", "rear": {"front_left": G2}}
    game, _ = _attacks(ldb, {"vanguard": "PJ-005", "rear": {"front_right": G2}}, Circle.VC,
                          dict(them, hand=[G2]))
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    no_guard(game)
    _pick_until_done(game, victim)
    assert q.is_locked(victim)
    game, _ = _attacks(ldb, {"vanguard": "PJ-005", "rear": {"front_right": G2}}, Circle.VC,
                          dict(them, hand=["PJ-014", "PJ-014"]))
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    for guard in list(cards_in(game, 1, Zone.HAND)):
        game.step(pick(game, ActionKind.GUARD, card=guard))
    game.step(pick(game, ActionKind.DONE))
    assert damage_count(game, 1) == 0 and not q.is_locked(victim)


@pytest.mark.parametrize("card_id", ["PJ-006", "PJ-011"])
def test_PJ_006_011_rear_guard_with_a_starhusk_vanguard(ldb, card_id):
    """On RC with a «Starhusk» vanguard +3000 when it attacks; under a clan vanguard without
    «Starhusk» in its name, nothing."""
    base = ldb[card_id].power
    game, unit = _attacks(ldb, {"vanguard": KRYPTAR, "rear": {"front_left": card_id}},
                          Circle.FRONT_LEFT)
    assert power_of(game, unit) == base + 3000
    game, unit = _attacks(ldb, {"vanguard": BINAR, "rear": {"front_left": card_id}},
                          Circle.FRONT_LEFT)
    assert power_of(game, unit) == base


@pytest.mark.parametrize(("mine", "bonus"), [(2, 3000), (1, 0)])
def test_PJ_007_more_rear_guards_than_the_opponent(ldb, mine, bonus):
    """Two rear-guards against one: +3000; one against one: nothing."""
    rear = {"front_left": "PJ-007", "back_right": G2} if mine == 2 else {"front_left": "PJ-007"}
    game, unit = _attacks(ldb, {"vanguard": KRYPTAR, "rear": rear}, Circle.FRONT_LEFT,
                          {"vanguard": V3, "rear": {"front_left": G2}, "hand": [G2]})
    assert power_of(game, unit) == 9000 + bonus


@pytest.mark.parametrize(("vanguard", "shield"), [(KRYPTAR, 10000), (V3, 5000)])
def test_PJ_008_intercept_shield_with_a_clan_vanguard(ldb, vanguard, shield):
    """Intercepting under a clan vanguard its shield is 10000; under a vanguard of no clan the
    printed 5000."""
    game = scene(ldb, {"vanguard": vanguard, "rear": {"front_left": "PJ-008"}},
                 {"vanguard": V3}, phase="battle", turn_player=1)
    guard = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    game.step(pick(game, ActionKind.INTERCEPT, card=guard))
    assert zone_of(game, guard) is Zone.GC and q.shield(game.state, guard) == shield


def test_PJ_009_vanilla_grade_1_boosts(ldb):
    """No ability: boosting adds its 8000."""
    game = scene(ldb, {"vanguard": V3, "rear": {"back_center": BINAR}}, {"vanguard": V3,
                 "hand": [G2]}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=vanguard, target=unit_at(game, 1, Circle.VC)))
    if has_action(game, ActionKind.BOOST):
        game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_CENTER)))
    assert power_of(game, vanguard) == 21000 and ldb[BINAR].abilities == ()


def test_PJ_010_act_counter_blast_1(ldb):
    """CB1: +1000 until end of turn; with no face-up damage it is not offered."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "PJ-010"}, "damage": [G2]})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    assert power_of(game, unit) == 8000
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": "PJ-010"}, "damage": [G2],
                       "damage_face_down": 1})
    assert not has_action(game, ActionKind.ACT)


def _boosted(ldb, vanguard: str, mine: int):
    rear = {"back_center": "PJ-012"} | ({"front_left": G2} if mine == 2 else {})
    game = scene(ldb, {"vanguard": vanguard, "rear": rear},
                 {"vanguard": V3, "rear": {"front_left": G2}, "hand": [G2]}, phase="battle")
    lead = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK, card=lead, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.BOOST, card=unit_at(game, 0, Circle.BACK_CENTER)))
    return game, lead


def test_PJ_012_boosting_a_clan_vanguard_with_more_rear_guards(ldb):
    """Two rear-guards against one, boosting a clan vanguard: +4000 beyond the boost; one
    against one, or boosting a vanguard of no clan: the boost alone."""
    game, lead = _boosted(ldb, KRYPTAR, 2)
    assert power_of(game, lead) == 10000 + 6000 + 4000
    game, lead = _boosted(ldb, KRYPTAR, 1)
    assert power_of(game, lead) == 16000
    game, lead = _boosted(ldb, V3, 2)
    assert power_of(game, lead) == 19000


def test_PJ_013_the_starting_vanguard(ldb):
    """A vanilla grade 0 of the clan: 5000, shield 10000, boost, no ability."""
    card = ldb["PJ-013"]
    assert (card.grade, card.power, card.shield, card.abilities) == (0, 5000, 10000, ())


@pytest.mark.parametrize("card_id", ["PJ-014", "PJ-015", "PJ-017"])
def test_PJ_014_015_017_classic_trigger_effects(ldb, card_id):
    """The critical, draw and heal triggers do their effect, and only it, with the classic
    +5000 (not the D-era +10000) to the vanguard."""
    assert ldb[card_id].trigger_power == 5000
    assert_trigger_effect(ldb, card_id, power=5000)


def test_PJ_016_stand_trigger_stands_a_rested_rear_guard(ldb):
    """The stand trigger stands a rested rear-guard (and +5000 goes to the vanguard)."""
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": G2}, "rested": ["front_left"],
                       "deck": ["PJ-016"] + [G2] * 9}, {"vanguard": V3}, phase="battle")
    attacker = unit_at(game, 0, Circle.VC)
    tired = unit_at(game, 0, Circle.FRONT_LEFT)
    attack(game, attacker, unit_at(game, 1, Circle.VC))
    no_guard(game)
    game.step(pick(game, ActionKind.PICK, card=attacker))
    _pick_until_done(game, tired)
    assert not is_rested(game, tired)
    assert power_of(game, attacker) == 18000


@pytest.mark.parametrize("card_id", [f"PJ-0{n:02d}" for n in range(1, 18)])
def test_every_card_of_the_product_is_in_the_study(ldb, card_id):
    """Every card of TD11 is written (17 distinct cards) and keeps our clan."""
    assert ldb.get(card_id).clan == "voidbreakers"
