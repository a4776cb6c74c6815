"""Structural rules of the code base (docs/design.md "Floors"; issue 17): one writer of zones,
a complete face, one folder per floor, imports that point down with no circle."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import ecs_vanguard as vg

ROOT = Path(__file__).resolve().parents[2]


def test_only_move_card_writes_position_zone():
    """Every zone change goes through ops.zones.move_card (CORE-20: one place moves cards).
    Position's own constructor sets the zone of a new object, which moves nothing."""
    writers = []
    constructor = (Path("components/position.py"), "self.zone = zone")
    for folder in ("ecs_vanguard", "systems", "components"):
        for path in (ROOT / folder).rglob("*.py"):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if (path.relative_to(ROOT), line.strip()) == constructor:
                    continue
                if re.search(r"\.zone\s*=[^=]", line):
                    writers.append(f"{path.relative_to(ROOT)}:{number}")
    assert len(writers) == 1 and writers[0].startswith("ecs_vanguard/ops/zones.py:"), writers


def test_the_face_exports_what_it_names():
    """__all__ is complete: every public name of the face is listed, and every listed name exists."""
    for name in vg.__all__:                # the face is lazy (issue 18): load every name first
        getattr(vg, name)
    public = {n for n in vars(vg) if not n.startswith("_") and n not in {"annotations"}}
    modules = {n for n in public if type(getattr(vg, n)).__name__ == "module"}
    assert set(vg.__all__) == (public - modules) | {"agents", "extensions"}
    assert all(hasattr(vg, name) for name in vg.__all__)


def test_systems_import_first_in_a_fresh_interpreter():
    """`systems` sits outside the package yet imports it; importing it first must work."""
    code = "import systems.order; import ecs_vanguard; print(sorted(systems.order.PRIORITY))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         check=False)
    assert out.returncode == 0, out.stderr
    assert "TriggerSystem" in out.stdout


def test_the_tick_order_runs_the_named_systems_in_order():
    """StrideSystem, LegionSyncSystem, ..., RuleProcessSystem, TriggerSystem run in this order."""
    import esper

    from systems.order import PRIORITY

    deck = vg.Deck.builtin("blazing_dragons")
    game = vg.Game(deck, deck, seed=0)
    game.switch()
    names = [type(p).__name__ for p in esper._processors]
    assert names == sorted(PRIORITY, key=PRIORITY.get, reverse=True)
    assert names.index("RuleProcessSystem") < names.index("TriggerSystem")


def test_every_step_of_the_card_vocabulary_has_a_handler():
    """Every op a card file may name runs through a registered handler (issue 3); `if`,
    `pay` and `choose_one` are compiled into steps that do (issue 9, issue 39)."""
    from ecs_vanguard.cards.flow import ChooseOne, If, Pay, compile_program
    from ecs_vanguard.cards.steps import STEP_TYPES
    from ecs_vanguard.effects import runtime

    compiled = {If: If((), (), ()), Pay: Pay((), (), ()), ChooseOne: ChooseOne((), ())}
    missing = [name for name, cls in STEP_TYPES.items() if cls not in runtime.HANDLERS
               and not all(type(s) in runtime.HANDLERS
                           for s in compile_program((compiled.get(cls),)))]
    assert missing == []


def test_abilities_move_cards_only_through_ops():
    """No effect handler changes a zone list or a component by hand: they call ops (issue 3)."""
    offenders = []
    for path in (ROOT / "ecs_vanguard" / "effects").glob("*.py"):
        text = path.read_text()
        for pattern in (r"\.zones\[[^\]]+\]\[[^\]]+\]\.(append|insert|remove|pop)\(",
                        r"esper\.(add|remove)_component", r"\.face_up\s*=[^=]", r"\.rested\s*=[^=]"):
            if re.search(pattern, text):
                offenders.append(f"{path.name}: {pattern}")
    assert offenders == []


def test_scenario_refuses_positions_the_rules_never_reach():
    """A Scenario past the turn limit or with a battle in turn 1 is refused (CORE-04, CORE-16)."""
    import pytest

    db = vg.CardDB.builtin()
    base = vg.Scenario(db).player(0, vanguard="DX-004").player(1, vanguard="DX-104")
    with pytest.raises(vg.ScenarioError, match="turn limit"):
        base.start(turn=150)
    with pytest.raises(vg.ScenarioError, match="CORE-04"):
        base.start(turn=1, phase="battle")


def test_the_layers_contract_holds():
    """Imports point down only, type-only imports included (pyproject's import-linter contract,
    README "How it is built"): one line per floor, vocab < cards < state < derived < ops <
    effects < pool < systems | perspective < game < replay < agents < sim | env < cli."""
    code = "import importlinter.cli as c; raise SystemExit(c.lint_imports(no_cache=True))"
    done = subprocess.run([sys.executable, "-c", code],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "1 kept, 0 broken" in done.stdout
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert config["exclude_type_checking_imports"] is False
    assert len(config["contracts"][0]["layers"]) <= 16


def _modules() -> dict[str, Path]:
    """Every module of the three packages by dotted name (a package by its __init__)."""
    found = {}
    for folder in ("ecs_vanguard", "systems", "components"):
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(modules: dict[str, Path]) -> dict[str, dict[str, str]]:
    """Return module -> {imported project module: "top" | "type" | "function"}."""
    def resolve(name: str) -> str | None:
        parts = name.split(".")
        while parts and ".".join(parts) not in modules:
            parts.pop()
        return ".".join(parts) or None

    graph: dict[str, dict[str, str]] = {}
    for name, path in modules.items():
        found: dict[str, str] = {}
        _collect(ast.parse(path.read_text()), "top", resolve, found)
        found.pop(name, None)
        graph[name] = found
    return graph


def _collect(node: ast.AST, where: str, resolve, found: dict[str, str]) -> None:
    """Record the project modules imported under `node`, and where: at the top, for typing
    only, or inside a function."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            _collect(child, "function", resolve, found)
        elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            _collect(child, "type", resolve, found)
        elif isinstance(child, ast.Import):
            for alias in child.names:
                if target := resolve(alias.name):
                    found.setdefault(target, where)
        elif isinstance(child, ast.ImportFrom) and child.module and not child.level:
            for alias in child.names:
                if target := resolve(f"{child.module}.{alias.name}") or resolve(child.module):
                    found.setdefault(target, where)
        else:
            _collect(child, where, resolve, found)


def test_no_two_files_import_each_other():
    """No import circle between files, type-only imports included (issue 17): a reader can
    tell what depends on what from the imports alone."""
    graph = _imports(_modules())
    cycles = []
    state: dict[str, int] = {}                 # 1: on the current path, 2: done

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                cycles.append(" -> ".join(path[path.index(target):] + [module, target]))
            elif target not in state:
                walk(target, path + [module])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module, [])
    assert cycles == []


def test_no_late_import_dodges_a_cycle():
    """Every import of the engine's own modules sits at the top of its file, but for the
    command line's lazy imports (start-up time); plotting imports matplotlib when it draws."""
    late = [f"{module} -> {target}" for module, targets in _imports(_modules()).items()
            for target, where in targets.items()
            if where == "function" and not module.startswith("ecs_vanguard.cli")]
    assert late == []


def test_the_package_has_one_folder_per_floor():
    """At most 16 modules and folders directly in ecs_vanguard/ (issue 17), the face aside."""
    aside = {"__init__.py", "__main__.py", "_version.py", "py.typed", "__pycache__",
             "_compiled_sources.json"}                   # the compiled build's, not floors
    entries = sorted(p.name for p in (ROOT / "ecs_vanguard").iterdir()
                     if p.name not in aside and not p.name.startswith("_engine__mypyc"))
    assert len(entries) <= 16, entries
    assert all((ROOT / "ecs_vanguard" / e / "__init__.py").exists() for e in entries
               if (ROOT / "ecs_vanguard" / e).is_dir())


def test_a_state_field_without_a_clone_rule_is_refused():
    """Every field of State and of its bookkeeping declares how a clone copies it; a class
    with a field that declares none cannot be made into clone rules (issue 17)."""
    import dataclasses

    import pytest

    from ecs_vanguard.state.core import SHARED, Bookkeeping, State, clone_rules, cloned

    assert {name for name, _ in clone_rules(State)} == {f.name for f in dataclasses.fields(State)}
    assert len(clone_rules(Bookkeeping)) == len(dataclasses.fields(Bookkeeping))

    @dataclasses.dataclass
    class Careless:
        kept: int = cloned(SHARED, default=0)
        forgotten: list[int] = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="Careless.forgotten declares no clone rule"):
        clone_rules(Careless)


def _non_default(value: object) -> object:
    """A value of the same kind as a FRESH field's default, but not it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, set):
        return {123456}
    if isinstance(value, dict):
        return {123456: 1}
    raise AssertionError(f"no other value made for a default of {type(value).__name__}")


def _check_clone_follows_rules(source: object, clone: object, rules, where: str) -> None:
    from ecs_vanguard.state.core import (
        COPIED,
        COPIED_OR_NONE,
        EACH_COPIED,
        FORKED,
        SHARED,
        _clone_bookkeeping,
        _Default,
        _shared_from_now,
    )

    for name, rule in rules:
        mine, theirs = getattr(source, name), getattr(clone, name)
        what = f"{where}.{name}"
        if rule is SHARED:
            # A field of a compiled class typed int, bool or tuple is stored unboxed and boxed
            # anew at each read: shared means an equal number, or a tuple of the same objects.
            if isinstance(mine, tuple):
                same = all(a is b for a, b in zip(theirs, mine, strict=True))
            elif isinstance(mine, int | float | str):
                same = type(theirs) is type(mine) and theirs == mine
            else:
                same = theirs is mine
            assert same, f"{what} is SHARED: the clone keeps the same object"
        elif rule in (COPIED, EACH_COPIED, FORKED) or (rule is COPIED_OR_NONE and mine is not None):
            assert theirs is not mine, f"{what} must be the clone's own ({rule.__name__})"
            if rule is not FORKED:
                assert theirs == mine, f"{what}: a copy equal to the original"
            if rule is EACH_COPIED:
                assert all(a is not b for a, b in zip(theirs, mine, strict=True)), what
        elif rule is COPIED_OR_NONE:
            assert theirs is None, what
        elif isinstance(rule, _Default):
            default = rule.factory() if rule.factory is not None else rule.default
            assert theirs == default and theirs is not mine, f"{what} is FRESH: its default"
        elif rule is _shared_from_now:
            assert theirs is True, what
        elif rule is _clone_bookkeeping:
            from ecs_vanguard.state.core import Bookkeeping, clone_rules
            _check_clone_follows_rules(mine, theirs, clone_rules(Bookkeeping), what)
        else:
            raise AssertionError(f"{what}: a rule this test does not know ({rule!r})")


def test_the_written_out_clone_copies_every_field_by_the_rule_it_declares():
    """clone_state is written out field by field (compiled, issue 34): on states of random
    games, each field of the clone (and of its bookkeeping) is shared, copied, forked, fresh or
    copied item by item exactly as the field declares; FRESH fields are given non-default
    values first, so a copy in their place would show."""
    import numpy as np

    import ecs_vanguard as vg
    from ecs_vanguard.state.core import Bookkeeping, State, clone_rules, clone_state

    for seed, fmt, decks in ((1, "standard", ("blazing_dragons", "radiant_knights")),
                             (2, "premium", ("force_vanguards", "legion_blades"))):
        game = vg.Game(*(vg.Deck.builtin(d) for d in decks), seed=seed, format=fmt)
        rng = np.random.default_rng(seed)
        checked = 0
        while not game.over and checked < 40:
            state = game.state
            for name, rule in clone_rules(Bookkeeping):
                if type(rule).__name__ == "_Default":
                    setattr(state.engine, name, _non_default(rule(None)))
            _check_clone_follows_rules(state, clone_state(state), clone_rules(State), "State")
            game = game.clone()          # the original's bookkeeping was bent: go on in a clone
            checked += 1
            for _ in range(5):
                if not game.over:
                    actions = game.legal_actions()
                    game.step(actions[int(rng.integers(len(actions)))])
        assert checked >= 10
