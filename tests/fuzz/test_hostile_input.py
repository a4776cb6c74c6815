"""Hostile input on the library side (issue 12): files far too large, deep or not UTF-8, absurd
card counts, tampered snapshots and reproductions, and API misuse all end in one typed line."""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.replay import (
    Reproduction,
    decode_actions,
    encode_actions,
    game_digest,
    main,
)
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.decisions import Action, ActionKind
from ecs_vanguard.vocab.zones import Circle

DECK_DIR = Path(vg.__file__).parent / "pool" / "decks"
A, B = "blazing_dragons", "radiant_knights"


def _deck_text() -> str:
    return (DECK_DIR / f"{A}.toml").read_text()


def _one_line(info: pytest.ExceptionInfo) -> str:
    message = str(info.value)
    assert "\n" not in message and isinstance(info.value, vg.VanguardError)
    return message


def _load_deck(path: Path) -> str:
    with pytest.raises(vg.DeckError) as info:
        vg.Deck.load(path, vg.CardDB.builtin())
    message = _one_line(info)
    assert str(path) in message
    return message


# -- deck and card files -------------------------------------------------------------------------


def test_a_huge_card_count_is_refused_before_any_list_is_built(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text(_deck_text().replace("DX-002 = 4", "DX-002 = 9223372036854775807"))
    tracemalloc.start()
    try:
        message = _load_deck(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "more than 200 cards" in message and "DX-002" in message
    assert peak < 20 * limits.MIB


def test_a_deck_file_larger_than_the_limit_is_refused(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text(_deck_text() + "# " + "x" * limits.DECK_FILE_BYTES + "\n")
    assert "larger than 1 MiB" in _load_deck(path)


def test_dev_zero_as_a_deck_is_refused_at_once():
    start = time.monotonic()
    message = _load_deck(Path("/dev/zero"))
    assert "not a regular file" in message and time.monotonic() - start < 5


def test_a_deck_file_that_is_not_utf8_names_the_file_and_the_line(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(_deck_text().encode().replace(b'name = "', b'name = "\xe9', 1))
    message = _load_deck(path)
    assert "not UTF-8" in message and "0xe9" in message and "line 1" in message


def test_a_deck_nested_deeper_than_a_deck_can_be_is_refused(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("name = " + "[" * 50_000 + "]" * 50_000 + "\n")
    assert "nested 50000 levels deep" in _load_deck(path)


def test_brackets_inside_strings_and_comments_do_not_count_as_nesting(tmp_path):
    path = tmp_path / "quoted.toml"
    text = _deck_text().replace('name = "', 'name = "[[[[[[[[[[[[[[[[[[ ', 1)
    path.write_text("# {{{{{{{{{{{{{{{{{{{{{{{{{{{{{\n" + text)
    vg.Deck.load(path, vg.CardDB.builtin()).validate("standard")


def test_a_deck_format_that_is_not_a_format_is_refused(tmp_path):
    path = tmp_path / "fmt.toml"
    path.write_text(_deck_text().replace('format = "standard"', 'format = "v-premium"'))
    assert "field 'format': 'v-premium' is not a format" in _load_deck(path)


@pytest.mark.parametrize("content, expected", [
    (b"# " + b"x" * (limits.CARD_FILE_BYTES + 1), "larger than 16 MiB"),
    (b"[[card]]\nid = '\xff'\n", "not UTF-8"),
    (b"x = " + b"[" * 5000 + b"]" * 5000, "nested 5000 levels deep"),
])
def test_a_hostile_card_file_is_one_line(tmp_path, content, expected):
    path = tmp_path / "cards.toml"
    path.write_bytes(content)
    with pytest.raises(vg.CardDataError) as info:
        vg.CardDB.load(path, base=vg.CardDB.builtin())
    assert expected in _one_line(info) and str(path) in str(info.value)


# -- the Python API ------------------------------------------------------------------------------


@pytest.fixture
def game() -> vg.Game:
    return vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=1)


@pytest.mark.parametrize("call, error", [
    (lambda g: g.step(None), vg.IllegalActionError),
    (lambda g: g.step("done"), vg.IllegalActionError),
    (lambda g: g.encode_action(None), vg.IllegalActionError),
    (lambda g: g.encode_action("done"), vg.IllegalActionError),
    (lambda g: g.encode_action(Action(ActionKind.CALL, card=10**6, circle=Circle.VC)),
     vg.IllegalActionError),
    (lambda g: g.decode_action(None), vg.IllegalActionError),
    (lambda g: g.decode_action(10**9), vg.IllegalActionError),
    (lambda g: g.view(2), vg.ArgumentError),
    (lambda g: g.observation(-1), vg.ArgumentError),
    (lambda g: g.card(10**7), vg.ArgumentError),
])
def test_misuse_of_a_game_raises_typed_errors(game, call, error):
    before = game.state_hash()
    with pytest.raises(error) as info:
        call(game)
    _one_line(info)
    assert game.state_hash() == before


@pytest.mark.parametrize("make, error, needle", [
    (lambda d: vg.Game(A, B), vg.DeckError, "expected a Deck"),
    (lambda d: vg.Game(vg.Deck("x", ("NOPE",) * 50, "NOPE"), d), vg.DeckError, "NOPE"),
    (lambda d: vg.Game(vg.Deck("x", ("NOPE",) * 50, "NOPE"), d, validate=False), vg.DeckError,
     "unknown card id(s): NOPE"),
    (lambda d: vg.Game(d, d, seed="x"), vg.ArgumentError, "seed"),
    (lambda d: vg.Game(d, d, seed=-1), vg.ArgumentError, "seed"),
    (lambda d: vg.Game(d, d, format="chess"), vg.ArgumentError, "unknown format"),
    (lambda d: vg.Game(d, d, turn_limit="3"), vg.ArgumentError, "turn_limit"),
    (lambda d: vg.Deck.resolve(5), vg.DeckError, "deck name or a deck file path"),
])
def test_misuse_when_making_a_game_raises_typed_errors(make, error, needle):
    with pytest.raises(error) as info:
        make(vg.Deck.builtin(A))
    assert needle in _one_line(info)


def test_an_unknown_card_in_a_deck_is_refused_by_validate_too(db):
    with pytest.raises(vg.DeckError, match="unknown card id"):
        vg.Deck("x", ("DX-001",) * 49 + ("ZZ-404",), "DX-001").validate("standard", db)


@pytest.mark.parametrize("action", [None, "done", 2.5])
def test_the_environment_refuses_a_non_integer_action(action):
    pytest.importorskip("gymnasium")
    from ecs_vanguard.env import VanguardEnv

    env = VanguardEnv(deck_a=A, deck_b=B, opponent="heuristic")
    env.reset(seed=0)
    with pytest.raises(vg.IllegalActionError, match="index of the action table"):
        env.step(action)


# -- snapshots -----------------------------------------------------------------------------------


def _snapshot() -> dict:
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=2)
    rng = np.random.default_rng(2)
    for _ in range(40):
        game.step(game.legal_actions()[int(rng.integers(len(game.legal_actions())))])
    return json.loads(game.to_json())


def _refused(data: dict | str) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(vg.SnapshotError) as info:
        vg.Game.from_json(text)
    return _one_line(info)


def test_a_single_huge_entity_id_is_refused_at_once():
    data = _snapshot()
    data["entities"][-1][0] = 10_000_000
    start = time.monotonic()
    assert "entity id 10000000 is not in 1..4096" in _refused(data)
    assert time.monotonic() - start < 2


def test_a_snapshot_too_large_or_too_deep_is_refused():
    assert "larger than 16 MiB" in _refused(" " * (limits.SNAPSHOT_BYTES + 1))
    assert "nested 100000 levels deep" in _refused("[" * 100_000 + "]" * 100_000)


def _position(data: dict, k: int = 0) -> dict:
    return next(c for c in data["entities"][k][1] if c["class"] == "Position")["fields"]


def _orientation(data: dict, k: int = 0) -> dict:
    return next(c for c in data["entities"][k][1] if c["class"] == "Orientation")["fields"]


@pytest.mark.parametrize("tamper, expected", [
    (lambda d: _position(d).update(owner=7), "owner 7 is not 0 or 1"),
    (lambda d: _position(d).update(owner="0"), "Position.owner is '0', not an integer"),
    (lambda d: _position(d).update(obj="3"), "Position.obj is '3', not an integer"),
    (lambda d: _orientation(d).update(rested=0), "Orientation.rested is 0, not true or false"),
    (lambda d: _position(d).update(zone={"enum": "Phase", "value": "main"}), "is not a Zone"),
    (lambda d: _position(d).update(zone={"enum": "Zone", "value": "drop"}),
     "but its components say"),
    (lambda d: d["state"].update(winner=5), "winner 5 is not 0, 1 or null"),
    (lambda d: d["entities"].append(d["entities"][0]), "entity id 1 appears twice"),
    (lambda d: d["entities"].pop(), "which the snapshot does not hold"),
    (lambda d: d["entities"][0][1].pop(), "must hold one each of Card, Position"),
    (lambda d: d["entities"].__setitem__(0, ["1", []]), "entity id '1' is not in"),
])
def test_a_tampered_snapshot_is_refused_before_it_is_built(tamper, expected):
    data = _snapshot()
    tamper(data)
    assert expected in _refused(data)


def test_a_snapshot_breaking_an_invariant_is_refused():
    data = _snapshot()
    data["state"]["over"] = True                  # over, yet nobody lost and no GameEnded
    assert "breaks an invariant" in _refused(data)


# -- reproductions and records -------------------------------------------------------------------


def test_action_indices_round_trip_compactly():
    indices = [0, 1, 5, 127, 128, 300, 16_383, 16_384, 2**21 + 7]
    text = encode_actions(indices)
    assert decode_actions(text) == indices and text.isascii()
    assert len(encode_actions([3] * 300)) <= 400              # 1.33 characters per decision
    for bad in ("!!!", encode_actions([300])[:1], 17):
        with pytest.raises(vg.ReproductionError):
            decode_actions(bad)                                # type: ignore[arg-type]


def test_a_reproduction_with_other_decks_or_seed_is_refused_as_bad_input(tmp_path, capsys):
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=3)
    for _ in range(30):
        game.step(game.legal_actions()[0])
    digest = game_digest(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=3, format="standard",
                         turn_limit=None)
    good = Reproduction(3, "standard", A, B, game.history, "", digest=digest)
    assert good.run()[1] is None
    for other in (Reproduction(4, "standard", A, B, game.history, "", digest=digest),
                  Reproduction(3, "standard", A, "iron_gate", game.history, "", digest=digest)):
        path = tmp_path / "repro.json"
        path.write_text(other.to_json())
        assert main([str(path)]) == 2
        err = capsys.readouterr().err
        assert "not those of the recorded game" in err and len(err.strip().splitlines()) == 1


def test_a_reproduction_file_too_large_or_deep_is_refused(tmp_path):
    big, deep = tmp_path / "big.json", tmp_path / "deep.json"
    big.write_text(" " * (limits.REPRODUCTION_BYTES + 1))
    deep.write_text("[" * 10_000 + "]" * 10_000)
    with pytest.raises(vg.ReproductionError, match="larger than 4 MiB"):
        Reproduction.load(big)
    with pytest.raises(vg.ReproductionError, match="nested 10000 levels deep"):
        Reproduction.load(deep)


def test_replay_takes_the_compact_actions_of_a_simulate_record():
    record = vg.play_game(vg.GameSpec(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=5))
    assert isinstance(record["actions"], str) and record["error"] is None
    game = vg.replay(5, (vg.Deck.builtin(A), vg.Deck.builtin(B)), record["actions"])
    assert game.over and game.turn == record["turns"]
    assert {0: "a", 1: "b"}.get(game.winner) == record["winner"]
