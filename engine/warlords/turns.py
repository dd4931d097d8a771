"""The turn sequence: revenue -> draw -> stack advance (starvation, persistent
calamities) -> actions -> end (revenue lapses); elimination and the Glory Road end."""

from __future__ import annotations

from engine.core import Rng, Text, seat_ref

from .calamities import advance_check
from .cards import rules
from .combat import starve
from .removal import check_eliminations
from .stacks import glory
from .state import WState, alive, draw_to_hand
from .words import seats_and


def start_turn(s: WState, rng: Rng, log: list[Text] | None) -> None:
    s.turn += 1
    p = s.players[s.active]
    p.castles_placed = p.heroes_placed = p.calamities_played = 0
    for st in p.stacks:
        st.battles, st.marched, st.explored, st.spell_used = 0, 0, False, False
    p.revenue = glory(s, p)
    if log is not None:
        log.append(Text(f"Turn {s.turn}: ", f"第{s.turn}手番：") + seat_ref(s.active)
                   + Text(f" receives {p.revenue} revenue.", f"は収益{p.revenue}を得た。"))
    draw_to_hand(s, s.active, rules().draws_per_turn, rng, log)
    for c in p.castles:  # starvation where a castle is besieged, not a call every turn for none
        if c.besieged_by is not None:
            starve(s, s.active, log)
            break
    check_eliminations(s, log)
    # Persistent calamities to check, stacks' then castles' (a loop: most hold none).
    advance: list[str] = []
    for st in p.stacks:
        advance += st.calamities
    for c in p.castles:
        advance += c.calamities
    s.advance = advance


def end_turn(s: WState, rng: Rng, log: list[Text] | None) -> None:
    s.players[s.active].revenue = 0
    # The first seat after the active one still in the game (order_from's order, counted
    # here without building its list: every turn ends here).
    for k in range(1, s.seats):
        seat = (s.active + s.direction * k) % s.seats
        if not s.players[seat].eliminated:
            s.active = seat
            start_turn(s, rng, log)
            return


def finished(s: WState, log: list[Text] | None) -> bool:
    if s.phase == "over":
        return True
    if s.phase != "play":
        return False
    # Checked after every action: count first, and list the players only when the game ends.
    left, all_passed = 0, True
    for p in s.players:
        if not p.eliminated:
            left += 1
            if not p.time_passes:
                all_passed = False
    if left > 1 and not all_passed:
        return False
    live = alive(s)
    if len(live) <= 1:
        s.winners = live
        s.end_reason = "last"
        s.phase = "over"
        if log is not None:
            log.append(Text("Only ", "残るプレイヤーは") + seats_and(live)
                       + Text(" remains: the game is over.", "だけ。ゲーム終了。"))
        return True
    if all(s.players[i].time_passes for i in live):
        scores = {i: glory(s, s.players[i]) for i in live}
        best = max(scores.values())
        s.winners = [i for i in live if scores[i] == best]
        s.end_reason = "glory"
        s.phase = "over"
        if log is not None:
            ranks = sorted(live, key=lambda i: (-scores[i], i))
            board = [seat_ref(i) + Text(f" {scores[i]}", f" {scores[i]}") for i in ranks]
            log.append(Text("Everyone still in the game has drawn Time Passes: the game is over. Glory (revenue, treasure "
                            "excluded): ", "残っている全員がゲーム終了カードを引いた。ゲーム終了。勝利点（財宝を除く収益）：")
                       + Text(", ".join(b.en for b in board), "、".join(b.ja for b in board))
                       + Text("; the winner: ", "。勝者：") + seats_and(s.winners) + Text(".", "。"))
        return True
    return False


def settle(s: WState, rng: Rng, log: list[Text] | None) -> None:
    """After every action: eliminate, end the game, or carry the turn on."""
    if s.phase == "play":
        # Nothing at all to do (after most actions)? Nobody to eliminate, two or more left
        # who have not all drawn Time Passes, and either a decision pending or the turn
        # going on as it is: one pass over the players here, not the elimination check and
        # the end check each walking them (nor a call: every action ends here).
        left, all_passed, calm = 0, True, True
        for p in s.players:
            if not p.eliminated:
                if not p.castles and not p.stacks:
                    calm = False
                    break
                left += 1
                if not p.time_passes:
                    all_passed = False
        if calm and left > 1 and not all_passed and (
                s.decision is not None or (not s.advance and not s.players[s.active].eliminated)):
            return
    for _ in range(10 * s.seats + 10):
        check_eliminations(s, log)
        if finished(s, log) or s.decision is not None:
            return
        if s.advance:
            advance_check(s, rng, s.advance.pop(0), log)
            continue
        if s.players[s.active].eliminated:
            end_turn(s, rng, log)
            continue
        return
