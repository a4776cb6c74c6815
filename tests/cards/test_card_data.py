"""Card data: the built-in pool loads, every deck is valid, bad files are refused clearly."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cards.loader import load_file
from ecs_vanguard.vocab.formats import Trigger

GOOD = '''
[[card]]
id = "T-1"
names = ["Test Unit"]
grade = 1
power = 8000
shield = 5000

[[card.ability]]
kind = "auto"
zones = ["rc"]
when = { event = "attack_declared", attacker = "self" }
cost = [{ op = "counter_blast", n = 1 }]
effect = [{ op = "add_power", target = "self", amount = 5000, until = "end_of_battle" }]
'''


def _write(tmp_path, text: str):
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def test_every_builtin_card_and_deck_loads(db):
    assert len(db) >= 60
    for card in db:
        assert card.names and 0 <= card.grade <= 4, card.id
    for name in vg.Deck.builtin_names():
        deck = vg.Deck.builtin(name)
        deck.validate(deck.format, db)


def test_the_standard_decks_use_every_standard_trigger_boost_intercept_and_a_sentinel(db):
    for name in ("blazing_dragons", "radiant_knights"):
        cards = [db[c] for c in vg.Deck.builtin(name).main]
        triggers = {c.trigger for c in cards if c.trigger}
        assert triggers == {Trigger.CRITICAL, Trigger.DRAW, Trigger.HEAL, Trigger.FRONT,
                            Trigger.OVER}
        skills = {s.value for c in cards for s in c.skills}
        assert {"boost", "intercept", "twin_drive", "persona_ride"} <= skills
        assert sum(c.sentinel for c in cards) == 4
        assert sum(bool(c.abilities) for c in cards) >= 20


def test_a_good_file_loads_into_typed_steps(tmp_path):
    (card,) = load_file(_write(tmp_path, GOOD))
    ability = card.abilities[0]
    assert type(ability.cost[0]).__name__ == "CounterBlast" and ability.cost[0].n == 1
    assert type(ability.effect[0]).__name__ == "AddPower" and ability.effect[0].amount == 5000


@pytest.mark.parametrize(("change", "field", "words"), [
    (('op = "counter_blast"', 'op = "explode"'), "ability[0].cost[0].op", "unknown op"),
    (("power = 8000", "power = 8000\nspeed = 3"), "speed", "unknown key"),
    (("grade = 1", 'grade = "one"'), "grade", "expected int"),
    (('attacker = "self"', 'attacker = "self", colour = "red"'), "ability[0].when.colour",
     "no field"),
    (('target = "self"', 'target = "everyone"'), "ability[0].effect[0].target", "unknown selector"),
    (('until = "end_of_battle"', 'until = "forever"'), "ability[0].effect[0].until", "not one of"),
    (('kind = "auto"', 'kind = "act"'), "ability[0].when", "only they"),
])
def test_a_bad_card_names_the_file_the_card_and_the_field(tmp_path, change, field, words):
    path = _write(tmp_path, GOOD.replace(*change))
    with pytest.raises(vg.CardDataError) as err:
        vg.CardDB.load(path)           # parsing (load_file) and validating the names
    message = str(err.value)
    assert str(path) in message and "card T-1" in message and f"'{field}'" in message
    assert words in message and "\n" not in message


def test_malformed_toml_and_missing_files_are_one_line_errors(tmp_path):
    with pytest.raises(vg.CardDataError, match="malformed TOML"):
        load_file(_write(tmp_path, "[[card]\nid = "))
    with pytest.raises(vg.CardDataError, match="cannot read card file"):
        load_file(tmp_path / "nope.toml")


def test_a_duplicate_id_is_refused(tmp_path, db):
    path = _write(tmp_path, GOOD.replace('"T-1"', '"DX-001"'))
    with pytest.raises(vg.CardDataError, match="duplicate id"):
        vg.CardDB.load(path, base=db)


def test_a_deck_with_an_unknown_card_names_it(tmp_path, db):
    path = tmp_path / "deck.toml"
    path.write_text('name = "x"\nstarter = "DX-001"\n[main]\n"NOPE-1" = 4\n')
    with pytest.raises(vg.DeckError, match="unknown card 'NOPE-1'") as err:
        vg.Deck.load(path, db)
    assert str(path) in str(err.value)
    with pytest.raises(vg.DeckError, match="no such deck file"):
        vg.Deck.resolve(str(tmp_path / "missing.toml"), db)
