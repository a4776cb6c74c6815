"""OpenSpiel action strings: an action-table index (encoding.LAYOUT) read back as words, without
a state, so that every index has one string and the strings of a decision are unique."""

from __future__ import annotations

from ecs_vanguard.perspective.encoding import (
    ACTION_COUNT,
    AUTO_INDEX_OFFSET,
    CIRCLES,
    LAYOUT,
    MAX_BOUND_ORDERS,
    MAX_SLOTS,
)
from ecs_vanguard.vocab.decisions import ActionKind

_N = len(CIRCLES)


def _card(kind: str, offset: int) -> str:
    return f"{kind} card={offset}"


def _call(kind: str, offset: int) -> str:
    return f"{kind} card={offset // _N} circle={CIRCLES[offset % _N].value}"


def _slot(kind: str, offset: int) -> str:
    return f"{kind} card={offset // MAX_SLOTS} index={offset % MAX_SLOTS}"


def _auto(kind: str, offset: int) -> str:
    width = MAX_SLOTS + AUTO_INDEX_OFFSET
    return f"{kind} card={offset // width} index={offset % width - AUTO_INDEX_OFFSET}"


def _attack(kind: str, offset: int) -> str:
    return f"{kind} from={CIRCLES[offset // _N].value} to={CIRCLES[offset % _N].value}"


def _alchemagic(kind: str, offset: int) -> str:   # ALC-01: order B by rank among the drop's
    return f"{kind} card={offset // MAX_BOUND_ORDERS} with_drop_order={offset % MAX_BOUND_ORDERS}"


# How each block of the table reads its offset; a block not named here is one card per entry.
_READERS = {
    (ActionKind.PICK, "circle"): lambda kind, offset: f"{kind} circle={CIRCLES[offset].value}",
    (ActionKind.PICK, "index"): lambda kind, offset: f"{kind} index={offset}",
    ActionKind.DONE: lambda kind, offset: kind,
    ActionKind.YES: lambda kind, offset: kind,
    ActionKind.NO: lambda kind, offset: kind,
    ActionKind.CALL: _call,
    ActionKind.OVERDRESS: _call,
    ActionKind.ACT: _slot,
    ActionKind.PLAY_AUTO: _auto,
    ActionKind.ATTACK: _attack,
    ActionKind.BOOST: lambda kind, offset: f"{kind} {'mate' if offset else 'unit'}",  # LEG-13
    (ActionKind.PLAY_ORDER, "alchemagic"): _alchemagic,
}
_BLOCKS = sorted(LAYOUT.items(), key=lambda item: item[1][0])


def action_text(index: int) -> str:
    """Return the words of an action-table index, e.g. "call card=17 circle=front_left".

    Raises:
        ValueError: the index is outside the table.
    """
    if not 0 <= index < ACTION_COUNT:
        raise ValueError(f"action {index} is outside the action table (0..{ACTION_COUNT - 1})")
    for key, (start, size) in _BLOCKS:
        if start <= index < start + size:
            kind = (key[0] if isinstance(key, tuple) else key).value
            return _READERS.get(key, _card)(kind, index - start)
    raise AssertionError("the action table has a gap")     # LAYOUT's blocks are contiguous
