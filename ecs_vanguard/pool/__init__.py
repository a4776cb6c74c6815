"""The card pool: CardDB (card files validated against the effect registries), Deck, the
built-in cards and decks, and the vocabulary text of the card language."""
