"""The 3 x 4 grid. Square index = row * 3 + col, rows 0-3 from the first
player's side. Rows 0-1 are the first player's territory, rows 2-3 the
second's (ruling); each home row (本陣ライン) is the row nearest its owner."""

from __future__ import annotations

COLS = 3
ROWS = 4
SQUARES = COLS * ROWS
COL_LETTERS = "ABC"


def square_name(sq: int) -> str:
    # Upper case so a square never reads like a card instance id ("c1").
    return f"{COL_LETTERS[sq % COLS]}{sq // COLS + 1}"


def parse_square(raw: object) -> int | None:
    # Every action passes its squares through here: the usual spellings are looked up.
    known = _SQUARES.get(raw) if raw.__class__ is str else None
    if known is not None:
        return known
    if not isinstance(raw, str) or len(raw) != 2:
        return None
    col = COL_LETTERS.find(raw[0].upper())
    if col < 0 or not raw[1].isdigit():
        return None
    row = int(raw[1]) - 1
    if not 0 <= row < ROWS:
        return None
    return row * COLS + col


_SQUARES = {name: sq for sq in range(SQUARES) for name in (square_name(sq), square_name(sq).lower())}


def row_of(sq: int) -> int:
    return sq // COLS


def neighbours(sq: int) -> tuple[int, ...]:
    return _NEIGHBOURS[sq]


def _around(sq: int) -> tuple[int, ...]:
    row, col = divmod(sq, COLS)
    out = []
    if row > 0:
        out.append(sq - COLS)
    if row < ROWS - 1:
        out.append(sq + COLS)
    if col > 0:
        out.append(sq - 1)
    if col < COLS - 1:
        out.append(sq + 1)
    return tuple(out)


# Made once: the rules ask for a square's neighbours on every move and land.
_NEIGHBOURS = tuple(_around(sq) for sq in range(SQUARES))


def territory_rows(is_first: bool) -> tuple[int, int]:
    return (0, 1) if is_first else (2, 3)


def home_row(is_first: bool) -> int:
    return 0 if is_first else ROWS - 1


def in_territory(sq: int, is_first: bool) -> bool:
    return row_of(sq) in territory_rows(is_first)


def forward(is_first: bool) -> int:
    """Row direction towards the enemy."""
    return 1 if is_first else -1
