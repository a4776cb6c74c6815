"""The README's Python examples run as written (STYLE §9: examples cannot drift from the API)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_blocks_run():
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
