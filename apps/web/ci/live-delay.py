#!/usr/bin/env python3
"""The delay of a move between two players' pages: a probe, not a test.

    python3 apps/web/ci/live-delay.py http://127.0.0.1:8080/ [http://127.0.0.1:8081/]

Makes a game between two people on the first server; each player follows it on a live
stream (the second player's on the second server, when given: another process on the same
PostgreSQL); the players play 100 moves, each posted on the first server; the delay of a
move is from just before its request is sent to its state's arrival on the other player's
stream. Prints the median and the worst. Standard library only.
"""

import http.client
import json
import queue
import socket
import statistics
import sys
import threading
import time
import urllib.parse

MOVES = 100


def address(url):
    parts = urllib.parse.urlsplit(url)
    return parts.hostname, parts.port or 80


def call(url, method, path, secret=None, body=None):
    connection = http.client.HTTPConnection(*address(url), timeout=30)
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    connection.request(method, path, body=json.dumps(body) if body is not None else "", headers=headers)
    response = connection.getresponse()
    answer = json.loads(response.read() or b"null")
    connection.close()
    if response.status >= 300:
        raise SystemExit(f"{method} {path}: {response.status} {answer}")
    return answer


def follow(url, game, secret, states):
    """Puts (arrival time, moves) of every state event of the game's stream on `states`."""
    stream = socket.create_connection(address(url))
    host = "%s:%d" % address(url)
    stream.sendall(
        f"GET /api/games/{game}/live HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {secret}\r\n\r\n".encode()
    )
    reader = stream.makefile("rb")
    kind, data = None, ""
    for raw in reader:
        line = raw.decode().rstrip("\r\n")
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            data += line[6:]
        elif line == "" and data:
            if kind == "state":
                states.put((time.perf_counter(), len(json.loads(data)["moves"])))
            kind, data = None, ""


def some_move(state, seed):
    moves = [f"{origin}-{to}" for origin, tos in sorted(state["destinations"].items()) for to in tos]
    return moves[(seed * 2654435761) % len(moves)]


def main():
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    first = sys.argv[1]
    second = sys.argv[2] if len(sys.argv) == 3 else first
    made = call(first, "POST", "/api/games", body={"opponent": "friend"})
    game = made["id"]
    x = made["seat"]["secret"]
    o = call(first, "POST", f"/api/games/{game}/join", secret=made["invitation"]["claim"])["seat"]["secret"]
    streams = {"x": queue.Queue(), "o": queue.Queue()}
    threading.Thread(target=follow, args=(first, game, x, streams["x"]), daemon=True).start()
    threading.Thread(target=follow, args=(second, game, o, streams["o"]), daemon=True).start()
    for side in streams:
        streams[side].get(timeout=10)  # the state as it is
    delays = []
    state = made
    for ply in range(MOVES):
        mover, other = ("x", "o") if ply % 2 == 0 else ("o", "x")
        secret = x if mover == "x" else o
        body = {"move": some_move(state, ply), "ply": ply}
        sent = time.perf_counter()
        state = call(first, "POST", f"/api/games/{game}/move", secret=secret, body=body)["state"]
        while True:
            arrived, moves = streams[other].get(timeout=10)
            if moves == ply + 1:
                break
        delays.append((arrived - sent) * 1000)
        # The mover's own stream has it too; taken, so that the next wait is for the next.
        while streams[mover].get(timeout=10)[1] != ply + 1:
            pass
        if state["outcome"]["result"] != "ongoing":
            break
    where = "one process" if second == first else "two processes"
    print(
        f"{len(delays)} moves, {where}: median {statistics.median(delays):.1f} ms, "
        f"worst {max(delays):.1f} ms"
    )


if __name__ == "__main__":
    main()
