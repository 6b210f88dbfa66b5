#!/usr/bin/python3
"""The page in a real browser: Debian's chromium, headless, driven by Selenium, plays short games by
clicks as a player would (a castling, a promotion through the chooser, hex boards, a capture and a
drop from the hand, three seats with the AI in one) and checks every position string the page
shows against `vari show`. Screenshots of each game's end go to --screenshots.

    tests/web/browser_test.py --vari build/vari --screenshots build/screenshots
"""
import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

GAMES = [
    # (game, moves in long notation clicked in turn, seats)
    ("chess", "e2-e4 d7-d5 e4xd5 c7-c6 d5xc6 g8-f6 g1-f3 e7-e6 f1-c4 f8-e7 e1-g1 e8-g8 "
              "c6xb7 b8-c6 b7xa8=Q", None),
    ("shafran-chess", "c2-c4 g9-g7 d2-d5 e9-e7", None),
    ("hex-shogi-41", "c3-c4 c7-c6 c4-c5 c6xc5 d3-c4 a7-a6 c4xc5 a6-a5 P*d3", None),
    # Gray is the AI: after White's move it answers on its own, then Black plays on.
    ("three-player-hex-shogi-91", "5i-5h 9d-8e AI 6i-6h", ["human", "human", "ai:1"]),
    # A king's capture sequence of three jumps, clicked landing by landing.
    ("compact-hex-draughts", "e5xg5xe3xc3", None),
]
# Games that start from a position of their own, set through the page's position field.
POSITIONS = {"compact-hex-draughts": "5/4t1/2w4/1t1ttt2/W3Wt2w/5t2/3t1TT/1T4/T4 w - - 0 1"}


def start_server(vari, *arguments):
    """`vari serve` on a free port, with `arguments` (a game): the server and its address."""
    server = subprocess.Popen([vari, "serve", "--port", "0", *arguments], stdout=subprocess.PIPE,
                              text=True)
    line = server.stdout.readline()
    match = re.search(r"http://\S+", line)
    if not match:
        server.kill()
        sys.exit(f"vari serve did not print its address: {line!r}")
    return server, match.group(0)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command, port, what):
    """Starts a process that listens on 127.0.0.1:port and waits until it does."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            if process.poll() is not None or time.time() > deadline:
                process.kill()
                sys.exit(f"{what} did not start: {process.stdout.read()}")
            time.sleep(0.2)


def browser(profile):
    """Chromium and chromedriver, each started here and reached at 127.0.0.1 by number: a minimal
    system may have no /etc/hosts, and both Selenium and chromedriver otherwise go by "localhost"."""
    chromium_port, driver_port = free_port(), free_port()
    chromium = start(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                      "--disable-dev-shm-usage", "--window-size=1300,1700",
                      f"--user-data-dir={profile}", "--remote-debugging-address=127.0.0.1",
                      f"--remote-debugging-port={chromium_port}", "about:blank"],
                     chromium_port, "chromium")
    chromedriver = start(["/usr/bin/chromedriver", f"--port={driver_port}"], driver_port,
                         "chromedriver")
    options = Options()
    options.add_experimental_option("debuggerAddress", f"127.0.0.1:{chromium_port}")
    driver = webdriver.Remote(command_executor=f"http://127.0.0.1:{driver_port}", options=options)
    return driver, [chromedriver, chromium]


class Page:
    def __init__(self, driver):
        self.driver = driver
        self.wait = WebDriverWait(driver, 30)

    # Read in one script each: the page redraws whole parts when the state changes.
    def position(self):
        return self.driver.execute_script('return document.getElementById("position").value')

    def history(self):
        return self.driver.execute_script(
            'return [...document.querySelectorAll("#history .move")].map((m) => m.textContent)')

    def error(self):
        return self.driver.execute_script('return document.getElementById("error").textContent')

    def open(self, game):
        before = self.position()
        choice = Select(self.driver.find_element(By.ID, "game-choice"))
        if choice.first_selected_option.get_attribute("value") == game:
            self.driver.find_element(By.ID, "restart").click()  # the menu would not change
            self.wait.until(lambda d: self.history() == [])
        else:
            # The old game's board stays until the new game's comes: wait for it to go, or a
            # slow server (the sanitizer build) has the first clicks land on the old board.
            old = self.driver.find_elements(By.CSS_SELECTOR, "polygon[data-cell]")
            choice.select_by_value(game)
            if old:
                self.wait.until(expected_conditions.staleness_of(old[0]))
            self.wait.until(lambda d: self.position() != before or self.history() == [])
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "polygon[data-cell]"))

    def click(self, selector, what):
        """Clicks the last element `selector` finds. The page redraws the board and hands whole
        when its state changes, so the element is found afresh when it went stale unclicked."""
        for _ in range(5):
            found = self.driver.find_elements(By.CSS_SELECTOR, selector)
            if not found:
                raise AssertionError(f"no {what} on the page")
            try:
                found[-1].click()
                break
            except StaleElementReferenceException:
                time.sleep(0.1)
        time.sleep(0.05)

    def click_cell(self, cell):
        # The piece on a cell is drawn over it; either takes the click.
        self.click(f'[data-cell="{cell}"]', f"cell {cell}")

    def click_move(self, move):
        """Clicks a move as a player would: the piece (or the hand's piece), then each cell."""
        before = len(self.history())
        drop = re.fullmatch(r"(\+?[A-Z])\*(\w+)", move)
        if drop:
            mover = self.driver.find_element(By.ID, "turn").text.split(" ")[0]
            self.click(f'svg[data-hand="{mover}"]:has([data-piece="{drop.group(1)}"])',
                       f"{drop.group(1)} in {mover}'s hand")
            self.click_cell(drop.group(2))
        else:
            body, _, promotion = move.partition("=")
            cells = re.split(r"[-x]", body)
            for cell in cells:
                self.click_cell(cell)
            if promotion:
                letter = promotion
                chooser = self.wait.until(lambda d: d.find_element(By.ID, "chooser"))
                self.wait.until(lambda d: chooser.is_displayed())
                chooser.find_element(By.CSS_SELECTOR, f'button[data-move$="={letter}"]').click()
        self.wait.until(lambda d: len(self.history()) > before or self.error())
        if self.error():
            raise AssertionError(f"{move}: the page says {self.error()}")

    def set_seats(self, seats):
        for select, seat in zip(self.driver.find_elements(By.CSS_SELECTOR, "#seats select"), seats):
            if Select(select).first_selected_option.get_attribute("value") != seat:
                Select(select).select_by_value(seat)
                time.sleep(0.2)  # the seats are redrawn from the answer


def vari_position(vari, game, moves):
    start = ["--position", POSITIONS[game]] if game in POSITIONS else []
    result = subprocess.run([vari, "show", game, *start, "--moves", " ".join(moves),
                             "--color", "never"], capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"vari show {game} --moves {' '.join(moves)}: {result.stderr}")
    return result.stdout.strip().splitlines()[-1]


def play(page, vari, game, moves, seats, screenshots):
    page.open(game)
    if game in POSITIONS:
        # The field holds what was typed at once: the board, redrawn whole from the server's
        # answer, says the position was set.
        board = page.driver.find_element(By.CSS_SELECTOR, "polygon[data-cell]")
        field = page.driver.find_element(By.ID, "position")
        field.clear()
        field.send_keys(POSITIONS[game])
        page.driver.find_element(By.ID, "set-position").click()
        page.wait.until(expected_conditions.staleness_of(board))
        page.wait.until(lambda d: page.position() == POSITIONS[game])
    if seats:
        page.set_seats(seats)
    for ply, move in enumerate(moves.split(), start=1):
        if move == "AI":  # the AI's move, made on its own (perhaps already)
            page.wait.until(lambda d: len(page.history()) >= ply)
            continue
        page.click_move(move)
        # The page's position is vari's position after the moves the page lists.
        expected = vari_position(vari, game, page.history())
        if page.position() != expected:
            raise AssertionError(f"{game} after {move}: the page shows {page.position()!r}, "
                                 f"vari {expected!r}")
    page.driver.save_screenshot(os.path.join(screenshots, f"{game}.png"))
    print(f"{game}: {len(page.history())} moves by clicks, positions agree with vari show")


# The colours style.css gives a cell of the last move, a royal piece in check and the piece picked.
HIGHLIGHTS = {"last": "rgb(205, 210, 106)", "check": "rgb(224, 74, 63)",
              "selected": "rgb(127, 176, 230)"}
# (game, moves in long notation that give check, a piece of the side to move that has a move)
CHECKS = [("chess", "e2-e4 f7-f5 d1-h5", "g7"), ("shafran-chess", "e2-e3 h10-f7 h4xd8", "e10")]


def fill(page, cell):
    return page.driver.execute_script(
        "return getComputedStyle(document.querySelector(`polygon[data-cell=\"${arguments[0]}\"]`))"
        ".fill", cell)


def marked(page, mark):
    return page.driver.execute_script(
        "return [...document.querySelectorAll(`polygon.${arguments[0]}`)].map(p => p.dataset.cell)",
        mark)


def expect_fill(page, game, cell, mark):
    shown = fill(page, cell)
    if shown != HIGHLIGHTS[mark]:
        raise AssertionError(f"{game}: {cell} should be drawn as '{mark}' ({HIGHLIGHTS[mark]}), "
                             f"is {shown}")


def tokens_follow_names(page):
    """A player's tokens take the colour its name says: Black, who moves first here, is dark; piece
    names are shown as words (the promotion chooser, the tokens' titles)."""
    fills = page.driver.execute_script(
        "const fill = (p) => getComputedStyle(document.querySelector("
        "`g[data-owner=\"${p}\"] circle`)).fill;"
        "return [fill('Black'), fill('White'), fill('Gray')]")
    if fills != ["rgb(43, 43, 43)", "rgb(250, 250, 250)", "rgb(140, 140, 140)"]:
        raise AssertionError(f"Black, White and Gray tokens are drawn {fills}")
    shown = page.driver.execute_script(
        'return displayName(board.types.findIndex((t) => t.name === "PromotedLance"))')
    if shown != "Promoted Lance":
        raise AssertionError(f"the promotion chooser would offer {shown!r}")


def highlights(page):
    """The last move, a royal piece in check and the piece picked are drawn in their colours on
    square and hex boards alike (the hex boards' shading must not hide them)."""
    for game, moves, piece in CHECKS:
        page.open(game)
        for move in moves.split():
            page.click_move(move)
        last = re.split(r"[-x]", moves.split()[-1])
        expect_fill(page, game, last[-1], "last")
        checked = marked(page, "check")
        if len(checked) != 1:
            raise AssertionError(f"{game}: one royal piece is in check, the page marks {checked}")
        expect_fill(page, game, checked[0], "check")
        page.click_cell(piece)
        page.wait.until(lambda d: fill(page, piece) != HIGHLIGHTS["last"])
        expect_fill(page, game, piece, "selected")
        page.click_cell(piece)  # put back
    print("highlights: last move, check and the picked piece shown on square and hex boards")


def marks_of(page, selector):
    """Per piece `selector` finds: its cell (or hand), letter, owner and its marks' drawing, and
    where its marks lie on the whole (the mean of their boxes' centres, y down the screen)."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((g) => {"
        "  const marks = [...g.querySelectorAll('.mark')];"
        "  const boxes = marks.map((m) => m.getBBox());"
        "  const mean = (f) => boxes.reduce((s, b) => s + f(b), 0) / (boxes.length || 1);"
        "  return { cell: g.dataset.cell || 'hand', letter: g.dataset.piece, owner: g.dataset.owner,"
        "           marks: marks.length, drawing: marks.map((m) => m.outerHTML).join(''),"
        "           x: mean((b) => b.x + b.width / 2), y: mean((b) => b.y + b.height / 2) }; })",
        selector)


def every_piece_marked(page, game):
    """Every piece on the board (and in hand) bears marks of its moves, and pieces of types that
    move differently, owned by one player, are drawn differently."""
    pieces = marks_of(page, "g.piece[data-piece]")
    moves = dict(page.driver.execute_script(
        "return board.types.map((t) => [t.letter, JSON.stringify(t.moves)])"))
    bare = [f"{p['owner']} {p['letter']} on {p['cell']}" for p in pieces if not p["marks"]]
    if not pieces or bare:
        raise AssertionError(f"{game}: pieces drawn without the marks of their moves: {bare}")
    drawings = {}
    for p in pieces:
        drawings.setdefault((p["owner"], p["letter"]), p["drawing"])
    for owner in {o for o, _ in drawings}:
        own = {letter: d for (o, letter), d in drawings.items() if o == owner}
        if len(set(own.values())) != len({moves[letter] for letter in own}):
            raise AssertionError(f"{game}: {owner}'s {sorted(own)} are not all drawn differently")
    return pieces


def panel_shows(page, name, reached=None):
    page.wait.until(lambda d: d.find_element(By.ID, "panel-name").text == name
                    and "shown" in d.find_element(By.ID, "piece-panel").get_attribute("class"))
    if reached is not None:
        count = len(page.driver.find_elements(By.CSS_SELECTOR, "#panel-board [data-reached]"))
        if count != reached:
            raise AssertionError(f"the panel of the {name} marks {count} cells, not {reached}")


def piece_drawings(page):
    """Compact Hex Chess: twenty kinds of piece told apart by the marks of their moves; the
    piece panel names a piece and shows the cells it reaches, when pointed at or focused."""
    game = "compact-hex-chess-anglojewish"
    page.open(game)
    page.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'g.piece[data-cell="d9"][data-piece="C"]'))
    every_piece_marked(page, game)
    ActionChains(page.driver).move_to_element(
        page.driver.find_element(By.CSS_SELECTOR, 'g.piece[data-cell="b2"]')).perform()
    panel_shows(page, "White Sennight on b2", reached=12)
    page.driver.execute_script('document.querySelector(`polygon[data-cell="d9"]`).focus()')
    panel_shows(page, "Black Cohen on d9")
    print(f"{game}: every piece drawn with its moves; the panel follows the pointer and focus")


def shogi_drawings(page):
    """Hex Shogi 41, with pieces in hand: every piece bears its moves, each Lance points the way
    its owner moves, a piece in hand shows its panel when focused, and the page's box turns the
    marks off and on."""
    game = "hex-shogi-41"
    pieces = every_piece_marked(page, game)
    if not any(p["cell"] == "hand" for p in pieces):
        raise AssertionError(f"{game}: no piece in hand is drawn with its moves")
    lances = {p["owner"]: p["y"] for p in pieces if p["letter"] == "L" and p["cell"] != "hand"}
    if not (lances.get("Black", 0) < 0 < lances.get("White", 0)):
        raise AssertionError(f"{game}: seen from Black's side, Black's Lance should point up and "
                             f"White's down; their marks lie at {lances}")
    page.driver.execute_script('document.querySelector(`svg[data-hand="White"]`).focus()')
    panel_shows(page, "White Pawn in hand", reached=2)
    box = page.driver.find_element(By.ID, "move-marks")
    box.click()
    page.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".hands .mark, #board .mark"))
    box.click()
    page.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".hands .mark"))
    print(f"{game}: pieces on the board and in hand drawn with their moves, each its way")


def chess_pictures(page):
    """Chess names an image for each piece and player (stdlib-games/images): every piece is drawn
    as its picture, an SVG <image> (which runs no script), with no letter or marks over it, each
    player's piece of a type from its own file."""
    pieces = page.driver.execute_script(
        "return [...document.querySelectorAll('#board g.piece[data-piece]')].map((g) => {"
        "  const image = g.querySelector('image');"
        "  return { piece: `${g.dataset.owner} ${g.dataset.piece}`,"
        "           href: image ? image.getAttribute('href') : '',"
        "           extra: g.querySelectorAll('text, .mark, .disk').length }; })")
    bare = [p["piece"] for p in pieces
            if not p["href"].startswith("data:image/svg+xml") or p["extra"]]
    if not pieces or bare:
        raise AssertionError(f"chess: pieces not drawn from their images: {bare}")
    pictures = {p["piece"]: p["href"] for p in pieces}
    if len(set(pictures.values())) != len(pictures):
        raise AssertionError(f"chess: two kinds of piece share a picture: {sorted(pictures)}")
    print(f"chess: {len(pieces)} pieces drawn from their SVG images")


def past_positions(page, vari):
    """The move list reads one row a round; a move clicked shows the position after it, and the
    game comes back with its last move or the button."""
    page.open("chess")
    moves = "e2-e4 e7-e5 g1-f3 b8-c6 f1-b5".split()
    for move in moves:
        page.click_move(move)
    rows = page.driver.execute_script(
        'return [...document.querySelectorAll("#history tr")].map((r) => r.innerText.split(/\\s+/))')
    if rows != [["1.", "e4", "e5"], ["2.", "Nf3", "Nc6"], ["3.", "Bb5"]]:
        raise AssertionError(f"the move list by rounds: {rows}")
    live = page.position()
    page.click('#history .move[data-ply="3"]', "the third move")
    page.wait.until(lambda d: page.position() != live)
    expected = vari_position(vari, "chess", page.history()[:3])
    if page.position() != expected:
        raise AssertionError(f"after the third move the page shows {page.position()!r}, "
                             f"vari {expected!r}")
    expect_fill(page, "chess", "f3", "last")
    page.click("#live", "back to the game")
    page.wait.until(lambda d: page.position() == live)
    print("move list: rounds in rows; a move clicked shows its position, and the game comes back")


# The rule editor is CodeMirror's: its text and cursor are read through its API.
EDITOR = 'document.querySelector("#editor-pane .CodeMirror").CodeMirror'


def editor_text(page):
    """The editor's text, once CodeMirror (loaded after the board is drawn) holds it."""
    page.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#editor-pane .CodeMirror"))
    return page.driver.execute_script(f"return {EDITOR}.getValue()")


def type_in_editor(page, keys):
    """Types at the end of the rule file, as a player would, into the focused editor."""
    editor_text(page)
    page.driver.execute_script(f"{EDITOR}.focus(); {EDITOR}.execCommand('goDocEnd')")
    page.driver.switch_to.active_element.send_keys(keys)


def kept_work(page):
    """What was written in the editor survives a reload, and is replaced only when the player
    says so."""
    driver = page.driver
    type_in_editor(page, "\n# my own line")
    written = editor_text(page)
    if not written.endswith("\n# my own line"):
        raise AssertionError(f"typed into the editor, it holds {written[-40:]!r}")
    driver.find_element(By.ID, "edit-current").click()
    page.wait.until(expected_conditions.alert_is_present())
    driver.switch_to.alert.dismiss()
    time.sleep(0.3)
    if editor_text(page) != written:
        raise AssertionError("the editor's text was replaced though the player said no")
    driver.refresh()
    page.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "polygon[data-cell]"))
    page.wait.until(lambda d: editor_text(page) == written)
    page.wait.until(lambda d: "valid" in d.find_element(By.ID, "diagnostics").text)
    print("editor: the written file is kept across a reload and replaced only when asked")


def analysis(page):
    """"Analyse" searches the position on the board: the score, depth and best line are shown
    beside the evaluation bar, and the game is not changed."""
    driver = page.driver
    page.open("chess")
    page.click_move("e2-e4")
    before = page.position()
    driver.find_element(By.ID, "analyse").click()
    page.wait.until(lambda d: "depth" in d.find_element(By.ID, "evaluation").text)
    stop = driver.find_element(By.ID, "stop-analysis")
    if stop.is_displayed():  # else the search has ended on its own
        try:
            stop.click()
        except ElementNotInteractableException:  # it ended between the two
            pass
    page.wait.until(lambda d: not d.find_element(By.ID, "stop-analysis").is_displayed())
    shown = driver.find_element(By.ID, "evaluation").text
    if not re.match(r"Black [+-]\S+ \(depth \d+, \d+ nodes\): \S+", shown):
        raise AssertionError(f"the analysis shows {shown!r}")
    if not driver.find_element(By.ID, "eval-bar").is_displayed():
        raise AssertionError("no evaluation bar beside the board")
    if page.position() != before:
        raise AssertionError("analysing changed the game")
    print(f"analysis: {shown}")


def keyboard(page):
    """A move typed in notation, and a move made on cells reached by the keyboard alone."""
    driver = page.driver
    page.open("chess")
    field = driver.find_element(By.ID, "move-input")
    field.send_keys("Nf3", Keys.ENTER)
    page.wait.until(lambda d: page.history() == ["Nf3"])
    for cell in ("e7", "e5"):
        driver.execute_script(
            'document.querySelector(`polygon[data-cell="${arguments[0]}"]`).focus()', cell)
        driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.wait.until(lambda d: page.history() == ["Nf3", "e5"])
    label = driver.execute_script(
        'return document.querySelector(`polygon[data-cell="e5"]`).getAttribute("aria-label")')
    if label != "e5, Black Pawn, last move":
        raise AssertionError(f"a screen reader would say {label!r} of e5")
    print("keyboard: a typed move and a move made by focus and Enter")


def phone(page, screenshots):
    """At 400 by 800 the board fills the width and nothing scrolls sideways."""
    driver = page.driver
    driver.set_window_size(400, 800)
    try:
        page.open("hex-shogi-41")
        sizes = driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
            " document.getElementById('board').getBoundingClientRect().width]")
        scroll, inner, width = sizes
        if scroll > inner or width < 0.85 * inner:
            raise AssertionError(f"at 400 px the page is {scroll} px wide, the board {width} px")
        page.click_move("c3-c4")
        driver.save_screenshot(os.path.join(screenshots, "phone.png"))
    finally:
        driver.set_window_size(1300, 1700)
    print(f"phone: the board {width:.0f} of {inner} px, no sideways scroll, a move by touch")


def colours_of_words(page):
    """The colour each word of the editor is drawn in, as the browser computed it."""
    return page.driver.execute_script(
        "const seen = {};"
        "for (const span of document.querySelectorAll('#editor-pane .CodeMirror-line span span'))"
        "  seen[span.textContent] = getComputedStyle(span).color;"
        "return seen")


def marks_in_editor(page):
    """For each line the editor shows with a diagnostic's mark: its number, the words underlined,
    the gutter's dot and what hovering the dot tells."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#editor-pane .CodeMirror-code > div')]"
        ".map((line) => ({ number: line.querySelector('.CodeMirror-linenumber').textContent,"
        "  marked: [...line.querySelectorAll('.vari-error')].map((s) => s.textContent),"
        "  dot: line.querySelector('.vari-mark.error')?.title }))"
        ".filter((line) => line.marked.length || line.dot)")


def editor_shows(page):
    """The editor numbers its lines and colours the rule language: a keyword is not drawn as a
    piece's name."""
    numbers = page.driver.execute_script(
        "return [...document.querySelectorAll('#editor-pane .CodeMirror-linenumber')]"
        ".map((n) => n.textContent).filter((n) => n)")
    if "1" not in numbers or "2" not in numbers:
        raise AssertionError(f"the editor shows no line numbers: {numbers[:5]}")
    colours = colours_of_words(page)
    # A piece's name on the editor's first screen (CodeMirror draws only the lines in view).
    keyword, piece = colours.get("piece"), colours.get("King")
    if not keyword or not piece or keyword == piece:
        raise AssertionError(f"'piece' is drawn {keyword}, 'King' {piece}: the same or not at all")


def design(page, vari, screenshots):
    """The editor: line numbers and colours; a broken rule file shows its located error in the
    list and marked in the text; fixed, it is played."""
    driver = page.driver
    page.open("chess")
    driver.find_element(By.ID, "edit-current").click()
    page.wait.until(lambda d: "game" in editor_text(page))
    page.wait.until(lambda d: "valid" in d.find_element(By.ID, "diagnostics").text)
    editor_shows(page)
    broken = "\npiece Wizard W { slide sideways }"
    line = (editor_text(page) + broken).count("\n") + 1
    type_in_editor(page, broken)
    page.wait.until(lambda d: "error" in d.find_element(By.ID, "diagnostics").text)
    shown = driver.find_element(By.ID, "diagnostics").text
    if f"pasted.vari:{line}:" not in shown:
        raise AssertionError(f"the error is not located on line {line}: {shown!r}")
    marks = marks_in_editor(page)
    if (len(marks) != 1 or marks[0]["number"] != str(line) or marks[0]["marked"] != ["sideways"]
            or "error: " not in (marks[0]["dot"] or "")):
        raise AssertionError(f"the error on line {line} is marked in the editor as {marks}")
    driver.save_screenshot(os.path.join(screenshots, "editor-error.png"))
    # The list's error puts the cursor at its place; Esc then Tab leaves the editor.
    driver.execute_script(f"{EDITOR}.execCommand('goDocStart')")
    page.click("#diagnostics li", "the error in the list")
    cursor = driver.execute_script(f"const c = {EDITOR}.getCursor(); return [c.line + 1, c.ch]")
    if cursor[0] != line:
        raise AssertionError(f"clicking the error put the cursor at {cursor}, not on line {line}")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE, Keys.TAB)
    if driver.execute_script("return document.activeElement.closest('.CodeMirror') !== null"):
        raise AssertionError("Esc then Tab does not leave the editor")
    type_in_editor(page, Keys.BACKSPACE * len(broken))
    page.wait.until(lambda d: "valid" in d.find_element(By.ID, "diagnostics").text)
    driver.find_element(By.ID, "play-rules").click()
    page.wait.until(lambda d: page.history() == [] and "pasted" not in page.error())
    menu = Select(driver.find_element(By.ID, "game-choice")).first_selected_option.text
    if menu != "the editor's rule file":
        raise AssertionError(f"the game menu names {menu!r} while the editor's file is played")
    page.click_move("e2-e4")
    expected = vari_position(vari, "chess", page.history())
    if page.position() != expected:
        raise AssertionError(f"the edited game: {page.position()!r}, vari {expected!r}")
    print("editor: line numbers, colours, a located error listed and marked; the fixed file plays")
    kept_work(page)

    # A short analysis from the page draws its charts.
    games = driver.find_element(By.ID, "analysis-games")
    games.clear()
    games.send_keys("4")
    driver.find_element(By.ID, "run-analysis").click()
    page.wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#charts svg")) == 3)
    driver.save_screenshot(os.path.join(screenshots, "analysis.png"))
    print("analysis: 4 games, charts drawn")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vari", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    server, url = start_server(args.vari)
    driver, helpers = None, []
    profile = tempfile.mkdtemp(prefix="vari-browser-")
    try:
        driver, helpers = browser(profile)
        driver.get(url)
        page = Page(driver)
        page.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "polygon[data-cell]"))
        for game, moves, seats in GAMES:
            play(page, args.vari, game, moves, seats, args.screenshots)
            if game == "chess":
                chess_pictures(page)
            if game == "hex-shogi-41":
                shogi_drawings(page)
            if game == "three-player-hex-shogi-91":  # the last move is shown on the board
                expect_fill(page, game, marked(page, "last")[-1], "last")
                tokens_follow_names(page)
        piece_drawings(page)
        past_positions(page, args.vari)
        keyboard(page)
        analysis(page)
        phone(page, args.screenshots)
        highlights(page)
        design(page, args.vari, args.screenshots)
    finally:
        if driver:
            driver.quit()
        for helper in helpers:
            helper.terminate()
            helper.wait(timeout=30)
        shutil.rmtree(profile, ignore_errors=True)
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
