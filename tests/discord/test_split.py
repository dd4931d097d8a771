"""Splitting long text into Discord messages: at line ends, code blocks closed and reopened."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.discord.split import FENCE, split_message


def test_short_text_is_one_message() -> None:
    assert split_message("a\nb", 10) == ["a\nb"]


def test_split_at_line_ends_and_a_code_block_is_reopened_with_its_language() -> None:
    text = "Board\n```text\nrow 1\nrow 2\nrow 3\nrow 4\n```\nWaiting for **bob**."
    assert split_message(text, 30) == [
        "Board\n```text\nrow 1\nrow 2\n```",
        "```text\nrow 3\nrow 4\n```",
        "Waiting for **bob**.",
    ]


def test_a_line_longer_than_a_message_is_cut() -> None:
    assert split_message("x" * 50, 20) == ["x" * 16, "x" * 16, "x" * 16, "xx"]


def _unfenced(parts: list[str]) -> str:
    """The text without fences and white space (a part of only spaces is not sent)."""
    return "".join(p.replace(FENCE + "text", "").replace(FENCE, "").replace("\n", "").replace(" ", "") for p in parts)


lines = st.lists(st.one_of(st.sampled_from(["```text", "```", ""]), st.text("ab ", max_size=150)), max_size=60)


@given(lines, st.integers(min_value=40, max_value=400))
def test_every_part_fits_none_is_empty_and_nothing_is_lost(text_lines: list[str], limit: int) -> None:
    text = "\n".join(text_lines)
    parts = split_message(text, limit)
    assert all(len(p) <= limit for p in parts)
    assert all(p.strip() for p in parts) or parts == [text]
    assert _unfenced(parts) == _unfenced([text])


@given(st.lists(st.text("ab", min_size=1, max_size=30), min_size=1, max_size=40), st.integers(80, 200))
def test_a_part_inside_a_code_block_renders_as_code(rows: list[str], limit: int) -> None:
    parts = split_message("```text\n" + "\n".join(rows) + "\n```", limit)
    for p in parts:
        assert p.startswith("```text\n") and p.endswith("\n```")
