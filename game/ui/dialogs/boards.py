"""A board to play, typed in: the custom board's rows, columns and mines, or a board code
typed or pasted; each field checked and what is wrong explained under it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import codes
from ...engine.game import MAX_SIDE, MIN_SIDE
from ...i18n import N_, _
from ...words import say
from ..widgets import Button, Field, Form, Label
from .base import CLOSE, Dialog, upper_first

DIGITS = "0123456789"


@dataclass(frozen=True)
class CustomSize:
    rows: int
    cols: int
    mines: int


class CustomDialog(Dialog):
    """Rows, columns and mines in three fields, each checked against its limit and explained
    under it; OK (Enter) starts the board, Cancel (Esc) does not."""

    title = N_("Custom board")
    FIELDS = (N_("Rows"), N_("Columns"), N_("Mines"))
    IDS = ("rows", "cols", "mines")
    NOT_A_NUMBER, NO_SIDES = N_("type a whole number"), N_("fix rows/cols first")
    RANGES = (
        # Translators: under a field of the custom board: the number typed is out of these bounds.
        N_("rows: %(low)d to %(high)d"),
        N_("columns: %(low)d to %(high)d"),
        N_("mines: %(low)d to %(high)d"),
    )

    def __init__(self, values: list[str] | None = None) -> None:
        values = values or ["20", "30", "120"]
        self.fields = [
            Field(id, "", v, allowed=DIGITS, max_len=5)
            for id, v in zip(self.IDS, values, strict=True)
        ]
        super().__init__()

    @classmethod
    def widest(cls) -> str:
        """The widest error a field can show (`check`), in the language in use: its room is
        kept under every field."""
        most = {"low": 1, "high": MAX_SIDE * MAX_SIDE - 1}
        return max(
            _(cls.NOT_A_NUMBER), _(cls.NO_SIDES), *(_(r) % most for r in cls.RANGES), key=len
        )

    @property
    def values(self) -> list[str]:
        return [f.value for f in self.fields]

    @property
    def errors(self) -> list[str]:
        return [f.error for f in self.fields]

    @property
    def focus(self) -> int | None:
        f = self.form.focused
        return self.fields.index(f) if f in self.fields else None

    def _limits_line(self) -> str:
        mines = self.limits()[2]
        sides = {"low": MIN_SIDE, "high": MAX_SIDE}
        if mines:
            said = _("Sides %(low)d to %(high)d, mines 1 to %(most)d.")
            return said % {**sides, "most": mines[1]}
        return _("Sides %(low)d to %(high)d, mines 1 to rows x cols - 1.") % sides

    def build(self) -> Form:
        widest = self.widest()
        for f, name in zip(self.fields, self.FIELDS, strict=True):
            f.label, f.error_line = _(name), widest  # in the language in use
        return Form(
            _(self.title),
            [*self.fields, Label(self._limits_line())],
            [Button("ok", _("OK")), Button("cancel", _("Cancel"))],
            default="ok",
            cancel="cancel",
        )

    def limits(self) -> list[tuple[int, int] | None]:
        side = (MIN_SIDE, MAX_SIDE)
        rows, cols = self._number(0), self._number(1)
        sides_ok = all(v is not None and side[0] <= v <= side[1] for v in (rows, cols))
        return [side, side, (1, rows * cols - 1) if sides_ok else None]

    def _number(self, k: int) -> int | None:
        v = self.fields[k].value
        return int(v) if v.isascii() and v.isdigit() else None

    def check(self) -> CustomSize | None:
        """Explain every bad field under it; the size if all are good."""
        limits = self.limits()
        for k, out_of_range in enumerate(self.RANGES):
            value, limit, f = self._number(k), limits[k], self.fields[k]
            f.error = ""
            if value is None:
                f.error = _(self.NOT_A_NUMBER)
            elif limit is None:
                f.error = _(self.NO_SIDES)
            elif not limit[0] <= value <= limit[1]:
                f.error = _(out_of_range) % {"low": limit[0], "high": limit[1]}

        bad = [f for f in self.fields if f.error]
        if bad:
            self.refresh()
            self.form.focused = bad[0]
            bad[0].select_all()  # to type the number again
            return None
        return CustomSize(self._number(0), self._number(1), self._number(2))

    def button(self, id):
        return self.check() if id == "ok" else CLOSE

    def key(self, event):
        result = super().key(event)
        label = self.form.rows[-1]
        if isinstance(label, Label) and label.content != self._limits_line():
            self.refresh()  # the mines' limit follows the sides being typed
        return result


# ---- a board code ---------------------------------------------------------------------

# What a pasted code loses before it is checked: spaces, dashes and line ends (a code copied
# from a chat or a document), so only its letters and digits are counted.
_NOT_IN_A_CODE = dict.fromkeys(map(ord, " \t\r\n\u00a0-\u2010\u2011\u2012\u2013\u2014\u2212"))


def clean_code(text: str) -> str:
    """A code as pasted, without the spaces, dashes and line ends around and inside it."""
    return text.translate(_NOT_IN_A_CODE)


@dataclass(frozen=True)
class PlayCode:
    code: object  # a BoardCode


class CodeDialog(Dialog):
    """Type or paste (Ctrl+V) a board code; Play (Enter) plays it, a wrong code is explained
    under the field."""

    title = N_("Play a board code")
    # the longest error a code can get (engine/codes.py): its lines are kept under the field,
    # so the panel neither grows nor moves when one comes (as the custom board's)
    # Translators: never shown: it keeps room under the field for the longest error a code
    # can get; translate it as that error reads in your language.
    WIDEST = N_("A seed written as text has 13 characters after 'S' (this one has 64).")

    def __init__(self, text: str = "", paste=None, copy=None) -> None:
        """`paste`, `copy`: the clipboard's, for Ctrl+V and Ctrl+C (the field's own)."""
        self.field = Field(
            "code",
            "",
            "",
            max_len=64,
            paste=paste,
            copy=copy,
            clean=clean_code,
            width_chars=codes.LENGTH + 4,
            error_line=_(self.WIDEST),
        )
        self.field.pasted(text)  # from the clipboard: selected, so Ctrl+V replaces it
        self.field.select_all()
        super().__init__()

    @property
    def text(self) -> str:
        return self.field.value

    @property
    def error(self) -> str:
        return self.field.error

    def build(self) -> Form:
        self.field.error_line = _(self.WIDEST)
        # Translators: Ctrl+V as your keyboards print it (German Strg+V).
        return Form(
            _(self.title),
            [Label(_("Type or paste (Ctrl+V) a code:")), self.field],
            [Button("play", _("Play")), Button("cancel", _("Cancel"))],
            default="play",
            cancel="cancel",
        )

    def button(self, id):
        if id != "play":
            return CLOSE
        try:
            return PlayCode(codes.decode(clean_code(self.field.value)))
        except codes.CodeError as e:
            self.field.error = upper_first(say(e)) + "."
            self.refresh()
            return None
