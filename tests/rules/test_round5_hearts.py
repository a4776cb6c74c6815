"""Hearts keep their name and original power, and an effect can move them (issue 35, HRT-02,
HRT-09; seed 000 §2.4: 核心卡仅维持卡片名与原始力量值; a heart leaving VC stops being one, and
its G unit's name and power follow the heart chosen anew). Each test has its control.

The invented cards live in round5_cards.toml next to this file: a legion R5-LEAD + R5-MATE
(11000 and 9000) strode over by PG-001 (15000), and R5-HEART-TAKER on RC, whose ACTs move "your
heart named Twin Banner Leader" to the hand (0), the soul (1), the drop (2), any heart chosen to
the bind zone (3), or a heart with power 11000 or greater to the hand (4)."""

from __future__ import annotations

from pathlib import Path

import esper
import pytest

import ecs_vanguard as vg
from components import HeartLink, LegionLink
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import CardMoved
from ecs_vanguard.vocab.formats import Duration, Stat
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    cards_in,
    events_of,
    pick,
    play_quietly_until,
    power_of,
    unit_at,
    zone_of,
)

CARDS = Path(__file__).with_name("round5_cards.toml")
TO_HAND, TO_SOUL, TO_DROP, BIND_ANY, BY_POWER = 0, 1, 2, 3, 4
LEADER, MATE = "Twin Banner Leader", "Twin Banner Mate"
G_UNIT = "PG-001"
DECK = ["DX-006"] * 10


@pytest.fixture(scope="module")
def rdb(tdb: vg.CardDB) -> vg.CardDB:
    """The test pool with the round 5 cards."""
    return vg.CardDB.load(CARDS, base=tdb)


def _game(db: vg.CardDB, *, legion: bool = True, chosen: str = "leader") -> vg.Game:
    """Player 0: PG-001 strode over R5-LEAD (and its mate R5-MATE), R5-HEART-TAKER on RC."""
    side0: dict = {"vanguard": "R5-LEAD", "stride": G_UNIT, "chosen_heart": chosen,
                   "rear": {"front_left": "R5-HEART-TAKER"}, "deck": list(DECK)}
    if legion:
        side0["mate"] = "R5-MATE"
    return (vg.Scenario(db, format="premium").player(0, **side0)
            .player(1, vanguard="PX-008", deck=list(DECK)).start(turn=3, phase="main"))


def _vc(game: vg.Game) -> tuple[int, int, int]:
    """(G unit, leader heart, mate heart)."""
    game.switch()
    g_unit = unit_at(game, 0, Circle.VC)
    hearts = {game.state.card(h).names[0]: h for h in q.hearts(game.state, 0)}
    return g_unit, hearts[LEADER], hearts[MATE]


def _take(game: vg.Game, index: int, heart: int | None = None) -> None:
    """Use R5-HEART-TAKER's ACT `index`, picking `heart` if asked."""
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=index))
    if heart is not None:
        game.step(pick(game, ActionKind.PICK, card=heart))


def test_HRT_06_control_the_g_unit_has_the_chosen_hearts_name_and_power(rdb):
    """HRT-06 (control): the G unit has the chosen heart's (the leader's) name and power."""
    game = _game(rdb)
    g_unit, leader, _mate = _vc(game)
    assert power_of(game, g_unit) == 15000 + 11000
    assert LEADER in q.names(game.state, g_unit) and MATE not in q.names(game.state, g_unit)
    assert esper.component_for_entity(leader, HeartLink) == HeartLink(g_unit, True)


def test_HRT_09_the_chosen_heart_put_into_the_hand_leaves_with_its_event(rdb):
    """HRT-09: "put your heart named X into your hand" moves the heart (a CardMoved from VC),
    it is no heart any more, and the G unit's name and power follow the heart left, the mate."""
    game = _game(rdb)
    g_unit, leader, _mate = _vc(game)
    _take(game, TO_HAND)
    assert zone_of(game, leader) is Zone.HAND and leader in cards_in(game, 0, Zone.HAND)
    assert CardMoved(leader, 0, Zone.VC, Zone.HAND) in game.events
    assert not esper.has_component(leader, HeartLink)
    assert power_of(game, g_unit) == 15000 + 9000
    assert MATE in q.names(game.state, g_unit) and LEADER not in q.names(game.state, g_unit)


def test_HRT_09_a_heart_put_into_the_soul(rdb):
    """HRT-09: the heart named X goes to the soul; the G unit stays on VC with the mate's power."""
    game = _game(rdb)
    g_unit, leader, _ = _vc(game)
    _take(game, TO_SOUL)
    assert zone_of(game, leader) is Zone.SOUL
    assert CardMoved(leader, 0, Zone.VC, Zone.SOUL) in game.events
    assert unit_at(game, 0, Circle.VC) == g_unit and power_of(game, g_unit) == 24000


def test_HRT_09_a_heart_put_into_the_drop(rdb):
    """HRT-09: the heart named X goes to the drop, face up, a new object."""
    game = _game(rdb)
    g_unit, leader, _ = _vc(game)
    _take(game, TO_DROP)
    assert zone_of(game, leader) is Zone.DROP
    assert CardMoved(leader, 0, Zone.VC, Zone.DROP) in game.events
    assert power_of(game, g_unit) == 24000


def test_HRT_09_LEG_09_under_a_legion_the_other_heart_is_chosen_at_once(rdb):
    """HRT-09, LEG-09: the chosen leader heart leaves; the legion of the hearts ends and the
    mate, the only heart left, is the chosen one at once (no question asked)."""
    game = _game(rdb)
    g_unit, _leader, mate = _vc(game)
    assert esper.has_component(mate, LegionLink)
    _take(game, TO_HAND)
    assert game.decision.kind is DecisionKind.MAIN_PHASE
    assert esper.component_for_entity(mate, HeartLink) == HeartLink(g_unit, True)
    assert not esper.has_component(mate, LegionLink)
    assert q.chosen_heart(game.state, g_unit) == mate


def test_HRT_02_choose_your_heart_by_name_finds_the_named_unchosen_heart(rdb):
    """HRT-02: a heart keeps its card name: "your heart named Twin Banner Leader" finds the
    leader heart though the mate is the chosen one; the choice of the mate stands."""
    game = _game(rdb, chosen="mate")
    g_unit, leader, mate = _vc(game)
    assert power_of(game, g_unit) == 15000 + 9000                  # control: the mate chosen
    _take(game, TO_HAND)
    assert zone_of(game, leader) is Zone.HAND and zone_of(game, mate) is Zone.VC
    assert q.chosen_heart(game.state, g_unit) == mate and power_of(game, g_unit) == 24000


def test_HRT_09_a_heart_chosen_among_two_is_bound_the_other_stays_chosen(rdb):
    """HRT-09: both hearts are offered; the unchosen mate picked is bound: it moves, and the G
    unit keeps the leader's name and power."""
    game = _game(rdb)
    g_unit, leader, mate = _vc(game)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT), index=BIND_ANY))
    assert {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK} == {leader, mate}
    game.step(pick(game, ActionKind.PICK, card=mate))
    assert zone_of(game, mate) is Zone.BIND
    assert q.chosen_heart(game.state, g_unit) == leader and power_of(game, g_unit) == 26000


def test_HRT_02_a_heart_keeps_its_original_power_not_its_modifiers(rdb):
    """HRT-02, HRT-04: a +3000 the mate carries from VC stays on it as a heart, but the heart's
    power is its original 9000; a filter "power 11000 or greater" finds the leader only."""
    game = _game(rdb)
    _g_unit, leader, mate = _vc(game)
    ops.add_modifier(game.state, mate, Stat.POWER, 3000, Duration.END_OF_TURN)  # an earlier effect
    assert [m.amount for m in q.modifiers(mate)] == [3000]
    assert power_of(game, mate) == 9000 and power_of(game, leader) == 11000
    _take(game, BY_POWER)
    assert zone_of(game, leader) is Zone.HAND and zone_of(game, mate) is Zone.VC


def test_HRT_09_the_last_heart_stays_under_its_g_unit(rdb):
    """HRT-09 with LEG-31 (engine decision): the only heart left is not taken off VC, since the
    G unit goes back to the G zone in the end phase and would leave VC with no vanguard; the
    control (two hearts) moves it."""
    game = _game(rdb, legion=False)
    g_unit = unit_at(game, 0, Circle.VC)
    leader = q.hearts(game.state, 0)[0]
    _take(game, TO_HAND)
    assert zone_of(game, leader) is Zone.VC and q.is_heart(leader)
    assert power_of(game, g_unit) == 26000
    game = _game(rdb)
    _, leader, _ = _vc(game)
    _take(game, TO_HAND)
    assert zone_of(game, leader) is Zone.HAND


def test_HRT_09_STR_14_the_heart_left_is_the_vanguard_after_the_end_phase(rdb):
    """HRT-09, STR-14: after the leader heart left, the end phase returns the G unit and the
    mate (the heart left) is the vanguard alone, no longer in legion."""
    game = _game(rdb)
    g_unit, _leader, mate = _vc(game)
    _take(game, TO_HAND)
    play_quietly_until(game, lambda g: g.turn_player == 1)
    game.switch()
    assert q.vanguards(game.state, 0) == [mate] and not q.is_heart(mate)
    assert zone_of(game, g_unit) is Zone.G_ZONE and q.partner(mate) is None


def test_HRT_09_a_heart_taken_off_vc_is_a_new_object_without_the_heart_link(rdb):
    """HRT-09, CORE-20: the heart that left is a new object in the hand; it can be ridden or
    called like any hand card, and a later events list holds one move of it only."""
    game = _game(rdb)
    _, leader, _ = _vc(game)
    obj = q.position(leader).obj
    _take(game, TO_HAND)
    game.switch()
    assert q.position(leader).obj != obj
    assert [e for e in events_of(game, CardMoved) if e.card == leader] == [
        CardMoved(leader, 0, Zone.VC, Zone.HAND)]


def test_HRT_09_HRT_10_with_two_hearts_left_the_controller_chooses_anew(rdb):
    """HRT-09: the chosen heart leaves with two non-G hearts left (the mate, and a third put as
    a heart, HRT-10): its controller chooses one at once, and the G unit has that one's name
    and power (control: before, the leader's)."""
    game = (vg.Scenario(rdb, format="premium")
            .player(0, vanguard="R5-LEAD", mate="R5-MATE", stride=G_UNIT,
                    rear={"front_left": "R5-HEART-TAKER", "front_right": "T-HEART-PUTTER"},
                    hand=["PX-009"], deck=list(DECK))
            .player(1, vanguard="PX-008", deck=list(DECK)).start(turn=3, phase="main"))
    g_unit, leader, mate = _vc(game)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_RIGHT)))
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(game.legal_actions()[0])
    third = next(h for h in q.hearts(game.state, 0) if h not in (leader, mate))
    assert power_of(game, g_unit) == 26000                          # control: the leader's
    _take(game, TO_HAND)
    assert {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK} == {mate, third}
    game.step(pick(game, ActionKind.PICK, card=third))
    assert q.chosen_heart(game.state, g_unit) == third
    assert power_of(game, g_unit) == 15000 + 8000
    assert "Drill Cadet" in q.names(game.state, g_unit) and LEADER not in q.names(game.state,
                                                                                  g_unit)
