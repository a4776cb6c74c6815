"""The per-game singletons: Board, TurnState, Battle, continuous effects, pending work, event
log and generator.

All plain data, copied field by field by `clone_state` (DESIGN.md "State is plain data").
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any

import numpy as np

from ecs_vanguard.decisions import Action, Decision
from ecs_vanguard.rules import BattleStep, Duration, FormatRules, Phase, Stat
from ecs_vanguard.zones import LIST_ZONES, REAR_CIRCLES, Circle, Zone

if TYPE_CHECKING:
    from ecs_vanguard.cards.db import CardDB
    from ecs_vanguard.cards.schema import CardDef


@dataclass(slots=True)
class Board:
    """Ordered contents of every zone and circle of both players (CORE-01).

    `zones[p][Zone.DECK][0]` is the top of the deck; a circle holds a sequence because a call
    onto an occupied RC briefly puts two units there until the rule action (CORE-17). Every
    content is a tuple, replaced (by ops.zones only) when it changes: clones share them.
    """

    zones: list[dict[Zone, tuple[int, ...]]]
    circles: list[dict[Circle, tuple[int, ...]]]
    key: int | None = None          # the board's part of the state hash; None after a change

    @staticmethod
    def empty() -> Board:
        """Return a board with every zone and the VC and five RCs of both players empty."""
        return Board(
            zones=[{z: () for z in LIST_ZONES} for _ in range(2)],
            circles=[{c: () for c in (Circle.VC, *REAR_CIRCLES)} for _ in range(2)],
        )

    def copy(self) -> Board:
        """Return an independent copy: the zones' contents are tuples, shared until replaced."""
        return Board(zones=[dict(side) for side in self.zones],
                     circles=[dict(side) for side in self.circles], key=self.key)


@dataclass(slots=True)
class TurnState:
    """Whose turn, which phase and step, and the per-turn counters (CORE-04..08)."""

    turn: int = 0
    player: int = 0
    first_player: int = 0
    phase: Phase = Phase.SETUP
    step: BattleStep | None = None
    stage: int = 0                       # progress inside a phase (set-up stages, end phase)
    rode: bool = False                   # CORE-05: one normal ride per turn
    orders_played: list[int] = field(default_factory=lambda: [0, 0])   # CORE-08
    grade3_at_start: list[bool] = field(default_factory=lambda: [False, False])   # STR-04
    decisions_this_turn: int = 0


@dataclass(slots=True)
class Battle:
    """The battle in progress (CORE-09..13)."""

    attacker: int
    target: int
    player: int
    booster: int = -1
    guardians: dict[int, int] = field(default_factory=dict)   # guardian -> unit it guards
    drives_left: int = 0
    damage_left: int = 0
    hit: bool | None = None
    guard_at_once: int = 0          # ACT-27: calls from hand to GC need this many at once
    guard_group: list[int] = field(default_factory=list)   # ACT-27: cards chosen to go together
    co_attacker: int = -1           # LEG-11: the legion mate attacking with the leader

    def copy(self) -> Battle:
        """Return an independent copy."""
        return Battle(self.attacker, self.target, self.player, self.booster, dict(self.guardians),
                      self.drives_left, self.damage_left, self.hit, self.guard_at_once,
                      list(self.guard_group), self.co_attacker)


@dataclass(slots=True)
class PendingAuto:
    """A triggered auto ability waiting for the check timing (CORE-18)."""

    source: int
    obj: int
    card_id: str
    index: int
    player: int
    context: tuple[tuple[str, int], ...] = ()


@dataclass(slots=True)
class Frame:
    """One ability (or trigger) being resolved, running or paused for a decision (STYLE §5).

    `stage` is 0 before the condition, cost and limit checks, 1 while the cost's cards are
    decided (pc over the cost steps), 2 while the effect resolves (CORE-19).
    """

    source: int
    card_id: str
    index: int                      # ability index; negative: a built-in frame (effects.builtin)
    master: int
    pc: int = 0
    stage: int = 0
    bound: dict[str, tuple[int, ...]] = field(default_factory=dict)
    picks: list[int] = field(default_factory=list)
    context: tuple[tuple[str, int], ...] = ()
    is_order: bool = False          # a played order goes to the drop or order zone after (CORE-08)
    loop: list[int] = field(default_factory=list)      # repetition counters of a running step
    used: list[int] = field(default_factory=list)      # ACT-28: targets chosen by earlier rounds
    each_total: int = -1                               # ACT-28: count of the running for_each
    revealed: list[int] = field(default_factory=list)  # ACT-09: shown until this frame ends
    calling: list[int] = field(default_factory=list)   # ACT-07: cards of a superior call
    circles: list[str] = field(default_factory=list)   # ACT-07: their chosen circles, in order
    cost_choices: list[tuple[int, ...]] = field(default_factory=list)  # CORE-19: decided cost
                                                                        # cards, paid at once
    # CORE-20: a bound name remembers the object each of its cards was when named
    # (facts.remember); later steps find only the cards still that object (facts.recall). No
    # entry: not cards (a declared name's index).
    bound_obj: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # The objects the running step's own `target` names had when it began: while the step
    # is paused its references follow what it moved, and get these back when it ends
    # (runtime.run_step).
    following: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def copy(self) -> Frame:
        """Return an independent copy."""
        return Frame(self.source, self.card_id, self.index, self.master, self.pc, self.stage,
                     dict(self.bound), list(self.picks), self.context, self.is_order,
                     list(self.loop), list(self.used), self.each_total, list(self.revealed),
                     list(self.calling), list(self.circles), list(self.cost_choices),
                     dict(self.bound_obj), dict(self.following))

    def ctx(self, key: str, default: int = -1) -> int:
        """Return a value the event or the rules gave this frame (e.g. "guarding")."""
        for k, v in self.context:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """An effect applied for a period to whatever its scope covers at each read (DESIGN.md
    "Values are derived"): persona ride's front row (CORE-05), a boost (CORE-09), a legion
    mate's power (LEG-14), and effects that say "during this turn, your units ...".

    `scope` is a selector of `continuous.scopes`, seen from `player` and re-evaluated on every
    read; the scope "unit" covers only `unit` while it stays object `unit_obj` (CORE-20).
    `amount_of` >= 0 makes the amount the current power of that card while it stays object
    `amount_obj` on a circle: a booster that leaves stops boosting (seed 000 §1.3.2).
    """

    player: int
    scope: str
    stat: Stat
    amount: int = 0
    until: Duration = Duration.END_OF_TURN
    turn: int = 0
    source: int = -1                                   # TERM-02; -1: the rules
    where: tuple[tuple[str, object], ...] = ()
    unit: int = -1
    unit_obj: int = -1
    amount_of: int = -1
    amount_obj: int = -1
    value: object = None                               # an ability (card id, index) for GRANT


# Frame.index values of the rules' own frames (steps in effects.builtin).
TRIGGER_INDEX = -1
GIFT_INDEX = -2
RIDE_DECK_INDEX = -3
MULLIGAN_INDEX = -4
ALCHEMAGIC_INDEX = -5
STRIDE_INDEX = -6
G_GUARDIAN_INDEX = -7
SEEK_MATE_INDEX = -8


class EventLog:
    """The append-only log of a game's events, shared with its clones (issue 10): a fork
    freezes what was logged so far into a chunk both games keep, and each appends to its own
    tail. Reads like a list: len, index, slice, iteration, `in`, ==."""

    __slots__ = ("_chunks", "_ends", "_tail")

    def __init__(self, events: list[object] | None = None) -> None:
        self._chunks: tuple[tuple[object, ...], ...] = ()
        self._ends: tuple[int, ...] = ()          # cumulative sizes of the chunks
        self._tail: list[object] = list(events or ())

    def fork(self) -> EventLog:
        """Return a log that shares everything logged so far; both go on independently."""
        if self._tail:
            self._chunks = (*self._chunks, tuple(self._tail))
            self._ends = (*self._ends, len(self))
            self._tail = []
        other = EventLog.__new__(EventLog)
        other._chunks, other._ends, other._tail = self._chunks, self._ends, []
        return other

    def append(self, event: object) -> None:
        """Log one event."""
        self._tail.append(event)

    def _frozen(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __len__(self) -> int:
        return self._frozen() + len(self._tail)

    def __iter__(self) -> Iterator[object]:
        return chain(*self._chunks, self._tail)

    def __contains__(self, event: object) -> bool:
        return event in self._tail or any(event in chunk for chunk in self._chunks)

    def __getitem__(self, index: int | slice) -> Any:
        frozen = self._frozen()
        if isinstance(index, slice):
            start = index.start if index.start is not None else 0
            if index.step is None and start >= frozen and index.stop is None:
                return self._tail[start - frozen:]    # a batch's events: always in the tail
            return list(self)[index]
        if index < 0:
            index += len(self)
        if index >= frozen:
            return self._tail[index - frozen]
        if index < 0:
            raise IndexError("event log index out of range")
        chunk = bisect_right(self._ends, index)
        return self._chunks[chunk][index - (self._ends[chunk - 1] if chunk else 0)]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({len(self)} events)"


class GameRandom:
    """The game's numpy generator, copied cheaply (issue 10): a fork keeps only the generator's
    state and builds a Generator the first time it draws (random draws are rare: shuffles,
    the first player, random discards). Every random draw of a game goes through it (TERM-04)."""

    __slots__ = ("_generator", "_snapshot", "_state")

    def __init__(self, seed: int | np.random.SeedSequence | None = None,
                 state: Any = None) -> None:
        self._generator = np.random.default_rng(seed) if state is None else None
        self._state = state
        self._snapshot: Any = state             # the state as of the last draw (or None)

    @property
    def generator(self) -> np.random.Generator:
        """The numpy Generator itself (built from the saved state on first use)."""
        if self._generator is None:
            bit = np.random.PCG64(_SEEDLESS)
            bit.state = self._state
            self._generator, self._state = np.random.Generator(bit), None
        return self._generator

    @property
    def bit_generator(self) -> np.random.BitGenerator:
        """The generator's bit generator (its `state` is what save/load and the hash read)."""
        return self.generator.bit_generator

    def fork(self) -> GameRandom:
        """Return an independent copy that will draw the same numbers."""
        return GameRandom(state=self.state_snapshot())

    def state_snapshot(self) -> Any:
        """Return the generator's state (a dict of ints and a name) without building one; kept
        until the next draw (the state hash reads it at every call)."""
        if self._snapshot is None:
            self._snapshot = self.generator.bit_generator.state
        return self._snapshot

    def integers(self, *args: Any, **kwargs: Any) -> Any:
        """numpy Generator.integers."""
        self._snapshot = None
        return self.generator.integers(*args, **kwargs)

    def permutation(self, n: int) -> np.ndarray:
        """numpy Generator.permutation."""
        self._snapshot = None
        return self.generator.permutation(n)

    def choice(self, *args: Any, **kwargs: Any) -> Any:
        """numpy Generator.choice."""
        self._snapshot = None
        return self.generator.choice(*args, **kwargs)


# A fixed seed sequence to build a PCG64 whose state is then replaced (seeding from the OS
# entropy pool cost 10 µs per fork).
_SEEDLESS = np.random.SeedSequence(0)


@dataclass(slots=True)
class State:
    """Everything one game is, besides the esper components of its cards."""

    db: CardDB
    rules: FormatRules
    rng: GameRandom
    board: Board
    defs: list[CardDef | None]                 # printed data by entity id (shared, immutable)
    turn: TurnState = field(default_factory=TurnState)
    battle: Battle | None = None
    stack: list[Frame] = field(default_factory=list)
    pending_autos: list[PendingAuto] = field(default_factory=list)
    decision: Decision | None = None
    answer: Action | None = None
    events: EventLog = field(default_factory=EventLog)
    over: bool = False
    winner: int | None = None
    end_reason: str = ""
    end_code: str = ""
    next_obj: int = 1
    once_used: set[tuple[int, str, int]] = field(default_factory=set)   # (object, card id, index)
    force: list[dict[Circle, int]] = field(default_factory=lambda: [{}, {}])   # CORE-15
    watchers: dict[type, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    deleted: set[int] = field(default_factory=set)                   # CORE-21
    decks: tuple[object, object] = (None, None)
    source: int = -1                   # TERM-02: the card whose effect is resolving; -1: the rules
    grants: set[int] = field(default_factory=set)     # ACT-22: cards that were given abilities
    revealed: set[int] = field(default_factory=set)   # ACT-09: hidden cards shown to both players
    from_ride_deck: set[int] = field(default_factory=set)   # OD-08: field cards from ride deck
    # A card moved (or a battle ended) since the last rule-action check: only that can make a
    # rule action apply (CORE-16, CORE-17, PRI-04), so the check is skipped otherwise.
    dirty: bool = True
    used_this_game: set[int] = field(default_factory=set)   # LEG-01, LEG-04: Seek Mate objects
    # IKK-01: states of a player given by abilities for a period: (name, until, turn made).
    player_states: list[list[tuple[str, Duration, int]]] = field(
        default_factory=lambda: [[], []])
    # Continuous effects with a scope re-evaluated on each read (continuous.values); immutable
    # records in a tuple, replaced on change, so clones share them.
    continuous: tuple[ContinuousEffect, ...] = ()
    # Printed cont abilities by what they change: stat -> ((entity, zones where valid, whether
    # they change only the card itself), ...); copy on write like `watchers`: clones share it.
    cont_index: dict[Stat, tuple[tuple[int, frozenset[Zone], bool], ...]] = field(
        default_factory=dict)
    once_per_game: set[tuple[int, str, int]] = field(default_factory=set)  # (player, id, index)
    legion_history: set[int] = field(default_factory=set)   # LEG-01: objects ever in legion
    batch_depth: int = 0                      # open ops.events.batch contexts (0 between ticks)
    # TOK-03, STR-12: within the open batch, the zone a card arrived in before the rules moved
    # it on at once (a token to the removed zone, a G unit to the G zone); empty between ticks.
    passed: dict[int, Zone] = field(default_factory=dict)
    deriving: int = 0                         # depth of derived-value reads (recursion guard)
    # Copy-on-write bookkeeping of clones (world.own): the entities whose components are this
    # game's alone, and whether esper's component index is.
    owned: set[int] = field(default_factory=set)
    owns_index: bool = False
    # The incremental state hash (hashing.py): entities written since the last hash, each
    # entity's last key, their exclusive-or, and whether the key cache is shared with a clone.
    rehash: set[int] = field(default_factory=set)
    entity_hashes: dict[int, int] = field(default_factory=dict)
    hash_acc: int = 0
    hash_shared: bool = False
    modified: set[int] = field(default_factory=set)    # entities that may carry modifiers

    def new_object_id(self) -> int:
        """Return a fresh object id (CORE-20)."""
        self.next_obj += 1
        return self.next_obj

    def card(self, entity: int) -> CardDef:
        """Return the printed data of an entity."""
        d = self.defs[entity]
        assert d is not None
        return d


def new_state(db: CardDB, rules: FormatRules, seed: int | np.random.SeedSequence) -> State:
    """Return the State of a game with nothing on the board yet, its generator seeded."""
    return State(db=db, rules=rules, rng=GameRandom(seed), board=Board.empty(), defs=[None])
