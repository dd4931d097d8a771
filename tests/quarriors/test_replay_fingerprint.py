"""Quarriors' rules, as a replay and a player see them, pinned action by action
on bot matches: every action's log lines, reveal flag and Rng counter, the
all-seeing view and every seat's legal actions after it, and what the same
action answers when tried again (usually a refusal). The digests were recorded
by the rules before the replay path was tuned for speed (e98afc6); a change that
moves any of them changes what players see or what an old log replays to.
Along the way the replay path (`step_owned`, on a state of its own) reaches the
very states the pure path does."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from engine.core import ALL_SEEING, RuleError
from engine.core.play import step
from engine.quarriors.game import GAME
from engine.quarriors.state import QState, copy_state
from tests.contract.matches import bot_turns, step_owned

# (seats, seed) -> digest, recorded at e98afc6
QUICK = {
    (4, 0): "5b80e7898beba0eb7b40f8ced0480362c8f77e6dd0d2215200888a912ee79df7",
    (3, 1): "f7d4a18bc2dd17e0c6b9a8db21ea34d389aad5487b36d02c5eb5d81bd7fab7d2",
    (2, 2): "971e05502b0c53cc3412f618444990a64059af7c3b00b669f7647367c46cc39a",
}
SLOW = {
    (3, 100): "698a18dedf28241bb2084c5f590ba9a16f8c7a526fe3a7aa631489693bd32772",
    (4, 101): "ce044ab7c15697e8b40a9a23f75c1412494b25ea3e98a78336f6e0ebef12d99d",
    (2, 102): "33a7ddd8687934b6273f9ca84ca1b2e28c1f62ca75f6d88f599c62ae08b2508d",
    (3, 103): "d01285ce5468d55f1ec3a0b3bc3b019b0bace6306edc78bfefe428c23bfe195f",
    (4, 104): "e14131d60dbebe665eb421f3d45af750a1bfce99bcca2890892c2e4d5e93c2f8",
    (2, 105): "52ed73fa9f1c7c05a5381efb1a3d2310baafccbb65d427799cdd2bc275395c1a",
    (3, 106): "2576d06a329812cd38a2a519d97c5a3c8720c06044b18762472bd66b7f5dbda0",
    (4, 107): "a98cb08d789d2dd5bc599f63fa537a3efdc9dd3988e05e18d2fac2e4507a349c",
    (2, 108): "edad8112fc88f24574dce6d9ca4a1fc7dfd34fe5bffc83e635ca19bbbbea9314",
    (3, 109): "3313e65506d895291363ffed83fa7e7e372ffa3dd84fe177ab93eb5244056842",
    (4, 110): "b9cadbda90b1184978eda3b9f57d4587f44afd5c14d05281710a50763f6186bb",
    (2, 111): "1032f318002c6206fdc081336426bc4e03268754583f2581066567159a319052",
    (3, 112): "b5ef4710ed86216b540c19f039c326f15f324868cfc1b78ec0c261ba74e94bbe",
    (4, 113): "0ecb17e63a206959cd2855e5ad4a7b83ee096e1f0748610414e4f3129cb2a939",
    (2, 114): "989406e873693ffde68cd28a707e98005a18657ba092f8a70a02b82f35520e5f",
    (3, 115): "1a900ca32f37b4938a3dc928d38afae0ceb1724d69c92e7ba5dbf56b38a0b54b",
    (4, 116): "062105b1f21477f05a0b1144029ebb3f6a50c4504c663e8310d63d38a94322b3",
    (2, 117): "d7af025f1c62113674861b74758dcf909adbda79b63de489342e06b498139d61",
    (3, 118): "0a9cb69ac0d0907acb343e20fffea1d7112ff62d428fc8b92537031225ffd5ab",
    (4, 119): "46d3107c8294326288f51e9e11097a7f42fd7bed419612a3a98f358d6124ddaa",
    (2, 120): "967d1c8671266575351615db4e8a3d6c9f62e7067a679f8861fa0b2bd4e4e49e",
    (3, 121): "6f776952f078464a9e9fbb1c042ce24416db23a22a143c2ec1a84a14df2cf676",
    (4, 122): "cf3c9f8c598691077362242a642beef346625f129790d00e8c79e140a6a56e72",
    (2, 123): "4a47b730925b7befad9efc93d2412a52e34d1b7f3961d392932fd79b6df095d6",
    (3, 124): "ac0ffcafb3efd0b9ff746f1b64aa297b424b20e8c3034e74a5415753d3fce6f3",
    (4, 125): "f0cc8c8ebb326f18f6a31cb3f8ce22c00029037728bde9540755eac95f3b6afd",
    (2, 126): "7b1b19e02c92864ffe0e7f0c14a47bbdca3efed77e1b2259a912ea2d6afbfc44",
    (3, 127): "98d82271991cafa9d03b72434060d99bff8d823f95aef4719419d28230a68dba",
    (4, 128): "5fec294ccaeef33ed129436d1c9a41861ef45a7a13eb8c7c5b61a53b8a45b5c4",
    (2, 129): "b46ba18a185ef618572c06004d7702afd79797803d7459f4949651ec9bca06d0",
    (3, 130): "49177365fafb8d6afbf67e334ab66799802aa374eb2109f1442834015c8bdbb0",
    (4, 131): "f0b7b59be932ab9eefd8cff7b62027e4380eaa19bb99b895528bf82d06057c5b",
    (2, 132): "1713508af62f4dfb68d9ac70b5b28b17d61f1a72ecf0df518a22f221618f758d",
    (3, 133): "fd1cf197b07f1adf18ba044733ca9fa00bbd77ee64a48ffce4eff677c5b198b5",
    (4, 134): "4599dc2faab7e158044305af9b4e901aa642385eb847bc09f4a35222b7906a9c",
    (2, 135): "d87843a65c22d64a740a1b512c9523c3cd881570fa5e424bf3bf2ae662525869",
    (3, 136): "d0f368ffcd58f55d544b307457e6d884be1cc399c1683aa74fded3869e5acb15",
    (4, 137): "5fc469ab83a08017e446f5daff39404d02cd771953e902ca6861796d74ad3964",
    (2, 138): "bf02f2faf5867c3418c2147f8e54c732471e48bf74d4c953f66ebd8b5055b38a",
    (3, 139): "03aacebc64c2cba50575d7cdfd9a39bbe598443e8186c1c93ef61ce075f736ed",
    (4, 140): "f8860b058f277ff2d7da586cd51a0e052ed3b8eb51f023adf8c5f8a70e965c28",
    (2, 141): "0f059e4bcefe9a73bdb85c699dd4a51569e8b9f9310a3a98218dec23fa096a11",
    (3, 142): "ae1142cf7df5d8dab7ab9f6423fdac3d1233747c1e533014d2ac432df410f520",
    (4, 143): "1621bdcf80a7db31167cd770665c276095243fca2a535ef981a5f3848b221d62",
    (2, 144): "3aaa8ac887058a6ab037d3d4790fae6309c73a163f054ff6c43fe3b2797f3bd5",
    (3, 145): "830a80a9618a33e8d38294de56976ffb095deb97fb8f32e627477e525054e345",
    (4, 146): "176d0713a1b74c6a17b21597669649529b7b3b86414c01b6830cfcc317671442",
    (2, 147): "2b0db3f22e24c5ea2e56929ba593cd0f98b04328e0fcde1bc1aee6bff67453f1",
    (3, 148): "bc4b51f278f940dce95fb6cd36fe7c8ef4ac30d3c73876aa6ec8776f7a329a90",
    (4, 149): "394eb891b9860d09fccc79f97c0405df82030a084f354736c7a4018d1f593f11",
    (2, 150): "f6a0d55e3279d2d9cba45b1b49347e6107466a3217a358cc640f058d26b35f24",
    (3, 151): "9eead28cf0d537836f473c8956f996417624f464808b1c93ada573c6feb6d1bc",
    (4, 152): "dd3945de35c08001cce6c21ebd34cbd7e99250e6dfbae4cb51190d14f90a2022",
    (2, 153): "aaa45e9fe89b7fc86839eefb311628c7b8121f29dc80b41c1b7d317d45aecb2d",
    (3, 154): "5f48acc0d3e7ed0613d490c903dda1666e5475a7323a7961a3dcb74196ecfdbe",
    (4, 155): "52f6aee6fd0e9745faf70be7c0d4ffc12bb2a20aec1f734b8aca41d37111ac1e",
    (2, 156): "8f47fe991b70f8c8a5b837abf36db2aaca40247f3178c59effdccedaaf3566b3",
    (3, 157): "5fce8b7e327ea1996c96ff326797ed09ebe0824004672f2f4bb3b453e618fc6e",
    (4, 158): "fd4efc14746f838fea00521ff39df84001cba21c18641d5a4691d2ac070dbef0",
    (2, 159): "01f1ba5e5441106724a19f2e78b7dd50c02137336d5aabb081c863afbf3d1b9f",
}


def _put(h: Any, value: Any) -> None:
    h.update(json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr).encode())
    h.update(b"\n")


def _again(state: QState, seat: int, action: dict[str, Any], secret: bytes, counter: int) -> Any:
    """What the action answers on `state` through both paths (they must agree)."""
    try:
        result = step(GAME, state, seat, action, secret, counter)
    except RuleError as e:
        pure: Any = [type(e).__name__, e.what, e.allowed]
    else:
        pure = [result.transition.log, result.transition.reveals, result.counter]
    try:
        step_owned(GAME, copy_state(state), seat, action, secret, counter)
    except RuleError as e:
        assert pure[:2] == [type(e).__name__, e.what], (action, pure, e)
    else:
        assert not isinstance(pure[0], str), (action, pure)
    return pure


def fingerprint(seats: int, seed: int) -> str:
    h = hashlib.sha256()
    owned: Any = None
    for turn in bot_turns(GAME, seats, seed):
        if owned is None:  # the set-up, before its first action
            owned, owned_counter = copy_state(turn.state), turn.counter
        t = turn.step.transition
        state, counter = t.state, turn.step.counter
        owned, owned_counter = step_owned(GAME, owned, turn.seat, turn.action, turn.secret, owned_counter)
        assert (owned, owned_counter) == (state, counter), (seats, seed, turn.action)
        _put(h, [t.log, t.reveals, counter])
        _put(h, GAME.view(state, ALL_SEEING))
        _put(h, [GAME.legal_actions(state, p) for p in range(seats)])
        _put(h, _again(state, turn.seat, turn.action, turn.secret, counter))
    assert GAME.outcome(owned) is not None and GAME.outcome(owned) == GAME.outcome(state)
    return h.hexdigest()


@pytest.mark.slow
def test_bot_matches_play_and_replay_as_they_did() -> None:
    assert {key: fingerprint(*key) for key in QUICK} == QUICK


@pytest.mark.slow
def test_more_bot_matches_play_and_replay_as_they_did() -> None:
    assert {key: fingerprint(*key) for key in SLOW} == SLOW
