"""A headless Chromium driven over the DevTools protocol (a websocket on the
loopback), with aiohttp's websocket client: no browser driver to install.

Console errors, uncaught exceptions and failed loads are collected as they come."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import re
import shutil
import subprocess
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")


def chromium() -> str | None:
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


class Page:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.errors: list[str] = []
        self._next = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._events: dict[str, asyncio.Event] = {}
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            data = json.loads(msg.data)
            if "id" in data and data["id"] in self._waiting:
                self._waiting.pop(data["id"]).set_result(data)
                continue
            method, params = data.get("method", ""), data.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                self.errors.append("console: " + " ".join(str(a.get("value", a.get("description"))) for a in params["args"]))
            elif method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                self.errors.append("exception: " + str(details.get("exception", {}).get("description") or details.get("text")))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                self.errors.append("log: " + params["entry"]["text"])
            self._events.setdefault(method, asyncio.Event()).set()

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        self._next += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[self._next] = future
        await self.ws.send_str(json.dumps({"id": self._next, "method": method, "params": params}))
        reply = await asyncio.wait_for(future, 15)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return dict(reply.get("result", {}))

    async def open(self, url: str) -> None:
        loaded = self._events.setdefault("Page.loadEventFired", asyncio.Event())
        loaded.clear()
        await self.send("Page.navigate", url=url)
        await asyncio.wait_for(loaded.wait(), 15)

    async def js(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def key(self, key: str, code: int) -> None:
        """A real key press, through the browser's input pipeline (not a synthetic DOM event)."""
        for kind in ("rawKeyDown", "keyUp"):
            await self.send("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code)

    async def click(self, selector: str) -> None:
        """A mouse click at the middle of the element, as a person would click it."""
        box = await self.js(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                            " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            await self.send("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    async def screenshot(self, path: Path) -> None:
        shot = await self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        path.write_bytes(base64.b64decode(shot["data"]))


@contextlib.asynccontextmanager
async def browser(binary: str, profile: Path, width: int = 1280, height: int = 1000) -> AsyncIterator[Page]:
    proc = subprocess.Popen(
        [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
         "--disable-extensions", "--disable-background-networking", "--remote-debugging-address=127.0.0.1",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", f"--window-size={width},{height}",
         "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = await asyncio.wait_for(asyncio.to_thread(_devtools_url, proc), 20)
        port = re.search(r":(\d+)/", url)
        assert port, url
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port.group(1)}/json/list") as resp:
                targets = await resp.json()
            target = next(t for t in targets if t["type"] == "page")
            async with session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                page = Page(ws)
                for domain in ("Page", "Runtime", "Log"):
                    await page.send(f"{domain}.enable")
                try:
                    yield page
                finally:
                    page._reader.cancel()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _devtools_url(proc: subprocess.Popen[str]) -> str:
    assert proc.stderr is not None
    for line in proc.stderr:
        found = re.search(r"DevTools listening on (ws://\S+)", line)
        if found:
            # Keep reading, so that chromium never blocks on a full pipe.
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return found.group(1)
    raise RuntimeError(f"chromium exited ({proc.wait()}) without opening its DevTools port")
