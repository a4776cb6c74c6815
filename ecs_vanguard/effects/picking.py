"""Asking players inside an ability: pick cards one at a time, yes/no, circles (decisions are
data: docs/design.md "The model").

Each helper returns the answer when it has one, or a Decision to ask; the answer of a previous
ask is taken from `state.answer` on re-entry. Nothing is ever chosen silently for a player,
except where only one outcome is left.
"""

from __future__ import annotations

from collections.abc import Sequence

from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind, action
from ecs_vanguard.vocab.zones import Circle


class _Yield:
    """Returned by a step that pushed another frame (a trigger check) and waits for it."""

    def __repr__(self) -> str:
        return "YIELD"


YIELD = _Yield()
# The "pass" answer every optional question ends with.
DONE = action(ActionKind.DONE)
_YES_NO = (action(ActionKind.YES), action(ActionKind.NO))


def take_answer(state: State) -> Action | None:
    """Return and clear the answer waiting for the step that asked."""
    answer, state.answer = state.answer, None
    return answer


def offer_or_pass(state: State, player: int, kind: DecisionKind, actions: Sequence[Action],
                  label: str) -> bool:
    """Ask `player` to take one of `actions` or pass; ask nothing and return False when there is
    nothing to take (an optional step with no legal action is skipped)."""
    if not actions:
        return False
    state.decision = Decision(player, kind, (*actions, DONE), label=label)
    return True


def player_of(frame: Frame, who: str) -> int:
    """Return the player a step names: "you" (the ability's master) or "opponent"."""
    return frame.master if who == "you" else 1 - frame.master


def pick_cards(state: State, frame: Frame, candidates: list[int], count: int,
               minimum: int | None, label: str, kind: DecisionKind = DecisionKind.CHOOSE_CARD,
               player: int | None = None) -> tuple[int, ...] | Decision:
    """Choose up to `count` cards one at a time (at least `minimum`; None: exactly, or all if
    fewer). Never asks when only one outcome is left."""
    answer = take_answer(state)
    finished = False
    if answer is not None:
        if answer.kind is ActionKind.PICK:
            frame.picks.append(answer.card)
        else:
            finished = True
    remaining = [c for c in candidates if c not in frame.picks]
    needed = count - len(frame.picks)
    if minimum is None and 0 < len(remaining) <= needed:
        frame.picks.extend(remaining)
        remaining, needed = [], 0
    if finished or needed <= 0 or not remaining:
        chosen, frame.picks = tuple(frame.picks), []
        return chosen
    actions = [action(ActionKind.PICK, card=c) for c in remaining]
    if minimum is not None and len(frame.picks) >= minimum:
        actions.append(DONE)
    asker = frame.master if player is None else player
    return Decision(asker, kind, tuple(actions), label=label, source=frame.source)


def pick_order(state: State, frame: Frame, cards: list[int], label: str) -> tuple[int, ...] | Decision:
    """Return all `cards` in the order the master picks them (the last one needs no question)."""
    answer = take_answer(state)
    if answer is not None and answer.kind is ActionKind.PICK:
        frame.picks.append(answer.card)
    remaining = [c for c in cards if c not in frame.picks]
    if len(remaining) > 1:
        return Decision(frame.master, DecisionKind.CHOOSE_CARD,
                        tuple(action(ActionKind.PICK, card=c) for c in remaining), label=label,
                        source=frame.source)
    order, frame.picks = (*frame.picks, *remaining), []
    return order


def ask_yes_no(state: State, frame: Frame, label: str, player: int | None = None
               ) -> bool | Decision:
    """Return the yes (True) or no (False) of the master (or of `player`), asking first."""
    answer = take_answer(state)
    if answer is None:
        asker = frame.master if player is None else player
        return Decision(asker, DecisionKind.YES_NO, _YES_NO, label=label, source=frame.source)
    return answer.kind is ActionKind.YES


def pick_circle(state: State, frame: Frame, circles: list[Circle], label: str,
                player: int | None = None) -> Circle | Decision:
    """Return one of `circles` chosen by the master (or `player`); no question for one."""
    if len(circles) == 1:
        return circles[0]
    answer = take_answer(state)
    if answer is None:
        return Decision(frame.master if player is None else player, DecisionKind.CHOOSE_CIRCLE,
                        tuple(action(ActionKind.PICK, circle=c) for c in circles), label=label,
                        source=frame.source)
    assert answer.circle is not None
    return answer.circle


def pick_circle_or_stop(state: State, frame: Frame, circles: list[Circle],
                        label: str) -> Circle | Decision | None:
    """Return one of `circles` chosen by the master, or None when they stop (DONE, offered
    after the circles: "up to n"); asked even for one circle, since stopping is a choice."""
    answer = take_answer(state)
    if answer is None:
        picks = tuple(action(ActionKind.PICK, circle=c) for c in circles)
        return Decision(frame.master, DecisionKind.CHOOSE_CIRCLE, (*picks, DONE), label=label,
                        source=frame.source)
    if answer.kind is ActionKind.DONE:
        return None
    assert answer.circle is not None
    return answer.circle


def pick_index(state: State, frame: Frame, count: int, label: str) -> int | Decision:
    """Return an index in range(count) chosen by the master (a declared value, ACT-25)."""
    answer = take_answer(state)
    if answer is None:
        return Decision(frame.master, DecisionKind.DECLARE,
                        tuple(action(ActionKind.PICK, index=i) for i in range(count)),
                        label=label, source=frame.source)
    return answer.index
