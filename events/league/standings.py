"""A league's table: scores and tie-breaks folded from the tables played.

Scoring, one rule for two seats and pods alike: a table is worth one point,
shared by how each player fared against each other player at it (beat: 1,
tie: 1/2, lost: 0), divided by the number of opponents. Two seats give the
usual 1 / ½ / 0; a four-seat pod's winner 1, second 2/3, third 1/3, last 0.
A bye is worth a win and has no opponent. A table ended without a result
(a match nobody finished by the deadline) has every player lose to every other.

Tie-breaks, in order (FIDE's definitions, per table divided by the number of
opponents as scores are):
- Buchholz: the sum of the opponents' scores;
- Sonneborn-Berger: the sum of the opponents' scores, each weighted by what
  the player took from that opponent (a beaten one whole, a tied one half);
then the seed (the rating order the league started with).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Played:
    """One table of a round: each player's place there (1 best, equal places
    tie). A place of None lost to everyone; a table of one player is a bye."""

    round: int
    places: tuple[tuple[str, int | None], ...]

    @property
    def players(self) -> list[str]:
        return [p for p, _ in self.places]

    def against(self, a: str, b: str) -> float:
        """What `a` took from `b` at this table: 1, 1/2 or 0."""
        pa, pb = dict(self.places)[a], dict(self.places)[b]
        if pa is None:
            return 0.0
        if pb is None or pa < pb:
            return 1.0
        return 0.5 if pa == pb else 0.0

    def points(self, player: str) -> float:
        others = [p for p in self.players if p != player]
        if not others:
            return 1.0  # a bye
        return sum(self.against(player, o) for o in others) / len(others)


@dataclass(frozen=True)
class Standing:
    player: str
    score: float
    buchholz: float
    sonneborn_berger: float
    played: int
    byes: int
    dropped: bool


def scores(played: Sequence[Played]) -> dict[str, float]:
    out: dict[str, float] = {}
    for table in played:
        for p in table.players:
            out[p] = out.get(p, 0.0) + table.points(p)
    return out


def standings(seeds: Sequence[str], played: Sequence[Played], dropped: Collection[str] = ()) -> list[Standing]:
    """The table, best first: score, Buchholz, Sonneborn-Berger, then seed.
    Dropped players keep their place and are marked."""
    score = scores(played)
    bh = dict.fromkeys(seeds, 0.0)
    sb = dict.fromkeys(seeds, 0.0)
    games = dict.fromkeys(seeds, 0)
    byes = dict.fromkeys(seeds, 0)
    for table in played:
        for p in table.players:
            others = [o for o in table.players if o != p]
            if not others:
                byes[p] = byes.get(p, 0) + 1
                continue
            games[p] = games.get(p, 0) + 1
            bh[p] = bh.get(p, 0.0) + sum(score.get(o, 0.0) for o in others) / len(others)
            sb[p] = sb.get(p, 0.0) + sum(table.against(p, o) * score.get(o, 0.0) for o in others) / len(others)
    seed = {p: i for i, p in enumerate(seeds)}
    rows = [Standing(p, score.get(p, 0.0), bh.get(p, 0.0), sb.get(p, 0.0), games.get(p, 0), byes.get(p, 0),
                     p in dropped) for p in seeds]
    return sorted(rows, key=lambda s: (-s.score, -s.buchholz, -s.sonneborn_berger, seed[s.player]))


__all__ = ["Played", "Standing", "scores", "standings"]
