"""Per-server settings: set by server managers, kept in the database, used by new matches
and by every moderator check."""

from __future__ import annotations

from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import Harness, Role, User
from tests.discord.helpers import open_match, state, thread_text

REFEREE = Role(555_000_000_000_000_002, "Referee")
HELPER = User(111_000_000_000_000_021, "helper", roles=(REFEREE.id,))
SETTINGS = "discord:settings"


async def stored(h: Harness) -> object:
    return await h.parley.service.store.get_kv(SETTINGS, str(h.fake.guild_id))


async def test_settings_are_stored_and_shown_to_a_manager(harness: Harness) -> None:
    h = harness
    ex = await h.slash(MOD, "settings", moderator_role=REFEREE, deadline_hours=12.0, deadline_action="forfeit",
                       language="ja")
    assert h.last_reply(ex)["_visible_to"] == MOD.id
    assert h.reply_text(ex) == (
        "Saved.\n**Parley settings of this server**\n"
        f"Moderator role: <@&{REFEREE.id}>\n"
        "Default move deadline for new matches: 12 h, then the seat forfeits.\n"
        "Language of new match threads: Japanese\n"
        "A left seat in new matches is played on by: a bot (normal).\n"
        "New matches are rated on the server's ladders (a creator may make one casual).\n"
        "A lobby nobody joins closes after 7 days (its creator is told a day before).\n"
        "-# Change them with `/parley-mod settings` and its options.")
    assert await stored(h) == {"mod_role": str(REFEREE.id), "deadline_hours": 12.0, "deadline_action": "forfeit",
                               "language": "ja", "clock": None, "window": None,
                               "takeover": "normal", "rated": True, "lobby_days": 7}
    await h.restart()  # in the database, not in memory
    shown = await h.slash(MOD, "settings")
    assert "Moderator role: <@&" in h.reply_text(shown) and "Japanese" in h.reply_text(shown)
    assert not h.last_reply(shown)["_pings"]["roles"]  # the role is named, never pinged


async def test_settings_are_refused_for_non_managers(harness: Harness) -> None:
    h = harness
    ex = await h.slash(ALICE, "settings", language="ja")
    assert h.reply_text(ex) == "Only members with the Manage Server permission can change these settings."
    assert await stored(h) is None
    looked = await h.slash(ALICE, "settings")  # nor may she look: she moderates nothing
    assert "Only moderators" in h.reply_text(looked)
    # A moderator by role may look, but not change them (nor hand the role out).
    await h.slash(MOD, "settings", moderator_role=REFEREE)
    assert "Moderator role" in h.reply_text(await h.slash(HELPER, "settings"))
    refused = await h.slash(HELPER, "settings", clear_moderator_role=True)
    assert "Manage Server" in h.reply_text(refused)
    assert (await stored(h))["mod_role"] == str(REFEREE.id)  # type: ignore[index]


async def test_new_matches_take_the_servers_deadline_and_language(harness: Harness) -> None:
    h = harness
    await h.slash(MOD, "settings", deadline_hours=12.0, deadline_action="forfeit", language="ja")
    match_id, thread = await open_match(h, ALICE, BOB)  # the server's Discord language is English
    ms = await state(h, match_id)
    assert ms.place["deadline_hours"] == 12.0 and ms.place["deadline_action"] == "forfeit"
    assert ms.place["locale"] == "ja"
    assert "対戦開始" in thread_text(h, thread)
    lobby = h.fake.messages[int((await h.parley.delivery.record(match_id))["lobby_msg"])]
    assert "手番の期限: 12.0時間（超過時はその席は投了扱い）。" in lobby["content"]
    # The creator's own choice wins: 0 is no deadline at all.
    none_id, _ = await open_match(h, ALICE, BOB, deadline_hours=0.0)
    assert "deadline_hours" not in (await state(h, none_id)).place
    # Back to the server's Discord language.
    await h.slash(MOD, "settings", language="server", deadline_hours=0.0)
    plain_id, _ = await open_match(h, ALICE, BOB)
    plain = await state(h, plain_id)
    assert plain.place["locale"] == "en" and "deadline_hours" not in plain.place


async def test_the_servers_moderator_role_is_used_for_moderator_checks(harness: Harness) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB)
    refused = await h.slash(HELPER, "abort", channel=thread, reason="closing")
    assert "moderators" in h.reply_text(refused).lower()
    await h.slash(MOD, "settings", moderator_role=REFEREE)
    second, second_thread = await open_match(h, ALICE, BOB)
    done = await h.slash(HELPER, "abort", channel=second_thread, reason="closing")
    assert "aborted" in h.reply_text(done) and (await state(h, second)).status == "aborted"
    await h.slash(MOD, "settings", clear_moderator_role=True)
    again = await h.slash(HELPER, "abort", channel=thread, reason="closing")
    assert "moderators" in h.reply_text(again).lower() and (await state(h, match_id)).status == "running"


async def test_settings_read_in_japanese(harness: Harness) -> None:
    h = harness
    kanri = User(111_000_000_000_000_031, "kanri", "ja", permissions=1 << 5)  # a Japanese server manager
    ex = await h.slash(kanri, "settings", deadline_hours=1.5)
    assert h.reply_text(ex) == (
        "保存しました。\n**このサーバーのParley設定**\n"
        "モデレーターロール: なし（「サーバー管理」権限のみ）\n"
        "新しい対戦の手番の既定期限: 1.5時間（超過時は既定の行動で進行）。\n"
        "新しい対戦スレッドの言語: サーバーのDiscordの言語\n"
        "新しい対戦で退席者の席を代打ちするもの: ボット（ふつう）。\n"
        "新しい対戦はサーバーのラダーでレーティング対象です（作成者がカジュアルにできます）。\n"
        "誰も参加しない募集は7日後に締め切ります（前日に作成者へ通知）。\n"
        "-# `/parley-mod settings` のオプションで変更できます。")
    refused = await h.slash(BOB, "settings", language="en")
    assert h.reply_text(refused) == "この設定を変更できるのは「サーバー管理」権限を持つメンバーだけです。"
