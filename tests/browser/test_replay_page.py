"""The replay page in a real headless Chromium: it opens from a file with no
network, arrow keys step forward and back and the board changes with them, a
seat's perspective shows that seat's hand and never the other's, and nothing
is logged as an error. A screenshot is kept in tests/browser/artifacts/."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from bot.replaypage import page_html
from engine.core import ALL_SEEING
from tests.browser.cdp import browser, chromium
from tests.replaypage.conftest import Played, play

BINARY = chromium()
pytestmark = pytest.mark.skipif(BINARY is None, reason="no chromium: `apt-get install chromium` (.ci/run does it)")
ARTIFACTS = Path(os.environ.get("PARLEY_TEST_ARTIFACTS") or Path(__file__).parent / "artifacts")

STATE = "[document.body.dataset.step, document.getElementById('board').textContent, " \
        "document.getElementById('position').textContent]"


def naru_page(tmp_path: Path) -> tuple[Played, Path]:
    """A finished Naru match and its page, written to a file."""
    assert BINARY is not None
    played = play(tmp_path / "b.sqlite", "naru", 2, seed=4)
    page_file = tmp_path / "replay.html"
    page_file.write_text(page_html(played.data, "en"), encoding="utf-8")
    return played, page_file


@pytest.mark.slow
def test_step_keys_perspectives_and_no_console_errors(tmp_path: Path) -> None:
    assert BINARY is not None
    played, page_file = naru_page(tmp_path)
    stops = played.finished.stops
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "replay-page.png"

    async def go() -> None:
        async with browser(BINARY, tmp_path / "profile") as page:
            await page.open(page_file.as_uri())
            for _ in range(100):  # the page unpacks its data (DecompressionStream) after the load event
                if await page.js("document.body.dataset.step") is not None:
                    break
                await asyncio.sleep(0.1)
            first = await page.js(STATE)
            assert first[0] == "0" and first[2].startswith(f"Step 1/{len(stops)}")
            for _ in range(3):
                await page.key("ArrowRight", 39)
            ahead = await page.js(STATE)
            assert ahead[0] == "3" and ahead[1] != first[1], "the board did not change going forward"
            await page.key("ArrowLeft", 37)
            back = await page.js(STATE)
            assert back[0] == "2"
            await page.key("End", 35)
            assert (await page.js(STATE))[0] == str(len(stops) - 1)
            await page.key("Home", 36)
            assert (await page.js(STATE)) == first
            await page.key("ArrowRight", 39)
            await page.key("ArrowRight", 39)
            assert (await page.js(STATE))[0] == "2"

            # As seat 1 at this step: its own hand is shown, the other seat's never.
            game = played.finished.final.game
            state = stops[2].ms.state
            hands = [[c["en"] for c in p["hand"]] for p in game.view(state, ALL_SEEING)["players"]]
            theirs = set(hands[1]) - set(hands[0])
            assert theirs, "the other seat holds no card of its own at this step"
            await page.click("button[data-perspective=seat0]")
            assert await page.js("document.body.dataset.perspective") == "seat0"
            shown = await page.js("document.body.innerText")
            assert all(name in shown for name in hands[0])
            assert not [name for name in theirs if name in shown]
            await page.click("button[data-perspective=all]")
            everything = await page.js("document.body.innerText")
            assert all(name in everything for name in theirs)  # so the check above could fail
            await page.click("button[data-perspective=seat0]")

            # A turn jump, and the language toggle.
            turns = [step["turn"] for step in played.data["steps"]]
            last_turn = turns[-1]
            await page.js(f"document.getElementById('turn').value = '{last_turn}'")
            await page.click("#jump")
            at = int(await page.js("document.body.dataset.step"))
            assert turns[at] == last_turn and (at == 0 or turns[at - 1] < last_turn)
            await page.click("button[data-lang=ja]")
            assert "ステップ" in await page.js("document.getElementById('position').textContent")
            await page.click("button[data-lang=en]")
            # The board picture is the step's SVG, with its words as alt text.
            picture = await page.js("[document.getElementById('board-image').src.slice(0, 19), "
                                    "document.getElementById('board-image').alt, "
                                    "document.getElementById('board-image').naturalWidth]")
            assert picture[0] == "data:image/svg+xml;" and picture[1].startswith("Naru!") and picture[2] > 100
            await page.screenshot(shot)
            assert page.errors == [], page.errors

    asyncio.run(asyncio.wait_for(go(), 60))
    assert shot.stat().st_size > 10_000
    print(f"screenshot: {shot}")


@pytest.mark.slow
def test_a_browser_without_decompressionstream_is_told_so(tmp_path: Path) -> None:
    assert BINARY is not None
    _, page_file = naru_page(tmp_path)

    async def go() -> list:
        async with browser(BINARY, tmp_path / "profile") as page:
            await page.send("Page.addScriptToEvaluateOnNewDocument", source="delete window.DecompressionStream;")
            await page.open(page_file.as_uri())
            return await page.js("[document.getElementById('unsupported').hidden, "
                                 "document.getElementById('unsupported').innerText, document.body.dataset.step]")

    hidden, said, step = asyncio.run(asyncio.wait_for(go(), 60))
    assert hidden is False and "DecompressionStream" in said and "展開できません" in said
    assert step is None  # nothing half-drawn
