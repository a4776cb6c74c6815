"""Hostile files (issue 20): deck, card and policy TOML whose parsing would cost minutes or all
the memory (dotted keys thousands of parts deep, tens of thousands of keys), card data the
engine must not accept silently, and run files damaged to look like records. Each is one typed
line naming the file, refused before the parser runs.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cards import loader
from ecs_vanguard.sim.odds.policy import load_policy
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.formats import UnitType

DECK_DIR = Path(vg.__file__).parent / "pool" / "decks"
CARD = '''[[card]]
id = "CU-001"
names = ["Emberwright Apprentice"]
grade = 1
power = 8000
shield = 5000
nation = "dragon_empire"
'''


def one_line(info: pytest.ExceptionInfo, *needles: str) -> str:
    message = str(info.value)
    assert isinstance(info.value, vg.VanguardError) and "\n" not in message, message
    assert len(message) < 400, message
    for needle in needles:
        assert needle in message, message
    return message


def _cards(text: str) -> None:
    vg.CardDB(loader.load_text(text, "custom.toml"))


# -- work bounded before parsing -----------------------------------------------------------------

DOTTED = "z" + ".z" * 49_999 + " = 1\n"                  # 50,000 dotted parts, 100 KB


@pytest.mark.parametrize("text, needle", [
    (DOTTED, "a dotted key of 50000 parts"),
    ("[main]\n" + DOTTED, "a dotted key of 50000 parts"),
    ("[" + "a." * 5000 + "b]\n", "a dotted key of 5001 parts"),
    ('"q"."q".' * 3000 + "z = 1\n", "a dotted key of"),     # quoted parts count too
    ("".join(f"k{i} = 1\n" for i in range(50_000)), "50000 keys"),
    ("x = {" + ",".join(f"k{i}=1" for i in range(5_000)) + "}\n", "5001 keys"),
    ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nested 5000 levels"),
], ids=["dotted", "dotted-in-table", "dotted-header", "quoted-parts", "keys", "inline-keys",
        "brackets"])
def test_a_deck_file_whose_parse_is_unbounded_is_refused_quickly(tmp_path, text, needle):
    path = tmp_path / "deck.toml"
    path.write_text(text)
    start = time.process_time()
    with pytest.raises(vg.DeckError) as info:
        vg.Deck.load(path)
    one_line(info, str(path), needle)
    assert time.process_time() - start < 2.0            # not tomllib's minutes


@pytest.mark.parametrize("text, needle", [
    (DOTTED, "a dotted key of 50000 parts"),
    ("[[card]]\n" + "x" + ".y" * 40 + " = 1\n", "a dotted key of 41 parts"),
    ("".join(f"[[card]]\nid = 'X-{i}'\n" for i in range(60_000)), "keys"),
], ids=["dotted", "dotted-in-card", "keys"])
def test_a_card_file_whose_parse_is_unbounded_is_refused(tmp_path, text, needle):
    path = tmp_path / "cards.toml"
    path.write_text(text)
    with pytest.raises(vg.CardDataError) as info:
        vg.CardDB.load(path)
    one_line(info, str(path), needle)


def test_a_policy_file_of_50000_dotted_parts_is_refused(tmp_path):
    path = tmp_path / "policy.toml"
    path.write_text(DOTTED)
    with pytest.raises(vg.OddsError) as info:
        load_policy(path)
    one_line(info, str(path), "dotted key")


def test_a_file_of_50000_unknown_keys_is_named_in_one_short_line(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text("".join(f"z{i}.a = 1\n" for i in range(20_000)))
    with pytest.raises(vg.CardDataError) as info:
        vg.CardDB.load(path)
    one_line(info, "unknown top-level key(s)", "(20000 in all)")


def test_the_builtin_files_are_well_inside_the_bounds():
    """The bounds refuse nothing real: every built-in card and deck file loads."""
    paths = sorted((Path(vg.__file__).parent / "pool" / "builtin").glob("*.toml"))
    assert len(paths) >= 10                 # the built-in pool's files, found where they live
    for path in paths:
        bare = limits._TOML_SKIP.sub("q", path.read_text())
        assert limits.dotted_depth(bare) <= 4 and limits.key_count(bare) < limits.CARD_KEYS // 50
    for name in vg.Deck.builtin_names():
        vg.Deck.builtin(name)


# -- card data -----------------------------------------------------------------------------------


@pytest.mark.parametrize("edit, needle", [
    (lambda t: t.replace('id = "CU-001"', 'id = ""'), "field 'id'"),
    (lambda t: t.replace('id = "CU-001"', 'id = "  "'), "field 'id'"),
    (lambda t: t.replace('id = "CU-001"', 'id = "CU\\n001"'), "field 'id'"),
    (lambda t: t.replace("grade = 1", "grade = 3").replace("shield = 5000\n", "")
     + 'trigger = "heal"\n', "a trigger unit (heal) is grade 0"),
    (lambda t: t.replace("power = 8000", "power = " + "1" + "0" * 29), "field 'power'"),
    (lambda t: t.replace("shield = 5000", "shield = 99999999999"), "field 'shield'"),
    (lambda t: t + "ability = 5\n", "field 'ability'"),
    (lambda t: t + 'ability = "act"\n', "field 'ability'"),
])
def test_card_data_the_engine_would_accept_silently_is_refused(edit, needle):
    with pytest.raises(vg.CardDataError) as info:
        _cards(edit(CARD))
    one_line(info, "custom.toml", needle)


def test_a_card_built_in_python_is_checked_like_one_from_a_file():
    import dataclasses

    good = loader.load_text(CARD, "custom.toml")[0]
    for change, needle in (({"id": ""}, "field 'id'"), ({"power": 10**29}, "field 'power'"),
                           ({"grade": 3, "unit_type": UnitType.TRIGGER,
                             "trigger": vg.Trigger.HEAL}, "grade 0")):
        with pytest.raises(vg.CardDataError) as info:
            vg.CardDB([dataclasses.replace(good, **change)])
        one_line(info, needle)
    with pytest.raises(vg.CardDataError) as info:
        vg.CardDB(["CU-001"])                          # not a CardDef
    one_line(info, "CardDef")


@pytest.mark.parametrize("count", ['" 3 "', '"1_0"', '"٣"', "3.0", "true"])
def test_a_deck_count_must_be_a_toml_integer(tmp_path, count):
    text = (DECK_DIR / "blazing_dragons.toml").read_text()
    path = tmp_path / "deck.toml"
    path.write_text(text.replace("DX-002 = 4", f"DX-002 = {count}"))
    with pytest.raises(vg.DeckError) as info:
        vg.Deck.load(path)
    one_line(info, str(path), "DX-002")


# -- run files -----------------------------------------------------------------------------------


def _run(tmp_path: Path) -> Path:
    out = tmp_path / "run"
    vg.simulate("blazing_dragons", "radiant_knights", 2, agent_a="random", agent_b="random",
                backend="serial", out=out)
    return out


@pytest.mark.parametrize("change, needle", [
    ({"actions": "%%%"}, "not an encoded list"),
    ({"actions": "gICA"}, "not an encoded list"),        # base64, but a varint cut short
    ({"reason": ""}, "'reason'"),
    ({"reason": None}, "'reason'"),
])
def test_resume_refuses_a_damaged_record(tmp_path, change, needle):
    out = _run(tmp_path)
    first, second = (out / "games.jsonl").read_text().splitlines()
    record = {**json.loads(second), **change}
    if record["reason"] is None:
        del record["reason"]
    (out / "games.jsonl").write_text(first + "\n" + json.dumps(record) + "\n")
    before = (out / "games.jsonl").read_bytes()
    with pytest.raises(vg.SimulationError) as info:
        vg.simulate("blazing_dragons", "radiant_knights", 3, agent_a="random",
                    agent_b="random", backend="serial", out=out, resume=True)
    one_line(info, "games.jsonl:2", needle)
    assert (out / "games.jsonl").read_bytes() == before
