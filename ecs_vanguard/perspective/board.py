"""The board as a player reads it, in text: one renderer for `show --board`, `play --human`
(`b`, `z`) and the environments' `render()` (render_mode "ansi").

Built from `game.view(player)` only, so what it prints is what that player may see: both
fields (circle, name, grade, power, critical, stand or rest, and the marks of sentinels,
triggers, skills and mechanics), the counts of every zone, the battle in progress, your hand
(the cards a choice has picked so far marked) and, with `zones=True`, the cards of every public
zone (damage face up or face down, soul, drop, bind, GC, ...) while hidden zones stay counts.
A viewer of None sees each side as its owner does (a replay, where every draw is told anyway).
"""

from __future__ import annotations

import re
import textwrap
from typing import Any, Protocol

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.perspective.cardtext import marks_text, printed_marks
from ecs_vanguard.perspective.gamelog.texts import circle_text, player_label

_CIRCLE_ORDER = ("vc", "front_left", "front_right", "back_left", "back_center", "back_right")
_LABEL = 14                       # width of the first column: circle or zone names
_WIDTH = 80                       # rows wrap here, under their second column (a terminal's)
_MARK = re.compile(r"\[[^\]]*\]")
_KEEP = "\x00"                     # a space textwrap must not break at, while wrapping
# Public zones listed with `zones=True`, in the order a player scans them (CORE-01).
_ZONES = (("damage", "damage"), ("soul", "soul"), ("drop", "drop"), ("bind", "bind"),
          ("gc", "GC"), ("order", "order zone"), ("trigger", "trigger zone"),
          ("removed", "removed"), ("revealed", "revealed"))


class SeenGame(Protocol):
    """What the board reads of a game: `ecs_vanguard.game.Game` is one."""

    def view(self, player: int) -> dict: ...
    def card(self, entity: int) -> CardDef: ...


def board_text(game: SeenGame, viewer: int | None, *, zones: bool = False) -> str:
    """Return the board as `viewer` sees it (None: each side as its owner sees it): the
    opponent's side, then the viewer's, the battle in progress and the viewer's hand (every
    hand for None); `zones` adds the cards of every public zone."""
    views = [game.view(viewer if viewer is not None else p) for p in (0, 1)]
    head_view = views[0]
    if head_view["phase"] == "setup":
        when = "set-up"
    else:
        when = (f"turn {head_view['turn']}, {player_label(head_view['turn_player'])}'s "
                f"{head_view['phase']} phase")
    if head_view["over"]:
        winner = head_view["winner"]
        when += f", over: {player_label(winner) + ' won' if winner is not None else 'a draw'}"
    head = f"-- Board: {when} --"
    order = (0, 1) if viewer is None else (1 - viewer, viewer)
    board = _Board(game, viewer, views)
    lines = [head]
    for p in order:
        lines += board.side(p, zones=zones)
    lines += board.battle()
    for p in (order if viewer is None else (viewer,)):
        lines += board.hand(p)
    return "\n".join(lines)


class _Board:
    """One rendering: the game, whose eyes, and each side's view."""

    def __init__(self, game: SeenGame, viewer: int | None, views: list[dict]) -> None:
        self.game, self.viewer, self.views = game, viewer, views

    def _side(self, p: int) -> dict[str, Any]:
        return self.views[p]["players"][p]

    def _who(self, p: int) -> str:
        if self.viewer is None:
            return player_label(p)
        return f"{player_label(p)} ({'you' if p == self.viewer else 'opponent'})"

    def side(self, p: int, *, zones: bool) -> list[str]:
        """The counts line of one player, their circles, and their zones when asked."""
        side = self._side(p)
        damage = side["damage"]
        down = sum(1 for c in damage if not c["face_up"])
        counts = [f"damage {len(damage)} ({down} face down)", f"hand {side['hand_size']}",
                  f"deck {side['deck_size']}", f"soul {len(side['soul'])}",
                  f"drop {len(side['drop'])}"]
        counts += [f"{label} {n}" for label, n in (
            ("bind", len(side["bind"])), ("ride deck", side["ride_deck_size"]),
            ("G zone", len(side["g_zone"]))) if n]
        counts_text = " · ".join(c.replace(" ", _KEEP) for c in counts)   # each count whole
        lines = [_wrap(f"{self._who(p)}: {counts_text}", "  ", "    ")]
        extras = [*side["states"], *(w.replace("_", " ") for w in side["worlds"] if w)]
        if extras:
            lines.append(self._row("states", ", ".join(extras)))
        circles = side["circles"]
        for circle in sorted(circles, key=lambda c: (*_CIRCLE_ORDER, c).index(c)):
            for unit in circles[circle]:
                force = side["force"].get(circle)
                lines.append(self._row(circle_text(circle), self._unit(p, unit)
                                       + (f" [force {force}]" if force else "")))
        if zones:
            lines += self._zones(p, side)
        elif side["gc"]:
            lines.append(self._row("GC", self._cards(side["gc"], shield=True)))
        return lines

    def _unit(self, p: int, unit: dict[str, Any]) -> str:
        """A unit: name, grade, power, critical, stand or rest, printed and mechanics' marks."""
        stance = "rested" if unit.get("rested") else "standing"
        if "name" not in unit:
            own = self.viewer in (None, p) and "card" in unit
            name = f"{self.game.card(unit['card']).names[0]} " if own else ""
            return f"{name}(face down), {stance}"
        printed = self.game.card(unit["card"])
        stats = [f"G{unit['grade']}"]
        if "power" in unit:
            stats += [f"{unit['power']}", f"crit {unit['critical']}"]
        stats.append(stance)
        marks = printed_marks(printed) + unit.get("marks", [])
        dress = unit.get("dress")
        if dress:
            marks.append("over " + "; ".join(d.get("name", "?") for d in dress))
        return f"{unit['name']}  {', '.join(stats)}{marks_text(marks)}"

    def _zones(self, p: int, side: dict[str, Any]) -> list[str]:
        """The cards of every public zone, then the private zones as the viewer may see them."""
        lines = []
        for key, label in _ZONES:
            cards = side[key]
            if cards or key == "damage":
                lines.append(self._row(f"{label} ({len(cards)})",
                                       self._cards(cards, shield=key == "gc")))
        ride = side.get("ride_deck")
        if ride:
            lines.append(self._row(f"ride deck ({len(ride)})", self._cards(ride, down=False)))
        elif side["ride_deck_size"]:
            n = side["ride_deck_size"]
            lines.append(self._row("ride deck", f"{n} card{'s' if n > 1 else ''}, face down"))
        g_zone = side["g_zone"]
        if g_zone:
            up = [c for c in g_zone if c["face_up"]]
            down = [c for c in g_zone if not c["face_up"]]
            text = "; ".join(filter(None, [
                f"face up: {self._cards(up)}" if up else "",
                (f"face down: {self._cards(down, down=False)}" if any("name" in c for c in down)
                 else f"{len(down)} face down") if down else ""]))
            lines.append(self._row(f"G zone ({len(g_zone)})", text))
        hidden = [f"deck {side['deck_size']}"]
        if "hand" not in side:
            hidden.insert(0, f"hand {side['hand_size']}")
        lines.append(self._row("hidden", ", ".join(hidden) + " (cards not shown)"))
        return lines

    def _row(self, label: str, text: str) -> str:
        """A labelled row wrapped under its second column; a mark ("[twin drive]") is never
        cut in two."""
        return _wrap(text, f"    {label:<{_LABEL}}", " " * (4 + _LABEL))

    def _cards(self, cards: list[dict[str, Any]], *, shield: bool = False,
               down: bool = True) -> str:
        """Cards of a zone by name, face-down ones said so (`down`: in a zone where cards may
        be either way); "(none)" for an empty zone."""
        if not cards:
            return "(none)"
        out = []
        for c in cards:
            if "name" not in c:
                out.append("(face down)")
                continue
            printed = self.game.card(c["card"])
            tail = f" (+{printed.shield})" if shield else ""
            face = " (face down)" if down and not c["face_up"] else ""
            out.append(f"{c['name']}{marks_text(printed_marks(printed, skills=False))}{tail}"
                       + face)
        return "; ".join(out)

    def battle(self) -> list[str]:
        """The battle in progress: attacker and target with their circles, power against
        defence (the same direction as the log's attack and guard lines), the guardians."""
        battle = self.views[0]["battle"]
        if battle is None or battle["attacker"] is None or self.views[0]["over"]:
            return []
        where = {u["card"]: (p, c) for p in (0, 1) for c, units in
                 self._side(p)["circles"].items() for u in units}

        def unit(named: dict[str, Any] | None) -> str:
            if named is None:
                return "?"
            p, circle = where.get(named["card"], (None, ""))
            owner = f"{player_label(p)}'s " if p is not None else ""
            return f"{owner}{named['name']} ({circle_text(circle)})" if circle else named["name"]

        attackers = " and ".join(unit(u) for u in (battle["attacker"], battle["co_attacker"]) if u)
        step = f" [{battle['step']} step]" if battle["step"] else ""
        line = (f"Battle{step}: {attackers} attacks {unit(battle['target'])}: "
                f"{battle['attack']} against {battle['defence']}"
                f" ({_verdict(battle)})")
        if battle["booster"]:
            line += f", boosted by {unit(battle['booster'])}"
        return [_wrap(line, "  ", "    ")]          # its guardians: the GC line of their side

    def hand(self, p: int) -> list[str]:
        """A player's hand with printed marks; cards a choice picked so far are marked."""
        side = self._side(p)
        hand = side.get("hand", [])
        picked = set(self.views[p]["picked"])
        verb = "to return" if self.views[p]["phase"] == "setup" else "chosen"
        whose = "Your hand" if self.viewer == p else f"{player_label(p)}'s hand"
        lines = [f"  {whose} ({len(hand)}):"]
        for c in hand:
            mark = f"   <- {verb}" if c["card"] in picked else ""
            lines.append(f"    {card_line(self.game.card(c['card']))}{mark}")
        if not hand:
            lines.append("    (empty)")
        return lines


def _wrap(text: str, first: str, rest: str) -> str:
    """Wrap `text` at the board's width after `first`, further lines after `rest`; a mark
    ("[twin drive]") is never cut in two."""
    kept = _MARK.sub(lambda m: m[0].replace(" ", _KEEP), text)
    wrapped = textwrap.fill(kept, _WIDTH, initial_indent=first, subsequent_indent=rest,
                            break_on_hyphens=False, break_long_words=False)
    return wrapped.replace(_KEEP, " ")


def _verdict(battle: dict[str, Any]) -> str:
    if battle.get("cant_be_hit"):
        return "the target cannot be hit"
    return "hits as it stands" if battle["hits_now"] else "no hit as it stands"


def card_line(card: CardDef) -> str:
    """A card in a hand or a list of choices: "Spark Raptor (G0, 5000, shield 15000) [critical
    trigger, boost]"."""
    if not card.is_unit:
        return f"{card.names[0]} (G{card.grade}){marks_text(printed_marks(card))}"
    shield = f", shield {card.shield}" if card.shield else ""
    return f"{card.names[0]} (G{card.grade}, {card.power}{shield}){marks_text(printed_marks(card))}"
