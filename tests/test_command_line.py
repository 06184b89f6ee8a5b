"""Every option given wrong, empty, huge, negative and Unicode values: each value that does not
mean what the option means exits 2 with one line naming the option, and every value that is
accepted is one the README documents."""

from __future__ import annotations

import argparse
import os
import re
import selectors
import signal
import subprocess
import time

import pytest

from game import app
from game.app import parse_args
from game.engine.codes import MAX_SEED, BoardCode, encode
from game.engine.game import SafeZone
from game.store.replays import replay_of, save_replay
from tests.badfiles import ROOT, env_for, python
from tests.keeping import journals
from tests.test_faults import finished_game

CUSTOM = ["--cols", "9", "--mines", "10"]  # with --rows R: a whole custom board
# Values that are not numbers as players write them (Python's int() takes some of these).
NOT_NUMBERS = [
    "",
    " ",
    "abc",
    "٣",
    "１２",
    "1_0",
    "+9",
    " 9",
    "9 ",
    "9\n",
    "1e1",
    "0x9",
    "9.0",
    "½",
    "²",
    "9" * 31,
    "--",
    "-",
    "−9",
]
CODE = encode(BoardCode(9, 9, 10, SafeZone.OPENING, False, 12345, (4, 4)))


def refused(capsys, argv, monkeypatch, tmp_path) -> str:
    """Run the start-up in this process; the one line it printed (exit status 2 checked)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    try:
        status = app.main(argv)
    except SystemExit as e:
        status = e.code
    assert status == 2, argv
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert out == "" and "Traceback" not in err
    assert lines[0].startswith("pixel-mines: ")
    return lines[0]


# ---- whole numbers -------------------------------------------------------------------------

NUMBER_CASES = [
    *((["--rows", v, *CUSTOM], "--rows") for v in NOT_NUMBERS),
    *((["--rows", "9", "--cols", v, "--mines", "10"], "--cols") for v in NOT_NUMBERS),
    *((["--rows", "9", "--cols", "9", "--mines", v], "--mines") for v in NOT_NUMBERS),
    *((["--seed", v], "--seed") for v in NOT_NUMBERS),
    *((["--scale", v], "--scale") for v in NOT_NUMBERS),
]


@pytest.mark.parametrize("argv, option", NUMBER_CASES, ids=[repr(a) for a, _ in NUMBER_CASES])
def test_a_value_that_is_not_a_whole_number_is_refused(capsys, monkeypatch, tmp_path, argv, option):
    line = refused(capsys, ["--text", *argv], monkeypatch, tmp_path)
    assert option in line


RANGE_CASES = [
    (["--rows", "-9", *CUSTOM], "rows must be from 5 to 200"),
    (["--rows", "0", *CUSTOM], "rows must be from 5 to 200"),
    (["--rows", "9" * 30, *CUSTOM], "rows must be from 5 to 200"),
    (["--rows", "9", "--cols", "201", "--mines", "10"], "columns must be from 5 to 200"),
    (["--rows", "9", "--cols", "9", "--mines", "-1"], "mines"),
    (["--rows", "9", "--cols", "9", "--mines", "0"], "mines"),
    (["--rows", "9", "--cols", "9", "--mines", "81"], "mines"),
    (["--rows", "9", "--cols", "9", "--mines", "9" * 30], "mines"),
    (["--seed", "-1"], f"from 0 to {MAX_SEED - 1}"),
    (["--seed", str(MAX_SEED)], f"from 0 to {MAX_SEED - 1}"),
    (["--seed", "9" * 30], f"from 0 to {MAX_SEED - 1}"),
    (["--scale", "0"], "1 to 8"),
    (["--scale", "9"], "1 to 8"),
    (["--scale", "-3"], "1 to 8"),
    (["--scale", "9" * 30], "1 to 8"),
]


@pytest.mark.parametrize("argv, words", RANGE_CASES, ids=[" ".join(a) for a, _ in RANGE_CASES])
def test_a_whole_number_out_of_range_is_refused_with_the_range(
    capsys, monkeypatch, tmp_path, argv, words
):
    assert words in refused(capsys, ["--text", *argv], monkeypatch, tmp_path)


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["--rows", "5", "--cols", "200", "--mines", "999"], (5, 200, 999)),
        (["--rows", "200", "--cols", "5", "--mines", "1"], (200, 5, 1)),
        (["--rows", "010", "--cols", "9", "--mines", "10"], (10, 9, 10)),  # leading zeros: decimal
    ],
)
def test_whole_numbers_in_range_are_taken(argv, expected):
    _, board = parse_args(argv)
    assert (board.rows, board.cols, board.mines) == expected


@pytest.mark.parametrize("value", ["0", "1", "42", str(MAX_SEED - 1)])
def test_every_seed_a_board_code_can_carry_is_taken(value):
    args, _ = parse_args(["--seed", value])
    assert args.seed == int(value)


@pytest.mark.parametrize("value", [str(n) for n in range(1, 9)])
def test_every_scale_from_1_to_8_is_taken(value):
    args, _ = parse_args(["--scale", value])
    assert args.scale == int(value)


# ---- choices, names, codes and files --------------------------------------------------------

WORD_CASES = [
    *(
        (["--difficulty", v], "--difficulty")
        for v in ["", "hard", "Expert", "EXPERT", "ｅｘｐｅｒｔ", "expert ", "-1", "9" * 200, "é"]
    ),
    *(
        (["--safe-zone", v], "--safe-zone")
        for v in ["", "Opening", "none", "open", "cell ", "٣", "-1", "x" * 200]
    ),
    *(
        (["--board", v], "--board")
        for v in [
            "",
            "x",
            "A" * 24,
            CODE[:-1],
            CODE + "2",
            CODE[:5] + "I" + CODE[6:],
            "٣" * 24,
            "9" * 200,
            "-1",
            "\n",
        ]
    ),
    *((["--theme", v], "--theme") for v in ["", "../classic", "a/b", "a\\b"]),
]


@pytest.mark.parametrize("argv, option", WORD_CASES, ids=[repr(a) for a, _ in WORD_CASES])
def test_a_word_the_option_does_not_know_is_refused(capsys, monkeypatch, tmp_path, argv, option):
    assert option in refused(capsys, ["--text", *argv], monkeypatch, tmp_path)


@pytest.mark.concurrent
@pytest.mark.parametrize("name", ["nope", "ｃｌａｓｓｉｃ", "Classic", "-1", "x" * 300, "é"])
def test_a_theme_that_is_not_there_is_refused_listing_the_themes(
    capsys, monkeypatch, tmp_path, name
):
    line = refused(capsys, ["--theme", name], monkeypatch, tmp_path)
    assert "no usable theme" in line and "classic" in line


def test_a_board_code_is_taken_in_either_case():
    args, _ = parse_args(["--board", CODE.lower()])
    assert args.code == BoardCode(9, 9, 10, SafeZone.OPENING, False, 12345, (4, 4))


def replay_cases(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "text.json").write_text("hello")
    cases = {
        "": "--replay",
        "/nonexistent/r.json": "r.json",
        str(tmp_path / "folder"): "folder",
        str(tmp_path / "empty.json"): "empty.json",
        str(tmp_path / "text.json"): "text.json",
        "x" * 5000: "xxx",
        "é\n.json": "é",
    }
    if os.path.exists("/dev/null"):
        cases["/dev/null"] = "/dev/null"
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.json")
        cases[str(tmp_path / "fifo.json")] = "fifo.json"
    return cases


def test_a_replay_that_cannot_be_read_is_refused_naming_the_file(capsys, monkeypatch, tmp_path):
    for value, words in replay_cases(tmp_path).items():
        for front in ([], ["--text"]):
            line = refused(capsys, [*front, "--replay", value], monkeypatch, tmp_path)
            assert words in line, (value, line)


def test_an_export_that_cannot_be_written_is_refused_naming_the_file(capsys, monkeypatch, tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "a-file").write_text("not a folder")
    for value in [str(tmp_path / "folder"), str(tmp_path / "a-file" / "games.csv")]:
        line = refused(capsys, ["--export-stats", value], monkeypatch, tmp_path)
        assert "cannot write" in line and value in line


def test_an_empty_export_file_name_asks_for_a_name(capsys, monkeypatch, tmp_path):
    line = refused(capsys, ["--export-stats", ""], monkeypatch, tmp_path)
    assert "--export-stats needs the name" in line and "Permission" not in line


def test_a_good_replay_is_taken_and_printed(capsys, tmp_path):
    g, t = finished_game()
    path = save_replay(replay_of(g, elapsed_ms=t, source="text"), tmp_path)
    assert app.main(["--text", "--replay", str(path)]) == 0
    assert "Result: won" in capsys.readouterr().out


# ---- options without values, and the way options are written --------------------------------

FLAGS = ["--text", "--stats", "--no-guess", "--daily", "--no-motion"]
SHAPE_CASES = [
    *([f"{flag}=1"] for flag in FLAGS),
    *([f"{flag}="] for flag in FLAGS),
    ["--diff", "expert"],  # abbreviations are not options
    ["--sc", "2"],
    ["--rows"],  # a value missing
    ["--seed"],
    ["--seed", "1", "extra"],
    ["-x"],
    ["—text"],  # an em dash, as word processors write it
    ["--ｔｅｘｔ"],
]


@pytest.mark.parametrize("argv", SHAPE_CASES, ids=[repr(a) for a in SHAPE_CASES])
def test_an_option_written_wrong_is_refused(capsys, monkeypatch, tmp_path, argv):
    refused(capsys, ["--text", *argv], monkeypatch, tmp_path)


@pytest.mark.concurrent
def test_a_refusal_from_a_whole_program_is_one_line_without_a_traceback(tmp_path):
    result = subprocess.run(
        [python(), "main.py", "--text", "--rows", "٣", *CUSTOM],
        cwd=ROOT,
        env=env_for(tmp_path),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


# ---- what the README says ------------------------------------------------------------------


def readme_rows() -> dict[str, str]:
    """The README's command-line table: option -> its whole row."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Command line", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        if line.startswith("| `--"):
            for option in re.findall(r"--[a-z-]+", line.split("|")[1]):
                rows[option] = line
    return rows


def parser_actions() -> list[argparse.Action]:
    return [a for a in app._parser()._actions if a.option_strings]


def test_every_option_has_a_row_in_the_readme():
    rows = readme_rows()
    for action in parser_actions():
        assert action.option_strings[-1] in rows, action.option_strings


def test_every_choice_an_option_takes_is_in_its_readme_row():
    rows = readme_rows()
    for action in parser_actions():
        for choice in action.choices or ():
            assert choice in rows[action.option_strings[-1]], (action.option_strings, choice)


def test_the_readme_gives_the_ranges_and_how_numbers_are_written():
    rows = readme_rows()
    assert "5–200" in rows["--rows"] and "1–8" in rows["--scale"]
    assert str(MAX_SEED - 1) in rows["--seed"]
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "ASCII digits" in text and "`1_0`" in text and "written in" in text
    numbers = [a for a in parser_actions() if a.type in (app.whole_number, app.seed_number)]
    assert {a.option_strings[-1] for a in numbers} == {
        "--rows",
        "--cols",
        "--mines",
        "--seed",
        "--scale",
    }


# ---- the statistics' CSV ----------------------------------------------------------------------


def exported_with_one_game(capsys, monkeypatch, tmp_path, argv) -> tuple[int, str, str]:
    """Run the start-up in this process with one game recorded; (status, stdout, stderr)."""
    from game.store.stats import GameRecord, Stats

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    g, t = finished_game()
    stats = Stats()
    stats.record(GameRecord.of(g, t, source="text"))
    stats.close()
    capsys.readouterr()
    status = app.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_export_stats_dash_writes_the_csv_to_standard_output(capsys, monkeypatch, tmp_path):
    status, out, err = exported_with_one_game(
        capsys, monkeypatch, tmp_path, ["--export-stats", "-"]
    )
    assert status == 0 and err == ""
    header, row = out.splitlines()
    assert header.startswith("date,time,utc_offset,game_id,board,rows,cols,mines,") and row
    assert not (tmp_path / "-").exists()


def test_an_existing_export_file_is_refused_unless_forced(capsys, monkeypatch, tmp_path):
    target = tmp_path / "games.csv"
    target.write_text("my own notes\n")
    line = refused(capsys, ["--export-stats", str(target)], monkeypatch, tmp_path)
    assert str(target) in line and "already exists" in line and "--force" in line
    assert target.read_text() == "my own notes\n"
    status, out, _ = exported_with_one_game(
        capsys, monkeypatch, tmp_path, ["--export-stats", str(target), "--force"]
    )
    assert status == 0 and f"wrote 1 game to {target}" in out
    assert target.read_text().startswith("date,time,utc_offset,")


def test_force_without_an_export_is_refused(capsys, monkeypatch, tmp_path):
    assert "--force" in refused(capsys, ["--force"], monkeypatch, tmp_path)


def test_seed_of_gives_back_every_digit_of_a_20_digit_seed(capsys):
    from game.engine.codes import seed_text

    for seed in (12345678901234567890, MAX_SEED - 1, 0):
        assert app.main(["--seed-of", seed_text(seed)]) == 0
        assert capsys.readouterr().out == f"{seed}\n"


@pytest.mark.parametrize("text", ["", "12345678901234567890", "S!", "SZZZZZZZZZZZZZ"])
def test_seed_of_refuses_text_that_is_not_a_seed(capsys, monkeypatch, tmp_path, text):
    assert "--seed-of" in refused(capsys, ["--seed-of", text], monkeypatch, tmp_path)


def test_the_readme_s_way_back_from_a_seed_cell_gives_its_20_digits(capsys):
    """The README's example, run as it is written there, and its formula by hand."""
    from game.engine.codes import ALPHABET

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    text, seed = re.search(r"pixel-mines --seed-of (S\w+) +# prints (\d{20})\n", readme).groups()
    assert app.main(["--seed-of", text]) == 0
    assert capsys.readouterr().out == f"{seed}\n"
    by_hand = 0
    for ch in text[1:]:
        by_hand = by_hand * 31 + ALPHABET.index(ch)
    assert by_hand == int(seed) and f"`{ALPHABET}`" in readme


# ---- exit statuses (issue 21) --------------------------------------------------------------


def exit_table() -> dict[str, int]:
    """The README's table of exit statuses: case -> status."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Exit statuses", 1)[1].split("\n#", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 3 and cells[1].isdigit():
            rows[cells[2]] = int(cells[1])
    return rows


def closing(fd):
    return lambda: os.close(fd)


def closed_pipe():
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody reads: the first write fails with EPIPE
    return write_end


# case -> (arguments, stdin text or None, what to do to the child's fds)
EXIT_CASES = {
    "quit": (["--text"], "q\n", {}),
    "end of input": (["--text", "--seed", "3"], "r 4 4\n", {}),
    "closed input": (["--text"], None, {"preexec_fn": closing(0)}),
    "done": (["--stats"], "", {}),
    "full disk": (["--stats"], "", {"stdout": "/dev/full"}),
    "closed pipe": (["--stats"], "", {"stdout": "closed pipe"}),
    "closed output": (["--stats"], "", {"preexec_fn": closing(1)}),
    "not commands": (["--text"], ("x" * 300 + "\n") * 3, {}),
    "command line": (["--rows", "x"], "", {}),
    "too many arguments": (["--text"] * 100_000, "", {}),
    "closed error": (["--rows", "x"], "", {"preexec_fn": closing(2)}),
}


def run_case(tmp_path, case):
    argv, stdin, fds = EXIT_CASES[case]
    kw = {"stderr": subprocess.PIPE, "stdout": subprocess.PIPE}
    opened = None
    if fds.get("stdout") == "/dev/full":
        if not os.path.exists("/dev/full"):
            pytest.skip("no /dev/full here")
        kw["stdout"] = opened = open("/dev/full", "wb")  # noqa: SIM115 - closed below
    elif fds.get("stdout") == "closed pipe":
        kw["stdout"] = opened = closed_pipe()
    if "preexec_fn" in fds:
        kw["preexec_fn"] = fds["preexec_fn"]
    try:
        result = subprocess.run(
            [python(), "main.py", *argv],
            cwd=ROOT,
            env=env_for(tmp_path),
            input=None if stdin is None else stdin.encode(),
            stdin=subprocess.DEVNULL if stdin is None else None,
            timeout=120,
            **kw,
        )
    finally:
        if isinstance(opened, int):
            os.close(opened)
        elif opened is not None:
            opened.close()
    return result


def test_every_exit_status_in_the_readme_has_a_case_here():
    assert set(exit_table()) == set(EXIT_CASES) | {"interrupted"}


@pytest.mark.concurrent
@pytest.mark.skipif(not hasattr(os, "fork"), reason="closes a child's fds before it starts")
@pytest.mark.parametrize("case", list(EXIT_CASES))
def test_each_way_to_end_ends_with_the_readmes_status_and_no_traceback(tmp_path, case):
    result = run_case(tmp_path, case)
    err = (result.stderr or b"").decode()
    assert result.returncode == exit_table()[case], (case, err)
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == (
        0 if case in ("quit", "end of input", "done", "closed input", "closed error") else 1
    ), err
    if case == "end of input":
        assert journals(tmp_path / "data" / "pixel-mines" / "kept")


def as_at_a_terminal():
    """In the child before it starts: Ctrl+C's signal neither ignored nor blocked, as a shell
    starts a program in a terminal. Both are inherited across exec, and a shell without job
    control starts a background job (`pytest &` in a script, or in CI) with SIGINT ignored:
    Python leaves an ignored SIGINT so, and the child would not hear the Ctrl+C at all."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def read_until(stream, done, seconds=60) -> bytes:
    """What a child writes to `stream` until `done(what)` holds; fails when it stops writing
    or when `seconds` pass first (a child that hangs fails the test rather than the run)."""
    seen = b""
    deadline = time.monotonic() + seconds
    with selectors.DefaultSelector() as selector:
        selector.register(stream, selectors.EVENT_READ)
        while not done(seen):
            left = deadline - time.monotonic()
            assert left > 0 and selector.select(left), f"no more output after {seen!r}"
            chunk = os.read(stream.fileno(), 4096)
            assert chunk, f"the child closed its output after {seen!r}"
            seen += chunk
    return seen


@pytest.mark.concurrent
@pytest.mark.skipif(not hasattr(os, "fork"), reason="sends the child SIGINT")
def test_ctrl_c_at_the_prompt_keeps_the_game_and_ends_with_130(tmp_path):
    child = subprocess.Popen(
        [python(), "main.py", "--text", "--seed", "3"],
        cwd=ROOT,
        env=env_for(tmp_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=as_at_a_terminal,
    )
    try:
        child.stdin.write(b"r 4 4\n")
        child.stdin.flush()
        # the second prompt, after the board the move opened: the move was played and kept
        seen = read_until(child.stdout, lambda seen: seen.count(b"> ") >= 2)
        assert seen.endswith(b"> ") and b"Board code" in seen, seen
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    finally:
        child.kill()
        child.wait()
    assert child.returncode == exit_table()["interrupted"] == 130, err
    assert b"Traceback" not in err
    assert journals(tmp_path / "data" / "pixel-mines" / "kept")
