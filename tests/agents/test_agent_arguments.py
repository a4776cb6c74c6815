"""Every agent refuses a bad seed, and acting on a finished game, with ArgumentError (one line,
a ValueError), never numpy's TypeError or a bare assertion."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.vocab.errors import ArgumentError

AGENTS = (vg.RandomAgent, vg.HeuristicAgent, vg.MCTSAgent)


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("seed", ["x", -1, 1.5, True])
def test_a_bad_seed_is_an_argument_error(agent, seed):
    with pytest.raises(ArgumentError, match="seed must be a non-negative integer"):
        agent(seed)


@pytest.mark.parametrize("agent", AGENTS)
def test_acting_on_a_finished_game_is_an_argument_error(agent):
    game = vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights"),
                   seed=1, turn_limit=2)
    while not game.over:
        game.step(game.legal_actions()[0])
    with pytest.raises(ArgumentError, match="the game is over"):
        agent(0).act(game)


@pytest.mark.parametrize("iterations", [0, 2.5, True, "10"])
def test_mcts_iterations_must_be_a_whole_number_of_at_least_one(iterations):
    with pytest.raises(ArgumentError, match="iterations must be"):
        vg.MCTSAgent(0, iterations=iterations)


def test_mcts_horizon_on_the_command_line_reaches_every_mcts_agent():
    """`--mcts-horizon 0` plays mcts simulations to the end; a spec's own horizon wins; a bad
    value is argparse's one-line error."""
    import argparse

    from ecs_vanguard.agents import AgentSpec
    from ecs_vanguard.cli import agents as cli_agents

    parser = argparse.ArgumentParser()
    cli_agents.add_search_options(parser)
    args = parser.parse_args(["--mcts-horizon", "0"])
    assert str(cli_agents.resolve(AgentSpec.parse("mcts"), args)) == "mcts:horizon=0"
    assert cli_agents.resolve(AgentSpec.parse("mcts:horizon=3"), args).make().horizon == 3
    assert str(cli_agents.resolve(AgentSpec.parse("random"), args)) == "random"
    for bad in ("-1", "101", "two"):
        with pytest.raises(SystemExit):
            parser.parse_args(["--mcts-horizon", bad])
