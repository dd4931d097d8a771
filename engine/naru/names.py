"""Small bilingual phrases shared by log lines, labels and errors."""

from __future__ import annotations

from engine.core import Text


def seat_name(seat: int) -> Text:
    return Text(f"Seat {seat + 1}", f"{seat + 1}番席")


def says(seat: int, en: str, ja: str) -> Text:
    """A log line about `seat`: '{seat} ...' in both languages."""
    name = seat_name(seat)
    return Text(f"{name.en} {en}", f"{name.ja}は{ja}")


def owns(seat: int, en: str, ja: str) -> Text:
    """A log line about something of `seat`'s: "Seat 1's ..." / "1番席の..."."""
    name = seat_name(seat)
    return Text(f"{name.en}'s {en}", f"{name.ja}の{ja}")
