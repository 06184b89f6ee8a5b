"""The desktop install: `--install-desktop` writes exactly the files it names into the XDG data
folder, `--uninstall-desktop` takes exactly those away, Exec= starts what ran the command, and
the entry, the metainfo and the man page pass their validators where those are installed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game import app, desktop, i18n
from game.desktop import APP_ID
from game.resources import assets_dir
from game.version import __version__

ROOT = Path(__file__).resolve().parents[1]
# Paths as unfriendly as a file system allows: spaces, quotes, $, backslash, %, a line break.
NASTY = '/opt/My Games/it\'s "$HOME" `x` 100% \\n\nok/pixel-mines'


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


def run_app(capsys, monkeypatch, home: Path, option: str) -> tuple[int, list[str], str]:
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    status = app.main([option])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def named(lines: list[str], verb: str) -> set[Path]:
    assert all(line.startswith(f"{verb} /") for line in lines), lines
    return {Path(line.removeprefix(f"{verb} ")) for line in lines}


def exec_args(value: str) -> list[str]:
    """Exec= read back as the desktop entry spec says (a reference reader for the tests):
    string escapes first, then quoting, then %% to %."""
    unescaped, i = "", 0
    while i < len(value):
        if value[i] == "\\":
            unescaped += {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[value[i + 1]]
            i += 2
        else:
            unescaped += value[i]
            i += 1
    args, i = [], 0
    while i < len(unescaped):
        if unescaped[i] == " ":
            i += 1
            continue
        if unescaped[i] == '"':
            arg, i = "", i + 1
            while unescaped[i] != '"':
                if unescaped[i] == "\\":
                    assert unescaped[i + 1] in '"`$\\'
                    i += 1
                arg += unescaped[i]
                i += 1
            i += 1
        else:
            end = unescaped.find(" ", i)
            end = len(unescaped) if end < 0 else end
            arg, i = unescaped[i:end], end
            assert not set(arg) & desktop._RESERVED, arg
        args.append(arg.replace("%%", "%"))
    return args


def entry_fields(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if "=" in line)


# ---- install and uninstall ------------------------------------------------------------------


def test_install_writes_exactly_the_files_it_names_and_uninstall_removes_them(
    capsys, monkeypatch, tmp_path
):
    home = tmp_path / "share"
    status, lines, err = run_app(capsys, monkeypatch, home, "--install-desktop")
    assert status == 0 and err == ""
    written = named(lines, "wrote")
    assert files_under(tmp_path) == written
    sizes = (16, 24, 32, 48, 64, 128, 256)
    assert written == {
        home / "applications" / f"{APP_ID}.desktop",
        home / "metainfo" / f"{APP_ID}.metainfo.xml",
        home / "man" / "man6" / "pixel-mines.6",
        *(home / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in sizes),
    }
    page = home / "man" / "man6" / "pixel-mines.6"
    assert page.read_bytes() == (assets_dir() / "man" / "pixel-mines.6").read_bytes()
    for n in sizes:
        icon = home / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes() == (assets_dir() / "icons" / f"pixel-mines-{n}.png").read_bytes()
    status, lines, err = run_app(capsys, monkeypatch, home, "--uninstall-desktop")
    assert status == 0 and err == ""
    assert named(lines, "removed") == written
    assert files_under(tmp_path) == set()


def test_install_twice_is_the_same_install(capsys, monkeypatch, tmp_path):
    home = tmp_path / "share"
    run_app(capsys, monkeypatch, home, "--install-desktop")
    first = {p: p.read_bytes() for p in files_under(home)}
    run_app(capsys, monkeypatch, home, "--install-desktop")
    assert {p: p.read_bytes() for p in files_under(home)} == first


def test_uninstall_leaves_every_other_file_in_those_folders_alone(capsys, monkeypatch, tmp_path):
    home = tmp_path / "share"
    others = [
        home / "applications" / "org.example.Other.desktop",
        home / "applications" / "pixel-mines.desktop",  # copied by hand, as once told
        home / "icons" / "hicolor" / "16x16" / "apps" / "pixel-mines.png",
        home / "metainfo" / "org.example.Other.metainfo.xml",
        home / "man" / "man6" / "other.6",
        home / "man" / "man6" / "pixel-mines.6.gz",  # not the name we install
    ]
    for path in others:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("not ours")
    run_app(capsys, monkeypatch, home, "--install-desktop")
    run_app(capsys, monkeypatch, home, "--uninstall-desktop")
    assert files_under(tmp_path) == set(others)
    status, lines, _ = run_app(capsys, monkeypatch, home, "--uninstall-desktop")
    assert status == 0 and lines[0].startswith("nothing to remove")


def test_the_data_folder_is_xdg_data_home_or_local_share(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert desktop.data_home({"XDG_DATA_HOME": "/x/share"}) == Path("/x/share")
    for unset in ({}, {"XDG_DATA_HOME": ""}, {"XDG_DATA_HOME": "relative/share"}):
        assert desktop.data_home(unset) == tmp_path / ".local" / "share"


def test_a_data_folder_that_cannot_be_written_is_one_line_and_exit_2(capsys, monkeypatch, tmp_path):
    in_the_way = tmp_path / "share"
    in_the_way.write_text("a file where the folder should be")
    status, lines, err = run_app(capsys, monkeypatch, in_the_way, "--install-desktop")
    assert status == 2 and lines == []
    (line,) = err.splitlines()
    assert line.startswith("pixel-mines: cannot write ") and str(in_the_way) in line


def test_install_and_uninstall_together_are_refused(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert app.main(["--install-desktop", "--uninstall-desktop"]) == 2
    assert "choose one of" in capsys.readouterr().err
    assert files_under(tmp_path) == set()


# ---- what Exec= starts ----------------------------------------------------------------------


def test_exec_starts_the_bundle_s_executable_when_frozen():
    command = desktop.launch_command(argv0="x", frozen=True, executable="/opt/pm/pixel-mines")
    assert command == ["/opt/pm/pixel-mines"]


@pytest.mark.parametrize("name", ["pixel-mines", "pixel-mines-gui"])
def test_exec_starts_the_script_that_ran(name):
    script = f"/home/me/.local/bin/{name}"
    assert desktop.launch_command(argv0=script, frozen=False, executable="/usr/bin/python3") == [
        script
    ]


def test_exec_from_a_checkout_is_the_python_that_ran_with_main_py(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    command = desktop.launch_command(argv0="main.py", frozen=False, executable="venv/bin/python")
    assert command == [str(tmp_path / "venv" / "bin" / "python"), str(tmp_path / "main.py")]
    # `python -m game` in a checkout: main.py beside the package
    command = desktop.launch_command(argv0="/x/game/__main__.py", frozen=False, executable="/p")
    assert command == ["/p", str(ROOT / "main.py")]


def test_the_installed_entry_starts_the_script_that_ran_and_keeps_the_window_class(tmp_path):
    desktop.write_files(tmp_path, ["/home/me/.local/bin/pixel-mines"])
    fields = entry_fields(tmp_path / "applications" / f"{APP_ID}.desktop")
    assert fields["Exec"] == "/home/me/.local/bin/pixel-mines"
    assert fields["Icon"] == APP_ID and fields["StartupWMClass"] == "pixel-mines"


@pytest.mark.parametrize("path", [NASTY, "/plain/pixel-mines", "/a b/c", "/back\\slash", "/%f"])
def test_exec_quotes_every_path_so_that_it_reads_back_whole(path):
    command = [path, "/usr/lib/python 3/main.py", "-m"]
    value = desktop.exec_value(command)
    assert "\n" not in value and exec_args(value) == command


# ---- the metainfo ---------------------------------------------------------------------------


def test_the_metainfo_names_the_app_its_licences_screenshots_and_this_release(tmp_path):
    root = ET.fromstring(desktop.metainfo())
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == "MIT"
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    assert root.find("releases/release").get("version") == __version__
    images = [image.text for image in root.iter("image")]
    assert images
    for url in images:
        assert url.startswith("https://") and "/assets/screenshots/" in url
        shot = assets_dir() / "screenshots" / url.rpartition("/")[2]
        assert shot.is_file() and shot.stat().st_size < 100_000, shot


def test_the_installed_metainfo_names_the_running_version(tmp_path):
    desktop.write_files(tmp_path, ["pixel-mines"])
    (metainfo,) = (tmp_path / "metainfo").glob("*.xml")
    root = ET.fromstring(metainfo.read_text(encoding="utf-8"))
    assert root.find("releases/release").get("version") == __version__


# ---- the validators -------------------------------------------------------------------------


def validator(name: str, package: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (Debian/Ubuntu: apt-get install {package})")
    return found


def test_desktop_file_validate_says_nothing_about_the_installed_entry(tmp_path):
    tool = validator("desktop-file-validate", "desktop-file-utils")
    for command in ([NASTY], [sys.executable, str(ROOT / "main.py")]):
        desktop.write_files(tmp_path, command)
        entry = tmp_path / "applications" / f"{APP_ID}.desktop"
        result = subprocess.run([tool, str(entry)], capture_output=True, text=True, timeout=60)
        assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.concurrent
def test_appstreamcli_validates_the_installed_metainfo(tmp_path):
    tool = validator("appstreamcli", "appstream")
    desktop.write_files(tmp_path, ["pixel-mines"])
    metainfo = tmp_path / "metainfo" / f"{APP_ID}.metainfo.xml"
    result = subprocess.run(
        [tool, "validate", "--no-net", "--pedantic", str(metainfo)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # errors and warnings fail it; the pedantic notes and infos left must not be ours to fix
    # but the upper-case id (which is the id) and, before AppStream 1.0, <developer>
    notes = [line for line in result.stdout.splitlines() if line[:3] in ("P: ", "I: ")]
    allowed = ("cid-contains-uppercase-letter", "unknown-tag developer")
    assert all(any(a in line for a in allowed) for line in notes), notes


def test_the_installed_entry_names_the_game_in_every_language_with_a_catalogue(tmp_path):
    desktop.write_files(tmp_path, ["pixel-mines"])
    fields = entry_fields(tmp_path / "applications" / f"{APP_ID}.desktop")
    languages = set(i18n.available()) - {i18n.ENGLISH}
    assert {"de", "es", "fr"} <= languages
    for language in languages:
        for key in ("Name", "GenericName", "Comment", "Keywords"):
            translated = fields[f"{key}[{language}]"]
            assert translated and translated != fields[key], (key, language)
    assert fields["Name[de]"] == "Pixel-Minen" and fields["GenericName[fr]"] == "Démineur"


@pytest.mark.concurrent
def test_man_renders_the_installed_page_without_a_warning_and_names_every_option(tmp_path):
    tool = validator("man", "man-db")
    desktop.write_files(tmp_path, ["pixel-mines"])
    page = tmp_path / "man" / "man6" / "pixel-mines.6"
    result = subprocess.run(
        [tool, "--warnings", "-l", str(page)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat"},
    )
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    shown = result.stdout
    assert shown.splitlines()[0].startswith("PIXEL-MINES(6)")
    for action in app._parser()._actions:
        for option in action.option_strings:
            assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", shown), option


def test_the_screenshots_the_metainfo_shows_are_the_ones_the_tool_takes():
    from tests.test_packaging import load_tool

    shots = {f"{shot.name}.png" for shot in load_tool("make_screenshots").SHOTS}
    root = ET.fromstring(desktop.metainfo())
    assert {image.text.rpartition("/")[2] for image in root.iter("image")} == shots
    assert {p.name for p in (assets_dir() / "screenshots").iterdir()} == shots
