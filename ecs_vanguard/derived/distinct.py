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


def most_distinct(values: Sequence[Sequence[object]], forced: Sequence[int] = ()) -> int:
    """Return the size of the largest selection with pairwise different values that holds every
    card of `forced` (indexes into `values`), or -1 when the forced cards alone cannot have
    different values. A card with no value never counts."""
    order = [*forced, *(i for i in range(len(values)) if i not in forced)]
    owner: dict[object, int] = {}                 # value -> card index

    def place(i: int, seen: set[object]) -> bool:
        for value in values[i]:
            if value in seen:
                continue
            seen.add(value)
            if value not in owner or place(owner[value], seen):
                owner[value] = i
                return True
        return False

    # A card once matched stays matched along augmenting paths, so placing the forced cards
    # first keeps them in; the matchable sets form a matroid, so the size is still the largest.
    for i in forced:
        if not place(i, set()):
            return -1
    return len(forced) + sum(place(i, set()) for i in order[len(forced):])


def extendable(values: Sequence[Sequence[object]], picked: Sequence[int], goal: int
               ) -> list[int]:
    """Return the indexes not in `picked` that keep `goal` cards of different values reachable
    with every picked card in the selection (the cards a player may pick next)."""
    return [i for i in range(len(values)) if i not in picked
            and most_distinct(values, [*picked, i]) >= goal]
