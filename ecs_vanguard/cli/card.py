"""`ecs-vanguard card`: print a card's printed information, marks and abilities.

    ecs-vanguard card DX-011                   by id
    ecs-vanguard card spark raptor             by name (any case, no quotes needed)
    ecs-vanguard card kaelrath                 by a part of a name, if only one card has it
    ecs-vanguard card MY-001 --cards my.toml   a card of your own card files

A query that no card matches, or that a part of several names matches (they are listed), is
one line of error (exit 2).
"""

from __future__ import annotations

import argparse

from ecs_vanguard.perspective.cardtext import card_sheet, find_card
from ecs_vanguard.sim.cardpool import add_cards_option, load_cards
from ecs_vanguard.vocab.text import printable


def add_options(p: argparse.ArgumentParser) -> None:
    """Add the options of the `card` subcommand (the command line adds the subcommand)."""
    p.add_argument("query", nargs="+", metavar="ID_OR_NAME",
                   help="a card id, a card name, or a part of one name")
    add_cards_option(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, argv: list[str]) -> int:
    """Print the card; a query that matches no card or several raises ArgumentError."""
    db = load_cards(args.cards)
    print(printable(card_sheet(find_card(db, " ".join(args.query)))))   # ESC shown as \x1b
    return 0
