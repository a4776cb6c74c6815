"""Study of six products (issue 19), D-SD02 (Dark States, Final Rush): every card of the start
deck (tests/cards/corpus/p_d_sd_b.toml; its over trigger is D-SD01's PD-010) played in a position
built for it, and in one where its condition or cost fails. Rules cited: IKK-01 (Final Rush, a
player state), ACT-* (effects), CORE-06/CORE-17 (a call onto an occupied circle), CORE-10
(guard), CORE-14 (triggers)."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived.query import in_player_state
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    assert_vanilla_grade_2_intercepts,
    attack,
    call_from_hand,
    drive_into,
    ride_from_hand,
)
from tests.helpers import (
    card_named,
    cards_in,
    critical_of,
    damage_count,
    ids_in,
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

BROGAN, ROLF, STIG, MILO = "PE-001", "PE-002", "PE-003", "PE-004"
COLOSSUS, BRUISER = "PE-005", "PE-006"
BROCK, BARKER, ORDER = "PE-007", "PE-008", "PE-015"


def shield_of(game, card: int) -> int:
    """A guardian's current shield."""
    game.switch()
    return q.shield(game.state, card)


RUSH = ["final_rush"]


def test_PE_001_enters_final_rush_at_the_start_of_your_ride_phase(ldb):
    """IKK-01: on VC at the start of your ride phase you enter Final Rush; at the start of your
    opponent's ride phase you do not (the auto names your phase)."""
    game = scene(ldb, {"vanguard": BROGAN}, phase="stand")
    assert in_player_state(game.state, 0, "final_rush")
    game = scene(ldb, {"vanguard": BROGAN}, {"vanguard": V3}, phase="stand", turn_player=1)
    assert not in_player_state(game.state, 0, "final_rush")
    assert not in_player_state(game.state, 1, "final_rush")


def _brogan_attacks(ldb, states: list[str], soul: int = 5):
    me = {
        "vanguard": BROGAN,
        "soul": [G2] * soul,
        "states": states,
        "rear": {"front_left": G2, "front_right": G2},
        "rested": ["front_left", "front_right"],
    }
    game = scene(ldb, me, phase="battle")
    brogan = unit_at(game, 0, Circle.VC)
    attack(game, brogan, unit_at(game, 1, Circle.VC))
    return game


def test_PE_001_in_final_rush_soul_blast_5_stands_the_front_row(ldb):
    """In Final Rush, COST [SB5]: both rested front-row rear-guards stand; out of Final Rush,
    or with four soul cards, nothing is asked and they stay at rest."""
    game = _brogan_attacks(ldb, RUSH)
    game.step(pick(game, ActionKind.YES))
    assert cards_in(game, 0, Zone.SOUL) == []
    assert not is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))
    assert not is_rested(game, unit_at(game, 0, Circle.FRONT_RIGHT))
    for states, soul in (([], 5), (RUSH, 4)):
        game = _brogan_attacks(ldb, states, soul)
        assert game.decision.kind is DecisionKind.GUARD
        assert is_rested(game, unit_at(game, 0, Circle.FRONT_LEFT))
        assert len(cards_in(game, 0, Zone.SOUL)) == soul


def test_PE_002_placed_on_vc_a_rear_guard_into_the_soul_draws(ldb):
    """Ridden onto VC: COST [put a rear-guard into the soul], draw a card; with no rear-guard
    the cost cannot be paid and nothing is drawn."""
    game = scene(
        ldb,
        {"vanguard": BARKER, "hand": [ROLF], "rear": {"front_left": G2, "back_left": BARKER}},
        phase="ride",
    )
    barker = unit_at(game, 0, Circle.BACK_LEFT)
    ride_from_hand(game, 0, ROLF)
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.PICK, card=barker))
    assert zone_of(game, barker) is Zone.SOUL and len(cards_in(game, 0, Zone.HAND)) == 1
    game = scene(ldb, {"vanguard": BARKER, "hand": [ROLF]}, phase="ride")
    ride_from_hand(game, 0, ROLF)
    assert cards_in(game, 0, Zone.HAND) == [] and game.decision.kind is not DecisionKind.YES_NO


@pytest.mark.parametrize("card_id", [ROLF])
def test_PE_002_on_rc_plus_5000_in_final_rush(ldb, card_id):
    """IKK-01: on RC, +5000 while you are in Final Rush; 10000 out of it."""
    for states, power in ((RUSH, 15000), ([], 10000)):
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": card_id}, "states": states})
        assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def _call_from_soul(game, card: int) -> list[list[Circle]]:
    """Answer the call of PE-003 ("up to one" card of the soul): pick `card`, and return the
    circles each circle question offered (none asked when one circle is possible)."""
    offered = []
    while game.decision is not None and game.decision.player == 0:
        actions = [a for a in game.legal_actions() if a.kind is ActionKind.PICK]
        if any(a.card == card for a in actions):
            game.step(pick(game, ActionKind.PICK, card=card))
        elif actions and all(a.circle is not None for a in actions):
            offered.append([a.circle for a in actions])
            game.step(actions[0])
        else:
            break
    return offered


def test_PE_003_placed_on_vc_calls_from_the_soul_to_the_back_center_only(ldb):
    """ACT-07: ridden onto VC, the first vanguard (in the soul now) is called to the back
    row center; no other circle is offered though four are free; then Soul Charge 1."""
    game = scene(ldb, {"vanguard": MILO, "hand": [STIG], "deck": [G2] * 10}, phase="ride")
    milo = unit_at(game, 0, Circle.VC)
    ride_from_hand(game, 0, STIG)
    offered = _call_from_soul(game, milo)
    assert all(circles == [Circle.BACK_CENTER] for circles in offered)
    assert unit_at(game, 0, Circle.BACK_CENTER) == milo
    assert zone_of(game, milo) is Zone.RC
    assert len(cards_in(game, 0, Zone.SOUL)) == 1                   # the soul charge
    for circle in (Circle.BACK_LEFT, Circle.BACK_RIGHT, Circle.FRONT_LEFT, Circle.FRONT_RIGHT):
        assert not game.state.board.circles[0][circle]


def test_PE_003_CORE_06_a_unit_on_the_back_center_is_retired_by_the_call(ldb):
    """CORE-06, CORE-17: the named circle holds a rear-guard: the call still goes there (the
    rule book's call onto an occupied RC), and the unit that was there is retired by rule;
    the Soul Charge happens too."""
    game = scene(ldb, {"vanguard": MILO, "hand": [STIG], "rear": {"back_center": G2}},
                 phase="ride")
    milo, old = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.BACK_CENTER)
    ride_from_hand(game, 0, STIG)
    _call_from_soul(game, milo)
    assert unit_at(game, 0, Circle.BACK_CENTER) == milo
    assert zone_of(game, old) is Zone.DROP
    assert len(cards_in(game, 0, Zone.SOUL)) == 1


def test_PE_003_ACT_23_a_locked_back_center_takes_no_call(ldb):
    """ACT-23: a locked card holds the back center: the call has nowhere to go, so the first
    vanguard stays in the soul (no other circle is taken instead); the Soul Charge happens."""
    game = scene(ldb, {"vanguard": MILO, "hand": [STIG], "locked": {"back_center": G2}},
                 phase="ride")
    milo = unit_at(game, 0, Circle.VC)
    ride_from_hand(game, 0, STIG)
    _call_from_soul(game, milo)
    assert zone_of(game, milo) is Zone.SOUL and len(cards_in(game, 0, Zone.SOUL)) == 2
    assert not any(game.state.board.circles[0][c] for c in
                   (Circle.BACK_LEFT, Circle.BACK_RIGHT, Circle.FRONT_LEFT, Circle.FRONT_RIGHT))


def test_PE_003_on_rc_plus_5000_in_final_rush(ldb):
    """IKK-01: on RC, 13000 in Final Rush, 8000 out of it; its VC auto does nothing there."""
    for states, power in ((RUSH, 13000), ([], 8000)):
        game = scene(ldb, {"vanguard": V3, "rear": {"front_left": STIG}, "states": states})
        assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def test_PE_004_ridden_draws_only_if_you_went_second(ldb):
    """Ridden on turn 4 (you went second): draw; on turn 3: no draw."""
    for turn, drawn in ((4, 1), (3, 0)):
        game = scene(ldb, {"vanguard": MILO, "hand": [BARKER]}, phase="ride", turn=turn)
        ride_from_hand(game, 0, BARKER)
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def test_PE_005_placed_soul_charge_then_counter_blast_for_15000_in_final_rush(ldb):
    """Called: Soul Charge 1; in Final Rush then COST [CB1] +15000 (28000); out of Final Rush
    only the Soul Charge; in Final Rush with no face-up damage, no cost is asked."""
    game = scene(ldb, {"vanguard": V3, "hand": [COLOSSUS], "damage": [G2], "states": RUSH})
    colossus = call_from_hand(game, 0, COLOSSUS)
    game.step(pick(game, ActionKind.YES))
    assert power_of(game, colossus) == 28000 and len(cards_in(game, 0, Zone.SOUL)) == 1
    assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    for states, face_down in (([], 0), (RUSH, 1)):
        game = scene(
            ldb,
            {
                "vanguard": V3,
                "hand": [COLOSSUS],
                "damage": [G2],
                "damage_face_down": face_down,
                "states": states,
            },
        )
        colossus = call_from_hand(game, 0, COLOSSUS)
        assert game.decision.kind is DecisionKind.MAIN_PHASE
        assert power_of(game, colossus) == 13000 and len(cards_in(game, 0, Zone.SOUL)) == 1


def test_PE_006_a_vanilla_grade_2_intercepts(ldb):
    """A vanilla grade 2 (10000, shield 5000, intercept, no ability): intercepting, its 5000
    shield stops a 13000 attack on a 13000 vanguard, and it is retired as a guardian."""
    assert_vanilla_grade_2_intercepts(ldb, BRUISER)


def _brock_guards(ldb, face_down: int):
    game = scene(
        ldb,
        {"vanguard": V3, "hand": [BROCK], "damage": [G2], "damage_face_down": face_down},
        {"vanguard": V3, "rear": {"front_left": G2}},
        phase="battle",
        turn_player=1,
    )
    attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
    brock = card_named(game, 0, Zone.HAND, BROCK)
    game.step(pick(game, ActionKind.GUARD, card=brock))
    return game, brock


def test_PE_007_placed_on_gc_counter_blast_for_shield_5000(ldb):
    """COST [CB1]: the guardian's shield becomes 10000 and the damage is turned face down; with
    no face-up damage nothing is asked and it guards for its printed 5000."""
    for face_down, shield in ((0, 10000), (1, 5000)):
        game, brock = _brock_guards(ldb, face_down)
        if face_down == 0:
            game.step(pick(game, ActionKind.YES))
        assert game.decision.kind is DecisionKind.GUARD
        assert shield_of(game, brock) == shield
        assert not is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])


def _barker_acts(ldb, vanguard: str, states: list[str], boost: bool):
    circle = Circle.BACK_LEFT if boost else Circle.FRONT_LEFT
    rear = {"front_left": G2, "back_left": BARKER} if boost else {"front_left": BARKER}
    game = scene(ldb, {"vanguard": vanguard, "rear": rear, "states": states}, phase="battle")
    barker = unit_at(game, 0, circle)
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    if boost:
        game.step(pick(game, ActionKind.BOOST, card=barker))
    return game


@pytest.mark.parametrize("boost", [False, True])
def test_PE_008_attacks_or_boosts_under_brogan_soul_charge_one_more_in_final_rush(ldb, boost):
    """Attacking or boosting with «Brogan» as vanguard: Soul Charge 1, 2 in Final Rush; under
    another vanguard: nothing."""
    for vanguard, states, charged in ((BROGAN, [], 1), (BROGAN, RUSH, 2), (V3, RUSH, 0)):
        game = _barker_acts(ldb, vanguard, states, boost)
        assert len(cards_in(game, 0, Zone.SOUL)) == charged, (vanguard, states)


def test_PE_010_is_the_over_trigger_of_d_sd01(ldb):
    """D-SD02/010 is the same card as D-SD01/010 (PD-010): an over trigger, 50000 shield."""
    over = ldb["PD-010"]
    assert (over.trigger.value, over.shield, over.grade) == ("over", 50000, 0)


@pytest.mark.parametrize("card_id, critical, drawn", [("PE-011", 2, 2), ("PE-012", 1, 3)])
def test_PE_011_012_critical_and_draw_triggers(ldb, card_id, critical, drawn):
    """CORE-14: a critical trigger +10000 and +1 critical; a draw trigger +10000 and a card."""
    game, vanguard = drive_into(ldb, card_id)
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    if critical == 2:
        game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert power_of(game, vanguard) == 23000 and critical_of(game, vanguard) == critical
    assert len(cards_in(game, 0, Zone.HAND)) == drawn


def test_PE_013_front_trigger(ldb):
    """CORE-14: +10000 to each front-row unit, not to the back row."""
    game, vanguard = drive_into(ldb, "PE-013", rear={"front_left": G2, "back_left": BARKER})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 8000
    assert power_of(game, vanguard) == 23000


def test_PE_014_heal_trigger(ldb):
    """CORE-14: heal 1 only when your damage is at least your opponent's."""
    game, vanguard = drive_into(ldb, "PE-014", damage=[G2])
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert damage_count(game, 0) == 0
    game, vanguard = drive_into(ldb, "PE-014")
    game.step(pick(game, ActionKind.PICK, card=vanguard))
    assert ids_in(game, 0, Zone.DROP) == [] and power_of(game, vanguard) == 23000


def test_PE_015_order_soul_charges_two(ldb):
    """A normal order with no cost: Soul Charge 2, the order to the drop; a second one in the
    same turn is not offered (CORE-08: one order per turn)."""
    game = scene(ldb, {"vanguard": V3, "hand": [ORDER, ORDER]})
    game.step(pick(game, ActionKind.PLAY_ORDER, card=cards_in(game, 0, Zone.HAND)[0]))
    assert len(cards_in(game, 0, Zone.SOUL)) == 2 and ids_in(game, 0, Zone.DROP) == [ORDER]
    assert not any(a.kind is ActionKind.PLAY_ORDER for a in game.legal_actions())


ACCEL_CALLER = """
[[card]]
id = "NC-001"
names = ["Gate Herald"]
grade = 3
power = 13000
[[card.ability]]
kind = "act"
zones = ["vc"]
effect = [{ op = "superior_call", from = "your_drop", count = 1, to = { circle = "accel_1" } }]
"""


def test_ACT_07_a_named_circle_the_side_lacks_takes_no_call(ldb, tmp_path):
    """CORE-15: "call it to your accel circle" with an accel circle: the drop card goes there;
    without one (no Accel gift yet) the circle does not exist, nothing is called and no other
    RC is offered instead."""
    path = tmp_path / "accel.toml"
    path.write_text(ACCEL_CALLER)
    db = vg.CardDB.load(path, base=ldb)
    for accel in (1, 0):
        game = scene(db, {"vanguard": "NC-001", "drop": [G2], "accel": accel}, fmt="premium")
        card = cards_in(game, 0, Zone.DROP)[0]
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
        _call_from_soul(game, card)
        if accel:
            assert unit_at(game, 0, Circle.ACCEL_1) == card
        else:
            assert zone_of(game, card) is Zone.DROP
            assert not any(game.state.board.circles[0][c] for c in
                           (Circle.FRONT_LEFT, Circle.BACK_LEFT, Circle.BACK_CENTER,
                            Circle.FRONT_RIGHT, Circle.BACK_RIGHT))
