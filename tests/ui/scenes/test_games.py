"""Which game is on the board, and the one gate for leaving a game in progress (no App)."""

import pytest

from game.engine import Difficulty, Game, GameState, Move, MoveKind
from game.engine.boards import BoardChoice
from game.engine.codes import decode
from game.session import PAUSE_DIALOG
from game.store.replays import Replay
from game.ui.dialogs import Answer, CustomSize, PlayCode, Question, ResumeKept, WatchReplay
from game.ui.scenes.games import Games
from game.ui.scenes.play import PlayScene
from tests.ui.test_window import CHORD

INTERMEDIATE = BoardChoice.standard(Difficulty.INTERMEDIATE)


def games_of(ctx):
    play = PlayScene(ctx)
    return Games(ctx, play), play


def in_progress(ctx, play):
    play.apply(Move(MoveKind.OPEN, 4, 4))
    assert ctx.session.in_progress


def test_before_any_move_a_new_board_starts_at_once(context):
    ctx = context()
    games, play = games_of(ctx)
    games.standard(Difficulty.INTERMEDIATE)
    assert ctx.dialogs.dialog is None and (play.game.rows, play.game.cols) == (16, 16)


def test_a_game_in_progress_is_left_only_when_the_player_says_so(context):
    ctx = context()
    games, play = games_of(ctx)
    in_progress(ctx, play)
    first, view = play.game, play.game.view()
    games.standard(Difficulty.INTERMEDIATE)
    assert ctx.dialogs.dialog.question is Question.LEAVE
    assert ctx.session.paused_by(PAUSE_DIALOG)  # the clock waits while it asks
    ctx.dialogs.close()
    games.answer(Answer(Question.LEAVE, False))
    assert play.game is first and play.game.view() == view and ctx.frame.board.rows == 9
    games.standard(Difficulty.INTERMEDIATE)
    ctx.dialogs.close()
    games.answer(Answer(Question.LEAVE, True))
    assert play.game is not first and (play.game.rows, play.game.cols) == (16, 16)


def test_staying_keeps_the_clock_as_it_was(context):
    ctx = context()
    games, play = games_of(ctx)
    in_progress(ctx, play)
    ctx.aids.now.ms += 3000
    before = ctx.session.elapsed_ms()
    games.new_game()
    ctx.aids.now.ms += 60_000  # the question stays up a minute
    ctx.dialogs.close()
    games.answer(Answer(Question.LEAVE, False))
    assert ctx.session.elapsed_ms() == before and ctx.session.running


def test_a_finished_game_is_replaced_without_asking(context):
    ctx = context()
    games, play = games_of(ctx)
    games.play_game(Game.from_layout(CHORD))
    play.apply(Move(MoveKind.OPEN, 0, 0))  # a mine: lost
    assert play.game.state is GameState.LOST
    assert ctx.dialogs.dialog.title == "Boom!"  # the loss's notice, closed as a player does
    ctx.dialogs.close()
    games.new_game()
    assert ctx.dialogs.dialog is None and play.game.state is GameState.READY


def test_the_question_can_be_turned_off(context):
    ctx = context()
    ctx.settings.ask_before_leaving = False
    games, play = games_of(ctx)
    in_progress(ctx, play)
    games.new_game()
    assert ctx.dialogs.dialog is None and play.game.moves == []


def through_the_gate(games, monkeypatch):
    asked = []

    def gate(what, then):
        asked.append(what)

    monkeypatch.setattr(games, "leave_then", gate)
    return asked


@pytest.mark.parametrize(
    "how", ["new_game", "standard", "custom", "code", "daily", "replay", "resume"]
)
def test_everything_that_replaces_the_game_goes_through_the_gate(context, monkeypatch, how):
    ctx = context()
    games, play = games_of(ctx)
    asked = through_the_gate(games, monkeypatch)
    if how == "new_game":
        games.new_game()
    elif how == "standard":
        games.standard(Difficulty.EXPERT)
    elif how == "custom":
        games.custom(CustomSize(10, 12, 20))
    elif how == "code":
        games.play_code(PlayCode(decode(_a_code(ctx))))
    elif how == "daily":
        games.play_daily()
    elif how == "replay":
        games.watch_file(WatchReplay("/nowhere.json"))
    elif how == "resume":
        ctx.session.resumed_game = lambda index=0: None
        games.resume_chosen(ResumeKept(0))
    assert len(asked) == 1
    assert play.game is ctx.session.game and not isinstance(play.game, Replay)


def _a_code(ctx):
    from game.engine.codes import code_of

    g = BoardChoice.standard(Difficulty.BEGINNER).new_game(seed=3)
    g.reveal(4, 4)
    return code_of(g)


def test_a_theme_a_zoom_or_pause_replace_nothing_and_ask_nothing(context):
    ctx = context()
    games, play = games_of(ctx)
    in_progress(ctx, play)
    first = play.game
    play.toggle_pause()
    play.toggle_pause()
    ctx.frame.set_scale(1)
    assert ctx.dialogs.dialog is None and play.game is first


def test_quit_stops_and_keeps_the_game(context):
    ctx = context()
    games, play = games_of(ctx)
    in_progress(ctx, play)
    games.quit()
    assert not games.running


def test_a_resumed_200_by_200_game_opens_with_its_last_move_in_the_middle(context):
    from types import SimpleNamespace

    from game.ui.view import centre_of

    ctx = context()
    games, play = games_of(ctx)
    rows = [
        "".join("*" if (r * 7 + c * 3) % 11 == 0 else "." for c in range(200)) for r in range(200)
    ]
    kept = Game.from_layout(rows)
    kept.play(Move(MoveKind.OPEN, 100, 101))
    kept.play(Move(MoveKind.FLAG, 30, 20))
    last = next(
        (150, c) for c in range(160, 200) if kept.cell(150, c) == "#" and (150 * 7 + c * 3) % 11
    )
    assert kept.play(Move(MoveKind.OPEN, *last))  # the last move, far from the top left
    offered = SimpleNamespace(daily=None, elapsed_ms=5000, game_id=None, events=[], chosen=None)
    ctx.session.offers = [SimpleNamespace(replay=offered, journal=None)]
    ctx.session.resumed_game = lambda index=0: kept
    games.resume_chosen(ResumeKept(0))
    assert play.game is kept and ctx.frame.board == BoardChoice.of(200, 200, kept.mines)
    assert centre_of(play.view.top, play.view.left, ctx.frame.layout) == last


def test_watching_a_journal_left_before_its_first_click_says_so_and_shows_no_board(
    context, tmp_path
):
    from game.ui.dialogs import NoticeDialog

    path = tmp_path / "20261206-010203-0123456789ab.jsonl"
    header = (
        '{"format":"pixel-mines-replay","version":2,"game_id":"20261206-010203-0123456789ab",'
        '"played_at":"2026-12-06T01:02:03","source":"window","daily":null,"board":{"rows":9,'
        '"cols":9,"mines":10,"seed":3,"safe_zone":"cell","no_guess":false,"first_click":null,'
        '"layout":null}}\n'
    )
    path.write_text(header, encoding="ascii")
    ctx = context()
    games, play = games_of(ctx)
    games.watch_file(WatchReplay(str(path)))
    dialog = ctx.dialogs.dialog
    assert isinstance(dialog, NoticeDialog) and games.replay is None
    assert "before its mines were laid" in " ".join(dialog.paragraphs)


def test_the_game_played_keeps_its_place_through_a_replay(context, tmp_path):
    from game.store.replays import load_replay
    from game.ui.view import centre_of
    from tests.ui.test_window import replay_file

    ctx = context(BoardChoice.of(120, 120, 100))  # larger than the window: it scrolls
    games, play = games_of(ctx)
    play.apply(Move(MoveKind.OPEN, 100, 100))
    play.view.view_to(80, 70)
    middle = centre_of(play.view.top, play.view.left, ctx.frame.layout)
    assert (play.view.top, play.view.left) != (0, 0)
    games.watch(load_replay(replay_file(tmp_path)[0]))  # a 9x9 game: the window fits it
    assert games.shown() is games.replay and ctx.frame.board.rows == 9
    games.leave_replay()
    assert games.shown() is play and ctx.frame.board.rows == 120
    # the middle of its view stays the middle, as through a resize (the window may differ)
    assert centre_of(play.view.top, play.view.left, ctx.frame.layout) == middle
    assert ctx.drawn.full


def test_a_game_started_from_a_replay_follows_the_layouts_again(context, tmp_path):
    """Under a replay the game's view follows no layout (it keeps its place); a new game
    started from the replay (not Esc) puts it back on the screen, following them again."""
    from game.store.replays import load_replay
    from tests.ui.test_window import replay_file

    ctx = context()
    games, play = games_of(ctx)
    games.watch(load_replay(replay_file(tmp_path)[0]))
    games.standard(Difficulty.INTERMEDIATE)  # straight from the replay
    assert games.shown() is play and ctx.frame.board.rows == 16
    ctx.frame.relayout()  # a resize, a zoom, a theme
    assert play.view.laid is ctx.frame.layout
