"""`ecs-vanguard play --human` (issue 12): a person plays one side in the terminal against a
built-in agent; here a scripted stdin plays the person."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import ecs_vanguard as vg
from ecs_vanguard.cli.human import HELP, play_human

REPO = Path(__file__).resolve().parents[2]
A, B = "blazing_dragons", "radiant_knights"


class LastChoice(io.StringIO):
    """A stdin that always answers with the highest number the last prompt offers (mostly
    "end the phase", "stop guarding", "keep the hand"), counting its answers."""

    def __init__(self, screen: io.StringIO) -> None:
        super().__init__()
        self.screen, self.answers = screen, 0

    def readline(self, size: int = -1) -> str:
        offered = re.findall(r"Choose 1-(\d+)", self.screen.getvalue())
        self.answers += 1
        return f"{offered[-1]}\n"


def test_a_scripted_person_plays_a_whole_game_to_its_end():
    screen = io.StringIO()
    person = LastChoice(screen)
    code = play_human((vg.Deck.builtin(A), vg.Deck.builtin(B)), you=0, agent="heuristic",
                      seed=3, format="standard", turn_limit=None, read=person, write=screen)
    text = screen.getvalue()
    assert code == 0 and person.answers > 10
    assert re.search(r"^== (P[12] wins on turn \d+|Draw after turn \d+): .+ ==$", text, re.MULTILINE)
    assert "P1 Blazing Dragons (you) vs P2 Radiant Knights (heuristic), standard, seed 3" in text
    assert "-- Your decision: Mulligan" in text and "Keep the cards left in hand" in text
    assert "End the main phase" in text and "Your hand (" in text
    assert "P2 draws 5 cards." in text                      # the opponent's hand stays hidden
    assert not re.search(r"P2 draws [A-Z]", text)


def test_actions_are_numbered_and_say_what_they_mean():
    screen = io.StringIO()
    script = io.StringIO("6\n1\n")               # keep the hand, then ride the first choice
    play_human((vg.Deck.builtin(A), vg.Deck.builtin(B)), you=0, agent="heuristic", seed=1,
               format="standard", turn_limit=None, read=script, write=screen)
    text = screen.getvalue()
    assert re.search(r"^\s+1\) Return .+ \(G\d, \d+", text, re.MULTILINE)
    assert re.search(r"^\s+\d\) Ride .+ \(G1, \d+", text, re.MULTILINE)
    assert "You left the game on turn" in text                 # the script ran out


def test_the_command_takes_commands_and_bad_input_from_a_pipe():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO),
                                                        os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "ecs_vanguard", "play", "--human", "b",
                           "--seed", "5"], input="h\nbanana\n99\nb\nq\n", capture_output=True,
                          text=True, env=env, timeout=60, check=False)
    out = done.stdout
    assert done.returncode == 0 and not done.stderr
    assert "P2 Radiant Knights (you)" in out and HELP in out
    assert "'banana' is not a choice" in out and "'99' is not a choice" in out
    assert out.count("  P1 (opponent): damage 0") >= 2                     # b: the board again
    assert out.rstrip().endswith("You left the game on turn 0.")
