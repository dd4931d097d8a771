"""Long text in several Discord messages instead of one clipped one.

Splits at line ends (a line longer than a message is cut at the limit), and a
code block cut in two is closed at the end of one part and reopened, with its
language, at the start of the next, so every part renders as the whole would.
"""

from __future__ import annotations

FENCE = "```"


def split_message(text: str, limit: int = 2000) -> list[str]:
    """`text` in parts of at most `limit` characters, in order; one part when it fits."""
    if len(text) <= limit:
        return [text]
    room = limit - len(FENCE) - 1  # what a part may hold besides a closing fence
    parts: list[str] = []
    lines: list[str] = []
    size = -1  # characters in `lines` joined by newlines
    fence: str | None = None  # the opening line of the code block we are in, if any

    def add(line: str) -> None:
        nonlocal size
        lines.append(line)
        size += len(line) + 1

    def flush() -> None:
        nonlocal lines, size
        opened_last = fence is not None and len(lines) > 1 and lines[-1] == fence
        body = "\n".join(lines[:-1] if opened_last else lines)
        if body.strip():  # Discord refuses an empty message; blank lines at a cut are not missed
            parts.append(body + ("\n" + FENCE if fence is not None and not opened_last else ""))
        lines, size = [], -1
        if fence is not None:
            add(fence)

    for raw in text.split("\n"):
        closing = fence is not None and raw.strip() == FENCE
        if closing:
            add(raw)  # the room kept for a closing fence holds it
            fence = None
            continue
        width = room - (len(fence) + 1 if fence is not None else 0)
        pieces = [raw[i:i + width] for i in range(0, len(raw), width)] or [""]
        for piece in pieces:
            if lines and size + len(piece) + 1 > room and lines != [fence]:
                flush()
            add(piece)
        if fence is None and raw.lstrip().startswith(FENCE) and raw.count(FENCE) == 1:
            fence = raw.strip()
    if lines != [fence] and "\n".join(lines).strip():
        parts.append("\n".join(lines))
    return parts
