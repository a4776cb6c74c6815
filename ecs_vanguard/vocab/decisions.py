"""Decisions and actions: every player choice as plain data (docs/design.md "The model")."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from enum import Enum
from typing import SupportsIndex

from components.frozen import Frozen
from ecs_vanguard.vocab.zones import Circle


class DecisionKind(Enum):
    """The question a pending decision asks."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    MULLIGAN = "mulligan"
    RIDE = "ride"
    MAIN_PHASE = "main_phase"
    ATTACK = "attack"
    BOOST = "boost"
    GUARD = "guard"
    ORDER_AUTOS = "order_autos"
    CHOOSE_CARD = "choose_card"
    CHOOSE_CIRCLE = "choose_circle"
    YES_NO = "yes_no"
    DECLARE = "declare"
    STRIDE = "stride"


class ActionKind(Enum):
    """What a player does."""

    __hash__ = object.__hash__   # identity hash in C (see zones.Zone)

    PICK = "pick"              # pick a card (card=) or a circle (circle=) in a choice
    DONE = "done"              # end a multi-card choice, a phase, or guarding
    RIDE = "ride"
    CALL = "call"
    MOVE = "move"
    ACT = "act"                # activate an act ability: card=, index=
    PLAY_ORDER = "play_order"
    ATTACK = "attack"          # card= attacker, target=
    BOOST = "boost"            # card= booster
    GUARD = "guard"            # card= from hand to GC
    INTERCEPT = "intercept"    # card= front-row rear-guard to GC
    PLAY_AUTO = "play_auto"    # choose which pending auto to play next: card=, index=
    OVERDRESS = "overdress"    # card= from hand onto the designated rear-guard target= (OD-01)
    STRIDE = "stride"          # card= a face-down G unit of the G zone (STR-03)
    SEEK_MATE = "seek_mate"    # card= your vanguard uses Seek Mate (LEG-01)
    YES = "yes"
    NO = "no"


@dataclass(frozen=True, slots=True)
class Action(Frozen):
    """One legal move; compare with ==, never by identity."""

    kind: ActionKind
    card: int = -1
    target: int = -1
    circle: Circle | None = None
    index: int = -1

    # Compiled (issue 18), with its __init__ written out: dataclasses' generated one is
    # interpreted code. Frozen: fields are set as dataclasses' own __init__ sets them (and a
    # pickle rebuilds through it: Frozen).
    # A user's action may carry numpy integers (an index read off an observation): any integer
    # is taken as its int, as the interpreted class took it (a compiled `int` would refuse it).
    def __init__(self, kind: ActionKind, card: SupportsIndex = -1, target: SupportsIndex = -1,
                 circle: Circle | None = None, index: SupportsIndex = -1) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "card", operator.index(card))
        object.__setattr__(self, "target", operator.index(target))
        object.__setattr__(self, "circle", circle)
        object.__setattr__(self, "index", operator.index(index))

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.card >= 0:
            parts.append(f"card={self.card}")
        if self.target >= 0:
            parts.append(f"target={self.target}")
        if self.circle is not None:
            parts.append(f"circle={self.circle.value}")
        if self.index >= 0:
            parts.append(f"index={self.index}")
        return " ".join(parts)


def action(kind: ActionKind, card: int = -1, target: int = -1, circle: Circle | None = None,
           index: int = -1) -> Action:
    """Return the Action with these fields, made once and shared: actions are immutable, and
    the legal-action lists of a game repeat the same few hundred (a new frozen dataclass costs
    0.7 µs, a shared one 0.1 µs; issue 10). A plain dict, not functools.lru_cache: a compiled
    caller then calls this natively, where the cache's wrapper was a Python call with keywords
    (~2,000 instructions, issue 34); it is emptied when it reaches its bound."""
    key = (kind, card, target, circle, index)
    made = _ACTIONS.get(key)
    if made is None:
        if len(_ACTIONS) >= _ACTIONS_KEPT:
            _ACTIONS.clear()
        made = _ACTIONS[key] = Action(kind, card, target, circle, index)
    return made


_ACTIONS: dict[tuple[ActionKind, int, int, Circle | None, int], Action] = {}
_ACTIONS_KEPT = 1 << 16


@dataclass(frozen=True, slots=True)
class Decision(Frozen):
    """A question to one player with its finite list of legal actions.

    `label` says what is being chosen (e.g. "trigger power", "counter blast", "mulligan"),
    `source` is the card whose ability asks (-1 for the rules themselves).
    """

    player: int
    kind: DecisionKind
    actions: tuple[Action, ...]
    label: str = ""
    source: int = -1

    # Written out, as Action's (the engine makes one a decision); pickled through it (Frozen).
    def __init__(self, player: int, kind: DecisionKind, actions: tuple[Action, ...],
                 label: str = "", source: int = -1) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "actions", actions)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "source", source)

