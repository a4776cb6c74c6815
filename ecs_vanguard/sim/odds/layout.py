"""The counters a Monte Carlo row holds, packed into int64 words, and the per-card tables that
fill them (what drawing, drive-checking or giving up a card adds to each word)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ecs_vanguard.sim.odds.filters import CardFilter
from ecs_vanguard.sim.odds.model import (
    GRADES,
    OVER,
    PLAIN,
    DeckModel,
    depth,
    kind,
    ride_grade,
    trigger_code,
)
from ecs_vanguard.sim.odds.policy import HAND

_SENTINEL_KEEP = 1 << 20        # keep value of a sentinel: discarded after any shield card


@dataclass(frozen=True)
class Layout:
    """The counter fields of a row and the per-card tables that fill them.

    Fields, in order: a count per card class in hand (classes in discard order), cards of each
    ride grade that reached the hand, copies of each target that reached it, the shield in hand
    (in units of the shields' gcd), the hand size, triggers revealed by own drive checks. Each field is as wide as its largest value needs, so a deck's
    fields mostly fit one int64 word and putting a card into hand is one lookup and one add
    (measured: 1.0 -> 1.45 M decks/s against two words of 6-bit fields and a separate shield sum;
    a scatter per counter instead: 0.5 ms against 0.1 ms per draw on 64 Ki rows).
    """

    classes: int
    cls_grade: np.ndarray       # class -> ride grade (0 for others)
    cls_drive: np.ndarray
    shield_unit: int            # the shield field counts in this unit (the shields' gcd)
    word: np.ndarray            # field -> its word
    shift: np.ndarray           # field -> its lowest bit
    mask: np.ndarray            # field -> its largest value (all ones)
    bit_field: np.ndarray       # bit of word 0 -> the field holding it
    grade_mask: np.ndarray      # grade (0-3) -> the bits of word 0 of its classes' fields
    one_drive: bool             # the cards of each grade share one drive
    draw: np.ndarray            # (word, card): a card drawn into hand
    check: np.ndarray           # (word, card): a card drive-checked (CORE-11, CORE-14)
    lose: np.ndarray            # (word, class): one card of a class leaving the hand
    extra: np.ndarray           # card -> its check draws 1 (draw and over triggers)
    trig: np.ndarray            # card -> trigger code

    @property
    def words(self) -> int:
        return int(self.word.max()) + 1

    @property
    def reached(self) -> int:
        return self.classes

    @property
    def targets(self) -> int:
        return self.classes + len(GRADES)

    @property
    def shield(self) -> int:
        return len(self.word) - 3                # then the hand size and the triggers

    @property
    def size(self) -> int:
        return len(self.word) - 2


def layout(model: DeckModel, targets: tuple[CardFilter, ...]) -> Layout:
    """Build the counter layout and lookup tables of a deck's pool."""
    sig = [(ride_grade(c), c.shield, c.sentinel, c.drive) for c in model.pool]
    # discard order: the least shield first (a sentinel after every shield card), then the
    # higher grade first
    classes = sorted(set(sig), key=lambda c: (c[1] * (not c[2]) + _SENTINEL_KEEP * c[2], -c[0],
                                              c))
    cls = np.array([classes.index(s) for s in sig])
    grade = np.array([g for g, *_ in sig])
    trig = np.array([trigger_code(c) for c in model.pool])
    shields = np.array([c.shield for c in model.pool], np.int64)
    unit = max(1, int(np.gcd.reduce(shields)))
    per_card = np.zeros((len(sig), len(classes) + len(GRADES) + len(targets) + 3), np.int64)
    per_card[np.arange(len(sig)), cls] = 1
    for g in GRADES:
        per_card[:, len(classes) + g - 1] = grade == g
    for t, f in enumerate(targets):
        per_card[:, len(classes) + len(GRADES) + t] = [f.matches(c) for c in model.pool]
    shield, size, triggers = range(per_card.shape[1] - 3, per_card.shape[1])
    per_card[:, shield] = shields // unit
    per_card[:, size] = 1
    most = per_card.sum(axis=0)                   # no field can count more than this
    most[shield] = np.sort(per_card[:, shield])[::-1][:HAND + depth(model)].sum()
    most[size] = HAND + depth(model)
    most[triggers] = int((trig > 0).sum())
    widths = [int(m).bit_length() for m in most]
    word, shift = _place(widths)
    drawn = _pack(per_card, word, shift)
    per_card[[kind(c) == OVER for c in model.pool]] = 0   # CORE-14: a checked over is removed
    per_card[:, triggers] = trig > 0
    leave = np.zeros((len(classes), per_card.shape[1]), np.int64)
    for k, (_, sh, *_) in enumerate(classes):
        leave[k, k], leave[k, size], leave[k, shield] = -1, -1, -(sh // unit)
    bit_field = np.zeros(64, np.intp)
    for held in np.flatnonzero((word == 0) & (np.array(widths) > 0)):
        bit_field[shift[held]:] = held
    grade_mask = np.zeros(len(GRADES) + 1, np.int64)
    for k, (g, *_) in enumerate(classes):
        if g and word[k] == 0:
            grade_mask[g] |= int(np.int64((1 << widths[k]) - 1) << shift[k])
    drives = {(g, d) for g, _, _, d in classes if g}
    return Layout(
        grade_mask=grade_mask, one_drive=len(drives) == len({g for g, _ in drives}),
        classes=len(classes), cls_grade=np.array([c[0] for c in classes]),
        cls_drive=np.array([c[3] for c in classes]), shield_unit=unit,
        word=word, shift=shift, mask=(np.int64(1) << np.array(widths)) - 1, bit_field=bit_field,
        draw=drawn, check=_pack(per_card, word, shift), lose=_pack(leave, word, shift),
        extra=np.array([kind(c) != PLAIN for c in model.pool], bool), trig=trig)


def _place(widths: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Return each field's word and lowest bit, filling 63-bit words in order."""
    word, shift, w, bit = [], [], 0, 0
    for width in widths:
        if bit + width > 63:                      # bit 63 is the sign: left unused
            w, bit = w + 1, 0
        word.append(w)
        shift.append(bit)
        bit += width
    return np.array(word), np.array(shift)


def _pack(per_field: np.ndarray, word: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """Return the word increments (word, row) of per-field increments (row, field)."""
    out = np.zeros((int(word.max()) + 1, len(per_field)), np.int64)
    for f in range(per_field.shape[1]):
        out[word[f]] += per_field[:, f] << shift[f]
    return out
