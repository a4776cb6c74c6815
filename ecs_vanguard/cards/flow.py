"""The steps that steer an effect: `if`, `pay` and `choose_one` as written in card files, and the straight
program they compile to (a branch, a skip, a cost paid or skipped), so an effect runs with one
program counter (docs/design.md "The model": suspended effects are plain data) and two programs
can be joined (ALC-01's A then B)."""

from __future__ import annotations

from collections.abc import Sequence

from ecs_vanguard.cards.check import Check
from ecs_vanguard.vocab.records import record


@record
class If:
    """If the condition holds, do the `then` steps, otherwise the `else` steps ("if X, do Y
    instead")."""

    condition: tuple[Check, ...]
    then: tuple[object, ...] = ()
    otherwise: tuple[object, ...] = ()


@record
class Pay:
    """A cost in the middle of an effect ("then, COST [...], do Y"): asked (when `optional`) and
    paid all or nothing (CORE-19); if paid, the `then` steps ("if you do"), otherwise the `else`
    steps. `player` "opponent": your opponent may pay it ("if they do not, ...")."""

    cost: tuple[object, ...]
    then: tuple[object, ...] = ()
    otherwise: tuple[object, ...] = ()
    optional: bool = True
    player: str = "you"


@record
class ChooseOne:
    """The player chooses one of two modes ("choose one of the following"): the `then` steps or
    the `else` steps, asked when the step is reached, whatever either can do (three or more
    modes: another choose_one in `else`)."""

    then: tuple[object, ...] = ()
    otherwise: tuple[object, ...] = ()


# -- steps compiled from `if`, `pay` and `choose_one`: never written in card files ----------


@record
class Branch:
    """Go on if the condition holds; otherwise skip the next `skip` steps."""

    condition: tuple[Check, ...]
    skip: int


@record
class Skip:
    """Skip the next `n` steps (the end of a `then` block that has an `else`)."""

    n: int


@record
class PayOrSkip:
    """Ask and pay a cost all or nothing; when it is not paid, skip the next `skip` steps."""

    cost: tuple[object, ...]
    skip: int
    optional: bool = True
    player: str = "you"


@record
class AskOrSkip:
    """Ask the master whether to take the next mode; when not, skip its `skip` steps."""

    skip: int


def all_steps(steps: Sequence[object]) -> list[object]:
    """Return every step of a list, the ones nested in for_each, delay, if and pay (their
    cost too) included: the one walker of a card's steps."""
    out: list[object] = []
    for step in steps:
        out.append(step)
        for name in ("do", "cost", "then", "otherwise"):
            inner = getattr(step, name, None)
            if isinstance(inner, tuple):
                out.extend(all_steps(inner))
    return out


def compile_program(steps: tuple[object, ...]) -> tuple[object, ...]:
    """Flatten `if`, `pay` and `choose_one` into a straight list with relative skips, so an effect keeps one
    program counter (docs/design.md "The model") and two programs can be joined (ALC-01's A
    then B)."""
    out: list[object] = []
    for step in steps:
        if isinstance(step, (If, Pay, ChooseOne)):
            then, other = compile_program(step.then), compile_program(step.otherwise)
            skip = len(then) + (1 if other else 0)
            out.append(Branch(step.condition, skip) if isinstance(step, If)
                       else AskOrSkip(skip) if isinstance(step, ChooseOne)
                       else PayOrSkip(step.cost, skip, step.optional, step.player))
            out.extend(then)
            if other:
                out.append(Skip(len(other)))
                out.extend(other)
        else:
            out.append(step)
    return tuple(out)
