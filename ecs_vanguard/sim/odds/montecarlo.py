"""Monte Carlo deck odds: play six turns per seat on many shuffled decks at once (numpy).

One batch holds n shuffled decks (`shuffle`); both seats play the same shuffles (common random
numbers, so first-versus-second differences carry less noise), as rows 0..n-1 (first) and
n..2n-1 (second). Everything is an array over the batch, with loops over turns and drive
checks, never over samples. What a row holds is a set of small counters packed into int64
words (`layout`), so putting a card into hand is one table lookup and one add.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ecs_vanguard.sim.odds.filters import CardFilter
from ecs_vanguard.sim.odds.layout import Layout, layout
from ecs_vanguard.sim.odds.model import GRADES, MAX_TURN, TRIGGERS, DeckModel
from ecs_vanguard.sim.odds.policy import HAND, MulliganPolicy
from ecs_vanguard.sim.odds.shuffle import shuffle_and_mulligan
from ecs_vanguard.vocab.formats import Trigger

CHUNK = 1 << 15                 # decks per batch (32 Ki: 8 Ki to 64 Ki measured alike)
CHECKS = 6                      # damage checks read (CORE-12, CORE-16)
DRIVE_CARDS = 3                 # a drive of up to 3 checks (CORE-11)
LIMIT = 64                      # histogram bins of small counts (a hand holds under 64 cards)


def _zeros(*shape: int) -> np.ndarray:
    return np.zeros(shape, np.int64)


@dataclass
class Tally:
    """Sums over the samples so far; arrays are indexed [seat, own turn - 1, ...].

    Small counts (hand size, triggers revealed, copies of a target) are kept as histograms,
    which give their mean and spread for one bincount per turn.
    """

    samples: int = 0
    ride: np.ndarray = field(default_factory=lambda: _zeros(2, MAX_TURN, 3))
    hold: np.ndarray = field(default_factory=lambda: _zeros(2, MAX_TURN, 3))
    hand: np.ndarray = field(default_factory=lambda: _zeros(2, MAX_TURN, LIMIT))
    drive_triggers: np.ndarray = field(default_factory=lambda: _zeros(2, MAX_TURN, LIMIT))
    shield: np.ndarray = field(default_factory=lambda: _zeros(2, MAX_TURN, 2))  # sum, squares
    copies: list[np.ndarray] = field(default_factory=list)     # per target: [seat, turn, j]
    drive_hist: np.ndarray = field(default_factory=lambda: _zeros((len(TRIGGERS) + 1) ** 3))
    check_hist: np.ndarray = field(default_factory=lambda: _zeros(3 ** CHECKS))


def simulate(model: DeckModel, policy: MulliganPolicy, targets: tuple[CardFilter, ...],
             caps: tuple[int, ...], samples: int, seed: int,
             progress: Callable[[int], None] | None = None) -> Tally:
    """Play `samples` shuffled decks for both seats; return the summed figures."""
    lay = layout(model, targets)
    rng = np.random.default_rng(seed)
    tally = Tally(copies=[_zeros(2, MAX_TURN, cap + 1) for cap in caps])
    for start in range(0, samples, CHUNK):
        rows = min(CHUNK, samples - start)
        hand, top = shuffle_and_mulligan(rng, model, policy, rows)
        _play(model, lay, caps, hand, top, tally)
        _checks(lay, top[:CHECKS], tally)
        tally.samples += rows
        if progress is not None:
            progress(rows)
    return tally


class _Seats:
    """The counters and vanguards of both seats over one batch.

    Row sets are bool masks. A dense one is applied to every row (a multiply by the mask); a
    sparse one (under a quarter of the rows) gathers those rows first, so late turns, where few
    rows still ride, cost little.
    """

    def __init__(self, layout: Layout, hand: np.ndarray, top: np.ndarray):
        self.lay, self.n = layout, top.shape[1]
        n = self.n
        # intp cards: np.take with intp indices is 2-3x faster than with uint8 ones; a spare
        # last row, so a read one past the cards taken (never kept) stays inside the array
        self.top = np.concatenate([top, top[-1:]]).astype(np.intp).reshape(-1)
        self.pos = np.tile(np.arange(n), 2)                  # flat place of each next card
        self.words = np.zeros((layout.words, 2 * n), np.int64)
        self.v = np.zeros(2 * n, np.int8)                    # vanguard grade
        self.drive = np.zeros(2 * n, np.int8)
        self.strides = np.zeros(2 * n, np.int8)
        for k in range(HAND):
            self._gain(np.tile(hand[k], 2).astype(np.intp), self.lay.draw)

    def _gain(self, card: np.ndarray, table: np.ndarray, rows: np.ndarray | None = None) -> None:
        for w, per_card in enumerate(table):
            gain = np.take(per_card, card)
            if rows is None:
                self.words[w] += gain
            elif rows.dtype == bool:
                self.words[w] += gain * rows
            else:
                self.words[w, rows] += gain

    def draw(self) -> None:
        """Every row draws its next card into hand (CORE-04)."""
        card = np.take(self.top, self.pos)
        self.pos += self.n
        self._gain(card, self.lay.draw)

    def check(self, rows: np.ndarray) -> None:
        """Drive-check one card in `rows`: it goes to hand unless it is an over trigger, and a
        draw or over trigger draws the next card too (CORE-11, CORE-14). The extra draws are
        few (a tenth of the checks), so they are made on those rows alone."""
        every = bool(rows.all())
        card = np.take(self.top, self.pos)
        self._gain(card, self.lay.check, None if every else rows)
        more = np.take(self.lay.extra, card)
        if every:
            self.pos += self.n
        else:
            self.pos += self.n * rows
            more &= rows
        extra = np.flatnonzero(more)
        drawn = np.take(self.top, self.pos[extra])
        self.pos[extra] += self.n
        self._gain(drawn, self.lay.draw, extra)

    def get(self, f: int) -> np.ndarray:
        """Return counter field f of every row."""
        lay = self.lay
        return (self.words[lay.word[f]] >> lay.shift[f]) & lay.mask[f]

    def remove(self, rows: np.ndarray, classes: tuple[int, ...] | np.ndarray) -> np.ndarray:
        """Take out of each row in `rows` the card it least wants of `classes` (one set for all
        rows, or per row an int64 mask of class fields); return the class each row gave up
        (-1: it held none).

        Class fields are in discard order, so that is the lowest non-zero field: with every
        class in word 0, one bit trick finds it instead of a loop per class.
        """
        idx = _sparse(rows)
        lay = self.lay
        if lay.word[:lay.classes].any():                     # classes past word 0: a loop
            assert isinstance(classes, tuple)
            first, could = np.zeros(rows.shape, np.intp), np.zeros(rows.shape, bool)
            for k in reversed(classes):
                has = self.get(k) > 0
                first, could = np.where(has, k, first), could | has
            if idx is not None:
                first, could = first[idx], could[idx]
        else:
            mask = (sum(lay.mask[k] << lay.shift[k] for k in classes)
                    if isinstance(classes, tuple) else classes)
            low = self.words[0] if idx is None else self.words[0, idx]
            low = low & (mask if idx is None or np.ndim(mask) == 0 else mask[idx])
            low &= -low                                      # the lowest set bit
            # its index: the float's exponent (exact: a power of two); 0 gives -1023, clipped
            bit = (low.astype(np.float64).view(np.int64) >> 52) - 1023
            first, could = np.take(lay.bit_field, bit, mode="clip"), low != 0
        if idx is None:
            could &= rows
            for w, per_class in enumerate(lay.lose):
                self.words[w] += np.take(per_class, first) * could
            return np.where(could, first, -1)
        for w, per_class in enumerate(lay.lose):
            self.words[w, idx] += np.take(per_class, first) * could
        taken = np.full(rows.shape, -1, np.intp)
        taken[idx] = np.where(could, first, -1)
        return taken

    def remove_grade(self, rows: np.ndarray, grade: np.ndarray) -> np.ndarray:
        """Take out of each row in `rows` the card of grade[row] it least wants; return the class
        each row gave up (-1: none)."""
        lay = self.lay
        if not lay.word[:lay.classes].any():
            return self.remove(rows, np.take(lay.grade_mask, grade, mode="clip"))
        taken = np.full(rows.shape, -1, np.intp)
        for g in GRADES:
            due = rows & (grade == g)
            if due.any():
                of_grade = tuple(int(k) for k in np.flatnonzero(lay.cls_grade == g))
                taken = np.where(due, self.remove(due, of_grade), taken)
        return taken


def _sparse(rows: np.ndarray) -> np.ndarray | None:
    """Return the indices of a sparse row mask (under a quarter set), else None."""
    count = np.count_nonzero(rows)
    return np.flatnonzero(rows) if count * 4 < rows.size else None


def _play(model: DeckModel, lay: Layout, caps: tuple[int, ...], hand: np.ndarray,
          top: np.ndarray, tally: Tally) -> None:
    """Play own turns 1..MAX_TURN for both seats and add the figures to the tally."""
    s = _Seats(lay, hand, top)
    second = np.arange(2 * s.n) >= s.n
    s.drive[:] = model.starter_drive
    for turn in range(1, MAX_TURN + 1):
        s.draw()                                                # CORE-04: draw 1
        _at_ride_step(s, caps, tally, turn)
        started_g3 = s.v == 3
        _ride(model, s)
        drive = _stride(model, s, started_g3, second, turn)
        _at_main_phase(s, tally, turn)
        attack = second | (turn > 1)                            # CORE-04
        for k in range(int(drive.max())):
            s.check(attack & (k < drive))                       # CORE-11
        _histogram(tally.drive_triggers, turn, s.get(lay.size + 1), s.n)


def _ride(model: DeckModel, s: _Seats) -> None:
    """CORE-05: ride the next grade, from the ride deck (discarding) or else from hand; from
    hand the card with the highest drive, then the one least wanted."""
    lay, start = s.lay, s.v.copy()
    rides = start < 3
    for g, rd in model.ride_deck:
        due = start == g - 1
        if due.any():
            for _ in range(model.ride_discard):                 # the ride deck's cost
                s.remove(due, tuple(range(lay.classes)))
            s.v[due], s.drive[due] = g, rd
            rides &= ~due
    if not rides.any():
        return
    if lay.one_drive:                                           # all at once
        taken = s.remove_grade(rides, start.astype(np.intp) + 1)
        rode = taken >= 0
        s.v[rode] += 1
        s.drive[rode] = np.take(lay.cls_drive, taken[rode])
        return
    for g in GRADES:
        due = rides & (start == g - 1)
        for d in sorted({int(x) for x in lay.cls_drive[lay.cls_grade == g]}, reverse=True):
            of_drive = tuple(k for k in range(lay.classes)
                             if lay.cls_grade[k] == g and lay.cls_drive[k] == d)
            rode = s.remove(due, of_drive) >= 0
            s.v[rode], s.drive[rode] = g, d
            due &= ~rode


def _stride(model: DeckModel, s: _Seats, started_g3: np.ndarray, second: np.ndarray,
            turn: int) -> np.ndarray:
    """STR-03/04: stride when allowed and the Stride cost can be paid (the payment with the
    fewest cards); return this turn's drive per row."""
    if not model.strides:
        return s.drive
    opponent = np.where(second, model.opponent_grade3(1, turn), model.opponent_grade3(0, turn))
    can = (s.v == 3) & (started_g3 | opponent) & (s.strides < model.strides)
    if not can.any():
        return s.drive
    counts = {g: sum(s.get(int(k)).astype(np.int8) for k in np.flatnonzero(s.lay.cls_grade == g))
              for g in GRADES}                                 # cards of each grade in hand
    costs = _stride_costs(model.stride_total)
    pays = np.zeros(len(can), np.intp)                        # 1 + the first payment that fits
    for i in reversed(range(len(costs))):
        fit = can
        for g, n in zip(GRADES, costs[i]):
            if n:
                fit = fit & (counts[g] >= n)
        pays = np.where(fit, i + 1, pays)
    order = np.array([[0] * max(map(sum, costs))] + [
        [g for g, n in zip(GRADES, c) for _ in range(n)] + [0] * (max(map(sum, costs)) - sum(c))
        for c in costs])                                      # grades to discard, in turn
    for step in range(order.shape[1]):
        grade = np.take(order[:, step], pays)
        s.remove_grade(grade > 0, grade)
    paid = pays > 0
    s.strides += paid
    return np.where(paid, np.int8(model.stride_drive), s.drive)


@lru_cache(maxsize=8)
def _stride_costs(total: int) -> list[tuple[int, int, int]]:
    """Return the (grade 1, grade 2, grade 3) discards that pay `total` with no card to spare,
    fewest cards first, then the least grade wasted."""
    combos = []
    for n3 in range(total + 1):
        for n2 in range(total + 1):
            for n1 in range(total + 1):
                value = n1 + 2 * n2 + 3 * n3
                spare = any(n and value - g >= total for g, n in zip(GRADES, (n1, n2, n3)))
                if value >= total and not spare:
                    combos.append((n1, n2, n3))
    return sorted(combos, key=lambda x: (sum(x), x[0] + 2 * x[1] + 3 * x[2]))


def _at_ride_step(s: _Seats, caps: tuple[int, ...], tally: Tally, turn: int) -> None:
    lay = s.lay
    for g in GRADES:
        tally.hold[:, turn - 1, g - 1] += _per_seat(s.get(lay.reached + g - 1) > 0, s.n)
    for k, cap in enumerate(caps):
        got = np.minimum(s.get(lay.targets + k), cap)
        got[s.n:] += cap + 1
        tally.copies[k][:, turn - 1] += np.bincount(got, minlength=2 * (cap + 1)).reshape(2, -1)


def _at_main_phase(s: _Seats, tally: Tally, turn: int) -> None:
    for g in GRADES:
        tally.ride[:, turn - 1, g - 1] += _per_seat(s.v >= g, s.n)
    _histogram(tally.hand, turn, s.get(s.lay.size), s.n)
    shield = (s.get(s.lay.shield) * s.lay.shield_unit).reshape(2, s.n)
    tally.shield[:, turn - 1, 0] += shield.sum(axis=1)
    tally.shield[:, turn - 1, 1] += (shield * shield).sum(axis=1)


def _per_seat(x: np.ndarray, n: int) -> np.ndarray:
    return x.reshape(2, n).sum(axis=1, dtype=np.int64)


def _histogram(into: np.ndarray, turn: int, x: np.ndarray, n: int) -> None:
    """Add each seat's histogram of a small count to into[:, turn - 1]."""
    x = x.copy()
    x[n:] += LIMIT
    into[:, turn - 1] += np.bincount(x, minlength=2 * LIMIT).reshape(2, LIMIT)


def _checks(lay: Layout, top: np.ndarray, tally: Tally) -> None:
    """Tally the trigger patterns of a drive's cards and of the damage checks.

    `top` is (CHECKS, n), fixed places of the deck after the mulligan: cards taken at times
    that depend only on what came before are, unconditionally, a uniform sample of that deck
    (Kallenberg's predictable sampling theorem), so these stand for a drive or for damage checks
    made at any point of the game. A pattern packs one sample's outcome into one integer (the 3
    drive cards' trigger codes in base 7), so one bincount replaces a reduction per figure.
    """
    base = len(TRIGGERS) + 1
    codes = lay.trig[top]
    drive = sum(codes[i] * base**i for i in range(DRIVE_CARDS))
    heal, crit = trigger_index(Trigger.HEAL), trigger_index(Trigger.CRITICAL)
    check = sum(np.select([codes[i] == heal, codes[i] == crit], [1, 2]) * 3**i
                for i in range(CHECKS))
    tally.drive_hist += np.bincount(np.asarray(drive), minlength=tally.drive_hist.size)
    tally.check_hist += np.bincount(np.asarray(check), minlength=tally.check_hist.size)


def trigger_index(trigger: Trigger) -> int:
    """Return the trigger code of a trigger type (model.trigger_code's numbering)."""
    return TRIGGERS.index(trigger) + 1
