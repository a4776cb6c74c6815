"""ecs_vanguard: an entity-component-system rules engine for Cardfight!! Vanguard.

    import ecs_vanguard as vg
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"), seed=7)
    while not game.over:
        game.step(game.legal_actions()[0])

The face is lazy (PEP 562): `import ecs_vanguard` loads nothing of the engine, and each name
below is imported on first use (`vg.Game`, `from ecs_vanguard import Game`), so the command line
starts without the engine (issue 18). `__all__` and `dir()` list every name.
"""

from __future__ import annotations

# Private names: the face holds no public name but those of __all__.
import importlib as _importlib
import importlib.abc as _importlib_abc
import importlib.machinery as _machinery
import sys as _sys
import typing as _typing
import warnings as _warnings
from types import ModuleType as _ModuleType

import components._compiled  # noqa: F401  (first: compiled or pure build, issue 18)
from ecs_vanguard._version import __version__ as __version__

if _typing.TYPE_CHECKING:                              # what the names below are, for mypy
    from ecs_vanguard import agents
    from ecs_vanguard.agents import HeuristicAgent, MCTSAgent, RandomAgent
    from ecs_vanguard.game import Game
    from ecs_vanguard.game.scenario import Scenario
    from ecs_vanguard.pool import extensions
    from ecs_vanguard.pool.db import CardDB
    from ecs_vanguard.pool.deck import Deck
    from ecs_vanguard.replay import replay
    from ecs_vanguard.sim.odds import odds
    from ecs_vanguard.sim.play import GameSpec, play_game
    from ecs_vanguard.sim.results import Results
    from ecs_vanguard.sim.runner import load_results, load_run, simulate
    from ecs_vanguard.sim.tournament import tournament
    from ecs_vanguard.vocab.decisions import Action, ActionKind, Decision, DecisionKind
    from ecs_vanguard.vocab.errors import (
        ArgumentError,
        CardDataError,
        DeckError,
        IllegalActionError,
        OddsError,
        ReproductionError,
        ScenarioError,
        SimulationError,
        SnapshotError,
        VanguardError,
    )
    from ecs_vanguard.vocab.formats import BattleStep, Format, Phase, Trigger
    from ecs_vanguard.vocab.zones import Circle, Zone

# Each public name and the module it comes from (the same as the imports above).
_FROM = {
    "Action": "ecs_vanguard.vocab.decisions",
    "ActionKind": "ecs_vanguard.vocab.decisions",
    "ArgumentError": "ecs_vanguard.vocab.errors",
    "BattleStep": "ecs_vanguard.vocab.formats",
    "CardDB": "ecs_vanguard.pool.db",
    "CardDataError": "ecs_vanguard.vocab.errors",
    "Circle": "ecs_vanguard.vocab.zones",
    "Decision": "ecs_vanguard.vocab.decisions",
    "DecisionKind": "ecs_vanguard.vocab.decisions",
    "Deck": "ecs_vanguard.pool.deck",
    "DeckError": "ecs_vanguard.vocab.errors",
    "Format": "ecs_vanguard.vocab.formats",
    "Game": "ecs_vanguard.game",
    "GameSpec": "ecs_vanguard.sim.play",
    "HeuristicAgent": "ecs_vanguard.agents",
    "IllegalActionError": "ecs_vanguard.vocab.errors",
    "MCTSAgent": "ecs_vanguard.agents",
    "OddsError": "ecs_vanguard.vocab.errors",
    "Phase": "ecs_vanguard.vocab.formats",
    "RandomAgent": "ecs_vanguard.agents",
    "ReproductionError": "ecs_vanguard.vocab.errors",
    "Results": "ecs_vanguard.sim.results",
    "Scenario": "ecs_vanguard.game.scenario",
    "ScenarioError": "ecs_vanguard.vocab.errors",
    "SimulationError": "ecs_vanguard.vocab.errors",
    "SnapshotError": "ecs_vanguard.vocab.errors",
    "Trigger": "ecs_vanguard.vocab.formats",
    "VanguardError": "ecs_vanguard.vocab.errors",
    "Zone": "ecs_vanguard.vocab.zones",
    "load_results": "ecs_vanguard.sim.runner",
    "load_run": "ecs_vanguard.sim.runner",
    "odds": "ecs_vanguard.sim.odds",
    "play_game": "ecs_vanguard.sim.play",
    "replay": "ecs_vanguard.replay",
    "simulate": "ecs_vanguard.sim.runner",
    "tournament": "ecs_vanguard.sim.tournament",
}
_MODULES = {"agents": "ecs_vanguard.agents",          # names of the face that are modules
            "extensions": "ecs_vanguard.pool.extensions"}

__all__ = [
    "Action",
    "ActionKind",
    "ArgumentError",
    "BattleStep",
    "CardDB",
    "CardDataError",
    "Circle",
    "Decision",
    "DecisionKind",
    "Deck",
    "DeckError",
    "Format",
    "Game",
    "GameSpec",
    "HeuristicAgent",
    "IllegalActionError",
    "MCTSAgent",
    "OddsError",
    "Phase",
    "RandomAgent",
    "ReproductionError",
    "Results",
    "Scenario",
    "ScenarioError",
    "SimulationError",
    "SnapshotError",
    "Trigger",
    "VanguardError",
    "Zone",
    "agents",
    "extensions",
    "load_results",
    "load_run",
    "odds",
    "play_game",
    "replay",
    "simulate",
    "tournament",
]


def __getattr__(name: str) -> _typing.Any:
    """Import a public name on first use and keep it (PEP 562)."""
    if name in _MODULES:
        value: _typing.Any = _importlib.import_module(_MODULES[name])
    elif name in _FROM:
        value = getattr(_importlib.import_module(_FROM[name]), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Face(_ModuleType):
    """The package module: importing the subpackage `ecs_vanguard.replay` sets the package's
    attribute `replay` to that module, which would hide the face's function `replay`."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _FROM and isinstance(value, _ModuleType):
            return                                     # the face's `replay` stays the function
        super().__setattr__(name, value)


_sys.modules[__name__].__class__ = _Face

# The import paths of before the layout of issue 17 and the modules they name now (issue 37):
# `import ecs_vanguard.query` still works, warns (DeprecationWarning) and gives the new module.
_MOVED = {
    "ecs_vanguard.decisions": "ecs_vanguard.vocab.decisions",
    "ecs_vanguard.determinize": "ecs_vanguard.perspective.determinize",
    "ecs_vanguard.errors": "ecs_vanguard.vocab.errors",
    "ecs_vanguard.events": "ecs_vanguard.vocab.events",
    "ecs_vanguard.fuzz": "ecs_vanguard.sim.fuzz",
    "ecs_vanguard.query": "ecs_vanguard.derived.query",
    "ecs_vanguard.zones": "ecs_vanguard.vocab.zones",
}


def _importer_level() -> int:
    """The warning's stack level of the line that imported an old path, in the frames the
    warnings module counts (it skips the import machinery's own): past importlib.import_module
    too, so `import_module("ecs_vanguard.query")` is blamed on its caller's line."""
    frame: _typing.Any = _sys._getframe(2)
    level = 2                                           # 1: exec_module; 2: its caller
    while frame is not None:
        name = frame.f_code.co_filename
        if "importlib" in name and "_bootstrap" in name:
            frame = frame.f_back                        # not counted by warnings
            continue
        if name != _importlib.__file__:
            break
        frame, level = frame.f_back, level + 1
    return level


class _MovedLoader(_importlib_abc.Loader):
    """Loads an old path as the module it moved to: the same module object, under both names."""

    def create_module(self, spec: _machinery.ModuleSpec) -> None:
        return None                                  # a placeholder, replaced by exec_module

    def exec_module(self, module: _ModuleType) -> None:
        old = module.__name__
        new = _MOVED[old]
        _warnings.warn(f"{old} is deprecated: import {new}", DeprecationWarning,
                       stacklevel=_importer_level())
        _sys.modules[old] = _importlib.import_module(new)   # the import system returns this one


class _MovedFinder(_importlib_abc.MetaPathFinder):
    """Finds only the old paths of _MOVED."""

    def find_spec(self, fullname: str, path: _typing.Any = None,
                  target: _typing.Any = None) -> _machinery.ModuleSpec | None:
        if fullname not in _MOVED:
            return None
        return _machinery.ModuleSpec(fullname, _MovedLoader())


if not any(isinstance(finder, _MovedFinder) for finder in _sys.meta_path):
    _sys.meta_path.append(_MovedFinder())
