"""Where each special state stands (issue 35, TOK-01, OD-04, OD-05, OD-09, OD-11, OD-12, HRT-01,
ACT-23): a token made a dress source stays one (seed 001: a dress source 仍然视为场上的卡, still a
card on the field) and vanishes only when it goes on to another zone; hearts, locked cards and
dress sources (premium) are cards on circles for an effect choosing one. Each test has its
control.

The invented cards live in round5_cards.toml next to this file: R5-NIGHT-DRESS (overDress onto
a Nightshade token; ACT 0 returns it to hand, ACT 1 puts one of its dress sources into the drop),
R5-TOKEN-MAKER (a vanguard making a Nightshade token), R5-CIRCLE-BINDER (a vanguard binding one
card on the opponent's circles)."""

from __future__ import annotations

from pathlib import Path

import esper
import pytest

import ecs_vanguard as vg
from components import DressSource, Token
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import CardMoved, UnitRetired
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import card_named, cards_in, events_of, pick, unit_at, zone_of

CARDS = Path(__file__).with_name("round5_cards.toml")
DRESSER = "R5-NIGHT-DRESS"
TOKEN = "TOKEN-NIGHTSHADE"
RETURN_SELF, SOURCE_TO_DROP = 0, 1
DECK = ["DX-006"] * 10


@pytest.fixture(scope="module")
def rdb(tdb: vg.CardDB) -> vg.CardDB:
    """The test pool with the round 5 cards."""
    return vg.CardDB.load(CARDS, base=tdb)


def _dressed(db: vg.CardDB, fmt: str = "premium") -> tuple[vg.Game, int, int]:
    """Player 0 overDresses R5-NIGHT-DRESS onto a Nightshade token on front_left; returns the
    game, the unit and the token."""
    game = (vg.Scenario(db, format=fmt)
            .player(0, vanguard="PX-008", tokens={"front_left": TOKEN}, hand=[DRESSER],
                    deck=list(DECK))
            .player(1, vanguard="PX-008", deck=list(DECK)).start(turn=3, phase="main"))
    token = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.OVERDRESS, target=token))
    return game, unit_at(game, 0, Circle.FRONT_LEFT), token


def _act(game: vg.Game, unit: int, index: int) -> None:
    game.step(pick(game, ActionKind.ACT, card=unit, index=index))


@pytest.mark.parametrize("fmt", ["premium", "standard"])
def test_TOK_01_OD_04_a_token_made_a_dress_source_stays_one(rdb, fmt):
    """TOK-01, OD-04: the token overDressed over is the unit's dress source, a card on the
    field, not removed from the game; it is no unit any more (OD-12)."""
    game, unit, token = _dressed(rdb, fmt)
    game.switch()
    assert q.position(token).zone is Zone.DRESS and token in cards_in(game, 0, Zone.DRESS)
    assert q.dress_sources(game.state, unit) == [token]
    assert esper.has_component(token, Token) and q.is_on_field(token)
    assert token not in q.units(game.state, 0)
    assert not [e for e in events_of(game, CardMoved) if e.card == token]


def test_TOK_01_OD_05_a_token_source_vanishes_when_its_unit_returns_to_hand(rdb):
    """OD-05, TOK-01, TOK-03: the unit going to the hand takes its token source along; in the
    hand (a vanish zone) the token is removed from the game at once; the unit stays in hand."""
    game, unit, token = _dressed(rdb)
    _act(game, unit, RETURN_SELF)
    assert zone_of(game, unit) is Zone.HAND
    assert zone_of(game, token) is Zone.REMOVED and token not in cards_in(game, 0, Zone.HAND)
    assert CardMoved(token, 0, Zone.DRESS, Zone.HAND) in game.events


def test_TOK_01_OD_09_a_token_source_put_into_the_drop_vanishes(rdb):
    """OD-09, TOK-01: the token source chosen and put into the drop leaves the field and is
    removed at once; the unit is no longer in overDress."""
    game, unit, token = _dressed(rdb)
    _act(game, unit, SOURCE_TO_DROP)
    if game.decision.kind is DecisionKind.CHOOSE_CARD:
        game.step(pick(game, ActionKind.PICK, card=token))
    assert zone_of(game, token) is Zone.REMOVED
    assert CardMoved(token, 0, Zone.DRESS, Zone.DROP) in game.events
    assert q.dress_sources(game.state, unit) == [] and zone_of(game, unit) is Zone.RC


def test_OD_12_a_token_source_moves_with_its_unit_between_circles(rdb):
    """OD-12: an overDress unit moving to another circle keeps its token source, which stays
    a dress source on the unit's new circle."""
    game, unit, token = _dressed(rdb)
    game.step(pick(game, ActionKind.MOVE, card=unit, circle=Circle.BACK_LEFT))
    game.switch()
    assert q.position(unit).circle is Circle.BACK_LEFT
    assert q.position(token).zone is Zone.DRESS and q.dress_sources(game.state, unit) == [token]
    assert esper.component_for_entity(token, DressSource).unit == unit


def test_TOK_08_OD_01_a_token_made_by_an_effect_can_be_overdressed_over_and_stays(rdb):
    """TOK-08 then OD-01: a token the vanguard made this turn is a designated rear-guard; the
    overDress keeps it as the new unit's source (control: before the overDress it is a unit)."""
    game = (vg.Scenario(rdb, format="premium")
            .player(0, vanguard="R5-TOKEN-MAKER", hand=[DRESSER], deck=list(DECK))
            .player(1, vanguard="PX-008", deck=list(DECK)).start(turn=3, phase="main"))
    _act(game, unit_at(game, 0, Circle.VC), 0)
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    token = next(u for u in q.rear_guards(game.state, 0) if game.state.card(u).id == TOKEN)
    assert token in q.units(game.state, 0)
    game.step(pick(game, ActionKind.OVERDRESS, target=token))
    game.switch()
    assert q.position(token).zone is Zone.DRESS and q.is_on_field(token)


def test_CORE_17_OD_04_a_token_source_is_never_retired_by_the_rule_action(rdb):
    """CORE-17, OD-04: the token source is not a rear-guard beside the unit on its RC: no rule
    action retires it, and the unit on the circle is the overDress unit alone."""
    game, unit, token = _dressed(rdb)
    assert not [e for e in events_of(game, UnitRetired) if e.card in (unit, token)]
    game.switch()
    assert game.state.board.circles[0][Circle.FRONT_LEFT] == (unit,)


def _binder(db: vg.CardDB, them: dict, fmt: str = "premium") -> vg.Game:
    side1 = {"vanguard": "PX-008", "deck": list(DECK), **them}
    return (vg.Scenario(db, format=fmt)
            .player(0, vanguard="R5-CIRCLE-BINDER", deck=list(DECK)).player(1, **side1)
            .start(turn=3, phase="main"))


def _circle_choices(game: vg.Game) -> set[int]:
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    return {a.card for a in game.legal_actions() if a.kind is ActionKind.PICK}


def test_HRT_01_OD_11_the_opponents_hearts_are_cards_on_circles(rdb):
    """HRT-01: a heart is a card on VC, not a unit: "choose a card on your opponent's circles"
    offers both hearts beside the G unit; the mate heart chosen is bound (HRT-09), the G unit
    keeps the leader's power."""
    game = _binder(rdb, {"vanguard": "R5-LEAD", "mate": "R5-MATE", "stride": "PG-001"})
    g_unit = unit_at(game, 1, Circle.VC)
    hearts = q.hearts(game.state, 1)
    assert _circle_choices(game) == {g_unit, *hearts}
    mate = next(h for h in hearts if game.state.card(h).id == "R5-MATE")
    game.step(pick(game, ActionKind.PICK, card=mate))
    assert zone_of(game, mate) is Zone.BIND and q.power(game.state, g_unit) == 15000 + 11000


def test_ACT_23_OD_11_a_locked_card_is_a_card_on_a_circle(rdb):
    """ACT-23: a locked card is on a circle though not a unit: it is offered with the units
    (control: the vanguard)."""
    game = _binder(rdb, {"locked": {"front_left": "DX-006"}})
    locked = unit_at(game, 1, Circle.FRONT_LEFT)
    assert q.is_locked(locked)
    assert _circle_choices(game) == {unit_at(game, 1, Circle.VC), locked}


@pytest.mark.parametrize(("fmt", "offered"), [("premium", True), ("standard", False)])
def test_OD_11_a_dress_source_is_a_card_on_a_circle_in_premium_only(rdb, fmt, offered):
    """OD-11: in premium "a card on a circle" may be a dress source; in standard it may not."""
    game = _binder(rdb, {"rear": {"front_left": DRESSER}, "dress": {"front_left": ["DX-006"]}},
                   fmt)
    unit = unit_at(game, 1, Circle.FRONT_LEFT)
    source = card_named(game, 1, Zone.DRESS, "DX-006")
    choices = _circle_choices(game)
    assert unit in choices and (source in choices) is offered


def test_STR_12_OD_04_a_g_unit_made_a_dress_source_stays_then_follows_to_the_g_zone(rdb):
    """OD-04, OD-12, STR-12: a G unit on RC overDressed over stays as the dress source (not
    leaving the field); when its unit goes to the drop it goes along, then on to the G zone
    face up (STR-12: first that zone, then the G zone)."""
    game = (vg.Scenario(rdb, format="premium")
            .player(0, vanguard="PX-008", rear={"front_left": "PG-001"}, hand=["R5-G-DRESS"],
                    deck=list(DECK))
            .player(1, vanguard="PX-008", deck=list(DECK)).start(turn=3, phase="main"))
    g_unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.OVERDRESS, target=g_unit))
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    assert zone_of(game, g_unit) is Zone.DRESS and q.dress_sources(game.state, unit) == [g_unit]
    _act(game, unit, 0)
    assert zone_of(game, unit) is Zone.DROP and zone_of(game, g_unit) is Zone.G_ZONE
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == g_unit]
    assert moves == [(Zone.DRESS, Zone.DROP), (Zone.DROP, Zone.G_ZONE)]
