"""Monte Carlo deck odds: shuffle many decks at once, mulligan, play six turns per seat (numpy).

One batch holds n shuffled decks; both seats play the same shuffles (common random numbers, so
first-versus-second differences carry less noise), as rows 0..n-1 (first) and n..2n-1 (second).
Everything is an array over the batch, with loops over turns and drive checks, never over
samples. What a row holds is a set of small counters packed six bits each into int64 words, so
putting a card into hand is one table lookup and one add per word (0.5 ms -> 0.1 ms per draw on
64 Ki rows against a scatter per counter).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ecs_vanguard.rules import Trigger
from ecs_vanguard.sim.odds.filters import CardFilter
from ecs_vanguard.sim.odds.model import (
    GRADES,
    MAX_TURN,
    OVER,
    PLAIN,
    TRIGGERS,
    DeckModel,
    depth,
    kind,
    max_drive,
    ride_grade,
    trigger_code,
)
from ecs_vanguard.sim.odds.policy import HAND, MulliganPolicy

CHUNK = 1 << 15                 # decks per batch (32 Ki: 8 Ki to 64 Ki measured alike)
CHECKS = 6                      # damage checks read (CORE-12, CORE-16)
DRIVE_CARDS = 3                 # a drive of up to 3 checks (CORE-11)
BITS, PER_WORD = 6, 10          # counter width, counters per int64 word
LIMIT = 1 << BITS               # counters hold 0..63
_SENTINEL_KEEP = 1 << 20        # keep value of a sentinel: discarded after any shield card


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


@dataclass(frozen=True)
class _Layout:
    """The counter fields of a row and the per-card tables that fill them.

    Fields, in order: a count per card class in hand (classes in discard order), cards of each
    ride grade in hand, cards of each ride grade that reached the hand, copies of each target
    that reached it, the hand size, triggers revealed by own drive checks.
    """

    classes: int
    cls_grade: np.ndarray       # class -> ride grade (0 for others)
    cls_drive: np.ndarray
    cls_shield: np.ndarray
    draw: np.ndarray            # (word, card): a card drawn into hand
    check: np.ndarray           # (word, card): a card drive-checked (CORE-11, CORE-14)
    take: np.ndarray            # (word, class): one card of a class leaving the hand
    extra: np.ndarray           # card -> 1 if its check draws 1 (draw and over triggers)
    trig: np.ndarray            # card -> trigger code
    words: int

    @property
    def in_hand(self) -> int:
        return self.classes

    @property
    def reached(self) -> int:
        return self.classes + len(GRADES)

    @property
    def targets(self) -> int:
        return self.classes + 2 * len(GRADES)

    @property
    def size(self) -> int:
        return self.words * PER_WORD - 2             # then the triggers field, the last one


def _layout(model: DeckModel, targets: tuple[CardFilter, ...]) -> _Layout:
    """Build the counter layout and lookup tables of a deck's pool."""
    sig = [(ride_grade(c), c.shield, c.sentinel, c.drive) for c in model.pool]
    # discard order: the least shield first (a sentinel after every shield card), then the
    # higher grade first
    classes = sorted(set(sig), key=lambda c: (c[1] * (not c[2]) + _SENTINEL_KEEP * c[2], -c[0],
                                              c))
    fields = len(classes) + 3 * len(GRADES) + len(targets) + 2
    words = -(-fields // PER_WORD)
    size, triggers = words * PER_WORD - 2, words * PER_WORD - 1
    cls = np.array([classes.index(s) for s in sig])
    grade = np.array([g for g, *_ in sig])
    per_card = np.zeros((len(sig), words * PER_WORD), np.int64)
    per_card[np.arange(len(sig)), cls] = 1
    for g in GRADES:
        per_card[:, len(classes) + g - 1] = grade == g
        per_card[:, len(classes) + len(GRADES) + g - 1] = grade == g
    for t, f in enumerate(targets):
        per_card[:, len(classes) + 2 * len(GRADES) + t] = [f.matches(c) for c in model.pool]
    per_card[:, size] = 1
    drawn = _pack(per_card, words)
    over = np.array([kind(c) == OVER for c in model.pool])
    per_card[over] = 0                            # CORE-14: a checked over trigger is removed
    trig = np.array([trigger_code(c) for c in model.pool])
    per_card[:, triggers] = trig > 0
    leave = np.zeros((len(classes), words * PER_WORD), np.int64)
    for k, (g, *_) in enumerate(classes):
        leave[k, k] = leave[k, size] = -1
        if g:
            leave[k, len(classes) + g - 1] = -1
    return _Layout(
        classes=len(classes), cls_grade=np.array([c[0] for c in classes]),
        cls_drive=np.array([c[3] for c in classes]),
        cls_shield=np.array([c[1] for c in classes], np.int64),
        draw=drawn, check=_pack(per_card, words), take=_pack(leave, words),
        extra=np.array([kind(c) != PLAIN for c in model.pool], np.int64), trig=trig,
        words=words)


def _pack(per_card: np.ndarray, words: int) -> np.ndarray:
    """Return the word increments (word, row) of per-field increments (row, field)."""
    shifts = BITS * (np.arange(words * PER_WORD) % PER_WORD)
    scaled = per_card * (np.int64(1) << shifts)
    return scaled.reshape(len(per_card), words, PER_WORD).sum(axis=2).T.copy()


def simulate(model: DeckModel, policy: MulliganPolicy, targets: tuple[CardFilter, ...],
             caps: tuple[int, ...], samples: int, seed: int,
             progress: Callable[[int], None] | None = None) -> Tally:
    """Play `samples` shuffled decks for both seats; return the summed figures."""
    layout = _layout(model, targets)
    rng = np.random.default_rng(seed)
    tally = Tally(copies=[_zeros(2, MAX_TURN, cap + 1) for cap in caps])
    for start in range(0, samples, CHUNK):
        rows = min(CHUNK, samples - start)
        hand, top = _shuffle_and_mulligan(rng, model, policy, rows)
        _play(model, layout, caps, hand, top, tally)
        _checks(layout, top[:CHECKS], tally)
        tally.samples += rows
        if progress is not None:
            progress(rows)
    return tally


def _fisher_yates(rng: np.random.Generator, deck: np.ndarray, upto: int, start: int = 0) -> None:
    """Shuffle positions start..upto-1 of every deck in place (a partial Fisher-Yates).

    `deck` is position-major (deck[i] holds position i of every deck), so each step reads and
    writes whole rows. One vectorised swap per position for all decks at once: the top of a
    full shuffle, for the cards the odds read. Measured at 42 positions of 49 on 32 Ki decks:
    1.9 M decks/s deck-major with rng.integers per step, 2.1 M/s position-major with the
    random draws made at once (float64: 53-bit draws, no visible bias).
    """
    width, n = deck.shape
    flat = deck.reshape(-1)
    steps = np.arange(start, upto)
    span = (width - steps)[:, None]
    picks = (rng.random((steps.size, n)) * span).astype(np.int64)
    np.minimum(picks, span - 1, out=picks)                   # u * span rounding up to span
    picks += steps[:, None]
    picks *= n
    picks += np.arange(n)
    for k, i in enumerate(steps):
        j = picks[k]
        card = flat[j]
        flat[j] = deck[i]
        deck[i] = card


def _shuffle_and_mulligan(rng: np.random.Generator, model: DeckModel, policy: MulliganPolicy,
                          n: int) -> tuple[np.ndarray, np.ndarray]:
    """Shuffle, draw 5, mulligan by the policy (CORE-03); return the hand and the deck's top.

    The official procedure: return, draw as many (so not the returned cards), then shuffle the
    returned cards in. The k-th returned card swaps places with the k-th card below the hand,
    then the deck below the hand is shuffled again to the depth the turns read. Both results
    are position-major: the hand (5, n) and the top (depth, n).
    """
    size = model.size
    deck = np.repeat(np.arange(size, dtype=np.min_scalar_type(size - 1))[:, None], n, axis=1)
    reach = depth(model)
    _fisher_yates(rng, deck, 2 * HAND)
    hand, below = deck[:HAND], deck[HAND:2 * HAND]           # views
    back = policy.returned(hand, model.pool, rng)
    if not back.any():                                        # nothing returned: go on
        _fisher_yates(rng, deck, HAND + reach, 2 * HAND)
        return hand.copy(), deck[HAND:HAND + reach]
    col = np.arange(n)
    taken = np.zeros(n, np.intp)                              # cards drawn back so far
    for k in range(HAND):
        place = taken * n + col
        fresh = np.take(below, place)
        np.put(below, place, np.where(back[k], hand[k], fresh))
        hand[k] = np.where(back[k], fresh, hand[k])
        taken += back[k]
    _fisher_yates(rng, deck, HAND + reach, HAND)
    return hand.copy(), deck[HAND:HAND + reach]


class _Seats:
    """The counters and vanguards of both seats over one batch."""

    def __init__(self, layout: _Layout, hand: np.ndarray, top: np.ndarray):
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
            self.add(np.tile(hand[k], 2).astype(np.intp), layout.draw)

    def next_card(self, take: np.ndarray | None = None) -> np.ndarray:
        """Return each row's next deck card; advance the rows where `take` (all if None)."""
        card = np.take(self.top, self.pos)
        self.pos += self.n if take is None else take * self.n
        return card

    def add(self, card: np.ndarray, table: np.ndarray, where: np.ndarray | None = None) -> None:
        """Count cards by a table (layout.draw or .check), only in the rows `where`."""
        for w, per_card in enumerate(table):
            more = np.take(per_card, card)
            self.words[w] += more if where is None else more * where

    def get(self, f: int) -> np.ndarray:
        """Return counter field f of every row."""
        return (self.words[f // PER_WORD] >> (BITS * (f % PER_WORD))) & (LIMIT - 1)

    def leave(self, k: np.ndarray | int, rows: np.ndarray) -> None:
        """Take one card of class k (per row, or one class for all) out of hand in `rows`."""
        for w, per_class in enumerate(self.lay.take):
            self.words[w] += np.take(per_class, k) * rows

    def remove(self, rows: np.ndarray, classes: tuple[int, ...]) -> np.ndarray:
        """Take out of each row in `rows` the card of `classes` it least wants; return who could.

        Class fields are in discard order, so that is the lowest non-zero field of `classes`:
        with every class in word 0, one bit trick finds it instead of a loop per class.
        """
        if self.lay.classes > PER_WORD:
            first, could = np.zeros(rows.shape, np.intp), np.zeros(rows.shape, bool)
            for k in reversed(classes):
                has = self.get(k) > 0
                first, could = np.where(has, k, first), could | has
        else:
            low = self.words[0] & sum(np.int64(LIMIT - 1) << (BITS * k) for k in classes)
            low &= -low                                      # the lowest set bit
            first = np.maximum(np.frexp(low.astype(np.float64))[1] - 1, 0) // BITS
            could = low != 0                                 # frexp: exact for powers of 2
        could &= rows
        self.leave(first, could)
        return could


def _play(model: DeckModel, lay: _Layout, caps: tuple[int, ...], hand: np.ndarray,
          top: np.ndarray, tally: Tally) -> None:
    """Play own turns 1..MAX_TURN for both seats and add the figures to the tally."""
    s = _Seats(lay, hand, top)
    second = np.arange(2 * s.n) >= s.n
    s.drive[:] = model.starter_drive
    for turn in range(1, MAX_TURN + 1):
        s.add(s.next_card(), lay.draw)                          # CORE-04: draw 1
        _at_ride_step(s, caps, tally, turn)
        started_g3 = s.v == 3
        _ride(model, s)
        drive = _stride(model, s, started_g3, second, turn)
        _at_main_phase(s, tally, turn)
        attack = second | (turn > 1)                            # CORE-04
        for k in range(max_drive(model)):
            do = attack & (k < drive)
            card = s.next_card(do)
            s.add(card, lay.check, do)                          # CORE-11, CORE-14
            extra = np.take(lay.extra, card) * do               # draw, over: draw 1
            s.add(s.next_card(extra), lay.draw, extra)
        _histogram(tally.drive_triggers, turn, s.get(lay.size + 1), s.n)


def _ride(model: DeckModel, s: _Seats) -> None:
    """CORE-05: ride the next grade, from the ride deck (discarding) or else from hand."""
    lay, start = s.lay, s.v.copy()
    for g in GRADES:
        due = start == g - 1
        if not due.any():
            continue
        rd = model.ride_deck_drive(g)
        if rd is not None:
            for _ in range(model.ride_discard):                 # the ride deck's cost
                s.remove(due, tuple(range(lay.classes)))
            s.v[due], s.drive[due] = g, rd
            continue
        for d in sorted({int(x) for x in lay.cls_drive[lay.cls_grade == g]}, reverse=True):
            of_drive = tuple(k for k in range(lay.classes)
                             if lay.cls_grade[k] == g and lay.cls_drive[k] == d)
            rode = s.remove(due, of_drive)                      # the highest drive first
            s.v[rode], s.drive[rode] = g, d
            due &= ~rode


def _stride(model: DeckModel, s: _Seats, started_g3: np.ndarray, second: np.ndarray,
            turn: int) -> np.ndarray:
    """STR-03/04: stride when allowed and payable; return this turn's drive per row."""
    if not model.strides:
        return s.drive
    opponent = np.where(second, model.opponent_grade3(1, turn), model.opponent_grade3(0, turn))
    can = (s.v == 3) & (started_g3 | opponent) & (s.strides < model.strides)
    if not can.any():
        return s.drive
    lay = s.lay
    counts = {g: s.get(lay.in_hand + g - 1) for g in GRADES}
    paid = np.zeros_like(can)
    discard = {g: np.zeros(len(can), np.int8) for g in GRADES}
    for combo in _stride_costs(model.stride_total):           # the first one the hand can pay
        pay = can & ~paid
        for g, n in zip(GRADES, combo):
            pay &= counts[g] >= n
        for g, n in zip(GRADES, combo):
            discard[g] += pay * np.int8(n)
        paid |= pay
    for g in GRADES:
        of_grade = tuple(k for k in range(lay.classes) if lay.cls_grade[k] == g)
        for i in range(int(discard[g].max())):
            s.remove(discard[g] > i, of_grade)
    s.strides += paid
    return np.where(paid, model.stride_drive, s.drive).astype(np.int8)


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
    shield = np.zeros(2 * s.n, np.int64)
    for k, value in enumerate(s.lay.cls_shield):
        if value:
            shield += s.get(k) * value
    shield = shield.reshape(2, s.n)
    tally.shield[:, turn - 1, 0] += shield.sum(axis=1)
    tally.shield[:, turn - 1, 1] += (shield * shield).sum(axis=1)


def _per_seat(x: np.ndarray, n: int) -> np.ndarray:
    return x.reshape(2, n).sum(axis=1, dtype=np.int64)


def _histogram(into: np.ndarray, turn: int, x: np.ndarray, n: int) -> None:
    """Add each seat's histogram of a small count to into[:, turn - 1]."""
    x = x.copy()
    x[n:] += LIMIT
    into[:, turn - 1] += np.bincount(x, minlength=2 * LIMIT).reshape(2, LIMIT)


def _checks(lay: _Layout, top: np.ndarray, tally: Tally) -> None:
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
