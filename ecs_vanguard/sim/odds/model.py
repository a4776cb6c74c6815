"""What the deck odds play out: the shuffled pool, the ride deck, strides and each seat's turns.

Set-up (CORE-03): the starter is on VC and the other ride-deck cards sit in the ride deck, so only
the rest of the 50 is shuffled. Each own turn (CORE-04): draw 1; ride (CORE-05) the next grade,
from the ride deck when it holds that grade (discarding 1 card from hand) or else from hand; in
premium with a G deck, stride (STR-03, STR-04) when allowed and the Stride cost (discard cards
whose grades total 3 or more) can be paid; then attack with the vanguard, which drive-checks
(CORE-11) as many cards as its drive, into hand: a draw trigger also draws 1, an over trigger is
removed from the game and draws 1 (CORE-14). The first player's first turn has no battle phase.
Not modelled: card abilities (persona ride draws, gifts), cards spent on calls and guards, damage
taken (its checks are a separate question). An assumption for STR-04's "both vanguards grade 3":
the opponent rides on curve, so it is grade 3 from its own third turn on (tested in
test_STR_04_the_second_player_can_stride_on_its_third_turn).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.cards.steps import DiscardGrades
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.sim.odds.policy import HAND
from ecs_vanguard.vocab.errors import DeckError
from ecs_vanguard.vocab.formats import Trigger, UnitType, format_rules

MAX_TURN = 6                            # questions run to own turn 6
SEATS = ("first", "second")
GRADES = (1, 2, 3)                      # the grades a vanguard rides up through (CORE-05)
PLAIN, DRAWS, OVER = 0, 1, 2            # what a drive-checked card does besides going to hand
TRIGGERS = tuple(Trigger)               # trigger code k + 1 is TRIGGERS[k]; 0 is "no trigger"


@dataclass(frozen=True, slots=True)
class DeckModel:
    """One deck as the odds see it: the shuffled pool and the rules of its turns."""

    name: str
    format: str
    pool: tuple[CardDef, ...]           # the cards shuffled at set-up (CORE-03)
    starter_drive: int                  # the drive of the starting vanguard
    ride_deck: tuple[tuple[int, int], ...]   # (grade, drive) of ride-deck cards of grade 1-3
    ride_discard: int                   # CORE-05: cards discarded to ride from the ride deck
    strides: int                        # STR-03: normal-stride G units in the G deck
    stride_drive: int                   # drive of those G units (triple drive)
    stride_total: int                   # STR-03: their Stride cost, in total discarded grade

    @property
    def size(self) -> int:
        """Cards shuffled at set-up."""
        return len(self.pool)

    def ride_deck_drive(self, grade: int) -> int | None:
        """Return the drive of the ride deck's card of `grade`, or None if it has none."""
        return dict(self.ride_deck).get(grade)

    @staticmethod
    def attacks(seat: int, turn: int) -> bool:
        """CORE-04: the first player's first turn has no battle phase."""
        return not (seat == 0 and turn == 1)

    @staticmethod
    def opponent_grade3(seat: int, turn: int) -> bool:
        """STR-04 with an opponent riding on curve: grade 3 from its own third turn."""
        return (turn - 1 if seat == 0 else turn) >= 3


def kind(card: CardDef) -> int:
    """Return what a drive check of this card does besides going to hand (CORE-14)."""
    if card.trigger is Trigger.OVER:
        return OVER                     # removed from the game, draw 1: never reaches the hand
    return DRAWS if card.trigger is Trigger.DRAW else PLAIN


def ride_grade(card: CardDef) -> int:
    """Return the grade a vanguard can ride this card as (1-3), or 0 for other cards."""
    return card.grade if card.grade in GRADES and card.is_unit and card.trigger is None else 0


def trigger_code(card: CardDef) -> int:
    """Return 0 for no trigger, k + 1 for TRIGGERS[k]."""
    return 0 if card.trigger is None else TRIGGERS.index(card.trigger) + 1


def build_model(deck: Deck, db: CardDB) -> DeckModel:
    """Return the odds model of a deck.

    Raises:
        DeckError: the starter or a ride deck card is not in the main deck (CORE-02), or fewer
            cards are left to shuffle than the six turns need.
    """
    rest = Counter(deck.main)
    rest.subtract(deck.ride_deck)                 # the ride deck sits apart, starter included
    if deck.starter not in deck.ride_deck:
        rest[deck.starter] -= 1                   # the starter is on VC
    missing = sorted(c for c, k in rest.items() if k < 0)
    if missing:
        raise DeckError(f"{deck.name}: CORE-02: ride deck or starter not in the main deck: "
                        f"{', '.join(missing)}")
    pool = tuple(db[c] for c in sorted(rest.elements()))
    strides = [db[c] for c in deck.g_deck
               if db[c].unit_type is UnitType.G_UNIT and db[c].stride_cost]
    totals = [s.total for g in strides for s in g.stride_cost if isinstance(s, DiscardGrades)]
    rides = tuple(sorted({(db[c].grade, db[c].drive) for c in deck.ride_deck
                          if db[c].grade in GRADES}))
    model = DeckModel(
        name=deck.name, format=deck.format, pool=pool, starter_drive=db[deck.starter].drive,
        ride_deck=rides, ride_discard=format_rules(deck.format).ride_deck_cost_discard,
        strides=len(strides), stride_drive=max((g.drive for g in strides), default=1),
        stride_total=min(totals, default=3))
    if len(pool) < HAND + depth(model):
        raise DeckError(f"{deck.name}: {len(pool)} cards left to shuffle, the odds of "
                        f"{MAX_TURN} turns need {HAND + depth(model)}")
    return model


def max_drive(model: DeckModel, grade: int = 3, stride: bool = True) -> int:
    """Return the most drive checks one attack can make with a vanguard of at most `grade`
    (and a G unit on it, if `stride` and the deck can stride)."""
    drives = [c.drive for c in model.pool if 0 < ride_grade(c) <= grade]
    drives += [d for g, d in model.ride_deck if g <= grade]
    strides = [model.stride_drive] if stride and model.strides and grade >= 3 else []
    return max([model.starter_drive, *drives, *strides])


def depth(model: DeckModel) -> int:
    """Return how many cards after the opening hand six turns can take from the deck, at most:
    a draw a turn, the drive checks of a vanguard of at most grade t on own turn t (a stride
    from turn 3), and a card for each draw or over trigger those checks can reveal."""
    checks = sum(max_drive(model, min(t, 3)) for t in range(1, MAX_TURN + 1))
    extra = sum(kind(c) != PLAIN for c in model.pool)
    return MAX_TURN + checks + min(checks, extra)
