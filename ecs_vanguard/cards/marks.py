"""Printed marks as data: any icon or keyword mark printed on a card (TERM-01), declared in a
card file's `marks` table and read the same way by every filter, count and check.

A mark is a name (snake_case) and a value: `true`, a whole number ("how many clans it has"), a
text ("the gift icon is force") or a list of texts. Some marks the rules themselves read: the
gift icon (CORE-15), the trigger icon (CORE-14), the order subtype (CORE-08), the set order
subtypes Prison and World, sentinel, Alchemagic and the skill icons. Those are `ENGINE_MARKS`:
a card file may give them as their own fields (`gift = "force"`, the older form, still read) or
in `marks` (`marks = { gift = "force" }`), and either way the card has the same marks and the
same typed fields the rules read. Every other mark (Chrono, Regalis Piece, Ritual, ...) is the
card's own data, which only filters read: no field per mark.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ecs_vanguard.vocab.formats import Gift, OrderType, Skill, Trigger

MarkValue = bool | int | str | tuple[str, ...]
Marks = tuple[tuple[str, MarkValue], ...]
MARK_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_ALCHEMAGIC = ("different", "same")

# The marks the rules read: name -> (the values it takes, what it is). A value list of None
# means true or false; NUMBER a whole number, 1 or more.
NUMBER = ("<number>",)
TEXT = ("<text>",)                # a non-empty text of the card's own (a name part)
ENGINE_MARKS: dict[str, tuple[tuple[str, ...] | None, str]] = {
    "deck_limit": (NUMBER, ("at most this many cards of its name in a deck, main or G deck "
                            "(CORE-02: below the format's copy limit)")),
    "persona_ride_on": (TEXT, ("a name part: riding this card on a vanguard with it in a name "
                               "is a persona ride (the card's printed rule, CORE-05)")),
    "gift": (tuple(g.value for g in Gift), "the imaginary gift icon (CORE-15)"),
    "trigger": (tuple(t.value for t in Trigger), "the trigger icon (CORE-14)"),
    "order": (tuple(o.value for o in OrderType), "the order subtype (CORE-08)"),
    "prison": (None, "a set order of the Prison subtype (PRI)"),
    "world": (None, "a set order of the World subtype (WLD)"),
    "sentinel": (None, "the sentinel mark"),
    "alchemagic": (_ALCHEMAGIC, "a vanguard allowing Alchemagic (ALC-01): different or same"),
    **{s.value: (None, f"the {s.value.replace('_', ' ')} skill icon") for s in Skill},
}
# The older card-file field each engine mark may also be written as.
LEGACY_FIELDS = {"gift": "gift", "trigger": "trigger", "order": "order_type",
                 "sentinel": "sentinel", "alchemagic": "alchemagic"}


def describe_value(value: object) -> str:
    """The kinds a mark's value may take, for messages."""
    return f"{value!r} is not a mark value (true, a whole number, a text or a list of texts)"


def parse_marks(fail: Callable[[str, str], Exception], raw: Any) -> dict[str, MarkValue]:
    """Read a card file's `marks` table: snake_case names, each with true/false, a whole number
    (0 or more), a text or a list of texts; an engine mark only with a value the rules know.
    `fail(field, message)` makes the one-line error."""
    if not isinstance(raw, dict):
        raise fail("marks", f"expected a table of marks (marks = {{ chrono = true }}), got "
                            f"{raw!r}")
    out: dict[str, MarkValue] = {}
    for name, value in raw.items():
        at = f"marks.{name}"
        if not MARK_NAME.match(name):
            raise fail(at, "a mark's name is snake_case: lower-case letters, digits and _")
        out[name] = mark_value(fail, at, name, value)
    return out


def mark_value(fail: Callable[[str, str], Exception], at: str, name: str,
               value: Any) -> MarkValue:
    """Check one mark's value: its kind, and for an engine mark one of the values it takes."""
    if isinstance(value, list):
        if not all(isinstance(v, str) and v for v in value):
            raise fail(at, "a list mark holds texts only")
        value = tuple(value)
    elif isinstance(value, int) and not isinstance(value, bool) and value < 0:
        raise fail(at, f"{value} is negative; a number mark is 0 or more")
    elif not isinstance(value, (bool, int, str)):
        raise fail(at, describe_value(value))
    spec = ENGINE_MARKS.get(name)
    if spec is not None:
        choices, _ = spec
        if choices is None and not isinstance(value, bool):
            raise fail(at, f"mark {name!r} is true or false, got {value!r}")
        if choices is NUMBER:
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise fail(at, f"mark {name!r} is a whole number, 1 or more, got {value!r}")
        elif choices is TEXT:
            if not isinstance(value, str) or not value:
                raise fail(at, f"mark {name!r} is a text (a name part), got {value!r}")
        elif choices is not None and value not in choices:
            raise fail(at, f"{value!r} is not one of: {', '.join(choices)}")
    return value  # type: ignore[no-any-return]


def merge_engine_marks(fail: Callable[[str, str], Exception], raw: dict[str, Any],
                       marks: Mapping[str, MarkValue]) -> dict[str, Any]:
    """Return the card table with the engine marks of `marks` written as the fields the rules
    read (`gift`, `order_type`, `subtypes`, `skills`, ...), so both forms give one card; a
    mark given both ways with different values is refused."""
    raw = dict(raw)
    for name, value in marks.items():
        if name in LEGACY_FIELDS:
            field = LEGACY_FIELDS[name]
            if field in raw and raw[field] != value:
                raise fail(f"marks.{name}", f"{value!r} disagrees with {field} = "
                                            f"{raw[field]!r}; write it once")
            if value is not False:
                raw[field] = value
        elif name in ("prison", "world"):
            _add_to_list(raw, "subtypes", name, value)
        elif name in ENGINE_MARKS and ENGINE_MARKS[name][0] is None:   # a skill icon
            _add_to_list(raw, "skills", name, value)
    return raw


def _add_to_list(raw: dict[str, Any], field: str, name: str, value: MarkValue) -> None:
    listed = list(raw.get(field, [])) if isinstance(raw.get(field, []), list) else raw[field]
    if not isinstance(listed, list):
        return                                   # the field's own check names the mistake
    if value is True and name not in listed:
        listed.append(name)
    elif value is False and name in listed:
        listed.remove(name)
    raw[field] = listed


def engine_marks(gift: Gift | None, trigger: Trigger | None, order: OrderType | None,
                 subtypes: frozenset[str], sentinel: bool, alchemagic: str,
                 skills: frozenset[Skill]) -> dict[str, MarkValue]:
    """The engine marks a card's typed fields say it has (a card made in Python has them too)."""
    out: dict[str, MarkValue] = {s.value: True for s in skills}
    out.update({s: True for s in subtypes})
    if gift is not None:
        out["gift"] = gift.value
    if trigger is not None:
        out["trigger"] = trigger.value
    if order is not None:
        out["order"] = order.value
    if sentinel:
        out["sentinel"] = True
    if alchemagic:
        out["alchemagic"] = alchemagic
    return out


def present(value: MarkValue | None) -> bool:
    """A card has a mark when its value is true, a number above 0, or a non-empty text or list
    ("a card with Chrono")."""
    return value is not None and value is not False and value != 0 and value != "" \
        and value != ()


def equals(value: MarkValue | None, wanted: object) -> bool:
    """The mark's value is `wanted`: equal, or for a list mark one of its texts; a mark the
    card does not have equals false, 0 or nothing else."""
    if value is None:
        return wanted is False or wanted == 0 and not isinstance(wanted, bool)
    if isinstance(value, tuple):
        if isinstance(wanted, str):
            return wanted in value
        return isinstance(wanted, tuple) and wanted == value
    return value == wanted and isinstance(value, bool) == isinstance(wanted, bool)


def number(value: MarkValue | None) -> int:
    """A mark read as a number: a number mark's value, 1 for any other mark the card has, 0
    for one it does not have (a list mark: how many texts it holds)."""
    if isinstance(value, tuple):
        return len(value)
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return 1 if present(value) else 0
    return int(value)


# -- the filters (`where = { mark = ... }`): what each keeps -----------------------------------


def has_marks(marks: Mapping[str, MarkValue], wanted: object) -> bool:
    """`mark = "chrono"`: the card has the mark; `mark = { gift = "force", clans = 2 }`: each
    mark has that value."""
    if isinstance(wanted, str):
        return present(marks.get(wanted))
    return all(equals(marks.get(str(name)), value)
               for name, value in wanted)  # type: ignore[attr-defined]


def marks_at_least(marks: Mapping[str, MarkValue], wanted: object) -> bool:
    """`mark_min = { clans = 2 }`: each mark, read as a number, is at least that."""
    return all(number(marks.get(str(name))) >= int(n)
               for name, n in wanted)  # type: ignore[attr-defined]


def marks_at_most(marks: Mapping[str, MarkValue], wanted: object) -> bool:
    """`mark_max = { clans = 1 }`: each mark, read as a number, is at most that."""
    return all(number(marks.get(str(name))) <= int(n)
               for name, n in wanted)  # type: ignore[attr-defined]


def clans_of(clan: str, marks: Mapping[str, MarkValue]) -> tuple[str, ...]:
    """A card's clans: its `clan` and the texts of a `clans` list mark ("a card of two clans";
    a number mark `clans = 2` only says how many)."""
    listed = marks.get("clans")
    more = listed if isinstance(listed, tuple) else ()
    return tuple(dict.fromkeys(c for c in (clan, *more) if c))


def of_clan(clan: str, marks: Mapping[str, MarkValue], wanted: object) -> bool:
    """The `clan` filter: one of the card's clans, or any clan for a card with the
    `every_clan` mark ("this card is of every clan")."""
    return wanted in clans_of(clan, marks) or present(marks.get("every_clan"))


def filter_mark_names(wanted: object) -> tuple[str, ...]:
    """The mark names a filter value reads."""
    if isinstance(wanted, str):
        return (wanted,)
    return tuple(str(name) for name, _ in wanted)  # type: ignore[attr-defined]


def check_filter(fail: Callable[[str, str], Exception], field: str, value: Any,
                 numbers: bool, known: frozenset[str] | None) -> None:
    """Check a mark filter's value: `mark` takes a mark name or a table of marks and values,
    `mark_min`/`mark_max` (numbers) a table of marks and whole numbers. With `known` (the marks
    the pool's cards have), a mark no card has and the rules do not read is refused: a typo."""
    if isinstance(value, (tuple, list)) and value and all(
            isinstance(p, (tuple, list)) and len(p) == 2 for p in value):
        pairs = dict(value)
    elif isinstance(value, dict):
        pairs = value
    elif isinstance(value, str) and not numbers:
        pairs = {value: True}
    else:
        form = "{ clans = 2 }" if numbers else "\"chrono\" or { gift = \"force\" }"
        raise fail(field, f"expected a mark name or a table of marks: {form}, got {value!r}")
    if not pairs:
        raise fail(field, "name at least one mark")
    for name, wanted in pairs.items():
        at = f"{field}.{name}"
        if not isinstance(name, str) or not MARK_NAME.match(name):
            raise fail(at, "a mark's name is snake_case: lower-case letters, digits and _")
        if numbers:
            if not isinstance(wanted, int) or isinstance(wanted, bool) or wanted < 0:
                raise fail(at, f"expected a whole number, 0 or more, got {wanted!r}")
        elif isinstance(value, str):
            pass
        else:
            mark_value(fail, at, name, list(wanted) if isinstance(wanted, tuple) else wanted)
        if known is not None and name not in ENGINE_MARKS and name not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise fail(at, f"no card of this pool has the mark {name!r}; marks of its cards: "
                           f"{listed}")
