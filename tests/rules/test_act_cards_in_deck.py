"""ACT-01..08: moves from the deck top, look and reveal, discard, retire, appear, ride, call, heal."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import (
    CardDiscarded,
    CardsLookedAt,
    CardsRevealed,
    UnitCalled,
    UnitPlaced,
    UnitRetired,
    UnitRode,
)
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    ids_in,
    is_rested,
    object_id,
    pick,
    start_game,
    unit_at,
    zone_of,
)


def _main(db, side0: dict, side1: dict | None = None, fmt: str = "standard") -> vg.Game:
    return start_game(db, side0, side1 or {"vanguard": "DX-101"},
                      decks=(["DX-006"] * 6, ["DX-106"] * 6), fmt=fmt)


def test_ACT_01_draw_up_to_n_lets_the_player_stop_before_each_draw(db):
    """ACT-01: "up to N": before each draw the player may stop."""
    game = _main(db, {"vanguard": "AS-004", "rear": {"front_left": "AS-008"},
                      "damage": ["DX-006"], "deck": ["DX-007", "DX-005", "DX-006"]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    assert game.decision.kind is DecisionKind.YES_NO and game.decision.label == "draw another"
    game.step(pick(game, ActionKind.YES))
    assert ids_in(game, 0, Zone.HAND) == ["DX-007"]
    game.step(pick(game, ActionKind.NO))
    assert ids_in(game, 0, Zone.HAND) == ["DX-007"]
    assert game.decision.kind is DecisionKind.MAIN_PHASE


def test_ACT_01_mill_up_to_and_n_zero_does_nothing(db, tdb):
    """ACT-01: milling counts the same way; N = 0 does nothing; as many as possible otherwise."""
    game = _main(db, {"vanguard": "AS-004", "hand": ["AS-002"],
                      "deck": ["DX-011", "DX-012", "DX-013"]})
    game.step(pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT))
    game.step(pick(game, ActionKind.YES))
    game.step(pick(game, ActionKind.YES))
    assert ids_in(game, 0, Zone.DROP) == ["DX-011", "DX-012"]
    assert ids_in(game, 0, Zone.DECK) == ["DX-013"]
    game = _main(tdb, {"vanguard": "T-SC2", "deck": ["DX-011"]})
    game.step(pick(game, ActionKind.ACT))
    assert ids_in(game, 0, Zone.SOUL) == ["DX-011"] and ids_in(game, 0, Zone.HAND) == []


def test_ACT_02_looked_at_cards_stay_in_the_deck_as_the_same_objects(db):
    """ACT-02: look at the top N: the cards stay in the deck (same objects, same order)."""
    game = (vg.Scenario(db)
            .player(0, vanguard="AS-004", damage=["DX-006"],
                    deck=["AS-006", "AS-015", "AS-013", "DX-006", "DX-007"])
            .player(1, vanguard="DX-101", deck=["DX-106"] * 5)
            .start(turn=3, turn_player=0, phase="battle"))
    top = cards_in(game, 0, Zone.DECK)[:3]
    objects = [object_id(game, c) for c in top]
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.YES))                  # CB1: one face-up damage, no choice
    assert events_of(game, CardsLookedAt) == [CardsLookedAt(0, tuple(top))]
    assert game.decision.label == "recruit"                  # choose from among them
    assert cards_in(game, 0, Zone.DECK)[:3] == top
    assert [object_id(game, c) for c in top] == objects
    assert not has_action(game, ActionKind.PICK, card=top[2])    # grade 3: not a candidate
    game.step(pick(game, ActionKind.PICK, card=top[0]))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert unit_at(game, 0, Circle.FRONT_RIGHT) == top[0]


def test_ACT_03_discard_by_cost_by_effect_and_who_chooses(db, tdb):
    """ACT-03: a discard is by cost or by effect, chosen by the owner, the opponent or at
    random."""
    game = (vg.Scenario(db).player(0, vanguard="AS-003", deck=["DX-006"] * 4)
            .player(1, vanguard="DX-101", hand=["DX-111", "DX-112", "DX-113"],
                    deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="battle"))
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.DONE))                   # no guard: the attack hits
    (discarded,) = events_of(game, CardDiscarded)
    assert discarded.player == 1 and not discarded.by_cost   # at random, nobody was asked
    assert zone_of(game, discarded.card) is Zone.DROP
    game = _main(tdb, {"vanguard": "T-OPP-CHOOSES", "hand": ["DX-006", "DX-007"]})
    game.step(pick(game, ActionKind.ACT))
    assert game.decision.kind is DecisionKind.CHOOSE_CARD and game.decision.player == 1
    chosen = card_named(game, 0, Zone.HAND, "DX-007")
    game.step(pick(game, ActionKind.PICK, card=chosen))
    assert zone_of(game, chosen) is Zone.DROP
    assert events_of(game, CardDiscarded) == [CardDiscarded(chosen, 0, False)]
    game = (vg.Scenario(db).player(0, vanguard="DX-004", deck=["DX-006"] * 4)
            .player(1, vanguard="DX-101", hand=["DX-109", "DX-112"], deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="battle"))
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.GUARD, card=card_named(game, 1, Zone.HAND, "DX-109")))
    cost = card_named(game, 1, Zone.DROP, "DX-112")          # the only other card: no choice
    assert CardDiscarded(cost, 1, True) in game.events


def test_ACT_04_retire_by_effect_and_by_rule_action(db):
    """ACT-04: a retire by an effect and one by a rule action are both retires."""
    game = (vg.Scenario(db).player(0, vanguard="DX-004", damage=["DX-006"], hand=["DX-006"],
                                   rear={"front_left": "DX-007"}, deck=["DX-006"] * 4)
            .player(1, vanguard="DX-101", rear={"front_left": "DX-102"}, deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="main"))
    old = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.CALL, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.DONE))
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                   target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.YES))
    retires = events_of(game, UnitRetired)
    assert retires == [UnitRetired(old, True, -1), UnitRetired(victim, False,
                                                               unit_at(game, 0, Circle.VC))]


def test_ACT_05_every_placement_on_a_circle_is_an_appearance(db):
    """ACT-05: a ride, a normal call and a superior call all make the unit appear."""
    game = (vg.Scenario(db).player(0, vanguard="AS-003", hand=["AS-004", "DX-008"],
                                   damage=["DX-006"],
                                   deck=["AS-002", "DX-006", "DX-006", "DX-006"])
            .player(1, vanguard="DX-101", deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="ride"))
    rider = card_named(game, 0, Zone.HAND, "AS-004")
    game.step(pick(game, ActionKind.RIDE, card=rider))
    called = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.CALL, card=called, circle=Circle.BACK_CENTER))
    placed = [e.card for e in events_of(game, UnitPlaced)]
    assert placed == [rider, called]
    assert events_of(game, UnitCalled)[0].superior is False


def test_ACT_06_a_ride_by_an_effect_is_a_superior_ride(db):
    """ACT-06: a normal ride is played at open timing; a ride by an effect is superior."""
    game = (vg.Scenario(db).player(0, vanguard="AS-021", soul=["DX-006", "DX-007"],
                                   drop=["AS-004"], deck=["DX-006"] * 4)
            .player(1, vanguard="DX-101", deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="main"))
    game.step(pick(game, ActionKind.ACT))
    rides = events_of(game, UnitRode)
    assert len(rides) == 1 and rides[0].superior and rides[0].from_zone is Zone.DROP
    assert game.state.card(unit_at(game, 0, Circle.VC)).id == "AS-004"


def test_ACT_07_superior_call_face_up_first_then_different_circles_all_at_once(tdb):
    """ACT-07: choose the cards, turn them face up, choose different RCs, place them at once."""
    game = _main(tdb, {"vanguard": "T-CALL-TWO", "hand": ["DX-006", "DX-007"],
                       "deck": ["DX-005", "DX-006", "DX-006"]})
    top = cards_in(game, 0, Zone.DECK)[0]
    game.step(pick(game, ActionKind.ACT))
    assert events_of(game, CardsRevealed)[0].cards == (top,)        # public before placing
    assert game.decision.kind is DecisionKind.CHOOSE_CIRCLE
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == top
    hand = cards_in(game, 0, Zone.HAND)
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert not has_action(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT)   # different RCs
    assert not events_of(game, UnitCalled)[1:]                     # nothing placed yet
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_RIGHT))
    calls = events_of(game, UnitCalled)[1:]
    assert [c.card for c in calls] == hand and all(c.superior for c in calls)


def test_ACT_07_a_superior_call_to_gc_is_at_rest_guarding_the_attacked_unit(db):
    """ACT-07: a superior call to GC puts the card at rest, guarding the attacked unit."""
    game = (vg.Scenario(db).player(0, vanguard="DX-004", deck=["DX-006"] * 4)
            .player(1, vanguard="AS-004", hand=["AS-020"], soul=["DX-107"], drop=["AS-015"],
                    deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="battle"))
    target = unit_at(game, 1, Circle.VC)
    game.step(pick(game, ActionKind.ATTACK))
    game.step(pick(game, ActionKind.PLAY_ORDER))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 1, Zone.DROP, "AS-015")))
    guardian = card_named(game, 1, Zone.GC, "AS-015")
    assert is_rested(game, guardian)
    assert game.state.battle.guardians[guardian] == target
    assert events_of(game, UnitCalled)[-1].superior


def test_ACT_08_heal_moves_a_damage_card_to_the_drop(db):
    """ACT-08: heal: damage zone to drop."""
    game = (vg.Scenario(db).player(0, vanguard="DX-005", damage=["DX-007"],
                                   rear={"front_left": "DX-006"},
                                   deck=["DX-014", "DX-006", "DX-006"])
            .player(1, vanguard="DX-101", damage=["DX-107"], deck=["DX-106"] * 4)
            .start(turn=3, turn_player=0, phase="battle"))
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, Circle.VC)))
    assert ids_in(game, 0, Zone.DAMAGE) == [] and "DX-007" in ids_in(game, 0, Zone.DROP)
