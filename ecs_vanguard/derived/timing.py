"""Checks of time: which phase or battle step it is and whose turn (CORE-04, CORE-09..13), and
what an ability did this turn (its record, ops.timing): "during your opponent's end phase",
"if no unit was retired by this unit's effect this turn". Registered with the fact checks
(derived.conditions); their arguments' kinds are cards.fields'."""

from __future__ import annotations

from ecs_vanguard.cards.check import Check
from ecs_vanguard.derived import facts as f
from ecs_vanguard.state import DELAYED_INDEX, Frame, State
from ecs_vanguard.vocab.formats import Phase


def _whose(state: State, frame: Frame, check: Check) -> bool:
    """The turn is the one `player` names: you, opponent, or either (the default)."""
    whose = check.arg("player", "either")
    return whose == "either" or (state.turn.player == frame.master) == (whose == "you")


def _phase(state: State, frame: Frame, check: Check) -> bool:
    """CORE-04: it is this phase (the battle phase includes its steps)."""
    # `_value_`: Enum's `value` property is a Python frame a read from compiled code
    return state.turn.phase._value_ == check.arg("phase") and _whose(state, frame, check)


def _step(state: State, frame: Frame, check: Check) -> bool:
    """CORE-09..13: it is this step of the battle phase (the close step lasts while the
    autos it triggered resolve)."""
    step = state.turn.step
    return (
        state.turn.phase is Phase.BATTLE
        and step is not None
        and step._value_ == check.arg("step")
        and _whose(state, frame, check)
    )


def ability_index(frame: Frame) -> int:
    """The index of the ability a frame runs, as its record counts it: a delayed effect's is
    the ability that made it."""
    return frame.ctx("origin") if frame.index == DELAYED_INDEX else frame.index


def _did(state: State, frame: Frame, check: Check) -> bool:
    """What an ability of this card object did this turn, between `min` and `max` (its own
    ability by default; `ability`: another index of the card, or "any": all of them, "by this
    unit's effects")."""
    index = check.arg("ability")
    if index is None:
        index = ability_index(frame)
    obj, what = f.position(frame.source).obj, str(check.arg("what"))
    done = sum(
        dict(counts).get(what, 0)
        for (o, card_id, i), counts in state.ability_records.items()
        if o == obj and card_id == frame.card_id and (index == "any" or i == index)
    )
    low, high = check.arg("min"), check.arg("max")
    return (low is None or done >= int(low)) and (high is None or done <= int(high))


_WHOSE = ("player", "whose")
_PHASE_DOC = (
    "it is this phase (CORE-04) of player's turn: you, opponent or either (\"during "
    "your opponent's end phase\")"
)
_STEP_DOC = (
    "it is this step of the battle phase (CORE-09..13) of player's turn: you, opponent "
    'or either ("during your close step")'
)
_DID_DOC = (
    'what this ability (or ability `ability` of this card, or "any" of them) did this '
    "turn: the count of `what` (retired, called, damage, ...) is at least min and at most "
    'max ("if no unit was retired by this unit\'s effect this turn": what = retired, max = 0)'
)
# name -> (predicate, what it means, arguments and their kinds, required arguments): made into
# the registry's CheckSpecs by derived.conditions.
TIMING_CHECKS: dict[str, tuple] = {
    "phase": (_phase, _PHASE_DOC, (("phase", "phase"), _WHOSE), ("phase",)),
    "step": (_step, _STEP_DOC, (("step", "step"), _WHOSE), ("step",)),
    "did": (
        _did,
        _DID_DOC,
        (("what", "record"), ("min", "count"), ("max", "count"), ("ability", "ability")),
        ("what",),
    ),
}
