"""PRI-01..05, WLD-01..02, TOK-01..08 and OD-06: Prison, World, tokens (Brandt Gate)."""

from __future__ import annotations

import esper

import ecs_vanguard as vg
from components import Imprisoned
from ecs_vanguard import ops
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import (
    CardImprisoned,
    CardMoved,
    UnitCalled,
    UnitPlaced,
    WorldChanged,
)
from ecs_vanguard.vocab.formats import Skill, UnitType
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    ids_in,
    pick,
    power_of,
    start_game,
    unit_at,
    zone_of,
)

DECK = ["BG-011"] * 8


def _gate(db, side0: dict, side1: dict | None = None, turn_player: int = 0) -> vg.Game:
    return start_game(db, side0, side1 or {"vanguard": "DX-104", "rear": {"front_left": "DX-106"}},
                      decks=(DECK, ["DX-106"] * 8), turn_player=turn_player)


def _imprison_front_left(db, order_zone: list[str], **side0) -> tuple[vg.Game, int]:
    game = _gate(db, {"vanguard": "BG-004", "hand": ["BG-003"], "soul": ["BG-010"],
                      "order_zone": order_zone, **side0})
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT))
    game.step(pick(game, ActionKind.YES))
    return game, victim


def test_PRI_01_imprison_needs_a_prison_in_your_order_zone(db):
    """PRI-01: with a Prison, the opponent's card goes into your order zone as imprisoned;
    without one, nothing can be imprisoned."""
    game, victim = _imprison_front_left(db, ["BG-007"])
    assert victim in cards_in(game, 0, Zone.ORDER) and q.position(victim).owner == 1
    assert CardImprisoned(victim, 1, 0) in game.events
    game, victim = _imprison_front_left(db, [])
    assert zone_of(game, victim) is Zone.RC and not events_of(game, CardImprisoned)


def test_PRI_02_imprisoned_cards_are_linked_to_no_prison(tdb):
    """PRI-02: imprisoned cards belong to the order zone, not to one Prison: one Prison leaving
    while another stays keeps them."""
    game, victim = _imprison_front_left(tdb, ["BG-007", "BG-007"], vanguard="T-ORDER-BINDER")
    first = cards_in(game, 0, Zone.ORDER)[0]
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=first))
    assert zone_of(game, first) is Zone.BIND
    assert victim in cards_in(game, 0, Zone.ORDER)


def test_PRI_03_imprisoned_cards_keep_information_but_no_abilities(db):
    """PRI-03: an imprisoned card keeps its information; its abilities are void."""
    game = _gate(db, {"vanguard": "BG-004", "hand": ["BG-003"], "soul": ["BG-010"],
                      "order_zone": ["BG-007"]},
                 {"vanguard": "DX-104", "rear": {"front_left": "DX-107"}})
    victim = unit_at(game, 1, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT))
    game.step(pick(game, ActionKind.YES))
    game.switch()
    assert q.names(game.state, victim) == ("Shieldbearer Knight",) and q.grade(game.state,
                                                                                victim) == 2
    assert q.abilities(game.state, victim) == [] and game.state.card(victim).abilities


def test_PRI_04_without_a_prison_imprisoned_cards_go_to_their_owners_drop(tdb):
    """PRI-04: a rule action sends imprisoned cards of an order zone with no Prison to the drop
    of their owner."""
    game, victim = _imprison_front_left(tdb, ["BG-007"], vanguard="T-ORDER-BINDER")
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert zone_of(game, victim) is Zone.DROP and victim in cards_in(game, 1, Zone.DROP)
    assert not esper.has_component(victim, Imprisoned)


def test_PRI_05_the_prisoner_owner_may_call_it_back_as_a_superior_call(db):
    """PRI-05: at the open timing of their own main phase the opponent may pay the stated cost to
    call an imprisoned card of theirs to their RC, even onto a unit; no grade limit."""
    game = (vg.Scenario(db)
            .player(0, vanguard="BG-004", order_zone=["BG-007"], deck=DECK)
            .player(1, vanguard="DX-102", rear={"front_left": "DX-006", "front_right": "DX-005"},
                    soul=["DX-101"], deck=["DX-106"] * 8)
            .start(turn=3, turn_player=0, phase="battle"))
    jailed = unit_at(game, 1, Circle.FRONT_RIGHT)
    game.step(pick(game, ActionKind.ATTACK, target=unit_at(game, 1, Circle.VC)))
    assert game.decision.kind is DecisionKind.GUARD            # CB1 unpayable: no imprison
    game.switch()                  # player 0 imprisons through the op, as a card effect would
    assert ops.imprison(game.state, 0, jailed)
    game.step(pick(game, ActionKind.DONE))
    while game.decision.kind is not DecisionKind.MAIN_PHASE or game.turn_player != 1:
        game.step(pick(game, ActionKind.DONE))
    prison = cards_in(game, 0, Zone.ORDER)[0]
    assert has_action(game, ActionKind.ACT, card=prison, index=1)
    game.step(pick(game, ActionKind.ACT, card=prison, index=1))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    assert unit_at(game, 1, Circle.FRONT_LEFT) == jailed
    assert events_of(game, UnitCalled)[-1].superior
    assert ids_in(game, 1, Zone.DROP) == ["DX-101", "DX-006"]     # soul blast + rule retire


def test_OD_06_an_imprisoned_overdress_unit_takes_its_sources_along(db):
    """OD-06: an imprisoned overDress unit takes its dress sources into the prison with it."""
    game = (vg.Scenario(db)
            .player(0, vanguard="OV-004", hand=["OV-005"], rear={"front_left": "OV-006"},
                    deck=["OV-003"] * 8)
            .player(1, vanguard="BG-004", order_zone=["BG-007"], deck=DECK)
            .start(turn=3, turn_player=0, phase="main"))
    trick = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.OVERDRESS))
    dancer = unit_at(game, 0, Circle.FRONT_LEFT)
    game.switch()
    assert ops.imprison(game.state, 1, dancer)
    assert cards_in(game, 1, Zone.ORDER)[1:] == [dancer, trick]


def test_WLD_01_world_content_blank_dark_night_abyssal_and_changes_replace(db):
    """WLD-01: a World's content is blank unless stated; one World alone: Dark Night; two or more:
    Abyssal Dark Night; a change by an ability replaces the old content."""
    def contents(order_zone: list[str]) -> list[str]:
        game = _gate(db, {"vanguard": "BG-004", "order_zone": order_zone})
        game.switch()
        return [q.world_content(game.state, w) for w in q.worlds(game.state, 0)]

    assert contents(["BG-008"]) == ["dark_night"]
    assert contents(["BG-008", "BG-009"]) == ["abyssal_dark_night"] * 2
    assert contents(["BG-008", "BG-007"]) == ["blank"]              # not only Worlds
    game = _gate(db, {"vanguard": "BG-004", "order_zone": ["BG-009"], "soul": ["BG-010"]})
    world = cards_in(game, 0, Zone.ORDER)[0]
    game.step(pick(game, ActionKind.ACT, card=world))
    assert events_of(game, WorldChanged) == [WorldChanged(world, 0, "abyssal_dark_night")]
    game.switch()
    assert q.world_content(game.state, world) == "abyssal_dark_night"


def test_WLD_02_the_content_only_matters_to_abilities(db):
    """WLD-02: the content changes no game action; abilities that refer to it do change."""
    powers = []
    for order_zone in (["BG-008"], ["BG-008", "BG-009"]):
        game = _gate(db, {"vanguard": "BG-004", "hand": ["BG-002"], "order_zone": order_zone})
        kinds = {a.kind for a in game.legal_actions()}
        game.step(pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT))
        powers.append((power_of(game, unit_at(game, 0, Circle.BACK_LEFT)), kinds))
    assert powers[0][0] == 8000 and powers[1][0] == 13000
    assert powers[0][1] == powers[1][1]


def test_TOK_01_and_TOK_03_a_token_off_the_circles_vanishes_after_its_move_triggers(tdb):
    """TOK-01, TOK-03: a retired token arrives in the drop, is removed from the game at once,
    and the autos its move triggered still trigger."""
    game = _gate(tdb, {"vanguard": "T-SACRIFICE", "rear": {"back_left": "T-WATCHER"}})
    game.step(pick(game, ActionKind.ACT, index=1))                    # make a token
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    token = unit_at(game, 0, Circle.FRONT_RIGHT)
    soul_before = len(cards_in(game, 0, Zone.SOUL))
    game.step(pick(game, ActionKind.ACT, index=0))                    # retire it as a cost
    game.step(pick(game, ActionKind.PICK, card=token))
    moves = [(e.from_zone, e.to_zone) for e in events_of(game, CardMoved) if e.card == token]
    assert moves == [(Zone.RC, Zone.DROP), (Zone.DROP, Zone.REMOVED)]
    assert zone_of(game, token) is Zone.REMOVED
    assert len(cards_in(game, 0, Zone.SOUL)) == soul_before + 1       # the watcher triggered


def test_TOK_02_a_token_is_a_unit_that_can_pay_costs(tdb):
    """TOK-02: on a circle a token is a unit with its information; it can pay 'retire one of your
    rear-guards'."""
    game = _gate(tdb, {"vanguard": "T-SACRIFICE"})
    game.step(pick(game, ActionKind.ACT, index=1))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    token = unit_at(game, 0, Circle.FRONT_LEFT)
    game.switch()
    assert token in q.rear_guards(game.state, 0) and q.names(game.state, token) == ("Nightshade",)
    assert has_action(game, ActionKind.ACT, index=0)
    game.step(pick(game, ActionKind.ACT, index=0))
    assert zone_of(game, token) is Zone.REMOVED and len(cards_in(game, 0, Zone.HAND)) == 1


def test_TOK_04_tokens_are_token_unit_cards(db):
    """TOK-04: a token is a token unit card, not a normal unit card."""
    assert db["TOKEN-NIGHTSHADE"].unit_type is UnitType.TOKEN
    deck = vg.Deck.builtin("iron_gate")
    table = {"name": "t", "ride_deck": list(deck.ride_deck), "main": {}}
    for c in deck.main:
        table["main"][c] = table["main"].get(c, 0) + 1
    table["main"]["BG-011"] -= 1
    table["main"]["TOKEN-NIGHTSHADE"] = 1
    try:
        vg.Deck.from_dict(table, db).validate("standard", db)
    except vg.DeckError as exc:
        assert "TOK-01" in str(exc)
    else:
        raise AssertionError("a token was accepted in a deck")


def test_TOK_05_a_removed_token_can_be_made_again(tdb):
    """TOK-05: the supply is unlimited: make, lose, make again."""
    game = _gate(tdb, {"vanguard": "T-SACRIFICE"})
    for _ in range(3):
        game.step(pick(game, ActionKind.ACT, index=1))
        game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    tokens = [e.card for e in events_of(game, UnitCalled)]
    assert len(set(tokens)) == 3 and zone_of(game, tokens[-1]) is Zone.RC
    assert [zone_of(game, t) for t in tokens[:2]] == [Zone.REMOVED, Zone.REMOVED]


def test_TOK_06_several_tokens_choose_different_circles_first(db):
    """TOK-06: first choose that many different RCs, then make one token on each."""
    game = _gate(db, {"vanguard": "BG-005", "order_zone": ["BG-008", "BG-009"],
                      "damage": ["BG-011"] * 2})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    chosen = []
    for circle in (Circle.FRONT_LEFT, Circle.BACK_LEFT, Circle.FRONT_RIGHT):
        assert not events_of(game, UnitCalled)
        assert not has_action(game, ActionKind.PICK, circle=chosen[-1]) if chosen else True
        game.step(pick(game, ActionKind.PICK, circle=circle))
        chosen.append(circle)
    assert [e.circle for e in events_of(game, UnitCalled)] == chosen


def test_TOK_07_nightshade_is_grade_1_15000_critical_1_boost_brandt_gate(db):
    """TOK-07: the Nightshade token's stats."""
    card = db["TOKEN-NIGHTSHADE"]
    assert (card.grade, card.power, card.critical, card.nation) == (1, 15000, 1, "brandt_gate")
    assert card.skills == frozenset({Skill.BOOST}) and card.unit_type is UnitType.TOKEN


def test_TOK_08_making_a_token_is_a_superior_call_and_an_appearance(tdb):
    """TOK-08: 'when called' and 'when placed' autos trigger for a token."""
    game = _gate(tdb, {"vanguard": "T-SACRIFICE", "rear": {"back_left": "T-WATCHER"}})
    game.step(pick(game, ActionKind.ACT, index=1))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    token = unit_at(game, 0, Circle.FRONT_LEFT)
    call = events_of(game, UnitCalled)[-1]
    assert call.card == token and call.superior
    assert UnitPlaced(token, 0, Zone.RC, Circle.FRONT_LEFT) in game.events
    assert len(cards_in(game, 0, Zone.HAND)) == 1                     # the watcher drew
    assert card_named(game, 0, Zone.HAND, "BG-011")
