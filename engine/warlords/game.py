"""Warlords TCG, scenario 2 "Glory Road": the Game object."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar

from engine.core import (
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
from engine.core.pins import files_digest
from engine.core.text import echo

from . import bot, calamities, legal, moves, prompts, ruins, view
from .cards import CARD_FILES, CardDefs, CardSet, catalogue, sample
from .catalog import card_catalog
from .combat import assign, battle, side_values
from .decks import deck_errors, import_deck, starter, starter_ids
from .labels import read_typed
from .opening import deal, do_pick, options_decks, pick_ok
from .removal import legal_assignment, strip_for_terrain
from .stacks import castle_combat, glory, stack_combat, stack_state
from .state import (
    STATE_TYPES,
    WState,
    all_zones,
    copy_state,
    find_castle,
    find_stack,
    name,
    order_from,
    rec,
    to_discard,
)
from .turns import end_turn, settle, start_turn
from .words import names_and, piece, their

Action = dict[str, Any]
PLAY: dict[str, Callable[..., None]] = {
    "deploy": moves.do_deploy, "march": moves.do_march, "recall": moves.do_recall, "clear": moves.do_clear,
    "explore": moves.do_explore, "terrain": moves.do_terrain, "weather": moves.do_weather, "sell": moves.do_sell,
}
PLAY_RNG: dict[str, Callable[..., None]] = {
    "attack": moves.do_attack, "play": moves.do_play, "calamity": moves.do_calamity, "cast": moves.do_cast,
}

# Each action of the action step: its check, its executor, and whether that draws. One look-up an action.
MOVES: dict[Any, tuple[Callable[..., None], Callable[..., None], bool]] = {
    kind: (check, PLAY_RNG[kind] if kind in PLAY_RNG else PLAY[kind], kind in PLAY_RNG)
    for kind, check in legal.CHECKS.items()
}


def _unknown(kind: Any, allowed: list[str]) -> UnknownAction:
    return UnknownAction(Text(f"'{kind}' is not an action now.", f"「{kind}」は今できる行動ではありません。"),
                         Text("Allowed: " + ", ".join(allowed) + ".", "可能：" + "、".join(allowed) + "。"))


OPTIONS = {
    cardfile.OPTION: cardfile.TAKES,
    "decks": Text("starter deck ids, as a list or comma-separated (a shorter list is repeated round the table)",
                  "スターターデッキのID（リストかカンマ区切り。席より少なければ繰り返します）"),
    "deck_lists": Text("deck lists as text, one per seat (a shorter list is repeated round the table)",
                       "デッキリストの文字列を席ごとに（席より少なければ繰り返します）"),
    "decks_cards": Text("decks as card counts: one {\"card id\": copies} object per seat",
                        "カード枚数で書いたデッキ：席ごとに {\"カードID\": 枚数} のオブジェクト"),
}


def _words(raw: Mapping[str, Any], name: str, default: list[str]) -> list[str]:
    """An option that lists texts: a list of strings, or one string (from
    Discord's key=value, where a list is written comma-separated)."""
    value = raw.get(name, default)
    if isinstance(value, str):
        value = [value] if name == "deck_lists" else [w for w in value.split(",") if w]
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        raise wrong_option(name, OPTIONS[name])
    return value


def _is_counts(deck: Any) -> bool:
    return isinstance(deck, Mapping) and all(isinstance(k, str) and isinstance(n, int) and not isinstance(n, bool)
                                             for k, n in deck.items())


def _cycle(items: list[Any], n: int) -> list[Any]:
    return [items[i % len(items)] for i in range(n)] if items else []


def _revealed(before: WState, after: WState) -> bool:
    """A draw, a check or a card leaving a hand turns up hidden information."""
    if any(a.deck != b.deck for a, b in zip(before.players, after.players, strict=True)):
        return True
    hidden_before = {i for p in before.players for i in p.hand}
    hidden_after = {i for p in after.players for i in p.hand}
    return bool(hidden_before - hidden_after)


def _loaded(text: str) -> Loaded[CardSet, CardDefs]:
    """The card set a match plays: the options' own, else the sample."""
    if not text:
        return Loaded(sample(), catalogue())
    try:
        return CARD_FILES.load(text)
    except cardfile.CardFileError as exc:
        raise exc.bad_options() from exc


class Warlords(Game[WState]):
    id: ClassVar[str] = "warlords"
    title: ClassVar[Text] = Text("Warlords TCG: Glory Road", "Warlords TCG：シナリオ2 グローリーロード")
    ruleset: ClassVar[str] = "warlords-2"
    rewordings: ClassVar[frozenset[str]] = frozenset({"warlords-1"})
    order_presets: ClassVar[Mapping[str, Preset]] = {
        "no-obstruct": Preset(("obstruct",), "match", Text("never obstruct an exploration",
                                                            "他のプレイヤーの探索を妨害しない")),
    }
    state_types = STATE_TYPES
    options_example: ClassVar[Mapping[str, Any] | None] = {"decks": ["elvallie", "horse_lords"]}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    list_args: ClassVar[frozenset[str]] = frozenset({"cards", "stacks", "units"})
    # Arguments the menus may leave out: a deployment's place, a campaign's or a
    # card's target, and either way of naming interceptors (one stack, or a list).
    optional_args: ClassVar[Mapping[str, frozenset[str]]] = {
        "deploy": frozenset({"to"}), "march": frozenset({"target"}), "play": frozenset({"target"}),
        "intercept": frozenset({"stack", "stacks"}),
    }

    def parse_action(self, text: str) -> Action:
        return read_typed(super().parse_action(text))

    def card_catalog(self, options: Mapping[str, Any] | None = None) -> Sequence[CardInfo]:
        """The match's card set: the sample, or the options' own."""
        text = cardfile.option_text(options or {})
        return card_catalog(_loaded(text).cards) if text else card_catalog()

    def options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if not self.min_seats <= seats <= self.max_seats:
            raise BadOptions(Text("Warlords needs 2-8 players.", "Warlordsは2～8人用です。"))
        raw = check_options(raw, self.title, OPTIONS)
        text = cardfile.option_text(raw)
        defs = _loaded(text).defs
        out: dict[str, Any] = {cardfile.OPTION: text} if text else {}
        if "decks_cards" in raw:  # options already validated once (idempotent)
            cards = raw["decks_cards"]
            if not isinstance(cards, list) or not all(_is_counts(d) for d in cards):
                raise wrong_option("decks_cards", OPTIONS["decks_cards"])
            if len(cards) < seats or any(deck_errors(d, defs) for d in cards):
                raise BadOptions(Text("A deck is not legal.", "デッキが規定に合いません。"))
            return {**out, "decks_cards": [dict(d) for d in cards[:seats]], "decks": _words(raw, "decks", [])[:seats]}
        if "deck_lists" in raw:
            # A shorter list is repeated round the table; a longer one is cut to the seats.
            lists = _cycle(_words(raw, "deck_lists", []), seats)
            if not lists:
                raise BadOptions(Text("Give at least one deck list.", "デッキリストを1つ以上指定してください。"))
            decks: list[dict[str, int]] = []
            for i, deck_text in enumerate(lists):
                counts, errors = import_deck(deck_text, defs)
                if errors:
                    raise BadOptions(Text(f"Deck {i + 1}: ", f"デッキ{i + 1}：") + errors[0],
                                     Text(" ".join(e.en for e in errors[1:]), "".join(e.ja for e in errors[1:])))
                decks.append(counts)
            out["decks_cards"] = decks
            out["decks"] = [f"custom{i + 1}" for i in range(seats)]
            return out
        names = _cycle(_words(raw, "decks", options_decks(seats)), seats)
        if not names:
            raise BadOptions(Text("Give at least one starter deck.", "スターターデッキを1つ以上指定してください。"))
        for deck_id in names:
            if deck_id not in starter_ids():
                raise BadOptions(Text(f"Unknown starter deck '{echo(deck_id)}'.", f"不明なスターターデッキ「{echo(deck_id)}」。"),
                                 Text("Starters: " + ", ".join(starter_ids()) + ".", "スターター：" + "、".join(starter_ids()) + "。"))
            if text and deck_errors(starter(deck_id), defs):
                raise BadOptions(Text(f"The starter deck '{deck_id}' has cards this card set lacks.",
                                      f"スターターデッキ「{deck_id}」には、このカードセットにないカードがあります。"),
                                 Text("Give deck lists (deck_lists) of the set's cards.",
                                      "このセットのカードでデッキリスト（deck_lists）を指定してください。"))
        out["decks"] = names
        return out

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> WState:
        options = self.options(options or {}, seats)
        return deal(seats, options, rng, _loaded(options.get(cardfile.OPTION, "")).text)

    # --- whose decision -------------------------------------------------------

    def pending(self, state: WState) -> tuple[Pending, ...]:
        s = state
        if s.phase == "over":
            return ()
        if s.phase == "direction":
            return (Pending(s.first, "direction", prompts.direction()),)
        if s.phase == "pick":
            # Every player still to pick, ranked: only the first (order 0) may pick now.
            return tuple(Pending(seat, "setup", prompts.setup(s, k), order=k) for k, seat in enumerate(s.pick_queue))
        d = s.decision
        if d is not None:
            if d.kind == "losses":  # independent choices: either side may answer first
                return tuple(Pending(seat, d.kind, prompts.decision(s, d, seat)) for seat in d.seats)
            return tuple(Pending(seat, d.kind, prompts.decision(s, d, seat), order=k) for k, seat in enumerate(d.seats))
        return (Pending(s.active, "turn", prompts.turn(s)),)

    def waiting(self, state: WState) -> Collection[int]:
        s = state
        if s.phase == "over":
            return ()
        if s.phase == "direction":
            return (s.first,)
        if s.phase == "pick":
            return s.pick_queue
        return s.decision.seats if s.decision is not None else (s.active,)

    def legal_actions(self, state: WState, seat: int) -> list[Choice]:
        s = state
        if s.phase == "over":
            return []
        if s.phase in ("direction", "pick"):
            if s.phase == "pick" and s.pick_queue[:1] != [seat]:
                return []  # a later picker waits: what is left depends on the earlier picks
            return legal.setup_choices(s, seat)
        if s.decision is not None:
            return legal.decision_choices(s, seat)
        if seat != s.active:
            return []
        return legal.play_choices(s, seat)

    def default_action(self, state: WState, seat: int) -> Action:
        choices = self.legal_actions(state, seat)
        return choices[0].action if choices else {"kind": "pass"}

    def bot_action(self, state: WState, seat: int, rng: Rng) -> Action:
        choices = self.legal_actions(state, seat)
        if not choices:
            return {"kind": "pass"}
        active = state.phase == "play" and state.decision is None
        return bot.choose(choices, rng, active, lambda c: attack_odds(state, c.action)).action

    # --- apply ----------------------------------------------------------------

    def apply(self, state: WState, seat: int, action: Action, rng: Rng) -> Transition[WState]:
        s = copy_state(state)
        log: list[Text] = []
        self._play(s, seat, action, rng, log)
        return Transition(s, tuple(log), reveals=_revealed(state, s))

    def _play(self, state: WState, seat: int, action: Action, rng: Rng, log: list[Text] | None = None) -> WState:
        """`action` played on `state` itself, which it returns; log lines only when asked for."""
        s, kind = state, action.get("kind")
        if s.phase == "over":
            raise RuleError(Text("The game is over.", "ゲームは終了しています。"))
        if s.phase == "direction":
            self._direction(s, seat, action, log)
        elif s.phase == "pick":
            self._pick(s, seat, action, rng, log)
        elif s.decision is not None:
            self._respond(s, seat, action, rng, log)
            settle(s, rng, log)
        else:
            if seat != s.active:
                raise RuleError(Text("It is not your turn.", "あなたの手番ではありません。"))
            if kind == "end":
                if log is not None:
                    log.append(seat_ref(seat) + Text(" ends their turn.", "は手番を終えた。"))
                end_turn(s, rng, log)
            elif (move := MOVES.get(kind)) is not None:
                check, do, draws = move
                check(s, seat, action)
                if draws:
                    do(s, seat, action, rng, log)
                else:
                    do(s, seat, action, log)
            else:
                raise _unknown(kind, ["end", *sorted(legal.CHECKS)])
            settle(s, rng, log)
        return s

    # The state played on in place, without log lines (nobody reads them): `_play` itself, not a
    # call of it, since a replay plays every action of a match through it.
    apply_owned = _play

    def _direction(self, s: WState, seat: int, a: Action, log: list[Text] | None) -> None:
        if a.get("kind") != "direction" or a.get("dir") not in ("cw", "ccw"):
            raise _unknown(a.get("kind"), ["direction dir=cw", "direction dir=ccw"])
        s.direction = 1 if a["dir"] == "cw" else -1
        s.phase = "pick"
        s.pick_queue = order_from(s, s.first)
        if log is not None:
            log.append(seat_ref(seat) + Text(" goes first and plays " + ("clockwise." if s.direction == 1 else "counter-clockwise."),
                                             "が最初のプレイヤーで、" + ("時計回り" if s.direction == 1 else "反時計回り") + "に進める。"))

    def _pick(self, s: WState, seat: int, a: Action, rng: Rng, log: list[Text] | None) -> None:
        if a.get("kind") != "pick":
            raise _unknown(a.get("kind"), ["pick castle=<id> hero=<id>"])
        if seat != s.pick_queue[0]:
            raise RuleError(Text("Set-up goes in turn order: it is not your pick yet.",
                                 "セットアップは手番順に行います。まだあなたの番ではありません。"),
                            Text(f"Wait for {seat_label(s.pick_queue[0]).en}.", f"{seat_label(s.pick_queue[0]).ja}を待ってください。"))
        for key, kind in (("castle", "castle"), ("hero", "hero")):
            if not pick_ok(s, seat, kind, a.get(key)):
                raise RuleError(Text(f"Pick a {kind} from your deck that is not in play.",
                                     f"場に出ていない{'城砦' if kind == 'castle' else '英雄'}カードをデッキから選んでください。"),
                                Text("See your list of choices.", "選択肢の一覧を見てください。"))
        do_pick(s, seat, a["castle"], a["hero"], rng, log)
        s.pick_queue.pop(0)
        if not s.pick_queue:
            s.phase = "play"
            s.active = s.first
            s.turn = 0
            start_turn(s, rng, log)
            settle(s, rng, log)

    def _respond(self, s: WState, seat: int, a: Action, rng: Rng, log: list[Text] | None) -> None:
        d = s.decision
        assert d is not None
        early_pass = d.kind == "obstruct" and a.get("kind") == "pass" and seat in d.seats
        either = d.kind == "losses" and seat in d.seats  # both sides assign independently
        if not early_pass and not either and (not d.seats or d.seats[0] != seat):
            raise RuleError(Text("Others answer before you.", "あなたより先に答える人がいます。"),
                            Text(f"Wait for {seat_label(d.seats[0]).en}.", f"{seat_label(d.seats[0]).ja}を待ってください。"))
        kind = a.get("kind")
        if d.kind == "intercept":
            if kind != "intercept":
                raise _unknown(kind, ["intercept stack=none", "intercept stacks=<id>[,<id>...]"])
            chosen = intercept_choice(a)
            eligible = moves.interceptors(s, d.stack, d.target)
            if chosen is None or any(c not in eligible for c in chosen):
                raise RuleError(Text("Those stacks cannot intercept.", "そのスタックは迎撃できません。"),
                                Text("Name each of your patrolling stacks that intercepts, once (flying ones against a "
                                     "flying attack), or stack=none. Eligible: ", "迎撃する哨戒中のスタック（飛行攻撃には飛行"
                                     "スタック）を重複なく指定するか、stack=none。候補：") + Text(", ".join(eligible) or "-",
                                                                                             "、".join(eligible) or "なし"))
            s.decision = None
            if not chosen:
                if log is not None:
                    log.append(seat_ref(seat) + Text(" does not intercept.", "は迎撃しない。"))
                battle(s, rng, d.actor, d.stack, d.target, d.bonus, log)
                return
            if log is not None:
                log.append(seat_ref(seat) + Text(" intercepts with ", "は") + names_and([their(s, sid) for sid in chosen])
                           + Text(", which fight instead of the target" + (", one after another." if len(chosen) > 1 else "."),
                                  "で迎撃する（目標の代わりに" + ("順に" if len(chosen) > 1 else "") + "戦う）。"))
            battle(s, rng, d.actor, d.stack, chosen[0], d.bonus, log, chosen[1:])
        elif d.kind == "losses":
            if kind != "assign":
                raise _unknown(kind, ["assign units=<id>[,<id>...]"])
            values, loss = side_values(s, seat)
            units = a.get("units")
            if not isinstance(units, list) or not all(isinstance(u, str) for u in units) \
                    or not legal_assignment(values, loss, [str(u) for u in units]):
                raise RuleError(Text(f"That does not assign the loss of {loss}.", f"それでは損失{loss}を割り振れません。"),
                                Text("Name armies/allies that together cover the whole loss, each of them needed "
                                     "(all of them if they cannot cover it); see your list of choices.",
                                     "合計で損失全体を満たす軍隊・味方を、不要なものを含めずに指定してください"
                                     "（満たせない場合は全員）。選択肢の一覧を見てください。"))
            assign(s, rng, seat, [str(u) for u in units], log)
        elif d.kind == "obstruct":
            if kind == "pass":
                ruins.decline(s, seat, log)
            elif kind == "obstruct":
                iid = a.get("card")
                if iid not in s.players[seat].hand or rec(s, iid).type not in ruins.OBSTRUCTION_TYPES:
                    raise RuleError(Text("Obstruct with a terrain, weather, calamity or spell card from your hand.",
                                         "手札の地形・天候・災害・呪文カードで妨害してください。"))
                ruins.obstruct(s, rng, seat, iid, log)
            else:
                raise _unknown(kind, ["pass", "obstruct card=<id>"])
        elif d.kind == "terrain_response":
            if kind == "pass":
                s.decision = None
                hit = find_stack(s, d.stack)
                if hit is not None and hit[1].terrain == d.target:
                    strip_for_terrain(s, hit[1])
                    if log is not None:
                        log.append(seat_ref(seat) + Text(" lets ", "は") + name(s, d.target) + Text(" stand on ", "を")
                                   + their(s, d.stack) + Text(": its March and fleet cards are removed.",
                                                              "で受け入れた：行軍・艦隊カードは外れた。"))
            elif kind == "cancel":
                iid = a.get("card")
                if iid not in s.players[seat].hand or not rec(s, iid).march:
                    raise RuleError(Text("Cancel terrain with a March card from your hand.",
                                         "手札の行軍カードで地形を打ち消してください。"))
                found = find_stack(s, d.stack)
                s.decision = None
                s.players[seat].hand.remove(iid)
                to_discard(s, iid)
                if found is not None and found[1].terrain == d.target:
                    found[1].terrain = None
                    to_discard(s, d.target)
                if log is not None:
                    log.append(seat_ref(seat) + Text(" cancels ", "は") + name(s, d.target)
                               + Text(" at once with a March card: it has no effect.", "を即座に行軍カードで打ち消した（効果なし）。"))
            else:
                raise _unknown(kind, ["pass", "cancel card=<id>"])
        elif d.kind == "redirect":
            target = str(a.get("target"))
            spec = rec(s, d.calamity).calamity
            assert spec is not None
            if kind != "redirect" or target not in calamities.targets_of(s, seat, spec.target):
                raise RuleError(Text("Move the calamity to one of your own targets.", "災害を自分の対象のいずれかに移してください。"))
            s.decision = None
            if log is not None:
                log.append(seat_ref(seat) + Text(" turns ", "は") + name(s, d.calamity) + Text(" onto ", "を")
                           + their(s, target) + Text(" for its next check.", "に向けた（次の判定）。"))
            calamities.resolve(s, rng, d.calamity, seat, target, log, checks=d.checks)
        elif d.kind == "switch":
            target = str(a.get("target"))
            if kind != "switch" or target not in calamities.switch_targets(s, d.calamity, seat):
                raise RuleError(Text("Switch the calamity to another player's target.",
                                     "災害を他のプレイヤーの対象に移してください。"))
            s.decision = None
            found = find_stack(s, target)
            victim = found[0] if found is not None else self._castle_owner(s, target)
            if log is not None:
                log.append(seat_ref(seat) + Text(" switches ", "は") + name(s, d.calamity) + Text(" to ", "を")
                           + piece(s, target) + Text(".", "に移した。"))
            calamities.resolve(s, rng, d.calamity, victim, target, log, checks=d.checks)

    @staticmethod
    def _castle_owner(s: WState, cid: str) -> int:
        found = find_castle(s, cid)
        assert found is not None
        return found[0]

    # --- views and results --------------------------------------------------------

    def data_digest(self) -> str:
        return _DATA

    def view(self, state: WState, viewer: Viewer) -> dict[str, Any]:
        return view.build(state, viewer)

    def views(self, state: WState, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
        return view.build_all(state, viewers)

    def inventory(self, state: WState) -> Counter[str]:
        return Counter(all_zones(state))

    def hidden_ids(self, state: WState, viewer: Viewer) -> set[str]:
        return view.hidden_ids(state, viewer)

    def outcome(self, state: WState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {i: glory(state, p) for i, p in enumerate(state.players)}
        reason = (Text("Last player standing.", "最後まで残ったプレイヤー。") if state.end_reason == "last"
                  else Text("Everyone drew Time Passes: highest revenue (treasure excluded).",
                            "全員がゲーム終了カードを引いた：財宝を除く収益が最大。"))
        return Outcome(tuple(state.winners), reason, scores)

    def turn(self, state: WState) -> int:
        return state.turn


def attack_odds(s: WState, a: Action) -> int:
    """For the bot: attacker total minus defender total; for a deployment, how useful it is."""
    if a["kind"] == "deploy":
        to = str(a.get("to", ""))
        castle = find_castle(s, to)
        if castle is not None and rec(s, a["card"]).type == "army":
            return 10 if not castle[1].garrison else 2
        stack = find_stack(s, to)
        return 5 if stack is not None and stack_state(stack[1]) in ("campaign", "besieging") else 0
    if a["kind"] != "attack":
        return 0
    att = find_stack(s, a.get("stack", ""))
    if att is None:
        return 0
    mine = stack_combat(s, att[1]) + sum(rec(s, c).battle or 0 for c in a.get("cards", []))
    castle = find_castle(s, a.get("target", ""))
    if castle is not None:
        return 99 if not castle[1].garrison else mine - castle_combat(s, castle[1])
    other = find_stack(s, a.get("target", ""))
    return mine - stack_combat(s, other[1]) if other is not None else 0


def intercept_choice(a: Action) -> list[str] | None:
    """The interceptors named by an intercept action, in order ([] for none; None if malformed)."""
    if "stacks" in a:
        raw = a["stacks"]
        if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw) or len(set(raw)) != len(raw):
            return None
        return [str(x) for x in raw] if raw != ["none"] else []
    one = a.get("stack")
    if not isinstance(one, str):
        return None
    return [] if one == "none" else [one]


_DATA = files_digest("engine.warlords", "data/cards.json", "data/rules.json", "data/starters.json")

GAME = Warlords()


def hidden_ids(state: WState, viewer: Viewer) -> set[str]:
    return view.hidden_ids(state, viewer)
