"""`ecs-vanguard play --human`: play one side of a game in the terminal against a built-in agent.

Whenever you decide, you see what happened since (the opponent's hand and draws stay hidden),
the board as you may see it, and the numbered legal actions in words. Type a number; `b` shows
the board again, `l` the whole game so far, `h` the commands, `q` leaves the game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from ecs_vanguard.agents import make_agent
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.perspective.gamelog import GameLog
from ecs_vanguard.perspective.gamelog.texts import circle_text, player_label
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind

HELP = ("Type the number of an action and Enter. Commands: b = board, l = the whole game so far, "
        "h = this help, q = leave the game.")
_CIRCLE_ORDER = ("vc", "front_left", "front_right", "back_left", "back_center", "back_right")


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
    table.say(f"-- Your decision: {decision.label or decision.kind.value.replace('_', ' ')}")
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
        shown = line if len(line) <= 40 else f"{line[:37]}..."
        if not _is_terminal(table.read):              # a script: show what it answered
            table.say(shown)
        answer = line.strip().lower()
        command = _COMMANDS.get(answer)
        if command is not None:
            if command(table) is False:
                return None
            continue
        # ASCII digits, a few of them: int() refuses 10,000 digits and reads other scripts'
        if answer.isascii() and answer.isdigit() and len(answer) <= 6 \
                and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        table.say(f"'{shown.strip()}' is not a choice. {HELP}")


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


_COMMANDS: dict[str, Callable[[Table], bool | None]] = {
    "h": lambda t: t.say(HELP),
    "help": lambda t: t.say(HELP),
    "?": lambda t: t.say(HELP),
    "b": lambda t: t.say(board_text(t.game, t.you)),
    "l": lambda t: t.say(t.log.text()),
    "q": lambda t: False,
    "quit": lambda t: False,
}


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def board_text(game: Game, you: int) -> str:
    """Return the board as player `you` may see it: both fields, counts, your hand."""
    view = game.view(you)
    head = ("== Set-up ==" if view["phase"] == "setup" else
            f"== Turn {view['turn']}, {player_label(view['turn_player'])}'s {view['phase']} phase ==")
    sides = [_side_text(game, view["players"][p], you) for p in (1 - you, you)]
    hand = view["players"][you]["hand"]
    cards = "\n".join(f"    {_card(game, c['card'], stats=True)}" for c in hand) or "    (empty)"
    return "\n".join([head, *sides, f"  Your hand ({len(hand)}):", cards])


def _side_text(game: Game, side: dict[str, Any], you: int) -> str:
    p = side["player"]
    who = "you" if p == you else "opponent"
    damage = side["damage"]
    down = sum(1 for c in damage if not c["face_up"])
    lines = [(f"  {player_label(p)} ({who}): damage {len(damage)} ({down} face down) · "
              f"hand {side['hand_size']} · deck {side['deck_size']} · soul {len(side['soul'])} · "
              f"drop {len(side['drop'])}")]
    circles = side["circles"]
    for circle in sorted(circles, key=lambda c: (_CIRCLE_ORDER + (c,)).index(c)):
        for unit in circles[circle]:
            lines.append(f"    {circle_text(circle):<12} {_unit(game, unit)}")
    return "\n".join(lines)


def _unit(game: Game, unit: dict[str, Any]) -> str:
    if not unit["face_up"]:
        return "(face down)"
    state = "rested" if unit.get("rested") else "standing"
    return (f"{game.card(unit['card']).names[0]}  {unit.get('power', 0)} power, "
            f"{unit.get('critical', 1)} critical, {state}")


def _card(game: Game, entity: int, *, stats: bool = False) -> str:
    card = game.card(entity)
    if not stats:
        return card.names[0]
    shield = f", shield {card.shield}" if card.shield else ""
    trigger = f", {card.trigger.value} trigger" if card.trigger else ""
    return f"{card.names[0]} (G{card.grade}, {card.power}{shield}{trigger})"


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


def _attack(game: Game, decision: Decision, action: Action) -> str:
    view = game.view(decision.player)
    power = {u["card"]: u.get("power") for side in view["players"]
             for units in side["circles"].values() for u in units}
    return (f"Attack {_card(game, action.target)} ({power.get(action.target)}) with "
            f"{_card(game, action.card)} ({power.get(action.card)})")


def _shielded(verb: str) -> Callable[..., str]:
    return lambda game, decision, action: (
        f"{verb} {_card(game, action.card)} (+{game.card(action.card).shield})")


_DESCRIBE: dict[ActionKind, Callable[[Game, Decision, Action], str]] = {
    ActionKind.DONE: _done,
    ActionKind.PICK: _pick,
    ActionKind.RIDE: _ride,
    ActionKind.CALL: _with("Call", circle=True),
    ActionKind.MOVE: _with("Move", stats=False, circle=True),
    ActionKind.ACT: lambda g, d, a: f"Use the ACT ability of {_card(g, a.card)}{_ability(g, a)}",
    ActionKind.PLAY_ORDER: _with("Play the order", stats=False),
    ActionKind.ATTACK: _attack,
    ActionKind.BOOST: _with("Boost with"),
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
