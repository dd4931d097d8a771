"""Deterministic, verifiable randomness.

Every draw is HMAC-SHA256(secret, counter) with the counter carried in the match
state, so a replay rebuilds the same rolls, an undone roll comes back identical
when redone (undo cannot reroll), and anyone holding the revealed secret can
recompute every draw of a finished match. The sampling is our own code: the
`random` module's algorithms change between Python versions.
"""

from __future__ import annotations

import hashlib
import struct
import sys
from array import array
from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar

T = TypeVar("T")

_SPACE = 1 << 64
# A word below this is never rejected, whatever the bound (below 2**32): only a word above it
# needs the exact limit, which costs two operations on numbers past a machine word.
_SAFE = _SPACE - (1 << 32)
_FIRST_WORD = struct.Struct(">Q").unpack_from  # a digest's first 8 bytes as an unsigned big-endian number
assert array("Q").itemsize == 8


def _firsts(digests: bytes) -> array[int]:
    """The first 64 bits of each 32-byte digest as unsigned big-endian numbers, in C: the digests
    as 8-byte numbers, every fourth, byte-swapped where the machine's order is little-endian."""
    words = array("Q", digests)[::4]
    if sys.byteorder == "little":
        words.byteswap()
    return words


def commitment(secret: bytes) -> str:
    """The public SHA-256 commitment of a match secret."""
    return hashlib.sha256(secret).hexdigest()


class _Hmac:
    """HMAC-SHA256 with the keyed inner and outer hashes computed once per
    secret: the same bytes as `hmac.new(secret, counter, sha256)`, at a third of the cost per draw
    (replay speed is bounded by it)."""

    __slots__ = ("ahead", "kept", "word")
    _cache: ClassVar[dict[bytes, _Hmac]] = {}
    _keeping: ClassVar[list[_Hmac]] = []

    def __init__(self, secret: bytes) -> None:
        key = secret if len(secret) <= 64 else hashlib.sha256(secret).digest()
        key = key.ljust(64, b"\0")
        # A draw's cost is mostly calls: the keyed hashes' bound methods are looked up here, once.
        inner_copy = hashlib.sha256(bytes(b ^ 0x36 for b in key)).copy
        outer_copy = hashlib.sha256(bytes(b ^ 0x5C for b in key)).copy
        first: Callable[[bytes], tuple[int]] = _FIRST_WORD

        def word(counter: int) -> int:
            """The first 64 bits of HMAC(secret, counter as 8 big-endian bytes),
            as the unsigned big-endian number a draw is made of."""
            inner = inner_copy()
            inner.update(counter.to_bytes(8, "big"))
            outer = outer_copy()
            outer.update(inner.digest())
            return first(outer.digest())[0]

        self.word: Callable[[int], int] = word
        pbkdf2 = hashlib.pbkdf2_hmac

        def ahead(upto: int) -> bytes:
            """The digests of the draws at counters 1..upto, 32 bytes each, in one C call: block i of
            PBKDF2-HMAC-SHA256 with one iteration and a salt of four zero bytes is HMAC(secret, the
            salt and i as 4 big-endian bytes), which for i below 2**32 is the draw at counter i.
            About half a draw's cost each, but always from counter 1. Empty where OpenSSL refuses
            (a FIPS build insists on more iterations)."""
            try:
                return pbkdf2("sha256", secret, b"\0\0\0\0", 1, 32 * upto)
            except ValueError:
                return b""

        self.ahead: Callable[[int], bytes] = ahead
        self.kept: array[int] = array("Q")

    def keep(self, words: array[int]) -> None:
        """Keep words made together (`ahead`) for the cursors that come after: a set-up's hint
        covers the draws of actions after it too (Warlords' picks reshuffle each deck), each
        action with a cursor of its own. One secret's words at a time, so memory stays bounded."""
        for mac in self._keeping:
            mac.kept = array("Q")
        self._keeping[:] = [self]
        self.kept = words

    @classmethod
    def of(cls, secret: bytes) -> _Hmac:
        mac = cls._cache.get(secret)
        if mac is None:
            if len(cls._cache) > 4096:
                cls._cache.clear()
            mac = cls._cache[secret] = cls(secret)
        return mac


class Rng:
    """A cursor over the HMAC stream. Reducers receive one; the framework stores `counter`."""

    __slots__ = ("_ahead", "_keep", "_made", "_word", "_words", "counter", "trace")

    def __init__(self, secret: bytes, counter: int = 0, *, trace: bool = False) -> None:
        if len(secret) < 16:
            raise ValueError("match secret too short")
        mac = _Hmac.of(secret)
        self._word, self._ahead, self._keep = mac.word, mac.ahead, mac.keep
        # The words of counters 1.._made, made together (`prefetch`, by this cursor or one before it
        # over the secret: `_Hmac.keep`): a cache by counter, so a draw reads the same word from it
        # as it would make, whatever the counter does.
        self._words = mac.kept
        self._made = len(self._words)
        self.counter = counter
        # (counter, bound, result) per draw, kept only when asked (verification).
        self.trace: list[tuple[int, int, int]] | None = [] if trace else None

    def prefetch(self, draws: int) -> None:
        """A hint that about `draws` draws come next (a set-up shuffling its decks): their words
        are made now in one C call (`_Hmac.ahead`) when that costs less than making them one by
        one: the call starts from counter 1, so while the counter is below half the draws.
        The stream is the same with or without it; a wrong count costs time, never a draw."""
        upto = self.counter + draws - 1
        if upto > self._made and 2 * self.counter < draws:
            self._words = _firsts(self._ahead(upto))
            self._made = len(self._words)
            self._keep(self._words)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("bound must be positive")
        limit = _SPACE - (_SPACE % n)
        word, at = self._word, self.counter
        x = self._words[at - 1] if 0 < at <= self._made else word(at)
        # Rejected (odds below n / 2**64): the next counter's word, made alone (a kept one is the same).
        while x >= limit:
            at += 1
            x = word(at)
        self.counter = at + 1
        result = x % n
        if self.trace is not None:
            self.trace.append((at, n, result))
        return result

    def roll(self, sides: int) -> int:
        """A die roll, 0-based face index."""
        return self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def weighted(self, weights: Sequence[int]) -> int:
        """An index drawn with odds proportional to its weight (positive ints), one draw."""
        roll = self.below(sum(weights))
        for i, w in enumerate(weights):
            if roll < w:
                return i
            roll -= w
        raise AssertionError("unreachable: the roll is below the sum")

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates; returns a new list and leaves `items` alone."""
        out = list(items)
        if self.trace is not None:  # verification sees each draw, as `below` records it
            below = self.below
            for i in range(len(out) - 1, 0, -1):
                j = below(i + 1)
                out[i], out[j] = out[j], out[i]
            return out
        # `below`, inline: a set-up shuffles whole decks, a draw per card (most of a
        # Naru or Warlords set-up's time), and the call is a third of a draw's cost.
        # A shuffle from a low counter (a set-up's first deck) is its own hint.
        self.prefetch(len(out) - 1)
        word, at, words, made = self._word, self.counter, self._words, self._made
        for i in range(len(out) - 1, 0, -1):
            x = words[at - 1] if 0 < at <= made else word(at)
            if x >= _SAFE:  # a list is shorter than 2**32: only such a word may be rejected
                limit = _SPACE - (_SPACE % (i + 1))
                while x >= limit:
                    at += 1
                    x = word(at)
            at += 1
            j = x % (i + 1)
            out[i], out[j] = out[j], out[i]
        self.counter = at
        return out


def redraw(secret: bytes, counter: int, bound: int) -> tuple[int, int]:
    """Recompute one traced draw: (result, counter after). Used by `verify`."""
    rng = Rng(secret, counter)
    return rng.below(bound), rng.counter
