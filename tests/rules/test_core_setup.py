"""CORE-01..05: zones, deck construction, set-up, turn order, riding."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.events import GameStarted, Mulliganed, PhaseStarted, UnitRode
from ecs_vanguard.vocab.zones import LIST_ZONES, REAR_CIRCLES, Circle, Zone
from tests.helpers import (
    card_named,
    cards_in,
    events_of,
    has_action,
    ids_in,
    is_face_up,
    pick,
    power_of,
    unit_at,
    zone_of,
)


def test_CORE_01_every_zone_exists_and_the_deck_top_is_index_0(db):
    """CORE-01: each player has every zone and circle; the top of the deck is index 0."""
    game = (vg.Scenario(db)
            .player(0, vanguard="DX-001", deck=["DX-011", "DX-012", "DX-013"])
            .player(1, vanguard="DX-101")
            .start(turn=3, turn_player=0, phase="draw"))
    for p in (0, 1):
        assert set(game.state.board.zones[p]) == set(LIST_ZONES)
        assert set(game.state.board.circles[p]) == {Circle.VC, *REAR_CIRCLES}
    assert ids_in(game, 0, Zone.HAND) == ["DX-011"]
    assert ids_in(game, 0, Zone.DECK) == ["DX-012", "DX-013"]


def _deck_table(name: str = "blazing_dragons") -> dict:
    deck = vg.Deck.builtin(name)
    main: dict[str, int] = {}
    for card in deck.main:
        main[card] = main.get(card, 0) + 1
    return {"name": "test", "ride_deck": list(deck.ride_deck), "main": main}


def _invalid(db, table: dict, fmt: str = "standard") -> str:
    with pytest.raises(vg.DeckError) as err:
        vg.Deck.from_dict(table, db, source="test.toml").validate(fmt, db)
    return str(err.value)


def test_CORE_02_builtin_decks_are_valid_in_their_format(db):
    """CORE-02: the sample decks follow the construction rules."""
    for name in vg.Deck.builtin_names():
        deck = vg.Deck.builtin(name)
        deck.validate(deck.format, db)
        assert len(deck.main) == 50


def test_CORE_02_a_deck_needs_exactly_50_cards(db):
    """CORE-02: main deck exactly 50 (ride deck included)."""
    table = _deck_table()
    table["main"]["DX-007"] -= 1
    assert "CORE-02" in (msg := _invalid(db, table)) and "49 cards" in msg


def test_CORE_02_at_most_4_cards_of_a_name(db):
    """CORE-02: at most 4 cards with the same name; the message names the cards."""
    table = _deck_table()
    table["main"]["DX-007"] -= 1
    table["main"]["DX-006"] += 1
    msg = _invalid(db, table)
    assert "more than 4" in msg and "DX-006" in msg


def test_CORE_02_exactly_16_triggers_at_most_4_heal_and_1_over(db):
    """CORE-02: 16 triggers, at most 4 heal, at most 1 over."""
    table = _deck_table()
    table["main"]["DX-007"] -= 1
    table["main"]["DX-013"] += 1
    assert "17 trigger units" in _invalid(db, table)
    table = _deck_table()
    table["main"]["DX-013"] -= 1
    table["main"]["DX-114"] = 1
    assert "5 heal triggers" in _invalid(db, table)
    table = _deck_table()
    table["main"]["DX-013"] -= 1
    table["main"]["DX-110"] = 1
    assert "2 over triggers" in _invalid(db, table)


def test_CORE_02_g_units_never_in_the_main_deck_and_g_deck_at_most_16(db, tmp_path):
    """CORE-02: G units never in the main deck; G deck at most 16, at most 4 of a name."""
    extra = tmp_path / "g.toml"
    extra.write_text("\n".join(
        f'[[card]]\nid = "G-{i}"\nnames = ["Stride {i}"]\ngrade = 4\npower = 15000\n'
        f'unit_type = "g_unit"\nstandard = false\n'
        f'stride_cost = [{{ op = "discard_grades", total = 3 }}]\n' for i in range(5)))
    gdb = vg.CardDB.load(extra, base=db)
    table = _deck_table()
    table["main"]["DX-007"] -= 1
    table["main"]["G-0"] = 1
    assert "G units can never be in the main deck" in _invalid(gdb, table, "premium")
    table = _deck_table()
    table["g_deck"] = {f"G-{i}": 4 for i in range(5)}
    assert "G deck has 20 cards" in _invalid(gdb, table, "premium")
    table["g_deck"] = {"G-0": 5}
    assert "more than 4 cards named 'Stride 0'" in _invalid(gdb, table, "premium")
    table["g_deck"] = {"G-0": 4}
    assert "STR-01" in _invalid(gdb, table, "standard")


def test_CORE_03_setup_face_down_vanguards_five_cards_and_a_mulligan(db):
    """CORE-03: starters face down on VC, 5 cards, mulligan once, then the first player is drawn
    and both vanguards turn face up without a ride."""
    deck = vg.Deck.builtin("blazing_dragons")
    game = vg.Game(deck, deck, seed=11)
    assert game.decision.kind is DecisionKind.MULLIGAN and game.decision.player == 0
    vanguards = [unit_at(game, p, Circle.VC) for p in (0, 1)]
    assert not any(is_face_up(game, v) for v in vanguards)
    assert game.state.card(vanguards[0]).id == "DX-001"
    assert [len(cards_in(game, p, Zone.HAND)) for p in (0, 1)] == [5, 5]
    hand_before = cards_in(game, 0, Zone.HAND)
    deck_size = len(cards_in(game, 0, Zone.DECK))
    game.step(pick(game, ActionKind.PICK, card=hand_before[0]))
    game.step(pick(game, ActionKind.PICK, card=hand_before[1]))
    game.step(pick(game, ActionKind.DONE))
    assert len(cards_in(game, 0, Zone.HAND)) == 5
    assert len(cards_in(game, 0, Zone.DECK)) == deck_size
    assert Mulliganed(0, 2) in game.events
    assert game.decision.kind is DecisionKind.MULLIGAN and game.decision.player == 1
    game.step(pick(game, ActionKind.DONE))
    assert all(is_face_up(game, v) for v in vanguards)
    assert events_of(game, GameStarted) == [GameStarted(game.first_player)]
    assert not events_of(game, UnitRode)


def test_CORE_03_the_first_player_comes_from_the_seeded_generator(db):
    """CORE-03: the first player is chosen by the game's generator: reproducible, both possible."""
    deck = vg.Deck.builtin("blazing_dragons")

    def first(seed: int) -> int:
        game = vg.Game(deck, deck, seed=seed)
        game.step(pick(game, ActionKind.DONE))
        game.step(pick(game, ActionKind.DONE))
        return game.first_player

    firsts = [first(s) for s in range(12)]
    assert set(firsts) == {0, 1}
    assert firsts == [first(s) for s in range(12)]


def test_CORE_04_phases_in_order_and_no_battle_on_the_first_turn(db):
    """CORE-04: stand/draw, ride, main, (battle), end; the first player draws on turn 1 too
    and has no battle phase."""
    deck = vg.Deck.builtin("blazing_dragons")
    game = vg.Game(deck, deck, seed=5)
    game.step(pick(game, ActionKind.DONE))
    game.step(pick(game, ActionKind.DONE))
    first = game.first_player
    assert len(cards_in(game, first, Zone.HAND)) == 6           # drew on turn 1
    while game.turn == 1:
        game.step(pick(game, ActionKind.DONE))
    phases = [(e.turn, e.phase) for e in events_of(game, PhaseStarted)]
    assert [ph for t, ph in phases if t == 1] == ["stand", "draw", "ride", "main", "end"]
    while game.phase is not vg.Phase.BATTLE:
        game.step(pick(game, ActionKind.DONE))
    assert game.turn == 2 and game.turn_player == 1 - first
    phases = [ph for t, ph in ((e.turn, e.phase) for e in events_of(game, PhaseStarted)) if t == 2]
    assert phases == ["stand", "draw", "ride", "main", "battle"]


def _ride_game(db, **side0):
    side0.setdefault("vanguard", "DX-002")
    return (vg.Scenario(db).player(0, **side0).player(1, vanguard="DX-101")
            .start(turn=3, turn_player=0, phase="ride"))


def test_CORE_05_ride_same_grade_or_one_higher_from_hand_old_vanguard_to_soul(db):
    """CORE-05: ride a card of the vanguard's grade or one higher; the old vanguard goes to soul;
    once per turn."""
    game = _ride_game(db, hand=["DX-003", "DX-004", "DX-008", "DX-001"])
    old = unit_at(game, 0, Circle.VC)
    g2 = card_named(game, 0, Zone.HAND, "DX-003")
    assert has_action(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "DX-008"))
    assert not has_action(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "DX-004"))
    assert not has_action(game, ActionKind.RIDE, card=card_named(game, 0, Zone.HAND, "DX-001"))
    game.step(pick(game, ActionKind.RIDE, card=g2))
    assert unit_at(game, 0, Circle.VC) == g2
    assert zone_of(game, old) is Zone.SOUL
    assert game.phase is vg.Phase.MAIN and not has_action(game, ActionKind.RIDE)


def test_CORE_05_riding_from_the_ride_deck_costs_a_discard(db):
    """CORE-05: a ride-deck card can be ridden by discarding 1 card from hand."""
    game = _ride_game(db, hand=["DX-011", "DX-012"], ride_deck=["DX-003"])
    rider = cards_in(game, 0, Zone.RIDE_DECK)[0]
    game.step(pick(game, ActionKind.RIDE, card=rider))
    assert game.decision.kind is DecisionKind.CHOOSE_CARD
    discarded = card_named(game, 0, Zone.HAND, "DX-012")
    game.step(pick(game, ActionKind.PICK, card=discarded))
    assert unit_at(game, 0, Circle.VC) == rider
    assert zone_of(game, discarded) is Zone.DROP
    assert ids_in(game, 0, Zone.HAND) == ["DX-011"]


def test_CORE_05_no_ride_deck_ride_with_an_empty_hand(db):
    """CORE-05: with nothing to discard, the ride deck cannot be used."""
    game = _ride_game(db, hand=[], ride_deck=["DX-003"])
    assert game.phase is vg.Phase.MAIN           # no ride was possible: no ride decision at all


def test_CORE_05_persona_ride_front_row_plus_10000_and_draw_1(db):
    """CORE-05: riding a card with the vanguard's name (persona ride) gives the front row +10000
    until end of turn and draws 1."""
    game = _ride_game(db, vanguard="DX-004", hand=["DX-004"],
                      rear={"front_left": "DX-006", "back_left": "DX-008"},
                      deck=["DX-007", "DX-007"])
    front, back = unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.RIDE))
    assert power_of(game, unit_at(game, 0, Circle.VC)) == 23000
    assert power_of(game, front) == 20000 and power_of(game, back) == 8000
    assert ids_in(game, 0, Zone.HAND) == ["DX-007"]
    assert events_of(game, UnitRode)[-1].persona


def test_CORE_02_a_game_checks_a_deck_once_per_format_and_pool_and_an_illegal_one_every_time(
        monkeypatch, tmp_path):
    """CORE-02 holds for every game, checked once: a deck found legal is not checked again in
    that format and pool, but is in another format or pool; an illegal deck fails every game."""
    from dataclasses import replace

    from ecs_vanguard.vocab.errors import DeckError
    from tests.helpers import record_deck_checks

    checked = record_deck_checks(monkeypatch)
    a, b = vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights")
    for seed in range(3):
        vg.Game(a, b, seed=seed)
    assert checked == [(a, "standard"), (b, "standard")]
    vg.Game(a, b, format="premium")
    assert checked[2:] == [(a, "premium"), (b, "premium")]
    extra = tmp_path / "extra.toml"
    extra.write_text('[[card]]\nid = "X-1"\nnames = ["Extra"]\ngrade = 0\npower = 5000\n')
    other_pool = vg.CardDB.load(extra, base=vg.CardDB.builtin())
    vg.Game(a, b, db=other_pool)
    assert checked[4:] == [(a, "standard"), (b, "standard")]
    short = replace(a, main=a.main[:-1])
    for seed in (0, 1):
        with pytest.raises(DeckError, match="CORE-02"):
            vg.Game(short, b, seed=seed)
    assert checked[6:] == [(short, "standard"), (short, "standard")]
