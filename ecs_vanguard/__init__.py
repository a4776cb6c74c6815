"""ecs_vanguard: an entity-component-system rules engine for Cardfight!! Vanguard.

    import ecs_vanguard as vg
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"), seed=7)
    while not game.over:
        game.step(game.legal_actions()[0])
"""

from ecs_vanguard import agents
from ecs_vanguard._version import __version__ as __version__
from ecs_vanguard.agents import HeuristicAgent, MCTSAgent, RandomAgent
from ecs_vanguard.game import Game
from ecs_vanguard.game.scenario import Scenario
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
    "load_results",
    "load_run",
    "odds",
    "play_game",
    "replay",
    "simulate",
    "tournament",
]

