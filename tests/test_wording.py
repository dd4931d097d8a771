"""Japanese that reads as one voice across the project (issue 21)."""

import re
from pathlib import Path

import pytest

from engine.registry import get_game
from tests.contract.matches import bot_turns

ROOT = Path(__file__).resolve().parents[1]
KEY = "秘密" + "鍵"  # spelt in two parts so this file does not find itself


def test_issue_21_the_match_secret_is_never_called_a_key() -> None:
    """It is a random secret value, not a key: 秘密値 everywhere."""
    found = [f"{path.relative_to(ROOT)}:{n}"
             for top in ("engine", "events", "bot", "docs", "tests")
             for path in sorted((ROOT / top).rglob("*")) if path.suffix in (".py", ".md", ".js", ".html", ".json")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if KEY in line]
    assert found == []


GAMES = {"quarriors": 3, "naru": 2, "musou": 2, "warlords": 3}
POLITE = re.compile(r"(ます|ました|ません|です|でした|ください|ましょう)$")
PLAIN = re.compile(r"(た|だ|る|う|く|す|つ|ぬ|む|ぶ|ぐ|ない)$")


def sentences(ja: str) -> list[str]:
    """Each sentence without the parenthetical notes and quotes it ends with."""
    out = []
    for part in ja.split("。"):
        part = part.strip()
        while part.endswith(("）", "」")):
            part = re.sub(r"（[^（）]*）$", "", part).removesuffix("」").strip()
        if part:
            out.append(part)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_issue_21_one_register_log_lines_plain_and_prompts_polite(game_id: str) -> None:
    """The four games read as one voice: the log narrates in the plain form
    (召喚した), what asks something of a player says it in です/ます (選んでください)."""
    game, seats = get_game(game_id), GAMES[game_id]
    polite_logs: set[str] = set()
    plain_prompts: set[str] = set()
    for seed in range(3):
        for turn in bot_turns(game, seats, seed, limit=600):
            plain_prompts |= {x for p in turn.pending for x in sentences(p.prompt.ja) if PLAIN.search(x)
                              and not POLITE.search(x)}
            polite_logs |= {x for line in turn.step.transition.log for x in sentences(line.ja) if POLITE.search(x)}
    assert (sorted(polite_logs), sorted(plain_prompts)) == ([], [])
