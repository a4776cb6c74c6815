"""`ecs-vanguard odds` (issue 13): tables, JSON, the plot, custom cards, one-line errors."""

from __future__ import annotations

import json

import pytest

from tests.sim.test_cli import assert_one_line_error, run
from tests.sim.test_odds import CLASSIC_CARDS

DECK = "blazing_dragons"


def test_odds_prints_the_tables_and_draws_the_plot_in_the_current_folder(capsys, tmp_path,
                                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, text, _ = run(capsys, "odds", DECK, "--samples", "20000", "--target", "trigger heal")
    assert code == 0
    assert "Ride:" in text and "Copies: at least j cards matching 'trigger heal'" in text
    png = tmp_path / f"odds-{DECK}-grades-20k-seed0.png"
    assert text.rstrip().endswith(f"plot: {png}")               # where it went, in full
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_odds_plot_names_differ_by_everything_that_changes_the_figure(capsys, tmp_path,
                                                                      monkeypatch):
    """Two runs that draw different figures never overwrite each other's plot: the default
    name holds the policy (built-in, file or words), the samples, the seed and --no-exact;
    --target and --format change no figure drawn and keep the name."""
    monkeypatch.chdir(tmp_path)
    policy = tmp_path / "hunt.toml"
    policy.write_text('keep_if = { name = "Blaze Lancer" }\nreturn = 3\n')
    runs = [[], ["--mulligan", "none"], ["--mulligan", "keep-if grade 1; return all"],
            ["--mulligan", str(policy)], ["--samples", "3000"], ["--seed", "7"],
            ["--no-exact"]]
    printed = []
    for extra in runs:
        code, text, err = run(capsys, "odds", DECK, "--samples", "2000", *extra)
        assert code == 0, err
        printed.append(text.rstrip().rsplit("plot: ", 1)[1])
    names = [p.rsplit("/", 1)[1] for p in printed]
    assert names == [f"odds-{DECK}-grades-2k-seed0.png", f"odds-{DECK}-none-2k-seed0.png",
                     f"odds-{DECK}-keep_if_grade_1_return_all-2k-seed0.png",
                     f"odds-{DECK}-hunt-2k-seed0.png", f"odds-{DECK}-grades-3k-seed0.png",
                     f"odds-{DECK}-grades-2k-seed7.png",
                     f"odds-{DECK}-grades-2k-seed0-estimates.png"]
    assert sorted(p.name for p in tmp_path.glob("*.png")) == sorted(names)
    assert all(p == str(tmp_path / n) for p, n in zip(printed, names))
    # what is not drawn keeps the name: the same file, replaced
    code, text, _ = run(capsys, "odds", DECK, "--samples", "2000", "--target", "trigger heal",
                        "--format", "premium")
    assert code == 0 and text.rstrip().endswith(f"plot: {tmp_path / names[0]}")
    assert len(list(tmp_path.glob("*.png"))) == len(names)


def test_odds_a_long_word_policy_is_cut_short_and_told_apart(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    names = []
    for tail in ("return 3", "return 2"):
        words = f"keep-if name Blaze Lancer; keep grade 1, grade 2, 2x grade 3; {tail}"
        code, text, err = run(capsys, "odds", DECK, "--samples", "1000", "--mulligan", words)
        assert code == 0, err
        names.append(text.rstrip().rsplit("/", 1)[1])
    assert names[0] != names[1] and all(len(n) < 90 for n in names)
    assert all(n.startswith(f"odds-{DECK}-keep_if_name_Blaze_Lancer_keep_g_") for n in names)


def test_odds_json_is_the_report_with_the_plot_path(capsys, tmp_path):
    plot = tmp_path / "o.png"
    code, text, _ = run(capsys, "odds", DECK, "--samples", "5000", "--seed", "3", "--json",
                        "--plot", str(plot), "--mulligan", "keep-if grade 1; return all")
    data = json.loads(text)
    assert code == 0 and data["plot"] == str(plot) and plot.exists()
    assert data["mulligan"] == "keep-if grade 1; return all" and data["seed"] == 3
    assert set(data["tables"]) >= {"ride", "on_curve", "hold", "hand", "drive", "damage"}


def test_odds_no_plot_and_no_exact(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, text, _ = run(capsys, "odds", DECK, "--samples", "3000", "--no-plot", "--no-exact")
    assert code == 0 and "0 of" in text and "plot:" not in text
    assert not list(tmp_path.iterdir())


def test_odds_reads_custom_cards_and_a_deck_of_them(capsys, tmp_path):
    cards = tmp_path / "classic.toml"
    cards.write_text(CLASSIC_CARDS)
    deck = tmp_path / "classic_deck.toml"
    deck.write_text('name = "Classic"\nstarter = "CL-000"\n[main]\nCL-000 = 1\nCL-10 = 4\n'
                    "CL-11 = 4\nCL-12 = 4\nCL-13 = 2\nCL-20 = 4\nCL-21 = 4\nCL-22 = 3\n"
                    "CL-30 = 4\nCL-31 = 4\nCL-40 = 4\nCL-41 = 4\nCL-42 = 4\nCL-50 = 4\n")
    code, text, err = run(capsys, "odds", str(deck), "--cards", str(cards), "--samples", "5000",
                          "--no-plot", "--target", "2x CL-30")
    assert code == 0, err
    assert "49 cards shuffled" in text and "matching 'CL-30'" in text
    code, _, err = run(capsys, "odds", str(deck), "--samples", "10", "--no-plot")
    assert_one_line_error(code, err, "unknown card 'CL-000'")


@pytest.mark.parametrize("args, needle", [
    (["--mulligan", "BAD.toml"], "no such policy file"),
    (["--mulligan", "keep grade one"], "needs a int"),
    (["--target", "name Nobody"], "no card shuffled into Blazing Dragons matches it"),
    (["--target", "9x grade 1"], "a count must be from 1 to 8"),
    (["--plot", "no/such/dir/o.png"], "no such folder"),
    (["--cards", "missing.toml"], "missing.toml"),
    (["--samples", "0"], "must be at least 1"),
])
def test_odds_bad_input_is_a_one_line_error(capsys, args, needle):
    code, _, err = run(capsys, "odds", DECK, "--samples", "100", *args)
    assert_one_line_error(code, err, needle)


def test_odds_a_wrong_policy_file_is_a_one_line_error(capsys, tmp_path):
    policy = tmp_path / "p.toml"
    policy.write_text("keep = [{ grade = 1, maximum = 2 }]\n")
    code, _, err = run(capsys, "odds", DECK, "--mulligan", str(policy), "--no-plot")
    assert_one_line_error(code, err, str(policy), "unknown filter key 'maximum'")


def test_odds_bad_deck_is_a_one_line_error(capsys):
    code, _, err = run(capsys, "odds", "no_such_deck.toml")
    assert_one_line_error(code, err, "no_such_deck.toml")
