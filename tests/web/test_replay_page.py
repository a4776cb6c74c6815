"""`ecs-vanguard show ... --html FILE` (issue 38): one self-contained page with the board at
every decision; read as data, as a file, and stepped through in a real browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import ecs_vanguard as vg
from ecs_vanguard.agents import make_agent
from ecs_vanguard.cli import main as cli
from ecs_vanguard.game import Game
from ecs_vanguard.replay import Reproduction, game_digest
from ecs_vanguard.vocab.decisions import ActionKind, DecisionKind
from ecs_vanguard.web.page import board_page, embed_json
from ecs_vanguard.web.replay import game_data, replay_data, save_html
from tests.web import browser as chrome

A, B = "blazing_dragons", "radiant_knights"


def _played(seed: int = 3, agent: str = "heuristic") -> Game:
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=seed)
    agents = [make_agent(agent, seed), make_agent(agent, seed + 1)]
    while not game.over:
        game.step(agents[game.decision.player].act(game))
    return game


@pytest.fixture(scope="module")
def heuristic_game() -> Game:
    return _played()


@pytest.fixture(scope="module")
def page(heuristic_game, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("html") / "game.html"
    path.write_text(board_page(game_data(heuristic_game, title="seed 3")), encoding="utf-8")
    return path


def test_a_frame_for_every_decision_and_one_for_the_end(heuristic_game):
    data = game_data(heuristic_game)
    frames = data["frames"]
    assert len(frames) == len(heuristic_game.history) + 1 and frames[-1]["end"]
    assert data["result"].startswith(("P1 wins", "P2 wins"))
    assert all(f["move"].startswith(("P1: ", "P2: ")) for f in frames[:-1])
    assert all(0 <= f["lines"][0] <= f["lines"][1] <= len(data["log"]) for f in frames)
    assert frames[-1]["lines"][1] == len(data["log"])
    # every side is a stored side; both hands are there (a replay shows each side as its owner)
    sides = [data["sides"][k] for f in frames for k in f["sides"]]
    assert all("hand" in s and "circles" in s for s in sides)
    # the battle's totals are on the frames of its steps, attacker and target with circles
    battles = [f["battle"] for f in frames if "battle" in f]
    assert battles and all({"attack", "defence"} <= b.keys() for b in battles)
    assert all(b["attacker"]["circle"] in ("vc", "front_left", "front_right") for b in battles)
    # a trigger choice in plain words: no internal name such as power_to reaches the page
    text = json.dumps(data)
    assert "power_to" not in text and "critical_to" not in text
    assert "Give the trigger's +10000 power to one of your units" in text
    # face-down damage is named for the replay, and said to be face down
    downs = [c for s in sides for c in s.get("damage", []) if c.get("face_up") is False]
    assert downs and all(c["id"] in data["cards"] for c in downs)


def test_the_moves_match_the_actions_taken():
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=5)
    agent = make_agent("heuristic", 1)
    said = []
    while not game.over:
        action = agent.act(game)
        decision = game.decision
        if decision.kind is DecisionKind.MAIN_PHASE and action.kind is ActionKind.CALL:
            said.append(len(game.history))
        game.step(action)
    frames = game_data(game)["frames"]
    assert said and all(frames[i]["move"].split(": ", 1)[1].startswith("Call ") for i in said)


def test_the_page_needs_no_network_and_no_card_text_can_break_out(page):
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "default-src 'none'" in text and "<link" not in text
    assert embed_json({"name": "</script><script>alert(1)</script>"}).count("</") == 0


def test_a_long_game_stays_under_5_mb():
    """A game of over 1,000 decisions: nobody attacks, units are called and moved a dozen
    times a turn, until a deck runs out (72 turns)."""
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=2, turn_limit=200)
    moves = turn = 0
    while not game.over:
        legal, decision = game.legal_actions(), game.decision
        if game.turn != turn:
            turn, moves = game.turn, 0
        done = [a for a in legal if a.kind is ActionKind.DONE]
        shuffle = [a for a in legal if a.kind in (ActionKind.MOVE, ActionKind.CALL)]
        if decision.kind is DecisionKind.MAIN_PHASE and shuffle and moves < 12:
            moves += 1
            game.step(shuffle[0])
        elif done and decision.kind in (DecisionKind.ATTACK, DecisionKind.GUARD,
                                        DecisionKind.MAIN_PHASE):
            game.step(done[0])
        else:
            game.step(legal[0])
    size = len(board_page(game_data(game)).encode())
    assert len(game.history) > 1000 and size < 5_000_000, (len(game.history), size)


def test_show_html_for_a_run_and_a_reproduction(tmp_path, capsys):
    assert cli.main(["simulate", "--games", "2", "--out", str(tmp_path / "run"),
                     "--workers", "1"]) == 0
    capsys.readouterr()
    assert cli.main(["show", str(tmp_path / "run"), "--game", "1", "--json"]) == 0
    meta = json.loads(capsys.readouterr().out.splitlines()[0])
    assert meta["turn_limit"] == 100                     # the limit in force, not null
    out = tmp_path / "g.html"
    assert cli.main(["show", str(tmp_path / "run"), "--game", "1", "--html", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"wrote {out}: " in said and " decisions, P" in said
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert cli.main(["show", str(tmp_path / "run"), "--game", "1", "--html", str(out),
                     "--board"]) == 2
    assert "drop --board" in capsys.readouterr().err
    game = _played(seed=4, agent="random")
    decks = (vg.Deck.builtin(A), vg.Deck.builtin(B))
    repro = Reproduction(4, "standard", A, B, game.history[:30], "a made-up failure",
                         None, game_digest(*decks, seed=4, format="standard", turn_limit=None))
    (tmp_path / "r.json").write_text(repro.to_json(), encoding="utf-8")
    assert cli.main(["show", str(tmp_path / "r.json"), "--html", str(out)]) == 0
    page_text = out.read_text(encoding="utf-8")
    assert "the engine failed after this: a made-up failure" in page_text
    data = replay_data(decks, seed=4, actions=[*game.history[:3], 999])
    assert "action index 999 is out of range" in data["error"] and len(data["frames"]) == 5


@pytest.fixture(scope="module")
def driver():
    yield from chrome.browser()


def test_a_person_steps_through_a_replay_in_chromium(driver, page):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    def where() -> str:
        return driver.find_element(By.ID, "where").text

    def status() -> str:
        return driver.find_element(By.ID, "status").text

    driver.get(page.as_uri())
    total = len(json.loads(driver.find_element(By.ID, "data").get_attribute("textContent"))
                ["frames"]) - 1
    assert where() == f"Decision 1 of {total} · set-up"
    assert "P1 decides: Mulligan: choose the cards to return to the deck" in status()
    assert "Move: P1: " in status()
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert where().startswith("Decision 2 of")
    body.send_keys(Keys.ARROW_LEFT)
    assert where().startswith("Decision 1 of")
    driver.find_element(By.ID, "nextturn").click()
    assert where().endswith("· turn 1") and re.match(r"turn 1, P[12]'s ", status())
    driver.find_element(By.ID, "turn").send_keys("5", Keys.ENTER)
    assert where().endswith("· turn 5") and "turn 5, " in status()
    body.send_keys(Keys.ARROW_DOWN)
    assert where().endswith("· turn 6")
    # a battle: the frame of a guard decision shows the attack's totals
    while "decides: Guard" not in status():
        driver.find_element(By.ID, "next").click()
    battle = driver.find_element(By.ID, "battle").text
    assert re.search(r"attacks .+\n\d+ against \d+ - (no hit|hits) as it stands", battle)
    units = driver.find_elements(By.CSS_SELECTOR, ".circle[data-circle=vc] .card")
    assert len(units) == 2 and all(re.search(r"G\d \d+ · crit \d", u.text) for u in units)
    chrome.shot(driver, "replay-battle")
    # a card's text on hover and on click
    card = driver.find_element(By.CSS_SELECTOR, "#side0 .circle[data-circle=vc] .card")
    card.click()
    assert "grade 3" in driver.find_element(By.ID, "cardtext").text
    # play runs on by itself; End shows the result
    driver.find_element(By.ID, "speed").send_keys("fast")
    before = where()
    driver.find_element(By.ID, "play").click()
    driver.implicitly_wait(0)
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10).until(lambda d: where() != before)
    driver.find_element(By.ID, "play").click()
    assert driver.find_element(By.ID, "play").text == "Play"
    body.send_keys(Keys.END)
    assert where().startswith("End of") and "The end: P" in status()
    chrome.shot(driver, "replay-end")
    driver.get(page.as_uri() + "#40")                    # a link to decision 40
    driver.refresh()
    assert where().startswith("Decision 40 of")


def test_a_game_played_in_python_saves_its_page(tmp_path):
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=9)
    for _ in range(20):
        game.step(game.legal_actions()[-1])
    path = save_html(game, tmp_path / "python.html", title="from Python")
    text = path.read_text(encoding="utf-8")
    assert "<title>from Python</title>" in text
    data = json.loads(re.search(r'id="data">(.*?)</script>', text, re.DOTALL)[1]
                      .replace("<\\/", "</"))
    assert len(data["frames"]) == 21 and data["result"] == f"unfinished on turn {game.turn}"


def test_a_premium_game_shows_g_units_hearts_legions_and_the_g_zone():
    game = vg.Game(vg.Deck.builtin("legion_blades"), vg.Deck.builtin("force_vanguards"), seed=4,
                   format="premium")                      # a legion forms, a G unit strides
    agent = make_agent("heuristic", 4)
    while not game.over:
        game.step(agent.act(game))
    data = game_data(game)
    sides = [data["sides"][k] for f in data["frames"] for k in f["sides"]]
    vcs = [s["circles"]["vc"] for s in sides]
    marks = {m for vc in vcs for u in vc for m in u.get("marks", [])}
    assert {"leader", "mate"} <= marks and marks & {"heart", "chosen heart"}
    strode = [vc for vc in vcs if any("G unit" in data["cards"][u["id"]]["marks"] for u in vc)]
    assert strode and all(len(vc) == 2 for vc in strode)          # the G unit and its heart
    g_zone = [c for s in sides for c in s.get("g_zone", [])]
    assert any(c.get("face_up") is False and c["id"] in data["cards"] for c in g_zone)
    assert any(s["hand"] == [] and s["hand_size"] == 0 for s in sides)   # an empty hand shown
