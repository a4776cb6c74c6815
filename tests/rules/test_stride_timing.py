"""Stride timing (seed 000 §2.3 ④, §2.4; STR-05, STR-08, STR-16, HRT-02, HRT-07, CORE-21): the
autos a stride triggers trigger the instant the G unit is placed on VC, while the vanguard
strode over is still a vanguard, and are played at the next check timing."""

from __future__ import annotations

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import AutoPlayed, CardDrawn, UnitDeleted, UnitStrode
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import cards_in, events_of, is_face_up, pick, power_of, start_game, unit_at

DECK = ["PX-005"] * 10


def _herald(db, phase: str = "ride", **side0) -> vg.Game:
    """Player 0: the herald (draws when your G unit strides) on VC, a G unit with 'when strides'
    and 'when placed on VC' autos in the G zone, a grade 3 to pay the Stride cost."""
    side = {"vanguard": "TJ-STRIDE-HERALD", "g_zone": ["TJ-G-DUAL"], "hand": ["PX-007"],
            "damage": ["PX-005"], "damage_face_down": 1, **side0}
    return start_game(db, side, {"vanguard": "PX-008"}, decks=(DECK, DECK), fmt="premium",
                      phase=phase)


def played(game: vg.Game) -> list[tuple[int, int]]:
    return [(e.card, e.index) for e in events_of(game, AutoPlayed)]


def test_STR_08_STR_16_a_stride_triggers_the_strode_over_vanguards_and_the_g_units_autos(tdb):
    """STR-08 (4), STR-16, seed 000 §2.3 ④: the vanguard's 'when your G unit strides' (it is
    still a vanguard at that instant), the G unit's own 'when this strides' and 'when placed on
    VC' all trigger at once; the vanguard's resolves later, though it is a heart by then."""
    game = _herald(tdb)
    herald, g_unit = unit_at(game, 0, Circle.VC), cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.DONE))                       # no ride
    game.step(pick(game, ActionKind.STRIDE, card=g_unit))       # the grade 3 is discarded
    assert game.decision.kind is DecisionKind.ORDER_AUTOS
    assert set(game.legal_actions()) == {
        a for a in game.legal_actions() if a.kind is ActionKind.PLAY_AUTO}
    assert {(a.card, a.index) for a in game.legal_actions()} == {(herald, 0), (g_unit, 0),
                                                                 (g_unit, 1)}
    assert q.is_heart(herald)                                    # a heart when it resolves
    game.step(pick(game, ActionKind.PLAY_AUTO, card=herald, index=0))
    assert [e.player for e in events_of(game, CardDrawn)] == [0]          # the herald drew
    game.step(pick(game, ActionKind.PLAY_AUTO, card=g_unit, index=1))    # counter charge
    assert is_face_up(game, cards_in(game, 0, Zone.DAMAGE)[0])
    assert len(cards_in(game, 0, Zone.SOUL)) == 1               # 'when strides' came last
    assert played(game) == [(herald, 0), (g_unit, 1), (g_unit, 0)]
    assert game.decision.kind is DecisionKind.MAIN_PHASE


def test_HRT_02_a_hearts_autos_do_not_trigger_while_it_is_a_heart(tdb):
    """HRT-02: once strode over, the vanguard is a heart; its 'when a unit is placed on your
    RC' no longer triggers."""
    game = _herald(tdb, hand=["PX-007", "PX-002"])
    herald = unit_at(game, 0, Circle.VC)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE))
    game.step(pick(game, ActionKind.PICK, card=cards_in(game, 0, Zone.HAND)[0]))  # grade 3
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(game.legal_actions()[0])
    before = played(game)
    squire = next(c for c in cards_in(game, 0, Zone.HAND) if game.state.card(c).id == "PX-002")
    game.step(pick(game, ActionKind.CALL, card=squire, circle=Circle.FRONT_LEFT))
    assert game.decision.kind is DecisionKind.MAIN_PHASE and played(game) == before
    assert not any(card == herald for card, index in before if index == 1)


def test_STR_08_CORE_21_HRT_07_a_deleted_vanguards_when_strides_autos_do_not_trigger(tdb):
    """Seed 000 §2.4, HRT-07, CORE-21: a deleted vanguard strode over is turned face up as it
    becomes a heart, but its abilities were void at the instant of the stride, so its 'when
    your G unit strides' does not trigger; the G unit's own autos do."""
    game = start_game(tdb, {"vanguard": "TJ-STRIDE-HERALD", "g_zone": ["TJ-G-DUAL"],
                            "hand": ["PX-007"], "damage": ["PX-005"], "damage_face_down": 1},
                      {"vanguard": "TJ-DELETER"}, decks=(DECK, DECK), fmt="premium",
                      turn_player=1)
    herald, g_unit = unit_at(game, 0, Circle.VC), cards_in(game, 0, Zone.G_ZONE)[0]
    cost = cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 1, Circle.VC), index=0))
    assert UnitDeleted(herald, 0) in game.events and not is_face_up(game, herald)
    while game.turn_player == 1:
        game.step(pick(game, ActionKind.DONE))                  # no attack
    assert game.decision.kind is DecisionKind.RIDE and not is_face_up(game, herald)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE, card=g_unit))
    game.step(pick(game, ActionKind.PICK, card=cost))           # the grade 3 pays alone
    assert is_face_up(game, herald) and herald not in game.state.deleted
    assert {(a.card, a.index) for a in game.legal_actions()} == {(g_unit, 0), (g_unit, 1)}
    game.step(pick(game, ActionKind.PLAY_AUTO, card=g_unit, index=0))
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert played(game) == [(g_unit, 0), (g_unit, 1)]
    assert [e.player for e in events_of(game, CardDrawn)] == [0]   # the draw phase only


def test_STR_05_STR_16_a_stride_by_an_effect_triggers_the_same_autos(tdb):
    """STR-05, STR-16: a stride by an effect (no requirement, no cost) is a stride all the same:
    the vanguard's 'when your G unit strides' and the G unit's 'when strides' and 'when placed
    on VC' trigger."""
    game = _herald(tdb, phase="main", hand=[], rear={"front_left": "T-STRIDER"})
    herald, g_unit = unit_at(game, 0, Circle.VC), cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=0))
    assert events_of(game, UnitStrode) == [UnitStrode(g_unit, 0, True)]
    assert {(a.card, a.index) for a in game.legal_actions()} == {(herald, 0), (g_unit, 0),
                                                                 (g_unit, 1)}
    for card, index in ((g_unit, 0), (g_unit, 1)):
        game.step(pick(game, ActionKind.PLAY_AUTO, card=card, index=index))
    assert played(game) == [(g_unit, 0), (g_unit, 1), (herald, 0)]
    assert len(events_of(game, CardDrawn)) == 1 and not cards_in(game, 0, Zone.DROP)


def test_STR_08_HRT_05_both_vanguards_of_a_legion_see_their_g_unit_stride(tdb):
    """STR-08 (4), HRT-05, HRT-06: striding over a legion, leader and mate are both vanguards at
    the instant the G unit is placed: each one's 'when your G unit strides' triggers; the heart
    is chosen first (two candidates), then the autos are played."""
    game = start_game(tdb, {"vanguard": "TJ-HERALD-LEADER", "mate": "TJ-HERALD-MATE",
                            "g_zone": ["PG-001"], "hand": ["PX-007"]},
                      {"vanguard": "PX-008"}, decks=(DECK, DECK), fmt="premium", phase="ride")
    leader = unit_at(game, 0, Circle.VC)
    mate = q.partner(leader)
    g_unit = cards_in(game, 0, Zone.G_ZONE)[0]
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.STRIDE, card=g_unit))
    assert game.decision.label == "heart" and not events_of(game, AutoPlayed)
    game.step(pick(game, ActionKind.PICK, card=leader))
    assert power_of(game, g_unit) == 15000 + 11000
    assert {a.card for a in game.legal_actions()} == {leader, mate, g_unit}
    for card in (mate, leader):
        game.step(pick(game, ActionKind.PLAY_AUTO, card=card))
    assert played(game) == [(mate, 0), (leader, 0), (g_unit, 0)]
    assert len(events_of(game, CardDrawn)) == 1 and len(cards_in(game, 0, Zone.SOUL)) == 2
