"""The compact action interface for neural policies: a decision as up to K option slots, one
feature vector per option and a mask (as ygoenv offers its games), beside the flat action table
of ecs_vanguard.perspective.encoding that PettingZoo and OpenSpiel keep.

Slot i is the i-th legal action (`legal_actions()` order); slots past the legal actions are
zero and masked. A decision with more than K legal actions shows its first K (K = 64 covers
all but under 0.1% of the decisions of random and heuristic games of the built-in decks).
`OPTION.names` names each feature of a slot ("kind.call", "card.power", "target.zone.vc",
"circle.front_left") and `OPTION.part(options, "card")` cuts a part out, as the observation's
parts do. Card features are printed or derived values of a card the deciding player is shown
(the options of their decision are, as ecs_vanguard.perspective.knowledge holds); a face-down or locked card
of the opponent, or one in their hand or deck, shows only where it is (ACT-23). Powers and shields
are in units of 10000; values beyond 10 are compressed as the observation's (soft_cap).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np

from ecs_vanguard.derived import query as q
from ecs_vanguard.perspective.observation import ObservationSpec, soft_cap
from ecs_vanguard.state import State
from ecs_vanguard.vocab.decisions import Action, ActionKind
from ecs_vanguard.vocab.formats import Trigger
from ecs_vanguard.vocab.zones import HIDDEN_ZONES, Circle, Zone

MAX_OPTIONS = 64                     # K: option slots of a decision
KINDS = list(ActionKind)
CIRCLES = list(Circle)
ZONES = list(Zone)
TRIGGERS = list(Trigger)
CARD_VALUES = ("present", "mine", "seen", "grade", "power", "shield", "critical", "sentinel",
               "rested", "face_up")


def _card_labels() -> list[str]:
    return [*CARD_VALUES, *(f"trigger.{t.value}" for t in TRIGGERS),
            *(f"zone.{z.value}" for z in ZONES), *(f"circle.{c.value}" for c in CIRCLES)]


def _spec() -> ObservationSpec:
    """Lay out the named parts of one option's feature vector."""
    parts: dict[str, list[str]] = {
        "kind": [k.value for k in KINDS],          # what the player does (one-hot)
        "alchemagic": ["bound_order"],             # ALC-01: a play_order with order B bound
        "card": _card_labels(),                    # action.card: the card that acts or is chosen
        "target": _card_labels(),                  # action.target: attacked, dressed, bound order
        "circle": [c.value for c in CIRCLES],      # action.circle: where a call or pick goes
        "index": ["present", "value"],             # action.index (ability slot, name), / 10
    }
    views: dict[str, tuple[int, tuple[int, ...]]] = {}
    stops: dict[str, int] = {}
    names: list[str] = []
    start = 0
    for name, labels in parts.items():
        views[name] = (start, (len(labels),))
        start += len(labels)
        stops[name] = start
        names += [f"{name}.{label}" for label in labels]
    return ObservationSpec(views, start, tuple(names), stops)


OPTION = _spec()
_CARD_SIZE = len(_card_labels())
_TRIGGER_AT = len(CARD_VALUES)
_ZONE_AT = _TRIGGER_AT + len(TRIGGERS)
_CIRCLE_AT = _ZONE_AT + len(ZONES)
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_ZONE_INDEX = {z: i for i, z in enumerate(ZONES)}
_CIRCLE_INDEX = {c: i for i, c in enumerate(CIRCLES)}
_TRIGGER_INDEX = {t: i for i, t in enumerate(TRIGGERS)}


def options(state: State, player: int, actions: Sequence[Action],
            k: int = MAX_OPTIONS) -> np.ndarray:
    """Return the (k, OPTION.size) float32 features of the first k actions, zero rows after
    them (the world must be current; Game.switch)."""
    out = np.zeros((k, OPTION.size), dtype=np.float32)
    cards: dict[int, np.ndarray] = {}             # a card offered in several options: once
    starts = {name: start for name, (start, _) in OPTION.views.items()}
    for row, action in zip(out, actions[:k], strict=False):
        row[starts["kind"] + _KIND_INDEX[action.kind]] = 1.0
        row[starts["alchemagic"]] = action.kind is ActionKind.PLAY_ORDER and action.target >= 0
        for part, card in (("card", action.card), ("target", action.target)):
            if card >= 0:
                if card not in cards:
                    cards[card] = _card(state, player, card)
                row[starts[part]:starts[part] + _CARD_SIZE] = cards[card]
        if action.circle is not None:
            row[starts["circle"] + _CIRCLE_INDEX[action.circle]] = 1.0
        if action.index >= 0:
            row[starts["index"]:starts["index"] + 2] = (1.0, action.index / 10)
    return soft_cap(out)                          # no raw magnitudes, as the observation


def option_mask(actions: Sequence[Action], k: int = MAX_OPTIONS,
                allowed: Sequence[bool] | None = None) -> np.ndarray:
    """Return the (k,) bool mask of the slots that hold a legal action (and, given `allowed`
    per action, one it allows: agents.repeats leaves out moves that undo moves)."""
    mask = np.zeros(k, dtype=bool)
    n = min(len(actions), k)
    mask[:n] = True if allowed is None else np.asarray(allowed[:n], dtype=bool)
    return mask


def _card(state: State, player: int, card: int) -> np.ndarray:
    """The card features of one card as `player` is shown it (module doc)."""
    out = np.zeros(_CARD_SIZE, dtype=np.float32)
    pos = q.position(card)
    orient = q.orientation(card)
    mine = pos.owner == player
    # ACT-23: a locked unit shows nothing; an opponent's card in a hidden zone neither.
    seen = mine or (orient.face_up and not q.is_locked(card) and pos.zone not in HIDDEN_ZONES)
    out[_ZONE_AT + _ZONE_INDEX[cast(Zone, pos.zone)]] = 1.0
    if pos.circle is not None:
        out[_CIRCLE_AT + _CIRCLE_INDEX[cast(Circle, pos.circle)]] = 1.0
    out[:3] = (1.0, mine, seen)
    out[8:10] = (orient.rested, orient.face_up)
    if seen:
        printed = state.card(card)
        out[3:8] = (q.grade(state, card), q.power(state, card) / 10000,
                    max(q.shield(state, card), 0) / 10000, q.critical(state, card),
                    bool(printed.sentinel))
        if printed.trigger is not None:
            out[_TRIGGER_AT + _TRIGGER_INDEX[printed.trigger]] = 1.0
    return out
