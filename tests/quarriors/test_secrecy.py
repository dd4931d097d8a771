"""Hidden information: what each viewer may see (regressions found by random play)."""

from __future__ import annotations

from engine.core import SPECTATOR, Viewer
from engine.core.redaction import leaked
from engine.quarriors.game import GAME, hidden_ids
from engine.quarriors.state import ATTACK
from tests.quarriors.helpers import act, make, place


def test_view_a_creature_that_went_back_into_its_bag_mid_attack_is_not_named() -> None:
    """Seed 686 (2 seats): a destroyed Mighty Scavenging Goblin draws with an empty bag, so the used
    pile (the goblin included) becomes the bag; the attack's list of creatures that already absorbed
    still named it, showing other players a die inside a bag."""
    s = make(["mighty_scavenging_goblin"])
    place(s, "ready", 0, "deathdealer", level=2)  # attack 4
    g = place(s, "ready", 1, "mighty_scavenging_goblin", level=1, burst=1)
    place(s, "ready", 1, "quake_dragon", level=3)  # defense 7: either survives the rest
    place(s, "ready", 1, "quake_dragon", level=3)
    s.used[1].extend(s.bag[1])  # an empty bag: the goblin's draw turns the used pile into the bag
    s.bag = (s.bag[0], ())
    s = act(s, 0, kind="proceed")
    s = act(s, 1, kind="absorb", die=g)
    assert g in s.bag[1] and g in s.hit and s.step == ATTACK  # the position of the regression
    for viewer in (SPECTATOR, Viewer(seat=0)):
        view = GAME.view(s, viewer)
        assert f"d{g}" in hidden_ids(s, viewer)
        assert leaked(view, hidden_ids(s, viewer)) == set()
    assert f"d{g}" in str(GAME.view(s, Viewer(seat=1))["players"][1]["bag"])  # its owner still sees it
