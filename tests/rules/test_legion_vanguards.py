"""LEG-30, LEG-31: both legion units are vanguards. A grade 2 leader with a grade 3 mate is "a
grade 3 or greater vanguard" for every check that asks (Seek Mate, Stride, G guardian, orders,
calls, card conditions, nation and name); only what names the leader reads the leader alone;
an effect may take either legion vanguard off VC, never the last one."""

from __future__ import annotations

from pathlib import Path

import esper
import pytest

import ecs_vanguard as vg
from components import LegionLink
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    has_action,
    is_rested,
    pick,
    unit_at,
    zone_of,
)

CARDS = Path(__file__).parent / "legion_vanguards_cards.toml"
PLAIN = ["PX-005"] * 8                          # grade 2 units: nothing in the deck matters
TALL = {"vanguard": "LV-LEADER", "mate": "LV-MATE"}     # grade 2 leader, grade 3 mate
EVEN = {"vanguard": "LV-LEADER", "mate": "LV-PEER"}     # grade 2 leader, grade 2 mate: control
(GRADE, OPPONENT_GRADE, NAMED, RETIRE_LEADER, BIND_ONE, BOTH_TO_HAND, CAN_LEGION,
 RETIRE_ONE_COST, BIND_BOTH_COST) = range(9)


@pytest.fixture(scope="module")
def ldb(db: vg.CardDB) -> vg.CardDB:
    """The built-in pool with the cards of legion_vanguards_cards.toml."""
    return vg.CardDB.load(CARDS, base=db)


def _game(db, side0: dict, side1: dict, phase: str = "main", **start) -> vg.Game:
    sides = [dict(side0), dict(side1)]
    for side in sides:
        side.setdefault("deck", PLAIN)
    return (vg.Scenario(db, format="premium").player(0, **sides[0]).player(1, **sides[1])
            .start(turn=3, turn_player=0, phase=phase, **start))


def _probe_acts(game: vg.Game) -> set[int]:
    probe = unit_at(game, 0, Circle.FRONT_LEFT)
    return {a.index for a in game.legal_actions()
            if a.kind is ActionKind.ACT and a.card == probe}


# -- LEG-30: every "a grade N or greater vanguard" reads the leader or the mate ----------------


def test_LEG_30_the_opponents_seek_mate_sees_a_grade_3_mate(ldb):
    """LEG-30, LEG-01: Seek Mate needs the opponent's vanguard grade 3+: a grade 3 mate is."""
    me = {"vanguard": "LG-007", "drop": ["LG-006"] * 4, "deck": ["LG-005"] + PLAIN}
    assert has_action(_game(ldb, me, TALL), ActionKind.SEEK_MATE)
    assert not has_action(_game(ldb, me, EVEN), ActionKind.SEEK_MATE)       # neither is 3


def _g_guardians(game: vg.Game) -> list[int]:
    return [a.card for a in game.legal_actions()
            if a.kind is ActionKind.GUARD and zone_of(game, a.card) is Zone.G_ZONE]


def _attacked(db, attacker: dict, defender: dict) -> vg.Game:
    defender = {**defender, "g_zone": ["PG-003"], "hand": ["PX-013"]}
    game = _game(db, attacker, defender, phase="battle")
    game.step(pick(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC),
                   target=unit_at(game, 1, Circle.VC)))
    assert game.decision.kind is DecisionKind.GUARD and game.decision.player == 1
    return game


def test_LEG_30_a_g_guardian_counts_the_mate_of_either_player(ldb):
    """LEG-30, GG-01: "both vanguards grade 3 or greater" holds with a grade 3 mate, the
    attacker's or the defender's own."""
    assert _g_guardians(_attacked(ldb, TALL, {"vanguard": "PX-008"}))
    assert not _g_guardians(_attacked(ldb, EVEN, {"vanguard": "PX-008"}))
    assert _g_guardians(_attacked(ldb, {"vanguard": "PX-008"}, TALL))
    assert not _g_guardians(_attacked(ldb, {"vanguard": "PX-008"}, EVEN))


def _stride_offered(db, side0: dict, side1: dict, phase: str = "ride", **start) -> bool:
    side0 = {**side0, "g_zone": ["PG-001"], "hand": ["PX-007"]}
    game = _game(db, side0, side1, phase=phase, **start)
    while game.decision.kind is DecisionKind.RIDE:
        game.step(pick(game, ActionKind.DONE))                  # no ride
    return game.decision.kind is DecisionKind.STRIDE and has_action(game, ActionKind.STRIDE)


def test_LEG_30_stride_both_players_grade_3_counts_either_mate(ldb):
    """LEG-30, STR-04: "both players have a grade 3 or greater vanguard" holds with a grade 3
    mate on either side (the turn's start ruled out: it was grade 2 then)."""
    grade3 = {"vanguard": "PX-008"}
    assert _stride_offered(ldb, TALL, grade3, grade3_at_start=False)
    assert not _stride_offered(ldb, EVEN, grade3, grade3_at_start=False)
    assert _stride_offered(ldb, grade3, TALL, grade3_at_start=False)
    assert not _stride_offered(ldb, grade3, EVEN, grade3_at_start=False)


def test_LEG_30_stride_the_grade_at_the_start_of_the_turn_counts_the_mate(ldb):
    """LEG-30, STR-04: against a grade 2 opponent, a grade 3 mate on VC at the stand phase is
    "a grade 3 or greater vanguard at the start of this turn" (TurnState.grade3_at_start)."""
    grade2 = {"vanguard": "PX-005"}
    assert _stride_offered(ldb, TALL, grade2, phase="stand")
    assert not _stride_offered(ldb, EVEN, grade2, phase="stand")
    game = _game(ldb, TALL, grade2, phase="stand")
    assert game.state.turn.grade3_at_start[0]
    # A position started later behaves as if the turn had started normally (Scenario default).
    assert _stride_offered(ldb, TALL, grade2, phase="ride")
    assert not _stride_offered(ldb, EVEN, grade2, phase="ride")


def test_LEG_30_an_orders_grade_limit_and_a_normal_call_count_the_mate(ldb):
    """LEG-30, CORE-06, CORE-08: a grade 3 order may be played and a grade 3 unit called with a
    grade 2 leader and a grade 3 mate; not with two grade 2 vanguards."""
    hand = {"hand": ["LV-ORDER", "LG-008"]}
    game = _game(ldb, {**TALL, **hand}, {"vanguard": "PX-008"})
    order, unit = (card_named(game, 0, Zone.HAND, i) for i in ("LV-ORDER", "LG-008"))
    assert has_action(game, ActionKind.PLAY_ORDER, card=order)
    assert has_action(game, ActionKind.CALL, card=unit)
    game = _game(ldb, {**EVEN, **hand}, {"vanguard": "PX-008"})
    order, unit = (card_named(game, 0, Zone.HAND, i) for i in ("LV-ORDER", "LG-008"))
    assert not has_action(game, ActionKind.PLAY_ORDER, card=order)
    assert not has_action(game, ActionKind.CALL, card=unit)


def test_LEG_30_card_conditions_read_the_leader_or_the_mate(ldb):
    """LEG-30: "your vanguard is grade 3 or greater", "your opponent's vanguard is grade 3 or
    greater" and "your vanguard is «name»" hold when the mate is; not when neither is."""
    probe = {"rear": {"front_left": "LV-PROBE"}}
    acts = _probe_acts(_game(ldb, {**TALL, **probe}, TALL))
    assert {GRADE, OPPONENT_GRADE, NAMED} <= acts
    acts = _probe_acts(_game(ldb, {**EVEN, **probe}, EVEN))
    assert not {GRADE, OPPONENT_GRADE, NAMED} & acts


def test_LEG_30_can_legion_with_your_vanguard_reads_the_mate(ldb):
    """LEG-30, LEG-25: a card whose Seek Mate names only the mate can legion with "your
    vanguard"; with the leader alone on VC it cannot."""
    side = {"rear": {"front_left": "LV-PROBE"}, "hand": ["LV-LEADER"]}
    assert CAN_LEGION in _probe_acts(_game(ldb, {**TALL, **side}, {"vanguard": "PX-008"}))
    alone = {"vanguard": "LV-LEADER", **side}
    assert CAN_LEGION not in _probe_acts(_game(ldb, alone, {"vanguard": "PX-008"}))


def _ultimate(db, side0: dict) -> vg.Game:
    side0 = {**side0, "g_zone": ["PG-001"] * 3 + ["PG-004"], "hand": ["LV-MATE", "LV-PEER"]}
    game = _game(db, side0, {"vanguard": "PX-008"}, phase="ride")
    game.switch()
    for card in cards_in(game, 0, Zone.G_ZONE)[:3]:
        ops.turn_face(game.state, card, True)       # as if strode before (face-up G zone)
    game.step(pick(game, ActionKind.DONE))          # no ride
    return game


def test_LEG_30_ultimate_stride_reads_the_mates_nation_and_name(ldb):
    """LEG-30, STR-06: "your vanguard's nation" matches the mate's (force_nation, the leader's
    is not); the cost's "same name as your vanguard" takes a card named as the mate."""
    game = _ultimate(ldb, TALL)
    ultimate = card_named(game, 0, Zone.G_ZONE, "PG-004")
    assert has_action(game, ActionKind.STRIDE, card=ultimate)
    game.step(pick(game, ActionKind.STRIDE, card=ultimate))
    assert unit_at(game, 0, Circle.VC) == ultimate
    assert [game.state.card(c).id for c in cards_in(game, 0, Zone.DROP)] == ["LV-MATE"]
    game = _ultimate(ldb, EVEN)                     # both legion_nation: no Ultimate Stride
    assert not has_action(game, ActionKind.STRIDE, card=card_named(game, 0, Zone.G_ZONE, "PG-004"))


def test_LEG_30_a_normal_ride_still_reads_the_leaders_grade(ldb):
    """LEG-30, LEG-20: what names the leader alone reads it: riding onto a grade 2 leader with a
    grade 3 mate takes a grade 2 or 3 card, not only a grade 3 or 4 one."""
    game = _game(ldb, {**TALL, "hand": ["PX-005", "PX-008"]}, {"vanguard": "PX-008"},
                 phase="ride", rode=False)
    assert game.decision.kind is DecisionKind.RIDE
    assert has_action(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PX-005"))
    assert has_action(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "PX-008"))


# -- LEG-31: an effect may move either legion vanguard off VC, never the last one --------------


def _against_legion(db, defender: dict) -> tuple[vg.Game, int, int]:
    game = _game(db, {"vanguard": "PX-008", "rear": {"front_left": "LV-PROBE"}},
                 {**defender, "rested": ["vc"]})
    leader = unit_at(game, 1, Circle.VC)
    mate = q.partner(leader)
    assert mate is not None
    return game, leader, mate


def _act(game: vg.Game, index: int) -> None:
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=index))


def test_LEG_31_an_effect_takes_the_leader_off_vc_the_mate_stays_alone(ldb):
    """LEG-31, LEG-09: retiring the leader ends the legion; the mate is the vanguard alone,
    keeping its rest; then it is the last vanguard and no effect takes it off VC."""
    game, leader, mate = _against_legion(ldb, TALL)
    _act(game, RETIRE_LEADER)
    assert zone_of(game, leader) is Zone.DROP and zone_of(game, mate) is Zone.VC
    assert not esper.has_component(mate, LegionLink) and not q.in_legion(game.state, 1)
    assert q.vanguards(game.state, 1) == [mate] and q.vanguard(game.state, 1) == mate
    assert is_rested(game, mate)
    _act(game, RETIRE_LEADER)                           # the mate is now "the vanguard"
    assert zone_of(game, mate) is Zone.VC and q.vanguards(game.state, 1) == [mate]


@pytest.mark.parametrize("which", ["leader", "mate"])
def test_LEG_31_choose_one_of_the_vanguards_either_may_leave(ldb, which):
    """LEG-31, LEG-28: "choose one of your opponent's vanguards, bind it": leader and mate are
    both offered, and the chosen one leaves VC whichever it is; the other stays alone."""
    game, leader, mate = _against_legion(ldb, TALL)
    _act(game, BIND_ONE)
    assert {a.card for a in game.legal_actions()} == {leader, mate}
    chosen, other = (leader, mate) if which == "leader" else (mate, leader)
    game.step(pick(game, ActionKind.PICK, card=chosen))
    assert zone_of(game, chosen) is Zone.BIND and zone_of(game, other) is Zone.VC
    assert q.vanguards(game.state, 1) == [other] and q.partner(other) is None


def test_LEG_31_an_effect_moving_both_vanguards_leaves_the_leader(ldb):
    """LEG-31 (engine decision): an effect moving both legion vanguards at once would leave VC
    empty: the mate goes, the leader stays alone."""
    game, leader, mate = _against_legion(ldb, TALL)
    hand = len(cards_in(game, 1, Zone.HAND))
    _act(game, BOTH_TO_HAND)
    assert zone_of(game, mate) is Zone.HAND and zone_of(game, leader) is Zone.VC
    assert q.vanguards(game.state, 1) == [leader] and len(cards_in(game, 1, Zone.HAND)) == hand + 1


def test_LEG_31_a_lone_vanguard_is_never_taken_off_vc(ldb):
    """LEG-31: only a lone vanguard can never be removed by an effect that would empty VC."""
    game = _game(ldb, {"vanguard": "PX-008", "rear": {"front_left": "LV-PROBE"}},
                 {"vanguard": "PX-008"})
    vanguard = unit_at(game, 1, Circle.VC)
    for index in (RETIRE_LEADER, BOTH_TO_HAND):
        _act(game, index)
        assert zone_of(game, vanguard) is Zone.VC
    _act(game, BIND_ONE)                                # one candidate: chosen at once
    assert zone_of(game, vanguard) is Zone.VC and q.vanguards(game.state, 1) == [vanguard]


def test_LEG_31_the_mate_left_alone_is_the_vanguard_checks_read(ldb):
    """LEG-31 with LEG-30: after the leader left, the mate alone is "your opponent's vanguard":
    a grade 3 mate satisfies "grade 3 or greater", a grade 2 one does not."""
    for defender, holds in ((TALL, True), (EVEN, False)):
        game, _, mate = _against_legion(ldb, defender)
        _act(game, RETIRE_LEADER)
        assert q.vanguard(game.state, 1) == mate
        assert (OPPONENT_GRADE in _probe_acts(game)) is holds


def test_LEG_30_riding_a_card_named_as_the_mate_is_a_persona_ride(ldb):
    """LEG-30, CORE-05: "a card with the same name as the vanguard" reads the leader's and the
    mate's names: riding a card named as the mate onto the legion is a persona ride (draw 1,
    front row +10000); onto the leader alone it is not."""
    for side, persona in ((TALL, True), ({"vanguard": "LV-LEADER"}, False)):
        game = _game(ldb, {**side, "hand": ["LV-MATE"], "rear": {"front_left": "LV-PROBE"}},
                     {"vanguard": "PX-008"}, phase="ride", rode=False)
        probe = unit_at(game, 0, Circle.FRONT_LEFT)
        game.step(pick(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "LV-MATE")))
        assert (len(cards_in(game, 0, Zone.HAND)) == 1) is persona           # drew 1
        assert (q.power(game.state, probe) == 18000) is persona


def test_LEG_31_a_cost_takes_either_legion_vanguard_never_the_last_one(ldb):
    """LEG-31, CORE-19: "COST [retire one of your vanguards]" may retire the leader or the mate
    of a legion, and is not payable with a lone vanguard; "COST [bind your vanguards]" would
    empty VC, so it is payable with neither."""
    probe = {"rear": {"front_left": "LV-PROBE"}}
    alone = _game(ldb, {"vanguard": "PX-008", **probe}, {"vanguard": "PX-008"})
    assert not {RETIRE_ONE_COST, BIND_BOTH_COST} & _probe_acts(alone)
    for which in (0, 1):
        game = _game(ldb, {**TALL, **probe}, {"vanguard": "PX-008"})
        assert RETIRE_ONE_COST in _probe_acts(game) and BIND_BOTH_COST not in _probe_acts(game)
        pair = q.vanguards(game.state, 0)
        _act(game, RETIRE_ONE_COST)
        assert {a.card for a in game.legal_actions()} == set(pair)
        game.step(pick(game, ActionKind.PICK, card=pair[which]))
        assert zone_of(game, pair[which]) is Zone.DROP
        assert q.vanguards(game.state, 0) == [pair[1 - which]]
        assert len(cards_in(game, 0, Zone.HAND)) == 1                 # the effect drew
