"""What the command-line tests share: running `parley` in-process and the
two terminal players they seat."""

import asyncio

from bot.cli import main
from events.model import Player
from events.store import Store

ANN = Player(id="local:ann", name="ann")
BEN = Player(id="local:ben", name="ben")


def run(capsys, *argv):
    """`parley ARGV`: its exit code, stdout and stderr."""
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def empty_db(db) -> None:
    """A database with no match in it."""
    async def make():
        await (await Store.open(db)).close()
    asyncio.run(make())
