"""Drive the real window loop with seeded random events and check the game after each one.

    python tools/fuzz.py --events 50000 --seed 1

Runs on SDL's dummy video driver (no window opens) in a throwaway folder, posting mouse
buttons, motion, wheel, every key the game binds, the window's own events (resizes, focus
lost and gained, minimised and restored, exposed) and quits into the real loop, over every
screen and dialog, on standard boards, large ones and the extremes (200x200 with 1 mine and
with 39,999); between runs (after a quit) it now and then breaks the settings or the kept
game, as a crash or a disk might. After each step it checks what must always hold:
  - the mine counter is the mines less the flags on the board;
  - a won game has no covered safe cell;
  - an open menu stops the clock, and never stays open under a dialog;
  - the kept file is the game being played (same board, same moves);
  - every game that finished is one row of the statistics (a loss taken back keeps its row
    until the game ends again and replaces it).
With --kill-workers P (threaded runs), each event kills one of the worker processes (the
measures', the analyses', the boards') with SIGKILL with probability P, as the out-of-memory
killer might, and every finished game must still have its row and its replay on disk.
Prints JSON lines: progress every --every events, then the figures (events, scenes covered,
exceptions, broken invariants, the slowest steps with their board and event, the slowest on a
standard board). Exit status 1 if anything broke. By default the slow work runs on its threads
as in the game (the hints, laying a no-guess board, reading and writing files), so the step
times are what a player feels; --at-once runs it in the step, so that a seed repeats exactly.
The tests run a few thousand events of it at once (tests/ui/test_loop_fuzz.py).
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.engine import Difficulty, GameState  # noqa: E402
from game.engine.boards import BoardChoice  # noqa: E402
from game.measure import measure_elsewhere  # noqa: E402
from game.session import ManualClock as FakeClock  # noqa: E402
from game.store.history import History  # noqa: E402
from game.store.replays import ReplayError, load_replay  # noqa: E402
from game.store.settings import SettingsFile  # noqa: E402
from game.store.stats import Stats  # noqa: E402
from game.store.writer import Writer  # noqa: E402
from game.ui.assist import Assistant, RunAtOnce  # noqa: E402
from game.ui.chores import Chores  # noqa: E402
from game.ui.theme import load_library  # noqa: E402
from game.ui.widgets import Metrics  # noqa: E402
from game.ui.window import App  # noqa: E402

# Every key the game binds somewhere (board, dialogs, replays), with the text it types, and a
# few it does not bind.
K = pygame
KEYS = [
    (K.K_F2, ""),
    (K.K_n, "n"),
    (K.K_1, "1"),
    (K.K_2, "2"),
    (K.K_3, "3"),
    (K.K_KP1, "1"),
    (K.K_KP2, "2"),
    (K.K_KP3, "3"),
    (K.K_c, "c"),
    (K.K_q, "q"),
    (K.K_o, "o"),
    (K.K_s, "s"),
    (K.K_t, "t"),
    (K.K_m, "m"),
    (K.K_g, "g"),
    (K.K_h, "h"),
    (K.K_p, "p"),
    (K.K_b, "b"),
    (K.K_v, "v"),
    (K.K_z, "z"),
    (K.K_y, "y"),
    (K.K_F1, ""),
    (K.K_SLASH, "?"),
    (K.K_PLUS, "+"),
    (K.K_EQUALS, "="),
    (K.K_MINUS, "-"),
    (K.K_KP_PLUS, "+"),
    (K.K_KP_MINUS, "-"),
    (K.K_UP, ""),
    (K.K_DOWN, ""),
    (K.K_LEFT, ""),
    (K.K_RIGHT, ""),
    (K.K_SPACE, " "),
    (K.K_f, "f"),
    (K.K_d, "d"),
    (K.K_RETURN, "\r"),
    (K.K_KP_ENTER, "\r"),
    (K.K_TAB, "\t"),
    (K.K_BACKSPACE, "\b"),
    (K.K_r, "r"),
    (K.K_LEFTBRACKET, "["),
    (K.K_RIGHTBRACKET, "]"),
    (K.K_0, "0"),
    (K.K_4, "4"),
    (K.K_5, "5"),
    (K.K_6, "6"),
    (K.K_7, "7"),
    (K.K_8, "8"),
    (K.K_9, "9"),
    (K.K_a, "a"),
    (K.K_x, "x"),
    (K.K_HOME, ""),
    (K.K_F5, ""),
    (K.K_F11, ""),
    (K.K_F10, ""),
    (K.K_END, ""),
    (K.K_PAGEDOWN, ""),
    (K.K_PAGEUP, ""),
    (K.K_DELETE, ""),
]
ESCAPES = [(K.K_ESCAPE, "\x1b")]  # leaves dialogs (or quits by Ctrl+Q): less often than others
# The window's own events, as a desktop sends them: a size, or nothing but the kind.
WINDOW_EVENTS = [
    K.VIDEORESIZE,
    K.WINDOWRESIZED,
    K.WINDOWSIZECHANGED,
    K.WINDOWFOCUSLOST,
    K.WINDOWFOCUSGAINED,
    K.WINDOWMINIMIZED,
    K.WINDOWRESTORED,
    K.WINDOWMAXIMIZED,
    K.WINDOWEXPOSED,
    K.VIDEOEXPOSE,
    K.WINDOWENTER,
    K.WINDOWLEAVE,
]
EXTREME_MINES = (1, 39_999)  # on 200x200: a board of one mine, and of one safe cell
SLOWEST_KEPT = 10  # steps the report lists
STANDARD = {(d.rows, d.cols, d.mines) for d in Difficulty}


class Fuzzer:
    """One seeded run in `folder` (which holds the settings, statistics and kept game)."""

    def __init__(
        self,
        folder: Path,
        seed: int,
        *,
        large_boards: float = 0.05,
        extreme_boards: float = 0.02,
        threaded: bool = False,
        kill_workers: float = 0.0,
    ) -> None:
        self.folder = folder
        self.large_boards = large_boards  # the share of starts on a large custom board
        self.extreme_boards = extreme_boards  # ... on 200x200 with 1 or 39,999 mines
        self.threaded = threaded  # slow work on threads, as in the game (not repeatable)
        self.kill_workers = kill_workers if threaded else 0.0  # a kill an event, this likely
        self.worker_kills = 0
        self._replays_checked = 0  # finished games whose row and replay were looked at
        self.rng = random.Random(seed)
        self.clock = FakeClock()
        self.events = 0
        self.steps = 0
        self.starts = 0
        self.scenes: Counter[str] = Counter()
        self.exceptions: list[str] = []
        self.broken: list[str] = []
        self.longest_ms = 0.0
        self.longest_scene = ""
        self.longest_what = ""
        # (ms, scene, what, standard board, ms of the loop thread's own CPU time)
        self.slowest: list[tuple[float, str, str, bool, float]] = []
        self.slowest_standard = (0.0, "")
        self.window_events = 0
        self.extreme_starts: Counter[int] = Counter()  # 200x200 starts by their mines
        self.last_event = "start"
        self.finished: dict[object, object] = {}  # games seen finished (not replays), by id
        self._kept_seen: tuple | None = None
        self.row_offset = 0  # rows already reported as wrong
        self.damaged = 0  # files broken between runs
        pygame.display.init()
        self.themes = load_library()
        self.stats = Stats(folder / "stats.sqlite3")
        self.history = History(
            self.stats,
            replays=folder / "replays",
            kept=folder / "kept",
            legacy=folder / "kept-game.json",
            writer=Writer() if threaded else None,
            measure=measure_elsewhere if threaded else None,  # as the window has them made
        )
        self.settings_file = SettingsFile(folder / "settings.json")
        self.start()

    # ---- the app -----------------------------------------------------------------------

    def start(self) -> None:
        """Start the game as a player would: settings from disk, the kept game offered."""
        settings, _ = self.settings_file.load()
        rng = self.rng
        board = rng.choice(
            [
                None,
                BoardChoice.standard(Difficulty.BEGINNER),
                BoardChoice.standard(Difficulty.INTERMEDIATE),
            ]
        )
        if rng.random() < self.large_boards:  # boards that scroll, up to the largest
            rows, cols = rng.randrange(30, 201), rng.randrange(30, 201)
            board = BoardChoice.of(rows, cols, rng.randrange(1, rows * cols // 5))
        elif rng.random() < self.extreme_boards:
            board = BoardChoice.of(200, 200, rng.choice(EXTREME_MINES))
            self.extreme_starts[board.mines] += 1
        self.app = App(
            board or settings.board_choice(),
            settings,
            self.themes,
            seed=self.rng.randrange(2**32),
            scale=self.rng.choice([None, 1, 2]),
            clock=self.clock,
            settings_file=self.settings_file,
            history=self.history,
            motion=self.rng.random() < 0.7,
            # at once, work off the frame runs in the step: a seed repeats
            chores=Chores(threaded=self.threaded),
        )
        if not self.threaded:
            self.app.ctx.aids.assistant = Assistant(RunAtOnce())
        self.starts += 1
        self.step()

    def scene(self) -> str:
        app = self.app
        if app.ctx.dialogs.dialog is not None:
            return type(app.ctx.dialogs.dialog).__name__
        if app.menu.bar.is_open:
            return "menu:" + app.menu.bar.names()[app.menu.bar.open]
        if app.games.replay is not None:
            return "replay"
        return f"play:{app.play.game.state.value}"

    def step(self) -> None:
        chore = self.app.ctx.aids.chores.status  # work running on a thread of its own meanwhile
        began, began_cpu = time.perf_counter(), time.thread_time()
        self.app.step()
        took = (time.perf_counter() - began) * 1000
        # the loop thread's own work; the rest of `took` it waited (the machine, the GIL)
        cpu = (time.thread_time() - began_cpu) * 1000
        self.steps += 1
        board = self.app.play.game
        standard = (board.rows, board.cols, board.mines) in STANDARD
        if standard and took > self.slowest_standard[0]:
            self.slowest_standard = (
                took,
                f"{self.last_event} on {board.cols}x{board.rows}/"
                f"{board.mines} ({self.scene()}), {cpu:.1f} ms of "
                "it the loop's own work",
            )
        if len(self.slowest) < SLOWEST_KEPT or took > self.slowest[0][0]:
            what = f"{self.last_event} on {board.cols}x{board.rows}/{board.mines}"
            if chore:
                what += f", while {chore!r}"
            heapq.heappush(self.slowest, (took, self.scene(), what, standard, cpu))
            if len(self.slowest) > SLOWEST_KEPT:
                heapq.heappop(self.slowest)
        if took > self.longest_ms:
            self.longest_ms, self.longest_scene = took, self.scene()
            self.longest_what = f"{self.last_event} on {board.cols}x{board.rows}/{board.mines}"

    # ---- events ------------------------------------------------------------------------

    def post(self, kind: int, **attrs) -> None:
        event = pygame.event.Event(kind, **attrs)
        pygame.event.post(event)
        self.events += 1
        self.last_event = pygame.event.event_name(kind)
        if kind == pygame.KEYDOWN:
            ctrl = " ctrl" if attrs["mod"] & pygame.KMOD_CTRL else ""
            self.last_event += f" {pygame.key.name(attrs['key'])}{ctrl}"

    def a_point(self) -> tuple[int, int]:
        """Mostly a cell on screen, sometimes the face or the menu bar (a title, or a row of
        the open menu), sometimes anywhere (off the window too)."""
        app, rng = self.app, self.rng
        lay = app.ctx.frame.layout
        if (
            app.ctx.dialogs.dialog is not None and rng.random() < 0.6
        ):  # a button, list or field of it
            targets = app.ctx.dialogs.dialog.form.focusables() + [app.ctx.dialogs.dialog.form]
            box = lay.window_box(lay.from_text(rng.choice(targets).box))
            return (box.x + rng.randrange(max(1, box.w)), box.y + rng.randrange(max(1, box.h)))
        roll = rng.random()
        if roll < 0.08 or app.menu.bar.is_open and roll < 0.5:
            placed = app.menu.bar.placed(lay, Metrics.of(app.ctx.frame.theme))
            boxes = [box for _, box in placed.titles] + [row.box for row in placed.rows]
            box = rng.choice(boxes)
            return (
                lay.origin_x + (box.x + rng.randrange(box.w)) * lay.text,
                lay.origin_y + (box.y + rng.randrange(box.h)) * lay.text,
            )
        if roll < 0.7:
            for _ in range(4):
                row = app.play.view.top + rng.randrange(max(1, lay.view_rows))
                col = app.play.view.left + rng.randrange(max(1, lay.view_cols))
                box = lay.cell_rect(row, col, app.play.view.top, app.play.view.left)
                if box is not None:
                    return (
                        lay.origin_x + box.x + box.w // 2,
                        lay.origin_y + box.y + box.h // 2,
                    )
        if roll < 0.8:
            f = lay.face
            return (
                lay.origin_x + f.x + f.w // 2,
                lay.origin_y + f.y + f.h // 2,
            )
        w, h = pygame.display.get_surface().get_size()
        return rng.randrange(-20, w + 20), rng.randrange(-20, h + 20)

    def a_safe_cell(self) -> tuple[int, int] | None:
        """A covered safe cell on screen, if the mines are laid (so games get won too)."""
        app = self.app
        layout = app.play.game.layout()
        if layout is None or app.ctx.dialogs.dialog is not None:
            return None
        lay, top, left, game = (
            app.ctx.frame.layout,
            app.play.view.top,
            app.play.view.left,
            app.play.game,
        )
        cells = [
            (r, c)
            for r in range(top, min(top + lay.view_rows, game.rows))
            for c in range(left, min(left + lay.view_cols, game.cols))
            if layout[r][c] == "." and game.cell(r, c) in "#?"
        ]
        if not cells:
            return None
        row, col = self.rng.choice(cells)
        box = lay.cell_rect(row, col, app.play.view.top, app.play.view.left)
        if box is None:
            return None
        return (
            lay.origin_x + box.x + box.w // 2,
            lay.origin_y + box.y + box.h // 2,
        )

    def one_event(self) -> None:
        rng = self.rng
        if self.kill_workers and rng.random() < self.kill_workers:
            self.kill_a_worker()
        buttons = [1, 1, 1, 2, 3, 3, 4, 5]
        if rng.random() < 0.01:  # Alt alone opens the menu bar; with a key it does not
            self.post(pygame.KEYDOWN, key=K.K_LALT, unicode="", mod=K.KMOD_LALT, scancode=0)
            if rng.random() < 0.3:
                self.post(pygame.KEYDOWN, key=K.K_RETURN, unicode="\r", mod=K.KMOD_LALT, scancode=0)
            self.post(pygame.KEYUP, key=K.K_LALT, unicode="", mod=0, scancode=0)
            return
        if (
            self.app.ctx.dialogs.dialog is not None and rng.random() < 0.25
        ):  # a player answers dialogs
            key, text = rng.choice(
                [
                    (K.K_ESCAPE, "\x1b"),
                    (K.K_RETURN, "\r"),
                    (K.K_y, "y"),
                    (K.K_n, "n"),
                    (K.K_DOWN, ""),
                    (K.K_SPACE, " "),
                ]
            )
            self.post(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0)
            return
        roll = rng.random()
        if roll < 0.12:
            self.post(pygame.MOUSEBUTTONDOWN, pos=self.a_point(), button=rng.choice(buttons))
        elif roll < 0.24:
            self.post(pygame.MOUSEBUTTONUP, pos=self.a_point(), button=rng.choice(buttons))
        elif roll < 0.30:
            held = (rng.random() < 0.5, rng.random() < 0.2, rng.random() < 0.3)
            self.post(pygame.MOUSEMOTION, pos=self.a_point(), rel=(0, 0), buttons=held)
        elif roll < 0.34:
            self.post(
                pygame.MOUSEWHEEL,
                x=rng.randint(-2, 2),
                y=rng.randint(-3, 3),
                flipped=False,
                precise_x=0.0,
                precise_y=0.0,
            )
        elif roll < 0.62:
            key, text = rng.choice(KEYS if rng.random() < 0.97 else ESCAPES)
            mod = rng.choice([0] * 8 + [pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL, pygame.KMOD_LALT])
            if key == pygame.K_ESCAPE and rng.random() < 0.5:  # Esc quit before issue 39; now
                key, text, mod = pygame.K_q, "", pygame.KMOD_LCTRL  # Ctrl+Q, as often
            if mod == pygame.KMOD_LCTRL:
                text = ""
                if key == pygame.K_q and rng.random() < 0.7:
                    key = pygame.K_z  # Ctrl+Q quits at once: keep it rarer than Ctrl+Z
            elif mod == pygame.KMOD_LSHIFT:
                text = text.upper()
            self.post(pygame.KEYDOWN, key=key, unicode=text, mod=mod, scancode=0)
        elif roll < 0.982:
            # a whole click: on a safe cell now and then (so games are won), else anywhere
            pos = self.a_safe_cell() if roll < 0.9 else None
            button = 1 if pos is not None else rng.choice(buttons)
            pos = pos or self.a_point()
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            self.step_once()
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        elif roll < 0.998:
            self.window_event()
        else:
            self.post(pygame.QUIT)

    def kill_a_worker(self) -> None:
        """SIGKILL one of the worker processes running now, under whatever it is doing."""
        import signal

        from game import worker as workers

        running = workers.pids()
        if not running:
            return
        try:
            os.kill(self.rng.choice(running), signal.SIGKILL)
        except ProcessLookupError:  # it ended meanwhile
            return
        self.worker_kills += 1

    def window_event(self) -> None:
        """One of the window's own events, as the desktop sends it."""
        rng = self.rng
        kind = rng.choice(WINDOW_EVENTS)
        w, h = rng.randrange(120, 1600), rng.randrange(120, 1200)
        if kind == pygame.VIDEORESIZE:
            self.post(kind, size=(w, h), w=w, h=h)
        elif kind in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self.post(kind, x=w, y=h)
        else:
            self.post(kind)
        self.window_events += 1

    def step_once(self) -> None:
        """Move the clock on (now and then past a long press or a message) and run one tick."""
        rng = self.rng
        self.clock.ms += rng.choice([0, 16, 16, 16, 50, 120, 400]) if rng.random() < 0.97 else 3000
        try:
            self.step()
            if self.threaded:  # what the writer's thread has yet to write, before checking
                self.history.flush()
        except Exception:  # a fault of the program: counted, then the game starts again
            self.exceptions.append(f"event {self.events}: {traceback.format_exc()}")
            self.restart()
            return
        self.scenes[self.scene()] += 1
        if not self.app.games.running:
            self.restart()
            return
        self.check()

    def restart(self) -> None:
        """Start again, as a player would; now and then a file broke while the game was away."""
        self.app.ctx.aids.assistant.close()
        self._kept_seen = None
        if self.threaded:
            self.history.flush()
        if self.rng.random() < 0.1:
            self.damage_a_file()
        self.start()

    def damage_a_file(self) -> None:
        kept = (
            sorted((self.folder / "kept").glob("*.jsonl"))
            if (self.folder / "kept").exists()
            else []
        )
        path = self.rng.choice([self.folder / "settings.json", *kept[:1]])
        if path.exists():
            data = path.read_bytes()
            path.write_bytes(data[: self.rng.randrange(len(data) + 1)] + self.rng.randbytes(3))
            self.damaged += 1

    def run(self, events: int, *, every: int = 0, out=None) -> dict:
        began = time.perf_counter()
        said = 0
        while self.events < events:
            self.one_event()
            self.step_once()
            if every and out is not None and self.events // every > said:
                said = self.events // every
                print(
                    json.dumps({"progress": self.events, **self.figures(began)}),
                    file=out,
                    flush=True,
                )
        return self.figures(began)

    def figures(self, began: float) -> dict:
        return {
            "events": self.events,
            "steps": self.steps,
            "starts": self.starts,
            "scenes_covered": len(self.scenes),
            "scenes": dict(sorted(self.scenes.items())),
            "exceptions": len(self.exceptions),
            "broken_invariants": len(self.broken),
            "finished_games": len(self.finished),
            "worker_kills": self.worker_kills,
            "files_damaged": self.damaged,
            "window_events": self.window_events,
            "extreme_starts": {f"200x200/{m}": n for m, n in sorted(self.extreme_starts.items())},
            "threaded": self.threaded,
            "longest_step_ms": round(self.longest_ms, 1),
            "longest_step_scene": self.longest_scene,
            "longest_step_after": self.longest_what,
            "slowest_steps": [
                {
                    "ms": round(ms, 1),
                    "loop_cpu_ms": round(cpu, 1),
                    "scene": scene,
                    "after": what,
                    "standard_board": std,
                }
                for ms, scene, what, std, cpu in sorted(self.slowest, reverse=True)
            ],
            "slowest_standard_step_ms": round(self.slowest_standard[0], 1),
            "slowest_standard_step_after": self.slowest_standard[1],
            "seconds": round(time.perf_counter() - began, 1),
        }

    # ---- what must always hold ----------------------------------------------------------

    def check(self) -> None:
        app = self.app
        game = app.play.game
        view = game.view()
        where = f"event {self.events} ({self.scene()})"
        flags = sum(line.count("F") + line.count("!") for line in view)
        if game.mines_remaining != game.mines - flags:
            self.broken.append(f"{where}: counter {game.mines_remaining}, flags {flags}")
        if app.menu.bar.is_open and (app.ctx.dialogs.dialog is not None or app.ctx.session.running):
            self.broken.append(f"{where}: a menu open over a dialog or a running clock")
        layout = game.layout()
        if game.state is GameState.WON and any(
            ch == "." and shown in "#?"
            for lrow, vrow in zip(layout, view, strict=True)
            for ch, shown in zip(lrow, vrow, strict=True)
        ):
            self.broken.append(f"{where}: a won game with a covered safe cell")
        if app.games.replay is None:
            self._check_kept(where)
            self._check_rows(where)

    def _check_kept(self, where: str) -> None:
        game = self.app.play.game
        if game.state is not GameState.PLAYING or not game.moves:
            return
        seen = (id(game), len(game.moves), game.moves[-1])
        if seen == self._kept_seen:
            return  # nothing was played since the last look
        self._kept_seen = seen
        journal = self.app.ctx.session.journal
        if journal is None or not journal.open:
            self.broken.append(f"{where}: a game with moves has no journal")
            return
        try:
            kept = load_replay(journal.path)
        except ReplayError as e:
            self.broken.append(f"{where}: the journal cannot be read: {e}")
            return
        if kept.moves != game.moves or kept.layout != game.layout():
            self.broken.append(f"{where}: the journal is not the game being played")

    def _check_rows(self, where: str) -> None:
        """One row per game that ever finished: a loss taken back keeps its row until the
        game ends again and replaces it (rows are keyed by the game's id)."""
        app = self.app
        if app.play.game.state.is_over:
            session = getattr(app, "session", None)
            key = getattr(session, "game_id", None) or id(app.play.game)
            self.finished[key] = app.play.game
        rows = self.stats.conn.execute("SELECT count(*) FROM games").fetchone()[0]
        if rows - self.row_offset != len(self.finished):
            self.broken.append(f"{where}: {rows} rows for {len(self.finished)} finished games")
            self.row_offset = rows - len(self.finished)  # said once, not on every later step
        if len(self.finished) != self._replays_checked:
            self._replays_checked = len(self.finished)
            self._check_replays(where)

    def _check_replays(self, where: str) -> None:
        """Every row's replay is on disk (a killed worker must not cost a finished game its
        replay): a row without one, or naming a file that is not there, is broken."""
        for game_id, replay in self.stats.conn.execute("SELECT game_id, replay FROM games"):
            if replay is None or not Path(replay).is_file():
                self.broken.append(f"{where}: the game {game_id} has no replay ({replay})")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=5000, help="how many events to post")
    p.add_argument("--seed", type=int, default=1, help="the seed of the run")
    p.add_argument("--every", type=int, default=5000, help="a progress line this often")
    p.add_argument(
        "--at-once",
        action="store_true",
        help="slow work in the step, not on threads: the same seed, the same run",
    )
    p.add_argument(
        "--kill-workers",
        type=float,
        default=0.0,
        metavar="P",
        help="kill a worker process with SIGKILL at each event with probability P",
    )
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pixel-mines-fuzz-") as folder:
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):  # never the player's own files
            os.environ[name] = folder
        fuzzer = Fuzzer(
            Path(folder), args.seed, threaded=not args.at_once, kill_workers=args.kill_workers
        )
        figures = fuzzer.run(args.events, every=args.every, out=sys.stdout)
        print(json.dumps({"seed": args.seed, **figures}), flush=True)
        for step in figures["slowest_steps"]:  # the report's list, one line each
            print(json.dumps({"slow_step": step}), flush=True)
        for text in fuzzer.exceptions[:5] + fuzzer.broken[:20]:
            print(json.dumps({"problem": text}), flush=True)
        pygame.quit()
    return 1 if fuzzer.exceptions or fuzzer.broken else 0


if __name__ == "__main__":
    sys.exit(main())
