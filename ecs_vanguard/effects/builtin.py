"""The rules' own effects written in the step vocabulary: triggers, gifts, riding from the ride
deck (CORE-05, CORE-14, CORE-15). Indexes below 0 in Frame.index name them."""

from __future__ import annotations

from functools import cache

from ecs_vanguard.cards.flow import compile_program
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.cards.steps import (
    AddCritical,
    AddPower,
    Choose,
    Discard,
    Draw,
    RemoveFromGame,
    Search,
    Shuffle,
    Stand,
)
from ecs_vanguard.effects.rule_steps import (
    DiscardSameNameAsVanguard,
    DropToDeckTop,
    FormLegion,
    GainGift,
    GuardSelf,
    HealIfNotAhead,
    Mulligan,
    RideSelf,
    StrideSelf,
)
from ecs_vanguard.state import (
    G_GUARDIAN_INDEX,
    GIFT_INDEX,
    MULLIGAN_INDEX,
    RIDE_DECK_INDEX,
    SEEK_MATE_INDEX,
    STRIDE_INDEX,
    TRIGGER_INDEX,
    Frame,
    State,
)
from ecs_vanguard.vocab.formats import Trigger

_POWER = (Choose("your_units", 1, bind="power_to"), AddPower("power_to", "trigger_power"))

# CORE-14: each trigger's power and critical can go to different units of its owner.
TRIGGER_STEPS: dict[Trigger, tuple[object, ...]] = {
    Trigger.CRITICAL: _POWER + (Choose("your_units", 1, bind="critical_to"),
                                AddCritical("critical_to", 1)),
    Trigger.DRAW: _POWER + (Draw(1),),
    Trigger.HEAL: _POWER + (HealIfNotAhead(),),
    Trigger.FRONT: (AddPower("your_front_row", "trigger_power"),),
    Trigger.OVER: (RemoveFromGame("trigger_card"), Draw(1),
                   Choose("your_units", 1, bind="power_to"), AddPower("power_to", "over_power")),
    Trigger.STAND: _POWER + (Choose("your_rear_guards", 1, where=(("standing", False),),
                                    bind="stood"), Stand("stood")),
}


@cache
def builtin_steps(card: CardDef, index: int) -> tuple[tuple[object, ...], int]:
    """Return (steps, number of leading cost steps) of a built-in frame for this card."""
    if index == TRIGGER_INDEX:
        assert card.trigger is not None
        extra = card.trigger_extra if card.trigger is Trigger.OVER else ()
        return TRIGGER_STEPS[card.trigger] + compile_program(tuple(extra)), 0
    if index == GIFT_INDEX:
        assert card.gift is not None
        return (GainGift(card.gift.value),), 0
    if index == RIDE_DECK_INDEX:
        return (Discard(1), RideSelf()), 1
    if index == MULLIGAN_INDEX:
        return (Mulligan(),), 0
    if index == STRIDE_INDEX:
        # STR-06, STR-07: the Ultimate Stride cost is the rule's, not a "Stride cost".
        cost = (DiscardSameNameAsVanguard(),) if card.ultimate_stride else card.stride_cost
        return (*cost, StrideSelf()), len(cost)
    if index == SEEK_MATE_INDEX:
        # LEG-01, LEG-02: cost 4 from drop to deck top; search up to 1 card of any named name.
        names = (("name_any", card.seek_mate),)
        return (DropToDeckTop(4), Search("deck", 1, names, "mate"), FormLegion("mate"),
                Shuffle()), 1
    if index == G_GUARDIAN_INDEX:
        return (*card.g_guardian_cost, GuardSelf()), len(card.g_guardian_cost)
    raise ValueError(f"no built-in frame {index}")


def push_trigger(state: State, card: int, player: int, *, drive: bool) -> bool:
    """Push the frame of a revealed trigger's effect (CORE-14); False if the card has none."""
    if state.card(card).trigger is None:
        return False
    state.stack.append(Frame(card, state.card(card).id, TRIGGER_INDEX, player,
                             context=(("trigger_card", card), ("drive_check", int(drive)))))
    return True
