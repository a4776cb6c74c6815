"""The import paths of before the layout of issue 17 keep working (issue 37): each gives the module
it moved to, with a DeprecationWarning that names the new path, at the line that imported it."""

import importlib
import subprocess
import sys
import warnings

import pytest

import ecs_vanguard

MOVED = [
    ("ecs_vanguard.query", "ecs_vanguard.derived.query", "power"),
    ("ecs_vanguard.events", "ecs_vanguard.vocab.events", "CardMoved"),
    ("ecs_vanguard.zones", "ecs_vanguard.vocab.zones", "Zone"),
    ("ecs_vanguard.decisions", "ecs_vanguard.vocab.decisions", "Action"),
    ("ecs_vanguard.errors", "ecs_vanguard.vocab.errors", "VanguardError"),
    ("ecs_vanguard.fuzz", "ecs_vanguard.sim.fuzz", "main"),
    ("ecs_vanguard.determinize", "ecs_vanguard.perspective.determinize", "unseen_pools"),
]


def _forget(monkeypatch, old):
    """Import `old` afresh in this test, as a script that never imported it would."""
    monkeypatch.delitem(sys.modules, old, raising=False)
    name = old.rsplit(".", 1)[1]
    if name in vars(ecs_vanguard):
        monkeypatch.delattr(ecs_vanguard, name)


@pytest.mark.parametrize(("old", "new", "name"), MOVED, ids=[m[0] for m in MOVED])
def test_an_old_import_path_gives_the_new_module_and_warns(monkeypatch, old, new, name):
    _forget(monkeypatch, old)
    with pytest.warns(DeprecationWarning, match=rf"^{old} is deprecated: import {new}$") as caught:
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)          # one module, not a copy
    assert getattr(module, name) is getattr(importlib.import_module(new), name)
    assert [w.filename for w in caught if w.category is DeprecationWarning] == [__file__]
    with warnings.catch_warnings():
        warnings.simplefilter("error")                      # imported: no second warning
        assert importlib.import_module(old) is module


def test_every_old_path_is_covered_and_every_new_one_exists():
    assert {old: new for old, new, _ in MOVED} == ecs_vanguard._MOVED
    for new in ecs_vanguard._MOVED.values():
        importlib.import_module(new)


def test_a_script_sees_the_warning_at_its_own_line_by_default(tmp_path):
    """Python shows a DeprecationWarning of __main__ without any -W option: the warning must be
    attributed to the script's import line, not to the import machinery or the package."""
    script = tmp_path / "old.py"
    script.write_text("x = 1\nfrom ecs_vanguard.events import CardMoved\nimport ecs_vanguard.query\n"
                      "from ecs_vanguard import zones\nprint(zones.Zone.HAND.name)\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "HAND"
    lines = [line for line in done.stderr.splitlines() if "DeprecationWarning" in line]
    expected = [(2, "events", "vocab.events"), (3, "query", "derived.query"),
                (4, "zones", "vocab.zones")]
    assert lines == [f"{script}:{line}: DeprecationWarning: ecs_vanguard.{old} is deprecated: "
                     f"import ecs_vanguard.{new}" for line, old, new in expected]


def test_a_name_that_never_was_a_module_is_still_missing():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("ecs_vanguard.no_such_module")
