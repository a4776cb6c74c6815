"""The per-game singletons: Board, TurnState, Battle, continuous effects, pending work, event
log and generator; the State that holds them, and the engine's bookkeeping beside it.

All plain data. Every field of `State` and of `Bookkeeping` declares the rule a clone copies it
by (`cloned(...)`: shared, copied, each item copied, forked, fresh); a field that declares none
is refused when the class is made, so nothing is ever shared between clones by oversight
(docs/design.md "State is plain data, cloned by rule").
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import MISSING, dataclass, field, fields
from itertools import chain
from typing import Any

import numpy as np

from components.frozen import Frozen
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.cards.table import CardTable
from ecs_vanguard.state.rule_modifiers import RuleModifier
from ecs_vanguard.vocab.decisions import Action, Decision
from ecs_vanguard.vocab.formats import BattleStep, Duration, FormatRules, Phase, Stat
from ecs_vanguard.vocab.zones import LIST_ZONES, REAR_CIRCLES, Circle, Zone


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

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    def __init__(self, zones: list[dict[Zone, tuple[int, ...]]],
                 circles: list[dict[Circle, tuple[int, ...]]], key: int | None = None) -> None:
        self.zones = zones
        self.circles = circles
        self.key = key

    @staticmethod
    def empty() -> Board:
        """Return a board with every zone and the VC and five RCs of both players empty."""
        return Board(
            zones=[{z: () for z in LIST_ZONES} for _ in range(2)],
            circles=[{c: () for c in (Circle.VC, *REAR_CIRCLES)} for _ in range(2)],
        )

    def copy(self) -> Board:
        """Return an independent copy: the zones' contents are tuples, shared until replaced."""
        (zones0, zones1), (circles0, circles1) = self.zones, self.circles    # two players
        return Board([zones0.copy(), zones1.copy()], [circles0.copy(), circles1.copy()], self.key)


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

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    def __init__(self, turn: int = 0, player: int = 0, first_player: int = 0,
                 phase: Phase = Phase.SETUP, step: BattleStep | None = None, stage: int = 0,
                 rode: bool = False, orders_played: list[int] | None = None,
                 grade3_at_start: list[bool] | None = None, decisions_this_turn: int = 0) -> None:
        self.turn = turn
        self.player = player
        self.first_player = first_player
        self.phase = phase
        self.step = step
        self.stage = stage
        self.rode = rode
        self.orders_played = [0, 0] if orders_played is None else orders_played
        self.grade3_at_start = [False, False] if grade3_at_start is None else grade3_at_start
        self.decisions_this_turn = decisions_this_turn

    def copy(self) -> TurnState:
        """Return an independent copy."""
        return TurnState(self.turn, self.player, self.first_player, self.phase, self.step,
                         self.stage, self.rode, list(self.orders_played),
                         list(self.grade3_at_start), self.decisions_this_turn)


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

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    def __init__(self, attacker: int, target: int, player: int, booster: int = -1,
                 guardians: dict[int, int] | None = None, drives_left: int = 0,
                 damage_left: int = 0, hit: bool | None = None, guard_at_once: int = 0,
                 guard_group: list[int] | None = None, co_attacker: int = -1) -> None:
        self.attacker = attacker
        self.target = target
        self.player = player
        self.booster = booster
        self.guardians = {} if guardians is None else guardians
        self.drives_left = drives_left
        self.damage_left = damage_left
        self.hit = hit
        self.guard_at_once = guard_at_once
        self.guard_group = [] if guard_group is None else guard_group
        self.co_attacker = co_attacker

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

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    def __init__(self, source: int, obj: int, card_id: str, index: int, player: int,
                 context: tuple[tuple[str, int], ...] = ()) -> None:
        self.source = source
        self.obj = obj
        self.card_id = card_id
        self.index = index
        self.player = player
        self.context = context


@dataclass(slots=True)
class Frame:
    """One ability (or trigger) being resolved, running or paused for a decision.

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
    # The circle each name a `circle_of` reads ("self" or a bound name) was last seen on, kept
    # before every step, so that a later step may call onto it after the card left (Time Leap).
    bound_circle: dict[str, str] = field(default_factory=dict)

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    def __init__(self, source: int, card_id: str, index: int, master: int, pc: int = 0,
                 stage: int = 0, bound: dict[str, tuple[int, ...]] | None = None,
                 picks: list[int] | None = None, context: tuple[tuple[str, int], ...] = (),
                 is_order: bool = False, loop: list[int] | None = None,
                 used: list[int] | None = None, each_total: int = -1,
                 revealed: list[int] | None = None, calling: list[int] | None = None,
                 circles: list[str] | None = None,
                 cost_choices: list[tuple[int, ...]] | None = None,
                 bound_obj: dict[str, tuple[int, ...]] | None = None,
                 following: dict[str, tuple[int, ...]] | None = None,
                 bound_circle: dict[str, str] | None = None) -> None:
        self.source = source
        self.card_id = card_id
        self.index = index
        self.master = master
        self.pc = pc
        self.stage = stage
        self.bound = {} if bound is None else bound
        self.picks = [] if picks is None else picks
        self.context = context
        self.is_order = is_order
        self.loop = [] if loop is None else loop
        self.used = [] if used is None else used
        self.each_total = each_total
        self.revealed = [] if revealed is None else revealed
        self.calling = [] if calling is None else calling
        self.circles = [] if circles is None else circles
        self.cost_choices = [] if cost_choices is None else cost_choices
        self.bound_obj = {} if bound_obj is None else bound_obj
        self.following = {} if following is None else following
        self.bound_circle = {} if bound_circle is None else bound_circle

    def copy(self) -> Frame:
        """Return an independent copy."""
        return Frame(self.source, self.card_id, self.index, self.master, self.pc, self.stage,
                     dict(self.bound), list(self.picks), self.context, self.is_order,
                     list(self.loop), list(self.used), self.each_total, list(self.revealed),
                     list(self.calling), list(self.circles), list(self.cost_choices),
                     dict(self.bound_obj), dict(self.following), dict(self.bound_circle))

    def ctx(self, key: str, default: int = -1) -> int:
        """Return a value the event or the rules gave this frame (e.g. "guarding")."""
        for k, v in self.context:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class ContinuousEffect(Frozen):
    """An effect applied for a period to whatever its scope covers at each read (docs/design.md
    "Values are derived"): persona ride's front row (CORE-05), a boost (CORE-09), a legion
    mate's power (LEG-14), and effects that say "during this turn, your units ...".

    `scope` is a selector of `derived.scopes`, seen from `player` and re-evaluated on every
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

    # Written out, as components.Modifier's (issue 18); pickled through it (Frozen).
    def __init__(self, player: int, scope: str, stat: Stat, amount: int = 0,
                 until: Duration = Duration.END_OF_TURN, turn: int = 0, source: int = -1,
                 where: tuple[tuple[str, object], ...] = (), unit: int = -1, unit_obj: int = -1,
                 amount_of: int = -1, amount_obj: int = -1, value: object = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "scope", scope)
        object.__setattr__(self, "stat", stat)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "until", until)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "where", where)
        object.__setattr__(self, "unit", unit)
        object.__setattr__(self, "unit_obj", unit_obj)
        object.__setattr__(self, "amount_of", amount_of)
        object.__setattr__(self, "amount_obj", amount_obj)
        object.__setattr__(self, "value", value)


@dataclass(frozen=True, slots=True)
class DelayedEffect:
    """A delayed effect waiting for its moment ("at the end of that battle, put those cards on
    the bottom of your deck"): made by a card's `delay` step, it fires once, at the first
    beginning of phase or step `at` after it was made, as an auto of its maker's controller
    (CORE-18), and runs the delay step's own steps (`pc`: that step's place among the ability's
    cost and effect steps) on the cards the ability had bound then, as the objects they were
    (CORE-20), and with the circles it had remembered for `circle_of`; a card moved by the
    rules at that moment itself (the close step's guardians) is followed to where it went
    (ops.timing). Immutable: State.delayed is replaced on change."""

    id: int
    player: int
    source: int                     # the card whose ability made it (TERM-02)
    card_id: str
    ability: int                    # that ability's index on the card
    pc: int
    at: str                         # a phase or step name (ops.timing.MOMENTS)
    turn: int
    names: tuple[str, ...] = ()
    cards: tuple[tuple[int, ...], ...] = ()
    objs: tuple[tuple[int, ...], ...] = ()
    turn_player: int = -1           # whose phase or step it waits for; -1: either player's
    context: tuple[tuple[str, int], ...] = ()    # the making frame's (an auto's event cards)
    fired: bool = False             # triggered: waiting to be played, no longer to fire
    # The circles the making frame remembered for `circle_of` (name, "owner:circle"): "call
    # it back to the circle this unit was on" still knows that circle when the unit is gone.
    circles: tuple[tuple[str, str], ...] = ()


# Frame.index values of the rules' own frames (steps in effects.builtin).
TRIGGER_INDEX = -1
GIFT_INDEX = -2
RIDE_DECK_INDEX = -3
MULLIGAN_INDEX = -4
ALCHEMAGIC_INDEX = -5
STRIDE_INDEX = -6
G_GUARDIAN_INDEX = -7
SEEK_MATE_INDEX = -8
DELAYED_INDEX = -9              # a delayed effect's frame (ops.timing, context "delayed": its id)


class EventLog:
    """The append-only log of a game's events, shared with its clones (issue 10): a fork
    freezes what was logged so far into a chunk both games keep, and each appends to its own
    tail. Reads like a list: len, index, slice, iteration, reversed, `in`, ==."""

    __slots__ = ("_base", "_chunks", "_ends", "_tail")

    def __init__(self, events: list[object] | None = None) -> None:
        self._chunks: tuple[tuple[object, ...], ...] = ()
        self._ends: tuple[int, ...] = ()          # cumulative sizes of the chunks
        self._base = 0                            # their total: len() runs at every batch
        self._tail: list[object] = list(events or ())

    def fork(self) -> EventLog:
        """Return a log that shares everything logged so far; both go on independently."""
        if self._tail:
            self._chunks = (*self._chunks, tuple(self._tail))
            self._base = len(self)
            self._ends = (*self._ends, self._base)
            self._tail = []
        other = EventLog.__new__(EventLog)
        other._chunks, other._ends, other._base, other._tail = (
            self._chunks, self._ends, self._base, [])
        return other

    def append(self, event: object) -> None:
        """Log one event."""
        self._tail.append(event)

    def __len__(self) -> int:
        return self._base + len(self._tail)

    def __iter__(self) -> Iterator[object]:
        return chain(*self._chunks, self._tail)

    def __reversed__(self) -> Iterator[object]:
        """Newest first (written out: a compiled class gives `reversed` no sequence protocol
        to fall back on)."""
        return chain(reversed(self._tail), *(reversed(chunk) for chunk in reversed(self._chunks)))

    def __contains__(self, event: object) -> bool:
        return event in self._tail or any(event in chunk for chunk in self._chunks)

    def since(self, start: int) -> list[object]:
        """The events logged from index `start` on (`log[start:]`, without the slice object
        whose attributes cost a compiled caller three look-ups: a batch reads its events at
        every close, issue 34)."""
        frozen = self._base
        if start >= frozen:
            return self._tail[start - frozen:]      # a batch's events: always in the tail
        return list(self)[start:]

    def __getitem__(self, index: int | slice) -> Any:
        frozen = self._base
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
        # default_rng(seed) is this Generator, built after checks that cost a fifth more.
        self._generator = np.random.Generator(np.random.PCG64(seed)) if state is None else None
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


# -- cloning by rule ----------------------------------------------------------------------
# How a clone copies a field. Each rule is a plain function of the field's value; FRESH gives
# the clone the field's default instead (work that is only ever open inside a tick).


def _shared(value: Any) -> Any:
    """Immutable, or replaced (never written) on change: both games keep the same object."""
    return value


def _copied(value: Any) -> Any:
    """A container written in place: the clone gets its own (shallow) copy."""
    return value.copy()


def _each_copied(value: Any) -> Any:
    """A list of containers written in place: the list and each item copied."""
    return [item.copy() for item in value]


def _copied_or_none(value: Any) -> Any:
    return None if value is None else value.copy()


def _forked(value: Any) -> Any:
    """Shared until either writes (the event log, the generator): `fork()`."""
    return value.fork()


def _shared_from_now(value: bool) -> bool:
    """True in the clone: what it names is shared with the original from now on."""
    return True


def FRESH(value: Any) -> Any:
    """The field's default, as a new game has it (work only ever open inside a tick)."""
    raise AssertionError("FRESH is replaced by the field's default in clone_rules")


SHARED, COPIED, EACH_COPIED, COPIED_OR_NONE, FORKED = (
    _shared, _copied, _each_copied, _copied_or_none, _forked)


def cloned(rule: Callable[[Any], Any], default: Any = MISSING,
           default_factory: Any = MISSING) -> Any:
    """Declare a dataclass field with the rule a clone copies it by."""
    return field(default=default, default_factory=default_factory,
                 metadata={"clone": rule})


def clone_rules(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """Return (field name, copy rule) for every field of `cls`, FRESH made the field's default.

    Raises:
        TypeError: a field declares no clone rule (declare it with `cloned(...)`).
    """
    out: list[tuple[str, Callable[[Any], Any]]] = []
    for f in fields(cls):
        if "clone" not in f.metadata:
            raise TypeError(f"{cls.__name__}.{f.name} declares no clone rule: declare it with "
                            "cloned(SHARED | COPIED | EACH_COPIED | FORKED | FRESH, ...)")
        rule = f.metadata["clone"]
        if rule is FRESH:
            rule = _default_of(f)
        out.append((f.name, rule))
    return tuple(out)


class _Default:
    """FRESH made concrete for one field: its default, or a new one from its factory."""

    __slots__ = ("default", "factory")

    def __init__(self, default: Any, factory: Any) -> None:
        self.default, self.factory = default, factory

    def __call__(self, value: Any) -> Any:
        return self.factory() if self.factory is not None else self.default


def _default_of(f: Any) -> Callable[[Any], Any]:
    if f.default_factory is not MISSING:
        return _Default(None, f.default_factory)
    return _Default(f.default, None)


@dataclass(slots=True)
class Bookkeeping:
    """The engine's own bookkeeping of one game, beside the rules' data: what makes reads,
    hashes and clones fast. None of it is a fact of the game."""

    # A card moved (or a battle ended) since the last rule-action check: only that can make a
    # rule action apply (CORE-16, CORE-17, PRI-04), so the check is skipped otherwise.
    dirty: bool = cloned(SHARED, default=True)
    # Narrower, and no fact of the game (neither hashed nor saved: True after a load): since the
    # last check, a change that can make a rule action apply (ops.zones: a second unit on an
    # RC, a card to GC or the damage zone, a deck emptied, a card made, any move while a card
    # is imprisoned; the close step: guardians outside a battle). Without one, a due check
    # would find nothing, so RuleProcessSystem skips it (CORE-17).
    rule_check_due: bool = cloned(SHARED, default=True)
    modified: set[int] = cloned(COPIED, default_factory=set)   # may carry modifiers
    # Printed auto abilities by the event they wait for: event type -> ((entity, index, zones
    # where the ability is valid), ...);
    # replaced, never written, on change (ops.watch): clones share them.
    watchers: dict[type, tuple[tuple[int, int, frozenset[Zone]], ...]] = cloned(
        SHARED, default_factory=dict)
    # Printed cont abilities by what they change: stat -> ((entity, zones where valid, whether
    # they change only the card itself), ...); copy on write like `watchers`.
    cont_index: dict[Stat, tuple[tuple[int, frozenset[Zone], bool], ...]] = cloned(
        SHARED, default_factory=dict)
    batch_depth: int = cloned(FRESH, default=0)   # open ops.batch contexts (0 between ticks)
    # TOK-03, STR-12: within the open batch, the zone a card arrived in before the rules moved
    # it on at once (a token to the removed zone, a G unit to the G zone); empty between ticks.
    passed: dict[int, Zone] = cloned(FRESH, default_factory=dict)
    deriving: int = cloned(FRESH, default=0)     # depth of derived-value reads (recursion guard)
    # Copy on write of clones (world.own): the entities whose components are this game's
    # alone, and whether esper's component index is.
    owned: set[int] = cloned(FRESH, default_factory=set)
    owns_index: bool = cloned(FRESH, default=False)
    # The incremental state hash (hashing.py): entities written since the last hash, each
    # entity's last key, their exclusive-or, and whether the key cache is shared with a clone.
    # `rehash_before`: those written before this game was last cloned, and not hashed since.
    # A clone moves the original's `rehash` there, and the two games share it: in a game never
    # hashed `rehash` names every card, which each clone copied (issue 34).
    rehash: set[int] = cloned(FRESH, default_factory=set)
    rehash_before: frozenset[int] = cloned(SHARED, default=frozenset())
    entity_hashes: dict[int, int] = cloned(SHARED, default_factory=dict)
    hash_acc: int = cloned(SHARED, default=0)
    hash_shared: bool = cloned(_shared_from_now, default=False)


def _clone_bookkeeping(s: Bookkeeping) -> Bookkeeping:
    """The bookkeeping of a clone, each field by the rule it declares above. Written out in
    this compiled module, where each line is a native read and store: a clone is what tree
    search pays for (issue 34: 2.4x faster than the function generated from the rules at
    import, which ran interpreted). tests/engine/test_structure.py checks it against the rules
    declared, field by field."""
    c = Bookkeeping.__new__(Bookkeeping)      # a compiled class refuses object.__new__
    c.dirty = s.dirty
    c.rule_check_due = s.rule_check_due
    c.modified = set(s.modified)
    c.watchers = s.watchers
    c.cont_index = s.cont_index
    c.batch_depth = 0
    c.passed = {}
    c.deriving = 0
    c.owned = set()
    c.owns_index = False
    if s.rehash:           # frozen once, then shared by the original and all its clones
        s.rehash_before = s.rehash_before.union(s.rehash) if s.rehash_before else frozenset(s.rehash)
        s.rehash = set()
    c.rehash = set()
    c.rehash_before = s.rehash_before
    c.entity_hashes = s.entity_hashes
    c.hash_acc = s.hash_acc
    c.hash_shared = True
    return c


@dataclass(slots=True)
class State:
    """Everything one game is, besides the esper components of its cards: the rules' data, and
    the engine's bookkeeping in `engine`."""

    db: CardTable = cloned(SHARED)
    rules: FormatRules = cloned(SHARED)
    rng: GameRandom = cloned(FORKED)
    board: Board = cloned(COPIED)
    defs: list[CardDef | None] = cloned(SHARED)   # printed data by entity id (replaced)
    turn: TurnState = cloned(COPIED, default_factory=TurnState)
    battle: Battle | None = cloned(COPIED_OR_NONE, default=None)
    stack: list[Frame] = cloned(EACH_COPIED, default_factory=list)
    pending_autos: list[PendingAuto] = cloned(COPIED, default_factory=list)
    decision: Decision | None = cloned(SHARED, default=None)
    answer: Action | None = cloned(SHARED, default=None)
    events: EventLog = cloned(FORKED, default_factory=EventLog)
    over: bool = cloned(SHARED, default=False)
    winner: int | None = cloned(SHARED, default=None)
    end_reason: str = cloned(SHARED, default="")
    end_code: str = cloned(SHARED, default="")
    next_obj: int = cloned(SHARED, default=1)
    # CORE-19: (object, card id, index) of the 1/Turn abilities used this turn.
    once_used: set[tuple[int, str, int]] = cloned(COPIED, default_factory=set)
    force: list[dict[Circle, int]] = cloned(EACH_COPIED,   # CORE-15
                                            default_factory=lambda: [{}, {}])
    deleted: set[int] = cloned(COPIED, default_factory=set)                # CORE-21
    decks: tuple[object, object] = cloned(SHARED, default=(None, None))
    # TERM-02: the card whose effect is resolving; -1: the rules.
    source: int = cloned(SHARED, default=-1)
    grants: set[int] = cloned(COPIED, default_factory=set)     # ACT-22: cards given abilities
    revealed: set[int] = cloned(COPIED, default_factory=set)   # ACT-09: hidden cards shown
    from_ride_deck: set[int] = cloned(COPIED, default_factory=set)   # OD-08: from the ride deck
    used_this_game: set[int] = cloned(COPIED, default_factory=set)   # LEG-01, LEG-04: Seek Mate
    # IKK-01: states of a player given by abilities for a period: (name, until, turn made).
    player_states: list[list[tuple[str, Duration, int]]] = cloned(
        EACH_COPIED, default_factory=lambda: [[], []])
    # Continuous effects with a scope re-evaluated on each read (derived.values); immutable
    # records in a tuple, replaced on change, so clones share them.
    continuous: tuple[ContinuousEffect, ...] = cloned(SHARED, default=())
    # (player, card id, index) of the once-per-game abilities used.
    once_per_game: set[tuple[int, str, int]] = cloned(COPIED, default_factory=set)
    legion_history: set[int] = cloned(COPIED, default_factory=set)   # LEG-01: ever in legion
    # Rule modifiers (derived.rule_modifiers): immutable records in a tuple, replaced on
    # change, so clones share them.
    rule_modifiers: tuple[RuleModifier, ...] = cloned(SHARED, default=())
    # Delayed effects made and not yet played (ops.timing); replaced on change: shared.
    delayed: tuple[DelayedEffect, ...] = cloned(SHARED, default=())
    # What each ability did this turn: (object of its card, card id, ability index) -> sorted
    # ((what, count), ...) ("if no unit was retired by this unit's effect this turn"); kept
    # only in games whose cards read it (ops.timing), cleared at the end of the turn.
    ability_records: dict[tuple[int, str, int], tuple[tuple[str, int], ...]] = cloned(
        COPIED, default_factory=dict)
    engine: Bookkeeping = cloned(_clone_bookkeeping, default_factory=Bookkeeping)

    def new_object_id(self) -> int:
        """Return a fresh object id (CORE-20)."""
        self.next_obj += 1
        return self.next_obj

    def card(self, entity: int) -> CardDef:
        """Return the printed data of an entity."""
        d = self.defs[entity]
        assert d is not None
        return d


def clone_state(state: State) -> State:
    """Return a State for a clone: every field of the rules' data and of the bookkeeping copied
    by the rule it declares (copy-on-write parts shared, containers written in place copied).
    Written out like _clone_bookkeeping, and checked against the rules the same way."""
    s = state
    c = State.__new__(State)
    c.db = s.db
    c.rules = s.rules
    c.rng = s.rng.fork()
    c.board = s.board.copy()
    c.defs = s.defs
    c.turn = s.turn.copy()
    c.battle = None if s.battle is None else s.battle.copy()
    c.stack = [frame.copy() for frame in s.stack]
    c.pending_autos = list(s.pending_autos)
    c.decision = s.decision
    c.answer = s.answer
    c.events = s.events.fork()
    c.over = s.over
    c.winner = s.winner
    c.end_reason = s.end_reason
    c.end_code = s.end_code
    c.next_obj = s.next_obj
    c.once_used = set(s.once_used)
    c.force = [dict(circles) for circles in s.force]
    c.deleted = set(s.deleted)
    c.decks = s.decks
    c.source = s.source
    c.grants = set(s.grants)
    c.revealed = set(s.revealed)
    c.from_ride_deck = set(s.from_ride_deck)
    c.used_this_game = set(s.used_this_game)
    c.player_states = [list(states) for states in s.player_states]
    c.continuous = s.continuous
    c.once_per_game = set(s.once_per_game)
    c.legion_history = set(s.legion_history)
    c.rule_modifiers = s.rule_modifiers
    c.delayed = s.delayed
    c.ability_records = dict(s.ability_records)
    c.engine = _clone_bookkeeping(s.engine)
    return c


def new_state(db: CardTable, rules: FormatRules, seed: int | np.random.SeedSequence) -> State:
    """Return the State of a game with nothing on the board yet, its generator seeded."""
    return State(db=db, rules=rules, rng=GameRandom(seed), board=Board.empty(), defs=[None])
