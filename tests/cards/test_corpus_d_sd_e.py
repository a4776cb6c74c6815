"""Study of six products (issue 19), D-SD05 (Brandt Gate, Prison): every card of the start deck
in tests/cards/corpus/p_d_sd_e.toml (its over trigger is D-SD01's PD-010) played in a position
built for it, and in one where its condition or cost fails. Rules cited: PRI-01 (imprison
needs a Prison), PRI-05 (the opponent calls their cards back), CORE-08 (set orders), CORE-10,
CORE-11 (drive), CORE-14."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.derived.values import shield
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import DriveChecked
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import (
    assert_sentinel_guards,
    assert_trigger_effect,
    assert_vanilla_grade_2_intercepts,
    attack,
    call_from_hand,
    no_guard,
    ride_from_hand,
)
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    ids_in,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

SERAVINE, RISSA, KYRA, RUBI, GUNNER, DRONE, TURNKEY, ALERT = (
    "PH-001",
    "PH-002",
    "PH-003",
    "PH-004",
    "PH-005",
    "PH-006",
    "PH-007",
    "PH-008",
)
GORGRUND, PRISON = "PH-009", "PH-015"


@pytest.fixture(scope="module")
def sdb(ldb: vg.CardDB) -> vg.CardDB:
    return ldb


def test_PH_001_cont_10000_with_one_prisoner_and_a_third_drive_with_three(sdb):
    """During your turn: one imprisoned card +10000 (two drive checks); three: also drive+1
    (three checks); none: 13000; in the opponent's turn nothing."""
    for held, power, checks in (([], 13000, 2), ([G2], 23000, 2), ([G2] * 3, 23000, 3)):
        game = scene(
            sdb,
            {"vanguard": SERAVINE, "order_zone": [PRISON], "imprisoned": held},
            phase="battle",
        )
        vanguard = unit_at(game, 0, Circle.VC)
        assert power_of(game, vanguard) == power
        attack(game, vanguard, unit_at(game, 1, Circle.VC))
        no_guard(game)
        assert len(events_of(game, DriveChecked)) == checks
    game = scene(
        sdb,
        {"vanguard": SERAVINE, "order_zone": [PRISON], "imprisoned": [G2] * 3},
        turn_player=1,
    )
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000


def test_PH_001_act_imprisons_up_to_two_rear_guards(sdb):
    """PRI-01: COST [CB1], two chosen rear-guards go into your Prison; without a Prison the
    cost is paid and they stay on their circles."""
    them = {"vanguard": V3, "rear": {"front_left": G2, "front_right": G2, "back_left": G2}}
    for order_zone, jailed in (([PRISON], True), ([], False)):
        game = scene(sdb, {"vanguard": SERAVINE, "damage": [G2], "order_zone": order_zone}, them)
        game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
        victims = [unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)]
        for victim in victims:
            game.step(pick(game, ActionKind.PICK, card=victim))
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.DONE))
        assert all(q.is_imprisoned(v) for v in victims) is jailed
        assert not has_action(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC))


def _rissa_rides(sdb, order_zone: list[str]) -> vg.Game:
    game = scene(
        sdb,
        {"vanguard": KYRA, "hand": [RISSA], "order_zone": order_zone},
        {"vanguard": V3, "hand": [G2, V3]},
        phase="ride",
    )
    ride_from_hand(game, 0, RISSA)
    return game


def test_PH_002_placed_on_vc_the_opponent_gives_a_hand_card_to_your_prison(sdb):
    """With a Prison the opponent chooses one of their hand cards and it is imprisoned; without
    one nothing is asked and their hand is whole."""
    game = _rissa_rides(sdb, [PRISON])
    assert game.decision.player == 1 and game.decision.kind is DecisionKind.CHOOSE_CARD
    given = card_named(game, 1, Zone.HAND, V3)
    game.step(pick(game, ActionKind.PICK, card=given))
    assert q.is_imprisoned(given) and ids_in(game, 1, Zone.HAND) == [G2]
    game = _rissa_rides(sdb, [])
    assert game.decision.player == 0 and len(cards_in(game, 1, Zone.HAND)) == 2


def test_PH_002_on_rc_plus_2000_while_the_prison_holds_a_card(sdb):
    """[CONT](RC): 12000 with a prisoner, 10000 without."""
    for held, power in (([G2], 12000), ([], 10000)):
        game = scene(
            sdb,
            {
                "vanguard": V3,
                "order_zone": [PRISON],
                "imprisoned": held,
                "rear": {"front_left": RISSA},
            },
        )
        assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


def test_PH_003_placed_on_vc_fetches_a_prison_from_the_deck(sdb):
    """Ridden onto VC: the Prison card is searched for and put into the hand; the deck is
    shuffled."""
    game = scene(sdb, {"vanguard": RUBI, "hand": [KYRA], "deck": [G2, PRISON, G2]}, phase="ride")
    ride_from_hand(game, 0, KYRA)
    prison = card_named(game, 0, Zone.DECK, PRISON)
    game.step(pick(game, ActionKind.PICK, card=prison))
    assert zone_of(game, prison) is Zone.HAND and ids_in(game, 0, Zone.DECK) == [G2, G2]


def test_PH_003_placed_on_rc_draws_only_with_a_prisoner(sdb):
    """Called to RC with a prisoner: COST [CB1 & SB1], draw; with an empty Prison nothing is
    asked and nothing drawn."""
    for held, drawn in (([G2], 1), ([], 0)):
        game = scene(
            sdb,
            {
                "vanguard": V3,
                "hand": [KYRA],
                "damage": [G2],
                "soul": [G2],
                "order_zone": [PRISON],
                "imprisoned": held,
            },
        )
        call_from_hand(game, 0, KYRA)
        if held:
            game.step(pick(game, ActionKind.YES))
        assert len(cards_in(game, 0, Zone.HAND)) == drawn
        assert len(cards_in(game, 0, Zone.SOUL)) == 1 - drawn


def test_PH_004_ridden_draws_only_if_you_went_second(sdb):
    """Ridden on turn 4 (you went second): draw; on turn 3: no draw."""
    for turn, drawn in ((4, 1), (3, 0)):
        game = scene(sdb, {"vanguard": RUBI, "hand": [ALERT]}, phase="ride", turn=turn)
        ride_from_hand(game, 0, ALERT)
        assert len(cards_in(game, 0, Zone.HAND)) == drawn


def _gunner_attacks(sdb, order_zone: list[str], hand: list[str]) -> vg.Game:
    game = scene(
        sdb,
        {"vanguard": V3, "order_zone": order_zone, "rear": {"front_left": GUNNER}},
        {"vanguard": V3, "hand": hand, "rear": {"front_left": G2, "front_right": G2}},
        phase="battle",
    )
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    if hand:
        game.step(pick(game, ActionKind.GUARD, card=cards_in(game, 1, Zone.HAND)[0]))
    no_guard(game)
    return game


def _their_rear_guards(game: vg.Game) -> list[int]:
    return [unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)]


def test_PH_005_its_hit_on_a_vanguard_imprisons_up_to_two(sdb):
    """The attack hits the vanguard: you may imprison two of the opponent's rear-guards."""
    game = _gunner_attacks(sdb, [PRISON], [])
    game.step(pick(game, ActionKind.YES))
    victims = [unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)]
    for victim in victims:
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=victim))
    assert all(q.is_imprisoned(v) for v in victims)


def test_PH_005_guarded_or_without_a_prison_nothing_happens(sdb):
    """Guarded with a 15000 shield the attack misses: nothing is asked; hitting without a
    Prison is not asked either. The rear-guards stay on their circles."""
    for order_zone, hand in (([PRISON], ["PH-011"]), ([], [])):
        game = _gunner_attacks(sdb, order_zone, hand)
        assert game.decision.kind is not DecisionKind.YES_NO
        assert [q.position(c).zone for c in _their_rear_guards(game)] == [Zone.RC, Zone.RC]


def test_PH_006_called_soul_blast_imprisons_a_rear_guard(sdb):
    """Called: COST [SB1], one rear-guard imprisoned; with no soul nothing is asked."""
    for soul, jailed in (([G2], True), ([], False)):
        game = scene(
            sdb,
            {"vanguard": V3, "hand": [DRONE], "soul": soul, "order_zone": [PRISON]},
            {"vanguard": V3, "rear": {"front_left": G2}},
        )
        victim = unit_at(game, 1, Circle.FRONT_LEFT)
        call_from_hand(game, 0, DRONE)
        if soul:
            game.step(pick(game, ActionKind.YES))
            if game.decision.kind is DecisionKind.CHOOSE_CARD:
                game.step(pick(game, ActionKind.PICK, card=victim))
        assert q.is_imprisoned(victim) is jailed


def test_PH_007_a_vanilla_grade_2(sdb):
    """A vanilla grade 2: 10000, shield 5000, no ability; its intercept stops a hit."""
    assert_vanilla_grade_2_intercepts(sdb, TURNKEY)


def test_PH_008_plus_2000_power_and_shield_on_rc_and_gc_with_a_prisoner(sdb):
    """On RC: 10000 with a prisoner, 8000 without; called to GC from hand its shield is 7000
    (5000 + 2000) with a prisoner, 5000 without."""
    for held, power in (([G2], 10000), ([], 8000)):
        game = scene(
            sdb,
            {
                "vanguard": V3,
                "hand": [ALERT],
                "order_zone": [PRISON],
                "imprisoned": held,
                "rear": {"front_left": ALERT},
            },
            {"vanguard": V3, "rear": {"front_left": G2}},
            phase="battle",
            turn_player=1,
        )
        assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power
        attacker = unit_at(game, 1, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ATTACK, card=attacker, target=unit_at(game, 0, Circle.VC)))
        if game.decision.kind is DecisionKind.BOOST:
            game.step(pick(game, ActionKind.DONE))
        game.step(pick(game, ActionKind.GUARD, card=card_named(game, 0, Zone.HAND, ALERT)))
        guardian = cards_in(game, 0, Zone.GC)[0]
        assert shield(game.state, guardian) == (7000 if held else 5000)


def test_PH_009_sentinel(sdb):
    """CORE-10: COST [discard 1], the vanguard cannot be hit; without a card to discard it is
    hit."""
    assert_sentinel_guards(sdb, GORGRUND)


@pytest.mark.parametrize("card_id", ["PH-011", "PH-012", "PH-013", "PH-014"])
def test_PH_011_014_triggers(sdb, card_id):
    """CORE-14: critical +1 critical, draw a card, front +10000 to the front row, heal one."""
    assert_trigger_effect(sdb, card_id)


def test_PH_015_played_rest_a_unit_to_soul_charge_3(sdb):
    """CORE-08: played as a set order, COST [rest one of your standing units] (the one rear-guard
    standing), Soul Charge 3; it stays in the order zone. With every unit at rest it cannot be
    played."""
    game = scene(
        sdb, {"vanguard": V3, "hand": [PRISON], "rear": {"front_left": G2}, "rested": ["vc"]}
    )
    warden = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.PLAY_ORDER))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=warden))
    assert is_rested(game, warden)
    assert len(cards_in(game, 0, Zone.SOUL)) == 3 and ids_in(game, 0, Zone.ORDER) == [PRISON]
    game = scene(
        sdb,
        {
            "vanguard": V3,
            "hand": [PRISON],
            "rear": {"front_left": G2},
            "rested": ["vc", "front_left"],
        },
    )
    assert not has_action(game, ActionKind.PLAY_ORDER)


def _release(sdb, held: list[str], soul: list[str], damage: list[str]) -> vg.Game:
    """Player 1's main phase, their cards held in player 0's Prison."""
    return scene(
        sdb,
        {"vanguard": V3, "order_zone": [PRISON], "imprisoned": held},
        {"vanguard": V3, "soul": soul, "damage": damage},
        turn_player=1,
    )


def test_PH_015_the_opponent_buys_back_one_for_sb1_or_two_for_cb1(sdb):
    """PRI-05: in their main phase the opponent pays SB1 to call one prisoner to their RC, or
    CB1 to call two."""
    game = _release(sdb, [G2, G2], [G2], [G2])
    prison = card_named(game, 0, Zone.ORDER, PRISON)
    game.step(pick(game, ActionKind.ACT, card=prison, index=2))
    held = [c for c in cards_in(game, 0, Zone.ORDER) if c != prison]
    for card, circle in zip(held, (Circle.FRONT_LEFT, Circle.FRONT_RIGHT), strict=True):
        if game.decision.kind is DecisionKind.CHOOSE_CARD:
            game.step(pick(game, ActionKind.PICK, card=card))
        game.step(pick(game, ActionKind.PICK, circle=circle))
    assert zone_of(game, held[0]) is Zone.RC and zone_of(game, held[1]) is Zone.RC
    assert q.position(held[0]).owner == 1
    game = _release(sdb, [G2, G2], [G2], [])  # SB1 only: one card comes back
    prison = card_named(game, 0, Zone.ORDER, PRISON)
    game.step(pick(game, ActionKind.ACT, card=prison, index=1))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.ORDER)[1]))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert len(cards_in(game, 0, Zone.ORDER)) == 2 and ids_in(game, 1, Zone.SOUL) == []


def test_PH_015_no_release_without_payment_or_prisoners(sdb):
    """With no soul and no face-up damage neither release is offered; with an empty Prison
    neither is either."""
    game = _release(sdb, [G2], [], [])
    prison = card_named(game, 0, Zone.ORDER, PRISON)
    assert not has_action(game, ActionKind.ACT, card=prison)
    game = _release(sdb, [], [G2], [G2])
    assert not has_action(game, ActionKind.ACT, card=card_named(game, 0, Zone.ORDER, PRISON))
