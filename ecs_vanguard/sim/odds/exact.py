"""Exact deck odds in fractions, the twin of the Monte Carlo where a closed form exists.

Cards are grouped into atoms: cards alike in everything a figure and the mulligan policy look
at. The mulligan (CORE-03) is then a finite mixture of multivariate hypergeometric draws: the
opening five, the policy's choice (a uniform pick among cards of equal standing), the
replacements from the rest. After it the deck is uniformly shuffled, so:

- a drive or damage checks (`mixture`) read a uniform sample of the deck after the mulligan
  (any cards taken at times fixed by what came before are one: the predictable sampling
  theorem); their counts are hypergeometric mixtures;
- the turns (`turns`) are a dynamic program over the cards taken one at a time, whose state is
  what the rides need (which grades reached the hand, the vanguard, its drive), the exact
  counts of cards that change how many cards are taken (draw and over triggers) or that a
  question counts (a target), and how many cards were taken. A stride needs the grades in
  hand card by card, so the program stops at the first turn a stride could happen.

Weights are integers: a state's weight is its probability times D * (P-5)(P-6)...(P-n+1), with
n the cards taken and D a common denominator of the mulligan, so a draw multiplies by a count.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm, prod
from typing import Any, NamedTuple

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.sim.odds.filters import CardFilter
from ecs_vanguard.sim.odds.model import GRADES, MAX_TURN, OVER, PLAIN, DeckModel, kind, ride_grade
from ecs_vanguard.sim.odds.policy import HAND, RETURN_ALL, RETURN_REST, MulliganPolicy

Comp = tuple[int, ...]            # a count per atom


@dataclass(frozen=True, slots=True)
class Atom:
    """Cards alike in every feature the computation reads."""

    count: int
    keep: tuple[bool, ...]        # matches each keep rule of the policy
    keep_if: bool                 # matches the policy's keep_if filter
    features: Any                 # what the caller grouped by


def atoms(pool: Sequence[CardDef], policy: MulliganPolicy,
          feature: Callable[[CardDef], Any]) -> tuple[Atom, ...]:
    """Group the pool by the policy's filters and `feature`."""
    def sig(c: CardDef) -> tuple[tuple[bool, ...], bool, Any]:
        keep_if = policy.keep_if is not None and policy.keep_if.filter.matches(c)
        return tuple(r.filter.matches(c) for r in policy.keep), keep_if, feature(c)

    counts = Counter(sig(c) for c in pool)
    return tuple(Atom(n, *s) for s, n in sorted(counts.items(), key=repr))


def compositions(limits: Comp, total: int) -> tuple[Comp, ...]:
    """Return every count per atom, each within its limit, summing to `total` (cached)."""
    return _compositions(tuple(min(k, total) for k in limits), total)


@lru_cache(maxsize=4096)
def _compositions(limits: Comp, total: int) -> tuple[Comp, ...]:
    if not limits:
        return ((),) if total == 0 else ()
    room = sum(limits[1:])
    return tuple((first, *rest) for first in range(max(0, total - room), min(limits[0], total) + 1)
                 for rest in _compositions(limits[1:], total - first))


def ways(group: Comp, pick: Comp) -> int:
    """Return the number of ways to pick `pick` from `group` (a product of binomials)."""
    return prod(comb(g, k) for g, k in zip(group, pick))


def splits(group: Comp, size: int) -> Iterator[tuple[Comp, Fraction]]:
    """Yield each way to pick `size` cards uniformly from `group`, with its probability."""
    total = comb(sum(group), size)
    for pick in compositions(group, size):
        yield pick, Fraction(ways(group, pick), total)


def returns(policy: MulliganPolicy, hand: Comp,
            cards: Sequence[Atom]) -> list[tuple[Comp, Fraction]]:
    """Return the distribution of the cards the policy returns from `hand` (CORE-03).

    Twin of MulliganPolicy.returned: ties among cards of equal standing are a uniform pick.
    """
    none = (0,) * len(hand)
    if policy.returns == 0:
        return [(none, Fraction(1))]
    if policy.keep_if is not None:
        held = sum(h for h, a in zip(hand, cards) if a.keep_if)
        if held >= policy.keep_if.count:
            return [(none, Fraction(1))]
    if policy.returns == RETURN_ALL:
        return [(hand, Fraction(1))]
    out: defaultdict[Comp, Fraction] = defaultdict(Fraction)
    for groups, p in _ranked(policy, hand, cards, 0):
        if policy.returns == RETURN_REST:
            out[groups[-1]] += p
        else:
            for back, q in _least_wanted(groups, int(policy.returns)):
                out[back] += p * q
    return list(out.items())


def _ranked(policy: MulliganPolicy, left: Comp, cards: Sequence[Atom],
            i: int) -> Iterator[tuple[list[Comp], Fraction]]:
    """Yield the cards kept by rule i, i+1, ... and the spares, with their probabilities."""
    if i == len(policy.keep):
        yield [left], Fraction(1)
        return
    match = tuple(n if a.keep[i] else 0 for n, a in zip(left, cards))
    take = min(policy.keep[i].count, sum(match))
    for kept, p in splits(match, take):
        rest = tuple(a - b for a, b in zip(left, kept))
        for groups, q in _ranked(policy, rest, cards, i + 1):
            yield [kept, *groups], p * q


def _least_wanted(groups: list[Comp], m: int) -> Iterator[tuple[Comp, Fraction]]:
    """Yield the m cards of lowest standing: spares first, then the last rule's cards, ..."""
    chosen: Comp = (0,) * len(groups[0])
    for group in reversed(groups):
        if m >= sum(group):
            chosen, m = tuple(a + b for a, b in zip(chosen, group)), m - sum(group)
            continue
        for pick, p in splits(group, m):
            yield tuple(a + b for a, b in zip(chosen, pick)), p
        return
    yield chosen, Fraction(1)


@lru_cache(maxsize=64)
def after_mulligan(cards: tuple[Atom, ...], policy: MulliganPolicy) -> dict[Comp, Fraction]:
    """Return the distribution of the hand after the mulligan, as a count per atom (cached:
    the checks ask the same one for every number of cards).

    Sums stay integers per (cards returned, chance of that choice), whose denominator is
    C(P, 5) * C(P - 5, returned): a few Fractions at the end instead of one per term.
    """
    limits = tuple(a.count for a in cards)
    size = sum(limits)
    sums: defaultdict[tuple[int, Fraction], defaultdict[Comp, int]] = defaultdict(
        lambda: defaultdict(int))
    for opening in compositions(limits, HAND):
        w_open = ways(limits, opening)
        below = tuple(k - o for k, o in zip(limits, opening))   # the replacements come from
        for back, p_back in returns(policy, opening, cards):     # here, not the returned cards
            kept = tuple(o - b for o, b in zip(opening, back))
            into = sums[(sum(back), p_back)]
            for fresh in compositions(below, sum(back)):
                into[tuple(k + f for k, f in zip(kept, fresh))] += w_open * ways(below, fresh)
    out: defaultdict[Comp, Fraction] = defaultdict(Fraction)
    for (m, p_back), hands in sums.items():
        scale = p_back / (comb(size, HAND) * comb(size - HAND, m))
        for hand, w in hands.items():
            out[hand] += w * scale
    return dict(out)


# --- checks: hypergeometric mixtures over the deck after the mulligan --------------------------

def mixture(pool: Sequence[CardDef], policy: MulliganPolicy, wanted: Callable[[CardDef], bool],
            draws: int) -> list[Fraction]:
    """Return P(exactly j wanted cards among `draws` cards of the deck after the mulligan)."""
    cards = atoms(pool, policy, wanted)
    deck = len(pool) - HAND
    total = sum(a.count for a in cards if a.features)
    left: defaultdict[int, Fraction] = defaultdict(Fraction)
    for hand, p in after_mulligan(cards, policy).items():
        left[total - sum(h for h, a in zip(hand, cards) if a.features)] += p
    hands = comb(deck, draws)
    return [sum((p * Fraction(comb(x, j) * comb(deck - x, draws - j), hands)
                 for x, p in left.items()), Fraction(0)) for j in range(draws + 1)]


# --- the turns ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TurnFigures:
    """Exact figures of one seat, by own turn; None past the turn the program stopped at."""

    hold: list[list[Fraction] | None]          # [turn][grade]: a grade-g card reached the hand
    ride: list[list[Fraction] | None]          # [turn][grade]: vanguard grade >= g after riding
    hand: list[Fraction | None]                # [turn]: expected hand size at the main phase
    copies: list[list[Fraction] | None]        # [turn][j]: P(exactly j target copies reached)


Feature = tuple[int, int, int, bool]             # ride grade, its drive, check kind, target


def _turn_feature(target: CardFilter | None) -> Callable[[CardDef], Feature]:
    """Return what the turns tell cards apart by: ride grade, its drive, check kind, target."""
    def feature(c: CardDef) -> Feature:
        g = ride_grade(c)
        return g, c.drive if g else 0, kind(c), target is not None and target.matches(c)

    return feature


class _State(NamedTuple):
    """One state of the program (its weight is kept beside it)."""

    flags: tuple[bool, ...]     # per (grade, drive) group: one of its cards reached the hand
    counts: tuple[int, ...]     # per counted atom: cards taken
    gone: tuple[int, ...]       # per counted atom: checked over triggers, removed (CORE-14)
    v: int                      # the vanguard's grade
    drive: int                  # and its drive
    n: int                      # cards taken from the shuffled pool (the hand's five included)


States = dict[_State, int]


class _Program:
    """The dynamic program over one seat's turns.

    Counted atoms (draw and over triggers, target cards) keep exact counts; other cards of a
    ride grade keep a flag per (grade, drive), since until one reaches the hand all of them are
    in the deck, and after that no more are needed; the rest are lumped: their number left is
    the deck less everything counted or unflagged.
    """

    def __init__(self, model: DeckModel, policy: MulliganPolicy, target: CardFilter | None):
        self.model, self.size = model, len(model.pool)
        cards = atoms(model.pool, policy, _turn_feature(target))
        feats: list[Feature] = [a.features for a in cards]
        counted = [f[2] != PLAIN or f[3] for f in feats]
        self.k = [a.count for a, c in zip(cards, counted) if c]
        self.kind = [f[2] for f, c in zip(feats, counted) if c]
        self.grade = [f[:2] for f, c in zip(feats, counted) if c]
        self.target = [f[3] for f, c in zip(feats, counted) if c]
        self.groups = sorted({f[:2] for f, c in zip(feats, counted) if f[0] and not c})
        self.group_size = [sum(a.count for a, f, c in zip(cards, feats, counted)
                               if f[:2] == grp and not c) for grp in self.groups]
        hands = after_mulligan(cards, policy)
        self.denominator = lcm(*(p.denominator for p in hands.values()))
        self.start: defaultdict[_State, int] = defaultdict(int)
        for hand, p in hands.items():
            flags = tuple(any(h for h, f, c in zip(hand, feats, counted) if f[:2] == grp and not c)
                          for grp in self.groups)
            counts = tuple(h for h, c in zip(hand, counted) if c)
            key = _State(flags, counts, (0,) * len(counts), 0, model.starter_drive, HAND)
            self.start[key] += int(p * self.denominator)

    def draw(self, states: States, check: bool = False) -> States:
        """Take one card into hand in every state (or as a drive check: CORE-11, CORE-14)."""
        out: defaultdict[_State, int] = defaultdict(int)
        extra: defaultdict[_State, int] = defaultdict(int)
        for s, w in states.items():
            known = 0
            for i, (k, c) in enumerate(zip(self.k, s.counts)):
                if k > c:
                    known += k - c
                    gone = s.gone
                    if check and self.kind[i] == OVER:             # removed, draw 1
                        gone = gone[:i] + (gone[i] + 1,) + gone[i + 1:]
                    into = extra if check and self.kind[i] != PLAIN else out
                    counts = s.counts[:i] + (c + 1,) + s.counts[i + 1:]
                    into[_State(s.flags, counts, gone, s.v, s.drive, s.n + 1)] += w * (k - c)
            for j, (size, flag) in enumerate(zip(self.group_size, s.flags)):
                if not flag:
                    known += size
                    flags = s.flags[:j] + (True,) + s.flags[j + 1:]
                    out[_State(flags, s.counts, s.gone, s.v, s.drive, s.n + 1)] += w * size
            lump = self.size - s.n - known
            if lump:
                out[s._replace(n=s.n + 1)] += w * lump
        for key, w in (self.draw(extra) if extra else {}).items():
            out[key] += w
        return out

    def has(self, s: _State, g: int) -> list[int]:
        """Return the drives of the grade-g cards that reached the hand in a state."""
        drives = [d for (gg, d), f in zip(self.groups, s.flags) if gg == g and f]
        return drives + [d for (gg, d), c in zip(self.grade, s.counts) if gg == g and c]

    def reached(self, g: int) -> Callable[[_State], bool]:
        """Return the test "a grade-g card reached the hand"."""
        return lambda s: bool(self.has(s, g))

    def rode(self, g: int) -> Callable[[_State], bool]:
        """Return the test "the vanguard is grade g or higher"."""
        return lambda s: s.v >= g

    def holds_copies(self, j: int, cap: int) -> Callable[[_State], bool]:
        """Return the test "exactly j copies of the target reached the hand" (j = cap: j or more)."""
        return lambda s: min(self.copies(s), cap) == j

    def ride(self, states: States) -> States:
        """CORE-05: ride the next grade from the ride deck, or else from hand (highest drive)."""
        out: defaultdict[_State, int] = defaultdict(int)
        for s, w in states.items():
            g = s.v + 1
            rd = self.model.ride_deck_drive(g) if g in GRADES else None
            drives = self.has(s, g) if g in GRADES and rd is None else []
            if rd is not None or drives:
                s = s._replace(v=g, drive=rd if rd is not None else max(drives))
            out[s] += w
        return out

    def prob(self, states: States, test: Callable[[_State], object]) -> Fraction:
        """Return the probability of the states passing `test`."""
        return self.mean(states, lambda s: 1 if test(s) else 0)

    def mean(self, states: States, value: Callable[[_State], int]) -> Fraction:
        """Return the expected value of an integer function of the state."""
        by_n: defaultdict[int, int] = defaultdict(int)
        for s, w in states.items():
            by_n[s.n] += w * value(s)
        return sum((Fraction(w, self.denominator * prod(range(self.size - n + 1,
                                                              self.size - HAND + 1)))
                    for n, w in by_n.items()), Fraction(0))

    def hand_size(self, s: _State) -> int:
        """Cards in hand: taken, less removed overs and what each ride cost (CORE-05)."""
        spent = sum(1 if self.model.ride_deck_drive(g) is None else self.model.ride_discard
                    for g in GRADES if g <= s.v)
        return s.n - sum(s.gone) - spent

    def copies(self, s: _State) -> int:
        """Copies of the target that reached the hand (a checked over never does)."""
        return sum(c - r for c, r, t in zip(s.counts, s.gone, self.target) if t)


def turns(model: DeckModel, policy: MulliganPolicy, seat: int,
          target: CardFilter | None = None, cap: int = 0) -> TurnFigures:
    """Return the exact ride, hand and copy figures of one seat, turn by turn."""
    prog = _Program(model, policy, target)
    states: States = dict(prog.start)
    fig = TurnFigures([None] * MAX_TURN, [None] * MAX_TURN, [None] * MAX_TURN,
                      [None] * MAX_TURN)
    for t in range(MAX_TURN):
        states = prog.draw(states)                                       # CORE-04
        fig.hold[t] = [prog.prob(states, prog.reached(g)) for g in GRADES]
        if target is not None:
            fig.copies[t] = [prog.prob(states, prog.holds_copies(j, cap)) for j in range(cap + 1)]
        started_g3 = any(s.v == 3 for s in states)
        states = prog.ride(states)
        fig.ride[t] = [prog.prob(states, prog.rode(g)) for g in GRADES]
        opponent = model.opponent_grade3(seat, t + 1)
        if model.strides and (started_g3 or opponent and any(s.v == 3 for s in states)):
            break                                   # STR-03/04: a stride could happen now
        fig.hand[t] = prog.mean(states, prog.hand_size)
        if model.attacks(seat, t + 1):
            for k in range(max(s.drive for s in states)):
                due = {s: w for s, w in states.items() if s.drive > k}
                rest = {s: w for s, w in states.items() if s.drive <= k}
                states = _merge(rest, prog.draw(due, check=True))
    return fig


def _merge(a: States, b: States) -> States:
    out = defaultdict(int, a)
    for key, w in b.items():
        out[key] += w
    return out


def feasible(pool: Sequence[CardDef], policy: MulliganPolicy,
             target: CardFilter | None = None) -> bool:
    """Return True if the mulligan's enumeration stays small (under about a million terms).

    The work grows as the square of the opening hands over the atoms a policy, the rides and a
    target tell apart; past the budget the figures are left to the Monte Carlo.
    """
    limits = tuple(a.count for a in atoms(pool, policy, _turn_feature(target)))
    hands = sum(1 for _ in compositions(limits, HAND))
    return hands * hands <= 1_000_000
