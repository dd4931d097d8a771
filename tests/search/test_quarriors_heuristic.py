"""What the Quarriors bot knows: culls thin the bag of its weakest dice
(Assistants first, Basic Quiddity only once stronger dice can pay), a capture
takes the creature scoring most glory (then the dearest) and none of the basics, an attack is
absorbed by a creature that survives it when there is one, and level hard
takes those decisions without searching (their value shows turns later) while
normal searches captures with the plain greedy rollout."""

from __future__ import annotations

from engine.core import Rng
from engine.core.search import _knowledge
from engine.quarriors import heuristic, strategy
from engine.quarriors.state import ATTACK, CAPTURE, MAIN, QState, copy_state
from engine.registry import get_game

GAME = get_game("quarriors")


def _rng(label: str) -> Rng:
    return Rng(label.encode().ljust(32, b"."), 0)


def _start(cards: list[str] | None = None) -> QState:
    options = GAME.options({"cards": cards}, 2) if cards else GAME.options({}, 2)
    s: QState = GAME.setup(2, options, _rng("quarriors-heuristic"))
    return copy_state(s)


def _dice(s: QState, card: str, p: int) -> list[int]:
    """Dice of `card` owned by `p` (in any of its zones) or, for p < 0, still in the wilds."""
    slot = s.slots[card]
    if p < 0:
        return list(s.wild[slot])
    owned = [*s.bag[p], *s.pool[p], *s.ready[p], *s.used[p]]
    return [d for d in owned if s.dcard[d] == slot]


def _cull_prompt(s: QState, p: int, used: list[int]) -> QState:
    s.prompts = (("cull", p, 1),)
    for zone in (s.pool, s.used):
        zone[p] = [d for d in zone[p] if d not in used]
    s.bag = tuple(tuple(d for d in bag if d not in used) if q == p else bag for q, bag in enumerate(s.bag))
    s.used[p] = list(used)
    return s


def test_the_cull_takes_an_assistant_before_basic_quiddity() -> None:
    s = _start()
    p = s.active
    basic = _dice(s, "basic_quiddity", p)[0]
    assistant = _dice(s, "assistant", p)[0]
    s = _cull_prompt(s, p, [basic, assistant])
    assert strategy.choose([], s, p, _rng("cull")) == {"kind": "cull", "die": assistant}


def test_basic_quiddity_is_kept_until_stronger_dice_can_pay() -> None:
    s = _start()
    p = s.active
    basic = _dice(s, "basic_quiddity", p)[0]
    kept = _cull_prompt(copy_state(s), p, [basic])
    assert strategy.choose([], kept, p, _rng("cull"))["kind"] == "skip"
    # With three creature dice bought, the bag pays without every basic.
    rich = copy_state(s)
    creature = next(c for c in rich.cards if c.kind == "creature")
    bought = list(rich.wild[rich.slots[creature.id]][:3])
    rich.wild = tuple(tuple(d for d in w if d not in bought) for w in rich.wild)
    rich.bag = tuple((*bag, *bought) if q == p else bag for q, bag in enumerate(rich.bag))
    rich = _cull_prompt(rich, p, [basic])
    assert strategy.choose([], rich, p, _rng("cull")) == {"kind": "cull", "die": basic}


def test_a_die_is_worth_more_the_more_glory_it_brings() -> None:
    cards = GAME.cardset.cards
    assert strategy.die_value(cards["quake_dragon"]) > strategy.die_value(cards["scavenging_goblin"])
    assert strategy.die_value(cards["scavenging_goblin"]) > strategy.die_value(cards["portal"])


def test_a_capture_takes_the_creature_of_most_glory_then_cost_and_never_a_basic() -> None:
    s = _start(["scavenging_goblin", "defender_of_the_pale", "deathdealer", "witching_hag",
                "ghostly_spirit", "warrior_of_the_quay", "quake_dragon",
                "death_spell", "growth_charm", "life_charm"])
    s.step = CAPTURE
    basics = [{"kind": "capture", "card": c} for c in ("basic_quiddity", "assistant", "portal")]
    assert strategy.capture_choice(s, s.active, basics) is None

    def offer(*cards: str) -> list[dict[str, str]]:
        return [*basics, *({"kind": "capture", "card": c} for c in cards)]
    # Witching Hag scores 3 and Defender of the Pale 2, though the Defender is tougher.
    assert strategy.capture_choice(s, s.active, offer("defender_of_the_pale", "witching_hag")) == \
        {"kind": "capture", "card": "witching_hag"}
    # Same glory: the dearer creature (its faces are bigger).
    assert strategy.capture_choice(s, s.active, offer("scavenging_goblin", "deathdealer")) == \
        {"kind": "capture", "card": "deathdealer"}
    # Any creature before a spell, however dear the spell; the dearest spell when no creature is offered.
    assert strategy.capture_choice(s, s.active, offer("death_spell", "scavenging_goblin")) == \
        {"kind": "capture", "card": "scavenging_goblin"}
    assert strategy.capture_choice(s, s.active, offer("life_charm", "death_spell", "growth_charm")) == \
        {"kind": "capture", "card": "death_spell"}


def _attacked(remaining: int) -> tuple[QState, int, int, int]:
    """A defender with a weak and a tough creature (defense 2 and 5) under attack."""
    s = _start(["scavenging_goblin", "defender_of_the_pale", "deathdealer", "witching_hag",
                "ghostly_spirit", "warrior_of_the_quay", "quake_dragon",
                "death_cantrip", "growth_charm", "life_charm"])
    defender = 1 - s.active
    goblin = s.wild[s.slots["scavenging_goblin"]][0]
    wall = s.wild[s.slots["defender_of_the_pale"]][0]
    s.face[goblin] = 2  # level 1, 2/2
    s.face[wall] = 3  # level 1, 1/5
    s.wild = tuple(tuple(d for d in w if d not in (goblin, wall)) for w in s.wild)
    s.ready[defender] = [goblin, wall]
    s.step, s.defenders, s.stage, s.remaining = ATTACK, (defender,), 2, remaining
    return s, defender, goblin, wall


def test_an_attack_is_absorbed_by_a_creature_that_survives_it() -> None:
    s, defender, _goblin, wall = _attacked(4)
    legal = heuristic.candidates(GAME, s, defender)
    assert strategy.choose(legal, s, defender, _rng("absorb")) == {"kind": "absorb", "die": wall}
    # None survives 5 (equal attack destroys): among equal glory the one that
    # absorbs most goes first, and the attack ends on it.
    s, defender, _goblin, wall = _attacked(5)
    legal = heuristic.candidates(GAME, s, defender)
    assert strategy.choose(legal, s, defender, _rng("absorb")) == {"kind": "absorb", "die": wall}


def test_hard_settles_captures_and_draws_and_normal_searches_captures() -> None:
    s = _start()
    p = s.active
    s.step, s.mana = CAPTURE, 20
    s.pool[p] = []
    hard, normal = _knowledge(GAME.id, "hard"), _knowledge(GAME.id, "normal")
    settled = hard("settled", None)
    best = max((c for c in s.cards if c.kind != "basic"), key=strategy.capture_key)
    assert settled(GAME, s, p, _rng("capture")) == {"kind": "capture", "card": best.id}
    # normal searches its captures, with the plain greedy rollout.
    assert normal("settled", None)(GAME, s, p, _rng("capture")) is None
    assert normal("rollout", None) is not hard("rollout", None)
    # A die showing a draw face is used before anything else.
    m = _start()
    q = m.active
    portal = m.wild[m.slots["portal"]][0]
    m.wild = tuple(tuple(d for d in w if d != portal) for w in m.wild)
    m.face[portal] = 3  # draw 2
    m.pool[q] = [*m.pool[q], portal]
    m.step, m.imm = MAIN, True
    assert settled(GAME, m, q, _rng("draw")) == {"kind": "use", "die": portal}
