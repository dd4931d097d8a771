"""People read names, not seat numbers: every engine text the terminal prints
(log lines, prompts, boards, refusals, the outcome) has its seat tokens
replaced by the players' names."""

from bot.terminal import Terminal
from engine.core import Text

from .conftest import new_match, play


async def test_log_lines_prompts_and_the_outcome_name_the_players(service):
    s = await play(service, ["play card=fox slot=4", "play card=owl slot=1", "play card=crane slot=2"])
    assert "— ann (seat 1): ann, your move." in s.out
    assert "— ben (seat 2): ben, your move." in s.out
    assert "  · ann plays Fox to slot 4." in s.out
    assert "  · ben plays Owl to slot 1." in s.out
    assert "Game over. Winner: ann. ann reached the goal." in s.out
    assert "Scores: ann 6, ben 1" in s.out
    assert "⟦" not in s.out


async def test_names_in_japanese(service):
    s = await play(service, ["play card=fox slot=4", "play card=owl slot=1", "play card=crane slot=2"], locale="ja")
    assert "— ann（1番席）: annの手番です。" in s.out
    assert "  · benは梟を1番に出した。" in s.out
    assert "ゲーム終了。勝者: ann。annが目標に達した。" in s.out
    assert "⟦" not in s.out


async def test_bots_are_named_too(service):
    s = await play(service, ["play card=fox slot=4"], humans=("ann",), bots=1)
    assert "  · Bot 1 plays Owl to slot 3." in s.out


async def test_issue_21_a_bot_is_named_in_the_readers_language(service):
    s = await play(service, ["play card=fox slot=4"], humans=("ann",), bots=1, locale="ja")
    assert "  · ボット1は梟を3番に出した。" in s.out and "Bot 1" not in s.out
    ms = await service.get(s.match_id)
    assert [p.id for p in ms.seats] == ["local:ann", "bot:1"] and ms.seats[1].name == "Bot 1"  # the log is unchanged


async def test_the_log_command_names_the_players(service):
    s = await play(service, ["play card=fox slot=1", "log"])
    assert "  #5 ann plays Fox to slot 1." in s.out


async def test_text_without_tokens_is_left_as_the_game_wrote_it(service):
    # The toy game still writes "Seat 1 passes." itself: nothing to replace.
    s = await play(service, ["pass"], game="toy", options={"goal": 30})
    assert "  · Seat 1 passes." in s.out


async def test_the_terminal_text_helper_replaces_tokens_only(service):
    match_id, _ = await new_match(service)
    term = Terminal(service, match_id, "en", lambda: None)
    term.names = ["ann", "ben"]
    assert term.text(Text("⟦1⟧ waits for ⟦0⟧; Seat 3 is empty.", "")) == "ben waits for ann; Seat 3 is empty."


async def test_boards_name_the_players(service):
    s = await play(service, ["9"])
    assert '{"to_move":"ann",' in s.out and '{"to_move":"ben",' in s.out
