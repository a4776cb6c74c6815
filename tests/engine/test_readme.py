"""The README's Python examples run as written (STYLE §9: examples cannot drift from the API)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_blocks_run(monkeypatch):
    monkeypatch.chdir(README.parent)            # examples name files of the repository
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.DOTALL)
    assert len(blocks) >= 2
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)  # noqa: S102 - our own README
    assert namespace["game"].decision is not None


def test_readme_first_commands_are_install_then_tests():
    text = README.read_text()
    first = re.search(r"```bash\n(.*?)\n(.*?)\n```", text, re.DOTALL)
    assert first is not None
    assert first.group(1).startswith("pip install -e .[dev] && ecs-vanguard simulate")
    assert first.group(2).startswith("python -m pytest")
    assert "python -m pytest" in (README.parent / ".ci" / "run").read_text()


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
