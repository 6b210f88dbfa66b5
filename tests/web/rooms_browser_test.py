#!/usr/bin/python3
"""A game between people in real browsers: three headless Chromium pages play a room of Three Player
Hex Shogi 91 made on the first, the others joining by their invitation links, while a fourth
watches by the spectators' link. Each sees the others' moves; one reloads and keeps its seat; the
server is killed mid-game and started again, the pages find the game again at the same position
and clocks; then a player runs out of time and loses, which every page shows.

    tests/web/rooms_browser_test.py --vari build/vari --screenshots build/screenshots
"""
import argparse
import os
import shutil
import signal
import sys
import tempfile

from selenium.webdriver.common.by import By

from browser_test import Page, browser, free_port, start, vari_position

GAME = "three-player-hex-shogi-91"
# Twelve seconds each: enough for the moves clicked here, little to wait for the last to run out.
TIME_CONTROL = "0.2+0"


class Seat(Page):
    """A page following the room: what it shows, read in one script each."""

    def room(self):
        return self.driver.execute_script("return room && room.state")

    def turn(self):
        return self.driver.find_element(By.ID, "turn").text

    def wait_for_ply(self, ply):
        self.wait.until(lambda d: len(self.history()) == ply)

    def first_move(self):
        """This seat's first legal move in long notation, as the server lists it."""
        return self.driver.execute_script("return state.moves[0].long")


def serve(vari, port, database):
    return start([vari, "serve", "--port", str(port), "--database", database], port, "vari serve")


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def create_room(page, url):
    page.driver.get(url)
    page.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "polygon[data-cell]"))
    page.open(GAME)
    page.driver.find_element(By.ID, "person-name").send_keys("Ann")
    field = page.driver.find_element(By.ID, "time-control")
    field.clear()
    field.send_keys(TIME_CONTROL)
    page.driver.find_element(By.ID, "create-room").click()
    page.wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#invite-links input")) == 4)
    links = page.driver.execute_script(
        'return [...document.querySelectorAll("#invite-links input")]'
        '.filter((i) => !i.dataset.seat.startsWith("you")).map((i) => i.value)')
    expect("seat=" not in page.driver.current_url, "the creator's token stays in the address bar")
    return links  # the second player's, the third's, the spectators'


def played_everywhere(pages, ply):
    for page in pages:
        page.wait_for_ply(ply)
    histories = {tuple(page.history()) for page in pages}
    expect(len(histories) == 1, f"the pages show different games: {histories}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--vari", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="vari-rooms-")
    port = free_port()
    database = os.path.join(work, "rooms.sqlite")
    server = serve(args.vari, port, database)
    processes = []
    try:
        pages = []
        for name in ("first", "second", "third", "watcher"):
            driver, started = browser(os.path.join(work, name))
            processes += started
            pages.append(Seat(driver))
        first, second, third, watcher = pages
        url = f"http://127.0.0.1:{port}/"

        second_link, third_link, watch_link = create_room(first, url)
        for page, link in ((second, second_link), (third, third_link), (watcher, watch_link)):
            page.driver.get(link)
        for page in pages:
            page.wait.until(lambda d, page=page: (page.room() or {}).get("status") == "playing")
        for page, name in ((second, "Bea"), (third, "Cy")):  # named once seated: all are told
            page.driver.find_element(By.ID, "person-name").send_keys(name + "\n")
        watcher.wait.until(lambda d: [s["name"] for s in watcher.room()["seats"]] == ["Ann", "Bea", "Cy"])
        expect(first.turn() == "Your move", f"the first seat reads {first.turn()!r}")
        expect(watcher.room()["seat"] == -1, "the spectators' link gave a seat")

        # Each sees the others' moves.
        first.click_move("5i-5h")
        played_everywhere(pages, 1)
        second.click_move("9d-8e")
        played_everywhere(pages, 2)
        # The third reloads: the seat is its own again, its clock still running.
        third.driver.refresh()
        third.wait.until(lambda d: (third.room() or {}).get("seat") == 2)
        expect(third.turn() == "Your move", f"after a reload the third seat reads {third.turn()!r}")
        third.click_move(third.first_move())
        played_everywhere(pages, 3)
        expected = vari_position(args.vari, GAME, watcher.history())
        for page in pages:
            expect(page.position() == expected,
                   f"a page shows {page.position()!r} where vari shows {expected!r}")

        # The server is killed mid-game, the first player to move, and started again.
        before = watcher.room()["clocks"]
        server.send_signal(signal.SIGKILL)
        server.wait()
        server = serve(args.vari, port, database)
        for page in pages:  # each page finds the game again by itself
            page.wait.until(lambda d, page=page: page.driver.find_element(
                By.ID, "connection").text == "" and (page.room() or {}).get("running") == 0)
        after = watcher.room()
        expect(after["played"] == watcher.room()["played"] and len(after["played"]) == 3,
               f"the game came back as {after['played']}")
        expect(after["clocks"][1:] == before[1:],
               f"the waiting players' clocks were {before[1:]}, are {after['clocks'][1:]}")
        expect(after["clocks"][0][0] >= before[0][0] - 1000,
               f"the first player's clock lost time while the server was down: {before[0]} then "
               f"{after['clocks'][0]}")
        first.click_move("6i-6h")
        played_everywhere(pages, 4)

        # The second player does not move: its time runs out and it loses, on every page.
        for page in pages:
            page.wait.until(lambda d, page=page: (page.room() or {}).get("status") == "over")
        summary = watcher.room()["result"]["summary"]
        expect(summary.endswith("loses: out of time") and summary.startswith(
            watcher.room()["players"][1]), f"the game ended {summary!r}")
        for page in pages:
            shown = page.driver.find_element(By.ID, "result").text
            expect(shown.startswith(summary), f"a page shows the end as {shown!r}")
        record = first.driver.execute_async_script(
            'const done = arguments[arguments.length - 1];'
            'ask("room_record", { room: room.id }).then((a) => done(a.text));')
        expect('[Termination "out of time"]' in record, f"the record reads {record!r}")
        for page, name in zip(pages, ("first", "second", "third", "watcher")):
            page.driver.save_screenshot(os.path.join(args.screenshots, f"room-{name}.png"))
        print(f"{GAME}: a room of three people and a spectator, a reload, a restart and a flag "
              "fallen, agreed on every page")
    finally:
        for page in locals().get("pages", []):
            page.driver.quit()
        for process in processes + [server]:
            process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
