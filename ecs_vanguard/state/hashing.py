"""The state hash: equal for equal states, kept up to date by what changed (issue 10).

Like a chess engine's Zobrist hash, the part for the cards is the exclusive-or of one 64-bit
key per entity (which card it is, its place, object, orientation, modifiers and statuses: a
determinized copy, issue 11, changes only which card some entities are), recomputed only for
the entities written since the last hash (`world.own` lists them in `state.engine.rehash`; those
written before the game was last cloned are in the shared `rehash_before`). The rest
(board order, turn, battle, stack, pending autos, sets of the rules, continuous effects, the
generator) is small and read whole. Everything is hashed as tuples of ints, so the hash is the
same in every process: strings (card ids, names) go through CRC-32, and None never enters a
hashed tuple (its hash is its address before Python 3.12). The pending decision is not
hashed: the systems derive it from the rest of the state.
"""

from __future__ import annotations

import zlib
from enum import Enum
from functools import lru_cache

import esper

from components import (
    Card,
    DressSource,
    GiftMarker,
    HeartLink,
    Imprisoned,
    LegionLink,
    Locked,
    Modifiers,
    Orientation,
    Position,
    Token,
)
from ecs_vanguard.state.core import Frame, State
from ecs_vanguard.state.rule_modifiers import RuleModifier
from ecs_vanguard.vocab import decisions, formats, zones

_MASK = (1 << 64) - 1


def _codes() -> dict[object, int]:
    """Small stable ints for every enum member the state holds."""
    out: dict[object, int] = {None: 0}
    for module in (zones, formats, decisions):
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, Enum) and obj is not Enum:
                for i, member in enumerate(obj, 1):
                    out.setdefault(member, i)
    return out


_CODE = _codes()


@lru_cache(maxsize=4096)
def _text(value: str) -> int:
    """A process-independent int for a string (Python's own str hash is salted per process)."""
    return zlib.crc32(value.encode())


def _value(value: object) -> int:
    """An int for a modifier's or record's `value`: a name, an ability reference, a number."""
    if value is None:
        return 0
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, tuple):
        return hash(tuple(_value(v) for v in value))
    if isinstance(value, Enum):
        return _CODE[value]
    return hash(value)


def _statuses(comps: dict[type, object]) -> tuple[int, ...]:
    out: list[int] = []
    link = comps.get(HeartLink)
    if link is not None:
        out += (1, link.g_unit, link.chosen)                           # type: ignore[attr-defined]
    legion = comps.get(LegionLink)
    if legion is not None:
        out += (2, legion.partner, legion.leader)                      # type: ignore[attr-defined]
    dress = comps.get(DressSource)
    if dress is not None:
        out += (3, dress.unit, dress.from_ride_deck)                   # type: ignore[attr-defined]
    jail = comps.get(Imprisoned)
    if jail is not None:
        out += (4, jail.by)                                            # type: ignore[attr-defined]
    lock = comps.get(Locked)
    if lock is not None:
        out += (5, lock.until_owner_end)                               # type: ignore[attr-defined]
    if Token in comps:
        out.append(6)
    if GiftMarker in comps:
        out.append(7)
    return tuple(out)


def entity_key(entity: int) -> int:
    """The 64-bit key of one card entity in the current world."""
    comps = esper._entities[entity]
    p: Position = comps[Position]  # type: ignore[assignment]
    o: Orientation = comps[Orientation]  # type: ignore[assignment]
    mods = comps[Modifiers].items  # type: ignore[attr-defined]
    mod_key = tuple((_CODE[m.stat], m.amount, _CODE[m.until], m.turn, _value(m.value), m.source)
                    for m in mods) if mods else ()
    extra = _statuses(comps) if len(comps) > 4 else ()
    card: Card = comps[Card]  # type: ignore[assignment]
    return hash((entity, _text(card.card_id), p.owner, _CODE[p.zone], _CODE[p.circle], p.obj,
                 o.rested, o.face_up, mod_key, extra)) & _MASK


def cards_part(state: State) -> int:
    """The exclusive-or of every entity's key, brought up to date for what changed."""
    engine = state.engine
    if engine.rehash or engine.rehash_before:
        if engine.hash_shared:                       # a clone's first rehash: its own copy
            engine.entity_hashes = dict(engine.entity_hashes)
            engine.hash_shared = False
        written = engine.rehash_before.union(engine.rehash) if engine.rehash_before else engine.rehash
        cache, acc = engine.entity_hashes, engine.hash_acc
        for entity in written:
            if entity in esper._entities:
                new = entity_key(entity)
                acc ^= cache.get(entity, 0) ^ new
                cache[entity] = new
        engine.hash_acc = acc
        engine.rehash.clear()                       # (the shared frozenset is never written)
        engine.rehash_before = frozenset()
    return engine.hash_acc


def _frame(f: Frame) -> tuple:
    key: tuple = (f.source, _text(f.card_id), f.index, f.master, f.pc, f.stage,
           tuple(sorted((_text(k), v) for k, v in f.bound.items())), tuple(f.picks),
           tuple((_text(k), v) for k, v in f.context), f.is_order, tuple(f.loop),
           tuple(f.used), f.each_total, tuple(f.revealed), tuple(f.calling),
           tuple(_text(c) for c in f.circles), tuple(f.cost_choices))
    # CORE-20: a bound card still the object it named adds nothing (its object id is hashed
    # with its entity); the ones no longer named, and a paused step's own references, do.
    # The test is facts.still_named's twin: hashing sits below facts in the layers.
    lost = tuple(sorted((_text(k), i) for k, objs in f.bound_obj.items()
                        for i, (c, o) in enumerate(zip(f.bound[k], objs, strict=True))
                        if esper._entities[c][Position].obj != o))
    if lost or f.following:
        key += (lost, tuple(sorted((_text(k), v) for k, v in f.following.items())))
    if f.bound_circle:                  # only abilities that call onto a named circle keep it
        key += (tuple(sorted((_text(k), _text(v)) for k, v in f.bound_circle.items())),)
    return key


def _ints(values: set[int]) -> tuple[int, ...]:
    return tuple(sorted(values)) if values else ()


def board_part(state: State) -> int:
    """The order of every zone and circle (kept until the board changes: ops.zones resets it)."""
    board = state.board
    if board.key is None:
        board.key = hash((
            tuple(tuple(side.values()) for side in board.zones),
            tuple((tuple(_CODE[c] for c in side), tuple(side.values()))
                  for side in board.circles)))
    return board.key


def rest_part(state: State) -> int:
    """Everything else that decides the future, as one hash of int tuples."""
    rest = _rest(state)
    if state.rule_modifiers:          # none: the hash every game without them always had
        rest = hash((rest, tuple(_rule_modifier(m) for m in state.rule_modifiers)))
    return rest & _MASK


def _rule_modifier(m: RuleModifier) -> tuple[int, ...]:
    return (m.player, m.master, _text(m.hook.value), _text(m.change.value), m.amount,
            _text(m.until.value), m.uses, m.turn, m.source, _text(m.scope),
            hash(tuple((_text(k), _value(v)) for k, v in m.where)), m.unit, m.unit_obj)


def _rest(state: State) -> int:
    t = state.turn
    battle = state.battle
    rng = state.rng.state_snapshot()
    key = hash((
        board_part(state),
        (t.turn, t.player, t.first_player, _CODE[t.phase], _CODE[t.step], t.stage, t.rode,
         tuple(t.orders_played), tuple(t.grade3_at_start), t.decisions_this_turn),
        () if battle is None else (
            battle.attacker, battle.target, battle.player, battle.booster,
            tuple(sorted(battle.guardians.items())), battle.drives_left, battle.damage_left,
            -1 if battle.hit is None else int(battle.hit), battle.guard_at_once,
            tuple(battle.guard_group), battle.co_attacker),
        tuple(_frame(f) for f in state.stack),
        tuple((a.source, a.obj, _text(a.card_id), a.index, a.player,
               tuple((_text(k), v) for k, v in a.context)) for a in state.pending_autos),
        state.over, -1 if state.winner is None else state.winner, state.next_obj,
        state.source, state.engine.dirty,
        tuple(sorted((o, _text(c), i) for o, c, i in state.once_used)) if state.once_used else (),
        tuple(sorted((p, _text(c), i) for p, c, i in state.once_per_game))
        if state.once_per_game else (),
        tuple(tuple(sorted((_CODE[c], n) for c, n in side.items())) for side in state.force),
        _ints(state.deleted), _ints(state.grants), _ints(state.revealed),
        _ints(state.from_ride_deck), _ints(state.used_this_game), _ints(state.legion_history),
        tuple(tuple((_text(n), _CODE[u], turn) for n, u, turn in side)
              for side in state.player_states),
        tuple((r.player, _text(r.scope), _CODE[r.stat], r.amount, _CODE[r.until], r.turn,
               r.source, tuple((_text(k), _value(v)) for k, v in r.where), r.unit, r.unit_obj,
               r.amount_of, r.amount_obj, _value(r.value)) for r in state.continuous),
        (rng["state"]["state"], rng["state"]["inc"], rng["has_uint32"], rng["uinteger"]),
    ))
    if state.delayed or state.ability_records:      # empty adds nothing: older hashes hold
        key = hash((key, _timing_part(state)))
    return key & _MASK


def _timing_part(state: State) -> tuple:
    """Delayed effects and what abilities did this turn (ops.timing), as int tuples."""
    return (
        tuple((d.id, d.player, d.source, _text(d.card_id), d.ability, d.pc, _text(d.at),
               d.turn, tuple(_text(n) for n in d.names), d.cards, d.objs, d.turn_player,
               tuple((_text(k), v) for k, v in d.context), d.fired)
              # the remembered circles only when there are some: older hashes hold
              + ((tuple((_text(k), _text(v)) for k, v in d.circles),) if d.circles else ())
              for d in state.delayed),
        tuple(sorted((obj, _text(card_id), index, tuple((_text(w), n) for w, n in counts))
                     for (obj, card_id, index), counts in state.ability_records.items())))


def full_cards_part() -> int:
    """The cards' part recomputed from scratch (what `cards_part` must always equal)."""
    acc = 0
    for entity in esper._entities:
        acc ^= entity_key(entity)
    return acc


def state_hash(state: State) -> str:
    """Return the hash of a game's state (its world must be the current one) as 16 hex digits."""
    return f"{cards_part(state) ^ rest_part(state):016x}"
