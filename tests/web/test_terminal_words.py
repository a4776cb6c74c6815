"""What the terminal game and the browser game say (issue 38): choices in plain words (no
internal name such as power_to), the ride deck's discard as the cost of riding and not a unit's
ability, what a Yes/No ability does, copies told apart; and a terminal screen redrawn in place."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest

import ecs_vanguard as vg
from ecs_vanguard.agents import make_agent
from ecs_vanguard.cli.human import play_human
from ecs_vanguard.state import RIDE_DECK_INDEX
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.web.words import asker, describe, describe_all, question

A, B = "blazing_dragons", "radiant_knights"


@pytest.fixture(scope="module")
def said() -> dict[str, list]:
    """Every question and every list of options of three heuristic games, by what asks."""
    out: dict[str, list] = {"questions": [], "trigger": [], "ride_deck": [], "yes": [],
                            "copies": []}
    for seed in (1, 2, 3):
        game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=seed)
        agent = make_agent("heuristic", seed)
        while not game.over:
            decision = game.decision
            legal = game.legal_actions()
            asked = question(game, decision)
            out["questions"].append(asked)
            if decision.label in ("power_to", "critical_to"):
                out["trigger"].append(asked)
            stack = game.state.stack
            if stack and stack[-1].index == RIDE_DECK_INDEX and decision.label == "discard":
                out["ride_deck"].append((asked, asker(game, decision)))
            words = describe_all(game, decision, legal)
            assert len(set(words)) == len(words), words          # no two options alike
            raw = Counter(describe(game, decision, a) for a in legal)
            if max(raw.values()) > 1:
                out["copies"].append(words)
            if decision.label == "use ability":
                yes = next(a for a in legal if a.kind is ActionKind.YES)
                out["yes"].append((asked, describe(game, decision, yes)))
            game.step(agent.act(game))
    return out


def test_no_question_carries_an_internal_name(said):
    assert not [q for q in said["questions"] if re.search(r"\w_\w", q)]


def test_a_triggers_power_and_critical_are_said_in_words(said):
    assert said["trigger"]
    for asked in said["trigger"]:
        assert re.fullmatch(r"Give the trigger's \+(\d+ power|1 critical) to one of your units "
                            r"\(.+'s (critical|draw|heal|stand|front|over) trigger\)", asked), asked
    assert any("+10000 power" in a for a in said["trigger"])
    assert any("+1 critical" in a for a in said["trigger"])


def test_the_ride_decks_discard_is_the_cost_of_riding_not_an_ability(said):
    assert said["ride_deck"]
    for asked, (what, card, text) in said["ride_deck"]:
        assert "an ability of" not in asked and card is None and text == ""
        assert re.fullmatch(r"Choose a card to discard \(the cost of riding .+ from the ride "
                            r"deck\)", asked), asked


def test_a_yes_no_ability_says_what_it_does(said):
    assert said["yes"]
    for asked, yes in said["yes"]:
        assert asked.startswith("Use this ability? (an ability of ")
        assert re.match(r"Yes, use the ability of .+: \[(AUTO|ACT|CONT)\]", yes), yes


def test_copies_among_the_options_are_told_apart(said):
    assert said["copies"]
    for words in said["copies"]:
        assert any(w.endswith("(copy 1)") for w in words)
        assert any(w.endswith("(copy 2)") for w in words)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_redraws_one_screen_in_place_and_a_pipe_prints_a_board_when_it_changed():
    decks = (vg.Deck.builtin(A), vg.Deck.builtin(B))
    answers = "6\n" + "b\n" + "q\n"                     # keep the hand, the board again, leave
    screen = Terminal()
    play_human(decks, you=0, agent="heuristic", seed=4, format="standard", turn_limit=None,
               read=Terminal(answers), write=screen)
    text = screen.getvalue()
    decisions = text.count("-- Your decision:")
    assert decisions == 2 and text.count("\x1b[H\x1b[2J") == decisions
    assert text.rsplit("\x1b[H\x1b[2J", 1)[1].startswith("-- Board: ")    # the board on top
    piped = io.StringIO()
    play_human(decks, you=0, agent="heuristic", seed=4, format="standard", turn_limit=None,
               read=io.StringIO(answers), write=piped)
    text = piped.getvalue()
    assert "\x1b[" not in text                                  # no escape codes in a pipe
    assert text.count("-- Board: ") == 3                        # 2 decisions, and `b`
