"""The README runs as written (examples cannot drift from the API): each Python block
alone in a fresh interpreter, and the commands name only files that exist or visible templates."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
_BLOCK = re.compile(r"```(python|bash)\n(.*?)```", re.DOTALL)


def _blocks(language: str) -> list[tuple[int, str]]:
    """Return (line, text) of every README block in `language`."""
    text = README.read_text()
    return [(text[:m.start()].count("\n") + 1, m.group(2)) for m in _BLOCK.finditer(text)
            if m.group(1) == language]


PYTHON_BLOCKS = _blocks("python")


@pytest.mark.parametrize("line, block", PYTHON_BLOCKS, ids=[f"line{n}" for n, _ in PYTHON_BLOCKS])
def test_readme_python_block_runs_alone(tmp_path, line, block):
    """Every Python block of the README runs as written and alone (its own imports), in a fresh
    interpreter, in a folder that holds only the repository's examples."""
    (tmp_path / "examples").symlink_to(REPO / "examples")
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    done = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, check=False,
                          env={**os.environ, "PYTHONPATH": path, "MPLBACKEND": "Agg"})
    assert done.returncode == 0, f"README.md:{line}: {done.stderr[-3000:]}"


def test_readme_has_python_blocks_of_each_part():
    assert len(PYTHON_BLOCKS) >= 8
    assert any("vg.load_run(" in block for _, block in PYTHON_BLOCKS)


_OUTPUTS = ("--out", "--plot")                   # options that name what a command writes
_INPUTS = ("--gauntlet", "--cards", "--deck-a", "--deck-b", "--mulligan")


def test_readme_commands_read_only_files_of_the_repository_or_visible_templates():
    """A file or folder a README command reads is in the repository, or is written in angle
    brackets (`<their_deck.toml>`) as the user's to fill in; results directories (`runs/...`)
    are made by the commands before them."""
    missing = []
    for line, block in _blocks("bash"):
        for k, command in enumerate(block.splitlines()):
            words = shlex.split(command, comments=True)
            for before, word in zip(["", *words], words, strict=False):
                if "<" in word or before in _OUTPUTS or word.startswith("runs/"):
                    continue
                named = before in _INPUTS and ("/" in word or word.endswith(".toml"))
                reads = named or word.endswith((".toml", ".py", ".json"))
                if reads and not (REPO / word).exists():
                    missing.append(f"README.md:{line + 1 + k}: {word}")
    assert not missing, missing


def test_readme_first_commands_are_install_then_tests():
    text = README.read_text()
    first = re.search(r"```bash\n(.*?)\n(.*?)\n```", text, re.DOTALL)
    assert first is not None
    assert first.group(1).startswith("pip install -e .[dev] && ecs-vanguard simulate")
    assert first.group(2).startswith("python -m pytest")
    # CI runs these two lines as the README writes them, in a virtual environment of its own.
    ci = (README.parent / ".ci" / "run").read_text()
    assert "python3 -m venv" in ci and "README.md" in ci
    assert 'eval "$install"' in ci and 'eval "$tests"' in ci


def test_readme_card_and_deck_examples_load(tmp_path):
    """The README's TOML examples are a valid card file and a valid standard deck."""
    import ecs_vanguard as vg

    blocks = re.findall(r"```toml\n(.*?)```", README.read_text(), re.DOTALL)
    card_text = next(b for b in blocks if b.startswith("[[card]]"))
    deck_text = next(b for b in blocks if "ride_deck" in b)
    abilities = [b for b in blocks if b.startswith("[[card.ability]]")]
    (tmp_path / "card.toml").write_text(card_text + "\n" + "\n".join(abilities))
    (tmp_path / "deck.toml").write_text(deck_text)
    db = vg.CardDB.load(tmp_path / "card.toml", base=vg.CardDB.builtin())
    assert db["MY-001"].abilities[0].effect[1].target == "victim"
    assert len(db["MY-001"].abilities) == 1 + len(abilities) >= 2   # the cont example too
    vg.Deck.load(tmp_path / "deck.toml", db).validate("standard", db)


def test_the_vocabulary_command_lists_every_op():
    """The vocabulary lists every op, kind of value, selector, filter, check, shorthand and
    event, from the schemas the loader and the validation use (issue 9)."""
    from ecs_vanguard.cards.fields import KINDS, SUGAR
    from ecs_vanguard.cards.steps import STEP_TYPES
    from ecs_vanguard.derived.scopes import SELECTORS
    from ecs_vanguard.derived.values import CHECK_SPECS, FILTER_SPECS
    from ecs_vanguard.pool.vocabulary import vocabulary_text
    from ecs_vanguard.vocab.events import EVENTS_BY_NAME

    text = vocabulary_text()
    assert all(f"  {name}(" in text for name in STEP_TYPES)
    assert all(f"  {name}(" in text for name in (*CHECK_SPECS, *SUGAR))
    assert all(f"  {name}: " in text for name in (*KINDS, *SELECTORS, *EVENTS_BY_NAME))
    assert all(f"  {name} (" in text for name in FILTER_SPECS)
    assert "per: quantity=none" in text and "restriction: " in text
    assert "attack_declared: attacker*, target*, player@" in text
