"""A card as a player reads it: the marks of its printed icons (sentinel, triggers, skills,
gifts), its whole printed information and abilities (`ecs-vanguard card`), and finding a card
by id or name.

    find_card(db, "spark raptor")      # by id, name, or a part of one name
    print(card_sheet(card))            # the card's text, one ability a line
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, CardDef, Limit
from ecs_vanguard.cards.steps import STEP_TYPES
from ecs_vanguard.cards.table import CardTable
from ecs_vanguard.vocab.errors import ArgumentError
from ecs_vanguard.vocab.formats import OrderType, Skill, UnitType

_SKILLS = {Skill.BOOST: "boost", Skill.INTERCEPT: "intercept", Skill.TWIN_DRIVE: "twin drive",
           Skill.TRIPLE_DRIVE: "triple drive", Skill.PERSONA_RIDE: "persona ride"}
_SKILL_ORDER = tuple(_SKILLS)
_LIMITS = {Limit.NONE: "", Limit.ONCE_PER_TURN: " 1/Turn", Limit.ONCE_PER_GAME: " 1/Fight"}
_MAX_LISTED = 8                    # cards named when a part of a name matches several


def printed_marks(card: CardDef, *, skills: bool = True) -> list[str]:
    """Return the marks of a card's printed icons: its trigger, sentinel (CORE-10), its skills
    (boost, intercept, twin drive, ...; `skills` False leaves them out), gift, G unit, order."""
    marks = []
    if card.trigger is not None:
        marks.append(f"{card.trigger.value} trigger")
    if card.sentinel:
        marks.append("sentinel")
    if skills:
        marks.extend(_SKILLS[s] for s in _SKILL_ORDER if s in card.skills)
    if card.gift is not None:
        marks.append(f"{card.gift.value} gift")
    if card.unit_type is UnitType.G_UNIT:
        marks.append("G unit")
    if card.order_type is not None:
        marks.append("order" if card.order_type is OrderType.NORMAL
                     else f"{card.order_type.value} order")
    return marks


def marks_text(marks: list[str]) -> str:
    """Return marks as they follow a name: " [sentinel, boost]", or "" for none."""
    return f" [{', '.join(marks)}]" if marks else ""


def find_card(db: CardTable, query: str) -> CardDef:
    """Return the card whose id or name is `query` (any case), or the only card one of whose
    names holds it.

    Raises:
        ArgumentError: no card matches, or a part of a name matches several cards (named).
    """
    wanted = " ".join(query.split()).casefold()
    if not wanted:
        raise ArgumentError("name a card by its id or its name")
    exact = [c for c in db if c.id.casefold() == wanted
             or any(n.casefold() == wanted for n in c.names)]
    if len(exact) == 1:
        return exact[0]
    partial = exact or [c for c in db if any(wanted in n.casefold() for n in c.names)]
    if len(partial) == 1:
        return partial[0]
    shown = query if len(query) <= 60 else query[:57] + "..."
    if not partial:
        raise ArgumentError(f"no card has the id or a name {shown!r}")
    listed = "; ".join(f"{c.id} {c.names[0]}" for c in partial[:_MAX_LISTED])
    more = f"; and {len(partial) - _MAX_LISTED} more" if len(partial) > _MAX_LISTED else ""
    raise ArgumentError(f"{shown!r} matches {len(partial)} cards: {listed}{more}; give an id "
                        "or a whole name")


def card_sheet(card: CardDef) -> str:
    """Return a card's printed information, keywords and abilities, a few lines."""
    names = " / ".join(card.names)
    lines = [f"{card.id}  {names}", "  " + " · ".join(_stats(card))]
    marks = printed_marks(card)
    if marks:
        lines.append("  " + ", ".join(marks))
    lines.extend(f"  {text}" for key, text in _keywords(card) if key)
    if card.text:
        lines.append(f"  {card.text}")
    for ability in card.abilities:
        lines.append(f"  {ability_text(ability)}")
    if not card.abilities and not card.text and not marks:
        lines.append("  (no abilities)")
    return "\n".join(lines)


def _stats(card: CardDef) -> list[str]:
    """Grade, power, shield, critical, nation, clan and race, in the order a card prints them."""
    stats = [f"grade {card.grade}"]
    if card.unit_type is not UnitType.ORDER:
        stats += [f"power {card.power}", f"critical {card.critical}", f"shield {card.shield}"]
    stats += [_words(x) for x in (card.nation, card.clan, card.race) if x]
    kind = {UnitType.NORMAL: "normal unit", UnitType.TRIGGER: "trigger unit",
            UnitType.G_UNIT: "G unit", UnitType.ORDER: "order", UnitType.TOKEN: "token"}
    stats.append(kind[card.unit_type])
    if not card.standard:
        stats.append("premium only")
    return stats


def _keywords(card: CardDef) -> list[tuple[object, str]]:
    """The keyword fields of a card (seeds' mechanics), each with its line; empty ones skipped."""
    trigger_power = card.trigger is not None and card.trigger_power != 10000
    return [
        (trigger_power, f"trigger power +{card.trigger_power}"),
        (card.overdress or card.overdress_or_dressed, "overDress: onto " + " or ".join(
            ["a rear-guard named " + " or ".join(card.overdress)] * bool(card.overdress)
            + ["a rear-guard in overDress"] * card.overdress_or_dressed)),
        (card.seek_mate, "Seek Mate: " + "; ".join(card.seek_mate)),
        (card.stride_cost, (f"{'Ultimate Stride' if card.ultimate_stride else 'Stride'} "
                            f"cost: {_steps(card.stride_cost)}")),
        (card.g_guardian_cost, f"G guardian cost: {_steps(card.g_guardian_cost)}"),
        (card.alchemagic, f"Alchemagic ({card.alchemagic} names)"),
        (card.subtypes, "subtypes: " + ", ".join(sorted(card.subtypes))),
        (card.world_rule, "World: 1 World alone: Dark Night; 2 or more: Abyssal Dark Night"),
        (card.marks, "marks: " + ", ".join(          # printed marks as data (cards.marks)
            name if value is True else f"{name} {_mark_value(value)}"
            for name, value in card.marks)),
    ]


def _mark_value(value: object) -> str:
    return ", ".join(value) if isinstance(value, tuple) else str(value)


def _steps(steps: tuple[object, ...]) -> str:
    """Cost steps as their card-file op and fields: "discard_grades total=3"."""
    ops = {kind: name for name, kind in STEP_TYPES.items()}
    out = []
    for step in steps:
        fields = (f"{f.name}={getattr(step, f.name)!r}" for f in dataclasses.fields(step)  # type: ignore[arg-type]
                  if getattr(step, f.name) != f.default)
        out.append(" ".join([ops.get(type(step), type(step).__name__), *fields]))
    return "; ".join(out) or "none"


def ability_text(ability: AbilityDef) -> str:
    """Return one ability as printed ("[AUTO](VC) 1/Turn: When ..."), or, for an ability
    without printed text, its kind, zones, limit and what it waits for."""
    if ability.text:
        return ability.text + (" (given by another card)" if ability.given else "")
    zones = "".join(f"({z.value.upper()})" for z in sorted(ability.zones, key=lambda z: z.value))
    head = f"[{ability.kind.value.upper()}]{zones}{_LIMITS[ability.limit]}"
    return head + ": " + _ABILITY_TAILS[ability.kind](ability)


def _when(ability: AbilityDef) -> str:
    event = ability.when.event.__name__ if ability.when is not None else "an event"
    return f"when {event}{', you may' if ability.optional else ''} (no printed text)"


_ABILITY_TAILS: dict[AbilityKind, Callable[[AbilityDef], str]] = {
    AbilityKind.ACT: lambda a: "(no printed text)",
    AbilityKind.AUTO: _when,
    AbilityKind.CONT: lambda a: "(no printed text)",
}


def _words(value: str) -> str:
    return value.replace("_", " ").title()
