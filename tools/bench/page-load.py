#!/usr/bin/python3
"""The page's weight and time to first board, for one vari binary or two side by side.

For each game, each binary's `vari serve GAME` is started and Debian's headless chromium (driven
by Selenium, as tests/web/browser_test.py does) opens the page ROUNDS times with its cache off.
Printed per binary and game: the bytes the page and its files weigh as the browser received them
(compressed where the server compressed them) and as they are (not the WebSocket's messages, which
carry the game), by the first board drawn and in all
(1.5 s later, when what the page loads after the board is in), and the median and least time from
the start of navigation to the first board cell put in the page (seen by a MutationObserver the
browser installs before the page's own scripts run). The binaries take turns, round by round, so
that both see the same machine.

    tools/bench/page-load.py [--rounds 7] [--games chess,hex-shogi-41,...] NEW_VARI [OLD_VARI]
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tests", "web"))
from browser_test import browser, start_server  # noqa: E402

# Notes the moment the first board cell enters the page, in every page opened from now on.
WATCH_BOARD = """
new MutationObserver((changes, observer) => {
  if (document.querySelector("polygon[data-cell]")) {
    window.firstBoardAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""
BOARD = "return window.firstBoardAt === undefined ? null : window.firstBoardAt"
# The bytes received (sent, as they are) of what had arrived by `arguments[0]` ms.
WEIGHT = """
const entries = [performance.getEntriesByType("navigation")[0],
                 ...performance.getEntriesByType("resource")]
  .filter((e) => e.responseEnd <= arguments[0]);
return [entries.reduce((sum, e) => sum + e.transferSize, 0),
        entries.reduce((sum, e) => sum + e.decodedBodySize, 0)];
"""


def first_board(driver, url):
    driver.get(url)
    deadline = time.time() + 30
    while time.time() < deadline:
        at = driver.execute_script(BOARD)
        if at is not None:
            time.sleep(1.5)  # what the page loads after the board (the editor)
            return at, driver.execute_script(WEIGHT, at) + driver.execute_script(WEIGHT, 1e12)
        time.sleep(0.005)
    sys.exit(f"no board drawn at {url} within 30 s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+", help="NEW_VARI [OLD_VARI]")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", default="chess,hex-shogi-41,compact-hex-chess-anglojewish,"
                                            "three-player-hex-shogi-91", help="comma-separated")
    args = parser.parse_args()
    # chromium may still write its profile as it exits: what it leaves is not worth an error.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        driver, helpers = browser(profile)
        try:
            # chromedriver's own command for the DevTools protocol: the cache off.
            driver.command_executor._commands["cdp"] = ("POST", "/session/$sessionId/goog/cdp/execute")
            for cmd, params in (("Network.enable", {}),
                                ("Network.setCacheDisabled", {"cacheDisabled": True}),
                                ("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_BOARD})):
                driver.execute("cdp", {"cmd": cmd, "params": params})
            print(f"{'game':32} {'binary':24} {'to the first board':>18} {'in all':>16} {'ms to the board':>16}")
            print(f"{'':57} {'sent KB':>8} {'KB':>9} {'sent KB':>8} {'KB':>7} {'median':>8} {'least':>7}")
            for game in args.games.split(","):
                servers = [start_server(vari, game) for vari in args.binaries]
                times = [[] for _ in servers]
                weights = [None for _ in servers]
                try:
                    for _ in range(args.rounds):
                        for i, (_, url) in enumerate(servers):
                            at, weight = first_board(driver, url)
                            times[i].append(at)
                            weights[i] = weight
                finally:
                    for server, _ in servers:
                        server.kill()
                for i, vari in enumerate(args.binaries):
                    sent, whole, all_sent, all_whole = (w / 1024 for w in weights[i])
                    print(f"{game:32} {vari[-24:]:24} {sent:8.1f} {whole:9.1f} {all_sent:8.1f} "
                          f"{all_whole:7.1f} {statistics.median(times[i]):8.0f} {min(times[i]):7.0f}")
        finally:
            driver.quit()
            for helper in helpers:
                helper.kill()


if __name__ == "__main__":
    main()
