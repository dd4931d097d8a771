import hashlib
import hmac
from array import array
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.rng import Rng, _Hmac, commitment, redraw

SECRET = bytes(range(32))


def test_draws_are_hmac_sha256_of_the_counter():
    rng = Rng(SECRET, 7)
    value = rng.below(1 << 20)
    expected = int.from_bytes(hmac.new(SECRET, (7).to_bytes(8, "big"), hashlib.sha256).digest()[:8], "big") % (1 << 20)
    assert value == expected
    assert rng.counter == 8


def test_same_secret_and_counter_give_the_same_draws():
    a, b = Rng(SECRET, 3), Rng(SECRET, 3)
    assert [a.roll(6) for _ in range(50)] == [b.roll(6) for _ in range(50)]


def test_different_secrets_give_different_streams():
    a, b = Rng(SECRET), Rng(bytes(32))
    assert [a.roll(1000) for _ in range(20)] != [b.roll(1000) for _ in range(20)]


def test_rolls_are_roughly_uniform():
    rng = Rng(SECRET)
    counts = Counter(rng.roll(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < c < 1150 for c in counts.values()), counts


def test_a_weighted_draw_is_one_draw_mapped_over_the_running_sums():
    weights = [1, 0, 3, 6]
    for counter in range(40):
        rng, plain = Rng(SECRET, counter), Rng(SECRET, counter)
        roll = plain.below(10)
        assert rng.weighted(weights) == (0 if roll < 1 else 2 if roll < 4 else 3)
        assert rng.counter == plain.counter  # exactly the draws of one below(sum)
    counts = Counter(Rng(SECRET, n).weighted(weights) for n in range(5000))
    assert 1 not in counts  # a zero weight is never drawn
    assert 350 < counts[0] < 650 and 1300 < counts[2] < 1700 and 2700 < counts[3] < 3300, counts


def test_rejection_sampling_discards_the_biased_tail():
    # With n just above 2**63 almost half of all 64-bit values are rejected:
    # the counter must advance past each rejected block.
    rng = Rng(SECRET)
    n = (1 << 63) + 1
    for _ in range(20):
        assert 0 <= rng.below(n) < n
    assert rng.counter > 20


def reference_below(secret: bytes, counter: int, n: int) -> tuple[int, int, int]:
    """The stream as specified, written plainly: (result, counter of the accepted draw, counter after)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = int.from_bytes(hmac.new(secret, counter.to_bytes(8, "big"), hashlib.sha256).digest()[:8], "big")
        counter += 1
        if x < limit:
            return x % n, counter - 1, counter


def test_every_draw_and_counter_is_the_plainly_written_streams_rejections_included():
    # Bounds just above 2**63 reject almost half the words: the counter after a draw must
    # count every rejected word, and the trace name the accepted one.
    bounds = [1, 2, 6, 52, 1000, (1 << 32) + 7, (1 << 63) + 1, (1 << 63) + 12345, (1 << 64) - 1]
    rng, counter = Rng(SECRET, 5, trace=True), 5
    rejected = 0
    for n in bounds * 8:
        result, at, counter_after = reference_below(SECRET, counter, n)
        rejected += counter_after - counter - 1
        assert rng.below(n) == result and rng.counter == counter_after, n
        assert rng.trace is not None and rng.trace[-1] == (at, n, result)
        counter = counter_after
    assert rejected > 10


def reference_shuffle(secret: bytes, counter: int, items: list[int]) -> tuple[list[int], int]:
    """Fisher-Yates over the plainly written stream, as `shuffled` is specified: (the order, counter after)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, _, counter = reference_below(secret, counter, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, counter


@pytest.mark.parametrize("trace", [False, True])
def test_a_shuffle_is_fisher_yates_over_the_plainly_written_stream(trace):
    # The inline loop (no trace) and the one through `below` (traced) both.
    for counter in (0, 1, 977):
        rng = Rng(SECRET, counter, trace=trace)
        assert (rng.shuffled(list(range(300))), rng.counter) == reference_shuffle(SECRET, counter, list(range(300)))
        assert rng.trace is None if not trace else len(rng.trace) == 299


@pytest.mark.parametrize("start", [1, 100])
def test_a_shuffle_skips_a_rejected_word_whether_kept_or_made(start):
    # A list is shorter than 2**32, so a real stream rejects a shuffle's word with odds below
    # 2**-32 and no test meets one. A crafted stream does: its top word is rejected by any bound
    # that is not a power of two, here the 2nd (bound 9) and the 5th (bound 7) of a 10-card shuffle.
    # From counter 1 the shuffle's own hint makes the words together; from 100, one at a time.
    top = (1 << 64) - 1

    def crafted(counter):
        return top if counter - start in (1, 4) else (counter * 0x9E3779B97F4A7C15) % (1 << 64)

    def ahead(upto):
        return b"".join(crafted(c).to_bytes(8, "big") + bytes(24) for c in range(1, upto + 1))

    out, at, rejected = list(range(10)), start, 0
    for i in range(9, 0, -1):
        limit = (1 << 64) - (1 << 64) % (i + 1)
        while crafted(at) >= limit:
            at, rejected = at + 1, rejected + 1
        j, at = crafted(at) % (i + 1), at + 1
        out[i], out[j] = out[j], out[i]
    assert rejected == 2
    rng = Rng(SECRET, start)
    rng._word, rng._ahead, rng._keep, rng._words, rng._made = crafted, ahead, lambda words: None, array("Q"), 0
    assert (rng.shuffled(list(range(10))), rng.counter) == (out, at)


@given(st.lists(st.integers(), max_size=30), st.integers(min_value=0, max_value=10_000))
def test_shuffle_is_a_permutation_and_leaves_input_alone(items, counter):
    before = list(items)
    out = Rng(SECRET, counter).shuffled(items)
    assert items == before
    assert sorted(out) == sorted(items)


def test_trace_records_every_draw_and_redraw_recomputes_it():
    rng = Rng(SECRET, 100, trace=True)
    values = [rng.below(k) for k in (6, 20, 3)]
    assert rng.trace is not None and [t[2] for t in rng.trace] == values
    for at, bound, result in rng.trace:
        assert redraw(SECRET, at, bound)[0] == result


def test_commitment_is_sha256_hex():
    assert commitment(SECRET) == hashlib.sha256(SECRET).hexdigest()


def test_short_secret_and_bad_bound_are_refused():
    with pytest.raises(ValueError):
        Rng(b"short")
    with pytest.raises(ValueError):
        Rng(SECRET).below(0)


@pytest.mark.parametrize("secret", [bytes(range(16)), SECRET, bytes(range(64)), bytes(range(100))])
def test_a_set_ups_first_shuffle_is_the_plainly_written_streams_too(secret):
    # A shuffle from a low counter has its words made together from counter 1 (`_Hmac.ahead`, by
    # PBKDF2); a key longer than a block is hashed first there as HMAC hashes it.
    for counter in (0, 1, 40):
        rng = Rng(secret, counter)
        assert (rng.shuffled(list(range(100))), rng.counter) == reference_shuffle(secret, counter, list(range(100)))


@pytest.mark.parametrize("secret", [bytes(range(16)), SECRET, bytes(range(100))])
@pytest.mark.parametrize("counter", [0, 1, 7, 300])
@pytest.mark.parametrize("hint", [0, 1, 2, 40, 120, 1000])
def test_a_prefetch_hint_changes_no_draw_whatever_its_size(secret, counter, hint):
    # A set-up says how many draws come (`prefetch`); its words are then read from those made
    # together. Short, long or wrong, the hint must leave every draw and counter as the plain
    # stream has them: shuffles, small bounds and bounds rejecting half their words, some read
    # from the kept words and some past them.
    bounds = [6, (1 << 63) + 1, 52, (1 << 63) + 12345, 1000, (1 << 64) - 1, 2]
    rng, at = Rng(secret, counter), counter
    rng.prefetch(hint)
    for n in bounds * 6:
        result, _, at = reference_below(secret, at, n)
        assert (rng.below(n), rng.counter) == (result, at), (n, at)
        order, at = reference_shuffle(secret, at, list(range(n % 37)))
        assert (rng.shuffled(list(range(n % 37))), rng.counter) == (order, at), (n, at)


def test_the_words_a_hint_made_serve_later_cursors_over_the_secret_and_one_secret_keeps_them():
    # A set-up's hint also covers the actions after it, each with a cursor of its own; a
    # cursor over another secret's words must never read them, and only one secret's are kept.
    other = bytes(range(1, 33))
    Rng(SECRET, 0).prefetch(600)
    assert _Hmac.of(SECRET).kept and not _Hmac.of(other).kept
    for counter in (1, 250, 598, 599, 600):
        later = Rng(SECRET, counter)
        assert (later.shuffled(list(range(60))), later.counter) == reference_shuffle(SECRET, counter, list(range(60)))
    assert _Hmac.of(SECRET).kept
    for counter in (1, 250, 598):
        stranger = Rng(other, counter)
        assert (stranger.shuffled(list(range(60))), stranger.counter) == reference_shuffle(other, counter,
                                                                                            list(range(60)))
    Rng(other, 0).prefetch(600)
    assert _Hmac.of(other).kept and not _Hmac.of(SECRET).kept
