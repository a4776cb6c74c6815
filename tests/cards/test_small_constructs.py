"""The smaller constructs of issue 39 §5, one card each: a call to the front row, to the column
of a chosen unit, to RC at rest; "for every N"; discard any number; a damage check whose
trigger effects are cancelled; a gift given by an effect; a per-card limit in a deck; and §8: a
wrong `to` names every accepted form. Corpus LX-SM01..SM08 (tests/cards/corpus/small.toml)."""

from __future__ import annotations

from collections import Counter

import pytest

import ecs_vanguard as vg
from ecs_vanguard.pool.deck import Deck, DeckError
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, refused_file, scene
from tests.helpers import (
    card_named,
    cards_in,
    damage_count,
    has_action,
    ids_in,
    is_rested,
    pick,
    power_of,
    unit_at,
)

DRAW_TRIGGER = "DX-012"


def _circles_offered(game: vg.Game) -> set[Circle]:
    return {a.circle for a in game.decision.actions if a.kind is ActionKind.PICK
            and a.circle is not None}


def test_LX_SM01_calls_only_to_the_front_row(ldb):
    game = scene(ldb, {"vanguard": "LX-SM01", "hand": [G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.HAND, G2)))
    assert _circles_offered(game) == {Circle.FRONT_LEFT, Circle.FRONT_RIGHT}
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_RIGHT))
    assert game.state.card(unit_at(game, 0, Circle.FRONT_RIGHT)).id == G2


@pytest.mark.parametrize("anchor,column", [
    (Circle.FRONT_LEFT, {Circle.FRONT_LEFT, Circle.BACK_LEFT}),
    (Circle.BACK_RIGHT, {Circle.FRONT_RIGHT, Circle.BACK_RIGHT}),
    (Circle.BACK_CENTER, {Circle.BACK_CENTER}),          # the vanguard's column: VC is no RC
])
def test_LX_SM02_calls_to_the_column_of_the_chosen_unit(ldb, anchor, column):
    game = scene(ldb, {"vanguard": "LX-SM02", "drop": [G2],
                       "rear": {"front_left": V3, "back_right": V3, "back_center": V3}})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, card=unit_at(game, 0, anchor)))
    game.step(pick(game, ActionKind.PICK, card=card_named(game, 0, Zone.DROP, G2)))
    if len(column) > 1:
        assert _circles_offered(game) == column
        game.step(pick(game, ActionKind.PICK, circle=anchor))
    # one circle left: no question; the call onto the anchor's RC retires it (CORE-17)
    assert game.state.card(unit_at(game, 0, anchor)).id == G2


def test_LX_SM03_calls_at_rest(ldb):
    game = scene(ldb, {"vanguard": "LX-SM03", "soul": [G2]})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    game.step(pick(game, ActionKind.PICK, circle=Circle.FRONT_LEFT))
    called = unit_at(game, 0, Circle.FRONT_LEFT)
    assert is_rested(game, called)
    game.step(pick(game, ActionKind.DONE))                     # to the battle phase
    assert has_action(game, ActionKind.ATTACK, card=unit_at(game, 0, Circle.VC))
    assert not has_action(game, ActionKind.ATTACK, card=called)   # at rest: cannot attack


@pytest.mark.parametrize("soul,power", [(0, 10000), (1, 10000), (2, 13000), (3, 13000),
                                        (5, 16000)])
def test_LX_SM04_for_every_two_cards_rounds_down(ldb, soul, power):
    game = scene(ldb, {"vanguard": V3, "soul": [G2] * soul, "rear": {"front_left": "LX-SM04"}})
    assert power_of(game, unit_at(game, 0, Circle.FRONT_LEFT)) == power


@pytest.mark.parametrize("discarded", [0, 1, 3])
def test_LX_SM05_discard_any_number_then_draw_as_many(ldb, discarded):
    game = scene(ldb, {"vanguard": "LX-SM05", "hand": [G2, G2, G2], "deck": [V3] * 5})
    hand = cards_in(game, 0, Zone.HAND)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    for card in hand[:discarded]:
        game.step(pick(game, ActionKind.PICK, card=card))
    if discarded < 3:
        assert has_action(game, ActionKind.DONE)             # zero is allowed: stop any time
        game.step(pick(game, ActionKind.DONE))
    assert len(cards_in(game, 0, Zone.DROP)) == discarded
    assert Counter(ids_in(game, 0, Zone.HAND)) == Counter({G2: 3 - discarded, V3: discarded})


@pytest.mark.parametrize("cancelled", [True, False])
def test_LX_SM06_the_damage_checks_trigger_effects_are_cancelled(ldb, cancelled):
    """A draw trigger revealed by the check: no draw and no power with the effect cancelled;
    the card still goes to the damage zone. The control is a plain deal_damage (LX-SM06's
    structure without the flag), read from the same position."""
    game = scene(ldb, {"vanguard": "LX-SM06", "damage": [G2]},
                 {"vanguard": V3, "deck": [DRAW_TRIGGER, G2, G2]})
    if not cancelled:
        import dataclasses
        ability = ldb["LX-SM06"].abilities[0]
        step = dataclasses.replace(ability.effect[0], trigger_effects=True)
        card = dataclasses.replace(ldb["LX-SM06"], abilities=(
            dataclasses.replace(ability, effect=(step,)),))
        db = vg.CardDB([c if c.id != "LX-SM06" else card for c in ldb])
        game = scene(db, {"vanguard": "LX-SM06", "damage": [G2]},
                     {"vanguard": V3, "deck": [DRAW_TRIGGER, G2, G2]})
    hand = len(cards_in(game, 1, Zone.HAND))
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    while game.decision.player == 1 and game.decision.kind is not DecisionKind.MAIN_PHASE:
        game.step(game.decision.actions[0])                  # the trigger's power target
    assert damage_count(game, 1) == 1
    assert ids_in(game, 1, Zone.DAMAGE) == [DRAW_TRIGGER]
    assert len(cards_in(game, 1, Zone.HAND)) == hand + (0 if cancelled else 1)


def test_LX_SM07_a_gift_given_by_an_effect(ldb):
    game = scene(ldb, {"vanguard": "LX-SM07"})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    assert "GIFT-PROTECT" in ids_in(game, 0, Zone.HAND)


def _premium_deck(g_deck: tuple[str, ...]) -> Deck:
    base = Deck.builtin("force_vanguards")
    return Deck(name="t", main=base.main, starter=base.starter, ride_deck=base.ride_deck,
                g_deck=g_deck, format=base.format)


def test_LX_SM08_a_printed_deck_limit_lowers_the_copy_limit(ldb):
    """CORE-02: four copies of a name are allowed, but a card printed "only one in your deck"
    allows one."""
    _premium_deck(("PG-001",) * 4 + ("LX-SM08",)).validate("premium", ldb)
    with pytest.raises(DeckError, match="more than 1 cards named 'Solitary Crown Stride'"):
        _premium_deck(("PG-001",) * 4 + ("LX-SM08",) * 2).validate("premium", ldb)


CARD = '[[card]]\nid = "SM-1"\nnames = ["Small Card"]\ngrade = 1\npower = 8000\n'
ACT = '[[card.ability]]\nkind = "act"\nzones = ["rc"]\neffect = [{step}]\n'
BAD = [
    ("every 0", ('{ op = "add_power", target = "self", amount = 1, '
     'per = { from = "your_soul", every = 0 } }'), "per.every", "1 or more"),
    ("a gift that is not one", '{ op = "gain_gift", gift = "shield" }', "effect[0].gift",
     "force, accel, protect"),
    ("column_of an unbound name", ('{ op = "superior_call", from = "your_hand", '
     'to = { column_of = "nobody" } }'), "to.column_of", "not \"self\" or a name bound"),
    ("a deck limit of 0", None, "marks.deck_limit", "1 or more"),
]


@pytest.mark.parametrize("what,step,field,reason", BAD, ids=[b[0] for b in BAD])
def test_a_wrong_small_construct_is_one_line(tmp_path, ldb, what, step, field, reason):
    body = 'marks = { deck_limit = 0 }\n' if step is None else ACT.format(step=step)
    refused_file(tmp_path, CARD + body, ldb, field, reason)


def test_a_wrong_to_names_every_accepted_form(tmp_path, ldb):
    """Issue 39 §8: `to = "front_rows"` lists rc, gc, open_rc, front_row, back_row and the
    { circle = ... }, { circle_of = ... } and { column_of = ... } forms."""
    path = tmp_path / "bad.toml"
    path.write_text(CARD + ACT.format(step='{ op = "superior_call", from = "your_hand", '
                                           'to = "front_rows" }'))
    with pytest.raises(CardDataError) as caught:
        vg.CardDB.load(path, base=ldb)
    message = str(caught.value)
    for form in ("rc", "gc", "open_rc", "front_row", "back_row", "{ circle = <front_left",
                 "{ circle_of = name }", "{ column_of = name }"):
        assert form in message, (form, message)
