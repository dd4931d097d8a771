"""真・三國無双4 TCG (Musou) for Parley: the Game object tying the rule modules together."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core import (
    BadOptions,
    CardInfo,
    Choice,
    Game,
    Outcome,
    Pending,
    Rng,
    Text,
    Transition,
    Viewer,
    seat_ref,
)
from engine.core.cardfile import NOT_TEXT, CardFileError, is_card_text
from engine.core.options import check_options, wrong_option
from engine.core.ordertags import Preset
from engine.core.pins import files_digest

from . import actions, bot, menu
from .battle import attack_text
from .cards import CARD_FILES, SAMPLE, Catalog, catalog
from .cardtext import catalog_info
from .decks import DeckList, DeckTextError, import_text, starters, validate
from .inventory import inventory
from .match import finish_game, new_match
from .secrecy import decides_in_secret
from .state import STATE_TYPES, MusouState, copied
from .timing import MAINS
from .view import hidden_ids, view, views

__all__ = ["GAME", "MusouGame", "hidden_ids"]

# The tag of a priority in the other player's main phase (public: stage, priority
# and turn player are seen by all), so a seat holding only cards for attacks
# can let those phases run and still answer an attack.
THEIR_MAIN = "their-main"

_ONE = ((0,), (1,))

# Between games a seat's menu (keep, then a few hundred swaps) hangs on its deck and side deck alone,
# and it is asked again after each move of the other seat too (both DMs show their menus): the last
# few are kept, keyed by what they hang on. Their choices are shared, as a menu's readers share it.
_SIDE_MENUS: dict[tuple[str, tuple[str, ...], tuple[str, ...]], tuple[Choice, ...]] = {}
SIDE_MENUS_KEPT = 8

_PROMPTS = {
    "commander": Text("Choose this game's commander (face down). A formation reads row by row: A attack square, "
                      "S supply square, P support square, C the commander.",
                      "このゲームの指揮官を裏向きで選んでください。陣営は上の行から読みます"
                      "（A＝戦攻マス、S＝補給マス、P＝支援マス、C＝指揮官）。"),
    "mulligan": Text("Keep your hand, or mulligan once (shuffle it back and draw as many again).",
                     "手札を確定するか、1回だけマリガン（手札を戻してシャッフルし、同じ枚数を引き直す）してください。"),
    "side": Text("Swap cards with your side deck, then confirm (or keep as it is).",
                 "サイドデッキとカードを交換し、確定してください（交換しなくても構いません）。"),
    "battle": Text("Your battle phase: declare an attack or end the phase.", "あなたの戦功フェイズ：攻撃宣言をするか、フェイズを終えてください。"),
}


def prompt(s: MusouState, kind: str, seat: int) -> Text:
    """What the seat is asked; it names other seats by token and shows only
    public things (everyone reads whose turn it is and why)."""
    if kind == "first":
        return Text(f"You lost game {s.game_no - 1}: choose who goes first.",
                    f"第{s.game_no - 1}ゲームに敗れたので、先攻を選んでください。")
    if kind == "respond":
        assert s.attack is not None
        at = attack_text(s, s.attack)
        return Text(f"{at.en}. Respond (stratagem, support, trap, ambush) or pass.",
                    f"{at.ja}。対応（計略・支援・罠・伏兵）するか、パスしてください。")
    if kind == "main":
        n = 1 if s.stage == "main1" else 2
        if seat == s.active:
            return Text(f"Your main phase {n}: act or pass (two passes in a row end the phase).",
                        f"あなたのメインフェイズ{n}：行動するかパスしてください（2人続けてパスで終了）。")
        who = seat_ref(s.active)
        return Text(f"{who.en}'s main phase {n}: use a stratagem, a support ability or an ambush, or pass.",
                    f"{who.ja}のメインフェイズ{n}：計略・支援・伏兵を使うか、パスしてください。")
    return _PROMPTS[kind]


OPTIONS = {"cards": Text("'sample', a card file's path or a card set as JSON text",
                         "sample、カードファイルのパス、または JSON 形式のカードセット"),
           "decks": Text("a list of two decks, each a starter id (shu, wei, wu, coalition) or a deck list",
                         "2つのデッキのリスト（それぞれスターター名（shu、wei、wu、coalition）かデッキリスト）")}


def _card_set(key: str) -> tuple[str, Catalog]:
    """The `cards` option as the text the options carry (JSON text or SAMPLE: a
    path is read by the front end) and the set it holds; BadOptions naming the
    file's problems by line."""
    if key != SAMPLE and not is_card_text(key):
        raise BadOptions(NOT_TEXT)
    try:
        return key, catalog(key)
    except CardFileError as exc:
        raise exc.bad_options() from exc


class MusouGame(Game[MusouState]):
    id: ClassVar[str] = "musou"
    title: ClassVar[Text] = Text("Shin Sangoku Musou 4 TCG", "真・三國無双4 トレーディングカードゲーム")
    # musou-3: log lines, prompts, labels and views reworded for players (no rule changed).
    # musou-4: the match's end keeps the deciding game's board (no rule changed).
    ruleset: ClassVar[str] = "musou-4"
    keeps_final_board: ClassVar[bool] = True
    order_presets: ClassVar[Mapping[str, Preset]] = {
        "priority": Preset(("response",), "phase", Text("pass priority in the other player's turn for the rest "
                                                        "of this phase", "このフェイズの残り、相手の手番中の優先権をパスする")),
        THEIR_MAIN: Preset((THEIR_MAIN,), "turn",
                           Text("pass priority in the other player's main phases until your next turn, but "
                                "still decide when attacked",
                                "次の自分の手番まで、相手のメインフェイズ中の優先権をパスする（攻撃されたときは自分で判断する）")),
    }
    # Passes, moves and attacks every seat sees whole (a card played or paid for may hide one).
    premove_kinds: ClassVar[frozenset[str]] = frozenset(
        {"pass", "endbattle", "attack", "move", "first", "keep", "mulligan"})
    state_types = STATE_TYPES
    # Arguments the menu spells out only when needed (pay= when provisions fall
    # short, target= when there is one), which a player may always add.
    optional_args: ClassVar[Mapping[str, frozenset[str]]] = {
        "place": frozenset({"pay", "target"}), "facedown": frozenset({"pay"}),
        "reveal": frozenset({"pay", "target"}), "stratagem": frozenset({"pay", "target"}),
        "support": frozenset({"target"}), "musou": frozenset({"target"}),
    }
    options_example: ClassVar[Mapping[str, Any] | None] = {"decks": ["shu", "wei"]}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2

    def options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """`decks`: two entries, each a starter id (shu, wei, wu, coalition) or a
        deck-list text; omitted = random starters. `cards`: a card set as JSON
        text, or a card file path, which is read here once and carried inline
        from then on (options are recorded in the log; setup never reads a file)."""
        if seats != 2:
            raise BadOptions(Text("Musou is for exactly 2 players.", "無双TCGは2人用です。"))
        raw = check_options(raw, self.title, OPTIONS)
        card_set = raw.get("cards", SAMPLE)
        if not isinstance(card_set, str):
            raise wrong_option("cards", OPTIONS["cards"])
        card_set, cat = _card_set(card_set)
        out: dict[str, Any] = {"cards": card_set}
        decks = raw.get("decks")
        if decks is None:
            return out
        if not isinstance(decks, (list, tuple)) or len(decks) != 2 or not all(isinstance(d, str) for d in decks):
            raise wrong_option("decks", OPTIONS["decks"])
        known = starters()
        for entry in decks:
            if entry in known:
                continue
            try:
                deck = import_text(entry, cat)
            except DeckTextError as exc:
                raise BadOptions(exc.errors[0], Text(" / ".join(e.en for e in exc.errors[1:]),
                                                     " / ".join(e.ja for e in exc.errors[1:]))) from exc
            errors = validate(deck, cat)
            if errors:
                raise BadOptions(errors[0], Text(" ".join(e.en for e in errors[1:]), "".join(e.ja for e in errors[1:])))
        out["decks"] = list(decks)
        return out

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> MusouState:
        card_set = str(options.get("cards", SAMPLE))
        cat = catalog(card_set)
        known = starters()
        entries = options.get("decks")
        if entries is None:
            names = sorted(known)
            a = rng.below(len(names))
            b = (a + 1 + rng.below(len(names) - 1)) % len(names)
            entries = [names[a], names[b]]
        decks: list[DeckList] = [known[e] if e in known else import_text(e, cat) for e in entries]
        # A custom set's text as the one object its catalog keeps, which every state then shares.
        return new_match(card_set if card_set == SAMPLE else CARD_FILES.load(card_set).text, decks)

    def pending(self, state: MusouState) -> tuple[Pending, ...]:
        s = state
        if s.stage == "over":
            return ()
        if s.stage in ("commander", "mulligan", "side"):
            return tuple(Pending(seat, s.stage, prompt(s, s.stage, seat)) for seat in (0, 1) if s.waiting[seat])
        if s.stage == "first":
            assert s.chooser is not None
            return (Pending(s.chooser, "first", prompt(s, "first", s.chooser)),)
        if s.stage == "battle":
            return (Pending(s.active, "battle", prompt(s, "battle", s.active)),)
        if s.stage == "respond":
            assert s.attack is not None
            return (Pending(1 - s.attack.seat, "respond", prompt(s, "respond", 1 - s.attack.seat)),)
        return (Pending(s.priority, "main", prompt(s, "main", s.priority)),)

    def waiting(self, state: MusouState) -> tuple[int, ...]:
        # The framework asks before every action, most of them in a main phase: that stage
        # is asked first, and the answer is a shared tuple.
        s = state
        stage = s.stage
        if stage in MAINS:
            return _ONE[s.priority]
        if stage == "over":
            return ()
        if stage in ("commander", "mulligan", "side"):
            return tuple(seat for seat in (0, 1) if s.waiting[seat])
        if stage == "first":
            assert s.chooser is not None
            return _ONE[s.chooser]
        if stage == "battle":
            return _ONE[s.active]
        assert s.attack is not None  # respond
        return _ONE[1 - s.attack.seat]

    def legal_actions(self, state: MusouState, seat: int) -> list[Choice]:
        # `waiting` names the same seats as `pending` without building the prompts.
        if seat not in self.waiting(state):
            return []
        if state.stage != "side":
            return menu.choices(state, seat, actions.legal(state, seat))
        key = (state.card_set, tuple(state.decks[seat]), tuple(state.side[seat]))
        kept = _SIDE_MENUS.get(key)
        if kept is None:
            kept = _SIDE_MENUS[key] = tuple(menu.choices(state, seat, actions.legal(state, seat)))
            if len(_SIDE_MENUS) > SIDE_MENUS_KEPT:
                # The oldest (dicts keep insertion order), read off a copy taken in one C call: a search
                # bot asks for menus on a thread of its own, and an iterator over the shared dict would
                # fail if that thread added a menu between iter() and next().
                _SIDE_MENUS.pop(next(iter(_SIDE_MENUS.copy())), None)
        return list(kept)

    def apply(self, state: MusouState, seat: int, action: dict[str, Any], rng: Rng) -> Transition[MusouState]:
        actions.check(state, seat, action)
        s = copied(state)
        decks_before = [len(d) for d in s.decks]
        log: list[Text] = []
        actions.perform(s, seat, action, rng, log)
        if s.game_winner is not None:
            log += finish_game(s, self.keeps_final_board)
        reveals = (action["kind"] in ("reveal", "commander", "mulligan", "keep", "first", "ready")
                   or any(len(d) < n for d, n in zip(s.decks, decks_before, strict=True))
                   or s.game_no != state.game_no or s.stage == "over")
        return Transition(s, tuple(log), reveals)

    def apply_owned(self, state: MusouState, seat: int, action: dict[str, Any], rng: Rng) -> MusouState:
        # Nobody reads the log lines, so none is built (a game's end, once a game, still makes its own).
        actions.play(state, seat, action, rng, None)
        if state.game_winner is not None:
            finish_game(state, self.keeps_final_board)
        return state

    def data_digest(self) -> str:
        return _DATA

    def previous(self) -> Sequence[Game[Any]]:
        return _KEPT

    def view(self, state: MusouState, viewer: Viewer) -> dict[str, Any]:
        return view(state, viewer)

    def views(self, state: MusouState, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
        return views(state, viewers)

    def inventory(self, state: MusouState) -> Counter[str]:
        return inventory(state)

    def hidden_ids(self, state: MusouState, viewer: Viewer) -> set[str]:
        return hidden_ids(state, viewer)

    def decides_in_secret(self, state: MusouState, seat: int) -> bool:
        secret = decides_in_secret(state, seat)
        return super().decides_in_secret(state, seat) if secret is None else secret

    def order_tags(self, state: MusouState, pending: Pending) -> frozenset[str]:
        tags = super().order_tags(state, pending)
        if pending.kind == "main" and pending.seat != state.active:
            return tags | {THEIR_MAIN}
        return tags

    def outcome(self, state: MusouState) -> Outcome | None:
        if state.stage != "over":
            return None
        winner = 0 if state.wins[0] > state.wins[1] else 1
        who = seat_ref(winner)
        return Outcome((winner,), Text(f"{who.en} won {state.wins[winner]} games.",
                                       f"{who.ja}が{state.wins[winner]}ゲーム先取した。"),
                       {0: state.wins[0], 1: state.wins[1]})

    def turn(self, state: MusouState) -> int:
        return state.turn

    def phase(self, state: MusouState) -> str:
        # A battle's response windows belong to the battle step.
        return f"{state.game_no}:{state.turn}:{'battle' if state.stage == 'respond' else state.stage}"

    def bot_action(self, state: MusouState, seat: int, rng: Rng) -> dict[str, Any]:
        return bot.choose(state, seat, actions.legal(state, seat), rng)

    def describe(self, state: MusouState, seat: int, action: dict[str, Any]) -> Text:
        try:
            actions.check(state, seat, action)
        except Exception:
            return Text(action.get("kind", "?"), action.get("kind", "?"))
        return seat_ref(seat) + Text(": ", "：") + menu.public_label(state, seat, action)

    def card_catalog(self, options: Mapping[str, Any] | None = None) -> Sequence[CardInfo]:
        """The match's card set: the sample set, or a group's own (carried
        inline in the options; a path is read as `options` reads it)."""
        cat = _card_set(str((options or {}).get("cards", SAMPLE)))[1]
        if cat.infos is None:
            cat.infos = tuple(catalog_info(cat))
        return cat.infos


_DATA = files_digest("engine.musou", "data/sample_cards.json", "data/starter_decks.json")

class MusouGame3(MusouGame):
    """musou-3, and musou-2 before its wording changed: the same rules, but the
    match's end cleared the table (gathered every card) before the result."""

    ruleset: ClassVar[str] = "musou-3"
    rewordings: ClassVar[frozenset[str]] = frozenset({"musou-2"})
    keeps_final_board: ClassVar[bool] = False

    def previous(self) -> Sequence[Game[Any]]:
        return ()


_KEPT: tuple[Game[Any], ...] = (MusouGame3(),)
GAME = MusouGame()
