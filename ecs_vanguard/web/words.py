"""Decisions and actions in a player's words: one wording for the terminal game (`play
--human`), the browser game (`play --web`) and the moves of an HTML replay (`show --html`).

    question(game, decision)        # "Give the trigger's +10000 power to one of your units
                                    #  (Spark Raptor's critical trigger)"
    describe(game, decision, a)     # "Call Wingal (G1, 8000) to back center"

A choice names what it is for in plain words (never an effect's internal name such as
`power_to`), says whose ability or which rule asks (the ride deck's discard is the cost of
riding, CORE-05, not a unit's ability), and what a Yes/No ability does (its text); copies of one
card among the options are told apart by where they are and a copy number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.perspective import board
from ecs_vanguard.perspective.cardtext import marks_text, printed_marks
from ecs_vanguard.perspective.gamelog.texts import circle_text
from ecs_vanguard.state import (
    G_GUARDIAN_INDEX,
    GIFT_INDEX,
    MULLIGAN_INDEX,
    RIDE_DECK_INDEX,
    SEEK_MATE_INDEX,
    STRIDE_INDEX,
    TRIGGER_INDEX,
)
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind
from ecs_vanguard.vocab.zones import Zone

# What the internal names of choices mean (effects.builtin's trigger steps bind these names).
_LABELS = {
    "power_to": "Give the trigger's +{power} power to one of your units",
    "critical_to": "Give the trigger's +1 critical to one of your units",
    "stood": "Stand one of your rear-guards (stand trigger)",
    "heal": "Heal: choose a damage card to put in the drop",
    "mulligan": "Mulligan: choose the cards to return to the deck",
    "discard": "Choose a card to discard",
    "counter blast": "Counter Blast: choose a face-up damage card to turn face down",
    "soul blast": "Soul Blast: choose a card of your soul to put into the drop",
    "counter charge": "Counter Charge: choose a face-down damage card to turn face up",
    "soul charge": "Soul Charge",
    "ride": "Ride a unit (or do not ride)",
    "main phase": "Main phase: call, move, use abilities, or end the phase",
    "attack": "Attack with a standing unit, or end the battle phase",
    "boost": "Boost the attacker with a unit behind it, or do not",
    "guard": "Guard: put cards on the guardian circle, or stop guarding",
    "play next auto": "Several of your AUTO abilities wait: choose which resolves first",
}


def asker(game: Game, decision: Decision) -> tuple[str, CardDef | None, str]:
    """Who asks `decision`: (what, in words; the card whose ability asks or None; that
    ability's text or ""). The rules' own frames (the ride deck's discard, a trigger, a
    mulligan, Stride, a gift) are named as such, never as an ability of their card."""
    if decision.source < 0:
        return "", None, ""
    card = game.card(decision.source)
    state = game.state
    game.switch()
    frame = state.stack[-1] if state.stack and state.stack[-1].source == decision.source else None
    if decision.kind is DecisionKind.MULLIGAN or (frame is not None
                                                  and frame.index == MULLIGAN_INDEX):
        return "", None, ""
    if frame is None:
        return (f"an ability of {card.names[0]}", card, "") if card.abilities else ("", None, "")
    name = card.names[0]
    builtin = {
        RIDE_DECK_INDEX: f"the cost of riding {name} from the ride deck",
        TRIGGER_INDEX: f"{name}'s {card.trigger.value if card.trigger else ''} trigger",
        GIFT_INDEX: f"the {card.gift.value if card.gift else ''} gift of {name}",
        STRIDE_INDEX: f"the Stride cost of {name}",
        G_GUARDIAN_INDEX: f"the cost of calling {name} as a G guardian",
        SEEK_MATE_INDEX: f"Seek Mate of {name}",
    }
    if frame.index in builtin:
        return builtin[frame.index], None, ""
    text = ""
    if frame.index >= 0:
        for card_id, index, ability in q.abilities(state, decision.source):
            if card_id == frame.card_id and index == frame.index:
                text = ability.text
                break
        else:
            abilities = state.db[frame.card_id].abilities
            if frame.index < len(abilities):
                text = abilities[frame.index].text
    return f"an ability of {name}", card, text


def question(game: Game, decision: Decision) -> str:
    """What `decision` asks, in a player's words, with who asks it."""
    label = decision.label or decision.kind.value.replace("_", " ")
    what, _, text = asker(game, decision)
    if label in _LABELS:
        asked = _LABELS[label]
        if "{power}" in asked:
            asked = asked.format(power=_trigger_power(game, decision))
    elif decision.kind is DecisionKind.YES_NO:
        asked = "Use this ability?" if label == "use ability" else f"{label[:1].upper()}{label[1:]}?"
    elif decision.kind is DecisionKind.CHOOSE_CARD:
        asked = f"Choose a card: {label}"
    elif decision.kind is DecisionKind.CHOOSE_CIRCLE:
        asked = f"Choose a circle: {label}"
    else:
        asked = label[:1].upper() + label[1:]
    if what:
        asked += f" ({what})"
    if text:
        asked += f" - {text}"
    return asked


def _trigger_power(game: Game, decision: Decision) -> str:
    state = game.state
    frame = state.stack[-1] if state.stack else None
    if frame is None or frame.index != TRIGGER_INDEX:
        return "power"
    card = state.db[frame.card_id]
    return str(state.rules.over_trigger_power if card.trigger is not None
               and card.trigger.value == "over" else card.trigger_power)


def _card(game: Game, entity: int, *, stats: bool = False) -> str:
    card = game.card(entity)
    return board.card_line(card) if stats else card.names[0]


def action_lines(game: Game, decision: Decision, actions: list[Action],
                 numbers: list[int] | None = None) -> list[str]:
    """Return the numbered actions, one a line; calls and moves of one card share a line
    ("Call Wingal (G1, 8000) to: 3) front left · 4) back left"). `numbers`: the number shown
    for each action (default 1, 2, ...)."""
    lines: list[str] = []
    previous: tuple[ActionKind, int] | None = None
    words = describe_all(game, decision, actions)
    shown = numbers if numbers is not None else list(range(1, len(actions) + 1))
    for number, action, said in zip(shown, actions, words, strict=True):
        circle = circle_text(action.circle.value) if action.circle is not None else ""
        key = (action.kind, action.card) if action.kind in _GROUPED and circle else None
        if key is not None and key == previous:
            lines[-1] += f" · {number}) {circle}"
        elif key is not None:
            head = _DESCRIBE[action.kind](game, decision, Action(action.kind, card=action.card))
            lines.append(f"  {head} to: {number}) {circle}")
        else:
            lines.append(f"  {number:>2}) {said}")
        previous = key
    return lines


_GROUPED = (ActionKind.CALL, ActionKind.MOVE)


def describe_all(game: Game, decision: Decision, actions: list[Action]) -> list[str]:
    """Every action in words; options that would read the same (copies of one card) get
    "copy 1", "copy 2", ... in the order of the list."""
    words = [describe(game, decision, a) for a in actions]
    counts = Counter(words)
    seen: Counter[str] = Counter()
    out = []
    for said in words:
        if counts[said] > 1:
            seen[said] += 1
            said = f"{said} (copy {seen[said]})"
        out.append(said)
    return out


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
_ZONE_WORDS = {Zone.HAND: "in hand", Zone.DAMAGE: "in the damage zone", Zone.SOUL: "in the soul",
               Zone.DROP: "in the drop", Zone.DECK: "in the deck", Zone.BIND: "in the bind zone",
               Zone.GC: "on the guardian circle", Zone.G_ZONE: "in the G zone",
               Zone.RIDE_DECK: "in the ride deck", Zone.ORDER: "in the order zone"}


def _pick(game: Game, decision: Decision, action: Action) -> str:
    if action.card >= 0:
        verb = "Return" if decision.kind is DecisionKind.MULLIGAN else "Choose"
        where = _where(game, decision.player, action.card)
        if decision.kind is DecisionKind.MULLIGAN:
            where = ""
        return f"{verb} {_card(game, action.card, stats=True)}{where}"
    if action.circle is not None:
        return f"Choose {circle_text(action.circle.value)}"
    return f"Choose option {action.index + 1}"


def _where(game: Game, player: int, entity: int) -> str:
    """Where a card is, as a choice says it: " (front left)" for a unit, " (in the drop)"."""
    field = _field(game, player)
    if entity in field:
        circle, power = field[entity]
        return f" ({circle_text(circle)}{f', {power}' if power is not None else ''})"
    game.switch()
    zone = q.position(entity).zone
    words = next((w for z, w in _ZONE_WORDS.items() if z is zone), "")
    return f" ({words})" if words else ""


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
            for circle, units in side["circles"].items() for u in units if "card" in u}


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


def _yes_no(yes: bool) -> Callable[..., str]:
    def say(game: Game, decision: Decision, action: Action) -> str:
        _, card, text = asker(game, decision)
        label = decision.label or ""
        if label == "use ability" and card is not None:
            does = f": {text}" if text else ""
            return (f"Yes, use the ability of {card.names[0]}{does}" if yes
                    else f"No, do not use the ability of {card.names[0]}")
        if label:
            return f"{'Yes' if yes else 'No'} ({label})"
        return "Yes" if yes else "No"

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
    ActionKind.YES: _yes_no(True),
    ActionKind.NO: _yes_no(False),
}
