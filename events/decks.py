"""Players' saved decks, servers' card sets and the decks picked in a lobby,
kept in their own tables (migration 6 in SQLite, 5 in PostgreSQL), never in
a match's log until the match starts.

A deck is private to its owner: only they list, read, pick or delete it. A
pick copies the deck's text into the lobby (`lobby_decks`), so a deck edited
or deleted afterwards leaves the match as it was joined. At the start the
picks go into the `match_started` event's sealed part (events/seal.py): the
chain commits to them, no seat's export shows them while the match runs, and
the revealed secret lets anyone check them once it is over.

A card set belongs to a server and is public to its members (every card of
it may be played in the open); a match of that server names it by name and
carries its text inline, as the game's `cards` option always has.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import RuleError, Text
from engine.core.text import echo
from engine.deckgames import CARD_SET_GAMES, card_set_problems, deck_problems, takes_decks, with_decks

from .deckrecords import CardSetFile, SavedDeck
from .errors import Refused

if TYPE_CHECKING:
    from .recorder import Recorder
    from .replay import MatchState

NAME_MAX = 40
# One select shows every deck a player has for a game, and a select holds 25.
MAX_PER_GAME = 25


def check_name(name: str, *, word: bool = False) -> str:
    """A deck's or card set's name as kept: trimmed, 1-40 printable characters;
    one `word` (no space or comma) for a card set, which `cardset=NAME` names."""
    name = " ".join(name.split())
    if not name or len(name) > NAME_MAX or any(unicodedata.category(c).startswith("C") for c in name):
        raise Refused(Text(f"A name is 1 to {NAME_MAX} characters on one line.",
                           f"名前は1〜{NAME_MAX}文字で、1行で書きます。"))
    if word and (" " in name or "," in name):
        raise Refused(Text("A card set's name is one word (no spaces or commas), as `cardset=NAME` writes it.",
                           "カードセットの名前は `cardset=名前` と書けるよう、空白やカンマのない1語にします。"))
    return name


def check_deck_game(game_id: str) -> None:
    if not takes_decks(game_id):
        raise Refused(Text(f"Players bring no deck to '{echo(game_id)}'.", f"「{echo(game_id)}」にはデッキを持ち込みません。"),
                      Text("Decks are for naru, musou and warlords.", "デッキを使うのは naru・musou・warlords です。"))


def check_card_set_game(game_id: str) -> None:
    if game_id not in CARD_SET_GAMES:
        games = ", ".join(sorted(CARD_SET_GAMES))
        raise Refused(Text(f"A server's card set cannot be played in '{echo(game_id)}'.",
                           f"「{echo(game_id)}」ではサーバーのカードセットを使えません。"),
                      Text(f"Card sets are for: {games}.", f"カードセットを使えるゲーム：{games}。"))


FIX_DECK = Text("Fix these lines and save the deck again.", "これらの行を直して、もう一度保存してください。")
FIX_FILE = Text("Fix the file and upload it again.", "ファイルを直して、もう一度アップロードしてください。")


def _refuse_problems(problems: list[Text], fix: Text) -> Refused:
    """Every problem, one a line (each names the line of the list or file it is on)."""
    return Refused(Text("\n".join(p.en for p in problems), "\n".join(p.ja for p in problems)), fix)


async def save_deck(store: Recorder, owner: str, game_id: str, name: str, text: str, now: str,
                    guild: str | None = None) -> SavedDeck:
    """Check and keep a deck (replacing the owner's deck of that name): of the
    game's own cards, or of a card set of the server `guild` it is saved on (for
    that server's matches that choose it). Refused with every problem of the
    list against the game's own cards, one a line."""
    check_deck_game(game_id)
    name = check_name(name)
    problems = deck_problems(game_id, text)
    if problems and guild is not None and game_id in CARD_SET_GAMES:
        sets = await store.card_sets(guild, game_id)
        if any(not deck_problems(game_id, text, card_set.text) for card_set in sets):
            problems = []
    if problems:
        raise _refuse_problems(problems, FIX_DECK)
    mine = await store.decks(owner, game_id)
    # Found by name in any case, so saved in any case over the deck of that name.
    same = [d for d in mine if d.name.casefold() == name.casefold()]
    for old in same:
        await store.delete_deck(owner, game_id, old.name)
    if len(mine) - len(same) >= MAX_PER_GAME:
        raise Refused(Text(f"You have {MAX_PER_GAME} decks for this game, the most kept.",
                           f"このゲームのデッキは{MAX_PER_GAME}個まで保存できます。"),
                      Text("Delete one with `/parley deck delete` first.", "先に `/parley deck delete` で削除してください。"))
    deck = SavedDeck(owner, game_id, name, text, now)
    await store.save_deck(deck)
    return deck


async def find_deck(store: Recorder, owner: str, game_id: str, name: str) -> SavedDeck:
    for deck in await store.decks(owner, game_id):
        if deck.name.casefold() == " ".join(name.split()).casefold():
            return deck
    raise Refused(Text(f"You have no {game_id} deck named '{echo(name)}'.",
                       f"「{echo(name)}」という{game_id}のデッキはありません。"),
                  Text("`/parley deck list` shows your decks.", "`/parley deck list` で自分のデッキを表示します。"))


async def save_card_set(store: Recorder, guild: str, game_id: str, name: str, text: str, by: str,
                        now: str) -> CardSetFile:
    check_card_set_game(game_id)
    name = check_name(name, word=True)
    problems = card_set_problems(game_id, text)
    if problems:
        raise _refuse_problems(problems, FIX_FILE)
    found = await store.card_sets(guild, game_id)
    if len(found) >= MAX_PER_GAME and all(c.name != name for c in found):
        raise Refused(Text(f"This server has {MAX_PER_GAME} card sets for this game, the most kept.",
                           f"このサーバーのこのゲームのカードセットは{MAX_PER_GAME}個までです。"))
    card_set = CardSetFile(guild, game_id, name, text, by, now)
    await store.save_card_set(card_set)
    return card_set


async def find_card_set(store: Recorder, guild: str, game_id: str, name: str) -> CardSetFile:
    check_card_set_game(game_id)
    for card_set in await store.card_sets(guild, game_id):
        if card_set.name.casefold() == " ".join(name.split()).casefold():
            return card_set
    raise Refused(Text(f"This server has no {game_id} card set named '{echo(name)}'.",
                       f"このサーバーに「{echo(name)}」という{game_id}のカードセットはありません。"),
                  Text("`/parley deck list` shows the server's card sets.",
                       "`/parley deck list` でサーバーのカードセットを表示します。"))


async def pick(store: Recorder, ms: MatchState, player_id: str, name: str) -> SavedDeck:
    """The player's deck `name` is the one they play in the lobby's match."""
    check_deck_game(ms.game_id)
    if ms.status != "lobby":
        raise Refused(Text("The match has started: decks are picked in the lobby.",
                           "対戦は開始済みです。デッキは募集中に選びます。"))
    if all(p.id != player_id for p in ms.lobby):
        raise Refused(Text("Join the match first, then pick your deck.", "先に対戦に参加してから、デッキを選んでください。"))
    deck = await find_deck(store, player_id, ms.game_id, name)
    seats = max(len(ms.lobby), ms.game.min_seats)
    try:  # against this match's options (a server card set, say): its problems are the picker's own
        with_decks(ms.game, ms.options, seats, [deck.text] + [None] * (seats - 1))
    except RuleError as err:
        raise Refused(Text(f"Your deck '{echo(deck.name)}' does not suit this match: ",
                           f"デッキ「{echo(deck.name)}」はこの対戦に合いません：") + err.what, err.allowed) from err
    await store.pick_deck(ms.match_id, player_id, deck.name, deck.text)
    return deck


def started_options(ms: MatchState, picks: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The options a lobby starts with (the game's check of them), and the part
    the players' picked decks make, which the start seals: nothing without picks."""
    seats = len(ms.lobby)
    chosen = [picks.get(p.id) for p in ms.lobby]
    if not takes_decks(ms.game_id) or all(c is None for c in chosen):
        return ms.game.options(ms.options, seats), {}
    try:
        return with_decks(ms.game, ms.options, seats, chosen)
    except RuleError as err:
        # The game's words would quote a hidden deck to whoever starts: name only the seat.
        bad = next((i for i, c in enumerate(chosen) if c is not None and _unfit(ms, seats, i, c)), None)
        if bad is None:
            raise
        raise Refused(Text(f"The deck seat {bad + 1} picked does not suit this match.",
                           f"{bad + 1}番目の席が選んだデッキはこの対戦に合いません。"),
                      Text("Its player picks another (Join again) or none, then start again.",
                           "その席のプレイヤーが別のデッキを選ぶ（もう一度「参加」）か選ばずにいてから、もう一度開始してください。")
                      ) from err


def _unfit(ms: MatchState, seats: int, seat: int, text: str) -> bool:
    picked: list[str | None] = [None] * seats
    picked[seat] = text
    try:
        with_decks(ms.game, ms.options, seats, picked)
    except RuleError:
        return True
    return False


__all__ = ["MAX_PER_GAME", "NAME_MAX", "CardSetFile", "SavedDeck", "check_card_set_game", "check_deck_game",
           "check_name", "find_card_set", "find_deck", "pick", "save_card_set", "save_deck", "started_options"]
