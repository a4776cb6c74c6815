"""`ecs-vanguard play --web` (issue 38): a person plays one side in the browser. The server is
driven over HTTP as a hostile client would (stale and forged actions, a second tab, a reload,
another host) and as a person would, in headless Chromium."""

from __future__ import annotations

import http.cookiejar
import json
import re
import threading
import urllib.error
import urllib.request

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cli import main as cli
from ecs_vanguard.web.server import make_server
from tests.web import browser as chrome

A, B = "blazing_dragons", "radiant_knights"


@pytest.fixture(scope="module")
def server():
    served = make_server((vg.Deck.builtin(A), vg.Deck.builtin(B)), you=0, agent="heuristic",
                         seed=3, port=0)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield served
    served.shutdown()
    served.server_close()


class Client:
    """A browser session: its own cookies."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str = "/", headers: dict[str, str] | None = None) -> tuple[int, str]:
        request = urllib.request.Request(self.url + path.lstrip("/"), headers=headers or {})
        try:
            with self.opener.open(request, timeout=30) as reply:
                return reply.status, reply.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    def post(self, path: str, body: object, *, raw: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict]:
        data = raw if raw is not None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path.lstrip("/"), data=data, method="POST",
            headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with self.opener.open(request, timeout=30) as reply:
                return reply.status, json.loads(reply.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def state(self) -> dict:
        status, text = self.get("/state")
        assert status == 200, text
        return json.loads(text)["data"]


def _page_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html,
                      re.DOTALL)
    return json.loads(found[1].replace("<\\/", "</"))


def test_a_session_keeps_its_game_across_reloads_and_tabs(server):
    person = Client(server.url)
    status, html = person.get("/")
    assert status == 200 and "ecs-vanguard live" in html
    first = _page_data(html)
    assert first["you"] == 0 and first["actions"] and first["version"] == 0
    assert first["frames"][0]["ask"].startswith("Mulligan")
    assert "hand" not in first["sides"][first["frames"][0]["sides"][1]]   # opponent's hidden
    keep = next(a["n"] for a in first["actions"] if a["text"] == "Keep the cards left in hand")
    status, reply = person.post("/act", {"version": 0, "choice": keep})
    assert status == 200 and reply["data"]["version"] == 1
    assert reply["data"]["frames"][0]["ask"].startswith("Ride a unit")
    # a reload and a second tab (the same cookie) see the same game, not a new one
    assert _page_data(person.get("/")[1])["version"] == 1 and person.state()["version"] == 1
    # the first tab, not reloaded, posts on its old position: refused, the game unchanged
    status, reply = person.post("/act", {"version": 0, "choice": keep})
    assert status == 409 and "out of date" in reply["message"]
    assert reply["data"]["version"] == 1
    # another browser has a game of its own
    other = Client(server.url)
    assert _page_data(other.get("/")[1])["version"] == 0 and person.state()["version"] == 1


@pytest.mark.parametrize("choice", [-1, 10_000, "0", 1.0, True, None, [0], {"n": 0}])
def test_a_forged_choice_is_refused_and_changes_nothing(server, choice):
    person = Client(server.url)
    before = _page_data(person.get("/")[1])
    status, reply = person.post("/act", {"version": before["version"], "choice": choice})
    assert status == 400 and "choose one of the buttons" in reply["message"]
    assert reply["data"]["version"] == before["version"]
    assert reply["data"]["actions"] == before["actions"]


def test_bad_posts_and_other_hosts_get_a_message(server):
    person = Client(server.url)
    person.get("/")
    assert person.post("/act", None, raw=b"{not json")[0] == 400
    assert person.post("/act", None, raw=b"[1, 2]")[0] == 400
    assert person.post("/act", None, raw=b"x" * 10_000)[0] == 413
    status, reply = person.post("/act", {"version": 0, "choice": 0},
                                headers={"Content-Type": "text/plain"})
    assert status == 415 and "application/json" in reply["message"]
    port = server.server_address[1]
    assert person.get("/", headers={"Host": f"rebound.example:{port}"})[0] == 403
    status, reply = person.post("/act", {"version": 0, "choice": 0},
                                headers={"Origin": "http://evil.example"})
    assert status == 403
    stranger = Client(server.url)                          # no cookie: no game to play on
    status, reply = stranger.post("/act", {"version": 0, "choice": 0})
    assert status == 409 and "reload the page" in reply["message"]
    assert stranger.get("/nowhere")[0] == 404


def test_a_whole_game_over_http_then_a_new_one(server):
    person = Client(server.url)
    data = _page_data(person.get("/")[1])
    moves = 0
    while not data["over"]:
        status, reply = person.post("/act", {"version": data["version"],
                                             "choice": len(data["actions"]) - 1})
        assert status == 200, reply
        data, moves = reply["data"], moves + 1
    assert moves > 10 and re.match(r"P[12] wins on turn \d+|a draw", data["result"])
    assert data["actions"] == [] and data["frames"][0]["end"]
    status, reply = person.post("/act", {"version": data["version"], "choice": 0})
    assert status == 409 and "over" in reply["message"]
    status, reply = person.post("/new", {})
    assert status == 200 and not reply["data"]["over"] and reply["data"]["version"] == 0


def test_the_command_line_refuses_a_bad_port_and_both_modes(capsys):
    assert cli.main(["play", "--web", "--port", "70000"]) == 2
    assert "at most 65535" in capsys.readouterr().err
    assert cli.main(["play", "--web", "--human"]) == 2
    assert "choose one" in capsys.readouterr().err


@pytest.fixture(scope="module")
def driver():
    yield from chrome.browser()


def test_a_person_plays_decisions_in_chromium(driver, server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def status() -> str:
        return driver.find_element(By.ID, "status").text

    def click(text: str) -> None:
        version = driver.execute_script("return window.vgBoard.data().version")
        button = next(b for b in driver.find_elements(By.CSS_SELECTOR, "#actions button")
                      if b.text.startswith(text))
        button.click()
        WebDriverWait(driver, 20).until(
            lambda d: d.execute_script("return window.vgBoard.data().version") != version)

    driver.delete_all_cookies()
    driver.get(server.url)
    assert "Your decision: Mulligan: choose the cards to return to the deck" in status()
    assert driver.find_element(By.ID, "side1").text.count("hand: 5 cards (hidden)") == 1
    click("Return ")                                  # a mulligan pick, then keep the rest
    assert "(chosen)" in driver.find_element(By.CSS_SELECTOR, "#side0 .hand").text
    click("Done: return the card")
    assert "Ride a unit" in status()
    click("Ride ")
    WebDriverWait(driver, 20).until(lambda d: "Main phase" in status())
    units = driver.find_elements(By.CSS_SELECTOR, "#side0 .circle[data-circle=vc] .card")
    assert len(units) == 1 and re.search(r"G\d \d+ · crit 1 standing", units[0].text)
    chrome.shot(driver, "web-main-phase")
    # a second tab plays on; this page is now stale: its click gets the message, not a move
    version = driver.execute_script("return window.vgBoard.data().version")
    cookie = driver.get_cookie("vg_session")["value"]
    tab = Client(server.url)
    tab.opener.addheaders = [("Cookie", f"vg_session={cookie}")]
    done = next(a["n"] for a in tab.state()["actions"] if a["text"] == "End the main phase")
    assert tab.post("/act", {"version": version, "choice": done})[0] == 200
    driver.find_elements(By.CSS_SELECTOR, "#actions button")[0].click()
    WebDriverWait(driver, 20).until(
        lambda d: "out of date" in d.find_element(By.ID, "message").text)
    assert driver.execute_script("return window.vgBoard.data().version") == version + 1
    chrome.shot(driver, "web-stale")
