"""Determinization: a copy of a game in which what one player cannot see is sampled again,
consistently with what they can see (information-set search, `Game.determinize`).

No card moves: every card keeps its place in the zone lists (so hand sizes, deck sizes and every
public fact stay as they are); what is sampled is *which card* each unseen place holds. For each
owner and pool (main deck and hand; ride deck; G deck) the identities of the cards the player
does not know are dealt out again uniformly at random, except that a card the player knows is
somewhere in a deck (seen going in, shuffled since) is dealt to a place of that deck. Cards the
player knows keep their identity. The deck lists themselves are taken as known (as with open deck
lists); the copy's random generator is seeded anew, so future shuffles and checks are unknown too.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, cast

import esper
import numpy as np

from components import Card, Position
from ecs_vanguard import checks, ops, world
from ecs_vanguard.errors import ArgumentError
from ecs_vanguard.knowledge import Knowledge, knowledge
from ecs_vanguard.state import GameRandom, State
from ecs_vanguard.zones import Zone

if TYPE_CHECKING:
    from ecs_vanguard.game import Game

_POOL_OF_ZONE = {Zone.RIDE_DECK: Zone.RIDE_DECK, Zone.G_ZONE: Zone.G_ZONE}   # else: main deck


class Determinizer:
    """Sample determinizations of one game for one player; what the player knows is read once,
    so make a new Determinizer once the game has moved on.

    Args:
        game: the game as it is (it is not changed).
        player: the player whose information set is sampled.

    Raises:
        ArgumentError: `player` is not 0 or 1.
    """

    def __init__(self, game: Game, player: int) -> None:
        if isinstance(player, bool) or player not in (0, 1):
            raise ArgumentError(f"player must be 0 or 1, got {player!r:.40}")
        self.game, self.player = game, player
        game.switch()
        known = knowledge(game.state, player)
        self.pools = _pools(known)

    def sample(self, rng: np.random.Generator) -> Game:
        """Return a new game: a copy with every unseen card's identity drawn again. The copy
        shares nothing writable with this game (copy on write, world.own): the entities whose
        identity changes get their own components, and the copy its own `defs` list."""
        copy = self.game._copy()                  # a new game, with no history of its own
        copy.switch()
        state = copy.state
        source_defs = self.game.state.defs
        defs = list(source_defs)
        changed: list[int] = []
        for pool in self.pools:
            for entity, source in pool.deal(rng):
                if source != entity and source_defs[source] is not source_defs[entity]:
                    defs[entity] = source_defs[source]
                    changed.append(entity)
        state.defs = defs
        for entity in sorted(changed):          # own() puts it in state.rehash (hashing.py)
            world.own(state, entity)[Card] = Card(defs[entity].id)  # type: ignore[union-attr]
        _reindex(state, set(changed))
        state.rng = _fresh_random(rng)
        return copy


class _Pool:
    """The unseen cards of one owner's pool: places, and identities bound to one zone."""

    def __init__(self) -> None:
        self.places: dict[Zone, list[int]] = defaultdict(list)   # zone -> entities there
        self.bound: dict[Zone, list[int]] = defaultdict(list)    # zone -> entities IN_ZONE
        self.free: list[int] = []                                 # entities UNKNOWN

    def deal(self, rng: np.random.Generator) -> list[tuple[int, int]]:
        """Return (place, entity whose identity it gets) pairs: a uniform deal among the
        deals that put each zone-bound identity into its zone."""
        pairs: list[tuple[int, int]] = []
        open_places: list[int] = []
        for zone in sorted(self.places, key=lambda z: z.value):
            places = self.places[zone]
            order = rng.permutation(len(places))
            bound = self.bound.get(zone, [])
            pairs.extend(zip((places[i] for i in order[:len(bound)]), bound))
            open_places.extend(places[i] for i in order[len(bound):])
        shuffled = rng.permutation(len(self.free))
        pairs.extend(zip(open_places, (self.free[i] for i in shuffled)))
        return pairs


def _pools(known: dict[int, Knowledge]) -> list[_Pool]:
    """Group the cards the player does not fully know by owner and pool, ordered by entity id."""
    pools: dict[tuple[int, Zone], _Pool] = defaultdict(_Pool)
    for entity in sorted(known):
        status = known[entity]
        if status is Knowledge.KNOWN:
            continue
        pos = esper.component_for_entity(entity, Position)
        zone = cast(Zone, pos.zone)
        pool = pools[(pos.owner, _POOL_OF_ZONE.get(zone, Zone.DECK))]
        pool.places[zone].append(entity)
        (pool.bound[zone] if status is Knowledge.IN_ZONE else pool.free).append(entity)
    return [pools[key] for key in sorted(pools, key=lambda k: (k[0], k[1].value))]


def _reindex(state: State, changed: set[int]) -> None:
    """Index the auto and cont abilities of the cards whose identity changed again
    (ops.watch; the indexes are replaced, never written: clones share them)."""
    if not changed:
        return
    state.watchers = {kind: tuple(w for w in watchers if w[0] not in changed)
                      for kind, watchers in state.watchers.items()}
    state.cont_index = {stat: tuple(c for c in entries if c[0] not in changed)
                        for stat, entries in state.cont_index.items()}
    ops.watch(state, sorted(changed))


def _fresh_random(rng: np.random.Generator) -> GameRandom:
    """A game generator in a state drawn from `rng` (a PCG64 state and an odd increment; cheaper
    than seeding a new one through a SeedSequence)."""
    words = rng.integers(0, 2**64, size=4, dtype=np.uint64, endpoint=False)
    state = (int(words[0]) << 64) | int(words[1])
    inc = ((int(words[2]) << 64) | int(words[3])) | 1
    return GameRandom(state={"bit_generator": "PCG64", "state": {"state": state, "inc": inc},
                             "has_uint32": 0, "uinteger": 0})


def determinize(game: Game, player: int, rng: np.random.Generator | int | None = None) -> Game:
    """Return a copy of `game` with everything `player` cannot see sampled again (module doc).

    Raises:
        ArgumentError: `game` is not a Game, `player` is not 0 or 1, or `rng` is not a
            Generator, a seed or None.
    """
    if not isinstance(getattr(game, "state", None), State):        # game.py imports us
        raise ArgumentError(f"game must be a Game, got {type(game).__name__}")
    if not isinstance(rng, np.random.Generator) and rng is not None:
        checks.integer(rng, "rng (a numpy Generator, a seed or None)", low=0)
    generator = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    return Determinizer(game, player).sample(generator)
