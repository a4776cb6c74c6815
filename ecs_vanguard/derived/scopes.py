"""Selectors (which cards a step, a condition or a continuous effect covers) and the filters that
read only facts; the filters that read derived values (grade, power) sit with `values.select`.

Each selector is a small function of (state, frame) returning entities in a stable order, each
filter a test of one card against the value a card file gives. Both are registries declared
once with their documentation and, for filters, the kind of value they take (`cards.fields`):
validation and the vocabulary read these same tables. A new word is a new entry, never an `if`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

from ecs_vanguard.cards.check import Check
from ecs_vanguard.cards.marks import (
    has_marks,
    marks_at_least,
    marks_at_most,
    of_clan,
    present,
)
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.derived import facts as f
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.formats import UnitType
from ecs_vanguard.vocab.zones import BACK_ROW, COLUMN_PARTNER, FRONT_ROW, Circle, Zone

Selector = Callable[[State, Frame], list[int]]
Filter = Callable[[State, Frame, int, object], bool]


def _attacked_units_of(state: State, player: int) -> list[int]:
    b = state.battle
    if b is None or b.target < 0 or f.position(b.target).owner != player:
        return []
    return [b.target]


def _locked(state: State, player: int) -> list[int]:
    return [u for units in state.board.circles[player].values() for u in units if f.is_locked(u)]


def _circle_cards(state: State, player: int) -> list[int]:
    """The player's cards on circles: every card on VC and the RCs (a unit, a heart under a G
    unit, HRT-01; a locked card, ACT-23: cards on a circle though not units), then the GC's
    guardians, and in premium the dress sources (OD-11)."""
    cards = [c for units in state.board.circles[player].values() for c in units]
    cards += state.board.zones[player][Zone.GC]
    if state.rules.dress_sources_are_circle_cards:
        cards += state.board.zones[player][Zone.DRESS]
    return cards


def _zone(zone: Zone, opponent: bool = False) -> Selector:
    return lambda s, fr: list(s.board.zones[1 - fr.master if opponent else fr.master][zone])


def _rear(units: list[int], rows: frozenset[Circle]) -> list[int]:
    return [u for u in units if f.position(u).zone is Zone.RC and f.position(u).circle in rows]


def _face_up_g_units(state: State, player: int) -> list[int]:
    """Generation Break counts these: face-up G units in the G zone and on VC."""
    g_zone = [c for c in state.board.zones[player][Zone.G_ZONE]
              if f.orientation(c).face_up and f.is_g_unit(state, c)]
    return [u for u in f.vanguards(state, player) if f.is_g_unit(state, u)] + g_zone


def _context_card(key: str) -> Selector:
    """The card an auto's event named in field `key` ("that unit"), while it is the object it
    was when the event's batch closed (CORE-20: a card that moved since is another object)."""
    def select(state: State, frame: Frame) -> list[int]:
        card = frame.ctx(key)
        if card < 0:
            return []
        obj = frame.ctx(f"{key}_obj")
        return [card] if obj < 0 or f.position(card).obj == obj else []
    return select


def _both(one: Callable[[State, int], list[int]]) -> Selector:
    return lambda s, fr: one(s, fr.master) + one(s, 1 - fr.master)


SELECTOR_SPECS: dict[str, tuple[Selector, str]] = {
    "self": (lambda s, fr: [fr.source], "the card whose ability it is (this unit)"),
    "your_vanguard": (lambda s, fr: [f.vanguard(s, fr.master)], "your vanguard (a legion's leader)"),
    "your_vanguards": (lambda s, fr: f.vanguards(s, fr.master), "your vanguards: leader, mate"),
    "your_units": (lambda s, fr: f.units(s, fr.master), "your vanguard and rear-guards"),
    "your_front_row": (lambda s, fr: f.front_row(s, fr.master), "your front-row units"),
    "your_rear_guards": (lambda s, fr: f.rear_guards(s, fr.master), "your rear-guards"),
    "your_front_row_rear_guards": (lambda s, fr: _rear(f.rear_guards(s, fr.master), FRONT_ROW),
                                   "your rear-guards in the front row"),
    "your_back_row": (lambda s, fr: _rear(f.rear_guards(s, fr.master), BACK_ROW),
                      "your rear-guards in the back row"),
    "opponent_vanguard": (lambda s, fr: [f.vanguard(s, 1 - fr.master)],
                          "your opponent's vanguard"),
    "opponent_vanguards": (lambda s, fr: f.vanguards(s, 1 - fr.master),
                           "your opponent's vanguards: leader, mate"),
    "opponent_units": (lambda s, fr: f.units(s, 1 - fr.master), "your opponent's units"),
    "opponent_front_row": (lambda s, fr: f.front_row(s, 1 - fr.master),
                           "your opponent's front-row units"),
    "opponent_rear_guards": (lambda s, fr: f.rear_guards(s, 1 - fr.master),
                             "your opponent's rear-guards"),
    "opponent_front_row_rear_guards": (
        lambda s, fr: _rear(f.rear_guards(s, 1 - fr.master), FRONT_ROW),
        "your opponent's rear-guards in the front row"),
    "opponent_back_row": (lambda s, fr: _rear(f.rear_guards(s, 1 - fr.master), BACK_ROW),
                          "your opponent's rear-guards in the back row"),
    "vanguards": (_both(f.vanguards), "every vanguard of both players (\"choose a vanguard\")"),
    "all_units": (_both(f.units), "every unit of both players"),
    "all_rear_guards": (_both(f.rear_guards), "every rear-guard of both players"),
    "all_front_row_rear_guards": (
        _both(lambda s, p: _rear(f.rear_guards(s, p), FRONT_ROW)),
        "the rear-guards in each player's front row"),
    "your_hand": (_zone(Zone.HAND), "the cards in your hand"),
    "your_drop": (_zone(Zone.DROP), "your drop"),
    "your_soul": (_zone(Zone.SOUL), "your soul"),
    "your_damage": (_zone(Zone.DAMAGE), "your damage zone"),
    "your_bind": (_zone(Zone.BIND), "your bind zone"),
    "your_order_zone": (_zone(Zone.ORDER), "your order zone"),
    "your_deck": (_zone(Zone.DECK), "your deck, top first"),
    "your_deck_top": (lambda s, fr: list(s.board.zones[fr.master][Zone.DECK][:1]),
                      "the top card of your deck"),
    "your_ride_deck": (_zone(Zone.RIDE_DECK), "your ride deck"),
    "your_g_zone": (_zone(Zone.G_ZONE), "your G zone"),
    "your_face_up_g_units": (lambda s, fr: _face_up_g_units(s, fr.master),
                             "face-up G units in your G zone and on your VC (Generation Break)"),
    "your_locked_cards": (lambda s, fr: _locked(s, fr.master), "your locked cards (ACT-23)"),
    "your_circle_cards": (lambda s, fr: _circle_cards(s, fr.master),
                          ("your cards on circles: units and guardians (in premium also "
                           "hearts, locked cards, dress sources)")),
    "your_hearts": (lambda s, fr: f.hearts(s, fr.master),
                    "the hearts under your G unit (HRT-01: cards, not units)"),
    "opponent_hand": (_zone(Zone.HAND, opponent=True), "your opponent's hand"),
    "opponent_drop": (_zone(Zone.DROP, opponent=True), "your opponent's drop"),
    "opponent_soul": (_zone(Zone.SOUL, opponent=True), "your opponent's soul"),
    "opponent_damage": (_zone(Zone.DAMAGE, opponent=True), "your opponent's damage zone"),
    "opponent_bind": (_zone(Zone.BIND, opponent=True), "your opponent's bind zone"),
    "opponent_order_zone": (_zone(Zone.ORDER, opponent=True), "your opponent's order zone"),
    "opponent_g_zone": (_zone(Zone.G_ZONE, opponent=True), "your opponent's G zone"),
    "opponent_face_up_g_units": (lambda s, fr: _face_up_g_units(s, 1 - fr.master),
                                 "face-up G units in your opponent's G zone and VC"),
    "opponent_locked_cards": (lambda s, fr: _locked(s, 1 - fr.master),
                              "your opponent's locked cards"),
    # PRI-05: your cards held in the opponent's prison; the ones you hold.
    "your_imprisoned": (lambda s, fr: f.imprisoned_in(s, 1 - fr.master),
                        "your cards imprisoned in your opponent's Prison"),
    "opponent_imprisoned": (lambda s, fr: f.imprisoned_in(s, fr.master),
                            "your opponent's cards imprisoned in your Prison"),
    # OD-11: "a card on a circle" includes dress sources where the format says so (premium).
    "opponent_circle_cards": (lambda s, fr: _circle_cards(s, 1 - fr.master),
                              "your opponent's cards on circles (dress sources in premium)"),
    # OD-04: a unit's dress sources are cards on the field, never units (its "originalDress").
    "self_dress_sources": (lambda s, fr: f.dress_sources(s, fr.source)
                           if f.position(fr.source).zone is Zone.RC else [],
                           "this unit's dress sources (its originalDress, OD-04: cards, not units)"),
    "your_attacked_units": (lambda s, fr: _attacked_units_of(s, fr.master),
                            "your units being attacked"),
    "attacking_unit": (lambda s, fr: f.attacking_units(s),
                       ("the attacking units of the battle now (a legion's leader and mate, "
                        "LEG-11)")),
    "attacked_unit": (lambda s, fr: [s.battle.target] if s.battle and s.battle.target >= 0
                      else [], "the attacked unit of the battle now"),
    "boosting_unit": (lambda s, fr: [s.battle.booster] if s.battle and s.battle.booster >= 0
                      else [], "the unit boosting the battle now"),
    "guarded_unit": (lambda s, fr: [fr.ctx("guarding")] if fr.ctx("guarding") >= 0 else [],
                     "the unit a guardian guards (its \"placed on GC\" autos)"),
    "trigger_card": (lambda s, fr: [fr.ctx("trigger_card")] if fr.ctx("trigger_card") >= 0
                     else [], "the trigger card being resolved"),
    "event_card": (_context_card("card"), ("the event's card: the placed, called, rode, "
                                           "retired, revealed ... card (\"that unit\")")),
    "event_attacker": (_context_card("attacker"), "the event's attacking unit"),
    "event_target": (_context_card("target"), "the event's attacked unit"),
    "event_booster": (_context_card("booster"), "the event's boosting unit"),
    "event_boosted": (_context_card("boosted"), "the event's boosted unit"),
    "event_ridden": (_context_card("ridden"), "the vanguard the event's ride rode upon"),
    "event_source": (_context_card("source"), "the card whose effect the event was"),
}
SELECTORS: dict[str, Selector] = {name: fn for name, (fn, _) in SELECTOR_SPECS.items()}
SELECTOR_DOCS: dict[str, str] = {name: doc for name, (_, doc) in SELECTOR_SPECS.items()}


Member = Callable[[State, Frame, int], bool]


def _is_unit_of(player_of: Callable[[Frame], int], circles: frozenset[Circle] | None) -> Member:
    """Build a membership test equal to `card in SELECTORS[name](state, frame)` for the scopes
    of units, without building the list (a continuous scope is tested on every power read)."""
    def member(state: State, frame: Frame, card: int) -> bool:
        pos = f.position(card)
        if pos.owner != player_of(frame) or (pos.zone is not Zone.VC and pos.zone is not Zone.RC):
            return False
        if circles is not None and pos.circle not in circles:
            return False
        return not f.is_locked(card) and not f.is_heart(card)
    return member


def _yours(frame: Frame) -> int:
    return frame.master


def _theirs(frame: Frame) -> int:
    return 1 - frame.master


_REAR = frozenset(c for c in Circle if c is not Circle.VC)
# Fast membership tests for the scopes continuous effects use most; each equals the selector.
MEMBERS: dict[str, Member] = {
    "self": lambda s, fr, e: e == fr.source,
    "your_units": _is_unit_of(_yours, None),
    "your_front_row": _is_unit_of(_yours, FRONT_ROW),
    "your_rear_guards": _is_unit_of(_yours, _REAR),
    "opponent_units": _is_unit_of(_theirs, None),
    "opponent_front_row": _is_unit_of(_theirs, FRONT_ROW),
    "opponent_rear_guards": _is_unit_of(_theirs, _REAR),
}


# -- keywords (a filter: "your units with overDress", "a card with Generation Break") ---------


def _checks_of(checks: tuple[Check, ...]) -> Iterator[Check]:
    for check in checks:
        yield check
        yield from _checks_of(check.arg("of", ()))


@cache
def keywords(card: CardDef) -> frozenset[str]:
    """Return the keywords a card has printed: its skill icons, sentinel, and the mechanics'
    keywords (overdress, seek_mate, stride, ultimate_stride, g_guardian, generation_break,
    limit_break, alchemagic, prison, world, gift, act / auto / cont abilities)."""
    # Printed marks as data (cards.marks): skill icons, sentinel, prison, world, gift, ...
    words = {name for name, value in card.all_marks.items() if present(value)}
    flags = {"overdress": bool(card.overdress) or card.overdress_or_dressed,
             "seek_mate": bool(card.seek_mate), "stride": bool(card.stride_cost),
             "ultimate_stride": card.ultimate_stride, "g_guardian": bool(card.g_guardian_cost)}
    words |= {word for word, has in flags.items() if has}
    for _, ability in card.own_abilities:
        words.add(ability.kind.value)
        words |= {c.origin for c in _checks_of(ability.condition) if c.origin}
    words.discard("")
    return frozenset(words)


def _same_column(state: State, frame: Frame, card: int) -> bool:
    """True for a unit in the same column as the ability's own unit (Harmony-style)."""
    return _in_column(frame.source, card)


# Reading (the rule book names a column on one side only, CORE-07): the players face each
# other, so one player's left column lines up with the other's right column, and the vanguard
# circles (with the back centers) face each other.
_FACING: dict[Circle, Circle] = {
    Circle.FRONT_LEFT: Circle.FRONT_RIGHT, Circle.BACK_LEFT: Circle.FRONT_RIGHT,
    Circle.FRONT_RIGHT: Circle.FRONT_LEFT, Circle.BACK_RIGHT: Circle.FRONT_LEFT,
    Circle.VC: Circle.VC, Circle.BACK_CENTER: Circle.VC,
}


def _facing_column(frame: Frame, card: int) -> bool:
    """True for an opponent's card in the column across the board from the ability's own
    unit ("your opponent's rear-guard in this unit's column")."""
    mine, other = f.position(frame.source), f.position(card)
    if mine.owner == other.owner or not isinstance(mine.circle, Circle) \
            or not isinstance(other.circle, Circle):
        return False
    front = _FACING.get(mine.circle)
    return front is not None and (other.circle is front
                                  or COLUMN_PARTNER.get(front) is other.circle)


def _column_of(frame: Frame, card: int, name: object) -> bool:
    """True for a card on the same side and in the same column as the card bound to `name`,
    while that card is still the object it named (CORE-20): "every rear-guard in that unit's
    column"; none when nothing is named."""
    anchors = f.recall(frame, str(name)) if str(name) in frame.bound else []
    return bool(anchors) and _in_column(anchors[0], card)


def _in_column(anchor: int, card: int) -> bool:
    """True for a card on the anchor's side in the anchor's column (a front circle and the
    circle behind it, COLUMN_PARTNER)."""
    mine, other = f.position(anchor), f.position(card)
    if mine.owner != other.owner or not isinstance(mine.circle, Circle) or other.circle is None:
        return False
    return other.circle is mine.circle or COLUMN_PARTNER.get(mine.circle) is other.circle


def _of_clan(card: CardDef, clan: object) -> bool:
    """The card's own clan first (the usual read, kept cheap), then its `clans` list and the
    `every_clan` mark (cards.marks)."""
    if card.clan == clan:
        return True
    marks = card.all_marks
    return ("clans" in marks or "every_clan" in marks) and of_clan(card.clan, marks, clan)


def _gained(state: State, card: int) -> bool:
    """True for a card that has an ability it was given (ACT-22), by an effect for a period."""
    return len(f.abilities(state, card)) > len(state.card(card).own_abilities)


def _trigger(state: State, card: int, value: object) -> bool:
    trigger = state.card(card).trigger
    if value == "any" or value == "none":
        return (trigger is not None) == (value == "any")
    return trigger is not None and trigger._value_ == value     # _value_: see derived.timing


FilterSpec = tuple[Filter, str, str]          # (test, kind of value, what it keeps)

FACT_FILTER_SPECS: dict[str, FilterSpec] = {
    "name": (lambda s, fr, e, v: str(v) in f.names(s, e), "name",
             "cards with this name (any of its names, TERM-05)"),
    "name_any": (lambda s, fr, e, v: any(n in f.names(s, e) for n in v),  # type: ignore
                 "names", "cards with any of these names (LEG-02)"),
    "name_includes": (lambda s, fr, e, v: any(str(v) in n for n in f.names(s, e)), "text",
                      "cards with this text in a name (\"a card with «X» in its name\")"),
    # ACT-25: cards with the name declared by an earlier declare_name step bound as `v`.
    "declared": (lambda s, fr, e, v: (str(v) in fr.bound and s.db.all_names()[
        fr.bound[str(v)][0]] in f.names(s, e)), "bind", "cards with the declared name"),
    # LEG-27: "a unit on your VC" is the leader or the mate.
    "same_name_as_vanguard": (lambda s, fr, e, v: f.names_a_vanguard(s, e, fr.master) == v,
                              "bool",
        "cards with a name of a unit on your VC (leader or mate)"),
    "same_name_as_self": (lambda s, fr, e, v: f.same_name(s, e, fr.source) == v, "bool",
                          "cards sharing a name with this card"),
    # TERM-05 against a bound card: "a card with the same name as the revealed card".
    "same_name_as": (lambda s, fr, e, v: any(f.same_name(s, e, c)
                                             for c in f.recall(fr, str(v))), "bind",
                     "cards sharing a name with a bound card (\"the revealed card's name\")"),
    # the sentinel mark, as the field the loader fills from `marks` too (cards.marks)
    "sentinel": (lambda s, fr, e, v: s.card(e).sentinel == v, "bool", "sentinels"),
    # Printed marks as data (cards.marks): one reading for every mark, no filter per mark.
    "mark": (lambda s, fr, e, v: has_marks(s.card(e).all_marks, v), "mark",
             ("cards with a printed mark (\"chrono\"), or with marks of these values "
              "({ gift = \"force\" }, { order = \"blitz\" }, { clans = 2 })")),
    "mark_min": (lambda s, fr, e, v: marks_at_least(s.card(e).all_marks, v), "mark_numbers",
                 "cards whose marks, read as numbers, are at least these ({ clans = 2 })"),
    "mark_max": (lambda s, fr, e, v: marks_at_most(s.card(e).all_marks, v), "mark_numbers",
                 "cards whose marks, read as numbers, are at most these ({ clans = 1 })"),
    "in_overdress": (lambda s, fr, e, v: bool(f.dress_sources(s, e)) == v, "bool",
                     "units in the overDress state (OD-03)"),
    "token": (lambda s, fr, e, v: (s.card(e).unit_type is UnitType.TOKEN) == v, "bool",
              "tokens (TOK-04)"),
    "g_unit": (lambda s, fr, e, v: f.is_g_unit(s, e) == v, "bool", "G units (STR-01)"),
    "legion_mate": (lambda s, fr, e, v: (f.legion_group(e)[-1] == e != f.legion_group(e)[0])
                    == v, "bool", "a legion's mate (LEG-08)"),
    # LEG-25: named in your vanguard's Seek Mate, or its own Seek Mate names your vanguard;
    # LEG-30: your vanguard's name is the leader's or the mate's.
    "can_legion_with_vanguard": (lambda s, fr, e, v: (
        f.a_vanguard_can_legion_with(s, e, fr.master) == v), "bool",
        "cards that can legion with your vanguard (LEG-25; the leader or the mate, LEG-30)"),
    "unit": (lambda s, fr, e, v: s.card(e).is_unit == v, "bool", "unit cards (not orders)"),
    "order": (lambda s, fr, e, v: (s.card(e).order_type is not None) == v, "bool", "orders"),
    "subtype": (lambda s, fr, e, v: present(s.card(e).mark(str(v))), "subtype",
                "set orders of a subtype (prison, world)"),
    "trigger": (lambda s, fr, e, v: _trigger(s, e, v), "trigger",
                "trigger units of a type (critical, draw, heal, front, over, stand), any, none"),
    "keyword": (lambda s, fr, e, v: v in keywords(s.card(e)), "keyword",
                "cards with a keyword (overdress, generation_break, sentinel, ...)"),
    "gained_ability": (lambda s, fr, e, v: _gained(s, e) == v, "bool",
                       "cards that were given an ability (ACT-22)"),
    "standing": (lambda s, fr, e, v: f.is_standing(e) == v, "bool", "standing units"),
    "rested": (lambda s, fr, e, v: f.is_standing(e) != v, "bool", "rested units"),
    "face_up": (lambda s, fr, e, v: f.orientation(e).face_up == v, "bool", "face-up cards"),
    "not_self": (lambda s, fr, e, v: (e != fr.source) == v, "bool",
                 "cards other than this one (\"your other units\", \"another unit\")"),
    "nation": (lambda s, fr, e, v: s.card(e).nation == v, "nation", "cards of a nation"),
    "clan": (lambda s, fr, e, v: _of_clan(s.card(e), v), "text",
             "cards of a clan (their clan, one listed in a clans mark, or every_clan)"),
    "race": (lambda s, fr, e, v: s.card(e).race == v, "text", "cards of a race"),
    "rear_guard": (lambda s, fr, e, v: (f.position(e).zone is Zone.RC) == v, "bool",
                   "rear-guards"),
    "vanguard": (lambda s, fr, e, v: f.is_vanguard(s, e) == v, "bool",
                 "vanguards (a legion's leader or mate; not hearts, LEG-30)"),
    "front_row": (lambda s, fr, e, v: (f.position(e).circle in FRONT_ROW) == v, "bool",
                  "units in the front row"),
    "back_row": (lambda s, fr, e, v: (f.position(e).circle in BACK_ROW) == v, "bool",
                 "units in the back row"),
    "same_column": (lambda s, fr, e, v: _same_column(s, fr, e) == v, "bool",
                    "units in this unit's column (Harmony-style conditions)"),
    "facing_column": (lambda s, fr, e, v: _facing_column(fr, e) == v, "bool",
                      ("your opponent's cards in this unit's column across the board (your "
                       "left column faces their right)")),
    "column_of": (lambda s, fr, e, v: _column_of(fr, e, v), "bind",
                  ("cards in the column of a bound card, on its side (\"every rear-guard in "
                   "that unit's column\")")),
    "attacked": (lambda s, fr, e, v: (s.battle is not None and s.battle.target == e) == v,
                 "bool", "the attacked unit of the battle now (false: \"not being attacked\")"),
    "owner": (lambda s, fr, e, v: (f.position(e).owner == fr.master) == (v == "you"),
              "player", "cards of a player: you or opponent"),
}
FACT_FILTERS: dict[str, Filter] = {name: spec[0] for name, spec in FACT_FILTER_SPECS.items()}
