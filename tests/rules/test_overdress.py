"""OD-01..12: overDress (Dragon Empire, standard; premium differences OD-10, OD-11)."""

from __future__ import annotations

import esper

import ecs_vanguard as vg
from ecs_vanguard.derived.query import dress_sources
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import UnitCalled, UnitOverDressed, UnitPlaced, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    ids_in,
    is_face_up,
    is_rested,
    pick,
    power_of,
    unit_at,
    zone_of,
)

DECK = ["OV-003"] * 8


def _dress_game(db, *, hand=("OV-005",), rear=None, rested=(), fmt="standard",
                vanguard="OV-004", phase="main", side1=None, **extra) -> vg.Game:
    rear = {"front_left": "OV-006"} if rear is None else rear
    side1 = side1 or {"vanguard": "DX-104", "deck": ["DX-106"] * 8}
    return (vg.Scenario(db, format=fmt)
            .player(0, vanguard=vanguard, hand=list(hand), rear=rear, rested=list(rested),
                    deck=DECK, **extra)
            .player(1, **side1).start(turn=3, turn_player=0, phase=phase))


def _sources(game: vg.Game, unit: int) -> list[int]:
    game.switch()
    return dress_sources(game.state, unit)


def test_OD_01_overdress_onto_the_designated_rear_guard_standing(db):
    """OD-01: instead of a normal call, put the card standing onto the designated rear-guard,
    which becomes its dress source."""
    game = _dress_game(db, rested=["front_left"])
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    dancer = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.OVERDRESS, card=dancer, target=trick))
    assert unit_at(game, 0, Circle.FRONT_LEFT) == dancer and not is_rested(game, dancer)
    assert zone_of(game, trick) is Zone.DRESS and _sources(game, dancer) == [trick]
    assert UnitOverDressed(dancer, 0, Circle.FRONT_LEFT, trick) in game.events


def test_OD_01_needs_the_designated_unit_and_a_normal_call_grade(db):
    """OD-01: no designated rear-guard, or a grade above the vanguard's: no overDress."""
    game = _dress_game(db, rear={"front_left": "OV-003"})
    assert not has_action(game, ActionKind.OVERDRESS)
    game = _dress_game(db, vanguard="OV-002")
    assert not has_action(game, ActionKind.OVERDRESS)


def test_OD_01_sources_of_the_designated_unit_move_to_the_new_unit(db):
    """OD-01: dress sources the designated unit had move to the new unit."""
    game = _dress_game(db, hand=("OV-005", "OV-008"))
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    aurelis = card_named(game, 0, Zone.HAND, "OV-005")
    game.step(pick(game, ActionKind.OVERDRESS, card=aurelis, target=trick))
    solenne = card_named(game, 0, Zone.HAND, "OV-008")
    game.step(pick(game, ActionKind.OVERDRESS, card=solenne, target=aurelis))
    assert sorted(_sources(game, solenne)) == sorted([trick, aurelis])
    assert _sources(game, aurelis) == []


def test_OD_02_overdress_is_not_a_call_and_a_superior_call_cannot_use_it(tdb):
    """OD-02: 'when called' autos do not trigger; a superior-called card is just called."""
    game = _dress_game(tdb, hand=("T-DRESS-CALLED",))
    card = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.OVERDRESS, card=card))
    assert not events_of(game, UnitCalled) and ids_in(game, 0, Zone.SOUL) == []
    game = _dress_game(tdb, hand=("OV-005", "DX-006"), vanguard="T-CALL-TWO")
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))     # the deck's top card
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))    # the dancer over Trick
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_RIGHT))
    assert zone_of(game, trick) is Zone.DROP and not events_of(game, UnitOverDressed)
    assert UnitRetired(trick, True, -1) in game.events


def test_OD_03_a_unit_with_a_source_is_in_overdress(db):
    """OD-03: abilities 'if this unit is in overDress' apply only with a dress source."""
    game = _dress_game(db, hand=("OV-005", "OV-005"), phase="main")
    first, second = cards_in(game, 0, Zone.HAND)
    game.step(pick(game, ActionKind.OVERDRESS, card=first))
    game.step(pick(game, ActionKind.CALL, card=second, circle=Circle.FRONT_RIGHT))
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=first, target=unit_at(game, 1, Circle.VC)))
    assert power_of(game, first) == 20000
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=second, target=unit_at(game, 1, Circle.VC)))
    assert power_of(game, second) == 10000


def test_OD_04_a_dress_source_is_not_a_unit_and_not_retired_by_rule(db):
    """OD-04: a source is on the field but is not a rear-guard: no rule-action retire, its power
    is never used, it cannot be attacked."""
    game = _dress_game(db)
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.OVERDRESS))
    dancer = unit_at(game, 0, Circle.FRONT_LEFT)
    assert not any(e.card == trick for e in events_of(game, UnitRetired))
    assert power_of(game, dancer) == 10000
    game.switch()
    from ecs_vanguard.derived import query as q

    assert trick not in q.rear_guards(game.state, 0) and dancer in q.rear_guards(game.state, 0)


def test_OD_05_sources_go_with_their_unit_but_not_by_that_effect(db):
    """OD-05: a unit leaving the field takes its sources to the same zone at the same time;
    only the unit was retired (by the effect)."""
    game = _dress_game(db, side1={"vanguard": "DX-004", "damage": ["DX-106"],
                                  "deck": ["DX-106"] * 8})
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.OVERDRESS))
    dancer = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.DONE))
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.ATTACK:
        game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 1, Circle.VC),
                   target=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.YES))                 # Kaelrath: CB1, retire a grade 2-
    assert zone_of(game, dancer) is Zone.DROP and zone_of(game, trick) is Zone.DROP
    retired = [e.card for e in events_of(game, UnitRetired)]
    assert dancer in retired and trick not in retired


def test_OD_08_a_source_from_the_ride_deck_goes_back_face_up(tdb):
    """OD-08: when its unit returns to the deck, a source that came from the ride deck goes face
    up into the ride deck."""
    game = _dress_game(tdb, rear={}, vanguard="T-BOUNCE", ride_deck=["OV-006"])
    game.step(pick(game, ActionKind.ACT, index=1))              # call the Trick from ride deck
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.OVERDRESS))
    dancer = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, index=0))              # the dancer into the deck
    game.step(pick(game, ActionKind.PICK, card=dancer))         # OD-07: the order question
    assert zone_of(game, dancer) is Zone.DECK
    assert zone_of(game, trick) is Zone.RIDE_DECK and is_face_up(game, trick)


def test_OD_07_the_controller_orders_the_unit_and_its_sources_at_the_deck_bottom(tdb):
    """OD-07: an overDress unit put on the bottom of the deck: its controller chooses the order
    of the unit and its dress sources."""
    for first_is_source in (False, True):
        game = _dress_game(tdb, vanguard="T-BOUNCE")
        trick = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.OVERDRESS))
        dancer = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.ACT, index=0))
        assert game.decision.kind is DecisionKind.CHOOSE_CARD
        assert {a.card for a in game.legal_actions()} == {dancer, trick}
        game.step(pick(game, ActionKind.PICK, card=trick if first_is_source else dancer))
        expected = [trick, dancer] if first_is_source else [dancer, trick]
        assert cards_in(game, 0, Zone.DECK)[-2:] == expected


def test_OD_09_the_link_ends_once_moved_off_the_field(db):
    """OD-09: moved together off the field, the sources are ordinary cards again."""
    game = _dress_game(db, hand=("OV-005", "OV-003"))
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.OVERDRESS))
    game.step(pick(game, ActionKind.CALL, circle=Circle.FRONT_LEFT))   # retires the dancer
    assert zone_of(game, trick) is Zone.DROP
    game.switch()
    from components import DressSource

    assert not esper.has_component(trick, DressSource)
    assert not cards_in(game, 0, Zone.DRESS)


def test_OD_10_a_locked_overdress_unit_keeps_its_sources_linked(db):
    """OD-10 (premium): the sources stay linked to the locked card, and to the unit again once
    unlocked."""
    game = _dress_game(db, fmt="premium", side1={"vanguard": "CL-007",
                                                "damage": ["CL-006"] * 2, "deck": ["CL-006"] * 8})
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.OVERDRESS))
    dancer = unit_at(game, 0, Circle.FRONT_LEFT)
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.ATTACK:
        game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.YES))                  # CB2: lock the dancer
    assert not is_face_up(game, dancer) and _sources(game, dancer) == [trick]
    game.step(pick(game, ActionKind.DONE))
    while game.turn_player == 1:
        game.step(pick(game, ActionKind.DONE))             # the lock ends with player 0's turn
    while game.turn_player == 0:
        game.step(pick(game, ActionKind.DONE))
    assert is_face_up(game, dancer) and _sources(game, dancer) == [trick]


def test_OD_11_only_premium_effects_may_choose_a_dress_source(tdb):
    """OD-11: an effect choosing 'a card on a circle' may choose a dress source in premium, not
    in standard."""
    for fmt, allowed in (("standard", False), ("premium", True)):
        game = (vg.Scenario(tdb, format=fmt)
                .player(0, vanguard="OV-004", hand=["OV-005"], rear={"front_left": "OV-006"},
                        deck=DECK)
                .player(1, vanguard="T-CIRCLE-PICKER", rear={"back_left": "DX-101"},
                        deck=["DX-106"] * 8)
                .start(turn=3, turn_player=0, phase="main"))
        trick = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.OVERDRESS))
        while game.turn_player == 0:
            game.step(pick(game, ActionKind.DONE))
        while game.decision.kind is not DecisionKind.MAIN_PHASE:
            game.step(pick(game, ActionKind.DONE))
        game.step(pick(game, ActionKind.ACT))                # the only grade 0 card: no question
        assert zone_of(game, trick) is (Zone.BIND if allowed else Zone.DRESS)


def test_OD_12_overdress_is_an_appearance_and_a_moving_unit_keeps_its_sources(tdb):
    """OD-12: "when placed on RC" autos trigger; moving between circles keeps the sources."""
    game = _dress_game(tdb, hand=("T-DRESS-CALLED",))
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    card = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.OVERDRESS, card=card))
    assert UnitPlaced(card, 0, Zone.RC, Circle.FRONT_LEFT) in game.events
    assert ids_in(game, 0, Zone.HAND) == ["OV-003"]                  # its 'when placed' drew
    game.step(pick(game, ActionKind.MOVE, card=card))
    assert unit_at(game, 0, Circle.BACK_LEFT) == card and _sources(game, card) == [trick]
    game.switch()
    from ecs_vanguard.derived import query as q

    assert q.position(trick).circle is Circle.BACK_LEFT
