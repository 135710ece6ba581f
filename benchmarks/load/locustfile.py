"""The load test's traffic (benchmarks/bench_load.py runs it headless against gunicorn):
visitors reading standings, brackets and player pages, and players entering hands on their
scoresheets. Every kind of request is named, and /healthz, the trivial view, is read by the same
visitors so that each page's latency can be compared with it.

The season's ids and the players' sessions come from the JSON file named by LOAD_MANIFEST. The
site runs with production settings behind no proxy: requests say they came over HTTPS
(X-Forwarded-Proto, as the proxy would) and carry the cookies themselves.

LOAD_PACE sets the pauses between a user's requests: "steady" (1-2 s, a load the server carries
without queueing) or "peak" (0.1-0.6 s). Each request's exact latency goes to the JSON file
named by LOAD_TIMINGS when the run stops (locust's own percentiles are rounded to whole
milliseconds, too coarse for a view that answers in two).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from collections import defaultdict

from locust import HttpUser, between, events, task

MANIFEST = json.loads(open(os.environ["LOAD_MANIFEST"]).read())  # noqa: SIM115
HANDS_PER_GAME = 4  # seat A knocks for 25 points four times: 100, the game is over
# Each load enters hands in matches of its own (LOAD_FIRST_SLOT): a game left unfinished by one
# load would refuse the next load's new game.
SLOTS = itertools.count(int(os.environ.get("LOAD_FIRST_SLOT", "0")))
GAME_URL = re.compile(r"/games/(\d+)/")
STEADY = os.environ.get("LOAD_PACE", "peak") == "steady"
LATENCIES: dict[str, list[float]] = defaultdict(list)


@events.request.add_listener
def _remember(name: str, response_time: float, exception, **_) -> None:
    if exception is None:
        LATENCIES[name].append(response_time)


@events.test_stop.add_listener
def _write_latencies(**_) -> None:
    if os.environ.get("LOAD_TIMINGS"):
        with open(os.environ["LOAD_TIMINGS"], "w") as out:
            json.dump(LATENCIES, out)


class Visitor(HttpUser):
    weight = 3
    wait_time = between(1, 2) if STEADY else between(0.1, 0.5)

    def on_start(self) -> None:
        self.client.headers["X-Forwarded-Proto"] = "https"

    @task(3)
    def standings(self) -> None:
        pk = random.choice(MANIFEST["standings"])
        self.client.get(f"/competitions/{pk}/", name="standings")

    @task(2)
    def bracket(self) -> None:
        self.client.get(f"/competitions/{MANIFEST['bracket']}/", name="bracket")

    @task(3)
    def player(self) -> None:
        pk = random.choice(MANIFEST["players"])
        self.client.get(f"/players/{pk}/", name="player")

    @task(2)
    def healthz(self) -> None:
        self.client.get("/healthz", name="healthz")


class Player(HttpUser):
    """One of the match's two players, entering its hands: the scoresheet, a hand, the next."""

    weight = 1
    wait_time = between(1, 2) if STEADY else between(0.2, 0.6)

    def on_start(self) -> None:
        slot = MANIFEST["hands"][next(SLOTS) % len(MANIFEST["hands"])]
        self.match, self.game, self.entered = slot["match"], None, 0
        origin = self.host.replace("http://", "https://", 1)  # as the browser saw the site
        self.client.headers.update({"X-Forwarded-Proto": "https", "Origin": origin})
        self.client.cookies.set("sessionid", slot["session"])
        self._read_token(self.client.get(f"/matches/{self.match}/", name="match"))

    def _read_token(self, response) -> None:
        token = response.cookies.get("csrftoken")
        if token:
            self.client.cookies.set("csrftoken", token)
            self.token = token

    def _post(self, url: str, data: dict, name: str):
        return self.client.post(url, {**data, "csrfmiddlewaretoken": self.token}, name=name)

    @task
    def enter_a_hand(self) -> None:
        if self.game is None or self.entered == HANDS_PER_GAME:
            response = self._post(f"/matches/{self.match}/start-game/", {}, "start game")
            found = GAME_URL.search(response.url or "")
            if not found:
                response.failure("no scoresheet after starting a game")
                return
            self.game, self.entered = int(found.group(1)), 0
        sheet = self.client.get(f"/games/{self.game}/", name="scoresheet")
        self._read_token(sheet)
        self._post(f"/games/{self.game}/hands/", {
            "expected_number": self.entered + 1, "outcome": "knock", "winner": "A",
            "points": 25}, "hand")
        self.entered += 1
