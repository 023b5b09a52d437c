"""The play page on the HTTP port: its files at `/`, and its tables (`/play/new`, `/play/move`),
which keep the full state on the server and answer only what the person's seat may see."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from advisor import AdvisorServer
from tests.advisor.conftest import start

TOKEN = "p1ay"
AUTH = {"authorization": f"Bearer {TOKEN}"}


@pytest.fixture(scope="module")
def served() -> Iterator[AdvisorServer]:
    running = start(max_concurrent=4, http_port=-1, auth_token=TOKEN)
    yield running
    running.stop(grace=1.0)


def get(served: AdvisorServer, path: str) -> tuple[int, str, str]:
    """(status, content type, text) of a GET on the HTTP port."""
    with urllib.request.urlopen(f"http://127.0.0.1:{served.http.port}{path}", timeout=60) as r:
        return r.status, r.headers["content-type"], r.read().decode()


def play(served: AdvisorServer, action: str, body: dict[str, Any],
         headers: dict[str, str] = AUTH, path: str = "/play/") -> tuple[int, dict[str, Any]]:
    """(status, JSON answer) of a play-page call (or, with path, of a Connect JSON call)."""
    asked = urllib.request.Request(
        f"http://127.0.0.1:{served.http.port}{path}{action}", data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **headers})
    try:
        with urllib.request.urlopen(asked, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def rpc(served: AdvisorServer, method: str, body: dict[str, Any]) -> dict[str, Any]:
    """The answer of an RPC called as the page calls it (Connect, JSON)."""
    status, answer = play(served, method, body, path="/advisor.v1.Advisor/")
    assert status == 200, answer
    return answer


def turn(view: dict[str, Any], notation: str) -> dict[str, Any]:
    """A /play/move body: `notation` for the seat and move number `view` is at."""
    return {"table": view["table"], "seat": view["seat"], "number": view["number"],
            "move": notation}


def splendor(seed: int, **more: Any) -> dict[str, Any]:
    return {"game": "GAME_SPLENDOR_MARVEL", "players": 2, "seed": str(seed), **more}


def test_the_page_and_its_modules_are_served_at_the_root(served: AdvisorServer) -> None:
    status, kind, page = get(served, "/")
    assert (status, kind.split(";")[0]) == (200, "text/html")
    assert '<script type="module" src="app.js">' in page
    for module in ("app.js", "analysis.js", "connect.js", "html.js", "splendor_marvel.js",
                   "challengers.js"):
        status, kind, _ = get(served, f"/{module}")
        assert (status, kind.split(";")[0]) == (200, "text/javascript"), module
    status, kind, effects = get(served, "/challengers-effects.json")
    assert (status, kind) == (200, "application/json")
    assert json.loads(effects)["castle_A_jester"].startswith("On reveal: ")


def test_a_table_answers_the_persons_view_and_names_a_bots_public_move(
    served: AdvisorServer,
) -> None:
    status, view = play(served, "new", {"newGame": splendor(5), "iterations": 30,
                                        "bots": [{"seat": 0, "strength": 2}]})
    assert status == 200, view
    # the bot (seat 0) moved first; the person is seat 1 and sees seat 1's observation
    assert (view["seat"], view["over"], view["bots"]) == (1, False, {"0": 2})
    assert view["observation"]["splendorMarvel"]["seat"] == 1
    assert view["newGame"] == splendor(5)  # the deal's seed, kept for the page's judgements
    [bot] = view["moves"]
    assert (bot["seat"], bot["bot"]) == (0, True)
    assert ":" in bot["notation"] and bot["description"]  # every Splendor: Marvel move is public
    assert "record" not in view and "decks" not in json.dumps(view)
    # the person's legal moves come from the public API, on the observation alone
    legal = rpc(served, "LegalMoves", {"observation": view["observation"]})
    assert legal["seat"] == 1
    chosen = legal["moves"][0]
    status, after = play(served, "move", turn(view, chosen["notation"]))
    assert status == 200, after
    mine = after["moves"][1]
    assert (mine["seat"], mine["notation"], mine["description"]) == (
        1, chosen["notation"], chosen["description"])


def test_a_bots_challengers_pick_shows_only_its_kind(served: AdvisorServer) -> None:
    new_game = {"game": "GAME_CHALLENGERS", "players": 2, "seed": "4"}
    status, view = play(served, "new", {"newGame": new_game, "iterations": 16,
                                        "bots": [{"seat": 0, "strength": 2}]})
    assert status == 200, view
    while not any(m["notation"] == "pick" for m in view["moves"]):  # the bot's draft picks
        legal = rpc(served, "LegalMoves", {"observation": view["observation"]})
        status, view = play(served, "move", turn(view, legal["moves"][0]["notation"]))
        assert status == 200, view
    kinds = {m["notation"].split(":")[0]: m for m in view["moves"] if m["seat"] == 0}
    assert kinds["pick"] == {**kinds["pick"], "notation": "pick", "description": ""}
    assert all(m["description"] for k, m in kinds.items() if k in ("opt", "redraw"))
    assert all(":" in m["notation"] for m in view["moves"] if m["seat"] == 1)


def test_a_whole_game_ends_with_a_record_that_replays_to_the_persons_last_view(
    served: AdvisorServer,
) -> None:
    _, view = play(served, "new", {"newGame": splendor(8, turnCap=2), "iterations": 20,
                                   "bots": [{"seat": 1, "strength": 10}]})
    while not view["over"]:
        legal = rpc(served, "LegalMoves", {"observation": view["observation"]})
        status, view = play(served, "move", turn(view, legal["moves"][-1]["notation"]))
        assert status == 200, view
    record = view["record"]
    assert [m["notation"] for m in view["moves"]] == [m["notation"] for m in record["moves"]]
    state = rpc(served, "NewGame", record["newGame"])["state"]
    for move in record["moves"]:
        state = rpc(served, "ApplyMove", {"state": state, "move": move})["state"]
    seen = rpc(served, "Observe", {"state": state, "seat": 0})
    assert view["observation"] == seen["observation"]


@pytest.mark.parametrize(("action", "body", "code", "names"), [
    ("new", {"newGame": splendor(1), "iterations": 10, "bots": [{"seat": 0}, {"seat": 1}]},
     "invalid_argument", "bots: leave at least one seat"),
    ("new", {"newGame": splendor(1), "iterations": 10, "bots": [{"seat": 1, "strength": 11}]},
     "invalid_argument", "bots[0].strength"),
    ("new", {"newGame": splendor(1), "bots": []}, "invalid_argument", "iterations"),
    ("new", {"newGame": {"game": "GAME_SPLENDOR_MARVEL", "players": 9}, "iterations": 10},
     "invalid_argument", "players: Splendor: Marvel is for 2-4 players"),
])
def test_a_bad_play_request_fails_naming_the_field(
    served: AdvisorServer, action: str, body: dict[str, Any], code: str, names: str
) -> None:
    status, error = play(served, action, body)
    assert (status, error["code"]) == (400, code)
    assert names in error["message"]


def test_an_illegal_move_and_a_missing_token_are_refused_as_the_rpcs_refuse_them(
    served: AdvisorServer,
) -> None:
    _, view = play(served, "new", {"newGame": splendor(2), "iterations": 10})
    status, error = play(served, "move", turn(view, "take:YYYYYY"))
    assert status == 400 and error["code"] in ("invalid_argument", "failed_precondition")
    status, error = play(served, "new", {"newGame": splendor(2), "iterations": 10}, headers={})
    assert (status, error) == (401, {"code": "unauthenticated",
                                     "message": "a valid bearer token is required"})
