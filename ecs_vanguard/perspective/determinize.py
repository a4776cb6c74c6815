"""Determinization, on the state: in a copy of a game, deal again what one player cannot see,
consistently with what they can see (information-set search; the Game-level face is
`game.determinizer`).

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
from typing import cast

import esper
import numpy as np

from components import Card, Position
from ecs_vanguard import ops
from ecs_vanguard.perspective.knowledge import Knowledge, knowledge
from ecs_vanguard.state import GameRandom, State, world
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.zones import Zone

_POOL_OF_ZONE = {Zone.RIDE_DECK: Zone.RIDE_DECK, Zone.G_ZONE: Zone.G_ZONE}   # else: main deck


def unseen_pools(state: State, player: int) -> list[UnseenPool]:
    """Return the cards `player` does not fully know, grouped by owner and pool (the world of
    `state` is current).

    Raises:
        ArgumentError: `player` is not 0 or 1.
    """
    player = checks.player(player)
    return _pools(knowledge(state, player))


def redeal(copy: State, source_defs: list, pools: list[UnseenPool],
           rng: np.random.Generator) -> None:
    """Give every unseen place of `copy` (a fresh copy of the game `pools` were read from, its
    world current) an identity drawn again, and a generator seeded anew. The copy shares
    nothing writable with the original (copy on write): the entities whose identity changes get
    their own Card (world.replace; their other components stay shared until a write, world.own),
    and the copy its own `defs` list."""
    defs = list(source_defs)
    changed: list[int] = []
    for pool in pools:
        for entity, source in pool.deal(rng):
            if source != entity and source_defs[source] is not source_defs[entity]:
                defs[entity] = source_defs[source]
                changed.append(entity)
    copy.defs = defs
    for entity in sorted(changed):          # replace() puts it in state.engine.rehash (hashing.py)
        world.replace(copy, entity, Card(defs[entity].id))  # type: ignore[union-attr]
    _reindex(copy, set(changed))
    copy.rng = _fresh_random(rng)


class UnseenPool:
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


def _pools(known: dict[int, Knowledge]) -> list[UnseenPool]:
    """Group the cards the player does not fully know by owner and pool, ordered by entity id."""
    pools: dict[tuple[int, Zone], UnseenPool] = defaultdict(UnseenPool)
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
    state.engine.watchers = {kind: tuple(w for w in watchers if w[0] not in changed)
                      for kind, watchers in state.engine.watchers.items()}
    state.engine.cont_index = {stat: tuple(c for c in entries if c[0] not in changed)
                        for stat, entries in state.engine.cont_index.items()}
    ops.watch(state, sorted(changed))


def _fresh_random(rng: np.random.Generator) -> GameRandom:
    """A game generator in a state drawn from `rng` (a PCG64 state and an odd increment; cheaper
    than seeding a new one through a SeedSequence)."""
    words = rng.integers(0, 2**64, size=4, dtype=np.uint64, endpoint=False)
    state = (int(words[0]) << 64) | int(words[1])
    inc = ((int(words[2]) << 64) | int(words[3])) | 1
    return GameRandom(state={"bit_generator": "PCG64", "state": {"state": state, "inc": inc},
                             "has_uint32": 0, "uinteger": 0})
