"""Limits bind when an ability is played (CORE-19), and a move the rules redirect logs what
really happened (STR-12, CORE-15, TOK-03): a G unit leaving VC goes straight to the G zone, a
Protect marker leaves the game, a token vanishes after its move has been seen."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import (
    AutoPlayed,
    CardBound,
    CardDrawn,
    CardMoved,
    PutIntoGZone,
    UnitRetired,
)
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    cards_in,
    events_of,
    has_action,
    is_face_up,
    pick,
    plays_of,
    start_game,
    unit_at,
    zone_of,
)

PLAIN = ["DX-006"] * 10


def _standard(db, side0: dict, side1: dict | None = None, phase: str = "main") -> vg.Game:
    return start_game(db, side0, side1 or {"vanguard": "DX-104"}, decks=(PLAIN, PLAIN),
                      phase=phase)


def _premium(db, side0: dict, side1: dict, phase: str = "main") -> vg.Game:
    return start_game(db, side0, side1, decks=(["PX-005"] * 10, ["PX-005"] * 10),
                      fmt="premium", phase=phase)


def draws(game: vg.Game, player: int = 0) -> int:
    return sum(1 for e in events_of(game, CardDrawn) if e.player == player)


def _call_two(game: vg.Game) -> None:
    """TJ-CALLER calls the two cards of the hand together to front-left and back-left."""
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=0))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))


def _end_turn(game: vg.Game) -> None:
    """Pass every remaining open timing of the turn player's turn (no attack)."""
    player = game.turn_player
    while game.turn_player == player:
        assert game.decision.kind in (DecisionKind.MAIN_PHASE, DecisionKind.ATTACK,
                                      DecisionKind.RIDE, DecisionKind.STRIDE)
        game.step(pick(game, ActionKind.DONE))


def _to_main_phase(game: vg.Game) -> None:
    """From the start of a turn, ride nothing and reach the main phase."""
    while game.decision.kind is not DecisionKind.MAIN_PHASE:
        assert game.decision.kind in (DecisionKind.RIDE, DecisionKind.STRIDE)
        game.step(pick(game, ActionKind.DONE))


# -- limits (CORE-19) ---------------------------------------------------------------------------


def test_CORE_19_CORE_18_a_1_per_turn_auto_triggered_twice_by_one_batch_resolves_once(tdb):
    """CORE-19: two triggers of one 1/Turn auto (two units called at once) resolve it once; a
    second copy is another card object and resolves once too; later placements this turn
    trigger nothing."""
    game = _standard(tdb, {"vanguard": "TJ-CALLER", "hand": ["TJ-SQUIRE-A", "TJ-SQUIRE-B"],
                           "rear": {"back_center": "TJ-ONCE", "back_right": "TJ-ONCE"}})
    porters = [unit_at(game, 0, Circle.BACK_CENTER), unit_at(game, 0, Circle.BACK_RIGHT)]
    _call_two(game)
    assert game.decision.kind is DecisionKind.ORDER_AUTOS
    while game.decision.kind is DecisionKind.ORDER_AUTOS:
        game.step(pick(game, ActionKind.PLAY_AUTO, card=porters[0])
                  if has_action(game, ActionKind.PLAY_AUTO, card=porters[0])
                  else pick(game, ActionKind.PLAY_AUTO, card=porters[1]))
    assert [plays_of(game, p) for p in porters] == [2, 2]      # each triggered twice
    assert draws(game) == 2                                     # but each resolved once
    game.step(pick(game, ActionKind.CALL, card=cards_in(game, 0, Zone.HAND)[0],
                   circle=Circle.FRONT_RIGHT))
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert [plays_of(game, p) for p in porters] == [2, 2] and draws(game) == 2


def test_CORE_19_a_declined_1_per_turn_auto_is_not_used_up(tdb):
    """CORE-19: the limit binds when the ability is played: declining the first of two
    triggers leaves the second one playable; once played, nothing more this turn."""
    game = _standard(tdb, {"vanguard": "TJ-CALLER", "hand": ["TJ-SQUIRE-A", "TJ-SQUIRE-B"],
                           "rear": {"back_center": "TJ-ONCE-MAYBE"}})
    _call_two(game)
    assert game.decision.kind is DecisionKind.YES_NO
    game.step(pick(game, ActionKind.NO))
    assert game.decision.kind is DecisionKind.YES_NO            # the second trigger asks
    game.step(pick(game, ActionKind.YES))
    assert draws(game) == 1 and game.decision.kind is DecisionKind.MAIN_PHASE
    game.step(pick(game, ActionKind.CALL, card=cards_in(game, 0, Zone.HAND)[0],
                   circle=Circle.FRONT_RIGHT))
    assert game.decision.kind is DecisionKind.MAIN_PHASE and draws(game) == 1


def test_CORE_19_a_played_1_per_turn_auto_ignores_its_second_trigger(tdb):
    """CORE-19: played on its first trigger, the 1/Turn auto's second trigger of the same
    batch does not even ask."""
    game = _standard(tdb, {"vanguard": "TJ-CALLER", "hand": ["TJ-SQUIRE-A", "TJ-SQUIRE-B"],
                           "rear": {"back_center": "TJ-ONCE-MAYBE"}})
    _call_two(game)
    game.step(pick(game, ActionKind.YES))
    assert game.decision.kind is DecisionKind.MAIN_PHASE and draws(game) == 1


def test_CORE_19_CORE_20_a_new_object_may_use_its_1_per_turn_auto_again(tdb):
    """CORE-19, CORE-20: 1/Turn is per card object: the porter used its auto, went back to the
    hand and was called again: a new object, whose auto works again this turn."""
    game = _standard(tdb, {"vanguard": "TJ-RECALL", "hand": ["TJ-SQUIRE-A", "DX-006"],
                           "rear": {"back_center": "TJ-ONCE"}})
    porter, squire = unit_at(game, 0, Circle.BACK_CENTER), cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.CALL, card=squire, circle=Circle.FRONT_LEFT))
    assert draws(game) == 1                                     # the porter's 1/Turn, used
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=0))
    assert porter in cards_in(game, 0, Zone.HAND)                # back to hand, both of them
    game.step(pick(game, ActionKind.CALL, card=porter, circle=Circle.BACK_CENTER))
    assert plays_of(game, porter) == 2 and draws(game) == 2     # it saw its own placement
    game.step(pick(game, ActionKind.CALL, card=squire, circle=Circle.FRONT_LEFT))
    assert plays_of(game, porter) == 2 and draws(game) == 2     # and is used up again


def test_CORE_19_a_once_per_game_act_is_offered_once_per_player(tdb):
    """CORE-19 (engine decision: once per game per player and ability): used once, the act is
    never offered again to that player, not even on a new card object of the same card, nor
    next turn; the opponent's own copy is still theirs to use."""
    game = _standard(tdb, {"vanguard": "TJ-ONCE-GAME", "hand": ["TJ-ONCE-GAME"]},
                     {"vanguard": "TJ-ONCE-GAME"})
    first, copy = unit_at(game, 0, Circle.VC), cards_in(game, 0, Zone.HAND)[0]
    game.step(pick(game, ActionKind.ACT, card=first, index=0))
    assert draws(game) == 1
    assert not has_action(game, ActionKind.ACT, card=first, index=0)
    game.step(pick(game, ActionKind.ACT, card=first, index=1))
    game.step(pick(game, ActionKind.PICK, card=copy))            # ride the other copy
    second = unit_at(game, 0, Circle.VC)
    assert second == copy and has_action(game, ActionKind.ACT, card=second, index=1)
    assert not has_action(game, ActionKind.ACT, card=second, index=0)
    _end_turn(game)
    _to_main_phase(game)
    assert has_action(game, ActionKind.ACT, card=unit_at(game, 1, Circle.VC), index=0)
    _end_turn(game)
    _to_main_phase(game)
    assert not has_action(game, ActionKind.ACT, card=second, index=0)


def test_CORE_19_CORE_18_a_once_per_game_auto_triggered_twice_resolves_once_ever(tdb):
    """CORE-19: a once-per-game auto triggered twice by one batch resolves once, and does not
    trigger in a later turn."""
    game = _standard(tdb, {"vanguard": "TJ-CALLER", "rear": {"back_center": "TJ-ONCE-GAME-AUTO"},
                           "hand": ["TJ-SQUIRE-A", "TJ-SQUIRE-B", "TJ-SQUIRE-A"]})
    lucky = unit_at(game, 0, Circle.BACK_CENTER)
    first, second, spare = cards_in(game, 0, Zone.HAND)
    game.step(pick(game, ActionKind.ACT, index=0))
    game.step(pick(game, ActionKind.PICK, card=first))           # two of the three
    game.step(pick(game, ActionKind.PICK, card=second))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    game.step(pick(game, ActionKind.PICK, circle=Circle.BACK_LEFT))
    assert plays_of(game, lucky) == 2 and draws(game) == 1
    _end_turn(game)
    _end_turn(game)
    _to_main_phase(game)
    game.step(pick(game, ActionKind.CALL, card=spare, circle=Circle.FRONT_RIGHT))
    assert plays_of(game, lucky) == 2 and game.decision.kind is DecisionKind.MAIN_PHASE


# -- redirected moves (STR-12, CORE-15, TOK-03) -------------------------------------------------

REDIRECTED = {                 # TJ-BANISHER's act index -> the zone the effect names
    0: Zone.DROP,              # "retire your opponent's vanguard"
    1: Zone.BIND,              # "bind your opponent's vanguard"
    2: Zone.HAND,              # "return your opponent's vanguard to hand"
}


@pytest.mark.parametrize("index", sorted(REDIRECTED), ids=["retire", "bind", "to_hand"])
def test_STR_12_a_g_unit_on_vc_moved_by_an_effect_goes_straight_to_the_g_zone(tdb, index):
    """STR-12 (seed 000 §2.3, 2020-03-27 ruling): a G unit on VC retired, bound or returned to
    hand by an effect goes straight to its G zone face up instead: no retire or bind event, and
    'when retired' / 'when bound' watchers stay silent; the heart is a vanguard again."""
    game = _premium(tdb, {"vanguard": "TJ-BANISHER"},
                    {"vanguard": "PX-008", "stride": "PG-001",
                     "rear": {"front_left": "TJ-GRAVE-WATCH"}})
    g_unit = unit_at(game, 1, Circle.VC)
    heart = game.state.board.circles[1][Circle.VC][0]
    watcher = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=index))
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == g_unit]
    assert moves == [(Zone.VC, Zone.G_ZONE)]                    # never in the named zone
    assert g_unit not in cards_in(game, 1, REDIRECTED[index])
    assert PutIntoGZone(g_unit, 1) in game.events
    assert not events_of(game, UnitRetired) and not events_of(game, CardBound)
    assert plays_of(game, watcher) == 0 and not cards_in(game, 1, Zone.SOUL)
    assert unit_at(game, 1, Circle.VC) == heart and not q.is_heart(heart)      # STR-14 (3)


@pytest.mark.parametrize("index,event,zone", [(3, UnitRetired, Zone.DROP),
                                              (4, CardBound, Zone.BIND)], ids=["retire", "bind"])
def test_STR_12_a_g_unit_on_rc_goes_to_that_zone_first_and_is_seen(tdb, index, event, zone):
    """STR-12: a G unit on RC retired or bound by an effect goes there first, then face up to
    the G zone; the retire / bind happened, and its watchers trigger."""
    game = _premium(tdb, {"vanguard": "TJ-BANISHER"},
                    {"vanguard": "PX-008", "rear": {"front_left": "PG-001",
                                                    "back_left": "TJ-GRAVE-WATCH"}})
    g_unit, watcher = unit_at(game, 1, Circle.FRONT_LEFT), unit_at(game, 1, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=index))
    game.step(pick(game, ActionKind.PICK, card=g_unit))
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == g_unit]
    assert moves == [(Zone.RC, zone), (zone, Zone.G_ZONE)]
    assert zone_of(game, g_unit) is Zone.G_ZONE and is_face_up(game, g_unit)
    assert [e.card for e in events_of(game, event)] == [g_unit]
    assert plays_of(game, watcher) == 1 and len(cards_in(game, 1, Zone.SOUL)) == 1


def test_CORE_15_ACT_04_a_protect_marker_leaving_gc_leaves_the_game_without_a_retire(tdb):
    """CORE-15: a Protect gift card retired from GC leaves the game instead of going to the
    drop: no retire event and no retire watcher for it; the guardian retired with it is seen."""
    game = _premium(tdb, {"vanguard": "PX-008"},
                    {"vanguard": "PX-007", "protect": 1, "hand": ["PX-009", "PX-002"],
                     "rear": {"back_left": "TJ-GRAVE-WATCH"}}, phase="battle")
    watcher = unit_at(game, 1, Circle.BACK_LEFT)
    protect, fodder, guard = cards_in(game, 1, Zone.HAND)[2], *cards_in(game, 1, Zone.HAND)[:2]
    assert game.state.card(protect).id == "GIFT-PROTECT"
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    game.step(pick(game, ActionKind.GUARD, card=protect))
    game.step(pick(game, ActionKind.PICK, card=fodder))        # the Protect's discard cost
    game.step(pick(game, ActionKind.GUARD, card=guard))
    game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.ATTACK:       # the close step ran
        game.step(pick(game, ActionKind.DONE))
    assert zone_of(game, protect) is Zone.REMOVED and protect not in cards_in(game, 1, Zone.DROP)
    assert zone_of(game, guard) is Zone.DROP
    assert [e.card for e in events_of(game, UnitRetired)] == [guard]
    assert plays_of(game, watcher) == 1 and len(cards_in(game, 1, Zone.SOUL)) == 1


def test_TOK_03_ACT_04_a_token_retired_with_a_unit_is_seen_then_vanishes(tdb):
    """TOK-03, ACT-04: a token retired together with a unit is retired (its retire watchers
    trigger), arrives in the drop and is removed from the game before anything resolves."""
    game = _standard(tdb, {"vanguard": "TJ-PURGE", "tokens": {"front_left": "TOKEN-NIGHTSHADE"},
                           "rear": {"back_left": "TJ-SQUIRE-A", "back_center": "TJ-GRAVE-WATCH"}})
    token, squire = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    watcher = unit_at(game, 0, Circle.BACK_CENTER)
    game.step(pick(game, ActionKind.ACT, index=0))
    game.step(pick(game, ActionKind.PICK, card=token))
    game.step(pick(game, ActionKind.PICK, card=squire))
    assert [e.card for e in events_of(game, UnitRetired)] == [token, squire]
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == token]
    assert moves == [(Zone.RC, Zone.DROP), (Zone.DROP, Zone.REMOVED)]
    first_play = next(i for i, e in enumerate(game.events) if isinstance(e, AutoPlayed))
    vanished = next(i for i, e in enumerate(game.events)
                    if isinstance(e, CardMoved) and e.to_zone is Zone.REMOVED)
    assert vanished < first_play                                 # gone before anything resolves
    assert cards_in(game, 0, Zone.DROP) == [squire]
    assert plays_of(game, watcher) == 2 and len(cards_in(game, 0, Zone.SOUL)) == 2


def test_TOK_03_a_tokens_own_when_retired_auto_triggers_though_it_vanished(tdb):
    """TOK-03 (seed 001 Brandt Gate §3): the autos its move to the drop triggers still work,
    its own 'when this unit is retired' too, though it left the game at once."""
    game = _standard(tdb, {"vanguard": "TJ-BANISHER"},
                     {"vanguard": "DX-104", "tokens": {"front_left": "TJ-TOKEN-EMBER"}})
    token = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=3))
    assert zone_of(game, token) is Zone.REMOVED
    assert plays_of(game, token) == 1 and draws(game, player=1) == 1


def test_STR_12_a_g_units_own_when_retired_auto_triggers_though_it_went_on(tdb):
    """STR-12: a G unit retired from RC is put into the drop first, and the autos of that move
    trigger, its own 'when this unit is retired' too, though it is in the G zone by then."""
    game = _premium(tdb, {"vanguard": "TJ-BANISHER"},
                    {"vanguard": "PX-008", "rear": {"front_left": "TJ-G-ECHO"}})
    g_unit = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC), index=3))
    assert zone_of(game, g_unit) is Zone.G_ZONE
    assert plays_of(game, g_unit) == 1 and draws(game, player=1) == 1
