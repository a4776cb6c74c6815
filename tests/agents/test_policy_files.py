"""Policies as files (agents.policy_file): saved, loaded, the same actions as before saving,
entered as `file:PATH` agents in simulate and tournament; a bad file is one line (issue 22)."""

from __future__ import annotations

import itertools
import json
import zipfile

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard.agents import (
    AgentSpec,
    LinearPolicy,
    MLPPolicy,
    PolicyAgent,
    linear,
    load_policy,
    make_agent,
    save_policy,
)
from ecs_vanguard.agents.policy_file import FORMAT, policy_digest
from ecs_vanguard.cli import main as cli
from ecs_vanguard.perspective import compact
from ecs_vanguard.perspective.observation import OBSERVATION
from ecs_vanguard.vocab.errors import PolicyFileError

DECKS = ("blazing_dragons", "radiant_knights")


def _mlp(seed: int, encoder: bool = True, k: int = 16) -> MLPPolicy:
    rng = np.random.default_rng(seed)
    width = 6 if encoder else compact.OPTION.size
    inputs = ("action_mask", "observation", "options")
    sizes = [k + OBSERVATION.size + k * width, 32, 32, k]
    layers = [(rng.normal(0, 0.3, (o, i)), rng.normal(0, 0.1, o))
              for i, o in itertools.pairwise(sizes)]
    option = (rng.normal(0, 0.3, (6, compact.OPTION.size)), rng.normal(0, 0.1, 6))
    return MLPPolicy(layers, inputs, "tanh", option if encoder else None)


def _play(policy: object, seed: int) -> tuple[list, int | None]:
    """Play the policy as deck A against the heuristic agent; return its actions, the winner."""
    game = vg.Game(vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1]), seed=seed)
    other = vg.HeuristicAgent(seed)
    mine = []
    while not game.over:
        if game.decision.player == 0:
            action = policy.choose(game)
            mine.append(action)
        else:
            action = other.act(game)
        game.step(action)
    return mine, game.winner


@pytest.mark.parametrize("make", [
    lambda: LinearPolicy(np.random.default_rng(3).normal(size=linear.SIZE)),
    lambda: _mlp(4, encoder=True),
    lambda: _mlp(13, encoder=False, k=64),   # weights whose games end by the rules (64 and
], ids=["linear", "mlp_with_option_encoder", "mlp_plain"])  # 69 decisions), not at the 2,000 limit
def test_a_saved_policy_plays_the_same_actions_after_loading(tmp_path, make):
    policy = make()
    path = save_policy(policy, tmp_path / "policy.npz")
    loaded = load_policy(path)
    assert type(loaded) is type(policy)
    for seed in (1, 2):
        before, after = _play(policy, seed), _play(loaded, seed)
        assert before == after and len(before[0]) > 20 and before[1] is not None  # a winner
    assert {k: v.tolist() for k, v in loaded.arrays().items()} == \
        {k: np.asarray(v).tolist() for k, v in policy.arrays().items()}


def test_the_mlp_plays_only_legal_slots_and_its_highest_logit():
    policy = _mlp(7, k=4)                        # fewer slots than some decisions offer
    game = vg.Game(vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1]), seed=3)
    checked = 0
    while not game.over and checked < 60:
        actions = game.legal_actions()
        action = policy.choose(game)
        slot = actions.index(action)
        assert slot < 4
        game.switch()
        player = game.decision.player
        logits = policy.logits({"observation": game.observation(player),
                                "action_mask": compact.option_mask(actions, 4),
                                "options": compact.options(game.state, player, actions, 4)})
        assert slot == int(np.argmax(np.where(compact.option_mask(actions, 4), logits,
                                              -np.inf)))
        game.step(action)
        checked += 1


def test_a_file_spec_names_the_path_and_makes_a_policy_agent(tmp_path):
    path = save_policy(LinearPolicy(np.zeros(linear.SIZE)), tmp_path / "zero.npz")
    spec = AgentSpec.parse(f"file:{path}")
    digest = policy_digest(path)
    assert str(spec) == f"file:{path}#{digest}" and len(digest) == 12
    assert AgentSpec.parse(str(spec)) == spec
    agent = make_agent(str(spec), seed=3)
    assert isinstance(agent, PolicyAgent) and isinstance(agent.policy, LinearPolicy)


def test_a_policy_file_changed_since_its_spec_was_made_is_refused(tmp_path):
    """A run records the file's digest: a worker or a resume never plays another policy."""
    path = save_policy(LinearPolicy(np.zeros(linear.SIZE)), tmp_path / "p.npz")
    text = str(AgentSpec.parse(f"file:{path}"))
    save_policy(LinearPolicy(np.ones(linear.SIZE)), path)
    with pytest.raises(ValueError, match="changed since it was named") as error:
        make_agent(text)
    assert "\n" not in str(error.value)
    assert str(AgentSpec.parse(f"file:{path}")) != text           # named anew: the new digest


def _bad_files(tmp_path):
    text = tmp_path / "text.npz"
    text.write_text("not a zip\n")
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"PK\x03\x04 truncated")
    no_format = tmp_path / "plain.npz"
    np.savez(no_format, theta=np.zeros(linear.SIZE))
    unknown = tmp_path / "unknown.npz"
    np.savez(unknown, format=np.array(FORMAT), kind=np.array("transformer"))
    short = tmp_path / "short.npz"
    np.savez(short, format=np.array(FORMAT), kind=np.array("linear"), theta=np.zeros(3))
    nan = tmp_path / "nan.npz"
    np.savez(nan, format=np.array(FORMAT), kind=np.array("linear"),
             theta=np.full(linear.SIZE, np.nan))
    chain = tmp_path / "chain.npz"
    arrays = _mlp(1, k=8).arrays()
    arrays["w1"] = np.zeros((32, 5))
    np.savez(chain, format=np.array(FORMAT), kind=np.array("mlp"), **arrays)
    missing_bias = tmp_path / "bias.npz"
    arrays = _mlp(1, k=8).arrays()
    del arrays["b0"]
    np.savez(missing_bias, format=np.array(FORMAT), kind=np.array("mlp"), **arrays)
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, format=np.array(FORMAT), kind=np.array("linear"),
             theta=np.array([object()], dtype=object))
    return {"missing": (tmp_path / "nope.npz", "no such file"),
            "text": (text, "not a .npz policy file"), "broken": (broken, "not a .npz"),
            "no_format": (no_format, "not a policy file of format"),
            "unknown": (unknown, "unknown kind 'transformer'"),
            "short": (short, "51 finite weights"), "nan": (nan, "51 finite weights"),
            "chain": (chain, "mlp layer 1"), "missing_bias": (missing_bias, "missing array 'b0'"),
            "pickled": (pickled, "not a .npz policy file"),
            "folder": (tmp_path, "a folder, not a regular file")}


def test_a_bad_or_missing_policy_file_is_one_line_naming_it(tmp_path):
    for name, (path, needle) in _bad_files(tmp_path).items():
        with pytest.raises(PolicyFileError) as error:
            load_policy(path)
        message = str(error.value)
        assert needle in message and str(path) in message, (name, message)
        assert "\n" not in message and isinstance(error.value, ValueError)
        with pytest.raises(ValueError, match="agent 'file': policy file"):
            AgentSpec.parse(f"file:{path}")


def test_a_policy_file_never_loads_pickled_objects(tmp_path):
    path = tmp_path / "evil.npz"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("format.npy", b"\x93NUMPY garbage")
    with pytest.raises(PolicyFileError, match="not a .npz policy file"):
        load_policy(path)


# -- the command line ----------------------------------------------------------------------------

def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_simulate_plays_a_saved_agent_and_records_it(tmp_path, capsys):
    # Weights whose games of this run end by the rules: most random weights move a rear-guard
    # back and forth until the engine's decision limit, 2,000 decisions a game, which records
    # and replays the same but costs the suite seconds and shows no attack or guard.
    path = save_policy(_mlp(0, k=64), tmp_path / "ppo.npz")
    out = tmp_path / "run"
    code, text, _ = _run(capsys, "simulate", "--agent-a", f"file:{path}", "--games", "3",
                         "--backend", "serial", "--out", str(out), "--seed", "4")
    assert code == 0, text
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(records) == 3
    assert all(r["winner"] is not None and r["decisions"] < 2000 for r in records), records
    assert {r["agent_a"] for r in records} == {f"file:{path}#{policy_digest(path)}"}
    # The same games again from the loaded file: same winners and moves.
    again = tmp_path / "again"
    assert _run(capsys, "simulate", "--agent-a", f"file:{path}", "--games", "3", "--backend",
                "serial", "--out", str(again), "--seed", "4")[0] == 0
    replay = [json.loads(line) for line in (again / "games.jsonl").read_text().splitlines()]
    assert [r["actions"] for r in replay] == [r["actions"] for r in records]


def test_a_tournament_enters_a_saved_agent(tmp_path, capsys):
    path = save_policy(LinearPolicy(np.ones(linear.SIZE)), tmp_path / "linear.npz")
    code, text, _ = _run(capsys, "tournament", "--agents", f"random,file:{path}",
                         "--games", "1", "--backend", "serial", "--no-out",
                         "--progress", "off")
    assert code == 0, text
    assert f"file:{path}#{policy_digest(path)}" in text and "rating" in text


def test_a_path_with_a_comma_is_quoted_and_stays_one_agent_in_a_list(tmp_path, capsys):
    """`file:"a,b.npz"` is one agent in `--agents`; its spec text quotes the path again, so
    a worker or a resume reads the same agent back; unquoted, the piece before the comma is a
    missing file, and the error says how to write such a path (alone, no quotes are needed)."""
    from ecs_vanguard.agents.spec import split_specs

    folder = tmp_path / "runs,v2"
    folder.mkdir()
    path = save_policy(LinearPolicy(np.ones(linear.SIZE)), folder / "lin,ear.npz")
    digest = policy_digest(path)
    for quote in ('"', "'"):
        texts = split_specs(f"random,file:{quote}{path}{quote},mcts:iterations=4,rollout=random")
        assert texts[0] == "random" and texts[2] == "mcts:iterations=4,rollout=random"
        spec = AgentSpec.parse(texts[1])
        assert dict(spec.options) == {"path": str(path), "digest": digest}
        assert str(spec) == f'file:"{path}"#{digest}'
        assert split_specs(f"heuristic,{spec}") == ["heuristic", str(spec)]
        assert AgentSpec.parse(str(spec)) == spec
        assert isinstance(make_agent(str(spec)), PolicyAgent)
    with pytest.raises(ValueError, match="not closed"):
        split_specs(f'random,file:"{path}')
    with pytest.raises(ValueError, match="after the quoted path"):
        AgentSpec.parse(f'file:"{path}"x')
    assert AgentSpec.parse(f"file:{path}") == spec      # alone (--agent-a), no quotes needed
    cut = split_specs(f"random,file:{path}")[1]          # in a list, unquoted: cut at the comma
    with pytest.raises(ValueError, match='no such file .*in quotes: file:"a,b.npz"'):
        AgentSpec.parse(cut)
    code, text, err = _run(capsys, "tournament", "--agents", f'random,file:"{path}"',
                           "--games", "1", "--backend", "serial", "--no-out",
                           "--progress", "off")
    assert code == 0, err
    assert f"{path}" in text and "rating" in text
    code, _, err = _run(capsys, "tournament", "--agents", f"random,file:{path}", "--games", "1",
                        "--backend", "serial", "--no-out", "--progress", "off")
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2 and len(lines) == 1 and "no such file" in lines[0], err


@pytest.mark.parametrize("command", [
    ["simulate", "--agent-a"], ["simulate", "--games", "1", "--agent-b"],
    ["tournament", "--games", "1", "--no-out", "--agents", "random,"]])
def test_the_cli_refuses_a_missing_policy_file_in_one_line(tmp_path, capsys, command):
    missing = tmp_path / "gone.npz"
    *head, last = command
    argv = [*head, last + f"file:{missing}"] if last.endswith(",") else \
        [*command, f"file:{missing}"]
    code, _, err = _run(capsys, *argv)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2 and len(lines) == 1, err
    assert lines[0].startswith("ecs-vanguard: error: ") and "no such file" in lines[0]


def test_an_environment_plays_against_a_saved_agent(tmp_path):
    pytest.importorskip("gymnasium")
    from ecs_vanguard.env import VectorEnv

    path = save_policy(_mlp(8, k=64), tmp_path / "opponent.npz")
    runs = []
    for _ in range(2):
        venv = VectorEnv(2, opponent=f"file:{path}", interface="compact")
        batch = venv.reset(seed=5)
        observed = []
        for _ in range(25):
            batch = venv.step([0, 0])
            observed.append(batch.obs.copy())
        runs.append(np.stack(observed))
    assert np.array_equal(runs[0], runs[1])
    with pytest.raises(ValueError, match="no such file"):
        VectorEnv(1, opponent=f"file:{tmp_path / 'nope.npz'}")
