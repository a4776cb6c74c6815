"""Progress that never looks hung (issue 21): lines and the bar move with decisions as well as
games, estimate the time left, and show a second after the start. The clock is a fake one
where the timing matters; the runs at the end play slow fake games and capture the output."""

from __future__ import annotations

import functools
import io
import itertools
import re

import pytest
from fault_games import deliberate_game

from ecs_vanguard.sim import progress as pg
from ecs_vanguard.sim import ticks
from ecs_vanguard.sim.runner import simulate

A, B = "blazing_dragons", "radiant_knights"


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def lines_with(clock: Clock, every: float = 30.0, total: int = 10) -> tuple[pg.Lines, io.StringIO]:
    sink = io.StringIO()
    return pg.Lines(total, 0, "run", every=every, stream=sink, clock=clock, timer=False), sink


def test_the_first_line_comes_a_second_after_the_start_then_every_interval():
    clock = Clock()
    lines, sink = lines_with(clock)
    with lines:
        clock.now += 0.5
        lines.decided(3)
        assert sink.getvalue() == ""                       # not yet: half a second
        clock.now += 0.6
        lines.decided(2)
        assert sink.getvalue().count("\n") == 1            # 1.1 s: the first line
        assert "0/10 games (0.0%), 5 decisions in 1 s" in sink.getvalue()
        clock.now += 20
        lines.decided(1)
        assert sink.getvalue().count("\n") == 1            # the interval is 30 s now
        clock.now += 10
        lines.decided(1)
        assert sink.getvalue().count("\n") == 2
        assert "7 decisions" in sink.getvalue().splitlines()[-1]


def test_before_any_game_ends_the_time_left_is_a_guess_from_the_decisions_made():
    clock = Clock()
    tally = pg.Tally(total=10, done=0, started=clock())
    assert "an unknown time left" in tally.text(clock.now + 5)      # nothing known at all
    tally.decisions = pg.GUESS_DECISIONS_PER_GAME // 2            # half a game in 60 s
    text = tally.text(clock.now + 60)
    assert "about 19 min left (a guess until a game ends)" in text   # 9.5 games at 2 min


def test_after_games_end_the_time_left_counts_the_games_in_flight_by_their_decisions():
    clock = Clock()
    tally = pg.Tally(total=10, done=0, started=clock())
    tally.game(2, decisions=200)                   # 100 decisions a game
    tally.decisions = 200 + 2 * 50                 # two more games half done
    text = tally.text(clock.now + 30)              # 3 games' worth in 30 s: 7 left at 10 s
    assert "2/10 games (20.0%), 300 decisions in 30 s, 0.1 games/s" in text
    assert "about 70 s left" in text and "guess" not in text
    tally.game(1, decisions=100)
    tally.decisions = 250                          # the reports lag: never negative in flight
    assert "3/10 games (30.0%), 300 decisions in 30 s, 0.1 games/s, about 70 s left" in \
        tally.text(clock.now + 30)


def test_a_resumed_run_counts_its_earlier_games_but_rates_only_the_new_ones():
    clock = Clock()
    tally = pg.Tally(total=100, done=90, started=clock())
    tally.game(5, decisions=500)
    assert "95/100 games (95.0%)" in tally.text(clock.now + 10)
    assert "0.5 games/s, about 10 s left" in tally.text(clock.now + 10)


def test_the_ticker_hands_decisions_on_in_batches_a_quarter_second_apart():
    clock, sent = Clock(), []
    ticker = ticks.Ticker(sent.append, clock=clock)
    for _ in range(5):
        ticker.decision()
    assert sent == []
    clock.now += ticks.SEND_EVERY_S
    ticker.decision()
    assert sent == [6]
    ticker.decision()
    ticker.flush()
    assert sent == [6, 1]
    ticker.flush()
    assert sent == [6, 1]                          # nothing pending: nothing sent


def test_games_count_decisions_only_while_someone_listens():
    assert ticks.current() is None
    sent: list[int] = []
    with ticks.ticking(sent.append) as ticker:
        assert ticks.current() is ticker
        ticker.decision()
    assert ticks.current() is None and sent == [1]            # flushed at the end
    with ticks.ticking(None) as nobody:
        assert nobody is None and ticks.current() is None


@pytest.mark.parametrize("backend", ["serial", "process"])
def test_a_slow_run_shows_decisions_before_its_first_game_ends(capsys, backend):
    """Two games of 8 decisions, 0.25 s each: lines every 0.5 s from the first second show
    decisions made while no game has ended, then the games."""
    game = functools.partial(deliberate_game, 8, 0.25)
    simulate(A, B, 2, backend=backend, workers=1, progress="lines", progress_every=0.5,
             game_fn=game)
    lines = capsys.readouterr().err.splitlines()
    counts = [(int(m[1]), int(m[2].replace(",", ""))) for m in
              (re.search(r": (\d+)/2 games .*?, ([\d,]+) decisions in", line) for line in lines)
              if m]
    assert len(counts) == len(lines) >= 4
    assert any(games == 0 and decisions > 0 for games, decisions in counts), lines
    assert counts[-1] == (2, 16)
    assert all(a <= b for a, b in itertools.pairwise(counts))  # never backwards
    assert any("a guess until a game ends" in line for line in lines)


def test_the_bar_shows_decisions_and_the_time_left(capsys):
    clock = Clock()
    sink = io.StringIO()
    with pg.Bar(10, 0, "run", stream=sink, clock=clock) as bar:
        clock.now += 1
        bar.decided(60)
        clock.now += 1
        bar.update(1, decisions=120)
    text = sink.getvalue()
    assert "1/10 games (10.0%), 120 decisions in 2 s" in text
    assert "left" in text and "\n" not in text.rstrip("\n")   # one redrawn line
