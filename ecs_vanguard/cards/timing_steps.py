"""The card language of time: the moments of the turn (each phase, each step of the battle
phase, CORE-04, CORE-09..13) that timings, conditions and delayed effects name, the `delay`
step ("at the end of that battle, put those cards on the bottom of your deck"), and what an
ability's record counts ("if no unit was retired by this unit's effect this turn").

Plain names and one frozen step: the engine's side is `ops.timing` (firing, following,
records), `effects.timing_steps` (the step's handler) and `derived.timing` (the checks).
"""

from __future__ import annotations

from collections.abc import Iterable

from ecs_vanguard.cards.check import Check
from ecs_vanguard.cards.flow import all_steps
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.vocab.formats import BattleStep, Phase
from ecs_vanguard.vocab.records import record

# CORE-04: the phases of a turn, in order (set-up comes before the first turn: no moment).
PHASE_NAMES: tuple[str, ...] = tuple(p.value for p in Phase if p is not Phase.SETUP)
# CORE-09..13: the steps of one battle as the engine runs them (the boost is a step of its
# own here; the battle phase's start is the moment its phase begins).
STEP_NAMES: tuple[str, ...] = tuple(s.value for s in BattleStep)
# What a delayed effect may wait for: the beginning of any phase or step, and two names for
# the moments cards say: "at the end of that battle" is its close step (CORE-13), "at the end
# of the turn" its end phase.
MOMENT_ALIASES: dict[str, str] = {"end_of_battle": "close", "end_of_turn": "end"}
MOMENTS: tuple[str, ...] = (*PHASE_NAMES, *STEP_NAMES, *MOMENT_ALIASES)
WHOSE: tuple[str, ...] = ("either", "you", "opponent")
# The windows of turns a `happened` check reads the log in (derived.history); this_battle: the
# battle now, or the one that just ended (since this turn's latest attack).
WINDOWS: tuple[str, ...] = ("this_turn", "previous_turn", "your_previous_turn",
                            "opponent_previous_turn", "this_game", "this_battle")

# What an ability's record counts, by what its effects did (ops.timing.RECORDED).
RECORD_KINDS: tuple[str, ...] = (
    "retired",
    "called",
    "placed",
    "damage",
    "drawn",
    "bound",
    "discarded",
    "stood",
    "rested",
    "healed",
    "moved",
)
RECORD_CHECK = "did"


@record
class Delay:
    """A delayed effect: at the beginning of phase or step `at` (the first after now; whose:
    `player`, either by default) do the `do` steps once, as an auto (CORE-18), on the cards
    this ability has bound by then ("those cards"); a card that is no longer the object it was
    is not found, except one the rules move at that very moment (the close step's guardians
    going to the drop are followed there, CORE-13, CORE-20). Not inside for_each."""

    at: str
    do: tuple[object, ...]
    player: str = "either"


def moment_of(at: str) -> str:
    """Return the phase or step name a moment means (`end_of_battle` is `close`)."""
    return MOMENT_ALIASES.get(at, at)


def reads_ability_records(cards: Iterable[CardDef]) -> bool:
    """True if any card has a condition reading an ability's record (`did`): only then does a
    game keep the records (ops.timing), so other games pay nothing for them."""
    return any(
        _steps_read(a.cost + a.effect) or _checks_read(a.condition)
        for card in cards
        for a in card.abilities
    )


def _checks_read(checks: Iterable[object]) -> bool:
    for check in checks:
        if isinstance(check, Check) and (
            check.check == RECORD_CHECK or _checks_read(check.arg("of", ()) or ())
        ):
            return True
    return False


def _steps_read(steps: tuple[object, ...]) -> bool:
    return any(_checks_read(getattr(step, "condition", ()) or ()) for step in all_steps(steps))


TIMING_STEP_TYPES: dict[str, type] = {"delay": Delay}
