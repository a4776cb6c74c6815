"""The Python extension API (issue 39 §6): a step, check, filter and value registered from
Python (here by the example extension examples/echo_extension, as its entry point would) that
card files name; state stays plain data, so clone, hash, snapshot and pickling work with an
extension step; a card naming a word no extension registered fails in one line; entry points
are loaded once, and one that fails is named."""

from __future__ import annotations

import importlib
import pickle
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard import extensions as ext
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.errors import ArgumentError, CardDataError
from ecs_vanguard.vocab.zones import Circle, Zone
from tests.cards.conftest import G2, V3, scene
from tests.helpers import card_named, cards_in, is_face_up, pick, power_of, unit_at

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "echo_extension"


@pytest.fixture(scope="module")
def edb(db: vg.CardDB) -> vg.CardDB:
    """The built-in pool with the example extension's cards, the extension imported first (as
    its installed entry point would be)."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        importlib.import_module("echo_cards")
    finally:
        sys.path.remove(str(EXAMPLE))
    return vg.CardDB.load(EXAMPLE / "cards.toml", base=db)


def _place_bellwether(edb: vg.CardDB, hand: list[str], deck: list[str]) -> vg.Game:
    game = scene(edb, {"vanguard": V3, "hand": ["EX-E01", *hand], "deck": deck,
                       "damage": [G2, G2, G2], "damage_face_down": 2})
    bell = card_named(game, 0, Zone.HAND, "EX-E01")
    game.step(pick(game, ActionKind.CALL, card=bell, circle=Circle.FRONT_LEFT))
    return game


@pytest.mark.parametrize("deck,charged", [([V3, V3, G2], 2), ([V3, G2, V3], 1), ([G2, G2], 0)])
def test_the_extension_step_runs_where_a_card_names_it(edb, deck, charged):
    """echo_charge 2 (the hand is even after the call): two cards into the soul, Counter
    Charge 1 per grade 3 among them."""
    game = _place_bellwether(edb, [G2, G2], deck)
    assert len(cards_in(game, 0, Zone.SOUL)) == 2
    face_up = sum(is_face_up(game, c) for c in cards_in(game, 0, Zone.DAMAGE))
    assert face_up == 1 + charged


def test_the_extension_check_reads_the_hand(edb):
    """An odd hand after the call: the condition fails, nothing is charged."""
    game = _place_bellwether(edb, [G2], [V3, V3, G2])
    assert cards_in(game, 0, Zone.SOUL) == []


def test_the_extension_filter_and_value(edb):
    """Choose among units of odd grade only (the vanguard, grade 3); soul charge as many as the
    units in this unit's column (two: it and the unit behind it)."""
    game = scene(edb, {"vanguard": V3, "rear": {"front_left": "EX-E01", "back_left": G2,
                                                 "front_right": G2}, "deck": [G2] * 5})
    bell = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=bell))
    vanguard = unit_at(game, 0, Circle.VC)
    assert power_of(game, vanguard) == 16000                # the one odd-grade unit: no question
    assert len(cards_in(game, 0, Zone.SOUL)) == 2


def test_clone_pickle_snapshot_and_hash_hold_with_an_extension_step(edb):
    """The game state stays plain data: a clone, a pickled game and a JSON snapshot of a game
    that ran the extension step go on identically."""
    game = _place_bellwether(edb, [G2, G2], [V3, V3, G2, G2, G2])
    copies = [game.clone(), pickle.loads(pickle.dumps(game)),
              vg.Game.from_json(game.to_json(), edb)]
    assert all(c.state_hash() == game.state_hash() for c in copies)
    for g in (game, *copies):
        g.step(pick(g, ActionKind.DONE))                     # to the battle phase
    assert len({g.state_hash() for g in (game, *copies)}) == 1


def test_a_card_naming_a_missing_extension_fails_in_one_line(tmp_path, edb):
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "EX-X"\nnames = ["X"]\ngrade = 1\n[[card.ability]]\n'
                    'kind = "act"\nzones = ["rc"]\neffect = [{ op = "echo_charge_twice" }]\n')
    with pytest.raises(CardDataError) as caught:
        vg.CardDB.load(path, base=edb)
    message = str(caught.value)
    assert "\n" not in message and "unknown op 'echo_charge_twice'" in message
    path.write_text('[[card]]\nid = "EX-X"\nnames = ["X"]\ngrade = 1\n[[card.ability]]\n'
                    'kind = "act"\nzones = ["rc"]\neffect = []\n'
                    'condition = [{ check = "moon_parity" }]\n')
    with pytest.raises(CardDataError, match="unknown check 'moon_parity'"):
        vg.CardDB.load(path, base=edb)


def test_the_vocabulary_lists_the_extension_words(edb):
    from ecs_vanguard.pool.vocabulary import vocabulary_text
    text = vocabulary_text()
    assert "  echo_charge(" in text and "  hand_parity(parity: text)" in text
    assert "  grade_parity (text)" in text
    assert {"step echo_charge", "check hand_parity", "filter grade_parity",
            "value column_units"} <= set(ext.registered())


@dataclass
class _Loose:
    n: int = 1


@dataclass(frozen=True)
class _Odd:
    weirdness: int = 1


@pytest.mark.parametrize("register,words", [
    (lambda: ext.step("Bad Name", doc="")(_Odd), "snake_case"),
    (lambda: ext.step("draw", doc="")(_Odd), "already has a step of that name"),
    (lambda: ext.step("loose_step", doc="")(_Loose), "must be a frozen dataclass"),
    (lambda: ext.step("odd_step", doc="")(_Odd), "field 'weirdness' needs a kind"),
    (lambda: ext.step("odd_step", doc="", kinds={"weirdness": "count", "x": "count"})(_Odd),
     "kinds name no field: x"),
    (lambda: ext.handler(_Loose)(lambda s, f, st: None), "register its step"),
    (lambda: ext.check("count", doc="")(lambda s, f, c: True), "already has a check"),
    (lambda: ext.check("odd_check", doc="", args={"n": "steps"})(lambda s, f, c: True),
     "kind 'steps'"),
    (lambda: ext.filter("grade", doc="")(lambda s, f, c, v: True), "already has a filter"),
    (lambda: ext.value("power", doc="")(lambda s, c: 0), "already has a value"),
])
def test_a_wrong_registration_is_one_line(register, words):
    with pytest.raises(ArgumentError) as caught:
        register()
    assert "\n" not in str(caught.value) and words in str(caught.value), str(caught.value)


_CALLS: list[str] = []


def _registers() -> None:
    """What a test entry point runs."""
    _CALLS.append("good")


def test_entry_points_are_loaded_once_and_a_failing_one_is_named(monkeypatch):
    """The group's entry points are loaded before cards are read; one that raises is named in
    one line; a process loads them once."""
    good = metadata.EntryPoint("good", f"{__name__}:_registers", ext.GROUP)
    monkeypatch.setattr(ext, "_loaded", [])
    monkeypatch.setattr(metadata, "entry_points", lambda group: [good] if group == ext.GROUP
                        else [])
    _CALLS.clear()
    assert ext.load_installed() == ["good"] and ext.load_installed() == ["good"]
    assert _CALLS == ["good"]
    bad = metadata.EntryPoint("broken", "no_such_module_here:register", ext.GROUP)
    monkeypatch.setattr(ext, "_loaded", [])
    monkeypatch.setattr(metadata, "entry_points", lambda group: [bad])
    with pytest.raises(ArgumentError) as caught:
        ext.load_installed()
    message = str(caught.value)
    assert "\n" not in message and "extension 'broken'" in message
    assert "ModuleNotFoundError" in message


def _continue_in_child(blob: bytes) -> tuple[str, str]:
    """In a fresh process: unpickle a game (its pool's extension step pickles by reference, so
    the extension's module is imported and registers its words), play one step."""
    game = pickle.loads(blob)
    before = game.state_hash()
    game.step(pick(game, ActionKind.DONE))
    return before, game.state_hash()


def test_a_fresh_process_continues_a_game_that_ran_an_extension_step(edb, monkeypatch):
    """What process and Ray workers do: a spawned interpreter, where the extension is importable
    (installed), continues the game identically."""
    import multiprocessing
    game = _place_bellwether(edb, [G2, G2], [V3, V3, G2, G2, G2])
    blob = pickle.dumps(game)
    monkeypatch.syspath_prepend(str(EXAMPLE))                # "installed" for the child
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        before, after = pool.apply(_continue_in_child, (blob,))
    assert before == game.state_hash()
    game.step(pick(game, ActionKind.DONE))
    assert after == game.state_hash()
