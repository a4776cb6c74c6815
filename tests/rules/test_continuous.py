"""The continuous layer (issue 8 §1): values derived on every read from printed data,
modifiers and every continuous effect whose scope covers the card now (CORE-05, CORE-09,
LEG-14, LEG-17, CORE-10, ACT-22, ACT-26), written as a judge trying to break it."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import AttackHit, UnitBoosted, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    damage_count,
    has_action,
    pick,
    power_of,
    unit_at,
    zone_of,
)

CARDS = Path(__file__).with_name("continuous_cards.toml")
DECK = ["DX-006"] * 10                       # vanilla grade 2s: no trigger, no decision


@pytest.fixture(scope="module")
def cdb(tdb: vg.CardDB) -> vg.CardDB:
    return vg.CardDB.load(CARDS, base=tdb)


def _game(db: vg.CardDB, side0: dict, side1: dict, *, phase: str = "battle",
          fmt: str = "standard", **start: object) -> vg.Game:
    for side in (side0, side1):
        side.setdefault("deck", list(DECK))
    return (vg.Scenario(db, format=fmt).player(0, **side0).player(1, **side1)
            .start(turn=3, turn_player=0, phase=phase, **start))  # type: ignore[arg-type]


def _attack(game: vg.Game, attacker: int, target: int) -> None:
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))


# -- CORE-09: a boost is added continuously --------------------------------------------------


def test_CORE_09_CORE_18_a_booster_that_gains_power_after_boosting_raises_the_attack(cdb):
    """CORE-09 (seed 000 §1.3.2): the booster's own "when this unit boosts, +5000" resolves
    after the boost; the attack rises by it at once, without a second boost."""
    game = _game(cdb, {"vanguard": "PX-008", "rear": {"front_left": "DX-006",
                                                      "back_left": "TC-SELF-BOOSTER"}},
                 {"vanguard": "PX-008"})
    attacker, booster = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    _attack(game, attacker, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    assert UnitBoosted(booster, attacker, 0) in game.events
    assert power_of(game, booster) == 8000 + 5000
    assert power_of(game, attacker) == 10000 + 13000          # the booster's power now
    assert q.battle_totals(game.state) == (23000, 13000)
    game.step(pick(game, ActionKind.DONE))                        # no guard: it hits
    assert AttackHit(attacker, unit_at(game, 1, Circle.VC), 0) in game.events
    assert power_of(game, attacker) == 10000                      # the battle ended


def test_CORE_09_a_booster_that_leaves_stops_boosting(cdb):
    """CORE-09: the defender's blitz order retires the booster in the guard step; the attack
    loses the booster's power (it no longer boosts), so a 10000 shield now holds."""
    game = _game(cdb, {"vanguard": "PX-008", "rear": {"front_left": "DX-006",
                                                      "back_left": "DX-008"}},
                 {"vanguard": "DX-104", "hand": ["TC-BLITZ-SNIPE", "DX-009"],
                  "damage": ["DX-006"]})
    attacker, booster = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    _attack(game, attacker, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.BOOST, card=booster))
    assert q.battle_totals(game.state)[0] == 18000
    game.step(pick(game, ActionKind.PLAY_ORDER, card=card_named(game, 1, Zone.HAND,
                                                                 "TC-BLITZ-SNIPE")))
    game.step(pick(game, ActionKind.PICK, card=booster))          # counter blast paid, choose
    assert zone_of(game, booster) is Zone.DROP
    assert q.battle_totals(game.state)[0] == 10000                # the boost is gone
    assert power_of(game, attacker) == 10000


def test_CORE_09_a_unit_that_cannot_be_boosted_gets_no_boost_decision(cdb):
    """CORE-09 with a restriction (cont "this unit cannot be boosted"): no boost is offered."""
    game = _game(cdb, {"vanguard": "PX-008", "rear": {"front_left": "TC-NO-BOOST",
                                                      "back_left": "DX-008"}},
                 {"vanguard": "PX-008"})
    _attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    assert game.decision.kind is DecisionKind.GUARD               # straight to the guard step


# -- CORE-05: persona ride covers the front row at each read -------------------------------


def _persona(cdb: vg.CardDB, **side0: object) -> vg.Game:
    side = {"vanguard": "DX-004", "hand": ["DX-004", "DX-006", "DX-003"],
            "rear": {"back_left": "DX-008", "front_right": "DX-007"}, **side0}
    game = _game(cdb, side, {"vanguard": "DX-104"}, phase="ride")
    game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "DX-004")))
    return game


def test_CORE_05_a_unit_called_to_the_front_row_after_the_persona_ride_gets_the_bonus(cdb):
    """CORE-05: the +10000 belongs to the player: a unit called to the front row later in the
    turn gets it; one called to the back row does not."""
    game = _persona(cdb)
    front = card_named(game, 0, Zone.HAND, "DX-006")
    back = card_named(game, 0, Zone.HAND, "DX-003")
    game.step(pick(game, ActionKind.CALL, card=front, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.CALL, card=back, circle=Circle.BACK_CENTER))
    assert power_of(game, front) == 10000 + 10000
    assert power_of(game, back) == 10000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000 + 10000
    assert power_of(game, unit_at(game, 0, Circle.FRONT_RIGHT)) == 10000 + 10000


def test_CORE_05_CORE_07_moving_between_rows_gains_or_loses_the_persona_bonus(cdb):
    """CORE-05, CORE-07: a unit moved to the back row loses the +10000, the one moved forward
    gets it; at the end of the turn it ends for everyone."""
    game = _persona(cdb)
    back, front = unit_at(game, 0, Circle.BACK_LEFT), unit_at(game, 0, Circle.FRONT_RIGHT)
    assert power_of(game, back) == 8000 and power_of(game, front) == 20000
    right_back = card_named(game, 0, Zone.HAND, "DX-003")
    game.step(pick(game, ActionKind.CALL, card=right_back, circle=Circle.BACK_RIGHT))
    game.step(pick(game, ActionKind.MOVE, card=front, circle=Circle.BACK_RIGHT))  # a swap
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == right_back
    assert power_of(game, front) == 10000 and power_of(game, right_back) == 20000
    game.step(pick(game, ActionKind.DONE))                        # to the battle phase
    game.step(pick(game, ActionKind.DONE))                        # no attack: end phase
    assert game.turn_player == 1 and power_of(game, right_back) == 10000


@pytest.mark.parametrize(("fmt", "vanguard", "printed"), [
    ("premium", "PX-007", 13000),     # a premium grade 3 without the persona ride keyword
    ("standard", "DX-006", 10000),    # a vanilla grade 2 riding a copy of itself
])
def test_CORE_05_a_ride_of_the_same_name_is_a_persona_ride_in_either_format(
        cdb, fmt, vanguard, printed):
    """CORE-05: "riding a card with the same name as the vanguard is a persona ride (standard
    and premium)": no keyword is asked for; the player draws 1 and the front row gets +10000.
    A card of another name is a plain ride."""
    for same in (True, False):
        ridden = vanguard if same else "PX-008"             # a vanilla grade 3, 13000
        game = _game(cdb, {"vanguard": vanguard, "hand": [ridden]}, {"vanguard": "DX-104"},
                     phase="ride", fmt=fmt)
        hand = len(game.state.board.zones[0][Zone.HAND])
        game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, ridden)))
        new = unit_at(game, 0, Circle.VC)
        assert len(game.state.board.zones[0][Zone.HAND]) == hand - 1 + same
        assert power_of(game, new) == (printed + 10000 if same else 13000)


def test_CORE_05_a_placed_position_after_a_persona_ride_behaves_the_same(cdb):
    """CORE-05 through Scenario(persona_rode=True): the same continuous bonus."""
    game = _game(cdb, {"vanguard": "DX-004", "hand": ["DX-006"]}, {"vanguard": "DX-104"},
                 phase="main", persona_rode=True)
    unit = card_named(game, 0, Zone.HAND, "DX-006")
    game.step(pick(game, ActionKind.CALL, card=unit, circle=Circle.FRONT_LEFT))
    assert power_of(game, unit) == 20000
    assert power_of(game, unit_at(game, 1, Circle.VC)) == 13000   # the opponent's: no bonus


# -- LEG-14, LEG-17: the legion's combined power and damage ---------------------------------


def _legion_battle(cdb: vg.CardDB, side1: dict) -> vg.Game:
    return _game(cdb, {"vanguard": "LG-007", "mate": "LG-005"}, side1, fmt="premium")


def test_LEG_14_the_mates_power_is_added_while_it_stays(cdb):
    """LEG-14: the mate's power adds to the leader's for the battle, continuously: the mate's
    own "when this unit attacks, +3000" raises the legion's attack."""
    game = _legion_battle(cdb, {"vanguard": "LG-008"})
    leader, mate = q.vanguards(game.state, 0)
    _attack(game, leader, unit_at(game, 1, Circle.VC))
    assert power_of(game, mate) == 9000 + 3000                    # its auto has resolved
    assert q.battle_totals(game.state)[0] == 11000 + 12000


def test_LEG_17_a_mate_that_cannot_deal_damage_stops_the_whole_legion(cdb):
    """LEG-17: an effect stops the (grade 2) mate from dealing damage: the hit leader deals
    none either; without it, the hit deals the leader's critical."""
    game = _legion_battle(cdb, {"vanguard": "LG-008", "rear": {"front_left": "TC-PEACE"}})
    leader, _ = q.vanguards(game.state, 0)
    target = unit_at(game, 1, Circle.VC)
    _attack(game, leader, target)
    game.step(pick(game, ActionKind.DONE))                        # no guard
    assert AttackHit(leader, target, 0, q.partner(leader)) in game.events
    assert damage_count(game, 1) == 0
    game = _legion_battle(cdb, {"vanguard": "LG-008", "rear": {"front_left": "DX-006"}})
    leader, _ = q.vanguards(game.state, 0)
    _attack(game, leader, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    assert damage_count(game, 1) == 1


# -- restrictions through cont abilities --------------------------------------------------


def test_CORE_09_LEG_12_a_lord_like_condition_forbids_attacking_while_it_holds(cdb):
    """A cont "if you have six or more cards in hand, this unit cannot attack" (a Lord-like
    restriction): read at every decision, it applies only while it holds."""
    six = ["DX-011"] * 6
    game = _game(cdb, {"vanguard": "TC-LORD", "hand": six}, {"vanguard": "DX-104"})
    vanguard = unit_at(game, 0, Circle.VC)
    assert not has_action(game, ActionKind.ATTACK, card=vanguard)
    game = _game(cdb, {"vanguard": "TC-LORD", "hand": six[:5]}, {"vanguard": "DX-104"})
    assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC))


def test_CORE_10_only_grade_1_or_greater_may_guard_this_attack(cdb):
    """CORE-10 with a restriction: against the vanguard's attack no grade 0 card may be called
    from hand to GC; against a rear-guard's attack it may."""
    game = _game(cdb, {"vanguard": "TC-GUARD-LIMIT", "rear": {"front_left": "DX-006"}},
                 {"vanguard": "DX-104", "hand": ["DX-011", "DX-009"]})
    grade0 = card_named(game, 1, Zone.HAND, "DX-011")
    grade1 = card_named(game, 1, Zone.HAND, "DX-009")
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    assert not has_action(game, ActionKind.GUARD, card=grade0)
    assert has_action(game, ActionKind.GUARD, card=grade1)
    game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.ATTACK:           # drive checks of DX-006s
        game.step(game.legal_actions()[0])
    _attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    assert has_action(game, ActionKind.GUARD, card=grade0)


def test_resist_the_opponent_cannot_choose_it_but_all_of_them_still_covers_it(cdb):
    """Resist: "cannot be chosen by your opponent's card effects": the opponent's "choose one
    of your rear-guards" cannot pick it; "retire all of them" is no choice and retires it."""
    game = _game(cdb, {"vanguard": "PX-008", "rear": {"front_left": "TC-SNIPER"}},
                 {"vanguard": "PX-008", "rear": {"front_left": "TC-RESIST",
                                                 "front_right": "DX-006"}}, phase="main")
    resistant, other = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.FRONT_RIGHT)
    sniper = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=sniper, index=0))   # one candidate: no question
    assert zone_of(game, other) is Zone.DROP and zone_of(game, resistant) is Zone.RC
    game.step(pick(game, ActionKind.ACT, card=sniper, index=1))
    assert zone_of(game, resistant) is Zone.DROP
    assert UnitRetired(resistant, False, sniper) in game.events


def test_ACT_22_a_cont_ability_gives_an_auto_to_units_called_later(cdb):
    """ACT-22 through a cont ability ("your rear-guards get [AUTO] when this unit attacks,
    +5000"): a unit called after it is already there has the auto, and it triggers."""
    game = _game(cdb, {"vanguard": "TC-AURA-GIVER", "hand": ["DX-006"]},
                 {"vanguard": "DX-104"}, phase="main")
    unit = card_named(game, 0, Zone.HAND, "DX-006")
    game.step(pick(game, ActionKind.CALL, card=unit, circle=Circle.FRONT_LEFT))
    assert [i for _, i, _ in q.abilities(game.state, unit)] == [0]
    game.step(pick(game, ActionKind.DONE))
    _attack(game, unit, unit_at(game, 1, Circle.VC))
    assert power_of(game, unit) == 10000 + 5000


def test_ACT_22_a_cont_ability_makes_the_opponents_front_row_lose_abilities(cdb):
    """ACT-22 through a cont ability: the opponent's front-row rear-guard loses its cont bonus
    (DX-106: +2000 on its turn with a grade 3 vanguard); the same card in the back row keeps
    it."""
    side1 = {"vanguard": "DX-104", "rear": {"front_left": "DX-106", "back_left": "DX-106"}}
    game = _game(cdb, {"vanguard": "TC-SILENCER"}, dict(side1), phase="main")
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.DONE))                        # no attack: player 1's turn
    while game.turn_player != 1 or game.phase is not vg.Phase.MAIN:
        game.step(game.legal_actions()[-1])
    front, back = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.BACK_LEFT)
    assert q.abilities(game.state, front) == []
    assert power_of(game, front) == 10000 and power_of(game, back) == 12000


def test_ACT_26_an_effect_for_this_turn_covers_rear_guards_that_arrive_later(cdb):
    """An effect "during this turn, your rear-guards get +3000" (apply_continuous): units
    called after it resolved get it too, the vanguard never; it ends with the turn."""
    game = _game(cdb, {"vanguard": "PX-008", "rear": {"front_left": "TC-RALLY"},
                       "hand": ["DX-006"]}, {"vanguard": "DX-104"}, phase="main")
    rally = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=rally))
    later = card_named(game, 0, Zone.HAND, "DX-006")
    game.step(pick(game, ActionKind.CALL, card=later, circle=Circle.BACK_LEFT))
    assert power_of(game, rally) == 13000 and power_of(game, later) == 13000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 13000
    assert not has_action(game, ActionKind.ACT, card=rally)       # 1/Turn
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.DONE))
    assert game.turn_player == 1 and power_of(game, later) == 10000


def test_CORE_11_drive_plus_one_and_grade_plus_one_are_derived_values(cdb):
    """CORE-11, ACT-26: a cont "drive+1" makes a twin drive three checks on your turn only; a
    cont "grade+1" rear-guard counts as grade 3 for filters ("grade 2 or less")."""
    game = _game(cdb, {"vanguard": "TC-SEER"}, {"vanguard": "DX-104",
                                                "rear": {"front_left": "TC-GIANT",
                                                         "front_right": "DX-006"}})
    seer, giant = unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.FRONT_LEFT)
    assert q.drive(game.state, seer) == 3 and q.grade(game.state, giant) == 3
    assert q.drive(game.state, unit_at(game, 1, Circle.VC)) == 2
    drive_checks = len(cards_in(game, 0, Zone.DECK))
    _attack(game, seer, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    assert drive_checks - len(cards_in(game, 0, Zone.DECK)) == 3
