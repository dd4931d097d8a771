"""Quarriors as a `Game`: who is waited on, the legal actions, applying one,
the views, the outcome and the bots."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core import (
    BadOptions,
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
    seat_ref,
)
from engine.core.cardinfo import CardInfo
from engine.core.options import check_options, wrong_option
from engine.core.pins import data_digest, files_digest
from engine.core.statecodec import StateCodec

from . import attack
from .asks import CAPTURE as CAPTURE_PROMPT
from .asks import STATIC, defend, question
from .asks import TURN as TURN_PROMPT
from .bot import choose
from .cards import CardSet, base_set, card_form
from .catalog import catalog
from .flow import advance, start_turn
from .labels import action_group, action_label
from .narrate import ROLLS, action_line, rolled
from .noop import changes_nothing
from .prompts import RESPOND, apply_prompt
from .prompts import candidates as prompt_candidates
from .setup import build, check_choice
from .spells import cast, check_cast
from .state import ATTACK, CAPTURE, MAIN, OVER, STATE_FORM, QState, copy_state, zones
from .turn import RULES, apply_turn
from .turn import candidates as turn_candidates
from .view import view, views

Action = dict[str, Any]

# Pending records are immutable, so those whose prompt says the same every time
# are built once and shared (the framework asks before every action: a table
# lookup, not a cached call). An attack's prompts name who attacks with what,
# so they are written when asked.
_SEATS = range(4)  # Quarriors.max_seats
_BY_PROMPT = {(seat, what): (Pending(seat, "choose", text),) for seat in _SEATS for what, text in STATIC.items()}
_TURN = tuple((Pending(seat, "turn", TURN_PROMPT),) for seat in _SEATS)
_CAPTURE = tuple((Pending(seat, "turn", CAPTURE_PROMPT),) for seat in _SEATS)
_ONE = tuple((seat,) for seat in _SEATS)
_QUIET = (MAIN, CAPTURE)  # steps a player acts in, where `advance` runs nothing by itself


OPTIONS = {"cards": Text("the card ids of 7 creatures and 3 spells, as a list or comma-separated",
                         "モンスター7枚と魔法3枚のカードID（リストかカンマ区切り）")}

class Quarriors(Game[QState]):
    id: ClassVar[str] = "quarriors"
    title: ClassVar[Text] = Text("Quarriors", "クォーリアーズ")
    # quarriors-3: log lines in the plain form the other games use (no rule changed).
    ruleset: ClassVar[str] = "quarriors-3"
    rewordings: ClassVar[frozenset[str]] = frozenset({"quarriors-2", "quarriors-1"})
    options_example: ClassVar[Mapping[str, Any] | None] = {
        "cards": "deathdealer,defender_of_the_pale,devotee_of_the_holy_query,ghostly_spirit,primordial_ooze,"
                 "quake_dragon,warrior_of_the_quay,death_cantrip,growth_cantrip,life_spell"}
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    list_args: ClassVar[frozenset[str]] = frozenset({"others", "pay"})
    # Which dice pay is the player's to name (menus list only a few mixes).
    optional_args: ClassVar[Mapping[str, frozenset[str]]] = {"summon": frozenset({"pay"}),
                                                             "capture": frozenset({"pay"})}

    def __init__(self, cardset: CardSet | None = None) -> None:
        self.cardset = cardset or base_set()
        self._digest = files_digest("engine.quarriors", "data/base.json") if cardset is None \
            else data_digest(repr(cardset))
        self._codec = StateCodec((STATE_FORM, card_form(self.cardset)))

    def state_codec(self) -> StateCodec:
        return self._codec

    def data_digest(self) -> str:
        return self._digest

    def options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if not self.min_seats <= seats <= self.max_seats:
            raise BadOptions(Text("Quarriors needs 2-4 players.", "クォーリアーズは2〜4人用です。"))
        chosen = check_options(raw, self.title, OPTIONS).get("cards", [])
        if isinstance(chosen, str):
            chosen = [c for c in chosen.split(",") if c]
        if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
            raise wrong_option("cards", OPTIONS["cards"])
        return {"cards": check_choice(self.cardset, chosen)} if chosen else {}

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> QState:
        s = build(self.cardset, seats, options, rng)
        s.notes = None  # the set-up has no log: the first turn's lines are not written (QState.notes)
        start_turn(s, rng)
        advance(s, rng)
        s.notes = ()
        return s

    # -- who decides ---------------------------------------------------------------------------
    def pending(self, state: QState) -> tuple[Pending, ...]:
        s = state
        if s.prompts:
            pr = s.prompts[0]
            shared = _BY_PROMPT.get((pr[1], pr[0]))
            if shared is not None:
                return shared
            return (Pending(pr[1], "respond" if pr[0] in RESPOND else "choose", question(s, pr)),)
        step = s.step
        if step == MAIN:
            return _TURN[s.active]
        if step == CAPTURE:
            return _CAPTURE[s.active]
        if step == ATTACK:
            return (Pending(s.defenders[0], "defend", defend(s)),)
        return ()  # over

    def waiting(self, state: QState) -> tuple[int, ...]:
        # `_seat`, inline, answered with a shared tuple: the framework asks before every action
        if state.prompts:
            return _ONE[state.prompts[0][1]]
        step = state.step
        if step == ATTACK:
            return _ONE[state.defenders[0]]
        return _ONE[state.active] if step != OVER else ()

    def _seat(self, s: QState) -> int:
        if s.prompts:
            return int(s.prompts[0][1])
        if s.step == ATTACK:
            return s.defenders[0]
        return s.active

    def raw_actions(self, s: QState, seat: int, menu: bool = False) -> list[Action]:
        """The actions the rules accept now (`menu`: as `legal_actions` lists them, see
        `turn.candidates`; the random bot draws among them all)."""
        if s.step == OVER or seat != self._seat(s):
            return []
        if s.prompts:
            return [a for a in prompt_candidates(s, s.prompts[0]) if not changes_nothing(s, a)]
        if s.step == ATTACK:
            return ([{"kind": "absorb", "die": d} for d in attack.candidates(s, seat)]
                    + [{"kind": "cast", "die": sp} for sp in attack.guard_spells(s, seat, mid=True)])
        out = []
        for a in turn_candidates(s, seat, menu=menu):
            try:
                RULES[a["kind"]][0](s, seat, a)
            except RuleError:
                continue
            if not changes_nothing(s, a):
                out.append(a)
        return out

    def legal_actions(self, state: QState, seat: int) -> list[Choice]:
        s = state
        # The turn's menu can run to dozens of choices: staged by the die (or card) each is about.
        staged = not s.prompts and s.step in (MAIN, CAPTURE)
        return [Choice(a, action_label(s, a), action_group(s, a) if staged else None)
                for a in self.raw_actions(s, seat, menu=True)]

    def card_catalog(self, options: Mapping[str, Any] | None = None) -> list[CardInfo]:
        chosen = (options or {}).get("cards")
        if isinstance(chosen, str):
            chosen = [c for c in chosen.split(",") if c]
        return catalog(self.cardset, list(chosen) if chosen else None)

    # -- applying ------------------------------------------------------------------------------
    def apply(self, state: QState, seat: int, action: dict[str, Any], rng: Rng) -> Transition[QState]:
        self._check_seat(state, seat)
        s = copy_state(state)
        try:
            self._dispatch(s, seat, action, rng)
        except RuleError as e:
            if e.allowed is not None:
                raise
            raise type(e)(e.what, self._allowed_now(state, seat)) from None
        advance(s, rng)
        # The notes say what the rules then did on their own (attack results, losses,
        # scoring, the next turn's roll); the action's own line comes first. With
        # neither, the log is left empty and the match log records `describe`, the
        # same line, so replays build no text for most actions.
        log = s.notes or ()
        if log:
            s.notes = ()
        kind = action.get("kind")
        result = rolled(state, s, seat, action) if kind in ROLLS else None
        if result is not None or (log and kind != "absorb"):  # an absorb's note names the defender itself
            line = action_line(state, seat, action)
            log = (line + result if result is not None else line, *log)
        return Transition(s, log)

    def apply_owned(self, state: QState, seat: int, action: dict[str, Any], rng: Rng) -> QState:
        # Its caller (engine.core.play.owned_steps) has checked that the game waits on `seat`,
        # so the game is not over either. A refusal's hint is left out: the caller replays
        # purely to report it. No log lines are written (QState.notes).
        state.notes = None
        if state.prompts or state.step == ATTACK:
            self._dispatch(state, seat, action, rng)
        else:  # `_dispatch` and `apply_turn`, inline: most actions of a replay are the turn's own
            rule = RULES.get(action["kind"])
            if rule is None:
                apply_turn(state, seat, action, rng)  # which refuses it
            else:
                rule[1](state, seat, action, rng, rule[0](state, seat, action))
        # `advance`'s own checks, first: in the turn's own steps, with nothing queued and no
        # ooze to sweep, it has nothing to do (after a summon or a capture, say)
        if state.prompts or state.has_ooze or state.step not in _QUIET:
            advance(state, rng)
        state.notes = ()
        return state

    def _check_seat(self, state: QState, seat: int) -> None:
        if state.step == OVER:
            raise RuleError(Text("The game is over.", "ゲームは終了しています。"))
        if seat != self._seat(state):
            raise RuleError(Text("It is not your decision now.", "今はあなたの判断ではありません。"))

    def _allowed_now(self, s: QState, seat: int) -> Text:
        """The kinds of action legal now (all public), for refusals that name no alternative."""
        kinds = list(dict.fromkeys(a["kind"] for a in self.raw_actions(s, seat)))
        return Text("Allowed now: " + ", ".join(kinds) + " (`help` lists them in full).",
                    "今できること：" + "、".join(kinds) + "（`help` で一覧）。")

    def _dispatch(self, s: QState, seat: int, action: Action, rng: Rng) -> None:
        if s.prompts:
            apply_prompt(s, seat, action, rng)
        elif s.step == ATTACK and action.get("kind") == "cast":
            self._mid_attack_reaction(s, seat, action, rng)
        elif s.step == ATTACK:
            if action.get("kind") != "absorb":
                raise UnknownAction(Text("Choose a creature to absorb the attack.", "攻撃を受けるモンスターを選んでください。"),
                                    Text("Allowed: absorb die=N, or cast die=N for a readied reaction spell.",
                                         "できること：absorb die=N、または待機エリアのリアクション魔法の cast die=N。"))
            if action.get("die") not in attack.candidates(s, seat):
                raise RuleError(Text("That creature cannot absorb this attack.", "そのモンスターはこの攻撃を受けられません。"),
                                Text("Choose a creature in your ready area that has not absorbed yet.",
                                     "まだ攻撃を受けていない待機エリアのモンスターを選んでください。"))
            attack.absorb(s, action["die"], rng)
        else:
            apply_turn(s, seat, action, rng)

    @staticmethod
    def _mid_attack_reaction(s: QState, seat: int, action: Action, rng: Rng) -> None:
        """A defender may cast Life Spell or Life Charm between absorbs (Life Incantation
        only before the total is fixed, in the `guard` window)."""
        sp = action.get("die")
        if set(action) - {"kind", "die"} or sp not in attack.guard_spells(s, seat, mid=True):
            if sp not in s.ready[seat]:
                check_cast(s, seat, sp if isinstance(sp, int) else -1, None, [], reaction=True)
            raise RuleError(Text("That reaction cannot be cast now.", "そのリアクション魔法は今は使えません。"),
                            Text("Now: Life Spell or Life Charm (cast die=N, no target), or absorb die=N.",
                                 "今は生命の呪文・生命の護符（cast die=N、対象なし）か absorb die=N です。"))
        cast(s, seat, sp, None, [], rng)

    @staticmethod
    def _labelable(s: QState, a: Action) -> bool:
        for key in ("die", "target", "other", "to"):
            if key in a and not (isinstance(a[key], int) and 0 <= a[key] < len(s.face)):
                return False
        return True

    def describe(self, state: QState, seat: int, action: Action) -> Text:
        if not self._labelable(state, action):
            return seat_ref(seat) + Text(": ?", "：?")
        return action_line(state, seat, action)

    def view(self, state: QState, viewer: Viewer) -> dict[str, Any]:
        return view(state, viewer, self.pending(state))

    def views(self, state: QState, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
        return views(state, viewers, self.pending(state))

    def inventory(self, state: QState) -> Counter[str]:
        return Counter(str(d) for d in zones(state))

    def hidden_ids(self, state: QState, viewer: Viewer) -> set[str]:
        return hidden_ids(state, viewer)

    def outcome(self, state: QState) -> Outcome | None:
        if state.step != OVER:
            return None
        reason = (Text("Reached the glory needed to win.", "規定の勝利点に到達。") if state.end_reason == "glory"
                  else Text("Four creature cards are empty: most glory, then most dice in the ready area.",
                            "4枚のモンスターカードが空に：勝利点最多、同点なら待機エリアのダイス最多。"))
        return Outcome(tuple(state.winners), reason, dict(enumerate(state.glory)))

    def turn(self, state: QState) -> int:
        return state.turn

    def phase(self, state: QState) -> str:
        return f"{state.turn}:{state.step}"

    # -- bots ----------------------------------------------------------------------------------
    def bot_action(self, state: QState, seat: int, rng: Rng) -> Action:
        return choose(state, self.raw_actions(state, seat), rng)


GAME = Quarriors()


def hidden_ids(state: QState, viewer: Viewer) -> set[str]:
    """Dice ids `viewer` must not see: those in other players' bags."""
    out: set[str] = set()
    for p, bag in enumerate(state.bag):
        if not viewer.sees_seat(p):
            out |= {f"d{d}" for d in bag}
    return out


__all__ = ["GAME", "Quarriors", "hidden_ids"]
