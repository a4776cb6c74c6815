"""Bad input on the library side: illegal or stale actions change nothing; bad deck and card
files give one typed, one-line message naming the file and the field or rule (issue 5)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.decisions import Action, ActionKind
from ecs_vanguard.vocab.zones import Circle
from tests.helpers import pick

DECK_DIR = Path(vg.__file__).parent / "pool" / "decks"


def _main_phase_game(db: vg.CardDB) -> vg.Game:
    return (
        vg.Scenario(db, format="standard", seed=1)
        .player(0, vanguard="DX-004", rear={"front_left": "DX-003"}, hand=["DX-002", "DX-006"])
        .player(1, vanguard="DX-104", hand=["DX-111"])
        .start(turn=3, turn_player=0, phase="main")
    )


def _assert_refused_and_unchanged(game: vg.Game, action: object) -> None:
    """`step(action)` raises IllegalActionError and changes nothing at all."""
    before, events, legal = game.state_hash(), len(game.events), game.legal_actions()
    with pytest.raises(vg.IllegalActionError) as info:
        game.step(action)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)
    assert game.state_hash() == before and len(game.events) == events
    assert game.legal_actions() == legal


def test_an_action_of_an_earlier_decision_is_refused(db):
    game = _main_phase_game(db)
    call = pick(game, ActionKind.CALL, circle=Circle.BACK_LEFT, card=game.legal_actions()[0].card)
    game.step(call)
    assert call not in game.legal_actions()  # the card left the hand
    _assert_refused_and_unchanged(game, call)


def test_an_action_of_a_clone_that_has_moved_on_is_refused(db):
    game = _main_phase_game(db)
    clone = game.clone()
    clone.step(pick(clone, ActionKind.DONE))  # the clone goes to its battle phase
    attack = next(a for a in clone.legal_actions() if a.kind is ActionKind.ATTACK)
    _assert_refused_and_unchanged(game, attack)


@pytest.mark.parametrize(
    "action",
    [
        Action(ActionKind.CALL, card=10**6, circle=Circle.FRONT_RIGHT),
        Action(ActionKind.CALL, card=-7, circle=Circle.FRONT_RIGHT),
        Action(ActionKind.MOVE, card=0, circle=Circle.BACK_LEFT),
        Action(ActionKind.PICK, card=3),
        Action(ActionKind.PICK, index=10**9),
    ],
)
def test_an_action_naming_cards_that_do_not_exist_is_refused(db, action):
    _assert_refused_and_unchanged(_main_phase_game(db), action)


@pytest.mark.parametrize("thing", [None, 0, "done", ("call", 3), ActionKind.DONE])
def test_something_that_is_not_an_action_is_refused(db, thing):
    _assert_refused_and_unchanged(_main_phase_game(db), thing)


def test_stale_actions_are_refused_at_every_step_of_a_random_game():
    """Every action legal one step earlier but not now is refused, all game long."""
    game = vg.Game(
        vg.Deck.builtin("blazing_dragons"),
        vg.Deck.builtin("radiant_knights"),
        seed=12,
        format="standard",
    )
    rng = np.random.default_rng(12)
    refused = 0
    while not game.over:
        earlier = game.legal_actions()
        game.step(earlier[int(rng.integers(len(earlier)))])
        stale = [a for a in earlier if a not in game.legal_actions()]
        for action in stale[:2]:
            _assert_refused_and_unchanged(game, action)
            refused += 1
    assert refused > 50
    _assert_refused_and_unchanged(game, Action(ActionKind.DONE))  # over: nothing is legal


# -- deck files ----------------------------------------------------------------------------------


def _deck_text() -> str:
    return (DECK_DIR / "blazing_dragons.toml").read_text()


def _deck_error(tmp_path: Path, text: str, db: vg.CardDB, name: str = "deck.toml") -> str:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(vg.DeckError) as info:
        vg.Deck.load(path, db)
    message = str(info.value)
    assert str(path) in message and "\n" not in message
    return message


def test_malformed_deck_toml_names_the_file_and_the_line(tmp_path, db):
    text = _deck_text()
    line = text.splitlines().index("DX-002 = 4") + 1
    message = _deck_error(tmp_path, text.replace("DX-002 = 4", "DX-002 = = 4"), db)
    assert "malformed TOML" in message and f"line {line}," in message


def test_an_unknown_card_in_a_deck_names_the_field_and_the_card(tmp_path, db):
    message = _deck_error(tmp_path, _deck_text().replace("DX-008 = 4", "DX-999 = 4"), db)
    assert "field 'main'" in message and "unknown card 'DX-999'" in message
    message = _deck_error(
        tmp_path, _deck_text().replace('"DX-003", "DX-004"]', '"DX-003", "NOPE"]'), db
    )
    assert "field 'ride_deck'" in message and "'NOPE'" in message


def test_a_wrong_type_or_unknown_key_in_a_deck_names_the_field(tmp_path, db):
    message = _deck_error(tmp_path, _deck_text().replace("DX-002 = 4", 'DX-002 = "four"'), db)
    assert "field 'main.DX-002'" in message and "positive integer" in message
    message = _deck_error(tmp_path, "colour = 'red'\n" + _deck_text(), db)
    assert "unknown key(s): colour" in message


def test_a_deck_breaking_a_construction_rule_names_the_file_and_the_rule(tmp_path, db):
    path = tmp_path / "short.toml"
    path.write_text(_deck_text().replace("DX-002 = 4", "DX-002 = 3"))
    deck = vg.Deck.load(path, db)
    with pytest.raises(vg.DeckError) as info:
        deck.validate("standard", db)
    message = str(info.value)
    assert str(path) in message and "CORE-02" in message and "49 cards" in message
    assert "\n" not in message
    with pytest.raises(vg.DeckError, match="CORE-02"):
        vg.Game(deck, vg.Deck.builtin("radiant_knights"), seed=1)


def test_a_premium_deck_in_a_standard_game_names_the_rule(db):
    with pytest.raises(vg.DeckError) as info:
        vg.Deck.builtin("accel_strikers").validate("standard", db)
    assert "accel_strikers.toml" in str(info.value) and "CORE-" in str(info.value)


def test_a_missing_deck_file_names_the_path(tmp_path, db):
    missing = tmp_path / "nope.toml"
    with pytest.raises(vg.DeckError) as info:
        vg.Deck.load(missing, db)
    assert str(missing) in str(info.value) and "no such deck file" in str(info.value)
    with pytest.raises(vg.DeckError, match="no such deck file"):
        vg.Deck.resolve(str(missing), db)


# -- card files ----------------------------------------------------------------------------------

CARD = """
[[card]]
id = "ZZ-001"
names = ["Test Unit"]
grade = 1
power = 8000
"""


def _card_error(tmp_path: Path, text: str) -> str:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    with pytest.raises(vg.CardDataError) as info:
        vg.CardDB.load(path, base=vg.CardDB.builtin())
    message = str(info.value)
    assert str(path) in message and "\n" not in message
    return message


def test_a_valid_card_file_loads_on_top_of_the_builtin_pool(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(CARD)
    db = vg.CardDB.load(path, base=vg.CardDB.builtin())
    assert db["ZZ-001"].power == 8000 and "DX-001" in db


def test_malformed_card_toml_names_the_file_and_the_line(tmp_path):
    message = _card_error(tmp_path, CARD.replace("grade = 1", "grade = ="))
    assert "malformed TOML" in message and "line 5" in message


@pytest.mark.parametrize(
    "change, expected",
    [
        (
            ("power = 8000", "power = 8000\ncolour = 'red'"),
            "card ZZ-001: field 'colour': unknown key",
        ),
        (("grade = 1", "grade = 'one'"), "card ZZ-001: field 'grade': expected int"),
        (("grade = 1", "grade = 9"), "card ZZ-001: field 'grade': 9 is outside 0..4"),
        (('names = ["Test Unit"]\n', ""), "card ZZ-001: field 'names': missing"),
        (("power = 8000", "power = 8000\ntrigger = 'sparkle'"), "field 'trigger': 'sparkle'"),
    ],
)
def test_a_bad_card_field_names_the_file_the_card_and_the_field(tmp_path, change, expected):
    assert expected in _card_error(tmp_path, CARD.replace(*change))


def test_a_duplicate_card_id_names_both_files(tmp_path):
    assert "duplicate id" in _card_error(tmp_path, CARD.replace("ZZ-001", "DX-001"))


def test_a_missing_card_file_names_the_path(tmp_path):
    missing = tmp_path / "nope.toml"
    with pytest.raises(vg.CardDataError) as info:
        vg.CardDB.load(missing)
    assert str(missing) in str(info.value) and "cannot read card file" in str(info.value)
