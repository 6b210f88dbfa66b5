#!/usr/bin/python3
"""Rooms under load: N games between scripted players, over loopback, for each N given.

For each N, `vari serve GAME` is started on a free port with a new database in a temporary folder
and --max-pages raised to fit; N rooms are made (no clock), and each player connects on a
WebSocket of its own, joins its seat by its token and, when its turn comes, plays a legal move by
its index in the list the room's state gave (a seeded random one). The players come as if through
a reverse proxy, each from an address of its own in X-Forwarded-For (the server runs with
--trust-proxy), so that the limits per client apply to each as to a person, and --client-requests
0 lets them move as fast as the server answers. Once every seat is taken the moves start; a room
stops after PLIES plies or at the game's end, and the whole run after SECONDS.

Printed per N: moves a second (all rooms' plies over the time from the start to the last state
received), and the 50th and 99th percentile of the time from a move sent to the opponent's page
receiving the state after it; the server's threads and resident memory at their peak; and the
processor time the server used (CPU s) and this script's players used (ours), from the making
of the rooms to the end.

    tools/bench/rooms-load.py [--vari build/vari] [--rooms 10,100,500] [--plies 40]
        [--seconds 120] [--game chess] [--seed 1]
"""
import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

import websockets

STALLED = 10  # seconds without news after which a player gives its room up


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


class Server:
    """`vari serve` on a free port, for `pages` pages, its threads and memory watched."""

    def __init__(self, vari, game, pages, folder):
        self.process = subprocess.Popen(
            [vari, "serve", game, "--listen", "127.0.0.1:0", "--database",
             os.path.join(folder, "rooms.sqlite"), "--max-pages", str(pages), "--trust-proxy",
             "--client-requests", "0"],
            stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if not found:
            sys.exit(f"vari serve did not start: {line!r}")
        self.url = f"ws://127.0.0.1:{found.group(1)}/session"
        self.threads = self.resident = 0
        self.cpu = 0.0  # seconds of processor the server used, user and system


    def sample(self):
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
            self.cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("Threads:"):
                    self.threads = max(self.threads, int(line.split()[1]))
                elif line.startswith("VmRSS:"):
                    self.resident = max(self.resident, int(line.split()[1]) * 1024)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


class Run:
    """What all the players share: the moves sent, the delays seen, the start."""

    def __init__(self, rooms, plies, seed):
        self.plies = plies
        self.random = random.Random(seed)
        self.sent = {}  # (room, ply after the move) -> when it was sent
        self.delays = []
        self.moves = 0
        self.errors = []
        self.stalled = 0  # players whose room went no further
        self.seats_to_come = 2 * rooms
        self.all_seated = asyncio.Event()
        self.start = self.last = None

    def seat_ready(self, seats=1):
        """A seat taken (or given up, with its room): the moves start once all are."""
        self.seats_to_come -= seats
        if self.seats_to_come == 0:
            self.start = time.perf_counter()
            self.all_seated.set()


class Player:
    def __init__(self, run, url, address):
        self.run, self.url, self.address = run, url, address
        self.next_id = 0

    async def connect(self):
        self.socket = await websockets.connect(
            self.url, extra_headers={"X-Forwarded-For": self.address}, max_size=None,
            ping_interval=None, compression=None, open_timeout=60)

    async def create(self, game):
        made = await self.ask({"op": "room_create", "game": game, "seats": ["me", "open"],
                               "time_control": "none"})
        return made["room"], made["tokens"]

    async def ask(self, request):
        self.next_id += 1
        request["id"] = self.next_id
        await self.socket.send(json.dumps(request))
        while True:
            message = json.loads(await self.socket.recv())
            if message.get("id") == self.next_id:
                if not message.get("ok"):
                    raise RuntimeError(f"{request['op']}: {message.get('error')}")
                return message

    async def play(self, room, token, state):
        """From the state its join was answered with, moves whenever it is this seat's turn, until
        the room stops."""
        run = self.run
        seat = state["seat"]
        run.seat_ready()
        await run.all_seated.wait()
        moved_at = -1
        while True:
            if state.get("status") == "over" or state["ply"] >= run.plies:
                break
            if state.get("status") == "playing" and state["to_move"] == seat and \
                    state["ply"] > moved_at:
                moves = state["game_state"]["moves"]
                moved_at = state["ply"]
                run.sent[(room, moved_at + 1)] = time.perf_counter()
                self.next_id += 1
                await self.socket.send(json.dumps({
                    "op": "room_move", "room": room, "token": token, "ply": moved_at,
                    "index": run.random.randrange(len(moves)), "id": self.next_id}))
            try:
                message = json.loads(await asyncio.wait_for(self.socket.recv(), STALLED))
            except asyncio.TimeoutError:  # a move refused, or lost: the room goes no further
                run.stalled += 1
                break
            if message.get("event") == "room":
                now = time.perf_counter()
                state = message
                if state["ply"] > 0 and state["to_move"] == seat:  # the opponent's move
                    sent = run.sent.pop((room, state["ply"]), None)
                    if sent is not None:
                        run.delays.append(now - sent)
                        run.moves += 1
                        run.last = now
            elif "ok" in message and not message["ok"]:
                run.errors.append(message.get("error"))
        await self.socket.close()


async def one_room(run, url, index, game, connecting):
    white = Player(run, url, f"10.{index >> 8 & 255}.{index & 255}.1")
    black = Player(run, url, f"10.{index >> 8 & 255}.{index & 255}.2")
    async with connecting:  # a few at a time: the server's backlog is not a test here
        await white.connect()
        await black.connect()
        try:
            room, tokens = await white.create(game)
            # One after the other: a page's answers and its room's events come on two threads,
            # so the state saying both are seated reaches white after its own join's answer.
            joined = [await player.ask({"op": "room_join", "room": room, "token": token})
                      for player, token in ((white, tokens[0]), (black, tokens[1]))]
        except RuntimeError as refused:  # the room is given up, the others go on
            run.errors.append(str(refused))
            run.seat_ready(2)
            return
    await asyncio.gather(white.play(room, tokens[0], joined[0]),
                         black.play(room, tokens[1], joined[1]))


async def measure(server, rooms, game, plies, seconds, seed):
    run = Run(rooms, plies, seed)
    connecting = asyncio.Semaphore(20)

    async def watch():
        while True:
            server.sample()
            await asyncio.sleep(0.2)

    watcher = asyncio.create_task(watch())
    finished = True
    client_cpu = time.process_time()
    try:
        await asyncio.wait_for(
            asyncio.gather(*(one_room(run, server.url, i, game, connecting)
                             for i in range(rooms))), seconds)
    except asyncio.TimeoutError:
        finished = False
    watcher.cancel()
    server.sample()
    run.client_cpu = time.process_time() - client_cpu
    return run, finished


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vari", default="build/vari")
    parser.add_argument("--rooms", default="10,100,500", help="the Ns, by commas")
    parser.add_argument("--plies", type=int, default=40, help="plies a room plays at most")
    parser.add_argument("--seconds", type=float, default=120, help="the most one N may take")
    parser.add_argument("--game", default="chess", help="a shipped two-player game")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    print(f"{'rooms':>6} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'threads':>8} {'RSS MB':>7} {'CPU s':>6} {'ours':>6}  errors")
    for rooms in (int(n) for n in options.rooms.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            server = Server(options.vari, options.game, 2 * rooms + 8, folder)
            try:
                run, finished = asyncio.run(measure(server, rooms, options.game, options.plies,
                                                    options.seconds, options.seed))
            finally:
                server.stop()
        elapsed = (run.last - run.start) if run.last and run.start else float("nan")
        rate = run.moves / elapsed if elapsed > 0 else float("nan")
        note = "" if finished else f" (stopped after {options.seconds:g} s)"
        print(f"{rooms:>6} {run.moves:>7} {rate:>8.0f} "
              f"{1000 * percentile(run.delays, 0.5):>7.1f} "
              f"{1000 * percentile(run.delays, 0.99):>7.1f} {server.threads:>8} "
              f"{server.resident / 2**20:>7.0f} {server.cpu:>6.1f} {run.client_cpu:>6.1f}  "
              f"{len(run.errors)}{note}", flush=True)
        if run.stalled:
            print(f"       {run.stalled} players saw their room go no further for {STALLED} s")
        for error in sorted(set(run.errors))[:3]:
            print(f"       e.g. {error}")


if __name__ == "__main__":
    main()
