"""The terminal session: resume hints, leaving, hand-overs on a shared screen,
takebacks answered by the right person, redraws after automatic moves."""

from bot.terminal import CLEAR

from .conftest import play

BOARD_BEFORE = '{"to_move":"ann","scores":[0,0],"active":0,"wall":""}'


async def test_the_resume_hint_names_the_database_when_one_was_given(service, tmp_path):
    db = tmp_path / "my games.sqlite"
    s = await play(service, ["quit"], db=db)
    assert s.code == 0
    assert s.out.rstrip().endswith(f"The match is saved. Resume with: parley play --resume {s.match_id} --db '{db}'")


async def test_the_resume_hint_has_no_db_when_none_was_given(service):
    s = await play(service, ["quit"])
    assert s.out.rstrip().endswith(f"Resume with: parley play --resume {s.match_id}")


async def test_end_of_input_prints_the_resume_hint(service, tmp_path):
    s = await play(service, [], db=tmp_path / "x.sqlite")
    assert f"Input ended. The match is saved. Resume with: parley play --resume {s.match_id} --db " in s.out
    assert s.code == 0


async def test_ctrl_c_prints_the_resume_hint_and_exits_130(service, tmp_path):
    s = await play(service, ["9", KeyboardInterrupt()], db=tmp_path / "x.sqlite")
    assert s.code == 130
    assert f"Interrupted. The match is saved. Resume with: parley play --resume {s.match_id} --db " in s.out
    assert "Traceback" not in s.out


async def test_quit_in_japanese(service):
    s = await play(service, ["quit"], locale="ja")
    assert f"対戦は保存済みです。再開: parley play --resume {s.match_id}" in s.out


async def test_a_takeback_request_is_put_to_the_other_player(service):
    s = await play(service, ["note", "takeback", "accept"])
    ask = "ann asks to take back their last action; ben: accept or decline?"
    assert ask in s.out
    assert s.out.index("  · ann takes a note.") < s.out.index(ask) < s.out.index("  · ben accepts the takeback.")
    assert "  · The action is taken back: back to event 4.\n  · Taken back: ann takes a note.\n" in s.out
    events = await s.service.events(s.match_id)
    answered = next(e for e in events if e.type == "takeback_answered")
    assert answered.actor == "local:ben" and answered.payload == {"seat": 1, "accept": True}
    assert events[-1].type == "revert"
    ms = await s.service.get(s.match_id)
    assert ms.state.notes == [0, 0]  # the note is gone, and it is still ann's turn
    assert s.out.rstrip().splitlines()[-1].startswith("Input ended.")
    assert s.out.count("— ann (seat 1): ann, your move.") == 3  # at the start, after the note, after the takeback


async def test_a_declined_takeback_leaves_the_action(service):
    s = await play(service, ["note", "takeback", "decline"])
    assert "  · ben declines the takeback." in s.out
    ms = await s.service.get(s.match_id)
    assert ms.state.notes == [1, 0] and ms.takeback is None


async def test_the_answer_comes_before_anything_else(service):
    s = await play(service, ["note", "takeback", "pass", "board", "accept"])
    assert "First answer the takeback request: type accept or decline." in s.out
    assert "ann passes" not in s.out and "ben passes" not in s.out
    assert "  · ben accepts the takeback." in s.out


async def test_on_a_shared_screen_the_keyboard_goes_to_the_one_who_answers(service):
    s = await play(service, ["note", "takeback", "", "accept", ""], screen=True)
    handover = s.out.index("Pass the keyboard to ben and press Enter.")
    assert s.out.index("  · ann asks to take back their last action.") < handover
    assert handover < s.out.index("ann asks to take back their last action; ben: accept or decline?")
    # ...and back to ann, whose turn it still is.
    assert s.out.index("Pass the keyboard to ann and press Enter.") > s.out.index("ben accepts the takeback.")


async def test_the_hand_over_clears_the_screen_and_its_scroll_back(service):
    s = await play(service, ["9", ""], screen=True)
    assert "\033[3J" in CLEAR and "\033[2J" in CLEAR
    before, after = s.out.split(CLEAR, 1)
    assert "Pass the keyboard to ben and press Enter." in before
    # The next player sees the public lines again and the board, then their own turn.
    assert after.index("  · ann plays Moth to slot 1.") < after.index('{"to_move":"ben","scores":[1,0]') < after.index("— ben")
    # ...under the name of who played them, as the Discord DM groups them.
    assert after.startswith("\n  ann:\n  · ann plays Moth to slot 1.\n{")


async def test_the_lines_read_at_a_hand_over_are_grouped_in_japanese_too(service):
    s = await play(service, ["9", ""], screen=True, locale="ja")
    assert s.out.split(CLEAR, 1)[1].startswith("\n  ann：\n  · annは蛾を1番に出した。\n{")


async def test_input_ending_at_a_hand_over_stops_with_the_hint(service):
    s = await play(service, ["9"], screen=True)
    assert s.code == 0 and "Input ended." in s.out


async def test_scripted_input_needs_no_hand_over(service):
    s = await play(service, ["9"])
    assert "Pass the keyboard" not in s.out and CLEAR not in s.out


async def test_the_board_is_redrawn_after_bots_moved(service):
    s = await play(service, ["9"], humans=("ann",), bots=1)
    bot_line = s.out.index("  · Bot 1 plays Owl to slot 3.")
    board = s.out.index('{"to_move":"ann","scores":[1,3],"active":0,"wall":""}')
    assert s.out.index("  · ann plays Moth to slot 1.") < bot_line < board < s.out.rindex("— ann (seat 1)")


async def test_no_redraw_after_a_players_own_move_in_hot_seat(service):
    s = await play(service, ["9"])
    assert "  · ann plays Moth to slot 1.\n\n— ben (seat 2)" in s.out


async def test_an_undo_is_told_and_the_board_redrawn(service):
    s = await play(service, ["9", "undo"])
    assert "  · Moves undone by a moderator: back to event 4 (terminal undo)." in s.out
    assert s.out.count(BOARD_BEFORE) >= 3  # start, private view, and again after the undo


async def test_a_long_board_is_shown_whole(service):
    s = await play(service, [], options={"wall": 5000})
    assert '"wall":"' + "#" * 5000 + '"' in s.out
    assert "…" not in s.out


async def test_a_finished_match_resumed_shows_the_result(service):
    first = await play(service, ["play card=fox slot=4", "play card=owl slot=1", "play card=crane slot=2"])
    again = await play(service, [], match_id=first.match_id)
    assert again.code == 0 and "Game over. Winner: ann. ann reached the goal." in again.out
