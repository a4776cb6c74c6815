"""`ecs-vanguard play --human`: play one side of a game in the terminal against a built-in agent.

Whenever you decide, you see what happened since (the opponent's hand and draws stay hidden),
the board as you may see it, and the numbered legal actions in words. Type a number; `b` shows
the board again, `z` every zone's cards, `c CARD` a card's text (an id, a name, or the number of
an action), `l` the whole game so far, `h` the commands, `q` leaves the game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from ecs_vanguard.agents import make_agent
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.perspective import board
from ecs_vanguard.perspective.cardtext import card_sheet, find_card, marks_text, printed_marks
from ecs_vanguard.perspective.gamelog import GameLog
from ecs_vanguard.perspective.gamelog.texts import circle_text, player_label
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind
from ecs_vanguard.vocab.errors import ArgumentError

HELP = ("Type the number of an action and Enter. Commands: b = board, z = every zone's cards, "
        "c CARD = a card's text (id, name or action number), l = the whole game so far, "
        "h = this help, q = leave the game.")
_MAX_ANSWER = 200                   # characters of an answer read; a longer line is refused


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

    def say(self, text: str = "") -> None:
        print(text, file=self.write, flush=True)


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
    return 0


def _news(table: Table) -> None:
    """Print the log entries added since the last time."""
    for entry in table.log.entries[table.shown:]:
        table.say(entry.text())
    table.shown = len(table.log.entries)


def _ask(table: Table, decision: Decision) -> Action | None:
    """Show the news, the board and the actions; return the chosen action (None: leave)."""
    _news(table)
    table.say()
    table.say(board_text(table.game, table.you))
    actions = table.game.legal_actions()
    asked = decision.label or decision.kind.value.replace("_", " ")
    source = _asking_card(table.game, decision)
    if source is not None:                        # an ability asks: say whose (c: its text)
        asked += f" (an ability of {source.names[0]}; c: its text)"
    table.say(f"-- Your decision: {asked}")
    for line in action_lines(table.game, decision, actions):
        table.say(line)
    while True:
        table.write.write(f"Choose 1-{len(actions)} (h for help): ")
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
            table.say(_card_command(table, actions, rest))
            continue
        number = _number(answer, len(actions))
        if number is not None:
            return actions[number - 1]
        shown = answer if len(answer) <= 40 else answer[:37] + "..."
        table.say(f"'{shown}' is not a choice. {HELP}")


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


def _asking_card(game: Game, decision: Decision) -> CardDef | None:
    """The card whose ability asks this decision, or None when the rules ask (a mulligan
    names the vanguard as its source, CORE-03)."""
    if decision.source < 0 or decision.kind is DecisionKind.MULLIGAN:
        return None
    card = game.card(decision.source)
    return card if card.abilities else None


def _number(answer: str, count: int) -> int | None:
    """The action number typed (1..count), or None: ASCII digits only, and few of them (a line
    of 10,000 digits is not a number of a choice, and int() would refuse it)."""
    if not answer or len(answer) > len(str(count)) or not answer.isascii() or not answer.isdigit():
        return None
    number = int(answer)
    return number if 1 <= number <= count else None


def _card_command(table: Table, actions: list[Action], query: str) -> str:
    """The text of a card: by the number of an action (its card), an id or a name."""
    query = query.strip()[:_MAX_ANSWER]
    decision = table.game.decision
    source = _asking_card(table.game, decision) if decision is not None else None
    if not query and source is not None:
        return card_sheet(source)                         # the card whose ability asks
    if not query:
        return "c CARD: name a card by its id, its name, or the number of an action"
    number = _number(query, len(actions))
    if number is not None:
        action = actions[number - 1]
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


def _card(game: Game, entity: int, *, stats: bool = False) -> str:
    card = game.card(entity)
    return board.card_line(card) if stats else card.names[0]


def action_lines(game: Game, decision: Decision, actions: list[Action]) -> list[str]:
    """Return the numbered actions, one a line; calls and moves of one card share a line
    ("Call Wingal (G1, 8000) to: 3) front left · 4) back left")."""
    lines: list[str] = []
    previous: tuple[ActionKind, int] | None = None
    for number, action in enumerate(actions, 1):
        circle = circle_text(action.circle.value) if action.circle is not None else ""
        key = (action.kind, action.card) if action.kind in _GROUPED and circle else None
        if key is not None and key == previous:
            lines[-1] += f" · {number}) {circle}"
        elif key is not None:
            head = _DESCRIBE[action.kind](game, decision, Action(action.kind, card=action.card))
            lines.append(f"  {head} to: {number}) {circle}")
        else:
            lines.append(f"  {number:>2}) {describe(game, decision, action)}")
        previous = key
    return lines


_GROUPED = (ActionKind.CALL, ActionKind.MOVE)


def describe(game: Game, decision: Decision, action: Action) -> str:
    """Return what an action means, in words ("Call Wingal (G1, 8000) to back center")."""
    return _DESCRIBE.get(action.kind, _plain)(game, decision, action)


def _plain(game: Game, decision: Decision, action: Action) -> str:
    return str(action)


def _done(game: Game, decision: Decision, action: Action) -> str:
    picked = len(game.view(decision.player)["picked"])
    if decision.kind is DecisionKind.MULLIGAN and picked:      # CORE-03
        cards = f"the {picked} cards" if picked > 1 else "the card"
        return f"Done: return {cards} marked 'to return' and draw as many"
    return _DONE.get(decision.kind, "Done")


_DONE = {DecisionKind.MULLIGAN: "Keep the cards left in hand", DecisionKind.RIDE: "Do not ride",
         DecisionKind.MAIN_PHASE: "End the main phase", DecisionKind.ATTACK: "End the battle phase",
         DecisionKind.BOOST: "Do not boost", DecisionKind.GUARD: "Stop guarding",
         DecisionKind.STRIDE: "Do not stride", DecisionKind.CHOOSE_CARD: "Done choosing"}


def _pick(game: Game, decision: Decision, action: Action) -> str:
    if action.card >= 0:
        verb = "Return" if decision.kind is DecisionKind.MULLIGAN else "Choose"
        return f"{verb} {_card(game, action.card, stats=True)}"
    if action.circle is not None:
        return f"Choose {circle_text(action.circle.value)}"
    return f"Choose option {action.index + 1}"


def _ability(game: Game, action: Action) -> str:
    """The text of the act ability an action plays: its slot among the card's abilities now
    (printed ones the card has itself, then gained ones)."""
    game.switch()
    abilities = q.abilities(game.state, action.card)
    text = abilities[action.index][2].text if 0 <= action.index < len(abilities) else ""
    return f": {text}" if text else ""


def _with(verb: str, *, stats: bool = True, circle: bool = False) -> Callable[..., str]:
    def say(game: Game, decision: Decision, action: Action) -> str:
        where = f" to {circle_text(action.circle.value)}" if circle and action.circle else ""
        return f"{verb} {_card(game, action.card, stats=stats)}{where}"

    return say


def _ride(game: Game, decision: Decision, action: Action) -> str:
    ride_deck = {c["card"] for c in game.view(decision.player)["players"][decision.player]
                 ["ride_deck"]}
    tail = " from the ride deck (discard a card)" if action.card in ride_deck else ""
    return f"Ride {_card(game, action.card, stats=True)}{tail}"


def _field(game: Game, player: int) -> dict[int, tuple[str, Any]]:
    """Every unit on a circle as `player` sees it: entity -> (circle, its power now)."""
    view = game.view(player)
    return {u["card"]: (circle, u.get("power")) for side in view["players"]
            for circle, units in side["circles"].items() for u in units}


def _on_circle(game: Game, field: dict[int, tuple[str, Any]], entity: int) -> str:
    """A unit with its circle and power: "Blaze Lancer (front left, 10000)"; two units of one
    name are told apart by their circles."""
    circle, power = field.get(entity, ("", None))
    details = [d for d in (circle_text(circle) if circle else "", str(power) if power is not None
                           else "") if d]
    name = _card(game, entity)
    return f"{name} ({', '.join(details)})" if details else name


def _attack(game: Game, decision: Decision, action: Action) -> str:
    field = _field(game, decision.player)
    return (f"Attack {_on_circle(game, field, action.target)} with "
            f"{_on_circle(game, field, action.card)}")


def _move(game: Game, decision: Decision, action: Action) -> str:
    circle, _ = _field(game, decision.player).get(action.card, ("", None))
    name = _card(game, action.card)
    where = f" ({circle_text(circle)})" if circle else ""   # two units of one name apart
    to = f" to {circle_text(action.circle.value)}" if action.circle is not None else ""
    return f"Move {name}{where}{to}"


def _boost(game: Game, decision: Decision, action: Action) -> str:
    return f"Boost with {_on_circle(game, _field(game, decision.player), action.card)}"


def _shielded(verb: str) -> Callable[..., str]:
    def say(game: Game, decision: Decision, action: Action) -> str:
        card = game.card(action.card)
        marks = marks_text(printed_marks(card, skills=False))
        circle, _ = _field(game, decision.player).get(action.card, ("", None))
        where = f" from {circle_text(circle)}" if circle else ""
        return f"{verb} {card.names[0]}{marks}{where} (+{card.shield})"

    return say


_DESCRIBE: dict[ActionKind, Callable[[Game, Decision, Action], str]] = {
    ActionKind.DONE: _done,
    ActionKind.PICK: _pick,
    ActionKind.RIDE: _ride,
    ActionKind.CALL: _with("Call", circle=True),
    ActionKind.MOVE: _move,
    ActionKind.ACT: lambda g, d, a: f"Use the ACT ability of {_card(g, a.card)}{_ability(g, a)}",
    ActionKind.PLAY_ORDER: _with("Play the order", stats=False),
    ActionKind.ATTACK: _attack,
    ActionKind.BOOST: _boost,
    ActionKind.GUARD: _shielded("Guard with"),
    ActionKind.INTERCEPT: _shielded("Intercept with"),
    ActionKind.PLAY_AUTO: lambda g, d, a: (f"Resolve the AUTO ability of {_card(g, a.card)} "
                                           f"first{_ability(g, a)}"),
    ActionKind.OVERDRESS: lambda g, d, a: (f"overDress {_card(g, a.card, stats=True)} over "
                                           f"{_card(g, a.target)}"),
    ActionKind.STRIDE: _with("Stride"),
    ActionKind.SEEK_MATE: _with("Seek Mate with", stats=False),
    ActionKind.YES: lambda g, d, a: f"Yes ({d.label})" if d.label else "Yes",
    ActionKind.NO: lambda g, d, a: f"No ({d.label})" if d.label else "No",
}
