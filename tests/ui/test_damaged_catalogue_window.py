"""A catalogue that cannot be used is said in the window too, not only on stderr: at the start
and each time its language is chosen (a player who starts the game from a menu never sees the
terminal)."""

import shutil

from game import i18n
from game.ui.dialogs import NoticeDialog


def damaged_german(tmp_path, monkeypatch):
    """A locale folder whose German catalogue is cut short, in use from now on."""
    shipped = i18n.locale_dir() / "de" / "LC_MESSAGES" / "pixel-mines.mo"
    path = tmp_path / "de" / "LC_MESSAGES" / "pixel-mines.mo"
    path.parent.mkdir(parents=True)
    shutil.copyfile(shipped, path)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    return path


def test_a_damaged_catalogue_is_said_in_a_note_in_the_window(drive, tmp_path, monkeypatch):
    d = drive()
    path = damaged_german(tmp_path, monkeypatch)
    i18n.install("de")  # as the start, or the Options row, does
    d.tick()
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, NoticeDialog) and i18n.language() == i18n.ENGLISH
    [line] = dialog.paragraphs
    assert line.startswith(f"{path}: the translation cannot be used (")
    d.app.ctx.dialogs.close()
    i18n.install("de")  # chosen again: said again (stderr has it once)
    d.tick()
    assert isinstance(d.app.ctx.dialogs.dialog, NoticeDialog)


def test_a_healthy_language_says_nothing(drive):
    d = drive()
    i18n.install("de")
    d.tick()
    assert d.app.ctx.dialogs.dialog is None and i18n.language() == "de"
