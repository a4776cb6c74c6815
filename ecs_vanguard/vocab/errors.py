"""The exception hierarchy: every user mistake is one of these, with a one-line message.

    VanguardError
    ├── CardDataError        a card TOML file is malformed (names file, card, field)
    ├── DeckError            a deck list is malformed or breaks a construction rule (CORE-02)
    ├── ScenarioError        a Scenario position is not a legal position
    ├── SimulationError      a bad simulation argument or results folder (also a ValueError)
    ├── SnapshotError        a saved game (to_json) cannot be loaded: malformed, version, cards
    ├── ReproductionError    a reproduction or game record cannot be read or does not match
    ├── OddsError            a mulligan policy, card filter or odds question cannot be read
    ├── ArgumentError        a bad argument to the Python API (also a ValueError)
    ├── PolicyFileError      a policy file (.npz) is missing or malformed (also a ValueError)
    └── IllegalActionError   step() got an action that is not legal now; nothing changed
                             (also a ValueError)
"""

from __future__ import annotations


class VanguardError(Exception):
    """Base class of every error the engine raises on purpose."""


class CardDataError(VanguardError):
    """A card file or card definition is invalid."""


class DeckError(VanguardError):
    """A deck list cannot be loaded or breaks a deck construction rule (CORE-02)."""


class ScenarioError(VanguardError):
    """A Scenario describes a position the rules do not allow."""


class IllegalActionError(VanguardError, ValueError):
    """An action that is not in `legal_actions()` was stepped or encoded; the game is unchanged."""


class ArgumentError(VanguardError, ValueError):
    """A bad argument to the Python API: a seed that is not an integer, a player not 0 or 1."""


class PolicyFileError(VanguardError, ValueError):
    """A saved policy cannot be loaded: missing, not a policy file, or arrays that do not fit."""


class SimulationError(VanguardError, ValueError):
    """A simulation run cannot start or continue: a bad argument or results folder."""


class SnapshotError(VanguardError):
    """A snapshot cannot be saved or loaded: malformed, another version, or unknown cards."""


class ReproductionError(VanguardError):
    """A reproduction file cannot be read: missing, not JSON, or a bad field."""


class OddsError(VanguardError, ValueError):
    """A mulligan policy, a card filter or a deck-odds question cannot be read or used."""
