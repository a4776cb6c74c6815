"""Game: the facade over one esper world, its State and the systems; thin by design."""

from __future__ import annotations

import collections
import functools
import gc
import os
from collections.abc import Callable
from typing import cast

import esper
import numpy as np

from components import _compiled
from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.game import snapshot
from ecs_vanguard.game.dealing import place_cards, shuffle_and_draw
from ecs_vanguard.game.invariants import check_all
from ecs_vanguard.game.runaway import runaway_reason
from ecs_vanguard.perspective import determinize, encoding
from ecs_vanguard.perspective.gamelog import GameLog
from ecs_vanguard.perspective.view import player_view
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck, check_known_cards, deck_pool, validate_deck
from ecs_vanguard.state import EventLog, State, hashing, new_state, world
from ecs_vanguard.state.core import GameRandom, clone_state
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.decisions import Action, Decision
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError
from ecs_vanguard.vocab.formats import BattleStep, FormatRules, Phase, format_rules
from ecs_vanguard.vocab.limits import TICKS_PER_DECISION

# Module imports, not names: importing `systems` first loads this facade (through the
# package's face) while systems.order is still loading (the fresh-interpreter test).
from systems import order, rule_process

DECISIONS_PER_TURN_LIMIT = 2000     # a game that loops inside one turn ends as a draw


# The decks this process found legal (CORE-02), per format, with the pool they were checked
# against: a simulation plays thousands of games of one matchup and a Gymnasium loop resets to
# the same decks, and checking a deck again was about a fifth of making a game. Decks are frozen
# and pools read-only, so a deck legal once in a format and pool stays legal there; holding the
# pool keeps its identity its own. An illegal deck is never kept: it fails every game.
_LEGAL_DECKS: dict[tuple[Deck, str], CardDB] = {}
_LEGAL_DECKS_KEPT = 128


def _check_deck(deck: object, db: CardDB, rules: FormatRules, format: str,
                validate: bool) -> None:
    """Raise DeckError unless `deck` is a Deck of cards of `db` and, when `validate`, legal in
    the format (CORE-02); a deck found legal before in this format and pool is not checked again."""
    if isinstance(deck, Deck) and _LEGAL_DECKS.get((deck, format)) is db:
        return
    check_known_cards(deck, db)
    if validate:
        validate_deck(cast(Deck, deck), db, rules)
        if len(_LEGAL_DECKS) >= _LEGAL_DECKS_KEPT:
            _LEGAL_DECKS.clear()
        _LEGAL_DECKS[(cast(Deck, deck), format)] = db


class Game:
    """One game of Vanguard between two decks, stepped one decision at a time."""

    _origin: Callable[[], Game] | None      # makes the position `history` starts from
    _history: list[int]                     # the index of every action stepped
    _table: _TableIndices | None            # the pending decision's action-table indices
    _tick: tuple[list, FormatRules, list[esper.Processor], list[int]] | None   # see _new_tick

    def __init__(self, deck0: Deck, deck1: Deck, *, seed: int = 0, format: str = "standard",
                 db: CardDB | None = None, turn_limit: int | None = None,
                 validate: bool = True) -> None:
        """Set up a game (CORE-03) and run it to the first decision (a mulligan). The cards are
        those of `db` (default: the built-in pool) and of the card files the decks name.

        Raises:
            DeckError: a deck is not a Deck, names a card `db` lacks, or breaks the
                construction rules of the format (CORE-02).
            ArgumentError: the seed is not a non-negative integer, the format or the turn
                limit is not one.
        """
        if not _first_game_made[0]:
            _first_game_of_process()
        db = deck_pool((deck0, deck1), db)          # the card files the decks name, on top
        rules = format_rules(format)
        if turn_limit is not None:
            rules = _with_turn_limit(rules, turn_limit)
        check_seed(seed)
        for deck in (deck0, deck1):
            _check_deck(deck, db, rules, format, validate)
        self._world, self.state = _dealt_copy(db, rules, (deck0, deck1))
        self.state.rng = GameRandom(seed)
        self.state.decks = (deck0, deck1)           # the caller's own (the kept deal's are equal)
        self._origin, self._history, self._table, self._tick = None, [], None, None
        shuffle_and_draw(self.state)
        self._run()
        origin: Callable[[], Game] = functools.partial(
            Game, deck0, deck1, seed=seed, format=format, db=db, turn_limit=turn_limit,
            validate=False)
        self._origin = origin

    def _init_state(self, db: CardDB, rules: FormatRules, seed: int | np.random.SeedSequence) -> None:
        self._world = world.new_world(order.build_processors())
        self.state = new_state(db, rules, seed)
        # What log_text() replays: a maker of the first position and the indices stepped since.
        self._origin = None
        self._history = []
        self._table = None
        self._tick = None

    @classmethod
    def _blank(cls, db: CardDB, rules: FormatRules, seed: int) -> Game:
        """Return a game with an empty world and state, for Scenario and from_json."""
        game = cls.__new__(cls)
        game._init_state(db, rules, seed)
        return game

    def __del__(self) -> None:
        name = getattr(self, "_world", None)
        if name is not None:
            try:
                world.drop_world(name)
            except (KeyError, PermissionError, AttributeError, TypeError):
                pass            # interpreter shutdown: esper may already be gone

    # -- the decision loop -------------------------------------------------------------

    def _run(self) -> None:
        """Tick the systems until a decision is pending or the game is over (docs/design.md "The model").

        A game that needs more than `limits.TICKS_PER_DECISION` ticks to reach its next decision
        (a runaway ability, or no progress at all) ends as an engine-limit draw.
        """
        state = self.state
        # esper.process, without what a tick here never needs: the sweep of entities deleted
        # late (none ever is), the systems after one that asked (each would return at once:
        # every system waits while a decision is pending or the game is over), and the systems
        # whose moment never comes in this format (order.acting), worked out once a game.
        since = len(state.events)
        tick = self._tick           # _new_tick, only when the world or the rules changed
        if tick is None or tick[1] is not state.rules or tick[0] != esper._processors:
            tick = self._tick = self._new_tick()
        reached = order.run_to_decision(state, tick[2], tick[3], TICKS_PER_DECISION,
                                        DECISIONS_PER_TURN_LIMIT)
        if reached != order.REACHED:
            self._end_at_limit(reached, since)

    def _end_at_limit(self, reached: int, since: int) -> None:
        """End the game as an engine-limit draw: the ticks ran out (a runaway ability, or no
        progress at all; its events from `since` say which) or the turn passed its decision
        limit."""
        state = self.state
        if reached == order.RUNAWAY:
            rule_process.end_game(state, None, runaway_reason(state, since), "engine_limit")
        elif reached == order.TOO_MANY_DECISIONS:
            rule_process.end_game(state, None, f"decision limit of {DECISIONS_PER_TURN_LIMIT} in one turn",
                                  "decision_limit")

    def _new_tick(self) -> tuple[list, FormatRules, list[esper.Processor], list[int]]:
        """The tick record of this world and rules: a copy of the processors list, the rules
        object, the systems of a tick (order.acting) and how each is called
        (order.native_kinds), worked out once instead of at every decision. `_run` keeps it
        and compares its list (by identity, element by element) and rules at every decision,
        so a world given other processors gets a new tick. A system whose class has its own
        process() runs as a native call; one replaced on the class before the record was made
        is called as a method, so it runs (a game whose record was made before the
        replacement drops it: `game._tick = None`)."""
        processors, rules = esper._processors, self.state.rules
        systems = order.acting(processors, rules)
        return (list(processors), rules, systems, order.native_kinds(systems))

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        return self.state.decision

    def legal_actions(self) -> list[Action]:
        """Return the legal actions of the pending decision (empty when the game is over)."""
        d = self.state.decision
        return list(d.actions) if d is not None else []

    def legal_action_indices(self) -> np.ndarray:
        """Return the action-table index (`encode_action`) of each legal action, in the order of
        `legal_actions()` (empty when the game is over). Worked out once per decision."""
        return np.array(self._table_indices().indices, dtype=np.int64)

    def step(self, action: Action | int) -> None:
        """Apply one action of the pending decision and run to the next decision. `action` is
        an Action of `legal_actions()` or its action-table index (`legal_action_indices()`).

        Raises:
            IllegalActionError: the action is not legal now; the game is unchanged.
        """
        world.switch_to(self._world)                # a loop over one game stays in its world
        state = self.state
        index = order.legal_index(state, action)    # compiled: the usual case in one call
        if index < 0:
            index = self._index_or_refuse(state, action)
        if self._origin is None:                      # a Scenario or a loaded snapshot
            self._keep_start()
        self._history.append(index)
        tick = self._tick
        reached, since = (order.STALE_TICK, 0) if tick is None else order.answer_and_run(
            state, index, tick, TICKS_PER_DECISION, DECISIONS_PER_TURN_LIMIT)
        if reached == order.STALE_TICK:               # a new world, rules or systems: the long way
            decision = state.decision
            assert decision is not None
            state.decision, state.answer = None, decision.actions[index]
            self._run()
        elif reached != order.REACHED:
            self._end_at_limit(reached, since)

    def _index_or_refuse(self, state: State, action: object) -> int:
        """The index of an action given by its table index; IllegalActionError for anything
        not legal now (the game is unchanged)."""
        if state.over:
            raise IllegalActionError(f"the game is over ({state.end_reason}); no action is legal")
        decision = state.decision
        assert decision is not None
        index = -1
        if isinstance(action, int | np.integer) and not isinstance(action, bool):
            index = self._table_indices().position.get(int(action), -1)
        if index < 0:
            shown = action if isinstance(action, Action) else f"action index {action!r:.80}"
            raise IllegalActionError(
                f"{shown} is not legal for the pending {decision.kind.value} decision of "
                f"player {decision.player} ({len(decision.actions)} legal actions)"
            )
        return index

    # -- what users read ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.over

    @property
    def winner(self) -> int | None:
        """The winning player, or None for a draw or an unfinished game."""
        return self.state.winner

    @property
    def end_reason(self) -> str:
        """Why the game ended ('' while it goes on)."""
        return self.state.end_reason

    @property
    def end_code(self) -> str:
        """A short code for the end: damage, deck_out, turn_limit, ... ('' while it goes on)."""
        return self.state.end_code

    @property
    def turn(self) -> int:
        """The turn number (1 is the first player's first turn)."""
        return self.state.turn.turn

    @property
    def turn_player(self) -> int:
        """The player whose turn it is."""
        return self.state.turn.player

    @property
    def first_player(self) -> int:
        """The player who went first (CORE-03)."""
        return self.state.turn.first_player

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self.state.turn.phase

    @property
    def battle_step(self) -> BattleStep | None:
        """The current battle step, or None outside the battle phase."""
        return self.state.turn.step if self.state.turn.phase is Phase.BATTLE else None

    @property
    def events(self) -> EventLog:
        """The structured log of everything that happened (do not mutate)."""
        return self.state.events

    @property
    def db(self) -> CardDB:
        """The card database the game uses."""
        # The State knows its table as the card floor does; a Game is always made with a CardDB.
        return cast(CardDB, self.state.db)

    @property
    def history(self) -> tuple[int, ...]:
        """The index into `legal_actions()` of every action stepped since the game was made."""
        return tuple(self._history)

    def initial(self) -> Game:
        """Return a new game at the position `history` starts from: the set-up of a new game,
        a Scenario's position or a loaded snapshot."""
        start = self._keep_start()()
        start._origin = self._origin
        return start

    def _keep_start(self) -> Callable[[], Game]:
        """Return the maker of the position `history` starts from; a game made without one (a
        Scenario, a snapshot) keeps a frozen copy of itself, once, before it first changes."""
        if self._origin is None:
            self._origin = self._copy()._copy
        return self._origin

    def card(self, entity: int) -> CardDef:
        """Return the printed card (names, grade, power, ...) of a card entity.

        Raises:
            ArgumentError: no card of this game has that entity id.
        """
        defs = self.state.defs
        if type(entity) is not int or not 0 < entity < len(defs) or defs[entity] is None:
            raise ArgumentError(f"no card of this game has entity id {entity!r:.40}")
        return defs[entity]  # type: ignore[return-value]

    def log_text(self) -> str:
        """Return the game so far, move by move, as a Vanguard player reads it: replayed from
        where its history starts, so that the figures of every decision are read (a game that
        replays differently, never expected, keeps only its events)."""
        start = self.initial()
        log = GameLog(start)
        for index in self._history:
            start.step(start.legal_actions()[index])
            log.update(start)
        if start.events != self.events:
            return GameLog(self).text()
        return log.text()

    def switch(self) -> None:
        """Make this game's esper world current (for code that reads components directly)."""
        world.switch_to(self._world)

    # -- state tools ---------------------------------------------------------------------

    def clone(self) -> Game:
        """Return an independent copy: equal actions give equal futures (docs/design.md "The model")."""
        other = self._copy()
        other._origin, other._history = self._keep_start(), list(self._history)
        other._table = self._table            # the same pending decision, the same indices
        other._tick = self._tick              # clone_world shares the processors
        return other

    def _copy(self) -> Game:
        """Return a copy of the world and the state, with no history of its own; both games
        share every entity's components until one of them writes (world.own)."""
        world.switch_to(self._world)
        other = Game._adopt(world.clone_world(self._world), clone_state(self.state))
        world.disown(self.state)
        return other

    def state_hash(self) -> str:
        """Return a hash of everything that decides the future of the game: 16 hex digits,
        equal for equal states in any process (kept up to date by what changed, hashing.py)."""
        world.switch_to(self._world)
        return hashing.state_hash(self.state)

    def view(self, player: int) -> dict:
        """Return what `player` may see: their own hand, every public zone, counts of hidden ones."""
        player = checks.player(player)   # a plain int onward: numpy integers too
        world.switch_to(self._world)
        return player_view(self.state, player)

    def encode_action(self, action: Action) -> int:
        """Return the index of an action in the fixed action table (encoding.ACTION_COUNT).

        Raises:
            IllegalActionError: `action` is not an Action, or names cards not in play.
        """
        world.switch_to(self._world)
        return encoding.encode_checked(self.state, action)

    def decode_action(self, index: int) -> Action:
        """Return the legal action with this table index.

        Raises:
            IllegalActionError: no legal action has this index (also a ValueError).
        """
        position = -1
        if isinstance(index, int | np.integer) and not isinstance(index, bool):
            position = self._table_indices().position.get(int(index), -1)
        if position < 0:
            raise IllegalActionError(f"action index {index!r:.40} is not legal now")
        return self.state.decision.actions[position]  # type: ignore[union-attr]

    def action_mask(self) -> np.ndarray:
        """Return a boolean array over the action table, True at the legal actions (a fresh
        copy of the mask worked out once per decision)."""
        table = self._table_indices()
        if table.mask is None:
            table.mask = np.zeros(encoding.ACTION_COUNT, dtype=bool)
            table.mask[list(table.indices)] = True
        return table.mask.copy()

    def _table_indices(self) -> _TableIndices:
        """The pending decision's actions as table indices, kept until the decision changes."""
        decision = self.state.decision
        table = self._table
        if table is None or table.decision is not decision:
            world.switch_to(self._world)
            indices = () if decision is None else tuple(
                encoding.encode_action(self.state, a) for a in decision.actions)
            table = self._table = _TableIndices(decision, indices)
        return table

    def observation(self, player: int) -> np.ndarray:
        """Return a float32 vector of what `player` may see (views: encoding.OBSERVATION)."""
        player = checks.player(player)   # a plain int onward: numpy integers too
        world.switch_to(self._world)
        return encoding.observation(self.state, player)

    def determinize(self, player: int, rng: np.random.Generator | int | None = None) -> Game:
        """Return a copy in which all that `player` cannot see is dealt again, consistently
        with what they can see (perspective.determinize; many samples of one position:
        game.determinizer.Determinizer); this game is unchanged. The copy has no history of
        its own: its `initial()` is itself.

        Raises:
            ArgumentError: `player` is not 0 or 1, or `rng` is not a Generator, a seed or None.
        """
        player = checks.player(player)   # a plain int onward: numpy integers too
        generator = checks.generator(rng)
        world.switch_to(self._world)
        pools = determinize.unseen_pools(self.state, player)
        copy = self._copy()
        copy.switch()
        determinize.redeal(copy.state, self.state.defs, pools, generator)
        return copy

    def check_invariants(self) -> None:
        """Raise AssertionError naming the broken invariant (issue 5 grows this)."""
        world.switch_to(self._world)
        check_all(self.state)

    def to_json(self) -> str:
        """Return a JSON snapshot of the whole game; `Game.from_json` continues it identically."""
        world.switch_to(self._world)
        return snapshot.dump(self.state)

    @classmethod
    def from_json(cls, text: str, db: CardDB | None = None) -> Game:
        """Return the game a `to_json` snapshot describes (db: default the built-in pool).

        Raises:
            SnapshotError: malformed JSON, another version, or card ids missing from `db`.
        """
        return cls._adopt(*snapshot.load(text, db, order.build_processors()))

    @classmethod
    def _adopt(cls, world_name: str, state: State) -> Game:
        """Return a game over an existing world and State, with no history of its own."""
        game = cls.__new__(cls)
        game._world, game.state = world_name, state
        game._origin, game._history, game._table, game._tick = None, [], None, None
        return game

    # -- copies by the standard library: each an independent game ----------------------

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: dict) -> Game:
        return self.clone()

    def __reduce__(self) -> tuple:
        """Pickle as a snapshot plus what `history` and `initial()` need: the esper world
        lives in this process only, so it is rebuilt on load (for Ray, multiprocessing)."""
        return (_unpickle, (self.to_json(), self.state.db, self._origin, list(self._history)))


class _TableIndices:
    """A decision's legal actions as action-table indices, and the mask, made when first asked."""

    __slots__ = ("decision", "indices", "mask", "position")

    def __init__(self, decision: Decision | None, indices: tuple[int, ...]) -> None:
        self.decision, self.indices = decision, indices
        self.position = {index: n for n, index in enumerate(indices)}
        self.mask: np.ndarray | None = None


def _unpickle(snapshot: str, db: CardDB, origin: Callable[[], Game] | None,
              history: list[int]) -> Game:
    game = Game.from_json(snapshot, db)
    game._origin, game._history = origin, history
    return game


def _with_turn_limit(rules: FormatRules, turn_limit: int) -> FormatRules:
    if type(turn_limit) is not int or turn_limit < 1:
        raise ArgumentError(f"turn_limit must be an integer of at least 1, got {turn_limit!r:.40}")
    import dataclasses

    return dataclasses.replace(rules, turn_limit=turn_limit)


_first_game_made = [False]


def _first_game_of_process() -> None:
    """What the first game of a process does once (later games skip even the test of the
    environment that note_if_pure makes):

    - a pure build says so in one line (components._compiled.note_if_pure);
    - collect once and move every object then alive (the modules, the card pool, the caller's
      own data) to the collector's permanent generation (gc.freeze). The full collections a
      long run of games triggers then scan only what was made since, not the ~37,000 objects
      loaded before (1.07x random-play decisions in CPU time, side by side; issue 34). Objects frozen
      are still freed when their last reference goes; only a cycle among them that becomes
      garbage later is never collected. ECS_VANGUARD_NO_GC_FREEZE=1 leaves the collector alone.
    """
    _first_game_made[0] = True
    _compiled.note_if_pure()
    if os.environ.get("ECS_VANGUARD_NO_GC_FREEZE", "").strip().lower() not in ("1", "true", "yes"):
        gc.collect()
        gc.freeze()


# The dealt positions of recent deck pairs (what dealing.place_cards makes, before any random
# draw), kept to be copied: a new game of the same decks clones one (world.clone_world, about
# 10 µs) instead of making its hundred cards again (about 150 µs, 4% of a random game, issue
# 34). Bounded: a deck-building search plays ever new pairs.
_DEALT: collections.OrderedDict[tuple, Game] = collections.OrderedDict()
_DEALT_KEPT = 8
_last_dealt: list = []             # db, rules, the two decks and the deal of the last game


def _dealt_copy(db: CardDB, rules: FormatRules, decks: tuple[Deck, Deck]) -> tuple[str, State]:
    """The world and State of a new game of these decks, cards placed, nothing shuffled: a
    copy of the kept dealt positions (made the first time). Its generator is the caller's to
    seed; both games share every card until one writes, as any clone does. The very objects
    of the last call are recognised first: a run of games of one pair does not hash its two
    decks (their 100 card ids) at every game."""
    last = _last_dealt
    if (last and last[0] is db and last[1] is rules and last[2] is decks[0]
            and last[3] is decks[1] and world.exists(last[4]._world)):
        template = last[4]
    else:
        template = _kept_deal(db, rules, decks)
        _last_dealt[:] = [db, rules, *decks, template]
    world.switch_to(template._world)
    name, state = world.clone_world(template._world), clone_state(template.state)
    world.disown(template.state)
    world.switch_to(name)
    return name, state


def _kept_deal(db: CardDB, rules: FormatRules, decks: tuple[Deck, Deck]) -> Game:
    """The kept dealt positions of these decks (by value), made if none are kept."""
    try:
        key: tuple | None = (db, rules, *decks)
        template = _DEALT.get(key)  # type: ignore[arg-type]
    except TypeError:              # a deck of unhashable parts: made anew, never kept
        key, template = None, None
    if template is None or not world.exists(template._world):    # esper.delete_world'd
        template = Game._blank(db, rules, 0)
        place_cards(template.state, decks)
        if key is not None:
            _DEALT[key] = template
            if len(_DEALT) > _DEALT_KEPT:
                _DEALT.popitem(last=False)
    elif key is not None:
        _DEALT.move_to_end(key)
    return template


def check_seed(seed: object) -> None:
    """Refuse a seed numpy would misread or refuse deep inside (a string, a negative number),
    with ArgumentError; a SeedSequence passes."""
    if isinstance(seed, np.random.SeedSequence):
        return
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ArgumentError(f"seed must be a non-negative integer, got {seed!r:.40}")


