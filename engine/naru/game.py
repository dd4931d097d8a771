"""武将隊戦棋 成る! (Naru): the Game object tying the rules together."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core import (
    Action,
    BadOptions,
    CardInfo,
    Choice,
    Game,
    Outcome,
    Pending,
    Rng,
    RuleError,
    Text,
    Transition,
    UnknownAction,
    Viewer,
    cardfile,
    seat_label,
    seat_ref,
)
from engine.core.cardfile import Loaded
from engine.core.options import check_options, wrong_option
from engine.core.ordertags import Preset
from engine.core.pins import data_digest, files_digest
from engine.core.text import join

from . import bot, choices, legal, opening, promotion, secrecy, summon
from .battle import settled
from .board import parse_square, square_name
from .cards import CARD_FILES, CardDef, CardSet, sample_cards
from .catalog import catalog
from .decks import Starter, deck_counts, deck_from_option, sample_starters
from .effects import battle_tool, keep_effect, use_card
from .inventory import inventory
from .movement import move
from .names import Log, says
from .state import HAND_SIZE, STATE_TYPES, NaruState, Player
from .turn import end_turn, finish_turn
from .units import Defs, card_of, to_jail
from .views import hidden_ids as _hidden_ids
from .views import views as _views

RANDOM = "random"
# The tag of a defender's decision that no battle tool could change (public).
SETTLED = "settled"


class NaruGame(Game[NaruState]):
    id: ClassVar[str] = "naru"
    title: ClassVar[Text] = Text("Naru! (Bushōtai Senki)", "武将隊戦棋 成る!")
    # naru-4: the balanced starter decks (4d91158); naru-3 matches replay with NaruGame3.
    ruleset: ClassVar[str] = "naru-4"
    # The balanced starters first shipped (4d91158) still called naru-3, before
    # matches pinned their data: an unpinned naru-3 match may have either deck set.
    unpinned: ClassVar[Mapping[str, tuple[tuple[str, str], ...]]] = {
        "naru-3": (("naru-3", ""), ("naru-4", "2026-12-01T16:04:52+00:00"))}
    order_presets: ClassVar[Mapping[str, Preset]] = {
        "no-tool": Preset(("battle_tool", "respond"), "match",
                          Text("no battle tool unless you say", "指示するまでバトルツールを使わない")),
        "settled": Preset((SETTLED,), "match",
                          Text("no battle tool when attacked if no tool could change who wins",
                               "攻撃されたとき、どの戦闘どうぐでも勝敗が変わらないなら戦闘どうぐを使わない")),
    }
    # Moves and passes every seat sees whole (a summon or a card may hide what it is).
    premove_kinds: ClassVar[frozenset[str]] = frozenset(
        {"end_turn", "end_summon", "move", "no_tool", "decline", "keep_hand", "mulligan"})
    state_types = STATE_TYPES
    options_example: ClassVar[Mapping[str, Any] | None] = {"decks": ["random", "random"]}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    # A ritual may name any chanter with by=, though the list offers one only
    # when a face-down chanter would be revealed by it.
    optional_args: ClassVar[Mapping[str, frozenset[str]]] = {"ritual": frozenset({"by"})}

    # The sample starters this ruleset deals (older ones are kept under their own name).
    starters_file: ClassVar[str] = "data/starters.json"

    def __init__(self, cards: CardSet | None = None, starters: dict[str, Starter] | None = None) -> None:
        """A group's own card file (and starters) may replace the sample set."""
        self.cards = cards or sample_cards()
        self.starters = starters if starters is not None else sample_starters(self.starters_file)
        self.defs = self.cards.by_key()
        self.own: Loaded[CardSet, dict[str, CardDef]] = Loaded(self.cards, self.defs)
        # Generic names for the starters, in file order: starter-a, starter-b, ...
        self.aliases = {f"starter-{chr(ord('a') + i)}": key for i, key in enumerate(self.starters)}
        self._catalog: list[CardInfo] | None = None
        self._digest = files_digest("engine.naru", "data/sample_cards.json", self.starters_file) \
            if cards is None and starters is None else \
            data_digest([self.cards.model_dump(mode="json"), [s.model_dump(mode="json") for s in self.starters.values()]])

    def data_digest(self) -> str:
        return self._digest

    def previous(self) -> Sequence[Game[Any]]:
        return _KEPT

    def card_catalog(self, options: Mapping[str, Any] | None = None) -> Sequence[CardInfo]:
        """The match's card set: the one this game was built with, or the options' own."""
        text = cardfile.option_text(options or {})
        if text:
            return catalog(self.loaded(text).cards)
        if self._catalog is None:
            self._catalog = catalog(self.cards)
        return self._catalog

    def loaded(self, text: str) -> Loaded[CardSet, dict[str, CardDef]]:
        """The card set a match plays: its options' own (as text), else the game's."""
        if not text:
            return self.own
        try:
            return CARD_FILES.load(text)
        except cardfile.CardFileError as exc:
            raise exc.bad_options() from exc

    def defs_of(self, state: NaruState) -> Defs:
        # Asked on every look at the state: the game's own set without a call.
        return CARD_FILES.load(state.card_set).defs if state.card_set else self.defs

    def _fitting(self, cards: CardSet) -> list[str]:
        """The starters a set can deal (all of them for the game's own set)."""
        return sorted(k for k in self.starters if cards is self.cards or not deck_from_option(k, cards, self.starters)[1])

    # -- options and set-up ------------------------------------------------

    def options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if seats != 2:
            raise BadOptions(Text("Naru is a game for exactly 2 players.", "成る!は2人用です。"))
        takes = Text(f"a list of two decks, each a starter ({', '.join(sorted(self.starters))}), 'random' or a deck list",
                     f"2つのデッキのリスト（それぞれスターター（{'、'.join(sorted(self.starters))}）、random、またはデッキリスト）")
        raw = check_options(raw, self.title, {"decks": takes, cardfile.OPTION: cardfile.TAKES})
        text = cardfile.option_text(raw)
        cards = self.loaded(text).cards
        decks = raw.get("decks", [RANDOM, RANDOM])
        if not isinstance(decks, (list, tuple)) or len(decks) != 2 or not all(isinstance(d, str) for d in decks):
            raise wrong_option("decks", takes)
        decks = [self.aliases.get(d, d) for d in decks]
        problems: list[Text] = []
        for seat, deck in enumerate(decks):
            if deck == RANDOM:
                continue
            _, errors = deck_from_option(deck, cards, self.starters)
            label = seat_label(seat)
            problems += [Text(f"{label.en}: ", f"{label.ja}：") + e for e in errors]
        if problems:
            raise BadOptions(join(problems, Text(" ", "")),
                             Text("Fix the deck list and try again.", "デッキを修正してもう一度どうぞ。"))
        if len(self._fitting(cards)) < 2 and RANDOM in decks:
            raise BadOptions(Text("Not enough starter decks for a random pair.", "ランダムに選ぶスターターが足りません。"))
        return {"decks": list(decks), cardfile.OPTION: text} if text else {"decks": list(decks)}

    def _choose_decks(self, decks: list[str], cards: CardSet, rng: Rng) -> list[dict[str, int]]:
        """'random' picks starters the set can deal, two different ones when both are random."""
        pool = self._fitting(cards)
        chosen: list[str] = []
        for deck in decks:
            if deck == RANDOM:
                free = [d for d in pool if d not in chosen and d not in decks]
                chosen.append(rng.choice(free or pool))
            else:
                chosen.append(deck)
        return [deck_counts(d, cards, self.starters) for d in chosen]

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> NaruState:
        text = str(options.get(cardfile.OPTION, ""))
        own = self.loaded(text)
        counts = self._choose_decks(list(options.get("decks", [RANDOM, RANDOM])), own.cards, rng)
        total = sum(sum(c.values()) for c in counts)
        # Instance ids are a random permutation, so an id says nothing about the card.
        # That shuffle and the decks' draw a word a card at most: made together, near counter 0.
        rng.prefetch(2 * total)
        numbers = rng.shuffled(range(total))
        cards: dict[str, str] = {}
        owner: dict[str, int] = {}
        players: list[Player] = []
        at = 0
        for seat, deck in enumerate(counts):
            keep_card = ""
            rest: list[str] = []
            for key in sorted(deck):
                for _ in range(deck[key]):
                    cid = f"c{numbers[at]}"
                    at += 1
                    cards[cid], owner[cid] = key, seat
                    if own.defs[key].kind == "keep" and not keep_card:
                        keep_card = cid
                    else:
                        rest.append(cid)
            shuffled = rng.shuffled(rest)
            players.append(Player(keep_card, shuffled[HAND_SIZE:], shuffled[:HAND_SIZE]))
        names = [d if d != RANDOM else "random" for d in options.get("decks", [])]
        # Seat 0 stands in as first until both hands are kept (opening.keep_hand).
        return NaruState(cards, owner, players, 0, names, active=0, order_known=False, card_set=own.text)

    # -- flow --------------------------------------------------------------

    def pending(self, state: NaruState) -> tuple[Pending, ...]:
        return legal.pending(state, self.defs_of(state))

    def waiting(self, state: NaruState) -> list[int]:
        return choices.waiting_seats(state)

    def legal_actions(self, state: NaruState, seat: int) -> list[Choice]:
        return legal.legal_actions(state, seat, self.defs_of(state))

    def apply(self, state: NaruState, seat: int, action: Action, rng: Rng) -> Transition[NaruState]:
        s = state.copy()
        kind = action.get("kind")
        logs: list[Text] = []
        self._play(s, seat, action, rng, logs)
        reveals = kind in ("mulligan", "land_swap", "promote_deck", "tool", "ritual", "keep_effect", "move",
                           "equip", "promote", "battle_tool", "end_turn", "discard", "place_keep")
        return Transition(s, tuple(logs), reveals=reveals)

    def apply_owned(self, state: NaruState, seat: int, action: Action, rng: Rng) -> NaruState:
        # Its caller (engine.core.play.owned_steps) has checked that the game waits on `seat`.
        # Nobody reads the log lines, so none is built.
        self._dispatch(state, seat, self._kind(state, action), action, rng, None)
        return state

    def _play(self, s: NaruState, seat: int, action: Action, rng: Rng, log: list[Text]) -> None:
        """Check whose and what kind of action it is, and carry it out on `s`."""
        kind = self._kind(s, action)
        if seat not in choices.waiting_seats(s):
            raise RuleError(Text("It is not your decision now.", "今はあなたの判断ではありません。"),
                            Text("Wait for the seat the game is waiting on.", "相手の判断を待ってください。"))
        self._dispatch(s, seat, kind, action, rng, log)

    @staticmethod
    def _kind(s: NaruState, action: Action) -> str:
        """The action's kind, refused unless the present phase has it."""
        mode = choices.mode(s)
        kind = action.get("kind")
        allowed = choices.MODE_KINDS.get(mode, ())
        if kind not in allowed:
            during = legal.MODE_NAMES.get(mode, Text(mode, mode))
            raise UnknownAction(Text(f"'{kind}' is not possible during {during.en}.", f"{during.ja}に「{kind}」はできません。"),
                                Text("Allowed now: " + ", ".join(allowed) + ".", "今できること：" + "、".join(allowed) + "。"))
        return str(kind)

    def _dispatch(self, s: NaruState, seat: int, kind: str, action: Action, rng: Rng, log: Log) -> None:
        """Carry out an action of `kind` on `s`, writing its log lines to `log` (None: build none).
        The commonest kinds come first: a replay dispatches every action of a log here."""
        defs = self.defs_of(s)
        card = action.get("card")
        if kind == "no_tool":
            battle_tool(s, seat, None, defs, log)
        elif kind == "move":
            move(s, seat, parse_square(action.get("from")), parse_square(action.get("to")), defs, log)
        elif kind == "end_summon":
            s.phase = "action"
            if log is not None:
                log.append(says(seat, "ends the summon phase.", "召喚フェイズを終えた。"))
        elif kind == "end_turn":
            end_turn(s, defs, log)
        elif kind == "summon":
            summon.summon(s, seat, card, parse_square(action.get("at")), defs, log)
        elif kind == "land":
            summon.play_land(s, seat, card, parse_square(action.get("at")), defs, log)
        elif kind == "keep_effect":
            keep_effect(s, seat, parse_square(action.get("at")), defs, rng, log)
        elif kind == "battle_tool":
            battle_tool(s, seat, card if card is not None else "", defs, log)
        elif kind == "keep_hand":
            opening.keep_hand(s, seat, log)
        elif kind == "mulligan":
            opening.mulligan(s, seat, rng, log)
        elif kind == "place_keep":
            opening.place_keep(s, seat, parse_square(action.get("at")), defs, rng, log)
        elif kind == "no_swap":
            opening.no_swap(s, seat, log)
        elif kind == "land_swap":
            opening.land_swap(s, seat, action.get("give"), action.get("take"), defs, rng, log)
        elif kind == "decline":
            promotion.decline(s, seat, log)
        elif kind == "promote":
            promotion.promote_from_hand(s, seat, card, defs, log)
        elif kind == "promote_deck":
            promotion.promote_from_deck(s, seat, defs, rng, log)
        elif kind == "equip":
            summon.equip(s, seat, card, parse_square(action.get("at")), defs, log)
        elif kind in ("tool", "ritual"):
            if isinstance(card, str) and card in s.players[seat].hand and card_of(s, defs, card).kind != kind:
                raise RuleError(Text(f"That card cannot be played with '{kind}'.", f"そのカードは「{kind}」では使えません。"),
                                summon.PLAY_HINT)
            by = parse_square(action.get("by"))
            if action.get("by") is not None and by is None:
                raise RuleError(Text("'by' names the square of the unit chanting the ritual, like by=B2.",
                                     "by には儀式を唱えるユニットのマスを書きます（例：by=B2）。"),
                                Text("Leave it out to let a face-up faith unit chant.",
                                     "表向きの神職ユニットが唱える場合は省略できます。"))
            use_card(s, seat, card, parse_square(action.get("at")), defs, rng, by, log)
        elif kind == "discard":
            self._discard(s, seat, card, defs, log)
        else:
            raise UnknownAction(Text(f"Unknown action '{kind}'.", f"不明な行動「{kind}」。"))

    @staticmethod
    def _discard(s: NaruState, seat: int, card: object, defs: Defs, log: Log) -> None:
        hand = s.players[seat].hand
        if not isinstance(card, str) or card not in hand:
            raise RuleError(Text("That card is not in your hand.", "そのカードは手札にありません。"),
                            Text(f"Discard one of your hand cards (card=<id>) until you hold {HAND_SIZE}.",
                                 f"手札が{HAND_SIZE}枚になるまで手札のカードを捨ててください（card=ID）。"))
        hand.remove(card)
        to_jail(s, card)
        if log is not None:
            name = card_of(s, defs, card).name
            log.append(says(seat, f"discards {name.en} (to jail).", f"{name.ja}を捨てた（牢屋へ）。"))
        if len(hand) <= HAND_SIZE:
            finish_turn(s, defs, log)

    # -- views and results -------------------------------------------------

    def view(self, state: NaruState, viewer: Viewer) -> dict[str, Any]:
        return self.views(state, [viewer])[0]

    def views(self, state: NaruState, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
        own = self.loaded(state.card_set)
        title = {"en": own.cards.name_en, "ja": own.cards.name_ja, "sample": "yes" if own.cards.sample else "no"}
        return _views(state, own.defs, viewers, title)

    def inventory(self, state: NaruState) -> Counter[str]:
        return inventory(state)

    def hidden_ids(self, state: NaruState, viewer: Viewer) -> set[str]:
        return _hidden_ids(state, viewer)

    def outcome(self, state: NaruState) -> Outcome | None:
        if state.phase != "over" or state.winner is None:
            return None
        return Outcome((state.winner,), Text(state.reason_en, state.reason_ja),
                       {i: p.life for i, p in enumerate(state.players)})

    def turn(self, state: NaruState) -> int:
        return state.turn

    def phase(self, state: NaruState) -> str:
        return f"{state.turn}:{state.phase}"

    def order_tags(self, state: NaruState, pending: Pending) -> frozenset[str]:
        tags = super().order_tags(state, pending)
        if pending.kind == "respond" and settled(state, self.defs_of(state)):
            return tags | {SETTLED}
        return tags

    def decides_in_secret(self, state: NaruState, seat: int) -> bool:
        secret = secrecy.decides_in_secret(state, seat, self.defs_of(state))
        return super().decides_in_secret(state, seat) if secret is None else secret

    def bot_action(self, state: NaruState, seat: int, rng: Rng) -> Action:
        return bot.choose(state, seat, self.legal_actions(state, seat), rng)

    def describe(self, state: NaruState, seat: int, action: Action) -> Text:
        """Public: never names a face-down commoner or a card going back into the deck."""
        kind = action.get("kind")
        card = action.get("card")
        if kind == "summon" and isinstance(card, str) and card in state.cards \
                and card_of(state, self.defs_of(state), card).kind == "commoner":
            return says(seat, f"places a face-down commoner on {action.get('at')}.",
                        f"{action.get('at')}に平民を裏向きで配置する。")
        if kind == "land_swap":
            land = self.defs_of(state).get(str(action.get("take")))
            name = land.name if land else Text("a land", "土地")
            return says(seat, f"pays 1 to swap a hand card for {name.en}.", f"リソース1で手札1枚と{name.ja}を入れ替える。")
        if kind == "mulligan":
            return says(seat, "mulligans.", "マリガンする。")
        if kind == "keep_hand":
            return says(seat, "keeps their hand.", "手札を確定する。")
        if kind == "place_keep":
            return says(seat, "places their keep (hidden until both are placed).",
                        "天守閣を配置する（両者がそろうまで非公開）。")
        label = super().describe(state, seat, action)
        who = seat_ref(seat)
        return Text(f"{who.en}: {label.en}", f"{who.ja}：{label.ja}")


class NaruGame3(NaruGame):
    """naru-3, and naru-2 before its wording changed: the same rules with the
    starter decks as they were before they were balanced (commit 4d91158)."""

    ruleset: ClassVar[str] = "naru-3"
    rewordings: ClassVar[frozenset[str]] = frozenset({"naru-2"})
    starters_file: ClassVar[str] = "data/starters-naru-3.json"

    def previous(self) -> Sequence[Game[Any]]:
        return ()


# Built at import, like the current game: reading their data is no part of a rule.
_KEPT: tuple[Game[Any], ...] = (NaruGame3(),)
GAME = NaruGame()


def hidden_ids(state: NaruState, viewer: Viewer) -> set[str]:
    return _hidden_ids(state, viewer)


__all__ = ["GAME", "NaruGame", "NaruGame3", "hidden_ids", "square_name"]
