"""Emitting events in batches and queueing the autos a batch triggers (CORE-18, CORE-19).

Seed 004 §7 ②: cards placed "at the same time" are one event. An op that does several things at
once opens a `batch`; its events are logged as they happen, and the autos waiting for them are
collected when the outermost batch closes, so every watcher sees every card of the batch (two
units called together each see both placements). An event emitted outside a batch is a batch
of its own. Collection looks at each watcher as it is when the batch ends: in a valid zone (or
in the zone it arrived in before the rules moved it on at once: a token vanishing, TOK-03, a G
unit going on to the G zone, STR-12), its abilities working, its condition holding (a trigger
condition is checked when it triggers).
Playing the collected autos is the TriggerSystem's, at the next check timing.
"""

from __future__ import annotations

from collections.abc import Iterable

from ecs_vanguard.cards.schema import AbilityDef, AbilityKind, Limit
from ecs_vanguard.derived import facts as f
from ecs_vanguard.derived import values
from ecs_vanguard.state import Frame, PendingAuto, State
from ecs_vanguard.vocab.fields import fields_present
from ecs_vanguard.vocab.formats import Stat
from ecs_vanguard.vocab.zones import Zone

# Event fields an auto's frame keeps as its context (selectors `event_card`, `event_attacker`,
# ...; `guarded_unit`); for these the card's object is kept too (CORE-20: "that unit" is the
# object it was when the batch closed).
_CONTEXT_FIELDS = ("guarding", "attacker", "target", "card", "booster", "boosted", "ridden",
                   "source")
_OBJECT_FIELDS = ("card", "attacker", "target", "ridden")


def emit(state: State, event: object) -> None:
    """Log an event; outside a batch, queue the autos it triggers at once (CORE-18)."""
    state.events.append(event)
    engine = state.engine
    # values.may_gain with its set look-ups written out: most events have no watcher, and most
    # games hold CONT abilities that grant none and no continuous effect, so it is asked and
    # answers no at most events of a game.
    if engine.batch_depth == 0 and (type(event) in engine.watchers or state.grants
                                    or Stat.GRANT in engine.cont_index
                                    or state.continuous and values.may_gain(state)):
        _collect(state, (event,))


class batch:
    """Group what happens inside into one batch of simultaneous events (seed 004 §7 ②); the
    autos they trigger are collected when the outermost batch closes.

    A class rather than a generator-based context manager: it runs tens of thousands of times
    a game (contextlib's machinery cost 2.3 µs a use, this about 0.6 µs).
    """

    __slots__ = ("start", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.start = len(state.events)

    def __enter__(self) -> None:
        self.state.engine.batch_depth += 1

    def __exit__(self, *exc: object) -> None:
        state = self.state
        state.engine.batch_depth -= 1
        if state.engine.batch_depth == 0:
            if len(state.events) > self.start:
                events = tuple(state.events.since(self.start))
                watched = state.engine.watchers
                # Some event of the batch has watchers: a native loop (keys().isdisjoint(map())
                # was three Python calls at every batch, issue 34).
                for event in events:
                    if type(event) in watched:
                        _collect(state, events)
                        break
                else:
                    if values.may_gain(state):
                        _collect(state, events)
            if state.engine.passed:
                state.engine.passed.clear()


def watch(state: State, entities: Iterable[int]) -> None:
    """Index the printed auto and cont abilities of new cards (copy on write: clones share the
    indexes, so each is copied once per call and sorted once)."""
    watchers: dict[type, list[tuple[int, int, frozenset[Zone]]]] = {}
    conts: dict[Stat, list[tuple[int, frozenset[Zone], bool]]] = {}
    for entity in entities:
        card = state.defs[entity]
        if card is None:
            continue
        for index, ability in card.own_abilities:
            if ability.kind is AbilityKind.AUTO:
                assert ability.when is not None
                watchers.setdefault(ability.when.event, []).append((entity, index, ability.zones))
        for stat, zones, self_only in values.cont_entries(card):
            conts.setdefault(stat, []).append((entity, zones, self_only))
    if watchers:
        merged = dict(state.engine.watchers)
        for event_type, new in watchers.items():
            merged[event_type] = tuple(sorted((*merged.get(event_type, ()), *new)))
        state.engine.watchers = merged
    if conts:
        by_stat = dict(state.engine.cont_index)
        for stat, entries in conts.items():
            by_stat[stat] = tuple(sorted((*by_stat.get(stat, ()), *entries),
                                         key=lambda entry: entry[0]))
        state.engine.cont_index = by_stat


def _event_matches(state: State, event: object, entity: int, owner: int,
                   filters: tuple[tuple[str, object], ...]) -> bool:
    """True if the event's fields pass the plain filters of `when`: equal to a value, "self",
    a player, or `by` (whose effect it was); card filter tables are `_cards_match`'s."""
    for key, wanted in filters:
        if key == "by":
            if f.effect_by(event, owner) != wanted:
                return False
        elif isinstance(wanted, tuple):
            continue
        elif not (f.event_field_matches(getattr(event, key), wanted, entity, owner) or (
                key == "attacker" and wanted == "self"
                and getattr(event, "co_attacker", -1) == entity)):
            return False
    return True


def _cards_match(state: State, event: object, probe: Frame,
                 filters: tuple[tuple[str, object], ...]) -> bool:
    """True if each card field with a table of filters names a card passing them ("another
    unit", "a grade 3 card", "a card named X")."""
    for key, wanted in filters:
        if isinstance(wanted, tuple):
            value = getattr(event, key)
            if not isinstance(value, int) or value < 0 or not values.narrow(
                    state, probe, [value], wanted):
                return False
    return True


def _context(event: object) -> tuple[tuple[str, int], ...]:
    """The event's cards an auto's effect may name, with their objects (CORE-20). Which of the
    fields an event type has is learnt once a type (vocab.fields): a field an event lacks was
    an AttributeError raised and caught at every auto queued."""
    context = [(k, getattr(event, k)) for k in fields_present(event, _CONTEXT_FIELDS)]
    context += [(f"{k}_obj", f.position(getattr(event, k)).obj)
                for k in fields_present(event, _OBJECT_FIELDS) if getattr(event, k) >= 0]
    return tuple(context)


def _queue(state: State, event: object, entity: int, card_id: str, index: int,
           ability: AbilityDef) -> None:
    """Queue one auto if its card is in a valid zone and the event matches (CORE-18, CORE-19)."""
    pos = f.position(entity)
    if pos.zone not in ability.zones and state.engine.passed.get(entity) not in ability.zones:
        return
    assert ability.when is not None
    filters = ability.when.filters
    if not _event_matches(state, event, entity, pos.owner, filters):
        return
    if limit_reached(state, ability.limit, entity, card_id, index, pos.owner):
        return
    context = _context(event)
    probe = Frame(entity, card_id, index, pos.owner, context=context)
    if not _cards_match(state, event, probe, filters):
        return
    if ability.condition and not values.holds(state, probe, ability.condition):
        return
    state.pending_autos.append(PendingAuto(entity, pos.obj, card_id, index, pos.owner, context))


def limit_reached(state: State, limit: Limit, card: int, card_id: str, index: int,
                  player: int) -> bool:
    """True if a limited ability was already played: 1/Turn per card object this turn, once per
    game per player and ability (CORE-19; engine decision for once per game)."""
    if limit is Limit.ONCE_PER_TURN:
        return (f.position(card).obj, card_id, index) in state.once_used
    if limit is Limit.ONCE_PER_GAME:
        return (player, card_id, index) in state.once_per_game
    return False


def record_use(state: State, limit: Limit, card: int, card_id: str, index: int,
               player: int) -> None:
    """Bind a limited ability's use when it is played, not when it triggers (CORE-19)."""
    if limit is Limit.ONCE_PER_TURN:
        state.once_used.add((f.position(card).obj, card_id, index))
    elif limit is Limit.ONCE_PER_GAME:
        state.once_per_game.add((player, card_id, index))


def _collect(state: State, batch_events: tuple[object, ...]) -> None:
    """Queue the autos waiting for the events of one batch: printed ones from the index, then
    gained ones (ACT-22); a card with no working abilities now queues nothing."""
    gained = values.gained_abilities(state) if values.may_gain(state) else ()
    loses = values.loses_abilities
    passed = state.engine.passed                   # TOK-03, STR-12: zones passed through in this batch
    watchers, defs = state.engine.watchers, state.defs
    for event in batch_events:
        event_type = type(event)
        # The zones are in the index: most watchers lie in a deck, and reading the ability's
        # zones through the interpreted card data cost two attribute look-ups each (issue 34).
        for entity, index, zones in watchers.get(event_type, ()):
            if f.position(entity).zone not in zones and (
                    not passed or passed.get(entity) not in zones):
                continue                                   # the cheap test first: most stop here
            if entity in state.deleted or f.abilities_inactive(entity) or loses(state, entity):
                continue
            card = defs[entity]
            assert card is not None
            ability = card.abilities[index]
            _queue(state, event, entity, card.id, index, ability)
        for entity, card_id, index, ability in gained:
            when = ability.when
            if ability.kind is AbilityKind.AUTO and when is not None and when.event is event_type:
                _queue(state, event, entity, card_id, index, ability)
