"""Parse card TOML files into CardDefs; every mistake is a CardDataError naming the file, the
card and the field (docs/design.md "Cards").

Parsing checks shapes, types and closed sets; that the names of selectors, filters and checks
exist in the engine's registries is checked above the effect layer (`effects.validate`, run by
`CardDB` for every card it holds).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any

from ecs_vanguard.cards.fields import Where as _Where
from ecs_vanguard.cards.fields import parse_checks, parse_steps
from ecs_vanguard.cards.fields import parse_when as _parse_when
from ecs_vanguard.cards.marks import ENGINE_MARKS, NUMBER, TEXT, merge_engine_marks, parse_marks
from ecs_vanguard.cards.rule_steps import ModifyRule
from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, CardDef, Limit
from ecs_vanguard.cards.steps import CONT_TYPES, STEP_TYPES
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import CardDataError
from ecs_vanguard.vocab.formats import Gift, OrderType, Skill, Trigger, UnitType
from ecs_vanguard.vocab.text import CONTROL
from ecs_vanguard.vocab.zones import Zone

_CARD_KEYS = {
    "id", "names", "grade", "power", "shield", "critical", "nation", "clan", "race", "unit_type",
    "trigger", "trigger_power", "skills", "gift", "order_type", "sentinel", "standard",
    "ability", "trigger_extra", "text", "overdress", "overdress_or_dressed", "subtypes",
    "world_rule", "alchemagic", "stride_cost", "ultimate_stride", "g_guardian_cost", "seek_mate",
    "marks",
}
_SUBTYPES = ("prison", "world")
_ABILITY_KEYS = {"kind", "zones", "when", "condition", "cost", "optional", "limit", "effect", "text",
                 "used_by", "given"}
# Zones where the engine offers an act ability to its player (`playable.act_actions`); an
# order's play effect is an act ability in the order area (CORE-08).
ACT_ZONES = frozenset({Zone.VC, Zone.RC, Zone.HAND, Zone.DROP, Zone.SOUL, Zone.G_ZONE, Zone.BIND,
                       Zone.ORDER, Zone.ORDER_AREA})
# Of those, the zones outside the field and the order zone (`CardDB.acts_off_field`).
OFF_FIELD_ACT_ZONES = frozenset({Zone.HAND, Zone.DROP, Zone.SOUL, Zone.G_ZONE, Zone.BIND})


def _enum(where: _Where, field: str, enum: type[Enum], value: Any) -> Any:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(m.value for m in enum)
        raise where.fail(field, f"{value!r} is not one of: {choices}") from None


def _typed(where: _Where, field: str, value: Any, kind: type | tuple[type, ...]) -> Any:
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        raise where.fail(field, f"expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def _parse_ability(where: _Where, field: str, raw: Any) -> AbilityDef:
    if not isinstance(raw, dict):
        raise where.fail(field, "expected a table")
    for key in raw:
        if key not in _ABILITY_KEYS:
            raise where.fail(f"{field}.{key}", "unknown key")
    kind = _enum(where, f"{field}.kind", AbilityKind, raw.get("kind"))
    zones = frozenset(_enum(where, f"{field}.zones", Zone, z)
                      for z in _typed(where, f"{field}.zones", raw.get("zones", []), list))
    if not zones:
        raise where.fail(f"{field}.zones", "name at least one zone where the ability is valid")
    if kind is AbilityKind.ACT and not zones <= ACT_ZONES:
        bad = ", ".join(sorted(z.value for z in zones - ACT_ZONES))
        raise where.fail(f"{field}.zones", f"the engine never offers an act ability in {bad}; "
                         f"act zones: {', '.join(sorted(z.value for z in ACT_ZONES))}")
    when = _parse_when(where, f"{field}.when", raw["when"]) if "when" in raw else None
    if (kind is AbilityKind.AUTO) != (when is not None):
        raise where.fail(f"{field}.when", "auto abilities, and only they, need 'when'")
    cost = parse_steps(where, f"{field}.cost", raw.get("cost", []), is_cost=True)
    effect = parse_steps(where, f"{field}.effect", raw.get("effect", []), is_cost=False)
    if kind is AbilityKind.CONT:
        for i, step in enumerate(effect):
            if type(step) not in CONT_TYPES:
                names = ", ".join(sorted(n for n, t in STEP_TYPES.items() if t in CONT_TYPES))
                raise where.fail(f"{field}.effect[{i}]", f"a cont ability may only use: {names}")
            if getattr(step, "becomes", None) is not None:
                raise where.fail(f"{field}.effect[{i}].becomes", "a cont ability adds amounts; "
                                 "`becomes` is for an effect (it reads the value once)")
            if isinstance(step, ModifyRule) and (step.uses or "until" in raw["effect"][i]):
                raise where.fail(f"{field}.effect[{i}]", "a cont ability's modify_rule holds "
                                 "while the ability works: no `until`, no `uses`")
        if cost:
            raise where.fail(f"{field}.cost", "a cont ability has no cost")
    return AbilityDef(
        kind=kind, zones=zones, effect=effect, cost=cost, when=when,
        condition=parse_checks(where, f"{field}.condition", raw.get("condition", [])),
        optional=bool(_typed(where, f"{field}.optional", raw.get("optional", False), bool)),
        limit=_enum(where, f"{field}.limit", Limit, raw.get("limit", "none")),
        text=_typed(where, f"{field}.text", raw.get("text", ""), str),
        by_opponent=_used_by(where, f"{field}.used_by", raw.get("used_by", "you"), kind),
        given=_typed(where, f"{field}.given", raw.get("given", False), bool),
    )


def _used_by(where: _Where, field: str, value: Any, kind: AbilityKind) -> bool:
    if value not in ("you", "opponent"):
        raise where.fail(field, f"{value!r} is not one of: you, opponent")
    if value == "opponent" and kind is not AbilityKind.ACT:
        raise where.fail(field, "only act abilities can be used by the opponent (PRI-05)")
    return value == "opponent"


def parse_card(raw: Any, file: str) -> CardDef:
    """Turn one `[[card]]` table into a CardDef; raise CardDataError naming file, card and field."""
    where = _Where(file)
    if not isinstance(raw, dict):
        raise where.fail("card", "expected a table")
    card_id = raw.get("id", "?")
    where.card = card_id if isinstance(card_id, str) and not CONTROL.search(card_id) else \
        f"{card_id!r:.70}"                   # an id with an ESC is named escaped, not raw
    for key in raw:
        if key not in _CARD_KEYS:
            raise where.fail(key, "unknown key")
    for key in ("id", "names", "grade"):
        if key not in raw:
            raise where.fail(key, "missing")
    names = _typed(where, "names", raw["names"], list)
    if not names or not all(isinstance(n, str) and n for n in names):
        raise where.fail("names", "expected a non-empty list of names")
    marks = parse_marks(where.fail, raw["marks"]) if "marks" in raw else {}
    raw = merge_engine_marks(where.fail, raw, marks)     # `marks = { gift = ... }` is `gift = ...`
    card = CardDef(
        **_printed(where, raw, names),
        **_keywords(where, raw),
        marks=tuple(sorted((k, v) for k, v in marks.items() if k not in ENGINE_MARKS
                           or ENGINE_MARKS[k][0] in (NUMBER, TEXT))),  # deck_limit, ...: marks
        abilities=tuple(
            _parse_ability(where, f"ability[{i}]", a)
            for i, a in enumerate(_typed(where, "ability", raw.get("ability", []), list))
        ),
        text=_typed(where, "text", raw.get("text", ""), str),
        source=file,
    )
    _check_card(where, card)
    return card


def _printed(where: _Where, raw: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Return the printed information of a card table, typed (TERM-01)."""
    trigger = _enum(where, "trigger", Trigger, raw["trigger"]) if "trigger" in raw else None
    default_type = "trigger" if trigger else ("order" if "order_type" in raw else "normal")
    order_type = raw.get("order_type")
    return {
        "id": _typed(where, "id", raw["id"], str),
        "names": tuple(names),
        "grade": _typed(where, "grade", raw["grade"], int),
        "power": _typed(where, "power", raw.get("power", 0), int),
        "shield": _typed(where, "shield", raw.get("shield", 0), int),
        "critical": _typed(where, "critical", raw.get("critical", 1), int),
        "nation": _typed(where, "nation", raw.get("nation", ""), str),
        "clan": _typed(where, "clan", raw.get("clan", ""), str),
        "race": _typed(where, "race", raw.get("race", ""), str),
        "unit_type": _enum(where, "unit_type", UnitType, raw.get("unit_type", default_type)),
        "trigger": trigger,
        "trigger_power": _typed(where, "trigger_power", raw.get("trigger_power", 10000), int),
        "skills": frozenset(_enum(where, "skills", Skill, s)
                            for s in _typed(where, "skills", raw.get("skills", []), list)),
        "gift": _enum(where, "gift", Gift, raw["gift"]) if "gift" in raw else None,
        "order_type": _enum(where, "order_type", OrderType, order_type) if order_type else None,
        "sentinel": _typed(where, "sentinel", raw.get("sentinel", False), bool),
        "standard": _typed(where, "standard", raw.get("standard", True), bool),
    }


def _names_list(where: _Where, raw: dict[str, Any], field: str) -> tuple[str, ...]:
    value = _typed(where, field, raw.get(field, []), list)
    if not all(isinstance(n, str) and n for n in value):
        raise where.fail(field, "expected a list of card names")
    return tuple(value)


def _keywords(where: _Where, raw: dict[str, Any]) -> dict[str, Any]:
    """Return the keyword fields of a card table: trigger extras and the mechanics' keywords
    (overDress, Prison/World, Alchemagic, Stride, G guardian, Seek Mate)."""
    def flag(field: str) -> bool:
        return bool(_typed(where, field, raw.get(field, False), bool))

    def steps(field: str, is_cost: bool) -> tuple[object, ...]:
        return parse_steps(where, field, raw.get(field, []), is_cost)

    subtypes = _typed(where, "subtypes", raw.get("subtypes", []), list)
    return {
        "trigger_extra": steps("trigger_extra", False),
        "overdress": _names_list(where, raw, "overdress"),
        "overdress_or_dressed": flag("overdress_or_dressed"),
        "subtypes": frozenset(_subtype(where, s) for s in subtypes),
        "world_rule": flag("world_rule"),
        "alchemagic": _alchemagic(where, raw.get("alchemagic", "")),
        "stride_cost": steps("stride_cost", True),
        "ultimate_stride": flag("ultimate_stride"),
        "g_guardian_cost": steps("g_guardian_cost", True),
        "seek_mate": _names_list(where, raw, "seek_mate"),
    }


def _alchemagic(where: _Where, value: Any) -> str:
    if value not in ("", "different", "same"):
        raise where.fail("alchemagic", f"{value!r} is not one of: different, same")
    return str(value)


def _subtype(where: _Where, value: Any) -> str:
    if value not in _SUBTYPES:
        raise where.fail("subtypes", f"{value!r} is not one of: {', '.join(_SUBTYPES)}")
    return str(value)


def _check_card(where: _Where, card: CardDef) -> None:
    if not 0 <= card.grade <= 4:
        raise where.fail("grade", f"{card.grade} is outside 0..4")
    for name in ("power", "shield", "critical", "trigger_power"):
        if getattr(card, name) < 0:
            raise where.fail(name, f"{getattr(card, name)} is negative")
    if card.unit_type is UnitType.TRIGGER and card.trigger is None:
        raise where.fail("trigger", "a trigger unit needs a trigger icon")
    if card.unit_type is UnitType.ORDER and card.order_type is None:
        raise where.fail("order_type", "an order needs an order_type")
    if card.trigger_extra and card.trigger is not Trigger.OVER:
        raise where.fail("trigger_extra", "only over triggers have an extra effect")
    strides = bool(card.stride_cost) or card.ultimate_stride
    if (strides or card.g_guardian_cost) and card.unit_type is not UnitType.G_UNIT:
        raise where.fail("unit_type", "only G units have Stride or G guardian (STR-02)")
    if card.unit_type is UnitType.G_UNIT and strides == bool(card.g_guardian_cost):
        raise where.fail("stride_cost", "a G unit has Stride (power, no shield) or G guardian "
                         "(shield, no power), exactly one (STR-02)")


def load_file(path: str | Path) -> list[CardDef]:
    """Read one TOML card file; raise CardDataError for a missing, malformed or invalid file."""
    return load_text(read_card_text(path), path)


def read_card_text(path: str | Path) -> str:
    """Return the text of a card file, read within bounds (`limits`); raise CardDataError."""
    try:
        return limits.read_text(path, limit=limits.CARD_FILE_BYTES, error=CardDataError,
                                what="card file")          # bounded again by load_text
    except OSError as exc:
        raise CardDataError(f"{path}: cannot read card file: {exc.strerror or exc}") from None


def load_text(text: str, path: str | Path) -> list[CardDef]:
    """Parse the text of a card file read from `path` (named in errors); raise CardDataError."""
    data = limits.parse_toml(text, nesting=limits.CARD_NESTING, keys=limits.CARD_KEYS,
                             error=CardDataError, where=str(path))
    unknown = set(data) - {"card"}
    if unknown:
        raise CardDataError(f"{path}: unknown top-level key(s): {limits.few(unknown)}")
    cards = data.get("card", [])
    if not isinstance(cards, list):
        raise CardDataError(f"{path}: 'card' must be an array of tables ([[card]])")
    return [parse_card(raw, str(path)) for raw in cards]
