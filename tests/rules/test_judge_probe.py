"""Judge probes: cross-rule positions where engines usually go wrong (conditions read again at
resolution, joint costs, 1/Turn per card object, simultaneous placements, ACT-26 "becomes",
boosters and attacked units that leave mid-battle, heal checks, perfect guards).

The invented cards live in judge_probe_cards.toml next to this file."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import (
    AttackHit,
    AutoPlayed,
    CardDrawn,
    CardHealed,
    DriveChecked,
    UnitRetired,
)
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    damage_count,
    events_of,
    has_action,
    ids_in,
    is_face_up,
    is_rested,
    object_id,
    pick,
    power_of,
    unit_at,
    zone_of,
)

CARDS = Path(__file__).with_name("judge_probe_cards.toml")
SENTINEL = "DX-109"                  # [AUTO](GC) COST [discard 1]: an attacked unit can't be hit
CRITICAL = "DX-011"                  # critical trigger
HEAL = "DX-014"                      # heal trigger
G1 = "PX-009"                        # a vanilla grade 1 with boost (8000)


@pytest.fixture(scope="module")
def jdb(db: vg.CardDB) -> vg.CardDB:
    """The built-in pool with the judge-probe cards."""
    return vg.CardDB.load(CARDS, base=db)


def _attack(game: vg.Game, attacker: int, target: int, booster: int | None = None) -> None:
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))
    if game.decision.kind is DecisionKind.BOOST:
        game.step(pick(game, ActionKind.BOOST, card=booster) if booster is not None
                  else pick(game, ActionKind.DONE))


# --- conditions and simultaneous events ----------------------------------------------------

def _drummer_attacks(jdb: vg.CardDB, retire_first: bool) -> int:
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-001", "back_left": G1,
                                                "front_right": G2}}, phase="battle")
    drummer, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    _attack(game, drummer, unit_at(game, 1, Circle.VC))
    assert game.decision.kind is DecisionKind.ORDER_AUTOS        # both autos triggered
    game.step(pick(game, ActionKind.PLAY_AUTO, card=drummer, index=1 if retire_first else 0))
    while game.decision.kind is not DecisionKind.GUARD:
        if game.decision.kind is DecisionKind.ORDER_AUTOS:
            game.step(pick(game, ActionKind.PLAY_AUTO, card=drummer))
        else:
            game.step(pick(game, ActionKind.PICK, card=other))
    assert zone_of(game, other) is Zone.DROP
    return power_of(game, drummer)


def test_CORE_18_an_auto_condition_is_checked_again_when_it_resolves(jdb):
    """Three rear-guards when the attack is declared: both autos of the drummer trigger. If
    the turn player plays the retiring one first, at resolution the drummer has two
    rear-guards and "if you have three or more rear-guards" gives nothing; played first, it
    gives +5000."""
    assert _drummer_attacks(jdb, retire_first=True) == 10000
    assert _drummer_attacks(jdb, retire_first=False) == 15000


def test_CORE_18_autos_triggered_by_a_cost_wait_until_the_ability_resolves(jdb):
    """Retiring a rear-guard for a cost triggers the chronicler's draw; it is played at the
    check timing after the act's own draw, not in the middle of it."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-032", "front_right": "JP-033",
                                                "back_left": G2}})
    master, chronicler = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    fodder = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=master))
    game.step(pick(game, ActionKind.PICK, card=fodder))
    kinds = [type(e) for e in game.events]
    first_draw = kinds.index(CardDrawn)
    played = next(i for i, e in enumerate(game.events)
                  if isinstance(e, AutoPlayed) and e.card == chronicler)
    assert kinds.index(UnitRetired) < first_draw < played
    assert len(cards_in(game, 0, Zone.HAND)) == 2


def test_ACT_07_two_units_called_at_once_are_each_seen_placed(jdb):
    """Two cards called from the drop at once are placed simultaneously: the herald's "when
    another unit is placed on your RC" triggers once for each (+4000 in all)."""
    game = scene(jdb, {"vanguard": "JP-005", "rear": {"front_left": "JP-004"},
                       "drop": [G2, G1]})
    herald = unit_at(game, 0, Circle.FRONT_LEFT)
    drop = _call_two_from_drop(game)
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PLAY_AUTO))
    assert {zone_of(game, c) for c in drop} == {Zone.RC}
    assert sum(1 for e in events_of(game, AutoPlayed) if e.card == herald) == 2
    assert power_of(game, herald) == 14000


# --- costs ---------------------------------------------------------------------------------

def test_CORE_19_counter_blast_and_soul_blast_cost_needs_both(jdb):
    """COST [CB1 & SB1]: with a face-up damage but an empty soul, not offered; with only a
    soul card and every damage face down, not offered; with both, offered and both paid."""
    rear = {"front_left": "JP-002"}
    game = scene(jdb, {"vanguard": V3, "rear": rear, "damage": [G2]})
    assert not has_action(game, ActionKind.ACT)
    game = scene(jdb, {"vanguard": V3, "rear": rear, "damage": [G2], "soul": [G2]})
    adept = unit_at(game, 0, Circle.FRONT_LEFT)
    assert has_action(game, ActionKind.ACT, card=adept)
    game = scene(jdb, {"vanguard": V3, "rear": rear, "damage": [G2], "soul": [G2],
                       "damage_face_down": 1})
    assert not has_action(game, ActionKind.ACT)


def test_CORE_19_put_this_unit_into_soul_and_retire_a_rear_guard_need_two_cards(jdb):
    """COST [put this unit into your soul & retire one of your rear-guards]: the unit itself
    cannot also be the retired rear-guard. Alone on RC it is not offered; with another
    rear-guard the retire offers only that one."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-011"}})
    assert not has_action(game, ActionKind.ACT)
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-011", "back_left": G1}})
    offering, other = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    hand = len(cards_in(game, 0, Zone.HAND))
    game.step(pick(game, ActionKind.ACT, card=offering))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        assert {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK} == {other}
        game.step(pick(game, ActionKind.PICK, card=other))
    assert zone_of(game, offering) is Zone.SOUL and zone_of(game, other) is Zone.DROP
    assert len(cards_in(game, 0, Zone.HAND)) == hand + 2


def test_ACT_16_an_effect_counter_blast_that_cannot_be_paid_takes_the_else_branch(jdb):
    """"COST [CB2]; if you do not, Soul Charge 1" with one face-up damage: nothing is turned
    (ACT-16 all or nothing) and the soul charge happens."""
    game = scene(jdb, {"vanguard": "JP-012", "damage": [G2, G2], "damage_face_down": 1})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert not has_action(game, ActionKind.YES)
    game.switch()
    assert [q.orientation(c).face_up for c in cards_in(game, 0, Zone.DAMAGE)] == [False, True]
    assert len(cards_in(game, 0, Zone.SOUL)) == 1
    assert len(cards_in(game, 0, Zone.HAND)) == 0


# --- limits and objects --------------------------------------------------------------------

def test_CORE_19_one_per_turn_counts_per_card_not_per_name(jdb):
    """Two copies of a 1/Turn act: each copy may use it once; neither twice."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-003", "front_right": "JP-003"}})
    a, b = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=a))
    assert not has_action(game, ActionKind.ACT, card=a)
    game.step(pick(game, ActionKind.ACT, card=b))
    assert not has_action(game, ActionKind.ACT)
    assert power_of(game, a) == power_of(game, b) == 11000


def test_TERM_01_an_ability_given_twice_works_twice(jdb):
    """The same cont ability given twice is kept twice, and each works: +4000 twice."""
    game = scene(jdb, {"vanguard": "JP-008", "rear": {"front_left": G2}})
    vanguard, unit = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
    for _ in range(2):
        game.step(pick(game, ActionKind.ACT, card=vanguard))
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=unit))
    assert power_of(game, unit) == 18000


def test_ACT_26_becomes_is_a_delta_so_a_later_bonus_adds_and_an_earlier_one_expires(jdb):
    """Power 10000 becomes 20000 (a +10000 change, ACT-26); attacking gives +5000 until end of
    battle: 25000. A "becomes" is a change by a delta: once the battle's +5000 ends, 20000."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-006"}})
    idol = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=idol))
    assert power_of(game, idol) == 20000
    game.step(pick(game, ActionKind.DONE))                      # to the battle phase
    _attack(game, idol, unit_at(game, 1, Circle.VC))
    assert power_of(game, idol) == 25000
    game.step(pick(game, ActionKind.DONE))                      # no guard
    assert power_of(game, idol) == 20000


def test_ACT_26_becomes_after_a_bonus_counts_from_the_value_now(jdb):
    """+5000 until end of turn first (15000); on attack "becomes 20000 until end of that
    battle" is a +5000 change (20000); when the battle ends the unit is back at 15000, not at
    its printed 10000 (ACT-26's delta)."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-016"}})
    idol = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=idol))
    assert power_of(game, idol) == 15000
    game.step(pick(game, ActionKind.DONE))                      # to the battle phase
    _attack(game, idol, unit_at(game, 1, Circle.VC))
    assert power_of(game, idol) == 20000
    game.step(pick(game, ActionKind.DONE))                      # no guard; the battle ends
    assert power_of(game, idol) == 15000


def test_ACT_07_up_to_two_with_one_available_takes_the_one(jdb):
    """"Choose up to two of your opponent's rear-guards" with one there: it is chosen and
    retired, and the effect does not wait for a second card."""
    game = scene(jdb, {"vanguard": "JP-007"}, {"vanguard": V3, "rear": {"front_left": G2}})
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=victim))
    if game.decision.kind is not DecisionKind.MAIN_PHASE:
        game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, victim) is Zone.DROP
    assert game.decision.kind is DecisionKind.MAIN_PHASE


def test_ACT_28_for_each_counts_once_at_the_start(jdb):
    """"For each of your rear-guards" with two: two repetitions, even though each repetition
    returns one of them to hand (the count is not read again)."""
    game = scene(jdb, {"vanguard": "JP-013", "rear": {"front_left": G2, "front_right": G1},
                       "deck": [G2] * 6})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    assert len(cards_in(game, 0, Zone.HAND)) == 4                # 2 returned + 2 drawn


def test_ACT_12_standing_a_standing_unit_triggers_nothing(jdb):
    """"Stand all your rear-guards": the rested sentry stands and its "when this unit stands"
    triggers; a standing one is not stood and does not trigger."""
    game = scene(jdb, {"vanguard": "JP-015", "rear": {"front_left": "JP-014",
                                                      "front_right": "JP-014"},
                       "rested": ["front_left"]})
    rested, standing = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert not is_rested(game, rested)
    assert power_of(game, rested) == 11000 and power_of(game, standing) == 8000


# --- battle timing -------------------------------------------------------------------------

def test_CORE_09_a_booster_retired_mid_battle_stops_boosting(jdb):
    """The guardian's "placed on GC" retires the booster: from then on the attack is the
    vanguard's own 13000 (CORE-09, seed 000 §1.3.2: a booster that leaves stops boosting)."""
    game = scene(jdb, {"vanguard": V3, "rear": {"back_center": G1}},
                 {"vanguard": V3, "hand": ["JP-009"]}, phase="battle")
    vanguard, booster = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.BACK_CENTER)
    _attack(game, vanguard, unit_at(game, 1, Circle.VC), booster=booster)
    assert power_of(game, vanguard) == 21000
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "JP-009")))
    assert zone_of(game, booster) is Zone.DROP
    assert power_of(game, vanguard) == 13000


def test_CORE_05_persona_ride_bonus_follows_the_front_row(jdb):
    """The persona ride's +10000 is the player's: a back-row unit moved to the front row later
    gets it, and the unit it swapped with (now in the back row) loses it."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": G2, "back_left": G1}},
                 persona_rode=True)
    front, back = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    assert power_of(game, front) == 20000 and power_of(game, back) == 8000
    game.step(pick(game, ActionKind.MOVE, card=back))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == back
    assert power_of(game, back) == 18000 and power_of(game, front) == 10000


def test_CORE_14_critical_trigger_power_and_critical_to_different_units(jdb):
    """A drive-check critical: +10000 to a rear-guard, +1 critical to the vanguard."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": G2},
                       "deck": [CRITICAL] + [G2] * 8}, phase="battle")
    vanguard, rear = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
    _attack(game, vanguard, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))                      # no guard
    picks = [a for a in game.legal_actions() if a.kind is ActionKind.PICK]
    assert {a.card for a in picks} == {vanguard, rear}
    game.step(pick(game, ActionKind.PICK, card=rear))           # the power
    game.step(pick(game, ActionKind.PICK, card=vanguard))       # the critical
    assert power_of(game, rear) == 20000 and critical_of(game, vanguard) == 2
    assert damage_count(game, 1) == 2


def _take_vanguard_hit(game: vg.Game) -> None:
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))                      # no guard
    while game.decision.kind is DecisionKind.CHOOSE_CARD:      # the damage to heal
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))


def test_CORE_14_heal_compares_damage_before_the_checked_card_arrives(jdb):
    """The damage check's heal resolves in the trigger zone, then the card goes to damage.
    3 against 3: healed (3 - 1 + 1 = 3). 2 against 3: no heal (2 + 1 = 3)."""
    for before, healed in ((3, 1), (2, 0)):
        game = scene(jdb, {"vanguard": V3, "damage": [G2] * 3},
                     {"vanguard": V3, "damage": [G2] * before, "deck": [HEAL] + [G2] * 8},
                     phase="battle")
        _take_vanguard_hit(game)
        assert len(events_of(game, CardHealed)) == healed
        assert damage_count(game, 1) == 3


def test_CORE_10_a_perfect_guard_holds_when_the_attacker_gains_power_later(jdb):
    """The sentinel makes the vanguard unhittable; a critical trigger's +10000 afterwards does
    not make the attack hit."""
    game = scene(jdb, {"vanguard": V3, "deck": [CRITICAL] + [G2] * 8,
                       "rear": {"front_left": G2}},
                 {"vanguard": V3, "hand": [SENTINEL, G2]}, phase="battle")
    vanguard, target = unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC)
    _attack(game, vanguard, target)
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, SENTINEL)))
    while game.decision.kind is DecisionKind.CHOOSE_CARD:       # its cost, the unit it guards
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    assert cards_in(game, 1, Zone.HAND) == []
    game.step(pick(game, ActionKind.DONE))                      # no more guardians
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 23000
    assert not events_of(game, AttackHit) and damage_count(game, 1) == 0


def test_CORE_12_an_attacked_rear_guard_that_leaves_ends_the_battle(jdb):
    """"When this unit attacks a rear-guard, retire it": with the attacked unit gone, there is
    no guard, no drive check, no hit; the battle ends and the next attack may be declared."""
    game = scene(jdb, {"vanguard": "JP-010", "rear": {"front_left": G2}},
                 {"vanguard": V3, "rear": {"front_left": G2}, "hand": [G2]}, phase="battle")
    vanguard, target = unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.FRONT_LEFT)
    _attack(game, vanguard, target)
    assert zone_of(game, target) is Zone.DROP
    assert game.decision.kind is DecisionKind.ATTACK and game.decision.player == 0
    assert not events_of(game, DriveChecked) and not events_of(game, AttackHit)
    assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.FRONT_LEFT))


# --- more limits, ordering, losses ----------------------------------------------------------

def _call_two_from_drop(game: vg.Game) -> list[int]:
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    drop = cards_in(game, 0, Zone.DROP)
    circles = iter((Circle.FRONT_RIGHT, Circle.BACK_RIGHT))
    while game.decision.kind in (DecisionKind.CHOOSE_CARD, DecisionKind.CHOOSE_CIRCLE):
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=next(c for c in drop if has_action(
                game, ActionKind.PICK, card=c))))
        else:
            game.step(pick(game, ActionKind.PICK, circle=next(circles)))
    return drop


def test_CORE_19_a_1_turn_auto_triggered_twice_at_once_resolves_once(jdb):
    """Two units placed at once trigger the 1/Turn herald twice; it resolves once (+2000)."""
    game = scene(jdb, {"vanguard": "JP-005", "rear": {"front_left": "JP-017"},
                       "drop": [G2, G1]})
    herald = unit_at(game, 0, Circle.FRONT_LEFT)
    _call_two_from_drop(game)
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PLAY_AUTO))
    assert power_of(game, herald) == 12000


def test_CORE_18_the_turn_players_autos_resolve_before_the_other_players(jdb):
    """One placement triggers the turn player's herald and the other player's spy: the turn
    player's auto is played first (CORE-18 (2) before (3))."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-004"}, "hand": [G2]},
                 {"vanguard": V3, "rear": {"front_left": "JP-018"}})
    herald, spy = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.CALL, card=card_named(game, 0, Zone.HAND, G2),
                   circle=Circle.FRONT_RIGHT))
    played = [e.card for e in events_of(game, AutoPlayed)]
    assert played == [herald, spy]
    assert len(cards_in(game, 1, Zone.HAND)) == 1


def test_CORE_16_drawing_the_last_card_loses_at_the_next_check_timing(jdb):
    """Drawing the deck's last card leaves it empty: the rule action makes that player lose."""
    game = scene(jdb, {"vanguard": "JP-019", "deck": [G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert game.over and game.winner == 1


def test_ACT_26_negative_power_stays_on_the_field_and_sums_use_it(jdb):
    """A 10000 rear-guard at -15000 has -5000 power and is not retired."""
    game = scene(jdb, {"vanguard": "JP-020"}, {"vanguard": V3, "rear": {"front_left": G2}})
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=victim))
    assert power_of(game, victim) == -5000 and zone_of(game, victim) is Zone.RC


def test_ACT_16_a_counter_blast_with_a_condition_counts_only_matching_cards(jdb):
    """COST [CB1 - grade 3]: face-up grade 2 damage does not pay it (not offered); a face-up
    grade 3 does, and only that card is turned."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-021"}, "damage": [G2, G2]})
    assert not has_action(game, ActionKind.ACT)
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-021"}, "damage": [G2, V3]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    game.switch()
    faces = {game.state.card(c).id: q.orientation(c).face_up for c in cards_in(game, 0, Zone.DAMAGE)}
    assert faces == {G2: True, V3: False}


def test_ACT_15_skill_damage_is_a_damage_check_and_its_trigger_applies(jdb):
    """Deal 1 damage by an effect: the opponent damage-checks; a critical revealed gives its
    owner's unit +1 critical and +10000 (their vanguard, the only unit)."""
    game = scene(jdb, {"vanguard": "JP-022"},
                 {"vanguard": V3, "deck": [CRITICAL] + [G2] * 8})
    theirs = unit_at(game, 1, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert damage_count(game, 1) == 1
    assert power_of(game, theirs) == 23000 and critical_of(game, theirs) == 2


def test_CORE_20_a_unit_returned_and_called_again_may_use_its_1_turn_again(jdb):
    """The 1/Turn act was used; the card goes to hand and is called again: a new object."""
    game = scene(jdb, {"vanguard": "JP-013", "rear": {"front_left": "JP-003"}, "deck": [G2] * 4})
    squire = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=squire))
    assert not has_action(game, ActionKind.ACT, card=squire)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))   # back to hand
    assert zone_of(game, squire) is Zone.HAND
    game.step(pick(game, ActionKind.CALL, card=squire, circle=Circle.FRONT_LEFT))
    assert power_of(game, squire) == 8000
    assert has_action(game, ActionKind.ACT, card=squire)


def test_CORE_05_persona_ride_bonus_reaches_a_unit_called_later(jdb):
    """After a persona ride, a unit called to the front row gets +10000; to the back row not."""
    game = scene(jdb, {"vanguard": V3, "hand": [G2, G1]}, persona_rode=True)
    front, back = card_named(game, 0, Zone.HAND, G2), card_named(game, 0, Zone.HAND, G1)
    game.step(pick(game, ActionKind.CALL, card=front, circle=Circle.FRONT_RIGHT))
    game.step(pick(game, ActionKind.CALL, card=back, circle=Circle.BACK_RIGHT))
    assert power_of(game, front) == 20000 and power_of(game, back) == 8000


def test_CORE_12_an_attacking_rear_guard_that_leaves_deals_nothing(jdb):
    """The guardian retires the attacking rear-guard (18000, which would hit 10000 + 5000):
    the battle ends without a hit and the defender takes no damage."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "DX-005"}},
                 {"vanguard": G2, "hand": ["JP-023"]}, phase="battle")
    attacker = unit_at(game, 0, Circle.FRONT_LEFT)
    _attack(game, attacker, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "JP-023")))
    assert zone_of(game, attacker) is Zone.DROP
    if game.decision.kind is DecisionKind.GUARD:
        game.step(pick(game, ActionKind.DONE))
    assert not events_of(game, AttackHit) and damage_count(game, 1) == 0
    assert game.decision.player == 0


def test_TERM_01_an_auto_given_twice_triggers_twice(jdb):
    """The same auto given twice: each copy triggers on the attack (+3000 twice)."""
    game = scene(jdb, {"vanguard": "JP-024", "rear": {"front_left": G2}})
    vanguard, unit = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
    for _ in range(2):
        game.step(pick(game, ActionKind.ACT, card=vanguard))
    game.step(pick(game, ActionKind.DONE))                      # to the battle phase
    _attack(game, unit, unit_at(game, 1, Circle.VC))
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PLAY_AUTO))
    assert power_of(game, unit) == 16000


def test_ACT_26_a_negative_vanguard_is_guarded_by_the_sum(jdb):
    """Their vanguard at 13000 - 15000 = -2000 guards with a 15000 shield: 13000 in all, and
    a 13000 attack hits (a clamp to 0 would make it 15000 and miss)."""
    game = scene(jdb, {"vanguard": "JP-020", "rear": {"front_left": G2}},
                 {"vanguard": V3, "hand": [CRITICAL]})
    theirs = unit_at(game, 1, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=theirs))
    assert power_of(game, theirs) == -2000
    game.step(pick(game, ActionKind.DONE))                      # to the battle phase
    _attack(game, unit_at(game, 0, Circle.VC), theirs)
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, CRITICAL)))
    game.step(pick(game, ActionKind.DONE))
    assert events_of(game, AttackHit) and damage_count(game, 1) == 1


def test_CORE_14_a_front_trigger_reaches_every_front_row_unit_only(jdb):
    """A drive-check front trigger: +10000 to the vanguard and the front-row rear-guards,
    nothing to the back row."""
    game = scene(jdb, {"vanguard": V3, "rear": {"front_left": G2, "back_left": G1},
                       "deck": ["DX-013"] + [G2] * 8}, phase="battle")
    vanguard = unit_at(game, 0, Circle.VC)
    front, back = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    _attack(game, vanguard, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    assert (power_of(game, vanguard), power_of(game, front), power_of(game, back)) == (
        23000, 20000, 8000)


def test_STR_08_the_g_unit_adds_the_hearts_original_power_not_its_modified_power(jdb):
    """The vanguard gets +10000 and then strides: the G unit adds the heart's ORIGINAL power
    (15000 + 13000), and the heart keeps its +10000 (HRT-04) without passing it on."""
    game = scene(jdb, {"vanguard": "JP-025", "g_zone": ["PG-002"]}, fmt="premium")
    heart = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=heart))
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
    g_unit = unit_at(game, 0, Circle.VC)
    assert game.state.card(g_unit).id == "PG-002"
    assert power_of(game, g_unit) == 28000


def test_CORE_17_a_superior_call_onto_an_occupied_circle_retires_the_old_unit(jdb):
    """Called from the drop onto the RC where a unit stands: the old unit is retired, the new
    one stays, and only one unit is on that circle."""
    game = scene(jdb, {"vanguard": "JP-005", "rear": {"front_right": G1}, "drop": [G2]})
    old = unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    new = cards_in(game, 0, Zone.DROP)[0]
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=new))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == new
    assert zone_of(game, old) is Zone.DROP
    assert game.state.board.circles[0][Circle.FRONT_RIGHT] == (new,)


def test_CORE_16_both_players_losing_at_once_is_a_draw(jdb):
    """The last card drawn and a sixth damage dealt by one effect: both losses are seen at the
    same check timing, and the game is a draw."""
    game = scene(jdb, {"vanguard": "JP-026", "deck": [G2]}, {"vanguard": V3, "damage": [G2] * 5})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert game.over and game.winner is None


def test_ACT_05_an_intercept_is_not_placed_on_gc_but_a_call_from_hand_is(jdb):
    """Intercepting moves a rear-guard between circles: its "placed on (GC)" does not trigger;
    the same card called from hand to GC appears there and draws."""
    game = scene(jdb, {"vanguard": V3},
                 {"vanguard": V3, "rear": {"front_left": "JP-027"}, "hand": ["JP-027"]},
                 phase="battle")
    interceptor = unit_at(game, 1, Circle.FRONT_LEFT)
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.INTERCEPT, card=interceptor))
    assert zone_of(game, interceptor) is Zone.GC and len(cards_in(game, 1, Zone.HAND)) == 1
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "JP-027")))
    assert len(cards_in(game, 1, Zone.HAND)) == 1                # the called one drew a card
    assert sum(1 for e in events_of(game, AutoPlayed) if e.card == interceptor) == 0


def test_OD_12_an_overdress_is_placed_on_rc_and_its_source_is_not_retired(jdb):
    """overDress onto the designated rear-guard: the herald's "when another unit is placed on
    your RC" triggers (OD-12), and the dress source is neither retired nor in the drop."""
    game = scene(jdb, {"vanguard": "OV-004", "rear": {"front_left": "OV-006",
                                                      "front_right": "JP-004"},
                       "hand": ["OV-005"]})
    source, herald = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.OVERDRESS, card=card_named(game, 0, Zone.HAND, "OV-005")))
    assert power_of(game, herald) == 12000
    assert zone_of(game, source) is Zone.DRESS and not events_of(game, UnitRetired)


def test_ACT_28_for_each_resumes_around_an_inner_question(jdb):
    """For each overDress rear-guard (two), one goes to the deck bottom with its dress source
    in an order its controller picks (OD-07): that question inside the repetition is answered
    and the repetition goes on (both units and sources at the bottom, two cards drawn)."""
    game = scene(jdb, {"vanguard": "JP-034", "rear": {"front_left": "OV-005",
                                                      "front_right": "OV-005"},
                       "dress": {"front_left": ["OV-006"], "front_right": ["OV-006"]},
                       "deck": [G2] * 4})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    questions = 0
    while game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(next(a for a in game.legal_actions() if a.kind is ActionKind.PICK))
        questions += 1
    assert questions == 3                       # which unit first, then each deck-bottom order
    assert sorted(ids_in(game, 0, Zone.DECK)[2:]) == ["OV-005", "OV-005", "OV-006", "OV-006"]
    assert len(cards_in(game, 0, Zone.HAND)) == 2


def test_CORE_14_a_drive_trigger_applies_before_the_auto_it_triggered_resolves(jdb):
    """The critical is revealed: its power goes to the reader at once (a trigger effect is not
    an auto); the reader's own auto, triggered by the same check, waits for the check timing
    and its effect then reads 20000 power: it soul charges. Given to the vanguard, the reader
    stays at 10000 and its effect gives nothing."""
    for to_reader, charged in ((True, 1), (False, 0)):
        game = scene(jdb, {"vanguard": V3, "rear": {"front_left": "JP-035"},
                           "deck": [CRITICAL] + [G2] * 8}, phase="battle")
        vanguard, reader = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
        _attack(game, vanguard, unit_at(game, 1, Circle.VC))
        game.step(pick(game, ActionKind.DONE))                  # no guard
        game.step(pick(game, ActionKind.PICK, card=reader if to_reader else vanguard))
        game.step(pick(game, ActionKind.PICK, card=vanguard))   # the critical
        assert len(cards_in(game, 0, Zone.SOUL)) == charged


def test_CORE_20_a_unit_that_paid_with_itself_is_a_new_card_in_the_soul(jdb):
    """COST [put this unit into your soul]: the move triggers the card's own (Soul) auto
    (counter charge), the effect's "this unit gets +5000" has no unit to change, and the card
    called back from the soul is a new object: printed power, its act usable again."""
    game = scene(jdb, {"vanguard": "JP-038", "rear": {"front_left": "JP-037"},
                       "damage": [G2], "damage_face_down": 1})
    acolyte = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=acolyte))
    assert zone_of(game, acolyte) is Zone.SOUL and len(cards_in(game, 0, Zone.HAND)) == 1
    game.switch()
    assert q.orientation(cards_in(game, 0, Zone.DAMAGE)[0]).face_up      # counter charged
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert power_of(game, acolyte) == 8000
    assert has_action(game, ActionKind.ACT, card=acolyte)


def test_ACT_21_a_decoy_that_becomes_the_attacked_unit_takes_the_hit_instead(jdb):
    """The vanguard attacks; the decoy's auto makes it the attacked unit (ACT-21). The drive
    checks still happen (the attacker is a vanguard, CORE-11), the decoy cannot intercept its
    own battle, the hit retires it and no damage is dealt to the vanguard."""
    game = scene(jdb, {"vanguard": V3}, {"vanguard": V3, "rear": {"front_left": "CL-005"},
                                         "damage": [G2]}, phase="battle", fmt="premium")
    decoy = unit_at(game, 1, Circle.FRONT_LEFT)
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.YES))                       # the decoy pays CB1
    assert game.state.battle is not None and game.state.battle.target == decoy
    assert not has_action(game, ActionKind.INTERCEPT)
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, decoy) is Zone.DROP and damage_count(game, 1) == 1
    assert len(events_of(game, DriveChecked)) == 2


def test_CORE_12_a_hit_with_critical_0_deals_no_damage_but_still_hits(jdb):
    """Critical 1 - 1 = 0 and drive 2 - 2 = 0: the attack hits (its "when hits" soul charges),
    no drive check is made and no damage is dealt."""
    game = scene(jdb, {"vanguard": "JP-031", "rear": {"front_left": G2}})
    vanguard = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.ACT, card=vanguard))
    assert critical_of(game, vanguard) == 0 and q.drive(game.state, vanguard) == 0
    game.step(pick(game, ActionKind.DONE))                      # to the battle phase
    _attack(game, vanguard, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))                      # no guard
    assert events_of(game, AttackHit) and not events_of(game, DriveChecked)
    assert damage_count(game, 1) == 0 and len(cards_in(game, 0, Zone.SOUL)) == 1


def test_ACT_24_an_unlocked_card_is_a_new_standing_object_and_does_not_appear(jdb):
    """Unlocking turns the card face up, standing, as a new object (its 1/Turn act usable),
    and it is not an appearance: "when another unit is placed on your RC" does not trigger."""
    game = scene(jdb, {"vanguard": "JP-036", "rear": {"front_right": "JP-004"},
                       "locked": {"front_left": "JP-003"}}, fmt="premium")
    herald = unit_at(game, 0, Circle.FRONT_RIGHT)
    locked = game.state.board.circles[0][Circle.FRONT_LEFT][0]
    before = object_id(game, locked)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert object_id(game, locked) != before
    assert is_face_up(game, locked) and not is_rested(game, locked)
    assert has_action(game, ActionKind.ACT, card=locked)
    assert power_of(game, herald) == 10000
