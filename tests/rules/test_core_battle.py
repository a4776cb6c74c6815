"""CORE-09..14: attack and boost, guard, drive, damage, close, triggers."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import (
    AttackDeclared,
    AttackHit,
    DriveChecked,
    GuardianCalled,
    Intercepted,
    UnitBoosted,
    UnitRetired,
)
from ecs_vanguard.vocab.zones import Circle, Zone
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
    start_game,
    unit_at,
    zone_of,
)

PLAIN = ["DX-006"] * 8          # a deck of non-trigger cards: checks make no trigger choices


def _battle(db, side0: dict, side1: dict, fmt: str = "standard") -> vg.Game:
    return start_game(db, side0, side1, decks=(PLAIN, PLAIN), fmt=fmt, phase="battle")


def _attack(game: vg.Game, attacker: int, target: int, boost: bool | None = None) -> None:
    game.step(pick(game, ActionKind.ATTACK, card=attacker, target=target))
    if boost is not None:
        game.step(pick(game, ActionKind.BOOST if boost else ActionKind.DONE))


def test_CORE_09_front_row_attacks_front_row_and_back_row_boosts(db):
    """CORE-09: a standing front-row unit rests to attack a front-row unit; the boost unit behind
    it may rest to add its power until the end of that battle."""
    game = _battle(db, {"vanguard": "DX-004",
                        "rear": {"front_left": "DX-006", "back_center": "DX-001",
                                 "back_left": "DX-009"}},
                   {"vanguard": "DX-101", "rear": {"front_right": "DX-106",
                                                   "back_right": "DX-102"}})
    vg0, back = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.BACK_CENTER)
    targets = {a.target for a in game.legal_actions() if a.kind is ActionKind.ATTACK}
    assert targets == {unit_at(game, 1, Circle.VC), unit_at(game, 1, Circle.FRONT_RIGHT)}
    attackers = {a.card for a in game.legal_actions() if a.kind is ActionKind.ATTACK}
    assert attackers == {vg0, unit_at(game, 0, Circle.FRONT_LEFT)}
    _attack(game, vg0, unit_at(game, 1, Circle.VC))
    assert game.decision.kind is DecisionKind.BOOST and is_rested(game, vg0)
    game.step(pick(game, ActionKind.BOOST, card=back))
    assert is_rested(game, back) and power_of(game, vg0) == 13000 + 6000
    assert UnitBoosted(back, vg0, 0) in game.events
    assert events_of(game, AttackDeclared)[0].attacker == vg0


def test_CORE_09_a_resting_unit_cannot_attack_or_boost(db):
    """CORE-09: only standing units attack and boost."""
    game = _battle(db, {"vanguard": "DX-004", "rear": {"back_center": "DX-001"},
                        "rested": ["back_center"]}, {"vanguard": "DX-101"})
    vg0 = unit_at(game, 0, Circle.VC)
    _attack(game, vg0, unit_at(game, 1, Circle.VC))
    assert game.decision.kind is DecisionKind.GUARD            # no boost decision
    game.step(pick(game, ActionKind.DONE))
    assert not has_action(game, ActionKind.ATTACK)               # the vanguard is at rest now


def test_CORE_10_guard_from_hand_to_gc_at_rest_and_intercept(db):
    """CORE-10: the attacked player calls cards from hand to GC at rest and intercepts with
    front-row grade 2 rear-guards with intercept; each guardian guards the attacked unit."""
    game = _battle(db, {"vanguard": "DX-004"},
                   {"vanguard": "DX-104", "hand": ["DX-111", "DX-004"],
                    "rear": {"front_left": "DX-106", "front_right": "DX-102"}})
    target = unit_at(game, 1, Circle.VC)
    _attack(game, unit_at(game, 0, Circle.VC), target)
    interceptor = unit_at(game, 1, Circle.FRONT_LEFT)
    assert not has_action(game, ActionKind.INTERCEPT, card=unit_at(game, 1, Circle.FRONT_RIGHT))
    crit = card_named(game, 1, Zone.HAND, "DX-111")
    assert has_action(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "DX-004"))
    game.step(pick(game, ActionKind.GUARD, card=crit))
    assert zone_of(game, crit) is Zone.GC and is_rested(game, crit)
    assert GuardianCalled(crit, 1, target) in game.events
    obj = object_id(game, interceptor)
    game.step(pick(game, ActionKind.INTERCEPT, card=interceptor))
    assert zone_of(game, interceptor) is Zone.GC
    assert object_id(game, interceptor) == obj                   # not a zone change (CORE-20)
    assert Intercepted(interceptor, 1, target) in game.events
    game.step(pick(game, ActionKind.DONE))
    assert damage_count(game, 1) == 0                            # 13000 < 13000 + 20000


def test_CORE_10_an_attacked_rear_guard_cannot_intercept_for_itself(db):
    """CORE-10: the attacked unit is not a guardian of its own battle."""
    game = _battle(db, {"vanguard": "DX-004"},
                   {"vanguard": "DX-104", "rear": {"front_left": "DX-106"}})
    target = unit_at(game, 1, Circle.FRONT_LEFT)
    _attack(game, unit_at(game, 0, Circle.VC), target)
    assert not has_action(game, ActionKind.INTERCEPT)


def test_CORE_10_a_perfect_guard_makes_the_attacked_unit_unhittable(db):
    """CORE-10: a sentinel's ability (discard 1) makes the attacked unit impossible to hit."""
    game = _battle(db, {"vanguard": "DX-004", "rear": {"back_center": "DX-001"}},
                   {"vanguard": "DX-101", "hand": ["DX-109", "DX-111", "DX-112"]})
    target = unit_at(game, 1, Circle.VC)
    _attack(game, unit_at(game, 0, Circle.VC), target, boost=True)
    sentinel = card_named(game, 1, Zone.HAND, "DX-109")
    game.step(pick(game, ActionKind.GUARD, card=sentinel))
    assert game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.player == 1
    cost = card_named(game, 1, Zone.HAND, "DX-112")
    game.step(pick(game, ActionKind.PICK, card=cost))
    assert zone_of(game, cost) is Zone.DROP
    game.step(pick(game, ActionKind.DONE))                       # no more guardians
    assert damage_count(game, 1) == 0
    assert not events_of(game, AttackHit)


def test_CORE_11_a_vanguard_drive_checks_once_per_drive_and_keeps_the_cards(db):
    """CORE-11: a twin drive vanguard reveals 2 cards into the trigger zone, then to hand;
    a rear-guard attack has no drive check."""
    game = _battle(db, {"vanguard": "DX-004", "rear": {"front_left": "DX-006"},
                        "deck": ["DX-007", "DX-005", "DX-006", "DX-006"]},
                   {"vanguard": "DX-101"})
    _attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    assert not events_of(game, DriveChecked)
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    checked = events_of(game, DriveChecked)
    assert [game.state.card(e.card).id for e in checked] == ["DX-007", "DX-005"]
    assert ids_in(game, 0, Zone.HAND) == ["DX-007", "DX-005"]
    assert not cards_in(game, 0, Zone.TRIGGER)


def test_CORE_12_a_hit_vanguard_takes_damage_equal_to_critical(db):
    """CORE-12: equal power hits; the hit vanguard damage-checks once per critical."""
    game = _battle(db, {"vanguard": "DX-006"}, {"vanguard": "DX-106",
                                                "deck": ["DX-107", "DX-106", "DX-106"]})
    attacker = unit_at(game, 0, Circle.VC)
    assert power_of(game, attacker) == power_of(game, unit_at(game, 1, Circle.VC)) == 10000
    _attack(game, attacker, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    assert ids_in(game, 1, Zone.DAMAGE) == ["DX-107"]
    assert AttackHit(attacker, unit_at(game, 1, Circle.VC), 0) in game.events


def test_CORE_12_a_hit_rear_guard_is_retired(db):
    """CORE-12: a hit rear-guard is retired."""
    game = _battle(db, {"vanguard": "DX-004"}, {"vanguard": "DX-101",
                                                "rear": {"front_left": "DX-102"}})
    target = unit_at(game, 1, Circle.FRONT_LEFT)
    _attack(game, unit_at(game, 0, Circle.VC), target)
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, target) is Zone.DROP
    assert UnitRetired(card=target, by_rule_action=False) in game.events
    assert damage_count(game, 1) == 0


def test_CORE_13_close_step_retires_guardians_and_ends_battle_effects(db):
    """CORE-13: in the close step guardians are retired and 'until end of battle' ends."""
    game = _battle(db, {"vanguard": "DX-004", "rear": {"back_center": "DX-001"}},
                   {"vanguard": "DX-101", "hand": ["DX-111"]})
    vg0 = unit_at(game, 0, Circle.VC)
    _attack(game, vg0, unit_at(game, 1, Circle.VC), boost=True)
    guardian = cards_in(game, 1, Zone.HAND)[0]
    game.step(pick(game, ActionKind.GUARD, card=guardian))
    game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, guardian) is Zone.DROP
    assert UnitRetired(card=guardian, by_rule_action=False) in game.events
    assert power_of(game, vg0) == 13000
    assert game.state.battle is None


def _drive_into(db, top: str, **side0) -> vg.Game:
    """Attack with the vanguard, the top card drive-checked; a standing rear-guard keeps the
    battle phase (and "until end of turn" values) going afterwards."""
    side0.setdefault("vanguard", "DX-005")          # no abilities on VC: nothing else asks
    side0.setdefault("rear", {}).setdefault("front_right", "DX-006")
    side0["deck"] = [top, "DX-006", "DX-006", "DX-006"]
    game = _battle(db, side0, {"vanguard": "DX-101"})
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))         # no guard: the drive check follows
    return game


def test_CORE_14_critical_trigger_power_and_critical_to_different_units(db):
    """CORE-14: a critical trigger gives +10000 power to one unit and +1 critical to one unit,
    possibly different ones."""
    game = _drive_into(db, "DX-011", rear={"front_left": "DX-006"})
    vg0, rear = unit_at(game, 0, Circle.VC), unit_at(game, 0, Circle.FRONT_LEFT)
    assert game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.label == "power_to"
    game.step(pick(game, ActionKind.PICK, card=rear))
    assert game.decision.label == "critical_to"
    game.step(pick(game, ActionKind.PICK, card=vg0))
    assert power_of(game, rear) == 20000 and critical_of(game, vg0) == 2
    assert power_of(game, vg0) == 13000 and critical_of(game, rear) == 1
    assert damage_count(game, 1) == 2


def test_CORE_14_draw_trigger_draws_one(db):
    """CORE-14: a draw trigger gives +10000 and draws 1."""
    game = _drive_into(db, "DX-012")
    vg0 = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.PICK, card=vg0))
    assert ids_in(game, 0, Zone.HAND) == ["DX-006", "DX-012", "DX-006"]
    assert power_of(game, vg0) == 23000


def test_CORE_14_front_trigger_powers_the_whole_front_row(db):
    """CORE-14: a front trigger gives +10000 to each front-row unit instead."""
    game = _drive_into(db, "DX-013", rear={"front_left": "DX-006", "back_left": "DX-008"})
    assert game.decision.kind is DecisionKind.ATTACK                # nothing was asked
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == 20000
    assert power_of(game, unit_at(game, 0, Circle.BACK_LEFT)) == 8000
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 23000


def test_CORE_14_heal_trigger_heals_only_when_not_ahead(db):
    """CORE-14: a heal trigger heals 1 if your damage is at least your opponent's."""
    game = _drive_into(db, "DX-014", damage=["DX-007", "DX-006"])
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.VC)))
    assert game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.label == "heal"
    healed = cards_in(game, 0, Zone.DAMAGE)[1]
    game.step(pick(game, ActionKind.PICK, card=healed))
    assert zone_of(game, healed) is Zone.DROP and damage_count(game, 0) == 1
    game = (vg.Scenario(db).player(0, vanguard="DX-005", deck=["DX-014"] + PLAIN,
                                   damage=["DX-007"])
            .player(1, vanguard="DX-101", damage=["DX-107", "DX-107"], deck=PLAIN)
            .start(turn=3, turn_player=0, phase="battle"))
    _attack(game, unit_at(game, 0, Circle.VC), unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    assert damage_count(game, 0) == 1                               # 1 < 2: no heal
    assert ids_in(game, 0, Zone.HAND) == ["DX-014", "DX-006"]


def test_CORE_14_over_trigger_is_removed_draws_and_gives_100_million(db):
    """CORE-14: an over trigger is removed from the game, draws 1, gives +100,000,000 power to one
    unit, then its own extra effect (Sunfall: counter charge 1)."""
    game = _drive_into(db, "DX-010", damage=["DX-007"], damage_face_down=1)
    over = events_of(game, DriveChecked)[0].card
    vg0 = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.PICK, card=vg0))
    assert zone_of(game, over) is Zone.REMOVED
    assert power_of(game, vg0) == 13000 + 100_000_000
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    assert ids_in(game, 0, Zone.HAND) == ["DX-006", "DX-006"]      # the draw, then the 2nd drive


def test_CORE_14_stand_trigger_stands_a_rear_guard_in_premium(db):
    """CORE-14: a stand trigger (premium) gives +power and stands one of your rear-guards."""
    game = _battle(db, {"vanguard": "PX-008", "rear": {"front_left": "PX-005"},
                        "deck": ["PX-014"] + PLAIN},
                   {"vanguard": "PX-101"}, fmt="premium")
    rear = unit_at(game, 0, Circle.FRONT_LEFT)
    _attack(game, rear, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    vg0 = unit_at(game, 0, Circle.VC)
    _attack(game, vg0, unit_at(game, 1, Circle.VC))
    game.step(pick(game, ActionKind.DONE))
    assert is_rested(game, rear)
    game.step(pick(game, ActionKind.PICK, card=vg0))                 # power to the vanguard
    assert not is_rested(game, rear)
    assert power_of(game, vg0) == 23000
