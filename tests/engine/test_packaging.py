"""Packaging and conventions (issue 12): `python -m ecs_vanguard`, versions, typing marker,
metadata, every option described, exit codes documented, a README that stays in the repo."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import ecs_vanguard as vg
from components._compiled import build_mode
from ecs_vanguard.cli import main as cli

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())


def _run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ecs_vanguard", *argv], capture_output=True,
                          text=True, env=ENV, timeout=60, check=False)


def test_python_dash_m_runs_the_command_line_and_prints_the_version():
    done = _run("--version")
    assert done.returncode == 0 and done.stdout.strip() == (
        f"ecs-vanguard {vg.__version__} ({build_mode()})")
    done = _run("simulate", "--games", "0")
    assert done.returncode == 2 and done.stderr.startswith("ecs-vanguard: error: ")


def test_the_version_has_one_source():
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    attr = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "ecs_vanguard._version.__version__"
    assert re.fullmatch(r"\d+\.\d+\.\d+", vg.__version__)


def test_the_packages_are_marked_typed_and_the_metadata_is_complete():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    for package in ("ecs_vanguard", "components", "systems"):
        assert "py.typed" in data[package] and (REPO / package / "py.typed").exists()
    project = PYPROJECT["project"]
    assert project["license"] and (REPO / "LICENSE").read_text().startswith("MIT License")
    assert project["authors"] and "Typing :: Typed" in project["classifiers"]


def _parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    parser = cli.build_parser()
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [("ecs-vanguard", parser), *subs.choices.items()]


def test_every_option_of_every_command_is_described():
    missing = [f"{name} {'/'.join(a.option_strings) or a.dest}"
               for name, parser in _parsers() for a in parser._actions
               if not (a.help and a.help != argparse.SUPPRESS)]
    assert missing == []


def test_the_exit_codes_are_in_every_help_and_in_the_readme():
    readme = (REPO / "README.md").read_text()
    codes = re.findall(r"^  (\d+) ", cli.EXIT_CODES, re.MULTILINE)
    assert codes == ["0", "1", "2", "130", "143"]
    for name, parser in _parsers():
        assert cli.EXIT_CODES in parser.format_help(), name
    table = readme[readme.index("### Exit codes"):]
    assert all(f"| {code} |" in table for code in codes)


def test_the_readme_documents_show_play_human_and_the_limits():
    readme = (REPO / "README.md").read_text()
    for needle in ("## Watching a game", "ecs-vanguard show ", "--json", "game.log_text()",
                   "## Playing yourself", "ecs-vanguard play --human", "### Limits",
                   "1 MiB", "4096", "### Exit codes"):
        assert needle in readme, needle


def test_the_readme_never_points_outside_the_repository():
    readme = (REPO / "README.md").read_text()
    assert "../" not in readme
    prose = re.sub(r"```.*?```", "", readme, flags=re.DOTALL)      # links live outside code
    targets = re.findall(r"\]\(([^)#]+)\)", prose)
    assert "docs/RULES.md" in targets
    for target in targets:
        assert target.startswith("http") or (REPO / target).exists(), target


def test_every_rule_of_the_rule_book_in_docs_is_named_by_a_test():
    done = subprocess.run([sys.executable, str(REPO / "tools" / "rule_coverage.py"), "--tests",
                           str(REPO / "tests"), "--strict"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stdout
    assert re.search(r"covered: (\d+)/\1", done.stdout)
    assert "CORE-01" in (REPO / "docs" / "RULES.md").read_text()



_LOADED = ("import runpy, sys\nsys.argv = ['ecs-vanguard', *sys.argv[1:]]\n"
           "try:\n    runpy.run_module('ecs_vanguard', run_name='__main__')\n"
           "except SystemExit as exc:\n    print(exc.code, file=sys.stderr)\n"
           "print(sorted(m for m in sys.modules if m.startswith(('ecs_vanguard.game', 'numpy', "
           "'esper'))), file=sys.stderr)")


def _engine_loaded_by(*argv: str) -> tuple[str, str]:
    """Run `python -m ecs_vanguard ARGV`; return its exit code and the engine modules it
    imported (ecs_vanguard.game, numpy, esper)."""
    done = subprocess.run([sys.executable, "-c", _LOADED, *argv], capture_output=True,
                          text=True, env=ENV, timeout=60, check=False)
    code, loaded = done.stderr.strip().splitlines()[-2:]
    return code, loaded


def test_help_and_version_import_nothing_of_the_engine():
    """`python -m ecs_vanguard --version` and `--help` answer before the engine is imported,
    and so does `import ecs_vanguard` (issue 18): what keeps start-up fast, checked without
    timing it. A subcommand's help lists its agents and formats, so it imports the engine."""
    assert _engine_loaded_by("--version") == ("0", "[]")
    assert _engine_loaded_by("--help") == ("0", "[]")
    code, loaded = _engine_loaded_by("simulate", "--help")
    assert code == "0" and "ecs_vanguard.game" in loaded
    face = ("import ecs_vanguard, sys; "
            "print('ecs_vanguard.game' in sys.modules, 'numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", face], capture_output=True, text=True, env=ENV,
                          timeout=60, check=False)
    assert done.stdout.split() == ["False", "False"], done.stderr
