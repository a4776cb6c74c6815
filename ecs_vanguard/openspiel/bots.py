"""Bots for `python_vanguard`, and the guard that turns OpenSpiel's C++ tree-search bots' crash
on a Python game into an error (README "OpenSpiel").

- `ISMCTSBot`: OpenSpiel's Python IS-MCTS bot (`open_spiel.python.algorithms.ismcts`) with
  what `evaluate_bots` asks of a bot, `restart_at` and `inform_action` (the Python bot
  searches afresh at every step, so both have nothing to do; pyspiel's base Bot raises
  "RestartAt unimplemented").
- The C++ bots `pyspiel.MCTSBot` and `pyspiel.ISMCTSBot` crash the process (a segmentation
  fault) on any game written in Python, OpenSpiel's own `python_tic_tac_toe` too: their
  `step` is bound with the GIL released (`py::call_guard<py::gil_scoped_release>`), and
  pyspiel's bridge to a Python game then calls into Python without taking the GIL back:
  `PyState::Clone` (MCTSBot, to expand its tree) and `PyGame::MakeObserver` (ISMCTSBot, for
  the information-state key) import and call Python code with no thread state, and Python
  dies on the first object it touches (a gdb backtrace shows `PyImport_ImportModule` from
  `open_spiel::PyState::Clone` under `MCTSBot::ApplyTreePolicy`). No game written in Python
  can avoid this: the fix belongs in pyspiel (acquire the GIL in those two functions).
  `guard_cpp_bots()`, run on `import ecs_vanguard.openspiel`, replaces the two names in
  `pyspiel` by subclasses that refuse a Python game with `CppBotError` before the search
  starts and pass every C++ game through unchanged.
"""

from __future__ import annotations

from typing import Any

import pyspiel
from open_spiel.python.algorithms import ismcts

from ecs_vanguard.vocab.errors import ArgumentError


class CppBotError(ArgumentError):
    """A C++ bot of pyspiel asked to search a game written in Python (module doc)."""


_WHY = ("pyspiel's C++ {bot} would crash the process on a game written in Python ({game}): "
        "its step releases the GIL and pyspiel's Python-game bridge then calls Python without "
        "it. Use the Python bots (open_spiel.python.algorithms.mcts.MCTSBot, "
        "ecs_vanguard.openspiel.bots.ISMCTSBot)")


def is_python_game(game: Any) -> bool:
    """True for a game implemented in Python (a pyspiel.Game subclass defined outside pyspiel)."""
    return not type(game).__module__.startswith("pyspiel")


def _refuse_python_game(bot: str, game: Any) -> None:
    if is_python_game(game):
        raise CppBotError(_WHY.format(bot=bot, game=game.get_type().short_name))


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python IS-MCTS bot, playable by `evaluate_bots` (module doc); the same
    arguments as `open_spiel.python.algorithms.ismcts.ISMCTSBot`."""

    def restart_at(self, state: Any) -> None:
        """Forget any search (each step searches afresh)."""
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to update: each step searches afresh from the state it is given."""

    def inform_actions(self, state: Any, actions: list[int]) -> None:
        """Nothing to update (as inform_action)."""


_CPP: dict[str, Any] = {}


def guard_cpp_bots() -> None:
    """Replace pyspiel.MCTSBot and pyspiel.ISMCTSBot by subclasses that refuse a Python game
    (CppBotError, a ValueError) instead of crashing; C++ games play as before. Idempotent."""
    if _CPP:
        return
    _CPP["MCTSBot"], _CPP["ISMCTSBot"] = pyspiel.MCTSBot, pyspiel.ISMCTSBot

    base_mcts: Any = _CPP["MCTSBot"]
    base_ismcts: Any = _CPP["ISMCTSBot"]

    class MCTSBot(base_mcts):  # type: ignore[misc]
        __doc__ = _CPP["MCTSBot"].__doc__

        def __init__(self, game: Any, *args: Any, **kwargs: Any) -> None:
            _refuse_python_game("MCTSBot", game)
            super().__init__(game, *args, **kwargs)

    class CppISMCTSBot(base_ismcts):  # type: ignore[misc]
        __doc__ = _CPP["ISMCTSBot"].__doc__

        def step(self, state: Any) -> int:
            _refuse_python_game("ISMCTSBot", state.get_game())
            return int(super().step(state))

        def step_with_policy(self, state: Any) -> Any:
            _refuse_python_game("ISMCTSBot", state.get_game())
            return super().step_with_policy(state)

    CppISMCTSBot.__name__ = CppISMCTSBot.__qualname__ = "ISMCTSBot"
    for cls in (MCTSBot, CppISMCTSBot):
        cls.__module__ = "pyspiel"
    pyspiel.MCTSBot, pyspiel.ISMCTSBot = MCTSBot, CppISMCTSBot
