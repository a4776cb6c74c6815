"""Distinct values over a selection: the one matching helper behind "number of kinds" (TERM-06),
"N cards of different grades" and the joint payability of costs that ask for different values
(`effects.costs`). Pure functions over plain values; what a card's values are for a field is read
by `derived.values.distinct_values`.

A card may have several values for a field (several names, TERM-05): a selection has pairwise
different values when each card can be given one of its own values, all of them different (engine
decision, as in TERM-06: a bipartite matching).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

Option = TypeVar("Option", bound=Hashable)


def max_flow(capacity: dict[tuple[Hashable, Hashable], int], source: Hashable,
             sink: Hashable) -> tuple[int, dict[tuple[Hashable, Hashable], int]]:
    """Return (the maximum flow, the flow on each edge) of a small graph given by its edge
    capacities (augmenting paths; the graphs here have a few dozen nodes)."""
    residual = dict(capacity)
    adjacent: dict[Hashable, list[Hashable]] = {}
    for u, v in capacity:
        adjacent.setdefault(u, []).append(v)
        adjacent.setdefault(v, []).append(u)
        residual.setdefault((v, u), 0)

    def augment(node: Hashable, seen: set[Hashable]) -> bool:
        if node == sink:
            return True
        seen.add(node)
        for nxt in adjacent.get(node, ()):
            if nxt not in seen and residual[(node, nxt)] > 0 and augment(nxt, seen):
                residual[(node, nxt)] -= 1
                residual[(nxt, node)] += 1
                return True
        return False

    total = 0
    while augment(source, set()):
        total += 1
    return total, {edge: cap - residual[edge] for edge, cap in capacity.items()}


class Matching(Generic[Option]):
    """A bipartite matching grown one left item at a time by augmenting paths (Kuhn): item `i`
    may take one of `options[i]`, no two items the same. `owner` maps each taken option to its
    item; an item once placed stays placed when later ones re-route it. The one matcher of the
    engine: different values here, the cards of a cost's steps in `effects.costs`."""

    def __init__(self, options: Sequence[Sequence[Option]]) -> None:
        self.options = options
        self.owner: dict[Option, int] = {}

    def place(self, item: int) -> bool:
        """Match `item` too, re-routing the items already placed if needed; False if it
        cannot be (the matching is then unchanged)."""
        return self._augment(item, set())

    def _augment(self, item: int, seen: set[Option]) -> bool:
        for option in self.options[item]:
            if option in seen:
                continue
            seen.add(option)
            if option not in self.owner or self._augment(self.owner[option], seen):
                self.owner[option] = item
                return True
        return False


def most_distinct(values: Sequence[Sequence[Hashable]], forced: Sequence[int] = ()) -> int:
    """Return the size of the largest selection with pairwise different values that holds every
    card of `forced` (indexes into `values`), or -1 when the forced cards alone cannot have
    different values. A card with no value never counts."""
    matching = Matching(values)
    # Placing the forced cards first keeps them in; the matchable sets form a matroid, so the
    # size is still the largest.
    if not all(matching.place(i) for i in forced):
        return -1
    return len(forced) + sum(matching.place(i) for i in range(len(values)) if i not in forced)


def extendable(values: Sequence[Sequence[object]], picked: Sequence[int], goal: int
               ) -> list[int]:
    """Return the indexes not in `picked` that keep `goal` cards of different values reachable
    with every picked card in the selection (the cards a player may pick next)."""
    return [i for i in range(len(values)) if i not in picked
            and most_distinct(values, [*picked, i]) >= goal]
