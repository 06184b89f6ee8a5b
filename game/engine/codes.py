"""Board codes: a short text that gives anyone the same board, with a check character.

A code packs the size, the mines, the first-click rule, no-guess, the seed and the first click
into one number, written in 23 characters of a 31-letter alphabet with no look-alikes (no I, L,
O, U or V; 0 and 1 are digits only), then one check character: a weighted sum modulo 31, a
prime larger than any difference of two digits, so every single wrong character is refused.
Codes always have 24 characters, so a character dropped or added is refused too.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum

from .game import Game
from .rules import MAX_SIDE, MIN_SIDE, Difficulty, SafeZone, check_custom_size

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTWXYZ"
BASE = len(ALPHABET)  # 31, a prime
DIGITS = 23
LENGTH = DIGITS + 1
SIDES = MAX_SIDE - MIN_SIDE + 1
MAX_SEED = 2**64
# What people type for what they mean: lower case, and the look-alikes the alphabet leaves out.
_READ_AS = {
    **{c.lower(): c for c in ALPHABET},
    "o": "0",
    "O": "0",
    "i": "1",
    "I": "1",
    "l": "1",
    "L": "1",
}


class CodeProblem(Enum):
    """What is wrong with a text that is not a board code, or not a seed's text; a
    `CodeError`'s data say more (the keys after each)."""

    LENGTH = "a board code has another length"  # length, count
    CHARACTER = "a character not used in board codes"  # character
    CHECK = "a typing mistake: the check character does not match"
    NOT_A_CODE = "not a board code of this game"
    SEED_PREFIX = "a seed's text starts with another letter"  # prefix
    SEED_LENGTH = "a seed's text has another length"  # length, prefix, count
    SEED_CHARACTER = "a character not used in seeds' texts"  # character
    SEED_TOO_LARGE = "a seed larger than 2**64 - 1"


class CodeError(ValueError):
    """A code (or a seed's text) that is not one: `problem` says what is wrong, `data` the
    figures that go with it. `game.words.say` words it for a player; str() is the English."""

    def __init__(self, problem: CodeProblem, **data: object) -> None:
        super().__init__(f"{problem.value} {data}" if data else problem.value)
        self.problem, self.data = problem, data


@dataclass(frozen=True)
class BoardCode:
    rows: int
    cols: int
    mines: int
    safe_zone: SafeZone
    no_guess: bool
    seed: int
    first_click: tuple[int, int]

    def game(self, **options) -> Game:
        """The board: mines laid at once, as the first click there would lay them."""
        return Game(
            self.rows,
            self.cols,
            self.mines,
            seed=self.seed,
            safe_zone=self.safe_zone,
            first_click=self.first_click,
            no_guess=self.no_guess,
            **options,
        )

    @classmethod
    def of(cls, game: Game) -> BoardCode | None:
        """The code of a game that has a seed and a first click, else None."""
        if not isinstance(game.seed, int) or game.first_click is None:
            return None
        if not 0 <= game.seed < MAX_SEED:
            return None
        return cls(
            game.rows,
            game.cols,
            game.mines,
            game.safe_zone,
            game.no_guess,
            game.seed,
            game.first_click,
        )


def code_of(game: Game) -> str | None:
    """The board code of a game, once it has one (a seed and a first click)."""
    code = BoardCode.of(game)
    return None if code is None else encode(code)


def _check_char(digits: list[int]) -> int:
    return sum((k + 1) * d for k, d in enumerate(digits)) % BASE


def encode(code: BoardCode) -> str:
    check_custom_size(code.rows, code.cols, code.mines)
    cells = code.rows * code.cols
    r, c = code.first_click
    if not (0 <= r < code.rows and 0 <= c < code.cols):
        raise ValueError(f"first click {code.first_click} is off the board")
    if not 0 <= code.seed < MAX_SEED:
        raise ValueError("the seed of a board code is a whole number from 0 to 2**64 - 1")
    flags = (code.safe_zone is SafeZone.CELL) | (code.no_guess << 1)
    v = code.seed
    v = v * 4 + flags
    v = v * cells + (r * code.cols + c)
    v = v * (cells - 1) + (code.mines - 1)
    v = v * SIDES + (code.cols - MIN_SIDE)
    v = v * SIDES + (code.rows - MIN_SIDE)
    digits = []
    for _digit in range(DIGITS):
        v, d = divmod(v, BASE)
        digits.append(d)
    digits.reverse()
    return "".join(ALPHABET[d] for d in digits) + ALPHABET[_check_char(digits)]


def decode(text: str) -> BoardCode:
    """The board of a code; CodeError saying why if it is not one."""
    cleaned = "".join(ch for ch in text.strip() if ch not in " -")
    if len(cleaned) != LENGTH:
        raise CodeError(CodeProblem.LENGTH, length=LENGTH, count=len(cleaned))
    try:
        letters = [_READ_AS.get(ch, ch) for ch in cleaned]
        digits = [ALPHABET.index(ch) for ch in letters]
    except ValueError:
        bad = next(ch for ch in cleaned if _READ_AS.get(ch, ch) not in ALPHABET)
        raise CodeError(CodeProblem.CHARACTER, character=bad) from None
    if _check_char(digits[:DIGITS]) != digits[DIGITS]:
        raise CodeError(CodeProblem.CHECK)
    v = 0
    for d in digits[:DIGITS]:
        v = v * BASE + d
    v, rows = divmod(v, SIDES)
    v, cols = divmod(v, SIDES)
    rows, cols = rows + MIN_SIDE, cols + MIN_SIDE
    cells = rows * cols
    v, mines = divmod(v, cells - 1)
    v, click = divmod(v, cells)
    seed, flags = divmod(v, 4)
    if seed >= MAX_SEED:
        raise CodeError(CodeProblem.NOT_A_CODE)
    return BoardCode(
        rows,
        cols,
        mines + 1,
        SafeZone.CELL if flags & 1 else SafeZone.OPENING,
        bool(flags & 2),
        seed,
        divmod(click, cols),
    )


# A seed written for a spreadsheet (the statistics' CSV): "S" and 13 digits of the code alphabet,
# always that long. Spreadsheets keep 15 significant digits, so a 20-digit seed written in
# decimal loses its last ones; this form is text to every spreadsheet (no run of digits longer
# than 13, never all digits, no "1E5" it could take for a number, no month name it could take
# for a date), and 31**13 > 2**64 holds every seed.
SEED_PREFIX = "S"
SEED_DIGITS = 13


def seed_text(seed: int) -> str:
    """A seed (0 to 2**64 - 1) in the form the statistics' CSV writes it."""
    if not 0 <= seed < MAX_SEED:
        raise ValueError("a seed is a whole number from 0 to 2**64 - 1")
    digits = []
    for _digit in range(SEED_DIGITS):
        seed, d = divmod(seed, BASE)
        digits.append(ALPHABET[d])
    return SEED_PREFIX + "".join(reversed(digits))


def seed_of_text(text: str) -> int:
    """The seed a `seed_text` stands for; CodeError saying why if it is not one. Read as
    codes are (lower case, O for 0, I and L for 1; spaces ignored)."""
    cleaned = "".join(text.split()).upper()
    if not cleaned.startswith(SEED_PREFIX):
        raise CodeError(CodeProblem.SEED_PREFIX, prefix=SEED_PREFIX)
    body = cleaned[len(SEED_PREFIX) :]
    if not 1 <= len(body) <= SEED_DIGITS:
        raise CodeError(
            CodeProblem.SEED_LENGTH, length=SEED_DIGITS, prefix=SEED_PREFIX, count=len(body)
        )
    value = 0
    for ch in body:
        letter = _READ_AS.get(ch, ch)
        if letter not in ALPHABET:
            raise CodeError(CodeProblem.SEED_CHARACTER, character=ch)
        value = value * BASE + ALPHABET.index(letter)
    if value >= MAX_SEED:
        raise CodeError(CodeProblem.SEED_TOO_LARGE)
    return value


def daily(day: date, no_guess: bool = True) -> BoardCode:
    """Today's board for everyone: Expert, no-guess, a seed from the UTC date, the first click
    in the middle."""
    import hashlib  # here: it loads OpenSSL, some milliseconds a start without a daily board

    d = Difficulty.EXPERT
    digest = hashlib.sha256(f"pixel-mines daily {day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:8], "big")
    return BoardCode(
        d.rows, d.cols, d.mines, SafeZone.OPENING, no_guess, seed, (d.rows // 2, d.cols // 2)
    )
