"""`ecs-vanguard play --human`: play one side of a game in the terminal against a built-in agent.

Whenever you decide, you see what happened since (the opponent's hand and draws stay hidden),
the board as you may see it, the question and the numbered legal actions in words (web.words,
the browser game's wording too). On a terminal each decision redraws one screen in place; over
a pipe the lines follow one another and the board is printed when it changed. While one choice
goes on (a mulligan's picks) every option keeps its number. Type a number; `b` shows
the board again, `z` every zone's cards, `c CARD` a card's text (an id, a name, or the number of
an action), `l` the whole game so far, `h` the commands, `q` leaves the game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from ecs_vanguard.agents import make_agent
from ecs_vanguard.game import Game
from ecs_vanguard.perspective import board
from ecs_vanguard.perspective.cardtext import card_sheet, find_card
from ecs_vanguard.perspective.gamelog import GameLog
from ecs_vanguard.perspective.gamelog.texts import player_label
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.vocab.decisions import Action, Decision
from ecs_vanguard.vocab.errors import ArgumentError
from ecs_vanguard.vocab.text import printable
from ecs_vanguard.web.words import action_lines, asker, describe, question

__all__ = ["HELP", "action_lines", "board_text", "describe", "play_human"]

HELP = ("Type the number of an action and Enter. Commands: b = board, z = every zone's cards, "
        "c CARD = a card's text (id, name or action number), l = the whole game so far, "
        "h = this help, q = leave the game.")
_MAX_ANSWER = 200                   # characters of an answer read; a longer line is refused


_NEWS_ON_SCREEN = 14                # log lines shown above the board on a redrawn screen
_CLEAR = "\x1b[H\x1b[2J"           # cursor home, clear the screen (a terminal only)
ActionKey = tuple[str, int, int, str, int]


@dataclass
class Table:
    """One human game: the game, whose side the person plays, the agent, the log, the terminal."""

    game: Game
    you: int
    agent: Any
    log: GameLog
    read: TextIO
    write: TextIO
    shown: int = 0                  # log entries already printed
    board: str = ""                 # the board last shown
    choice: tuple[object, ...] = ()                 # the decision the numbers below belong to
    numbers: dict[ActionKey, int] = field(default_factory=dict)    # an action's number

    def say(self, text: str = "") -> None:
        print(printable(text), file=self.write, flush=True)   # a saved name's ESC as \x1b

    @property
    def screen(self) -> bool:
        """True on a terminal: each decision redraws one screen in place instead of scrolling."""
        return _is_terminal(self.write) and _is_terminal(self.read)


def play_human(decks: tuple[Deck, Deck], *, you: int, agent: str, seed: int, format: str,
               turn_limit: int | None, read: TextIO = sys.stdin,
               write: TextIO = sys.stdout, db: CardDB | None = None) -> int:
    """Play a game with a person deciding for player `you` (cards: `db`, default the built-in
    pool, and the card files the decks name); return 0 (finished or left)."""
    game = Game(*decks, seed=seed, format=format, turn_limit=turn_limit, db=db)
    table = Table(game, you, make_agent(agent, seed * 2 + 2 - you), GameLog(game, viewer=you),
                  read, write)
    names = [f"{player_label(p)} {decks[p].name}{' (you)' if p == you else f' ({agent})'}"
             for p in (0, 1)]
    table.say(f"{names[0]} vs {names[1]}, {format}, seed {seed} (the same game again: --seed "
              f"{seed}). {HELP}")
    while not game.over:
        decision = game.decision
        assert decision is not None
        if decision.player == you:
            action = _ask(table, decision)
            if action is None:
                table.say(f"You left the game on turn {game.turn}.")
                return 0
        else:
            action = table.agent.act(game)
        game.step(action)
        table.log.update(game)
    _news(table)
    table.say(board_text(game, you))
    return 0


def _news(table: Table, last: int | None = None) -> None:
    """Print the log entries added since the last time (`last`: at most that many, the
    newest, with a line saying how many were left out)."""
    entries = table.log.entries[table.shown:]
    if last is not None and len(entries) > last:
        table.say(f"  ... {len(entries) - last} earlier lines (l: the whole game)")
        entries = entries[-last:]
    for entry in entries:
        table.say(entry.text())
    table.shown = len(table.log.entries)


def _key(action: Action) -> ActionKey:
    return (action.kind.value, action.card, action.target,
            action.circle.value if action.circle is not None else "", action.index)


def _numbers(table: Table, decision: Decision, actions: list[Action]) -> list[int]:
    """The number of each action. While one choice goes on (a mulligan's picks, cards chosen
    one at a time) every option keeps its number: those already picked leave a gap."""
    choice = (decision.player, decision.kind, decision.source, decision.label,
              table.game.turn)
    keys = [_key(a) for a in actions]
    if choice == table.choice and all(k in table.numbers for k in keys):
        return [table.numbers[k] for k in keys]
    table.choice, table.numbers = choice, {k: n for n, k in enumerate(keys, 1)}
    return list(range(1, len(actions) + 1))


def _ask(table: Table, decision: Decision) -> Action | None:
    """Show the news, the board when it changed, the question and the actions; return the
    chosen action (None: leave). On a terminal the screen is redrawn in place."""
    now = board_text(table.game, table.you)
    if table.screen:
        table.write.write(_CLEAR)
        table.say(now)
        table.say()
        _news(table, last=_NEWS_ON_SCREEN)
    else:
        _news(table)
        if now != table.board:
            table.say()
            table.say(now)
    table.board = now
    actions = table.game.legal_actions()
    numbers = _numbers(table, decision, actions)
    by_number = dict(zip(numbers, actions, strict=True))
    asked = question(table.game, decision)
    if asker(table.game, decision)[1] is not None:          # an ability asks (c: its text)
        asked += " (c: the card's text)"
    table.say(f"-- Your decision: {asked}")
    for line in action_lines(table.game, decision, actions, numbers):
        table.say(line)
    while True:
        table.write.write(f"Choose {_ranges(numbers)} (h for help): ")
        table.write.flush()
        read = _read_line(table.read)
        if read is None:                              # end of input: leave like q
            table.say()
            return None
        line = read
        if not _is_terminal(table.read):              # a script: show what it answered
            table.say(line if len(line) <= _MAX_ANSWER else line[:_MAX_ANSWER] + "...")
        answer = line.strip()
        word, _, rest = answer.partition(" ")
        command = _COMMANDS.get(answer.lower())
        if command is not None:
            if command(table) is False:
                return None
            continue
        if word.lower() in ("c", "card"):
            table.say(_card_command(table, by_number, rest))
            continue
        number = _number(answer, max(numbers))
        if number is not None and number in by_number:
            return by_number[number]
        shown = answer if len(answer) <= 40 else answer[:37] + "..."
        table.say(f"'{shown}' is not a choice. {HELP}")


def _ranges(numbers: list[int]) -> str:
    """The numbers on offer: "1-6", or "1-3, 5-6" once a pick left a gap."""
    out: list[str] = []
    for n in sorted(numbers):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


_LINE_CHARS = 1024                    # an answer is a few characters; the rest is skipped


def _read_line(read: TextIO) -> str | None:
    """Return one line of input without its newline, at most _LINE_CHARS of it (the rest of
    a longer line is read and dropped), or None at the end of input."""
    line = read.readline(_LINE_CHARS)
    if not line:
        return None
    rest = line
    while not rest.endswith("\n") and rest:          # drop the rest of a very long line
        rest = read.readline(_LINE_CHARS)
    return line.rstrip("\n")


def _number(answer: str, count: int) -> int | None:
    """The action number typed (1..count), or None: ASCII digits only, and few of them (a line
    of 10,000 digits is not a number of a choice, and int() would refuse it)."""
    if not answer or len(answer) > len(str(count)) or not answer.isascii() or not answer.isdigit():
        return None
    number = int(answer)
    return number if 1 <= number <= count else None


def _card_command(table: Table, actions: dict[int, Action], query: str) -> str:
    """The text of a card: by the number of an action (its card), an id or a name."""
    query = query.strip()[:_MAX_ANSWER]
    decision = table.game.decision
    source = asker(table.game, decision)[1] if decision is not None else None
    if not query and source is not None:
        return card_sheet(source)                         # the card whose ability asks
    if not query:
        return "c CARD: name a card by its id, its name, or the number of an action"
    number = _number(query, max(actions, default=0))
    if number is not None and number in actions:
        action = actions[number]
        entity = action.card if action.card >= 0 else action.target
        if entity < 0:
            return f"action {number} names no card"
        return card_sheet(table.game.card(entity))
    try:
        return card_sheet(find_card(table.game.state.db, query))
    except ArgumentError as exc:
        return str(exc)


_COMMANDS: dict[str, Callable[[Table], bool | None]] = {
    "h": lambda t: t.say(HELP),
    "help": lambda t: t.say(HELP),
    "?": lambda t: t.say(HELP),
    "b": lambda t: t.say(board_text(t.game, t.you)),
    "z": lambda t: t.say(board_text(t.game, t.you, zones=True)),
    "l": lambda t: t.say(t.log.text()),
    "q": lambda t: False,
    "quit": lambda t: False,
}


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def board_text(game: Game, you: int, *, zones: bool = False) -> str:
    """Return the board as player `you` may see it (perspective.board); `zones` adds the cards
    of every public zone."""
    return board.board_text(game, you, zones=zones)
