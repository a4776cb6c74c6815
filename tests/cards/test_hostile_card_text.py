"""Hostile card files, round 4 (issue 36, classes 7 and 8): control characters in a card's text,
numbers beyond every bound, names outside their vocabulary, the same card file named many times.

A card file is refused when it is loaded, in one line naming the file, the card and the field;
text from elsewhere (a deck file, a typed answer) reaches a terminal with its control characters
escaped (`\\x1b`), never raw.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cards import loader
from ecs_vanguard.cards.bounds import MAX_CARD_NUMBER, NATIONS
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, CardDef
from ecs_vanguard.cards.steps import AddPower
from ecs_vanguard.cli import main as cli
from ecs_vanguard.cli.human import play_human
from ecs_vanguard.vocab.text import printable
from ecs_vanguard.vocab.zones import Zone

ROOT = Path(__file__).resolve().parents[2]
DECKS = Path(vg.__file__).parent / "pool" / "decks"
ESC = "\x1b]0;pwned\x07\x1b[2J"           # retitle the window, ring the bell, clear the screen


def card(**fields: str) -> str:
    """A card file of one valid card; `fields` replace or add TOML lines (key = raw value)."""
    lines = {"id": '"HX-001"', "names": '["Plain Knight"]', "grade": "1", "power": "8000",
             "shield": "5000", "nation": '"dragon_empire"', **fields}
    return "[[card]]\n" + "".join(f"{k} = {v}\n" for k, v in lines.items())


ACT = '''
[[card.ability]]
kind = "act"
zones = ["rc"]
text = "{text}"
effect = [{effect}]
'''


def ability(effect: str = '{ op = "draw", n = 1 }', text: str = "[ACT](RC): Draw.") -> str:
    return ACT.format(effect=effect, text=text)


def refused(text: str, *needles: str) -> str:
    """Load `text` as a card file; return the one-line message, after checking it names the
    file, holds each needle and no raw control character."""
    with pytest.raises(vg.CardDataError) as info:
        vg.CardDB(loader.load_text(text, "hostile.toml"))
    message = str(info.value)
    assert message.startswith("hostile.toml: card ") and "\n" not in message, message
    assert printable(message) == message and "\x1b" not in message, message
    for needle in needles:
        assert needle in message, message
    return message


def loads(text: str) -> vg.CardDB:
    return vg.CardDB(loader.load_text(text, "fine.toml"))


# -- class 7: control characters in a card file ----------------------------------------------

@pytest.mark.parametrize("field, value", [
    ("names", '["Evil\\u001b[2J Knight"]'),
    ("names", '["Plain", "Bell\\u0007"]'),
    ("clan", '"royal\\u009b31m"'),                     # C1 CSI: a terminal's ESC [
    ("race", '"human\\r"'),
    ("text", '"a\\u001b[2J"'),
    ("text", '"right\\u202eto left"'),                  # a bidi override reorders the line
    ("overdress", '["Dress\\u0000"]'),
    ("seek_mate", '["Mate\\t"]'),                       # a tab is not text of a name either
])
def test_a_control_character_in_a_printed_field_is_refused_naming_the_field(field, value):
    refused(card(**{field: value}), "card HX-001", f"field '{field}", "control character")


def test_a_control_character_in_ability_text_and_in_step_text_is_refused():
    refused(card() + ability(text="[ACT]\\u0007 Draw."), "field 'ability[0].text'", "\\x07")
    refused(card() + ability('{ op = "enter_state", name = "night\\u001b[0m" }'),
            "field 'ability[0].effect[0].name'", "\\x1b")
    where = '{ op = "choose", from = "your_hand", count = 1, where = { name = "A\\u001bB" } }'
    refused(card() + ability(where), "field 'ability[0].effect[0].where.name'")
    refused(card() + ability('{ op = "draw", n = 1 }').replace(
        'zones = ["rc"]', 'zones = ["rc"]\ncondition = [{ check = "in_soul", name = "S\\u0085" }]'),
        "field 'ability[0].condition")


def test_a_key_with_an_escape_is_refused_and_named_escaped():
    refused(card(marks='{ "ch\\u001brono" = true }'), "field 'marks.ch\\x1brono'")
    where = '{ op = "choose", from = "your_hand", count = 1, where = { "na\\u001bme" = "x" } }'
    refused(card() + ability(where), "where.na\\x1bme'", "control character")


def test_a_card_id_with_an_escape_is_refused_and_named_escaped():
    refused(card(id='"HX\\u001b[2J"'), "field 'id'", "\\x1b")
    message = refused(card(id='"HX\\u001b[2J"', bogus="1"), "field 'bogus'")    # loader's error
    assert "'HX\\x1b[2J'" in message


def test_newlines_are_kept_in_multi_line_text_only():
    db = loads(card(text='"""Line one.\nLine two."""') + ability(text="[ACT]\\nDraw."))
    assert db["HX-001"].text == "Line one.\nLine two."
    assert db["HX-001"].abilities[0].text == "[ACT]\nDraw."
    refused(card(names='["Two\\nLines"]'), "field 'names[0]'", "\\x0a")


def test_the_card_command_refuses_a_hostile_card_file_in_one_escaped_line(tmp_path, capsys):
    path = tmp_path / "evil.toml"
    path.write_text(card(names='["Evil\\u001b]0;pwned\\u0007\\u001b[2J"]'), encoding="utf-8")
    assert cli.main(["card", "HX-001", "--cards", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "field 'names[0]'" in err
    assert not any(c in err for c in "\x1b\x07"), err


# -- class 7: output escaped, whatever the text's source ---------------------------------------

def test_printable_escapes_control_characters_but_newline_and_tab():
    assert printable(f"A{ESC}\n\tB\u202e\x9b") == "A\\x1b]0;pwned\\x07\\x1b[2J\n\tB\\u202e\\x9b"
    assert printable("Vermilia · Expectans") == "Vermilia · Expectans"


def hostile_deck(tmp_path: Path) -> Path:
    text = (DECKS / "accel_strikers.toml").read_text(encoding="utf-8").splitlines()
    assert text[0].startswith("name = ")
    path = tmp_path / "deck.toml"
    path.write_text("\n".join(['name = "Evil\\u001b]0;pwned\\u0007\\u001b[2J"', *text[1:]]),
                    encoding="utf-8")
    return path


def test_a_deck_name_with_escapes_reaches_the_terminal_escaped(tmp_path, capsys):
    deck = str(hostile_deck(tmp_path))
    assert cli.main(["simulate", "--deck-a", deck, "--deck-b", "accel_strikers", "--games", "1",
                     "--no-out", "--progress", "lines"]) == 0
    out, err = capsys.readouterr()
    assert "Evil\\x1b]0;pwned\\x07\\x1b[2J (heuristic) vs" in out
    assert not any(c in out + err for c in "\x1b\x07"), (out + err)[:300]
    assert cli.main(["simulate", "--deck-a", deck, "--deck-b", "blazing_dragons", "--games",
                     "1", "--no-out"]) == 2                   # an error quoting the name
    err = capsys.readouterr().err
    assert "Evil\\x1b]0;pwned" in err and "\x1b" not in err


# The run's plot (a PNG, not a terminal) draws the name: matplotlib warns of the glyphs it lacks.
@pytest.mark.filterwarnings("ignore:Glyph .* missing from font")
def test_show_prints_a_recorded_deck_name_escaped(tmp_path, capsys):
    run = str(tmp_path / "run")
    assert cli.main(["simulate", "--deck-a", str(hostile_deck(tmp_path)), "--deck-b",
                     "accel_strikers", "--games", "1", "--out", run, "--progress", "off"]) == 0
    capsys.readouterr()
    assert cli.main(["show", run, "--game", "0"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("game 0 of ") and "P1 Evil\\x1b]0;pwned\\x07\\x1b[2J (" in out
    assert not any(c in out + err for c in "\x1b\x07")


def test_the_terminal_game_echoes_a_typed_escape_escaped(tmp_path):
    decks = (vg.Deck.load(hostile_deck(tmp_path)), vg.Deck.builtin("accel_strikers"))
    piped = io.StringIO()
    play_human(decks, you=0, agent="heuristic", seed=4, format="premium", turn_limit=None,
               read=io.StringIO(f"{ESC}\nq\n"), write=piped)
    text = piped.getvalue()
    assert "P1 Evil\\x1b]0;pwned\\x07\\x1b[2J (you) vs" in text     # the deck's name
    assert "\\x1b]0;pwned\\x07\\x1b[2J' is not a choice" in text     # the typed answer
    assert not any(c in text for c in "\x1b\x07")


# -- class 8: numbers bounded everywhere -------------------------------------------------------

@pytest.mark.parametrize("effect, field", [
    ('{ op = "add_power", target = "self", amount = 100000000000000000000000000000 }',
     "ability[0].effect[0].amount"),
    ('{ op = "add_power", target = "self", amount = -100000000000000000000000000000 }',
     "ability[0].effect[0].amount"),
    ('{ op = "add_critical", target = "self", amount = 2000000000 }',
     "ability[0].effect[0].amount"),
    ('{ op = "choose", from = "your_hand", count = 1, where = { power_min = 9000000000 } }',
     "ability[0].effect[0].where.power_min"),
    (('{ op = "if", condition = [{ check = "count", from = "your_hand", n = 9999999999 }], '
      'then = [{ op = "draw", n = 1 }] }'), "ability[0].effect[0].condition[0].n"),
])
def test_a_number_beyond_the_bound_anywhere_in_an_effect_is_refused(effect, field):
    refused(card() + ability(effect), f"field '{field}'", f"{MAX_CARD_NUMBER:,} either way")


def test_a_number_in_a_mark_and_a_fraction_are_refused():
    refused(card(marks="{ clans = 10000000000 }"), "field 'marks.clans'")
    refused(card() + ability('{ op = "choose", from = "your_hand", count = 1, '
                             'where = { power_min = 1.5 } }'), "whole numbers only")


def test_an_over_triggers_hundred_million_and_the_bound_itself_load():
    db = loads(card() + ability('{ op = "add_power", target = "self", amount = 100000000 }'))
    assert db["HX-001"].abilities[0].effect[0].amount == 100_000_000
    loads(card() + ability(f'{{ op = "add_power", target = "self", amount = {MAX_CARD_NUMBER} }}'))


def test_a_card_made_in_python_is_bounded_too():
    step = AddPower(target="self", amount=10**29)
    act = AbilityDef(kind=AbilityKind.ACT, zones=frozenset({Zone.RC}), effect=(step,))
    made = CardDef(id="PY-001", names=("Python Knight",), grade=1, abilities=(act,),
                   source="made in Python")
    with pytest.raises(vg.CardDataError, match="field 'ability\\[0\\].effect\\[0\\].amount'"):
        vg.CardDB([made])


# -- class 8: names checked against their vocabulary -------------------------------------------

def test_an_unknown_nation_is_refused_and_every_nation_of_the_vocabulary_loads():
    message = refused(card(nation='"dragon_empir"'), "field 'nation'", "'dragon_empir' is not a "
                      "nation", "dark_states")
    assert len(message) < 400
    refused(card(nation='"Dragon Empire"'), "field 'nation'")
    for nation in NATIONS:
        assert loads(card(nation=f'"{nation}"'))["HX-001"].nation == nation
    assert loads(card(nation='""'))["HX-001"].nation == ""


def test_a_nation_filter_names_a_nation_of_the_vocabulary():
    choose = '{{ op = "choose", from = "your_hand", count = 1, where = {{ nation = "{}" }} }}'
    refused(card() + ability(choose.format("dragon_empir")),
            "field 'ability[0].effect[0].where.nation'", "'dragon_empir' is not one of")
    when = card() + ability().replace('kind = "act"', 'kind = "auto"\nwhen = { event = '
                                      '"unit_called", card = { nation = "keter" } }')
    refused(when.replace('zones = ["rc"]', 'zones = ["vc"]'), "'keter' is not one of")
    assert loads(card() + ability(choose.format("keter_sanctuary")))


# -- class 8: the same card file named many times ----------------------------------------------

def test_the_same_card_file_named_many_times_is_refused(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(card(), encoding="utf-8")
    with pytest.raises(vg.CardDataError, match="mine.toml: this card file is named 64 times"):
        vg.CardDB.load(*[path] * 64)
    with pytest.raises(vg.CardDataError, match="named 2 times .itself or in a folder named"):
        vg.CardDB.load(tmp_path, path)                  # the folder holds it too
    assert "HX-001" in vg.CardDB.load(path, base=vg.CardDB.load(path))    # a base's file: once


def test_the_same_card_file_named_twice_on_the_command_line_is_one_line(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    path.write_text(card(), encoding="utf-8")
    assert cli.main(["card", "HX-001", "--cards", str(path), "--cards", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is named 2 times" in err


def test_a_deck_naming_one_card_file_many_times_is_refused(tmp_path):
    (tmp_path / "mine.toml").write_text(card(), encoding="utf-8")
    deck = (DECKS / "accel_strikers.toml").read_text(encoding="utf-8")
    (tmp_path / "deck.toml").write_text(f'cards = {["mine.toml"] * 64}\n'.replace("'", '"')
                                        + deck, encoding="utf-8")
    with pytest.raises(vg.DeckError, match="field 'cards': the card file .*mine.toml is named "
                                           "64 times"):
        vg.Deck.load(tmp_path / "deck.toml")
    (tmp_path / "deck.toml").write_text('cards = ["mine.toml"]\n' + deck, encoding="utf-8")
    assert vg.Deck.load(tmp_path / "deck.toml").cards == (str((tmp_path / "mine.toml").resolve()),)


def test_the_pools_the_corpus_and_the_examples_still_load():
    db = vg.CardDB.builtin()
    for path in (ROOT / "tests" / "cards" / "corpus", ROOT / "examples" / "my_cards.toml",
                 ROOT / "tests" / "custom_cards" / "cards.toml"):
        db = vg.CardDB.load(path, base=db)
    assert len(db) > 300
