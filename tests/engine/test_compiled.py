"""The compiled build (issue 18): mypyc compiles the hot floors from the same source, and the
compiled and pure-Python runs of the same seeded games agree on `state_hash()` after every step.

The pure run is a subprocess with ECS_VANGUARD_PURE=1 (components/_compiled.py). On a pure build
(ECS_VANGUARD_PURE=1 at install, or no C compiler) the comparison still runs, pure against pure:
it then checks the switch and the determinism across processes only, which is why CI
(CI=true), whose install compiles, fails on a pure build instead of comparing nothing.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ecs_vanguard as vg
from components import _compiled

REPO = Path(__file__).resolve().parents[2]
DECKS = {
    "standard": ("blazing_dragons", "radiant_knights", "iron_gate", "arcane_scholars"),
    "premium": ("force_vanguards", "chain_lockers", "legion_blades", "accel_strikers"),
}
GAMES = 4  # per format: about 1,000 compared steps each


def hash_traces(fmt: str, games: int) -> list[list[str]]:
    """Seeded random games of `fmt`: the state hash before the first step and after each."""
    traces = []
    names = DECKS[fmt]
    for seed in range(games):
        a, b = names[seed % len(names)], names[(seed + 1) % len(names)]
        game = vg.Game(vg.Deck.builtin(a), vg.Deck.builtin(b), seed=seed, format=fmt)
        rng = np.random.default_rng(seed)
        trace = [game.state_hash()]
        while not game.over:
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])
            trace.append(game.state_hash())
        traces.append(trace)
    return traces


def _pure_run(code: str) -> str:
    env = {
        **os.environ,
        _compiled.PURE_VARIABLE: "1",
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_no_compiled_module_was_built_from_another_source() -> None:
    """An edited module not rebuilt fails the suite (the process itself runs the sources)."""
    stale = _compiled.stale_modules()
    assert not stale, (
        f"compiled modules built from another source: {', '.join(stale)}; "
        f"rebuild with `{_compiled.REBUILD}` (or `pip install -e .` again)"
    )


def test_an_extension_built_from_another_source_or_left_by_an_older_build_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a tree of its own: an extension is current when the build recorded its source's
    digest, whatever the file times say (a wheel install or a checkout sets them in any order);
    one whose source changed since, or that the build did not record (an older build), is
    stale, and so is one of a module COMPILED does not list (Python would load it before the
    source, against a group library built without it); the group library is not a module."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    ops = tmp_path / "ecs_vanguard" / "ops"
    ops.mkdir(parents=True)
    for stem in ("zones", "emit", "cards", "orphan"):
        (ops / f"{stem}.py").write_text(f"# {stem}\n")
        (ops / f"{stem}{suffix}").write_text("")
        os.utime(ops / f"{stem}{suffix}", (100, 100))  # every extension older than its source
    (tmp_path / "ecs_vanguard" / f"_engine__mypyc{suffix}").write_text("")
    monkeypatch.setattr(_compiled, "_HERE", str(tmp_path))
    recorded = {name: _compiled.source_digest(name) for name in
                ("ecs_vanguard.ops.zones", "ecs_vanguard.ops.emit", "ecs_vanguard.ops.orphan")}
    (tmp_path / _compiled.SOURCES_FILE).write_text(json.dumps(recorded))
    assert _compiled.stale_modules() == ["ecs_vanguard.ops.cards", "ecs_vanguard.ops.orphan"]
    (ops / "emit.py").write_text("# emit, edited\n")
    os.utime(ops / "emit.py", (50, 50))  # an edit with an old time is still an edit
    assert _compiled.stale_modules() == [
        "ecs_vanguard.ops.cards", "ecs_vanguard.ops.emit", "ecs_vanguard.ops.orphan"]
    (tmp_path / _compiled.SOURCES_FILE).write_text("not json")
    assert _compiled.stale_modules() == [
        "ecs_vanguard.ops.cards", "ecs_vanguard.ops.emit", "ecs_vanguard.ops.orphan",
        "ecs_vanguard.ops.zones"]


def test_the_build_mode_says_what_runs_and_ci_runs_the_compiled_build() -> None:
    """`build_mode()` (shown by --version) matches the modules loaded; CI installs with a C
    compiler, so there every module of COMPILED must load compiled."""
    vg.Game(vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("iron_gate"), seed=1)
    mode = _compiled.build_mode()
    loaded = [name for name in _compiled.COMPILED if name in sys.modules]
    if mode == "compiled":
        assert _compiled.compiled_modules() == loaded
    elif mode.startswith("pure"):
        assert _compiled.compiled_modules() == []
    if os.environ.get("CI", "").strip().lower() == "true":
        missing = sorted(set(_compiled.COMPILED) - set(_compiled.compiled_modules()))
        assert mode == "compiled" and not missing, (
            f"CI runs a pure build ({mode}; not compiled: {missing[:5]}): install with "
            f"`pip install -e .` and a C compiler, or rebuild with `{_compiled.REBUILD}`"
        )


def test_the_pure_switch_loads_no_compiled_module() -> None:
    out = _pure_run(
        "import ecs_vanguard as vg, components._compiled as c\n"
        "vg.Game(vg.Deck.builtin('blazing_dragons'), vg.Deck.builtin('iron_gate'))\n"
        "print(c.compiled_modules(), c.build_mode())"
    )
    assert out.strip() == f"[] pure ({_compiled.PURE_VARIABLE}=1)"


@pytest.mark.parametrize("fmt", sorted(DECKS))
def test_compiled_and_pure_hash_the_same_after_every_step(fmt: str) -> None:
    ours = hash_traces(fmt, GAMES)
    theirs = json.loads(
        _pure_run(
            "import json\nfrom tests.engine.test_compiled import hash_traces\n"
            f"print(json.dumps(hash_traces({fmt!r}, {GAMES})))"
        )
    )
    assert len(theirs) == len(ours) == GAMES
    for seed, (mine, pure) in enumerate(zip(ours, theirs, strict=True)):
        first = next((i for i, (x, y) in enumerate(zip(mine, pure)) if x != y), None)
        assert first is None and len(mine) == len(pure), (
            f"{fmt} game {seed}: {_compiled.build_mode()} and pure differ "
            f"{'in length' if first is None else f'after step {first}'} "
            f"({len(mine)} and {len(pure)} hashes)"
        )


def _frozen_compiled_values() -> dict[type, object]:
    """One value of every frozen dataclass of a compiled module that random premium and
    standard games make: their events, decisions and actions, the cards' components and
    modifiers, and the continuous effects."""
    import dataclasses
    import itertools

    import esper

    found: dict[type, object] = {}

    def keep(value: object) -> None:
        cls = type(value)
        if (cls not in found and cls.__module__ in _compiled.COMPILED
                and dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen):
            found[cls] = value

    for fmt, names in DECKS.items():
        for seed, (a, b) in enumerate(itertools.pairwise(names)):
            game = vg.Game(vg.Deck.builtin(a), vg.Deck.builtin(b), seed=seed, format=fmt)
            rng = np.random.default_rng(seed)
            while not game.over:
                decision = game.state.decision
                keep(decision)
                for action in decision.actions:
                    keep(action)
                for effect in game.state.continuous:
                    keep(effect)
                for comps in esper._entities.values():
                    for component in comps.values():
                        keep(component)
                        for modifier in getattr(component, "items", ()):
                            keep(modifier)
                actions = game.legal_actions()
                game.step(actions[int(rng.integers(len(actions)))])
            for event in game.events:
                keep(event)
    return found


def test_every_frozen_compiled_class_pickles_and_copies() -> None:
    """A frozen dataclass mypyc compiles unpickles through its own __init__ (mypyc's pickling
    sets the fields one by one, which a frozen class refuses: a Modifier failed so); each one
    the games make comes back equal from pickle and deepcopy."""
    import copy
    import pickle

    from components import DressSource, HeartLink, LegionLink, Locked

    values = _frozen_compiled_values()
    for rare in (HeartLink(3, True), LegionLink(4, True), DressSource(5, True), Locked(True)):
        values.setdefault(type(rare), rare)      # statuses random games may never make
    # The printed data (cards.schema): a card with an auto ability, its ability and trigger.
    card = next(c for c in vg.CardDB.builtin().by_id.values()
                if any(a.when is not None for a in c.abilities))
    ability = next(a for a in card.abilities if a.when is not None)
    for printed in (card, ability, ability.when):
        values.setdefault(type(printed), printed)
    names = {cls.__name__ for cls in values}
    assert {"Modifier", "ContinuousEffect", "Card", "Action", "Decision", "CardMoved",
            "StepStarted", "CardDef", "AbilityDef", "When"} <= names, names
    for cls, value in values.items():
        for protocol in (2, pickle.HIGHEST_PROTOCOL):
            back = pickle.loads(pickle.dumps(value, protocol))
            assert type(back) is cls and back == value, cls
        assert copy.deepcopy(value) == value, cls
