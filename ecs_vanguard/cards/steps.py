"""Effect and cost steps of the card DSL: one frozen dataclass per op, registered by TOML name.

A step table in TOML (`{ op = "retire", target = "victim" }`) becomes one of these objects once,
at load time; `effects.runtime` runs them through handlers registered by step type.
Keys `from` and `as` of the TOML are the fields `source` and `bind` here (Python keywords).
`player` fields name whose zone or who acts: "you" (the ability's controller) or "opponent".
"""

from __future__ import annotations

from ecs_vanguard.cards.flow import ChooseOne, If, Pay
from ecs_vanguard.cards.rule_steps import ModifyRule
from ecs_vanguard.cards.schema import When
from ecs_vanguard.cards.sizes import Size
from ecs_vanguard.cards.timing_steps import TIMING_STEP_TYPES
from ecs_vanguard.cards.value_steps import (
    AddCritical,
    AddDrive,
    AddGrade,
    AddPower,
    AddShield,
    AddSkill,
    ApplyContinuous,
    CantBeHit,
    CircleOf,
    ColumnOf,
    EnterUnitState,
    NamedCircle,
    Restrict,
    Selector,
)
from ecs_vanguard.vocab.formats import RESTRICTIONS, Duration, Stat
from ecs_vanguard.vocab.records import record

Where = tuple[tuple[str, object], ...]


@record
class Choose:
    """Choose `count` cards (at least `min`) from a selector, one at a time, and bind them;
    `distinct = "<field>"`: cards of pairwise different values ("two with different names")."""

    source: Selector
    count: int | str = 1            # an int, or "times": the count of the running for_each
    min: int | None = None          # None: exactly `count`, or all if fewer exist
    where: Where = ()
    bind: str = "chosen"
    chooser: str = "you"            # "opponent": the ability's opponent makes the choice
    distinct: str = ""              # "of different grades": the chosen cards' values differ


@record
class Draw:
    """Draw n cards, or up to n stopping before any (ACT-01); `player = "opponent"`: your
    opponent draws n ("then your opponent draws a card"; an effect only, never up to n)."""

    n: Size = 1
    up_to: bool = False
    player: str = "you"


@record
class Mill:
    """Put the top n cards of your deck into the drop, or up to n (ACT-01); `as` binds the
    cards it moved, as the objects they became in the drop ("if the milled cards ...")."""

    n: Size = 1
    up_to: bool = False
    bind: str = ""


@record
class BindTop:
    """Bind the top n cards of your deck, or up to n (ACT-01, ACT-20); `as` binds the cards it moved ("if the soul-charged cards ...")."""

    n: Size = 1
    up_to: bool = False
    bind: str = ""


@record
class SoulCharge:
    """Soul charge n: as many as possible, or up to n (ACT-01, ACT-19); `as` binds the cards it moved ("if the soul-charged cards ...")."""

    n: Size = 1
    up_to: bool = False
    bind: str = ""


@record
class PutTopInto:
    """Put the top n cards of your deck into one of your zones (damage, soul, drop, bind,
    hand), face up or face down (ACT-01): "put the top card of your deck into your damage zone
    face down"; as a cost, paid in full or not at all. `as` binds the cards it moved."""

    zone: str = "damage"
    n: Size = 1
    face_up: bool = True
    up_to: bool = False
    bind: str = ""


@record
class LookTop:
    """Look at (or reveal) the top n of your deck, or up to n; they stay in the deck (ACT-02);
    n may be a derived value ("as many as you have Research orders")."""

    n: Size = 1
    up_to: bool = False
    reveal: bool = False
    bind: str = "looked"


@record
class CounterBlast:
    """Counter blast n: all or nothing, only matching cards with a condition (ACT-16);
    `distinct`: n cards of pairwise different values of a field."""

    n: Size = 1
    where: Where = ()
    player: str = "you"
    distinct: str = ""


@record
class SoulBlast:
    """Soul blast n: all or nothing, only matching cards with a condition (ACT-18);
    `distinct = "grade"`: n cards of different grades ("soul blast 4 of different grades")."""

    n: Size = 1
    where: Where = ()
    player: str = "you"
    distinct: str = ""


@record
class CounterCharge:
    """Counter charge n: as many as possible (ACT-17)."""

    n: Size = 1


@record
class Discard:
    """Discard n cards from a hand; chosen by the owner, the opponent, or at random (ACT-03)."""

    n: Size = 1
    player: str = "you"             # whose hand
    chooser: str = "owner"          # owner | opponent | random
    where: Where = ()
    distinct: str = ""              # the discarded cards' values of this field differ
    bind: str = ""                  # `as`: the discarded cards, in the drop
    up_to: bool = False             # "discard any number": the chooser may stop at any time


@record
class Reveal:
    """Reveal cards: chosen from your hand (`source`) for a cost, or bound ones (`target`) for an
    effect; shown until the cost is paid or the effect ends (ACT-09)."""

    target: Selector = ""
    source: Selector = ""
    count: int = 1
    where: Where = ()
    bind: str = "revealed"


@record
class Search:
    """Search a zone for up to `count` matching cards; a hidden zone may find nothing (ACT-10)."""

    zone: str = "deck"
    count: int = 1
    where: Where = ()
    bind: str = "found"
    distinct_names: bool = False    # "up to two cards with different card names" (TERM-05)
    distinct: str = ""              # "up to two cards with different grades"


@record
class PutInto:
    """Put the target cards (those matching `where`) into one of their owner's zones (`order`:
    a set order into the order zone, not played, CORE-08; other cards stay); `as` names the
    cards it moved, where they went ("shuffle the cards put into the deck this way", CORE-20)."""

    target: Selector
    zone: str = "hand"
    top: bool = False
    where: Where = ()
    bind: str = ""


@record
class Shuffle:
    """Shuffle your deck; cards found by a search are no longer in it (ACT-11)."""

    player: str = "you"


@record
class Retire:
    """Retire the target units (ACT-04); `as` names the retired cards in the zone they went to
    ("bind the cards retired this way", CORE-20)."""

    target: Selector
    bind: str = ""


@record
class Stand:
    """Stand the target units; a standing unit is not stood (ACT-12)."""

    target: Selector


@record
class Rest:
    """Rest the target units; a resting unit is not rested (ACT-12)."""

    target: Selector


@record
class TurnFaceUp:
    """Turn the target cards face up; a face-up card is not turned (ACT-13)."""

    target: Selector


@record
class TurnFaceDown:
    """Turn the target cards face down; a face-down card is not turned (ACT-13)."""

    target: Selector


@record
class Heal:
    """Heal n: choose n damage cards and put them into the drop (ACT-08)."""

    n: int = 1


@record
class Bind:
    """Bind the target cards (ACT-20); `as` names the bound cards in the bind zone."""

    target: Selector
    bind: str = ""


@record
class SuperiorRide:
    """Ride one chosen card from a selector by an effect: a superior ride (ACT-06); `player`
    "opponent": the opponent rides one of their cards onto their VC."""

    source: Selector
    where: Where = ()
    player: str = "you"


@record
class SuperiorCall:
    """Call up to `count` chosen cards by an effect to RCs (different circles) or to GC at rest
    (ACT-07): choose the cards, turn them face up, choose circles, place them all at once.
    `to = "open_rc"`: only RCs with no card; `to = { circle_of = name }`: the RC that card was
    last on (Time Leap); `to = { circle = "back_center" }`: that one circle of the caller's
    side; `distinct`: the called cards' values of a field differ."""

    source: Selector
    count: int = 1
    min: int | None = None
    where: Where = ()
    # rc | gc | open_rc | front_row | back_row | { circle_of } | { circle } | { column_of }
    to: str | CircleOf | NamedCircle | ColumnOf = "rc"
    player: str = "you"             # "opponent": the opponent calls onto their own circles
    bind: str = "called"            # the called units, for later steps ("that unit")
    distinct: str = ""              # the called cards' values of this field differ
    rested: bool = False            # "call it to (RC) at rest"


@record
class DealDamage:
    """Deal n damage to "the vanguard" of a player: skill damage, each point a damage check
    (ACT-15, TERM-03); a legion's leader and mate each take n (LEG-28)."""

    n: int = 1
    player: str = "opponent"
    target: Selector = ""     # chosen vanguards of that player, each taking n; "": all of them
    trigger_effects: bool = True    # false: the checks' trigger effects are cancelled


@record
class Battles:
    """The target becomes the attacked unit of this battle (ACT-21)."""

    target: Selector


@record
class GiveAbility:
    """The target gains ability `index` of card `card` for a period (ACT-22)."""

    target: Selector
    card: str
    index: int = 0
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects


@record
class LoseAbilities:
    """The target loses its abilities for a period (ACT-22)."""

    target: Selector
    until: Duration = Duration.END_OF_TURN
    where: Where = ()                  # filters on the units `target` selects


@record
class Lock:
    """Lock the target rear-guards (ACT-23); `until_owner_end` unlocks them at the end of their
    owner's turn."""

    target: Selector
    until_owner_end: bool = True


@record
class Unlock:
    """Unlock the target locked cards (ACT-24)."""

    target: Selector


@record
class DeclareName:
    """Declare a card name of the database (ACT-25); `declared = "<bind>"` filters by it."""

    bind: str = "declared"


@record
class GuardAtOnce:
    """In this battle the opponent can't call to GC unless n or more at once (ACT-27)."""

    n: int = 2


@record
class ForEach:
    """Count the cards a selector gives once, then do the steps that many times; choices in the
    repetitions pick different cards (ACT-28). Not inside: look_top, deal_damage, for_each,
    if, pay, and steps with up_to."""

    count: Selector
    do: tuple[object, ...]
    where: Where = ()
    distinct: str = ""              # "for each grade among ...": count the different values


@record
class GainName:
    """The target also has `name` for a period (TERM-05)."""

    target: Selector
    name: str
    until: Duration = Duration.END_OF_TURN


@record
class BecomeName:
    """The target's names become `name` for a period (TERM-05)."""

    target: Selector
    name: str
    until: Duration = Duration.END_OF_TURN


@record
class EnterState:
    """You (or your opponent) enter a named player state for a period (IKK-01)."""

    name: str
    until: Duration = Duration.END_OF_TURN
    player: str = "you"


@record
class DiscardGrades:
    """Discard cards from hand whose grades total `total` or more (the usual Stride cost)."""

    total: int = 3


@record
class SuperiorStride:
    """Stride a G unit chosen from your G zone by an effect: no requirement, no cost (STR-05)."""

    source: Selector = "your_g_zone"
    where: Where = ()


@record
class PlaceOnRC:
    """Put chosen cards onto RCs by an effect: an appearance, neither a call nor a stride
    (STR-10, STR-16)."""

    source: Selector
    count: int = 1
    where: Where = ()


@record
class RestrictAttack:
    """The target units may attack only vanguards ("only_vanguards") or not at all ("none")
    for a period; for a legion it binds the whole attack (LEG-12)."""

    target: Selector
    rule: str = "only_vanguards"
    until: Duration = Duration.END_OF_TURN


@record
class PutAsHeart:
    """Put a chosen card onto VC as a heart of the G unit there (HRT-10)."""

    source: Selector
    where: Where = ()


@record
class SuperiorOverdress:
    """Put a chosen card of `from` (not on the field) onto the RC of the designated rear-guard
    `onto` by overDress, by an effect ("overDress this card on the RC where that unit is"):
    OD-01's steps (1)-(2) (its engine reading, docs/RULES.md), not a call (OD-02)."""

    source: Selector
    onto: Selector
    where: Where = ()


@record
class AddDressSources:
    """Put chosen cards from outside the field into the originalDress of the `target` unit
    on RC ("put them into this unit's originalDress"): they become its dress sources (OD-03)."""

    source: Selector
    target: Selector = "self"
    count: int = 1
    min: int | None = None
    where: Where = ()


@record
class Imprison:
    """Imprison the target opponent's cards in your order zone, if it has a Prison (PRI-01)."""

    target: Selector


@record
class MakeTokens:
    """Choose `count` different RCs (every free one if fewer), then make a token of card `card`
    on each (TOK-06); with `min` the player may stop once `min` are chosen ("call up to three
    tokens": count = 3, min = 0); `to` narrows the RCs as superior_call's does ("call a token
    to the back center (RC)": `to = { circle = "back_center" }`; not gc: a token is called to
    RC)."""

    card: str
    count: int = 1
    min: int | None = None          # None: `count` RCs, or all if fewer are free
    to: str | CircleOf | NamedCircle | ColumnOf = "rc"


@record
class SetWorldContent:
    """Your Worlds' content becomes `content` for a period; it replaces the old one (WLD-01)."""

    content: str
    until: Duration = Duration.END_OF_TURN


@record
class Delete:
    """Delete the target vanguards (CORE-21, premium)."""

    target: Selector


@record
class RemoveFromGame:
    """Remove the target cards from the game (the over trigger, CORE-14)."""

    target: Selector = "self"


@record
class Swap:
    """The target rear-guard and the `other` one exchange their circles ("exchange positions");
    a move between circles, not a zone change (CORE-07, CORE-20)."""

    target: Selector
    other: Selector


@record
class Move:
    """Move the target rear-guard to an open RC of its owner's side, chosen by the ability's
    master among those `to` allows (open_rc, front_row, back_row, ...): "move that rear-guard to
    an open front-row (RC)"; a move between circles, not a zone change (CORE-07, CORE-20)."""

    target: Selector
    to: str | CircleOf | NamedCircle | ColumnOf = "open_rc"


@record
class GainGift:
    """You get an imaginary gift by an effect (CORE-15): a Force marker on a circle you
    choose, an Accel circle, or a Protect card into your hand."""

    gift: str


@record
class ExtraTurn:
    """After this turn, you (or your opponent) take one more turn."""

    player: str = "you"


@record
class Recall:
    """Name the cards of what happened: the `card` of each logged event `when` names within
    `window` (as `happened` counts them), the `count` most recent (0: all), as the objects
    they are now (CORE-20): "the card you discarded for the Stride cost", "the units called
    from your soul this turn"."""

    when: When
    bind: str
    window: str = "this_turn"
    count: int = 0


@record
class Tracked:
    """What a step did, named: `as` on a step that binds nothing of its own ("unlock them; draw
    as many cards as were unlocked") wraps it so that, once it has run, `bind` names the cards
    its events named (moved, stood, rested, unlocked, turned, powered, ...), as the objects they
    are then (CORE-20). Made by the loader; `do` holds the one step."""

    do: tuple[object, ...]
    bind: str


STEP_TYPES: dict[str, type] = {
    "choose": Choose, "add_power": AddPower, "add_critical": AddCritical, "add_shield": AddShield,
    "add_drive": AddDrive, "add_grade": AddGrade, "restrict": Restrict, "add_skill": AddSkill,
    "apply_continuous": ApplyContinuous, "cant_be_hit": CantBeHit, "draw": Draw, "mill": Mill,
    "bind_top": BindTop, "soul_charge": SoulCharge, "put_top_into": PutTopInto,
    "look_top": LookTop,
    "counter_blast": CounterBlast, "soul_blast": SoulBlast, "counter_charge": CounterCharge,
    "discard": Discard, "reveal": Reveal, "search": Search, "put_into": PutInto,
    "shuffle": Shuffle, "retire": Retire, "stand": Stand, "rest": Rest, "turn_face_up": TurnFaceUp,
    "turn_face_down": TurnFaceDown, "heal": Heal, "bind": Bind, "superior_ride": SuperiorRide,
    "superior_call": SuperiorCall, "deal_damage": DealDamage, "battles": Battles,
    "give_ability": GiveAbility, "lose_abilities": LoseAbilities, "lock": Lock, "unlock": Unlock,
    "declare_name": DeclareName, "guard_at_once": GuardAtOnce, "for_each": ForEach,
    "enter_state": EnterState, "imprison": Imprison, "make_tokens": MakeTokens,
    "set_world_content": SetWorldContent, "discard_grades": DiscardGrades,
    "restrict_attack": RestrictAttack, "put_as_heart": PutAsHeart,
    "superior_overdress": SuperiorOverdress, "add_dress_sources": AddDressSources,
    "superior_stride": SuperiorStride, "place_on_rc": PlaceOnRC, "gain_name": GainName,
    "become_name": BecomeName, "delete": Delete, "remove_from_game": RemoveFromGame,
    "if": If, "pay": Pay, "choose_one": ChooseOne, "extra_turn": ExtraTurn, "swap": Swap,
    "move": Move,
    "gain_gift": GainGift,
    "recall": Recall,
    "modify_rule": ModifyRule,
    "enter_unit_state": EnterUnitState,
    **TIMING_STEP_TYPES,
}
# Steps whose `as` names the cards they moved, followed to where they went (CORE-20); the
# steps from the top of the deck (mill, soul_charge, bind_top) bind theirs one card at a time.
FOLLOWING_TYPES: frozenset[type] = frozenset({Retire, PutInto, Bind, Discard})

# Steps that take the top cards of the deck, one at a time (ACT-01).
TOP_TYPES: frozenset[type] = frozenset({Draw, Mill, BindTop, SoulCharge, PutTopInto})
# Ops allowed as costs (CORE-19): all-or-nothing payments and choices of what pays; a step
# from the top of the deck is payable when the deck holds all the cards the cost takes.
COST_TYPES: frozenset[type] = frozenset(
    {CounterBlast, SoulBlast, Discard, Rest, Retire, Choose, Reveal, Bind, DiscardGrades,
     PutInto, TurnFaceUp, TurnFaceDown, Lock, CounterCharge, Stand, *TOP_TYPES}
)
# Steps a continuous ability may use: changes to the units its target covers, computed on
# every read (derived.values).
CONT_TYPES: frozenset[type] = frozenset(
    {AddPower, AddCritical, AddShield, AddDrive, AddGrade, Restrict, AddSkill, GiveAbility,
     LoseAbilities, ModifyRule, EnterUnitState}
)
# Skills an effect or a cont ability may give (`add_skill`), and the status each one is.
SKILL_STATS: dict[str, Stat] = {"boost": Stat.GAINS_BOOST, "intercept": Stat.GAINS_INTERCEPT}

# Values `restrict` (restriction = ...) and `apply_continuous` (stat = ...) may name.
RESTRICTION_NAMES: tuple[str, ...] = tuple(
    sorted(s.value for s in (*RESTRICTIONS, Stat.GUARD_MIN_GRADE, Stat.GUARD_AT_ONCE)))
CONTINUOUS_STAT_NAMES: tuple[str, ...] = (
    "power", "critical", "shield", "drive", "grade", *RESTRICTION_NAMES)
