"""MCTSAgent: information-set Monte Carlo tree search (single observer, SO-ISMCTS: Cowling,
Powley and Whitehouse 2012) with a determinization of the hidden cards at every iteration.

Each simulation samples the cards the deciding player cannot see (`ecs_vanguard.perspective.determinize`),
steps one of the root's actions, descends a tree of both players' later choices by UCB1 with
availability counts among the actions legal in that sample, adds one node, plays the game out
with the rollout policy and credits every node on the path with the result of the player who
chose it. Actions are keyed by what they do, not by entity (a card on a circle by its circle, any
other card by its card id), so statistics pool across samples where hidden cards differ.

What makes a small budget count (README "For researchers" has the measurements):

- The root's actions are compared by sequential halving (Karnin, Koren and Somekh 2013): in each
  round every remaining action is simulated on the *same* fresh determinizations with the same
  random future, so actions are compared on paired samples, and the worse half leaves. The
  heuristic rollout policy's own choice stays to the last round and wins ties: the search departs
  from it only on evidence. A budget below twice the number of actions compares the policy's
  choice with others drawn at random.
- Below the root the tree widens progressively (Coulom 2007): a node holds
  1 + widening * sqrt(visits) children, the rollout policy's choice first. The default widening
  is 0 (no nodes below the root, so the rollout policy plays the rest of each simulation):
  at budgets up to a few hundred simulations, exploring later choices of both players added more
  noise than it found (regret per decision against a 96-sample oracle, 40 positions, 200
  simulations: 0.027 to 0.034 at widening 0 over three runs, 0.036 at 0.25; the heuristic
  agent's own 0.036).
- A simulation plays on with the rollout policy only to the start of the next turn (`horizon`
  1, the default) and is scored there by a static value of the position, the chance of winning
  it that a logistic model fitted on heuristic self-play reads off damage, hand, shields in
  hand, units, deck and soul (`agents.value`). A game played out to its end costs about seven
  times as much and says only "won" or "lost"; the value is cheaper and graded, so paired
  samples separate close actions sooner. Against the heuristic agent (blazing_dragons against
  radiant_knights, each deal in both seats, 50 simulations): 64.0% [57.1%, 70.3%] over 200
  games at 0.22 CPU s a decision when played to the end; with horizon 1, 75 of 80 (93.8%
  [86.2%, 97.3%]) at 0.12 CPU s a decision (README "For researchers"). `horizon=0` plays
  every simulation to the end as before.
- Decisions with a single distinct choice are not searched, and a search stops early when every
  remaining action had the same result in each of the first `settle` (16) shared samples: such
  actions are equivalent in practice (which of two empty circles, which of two identical
  guards), and about a third of the decisions of a game are like that.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ecs_vanguard.agents.base import agent_rng, pending
from ecs_vanguard.agents.heuristic import HeuristicAgent
from ecs_vanguard.agents.value import PositionValue
from ecs_vanguard.derived import query as q
from ecs_vanguard.game import Game
from ecs_vanguard.game.determinizer import Determinizer
from ecs_vanguard.vocab import checks, limits
from ecs_vanguard.vocab.decisions import Action
from ecs_vanguard.vocab.zones import Zone

ROLLOUTS = ("heuristic", "random")
_CIRCLE_ZONES = (Zone.VC, Zone.RC)
Key = tuple


@dataclass(slots=True)
class _Node:
    """Statistics of one action taken from the parent's information set."""

    player: int = -1                       # who chose the action leading here
    visits: int = 0
    reward: float = 0.0                    # summed results for `player` (win 1, draw 0.5)
    available: int = 1                     # times the action was legal when its parent was seen
    children: dict[Key, _Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        """The mean result for `player` (0.5 before any visit)."""
        return self.reward / self.visits if self.visits else 0.5


class MCTSAgent:
    """Choose by information-set MCTS; seeded and budgeted, so a game is reproducible.

    Args:
        seed: seeds the agent's generator (determinizations, rollouts, tie breaks).
        iterations: simulations per searched decision (the budget).
        rollout: "heuristic" (HeuristicAgent for both players) or "random" (uniform).
        exploration: the UCB1 constant c in mean + c * sqrt(ln(available) / visits).
        widening: children of a node below the root: 1 + widening * sqrt(visits); 0 (the
            default) grows no tree below the root (module doc).
        settle: stop early once the remaining actions had equal results in this many shared
            samples (0: never); the actions are then taken to be equivalent.
        horizon: turns a simulation plays before the position value (agents.value) judges
            it: 1 ends it when the next turn starts; 0 plays every simulation to the game's end.

    Raises:
        ArgumentError: a budget below 1 or above limits.MAX_MCTS_ITERATIONS, an unknown
            rollout, or a constant that is negative, not finite or above MAX_MCTS_CONSTANT.
    """

    def __init__(self, seed: int = 0, iterations: int = 200, rollout: str = "heuristic",
                 exploration: float = 0.7, widening: float = 0.0, settle: int = 16,
                 horizon: int = 1) -> None:
        self.iterations = checks.integer(iterations, "iterations", low=1,
                                         high=limits.MAX_MCTS_ITERATIONS)
        self.rollout = checks.one_of(rollout, "rollout", ROLLOUTS)
        self.exploration = checks.real(exploration, "exploration", low=0.0,
                                       high=limits.MAX_MCTS_CONSTANT)
        self.widening = checks.real(widening, "widening", low=0.0, high=limits.MAX_MCTS_CONSTANT)
        self.settle = checks.integer(settle, "settle", low=0, high=limits.MAX_MCTS_ITERATIONS)
        self.horizon = checks.integer(horizon, "horizon", low=0, high=limits.MAX_MCTS_HORIZON)
        self._value = PositionValue.builtin() if self.horizon else None
        self.rng = agent_rng(seed)
        self._heuristic = HeuristicAgent(0)
        self._rollout_rng = np.random.default_rng(0)
        self._policy: Callable[[Game], Action] = (
            self._heuristic.act if rollout == "heuristic" else self._random_action)
        self.searched = 0                  # decisions searched so far
        self.last_search: dict[Action, _Node] = {}   # root action -> its statistics

    def act(self, game: Game) -> Action:
        """Return the action of the pending decision that the search finds best."""
        decision = pending(game)
        choices = _distinct(game)
        if len(choices) == 1:
            return next(iter(choices.values()))
        self.searched += 1
        default = _key_of(game, self._policy(game)) if self.rollout == "heuristic" else None
        roots = {k: _Node(player=decision.player) for k in choices}
        survivors = self._halve(Determinizer(game, decision.player), choices, roots, default)
        best = max(survivors, key=lambda k: (roots[k].mean, k == default))
        self.last_search = {choices[k]: node for k, node in roots.items()}
        return choices[best]

    def _halve(self, sampler: Determinizer, choices: dict[Key, Action], roots: dict[Key, _Node],
               default: Key | None) -> list[Key]:
        """Sequential halving on paired samples (module doc); return the last round's actions."""
        survivors = self._candidates(list(choices), default)
        results: dict[Key, list[float | None]] = {k: [] for k in survivors}
        rounds = max(1, math.ceil(math.log2(len(survivors))))
        left = self.iterations
        for r in range(rounds):
            per_action = max(1, left // (rounds - r) // len(survivors))
            for _ in range(per_action):
                for key, result in self._paired_round(sampler, survivors, choices, roots).items():
                    results[key].append(result)
                if self._settled(survivors, results):
                    return survivors
            left -= per_action * len(survivors)
            if r < rounds - 1:
                survivors = _better_half(survivors, roots, default)
        return survivors

    def _settled(self, keys: list[Key], results: dict[Key, list[float | None]]) -> bool:
        """True when every remaining action had the same result in each of at least `settle`
        shared samples: they are most likely equivalent, and the rest of the budget is saved."""
        first = results[keys[0]]
        return (self.settle > 0 and len(first) >= self.settle
                and all(results[k] == first for k in keys[1:]))

    def statistics(self) -> dict[Action, tuple[int, float]]:
        """Return the last search's root: action -> (simulations, mean result for the
        deciding player, a win 1 and a draw 0.5)."""
        return {a: (node.visits, node.mean) for a, node in self.last_search.items()}

    def _candidates(self, keys: list[Key], default: Key | None) -> list[Key]:
        """Return the actions the budget can compare: all of them when it allows two
        simulations each, else the policy's choice and others drawn at random."""
        room = max(2, self.iterations // 2)
        if len(keys) <= room:
            return keys
        others = [k for k in keys if k != default]
        drawn = [others[i] for i in sorted(self.rng.choice(len(others), room, replace=False))]
        return [default, *drawn[:room - 1]] if default is not None else drawn

    def _paired_round(self, sampler: Determinizer, keys: list[Key], choices: dict[Key, Action],
                      roots: dict[Key, _Node]) -> dict[Key, float | None]:
        """Simulate each action once on one determinization with one random future; return
        each one's result (None where it is not legal in that sample: no evidence)."""
        world = sampler.sample(self.rng)
        seed = int(self.rng.integers(2**63))
        offered = world.decision.actions  # type: ignore[union-attr]
        out: dict[Key, float | None] = {key: None for key in keys}
        legal = [key for key in keys if choices[key] in offered]
        future: np.random.Generator | None = None
        for n, key in enumerate(legal):
            # The sample is not needed after the round: the last action plays on it itself.
            game = world if n == len(legal) - 1 else world.clone()
            # Every action starts from the same random future: one generator, its start state
            # put back each time (a fresh default_rng(seed) costs several times as much).
            if future is None:
                future = np.random.default_rng(seed)
                start = future.bit_generator.state
            else:
                future.bit_generator.state = start
            self._heuristic.rng = self._rollout_rng = future
            game.step(choices[key])
            out[key] = self._simulate(roots[key], game)
        return out

    def _simulate(self, top: _Node, game: Game) -> float:
        """Descend from a root action's node, expand one node, roll out, credit the path;
        return the result for the root action's player."""
        node, path = top, [top]
        while self.widening > 0 and not game.over:
            choices = _distinct(game)
            if len(choices) == 1:
                game.step(next(iter(choices.values())))
                continue
            for key in choices:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            key = self._select(node, game, choices)
            child = node.children.get(key)
            if child is None:
                node.children[key] = child = _Node(player=game.decision.player)  # type: ignore
                path.append(child)
                game.step(choices[key])
                break
            node = child
            path.append(node)
            game.step(choices[key])
        result = self._play_out(game, top.player)
        for visited in path:
            visited.visits += 1
            visited.reward += result if visited.player == top.player else 1.0 - result
        return result

    def _select(self, node: _Node, game: Game, choices: dict[Key, Action]) -> Key:
        """Return a new action while the node may widen (the policy's first), else UCB1's."""
        known = [k for k in choices if k in node.children]
        room = 1 + int(self.widening * math.sqrt(node.visits))
        if len(known) < min(room, len(choices)):
            preferred = _key_of(game, self._policy(game))
            if preferred not in node.children:
                return preferred
            untried = [k for k in choices if k not in node.children]
            return untried[int(self.rng.integers(len(untried)))]
        c = self.exploration
        return max(known, key=lambda k: _ucb(node.children[k], c))

    def _play_out(self, game: Game, player: int) -> float:
        """Play on with the rollout policy to the game's end or, with a horizon, to the start
        of the horizon's turn; return `player`'s result (win 1, draw 0.5) or its value there."""
        policy = self._policy
        if self._value is None:
            while not game.over:
                game.step(policy(game))
            return 0.5 if game.winner is None else float(game.winner == player)
        last = game.turn + self.horizon
        while not game.over and game.turn < last:
            game.step(policy(game))
        return self._value(game, player)

    def _random_action(self, game: Game) -> Action:
        actions = game.decision.actions  # type: ignore[union-attr]
        return actions[int(self._rollout_rng.integers(len(actions)))]


def _ucb(node: _Node, c: float) -> float:
    if not node.visits:
        return math.inf
    return node.mean + c * math.sqrt(math.log(node.available) / node.visits)


def _better_half(keys: list[Key], roots: dict[Key, _Node], default: Key | None) -> list[Key]:
    """Keep the better half by mean result (ties: the policy's choice, then legal order); the
    policy's own choice always stays."""
    ranked = sorted(keys, key=lambda k: (-roots[k].mean, k != default))
    kept = ranked[:max(1, (len(keys) + 1) // 2)]
    if default in keys and default not in kept:
        kept[-1] = default
    return kept


def _distinct(game: Game) -> dict[Key, Action]:
    """Return the legal actions by what they do (the first of each kind of doing)."""
    game.switch()
    out: dict[Key, Action] = {}
    for action in game.decision.actions:  # type: ignore[union-attr]
        out.setdefault(_key(game, action), action)
    return out


def _key_of(game: Game, action: Action) -> Key:
    game.switch()
    return _key(game, action)


def _key(game: Game, action: Action) -> Key:
    """Describe an action by what it does: card fields as circles or card ids."""
    return (action.kind, _card_key(game, action.card), _card_key(game, action.target),
            action.circle, action.index)


def _card_key(game: Game, card: int) -> object:
    """A card on a circle is its (owner, circle); any other card its (zone, card id)."""
    if card < 0:
        return None
    pos = q.position(card)
    if pos.zone in _CIRCLE_ZONES:
        return (pos.owner, pos.circle)
    return (pos.zone, game.state.card(card).id)
