"""Runaway abilities end cleanly (issue 9): an auto that triggers itself forever ends the game as
an engine-limit draw naming the card, a count too large to be a card's is refused when the card
loads, and ticks that change nothing end the game too (the no-progress guard of `Game._run`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import esper
import pytest

import ecs_vanguard as vg
from ecs_vanguard.cards import steps as st
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.events import AutoPlayed, GameEnded
from ecs_vanguard.vocab.zones import Circle
from tests.helpers import events_of, pick, unit_at

CARDS = Path(__file__).resolve().parents[1] / "custom_cards"


@pytest.fixture(scope="module")
def rdb() -> vg.CardDB:
    """The built-in pool with the runaway cards."""
    return vg.CardDB.load(CARDS / "runaway_cards.toml", base=vg.CardDB.builtin())


def _main_phase(rdb: vg.CardDB, *, hand=(), rear=None, deck=None) -> vg.Game:
    return (vg.Scenario(rdb, format="standard", seed=1)
            .player(0, vanguard="DX-004", hand=list(hand), rear=rear or {},
                    deck=deck or ["DX-002"] * 10)
            .player(1, vanguard="DX-104")
            .start(turn=3, turn_player=0, phase="main"))


def _assert_engine_limit_draw(game: vg.Game, card_text: str) -> None:
    assert game.over and game.winner is None and game.end_code == "engine_limit"
    assert game.end_reason.startswith(f"engine limit: {limits.TICKS_PER_DECISION} ticks "
                                      "without a decision")
    assert card_text in game.end_reason
    assert game.events[-1] == GameEnded(None, game.end_reason)
    assert game.legal_actions() == [] and game.decision is None
    game.check_invariants()
    with pytest.raises(vg.IllegalActionError, match="the game is over"):
        game.step(vg.Action(ActionKind.DONE))


def test_an_auto_that_triggers_itself_forever_ends_as_an_engine_limit_draw(rdb):
    """'When this unit's power changes, +1000 to this unit' loops from its call on; the game
    ends as a draw at the engine limit, naming the card, with the loop's work on record."""
    game = _main_phase(rdb, hand=["RW-001"])
    game.step(pick(game, ActionKind.CALL, circle=Circle.FRONT_LEFT))
    _assert_engine_limit_draw(game, "an auto of Ever-Rising Ember (RW-001) played")
    assert len(events_of(game, AutoPlayed)) >= limits.TICKS_PER_DECISION // 2


def test_two_autos_that_trigger_each_other_end_as_an_engine_limit_draw(rdb):
    """'When rested, stand' and 'when it stands, rest' ping-pong forever once it rests."""
    game = _main_phase(rdb, rear={"front_left": "RW-002"})
    unit = unit_at(game, 0, Circle.FRONT_LEFT)
    game.step(pick(game, ActionKind.ACT, card=unit))
    _assert_engine_limit_draw(game, "Restless Sentinel (RW-002)")


def test_a_game_replayed_to_its_engine_limit_ends_the_same(rdb):
    """The engine limit is counted in ticks, not time: a clone and a replay end identically."""
    game = _main_phase(rdb, hand=["RW-001"])
    twin = game.clone()
    action = pick(game, ActionKind.CALL, circle=Circle.FRONT_LEFT)
    game.step(action)
    twin.step(action)
    assert twin.end_reason == game.end_reason and twin.state_hash() == game.state_hash()


def test_a_tick_loop_that_changes_nothing_ends_the_game_as_no_progress(rdb, monkeypatch):
    """The no-progress guard: ticks that do nothing (an engine bug) end the game as an
    engine-limit draw that says nothing happened, instead of spinning forever."""
    game = _main_phase(rdb, rear={"front_left": "DX-002"})
    action = pick(game, ActionKind.DONE)
    game.switch()
    for processor in esper._processors:             # every system of the tick does nothing
        monkeypatch.setattr(type(processor), "process", lambda self, state: None)
    game._tick = None              # the game's tick record works out again how each is called
    game.step(action)
    assert game.over and game.end_code == "engine_limit" and game.winner is None
    assert "nothing happened (no progress" in game.end_reason


def test_draw_a_billion_is_refused_when_the_card_loads(tmp_path):
    """`draw n = 1000000000` is refused at load, one line naming the file, card and field."""
    text = (CARDS / "runaway_cards.toml").read_text().replace("n = 1000 }", "n = 1000000000 }")
    path = tmp_path / "billion.toml"
    path.write_text(text)
    with pytest.raises(vg.CardDataError) as err:
        vg.CardDB.load(path, base=vg.CardDB.builtin())
    assert str(err.value) == (f"{path}: card RW-003: field 'ability[0].effect[0].n': 1000000000 "
                              f"is more than {limits.MAX_CARD_COUNT}, the largest count a card "
                              "may have")


def test_a_count_made_in_python_or_inside_for_each_is_bounded_too(rdb):
    """The bound holds for cards built in Python and for steps nested in a for_each."""
    tome = rdb["RW-003"]
    huge = dataclasses.replace(tome.abilities[0], effect=(
        st.ForEach(count="your_rear_guards", do=(st.Draw(n=limits.MAX_CARD_COUNT + 1),)),))
    with pytest.raises(vg.CardDataError, match=r"field 'ability\[0\]\.effect\[0\]\.do\[0\]\.n'"):
        vg.CardDB([*vg.CardDB.builtin(), dataclasses.replace(tome, abilities=(huge,))])


def test_drawing_the_largest_count_empties_the_deck_and_loses_by_the_rules(rdb):
    """`draw n = 1000` (the most a card may say) draws the deck dry at once; the player then
    loses by the rules (CORE-16), no engine limit needed."""
    game = _main_phase(rdb, rear={"front_left": "RW-003"})
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.FRONT_LEFT)))
    assert game.over and game.end_code == "deck_out" and game.winner == 1
    game.check_invariants()
