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
from ecs_vanguard.knowledge import Knowledge, knowledge
from ecs_vanguard.zones import Zone

if TYPE_CHECKING:
    from ecs_vanguard.game import Game
    from ecs_vanguard.state import State

_POOL_OF_ZONE = {Zone.RIDE_DECK: Zone.RIDE_DECK, Zone.G_ZONE: Zone.G_ZONE}   # else: main deck


class Determinizer:
    """Sample determinizations of one game for one player; what the player knows is read once,
    so make a new Determinizer once the game has moved on.

    Args:
        game: the game as it is (it is not changed).
        player: the player whose information set is sampled.

    Raises:
        ValueError: `player` is not 0 or 1.
    """

    def __init__(self, game: Game, player: int) -> None:
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        self.game, self.player = game, player
        game.switch()
        known = knowledge(game.state, player)
        self.pools = _pools(known)

    def sample(self, rng: np.random.Generator) -> Game:
        """Return a new game: a copy with every unseen card's identity drawn again."""
        copy = self.game.clone()
        copy.switch()
        state = copy.state
        defs = list(state.defs)
        changed: set[int] = set()
        for pool in self.pools:
            for entity, source in pool.deal(rng):
                if source != entity:
                    defs[entity] = self.game.state.defs[source]
                    changed.add(entity)
        for entity in sorted(changed):
            esper.add_component(entity, Card(defs[entity].id))  # type: ignore[union-attr]
        state.defs = defs
        _rewatch(state, changed)
        state.rng = np.random.default_rng(rng.integers(2**63))
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


def _rewatch(state: State, changed: set[int]) -> None:
    """Index the autos of the cards whose identity changed again (effects.triggers.watch)."""
    if not changed:
        return
    from ecs_vanguard.effects import triggers

    state.watchers = {kind: tuple(w for w in watchers if w[0] not in changed)
                      for kind, watchers in state.watchers.items()}
    for entity in sorted(changed):
        triggers.watch(state, entity)


def determinize(game: Game, player: int, rng: np.random.Generator | int | None = None) -> Game:
    """Return a copy of `game` with everything `player` cannot see sampled again (module doc).

    Raises:
        ValueError: `player` is not 0 or 1.
    """
    generator = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    return Determinizer(game, player).sample(generator)
