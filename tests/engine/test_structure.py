"""Structural rules of the code base (STYLE §1, §4): one writer of zones, a complete face."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import ecs_vanguard as vg

ROOT = Path(__file__).resolve().parents[2]


def test_only_move_card_writes_position_zone():
    """Every zone change goes through ops.zones.move_card (STYLE §4)."""
    writers = []
    for folder in ("ecs_vanguard", "systems", "components"):
        for path in (ROOT / folder).rglob("*.py"):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if re.search(r"\.zone\s*=[^=]", line):
                    writers.append(f"{path.relative_to(ROOT)}:{number}")
    assert len(writers) == 1 and writers[0].startswith("ecs_vanguard/ops/zones.py:"), writers


def test_the_face_exports_what_it_names():
    """__all__ is complete: every public name of the face is listed, and every listed name exists."""
    public = {n for n in vars(vg) if not n.startswith("_") and n not in {"annotations"}}
    modules = {n for n in public if type(getattr(vg, n)).__name__ == "module"}
    assert set(vg.__all__) == (public - modules) | {"agents"}
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
    """Every op a card file may name runs through a registered handler (issue 3); `if` and
    `pay` are compiled into steps that do (issue 9)."""
    from ecs_vanguard.cards.flow import If, Pay, compile_program
    from ecs_vanguard.cards.steps import STEP_TYPES
    from ecs_vanguard.effects import runtime

    compiled = {If: If((), (), ()), Pay: Pay((), (), ())}
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
    """Imports point down only (pyproject's import-linter contract, README "How it is built"):
    facts < continuous < query < ops < effects < systems < the facade < its users."""
    code = "import importlinter.cli as c; raise SystemExit(c.lint_imports())"
    done = subprocess.run([sys.executable, "-c", code],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "1 kept, 0 broken" in done.stdout


def test_no_late_import_dodges_a_cycle():
    """Every import of the engine's own modules sits at the top of its file; the only ones
    inside a function load plots (matplotlib) or a CLI subcommand, for start-up time."""
    allowed = {"cli.py", "__init__.py"}
    late = []
    for folder in ("ecs_vanguard", "systems", "components"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name in allowed:
                continue
            typing_only = False
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if line.startswith("if TYPE_CHECKING:"):
                    typing_only = True               # names for annotations only
                elif line and not line[0].isspace():
                    typing_only = False
                engine = re.match(r"\s+(from (ecs_vanguard|systems|components)[.\w]* import"
                                  r"|import (ecs_vanguard|systems|components))", line)
                plots = re.search(r"\bplot\b", line)
                if engine and not typing_only and not plots:
                    late.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert late == []
