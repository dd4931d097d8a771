"""Values kept by an object's identity (engine/core/identity.py): made once for the very object
and what else the key names, never handed to another object that finds the same id, bounded."""

from engine.core.identity import kept_by_identity


def test_a_value_is_made_once_for_the_very_object_and_key():
    table: dict = {}
    made: list[object] = []

    def make(obj):
        made.append(obj)
        return len(made)

    a, b = [1], [1]  # equal, not the same
    assert kept_by_identity(table, a, make) == 1 and kept_by_identity(table, a, make) == 1
    assert kept_by_identity(table, b, make) == 2
    assert kept_by_identity(table, a, make, key=("ja",)) == 3 and kept_by_identity(table, a, make, key=("ja",)) == 3


def test_an_id_found_holding_another_object_is_made_afresh():
    a, b = [1], [2]
    table: dict = {(id(b),): (a, "a's")}  # as when a freed object's id is reused by a new one
    assert kept_by_identity(table, b, lambda obj: "b's") == "b's"


def test_the_table_is_bounded():
    table: dict = {}
    kept = [object() for _ in range(10)]
    for obj in kept:
        kept_by_identity(table, obj, id, kept=3)
        assert len(table) <= 3


def test_the_table_is_laid_out_as_its_readers_read_it():
    # engine/quarriors/names.py reads it inline: a layout changed here would leave it finding nothing.
    table: dict = {}
    a = [1]
    assert kept_by_identity(table, a, len, key=(2, "ja")) == 1
    assert table == {(id(a), 2, "ja"): (a, 1)}
