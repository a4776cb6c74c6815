"""One small function per kind of log entry: the line a Vanguard player reads.

Players are P1 (player 0, deck A) and P2 (player 1, deck B); cards go by their names, units
with their circle, grade and power ("P1 rides Lantern Drake, Halvard (G2, 10000)").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ecs_vanguard.perspective.cardtext import marks_text

# Depth of each kind of line: turns at 0, phases at 1, moves at 2, what happens in a battle at 3.
INDENT: dict[str, int] = {"turn": 0, "end": 0, "setup": 0, "position": 0, "phase": 1,
                          **dict.fromkeys(("boost", "guard", "intercept", "drive_check",
                                           "damage_check", "damage", "hit", "miss"), 3)}
_CHECK = {"drive_check": "drive check", "damage_check": "damage check"}


def player_label(player: int | None) -> str:
    """Return "P1" for player 0 and "P2" for player 1."""
    return f"P{player + 1}" if player in (0, 1) else "?"  # type: ignore[operator]


@dataclass(slots=True)
class Entry:
    """One line of a game's log: what happened (`kind`), when, by whom, and its details."""

    kind: str
    turn: int
    phase: str
    player: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """Return the line a player reads, indented by its depth in the turn."""
        return "  " * INDENT.get(self.kind, 2) + TEXTS[self.kind](self)

    def to_dict(self) -> dict[str, Any]:
        """Return the entry as JSON-ready data: turn, phase, kind, player, text and details."""
        return {"turn": self.turn, "phase": self.phase, "kind": self.kind,
                "player": player_label(self.player) if self.player is not None else None,
                "text": TEXTS[self.kind](self), **self.data}


def circle_text(circle: str) -> str:
    """Return a circle as players say it: VC, GC, front left, accel 1."""
    return circle.upper() if circle in ("vc", "gc", "rc") else circle.replace("_", " ")


def card_text(card: dict[str, Any] | None, *, stats: bool = False, where: bool = False) -> str:
    """Return a card's name, with "(circle)" and/or "(G2, 10000)" when asked and known."""
    if not card:
        return "?"
    details = []
    if where and card.get("circle"):
        details.append(circle_text(card["circle"]))
    if stats and "grade" in card:
        details.append(f"G{card['grade']}, {card['power']}")
    return f"{card['name']} ({', '.join(details)})" if details else card["name"]


def _p(entry: Entry) -> str:
    return player_label(entry.player)


def _names(cards: list[dict[str, Any]]) -> str:
    """Return card names joined by semicolons: card names hold commas ("Halvard, the Lantern")."""
    return "; ".join(card_text(c) for c in cards)


def _draw(e: Entry) -> str:
    hidden = e.data["hidden"]
    if hidden:
        return f"{_p(e)} draws {hidden} card{'s' if hidden > 1 else ''}."
    return f"{_p(e)} draws {_names(e.data['cards'])}."


def _mulligan(e: Entry) -> str:
    n = e.data["returned"]
    if not n:
        return f"{_p(e)} keeps the opening hand."
    back = _names(e.data["back"]) if e.data["back"] else f"{n} card{'s' if n > 1 else ''}"
    drawn = _names(e.data["cards"]) if e.data["cards"] else f"{n} new card{'s' if n > 1 else ''}"
    return f"{_p(e)} returns {back} and draws {drawn}."


def _turn(e: Entry) -> str:
    d = e.data["damage"]
    return f"== Turn {e.turn}: {_p(e)}'s turn (damage P1 {d[0]}, P2 {d[1]}) =="


def _ride(e: Entry) -> str:
    how = "superior rides" if e.data["superior"] else "rides"
    tail = " from the ride deck" if e.data["from_zone"] == "ride_deck" else ""
    persona = " Persona ride!" if e.data["persona"] else ""
    return f"{_p(e)} {how} {card_text(e.data['card'], stats=True)}{tail}.{persona}"


def _call(e: Entry) -> str:
    how = "superior calls" if e.data["superior"] else "calls"
    origin = e.data["from_zone"]
    tail = "" if origin == "hand" else f" from the {origin.replace('_', ' ')}"
    return (f"{_p(e)} {how} {card_text(e.data['card'], stats=True)} to "
            f"{circle_text(e.data['circle'])}{tail}.")


def _attack(e: Entry) -> str:
    d = e.data
    attackers = " and ".join(card_text(c, where=True) for c in [d["attacker"], *d["co_attackers"]])
    target = d["target"]
    rear = target.get("circle") != "vc"         # a vanguard's circle is in the word already
    line = (f"{_p(e)} attacks with {attackers} → {player_label(1 - e.player)}'s "  # type: ignore[operator]
            f"{'rear-guard' if rear else 'vanguard'} {card_text(target, where=rear)}")
    if "power" in d:
        line += f": {_totals(d)}"
    return line + "."


def _totals(d: dict[str, Any]) -> str:
    """The attack's power against the defence, the same way round in attack and guard lines."""
    safe = " (the target cannot be hit)" if d.get("cant_be_hit") else ""
    return f"{d['power']} against {d['defence']}{safe}"


def _guard(e: Entry) -> str:
    shields = "; ".join(f"{card_text(c)}{marks_text(c.get('marks', []))} (+{c['shield']})"
                        for c in e.data["cards"])
    line = f"{_p(e)} guards with {shields}"
    if "defence" in e.data:
        line += f": now {_totals(e.data)}"
    return line + "."


def _boost(e: Entry) -> str:
    amount = f": +{e.data['amount']}" if e.data["amount"] is not None else ""
    return (f"{_p(e)} boosts {card_text(e.data['boosted'], where=True)} with "
            f"{card_text(e.data['card'], where=True)}{amount}.")


def _now(e: Entry) -> str:
    return f": now {_totals(e.data)}" if "defence" in e.data else ""


def _check(e: Entry) -> str:
    d = e.data
    trigger = f"{d['trigger']} trigger" if d["trigger"] else "no trigger"
    effects = "; ".join(_effect_texts(d["effects"]))
    return (f"{_p(e)} {_CHECK[e.kind]}: {card_text(d['card'])}, {trigger}"
            f"{': ' + effects if effects else ''}.")


def _effect_texts(effects: list[dict[str, Any]]) -> list[str]:
    """Return a trigger's effects in words; what one unit gets is said once ("Halvard (VC)
    +10000 power, +1 critical")."""
    out: list[str] = []
    last: int | None = None
    for x in effects:
        unit = x["card"].get("entity")
        if x["effect"] in _STATS and unit == last:
            out[-1] += f", +{x['amount']} {x['effect']}"
            continue
        out.append(_EFFECTS.get(x["effect"], _effect_other)(x))
        last = unit if x["effect"] in _STATS else None
    return out


_STATS = ("power", "critical")


def _effect_other(x: dict[str, Any]) -> str:
    return f"{x['effect']} {card_text(x['card'], where=True)}"


_EFFECTS: dict[str, Callable[[dict[str, Any]], str]] = {
    "power": lambda x: f"{card_text(x['card'], where=True)} +{x['amount']} power",
    "critical": lambda x: f"{card_text(x['card'], where=True)} +{x['amount']} critical",
    "heal": lambda x: f"heals {card_text(x['card'])}",
    "draw": lambda x: "draws a card",
    "stand": lambda x: f"{card_text(x['card'], where=True)} stands",
}


def _damage(e: Entry) -> str:
    d = e.data
    source = "" if d["battle"] or not d["source"] else f" from {card_text(d['source'])}"
    return f"{_p(e)} takes {d['amount']} damage{source}."


def _hit(e: Entry) -> str:
    target = e.data["target"]
    if target.get("circle") == "vc":
        return f"Hit: {player_label(1 - e.player)} has {e.data['damage']} damage."  # type: ignore[operator]
    return f"Hit: {card_text(target, where=True)} is hit."


def _end(e: Entry) -> str:
    d = e.data
    if e.player is None:
        return f"== Draw after turn {d['turn']}: {_END_CODES.get(d['code'], d['reason'])} =="
    loser = 1 - e.player
    why = {"damage": f"{player_label(loser)} has {d['damage'][loser]} damage",
           "deck_out": f"{player_label(loser)} has no cards left in the deck"}
    return (f"== {_p(e)} wins on turn {d['turn']}: "
            f"{why.get(d['code'], d['reason'])} ==")


_END_CODES = {"turn_limit": "the turn limit was reached",
              "decision_limit": "too many decisions in one turn",
              "damage_and_deck_out": "both players lost at once"}


def _power(e: Entry) -> str:
    d = e.data
    sign = "+" if d["amount"] >= 0 else ""
    source = f" ({card_text(d['source'])})" if d["source"] else ""
    return f"{card_text(d['card'], where=True)} {sign}{d['amount']} {d['stat']}{source}."


def _by(verb: str, field: str = "card") -> Callable[[Entry], str]:
    return lambda e: f"{_p(e)} {verb} {card_text(e.data[field], where=True)}."


def _passive(verb: str) -> Callable[[Entry], str]:
    return lambda e: f"{card_text(e.data['card'], where=True)} {verb}."


TEXTS: dict[str, Callable[[Entry], str]] = {
    "turn": _turn,
    "setup": lambda e: "== Set-up ==",
    "position": lambda e: f"== Turn {e.turn}: {_p(e)}'s {e.phase} phase (a set position) ==",
    "phase": lambda e: f"[{e.phase} phase]",
    "first": lambda e: f"{_p(e)} goes first.",
    "mulligan": _mulligan,
    "draw": _draw,
    "ride": _ride,
    "stride": lambda e: f"{_p(e)} strides {card_text(e.data['card'], stats=True)}.",
    "call": _call,
    "move": lambda e: (f"{_p(e)} moves {card_text(e.data['card'])} from "
                       f"{circle_text(e.data['from_circle'])} to "
                       f"{circle_text(e.data['to_circle'])}."),
    "overdress": lambda e: (f"{_p(e)} overDresses {card_text(e.data['card'], stats=True)} over "
                            f"{card_text(e.data['source'])} on {circle_text(e.data['circle'])}."),
    "retire": _passive("is retired"),
    "stand": _passive("stands"),
    "delete": _passive("is deleted"),
    "lock": _passive("is locked"),
    "unlock": _passive("is unlocked"),
    "imprison": _passive("is imprisoned"),
    "attack": _attack,
    "boost": _boost,
    "guard": _guard,
    "intercept": lambda e: (f"{_p(e)} intercepts with {card_text(e.data['card'])} from "
                            f"{circle_text(e.data['card']['circle'])} "
                            f"(+{e.data['card']['shield']}){_now(e)}."),
    "drive_check": _check,
    "damage_check": _check,
    "damage": _damage,
    "hit": _hit,
    "miss": lambda e: "No hit.",
    "heal": lambda e: f"{_p(e)} heals {card_text(e.data['card'])}.",
    "power": _power,
    "order": _by("plays the order"),
    "act": _by("uses the ACT ability of"),
    "auto": lambda e: f"The AUTO ability of {card_text(e.data['card'], where=True)} resolves.",
    "discard": _by("discards"),
    "bind": _passive("is bound"),
    "legion": lambda e: (f"{card_text(e.data['leader'])} and {card_text(e.data['mate'])} "
                         "form a legion."),
    "retarget": lambda e: f"The attack now targets {card_text(e.data['target'], where=True)}.",
    "counter_blast": lambda e: f"{_p(e)} counter blasts {e.data['count']}.",
    "counter_charge": lambda e: f"{_p(e)} counter charges {e.data['count']}.",
    "soul_blast": lambda e: f"{_p(e)} soul blasts {e.data['count']}.",
    "soul_charge": lambda e: f"{_p(e)} soul charges {e.data['count']}.",
    "gift": lambda e: (f"{_p(e)} gains a {e.data['gift']} gift"
                       f"{' on ' + circle_text(e.data['circle']) if e.data['circle'] else ''}."),
    "declare": lambda e: f"{_p(e)} declares the name {e.data['name']!r}.",
    "player_state": lambda e: f"{_p(e)} enters {e.data['name'].replace('_', ' ')}.",
    "world": lambda e: f"{_p(e)}'s World becomes {e.data['content'].replace('_', ' ')}.",
    "search": lambda e: (f"{_p(e)} searches the {e.data['zone'].replace('_', ' ')}"
                         f"{' and finds ' + _names(e.data['cards']) if e.data['cards'] else ''}."),
    "end": _end,
}
