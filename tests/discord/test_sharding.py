"""Several bot processes: each serves a range of Discord shards over one
PostgreSQL database, does the scheduled work of its own servers only, and
keeps its own delivery outbox."""

import pytest

from bot.discord.app import ParleyBot, ShardedParleyBot, bot_class
from bot.discord.config import ConfigError, load_config

PG = "postgresql://postgres@127.0.0.1:5432/parley"


def env(**extra):
    return {"PARLEY_DISCORD_TOKEN": "t", "PARLEY_DB": PG, **extra}


def test_shard_ids_and_count_are_read_with_ranges():
    config = load_config(env(PARLEY_SHARD_IDS="0,2-3", PARLEY_SHARD_COUNT="4"))
    assert config.shard_ids == (0, 2, 3) and config.shard_count == 4
    assert config.db == PG  # the URL is kept as it is, not turned into a path
    assert bot_class(config) is ShardedParleyBot


def test_a_process_owns_the_servers_of_its_shards():
    config = load_config(env(PARLEY_SHARD_IDS="1", PARLEY_SHARD_COUNT="2"))
    guild_on_0, guild_on_1 = 2 << 22, 3 << 22
    assert not config.owns(guild_on_0) and config.owns(guild_on_1)
    assert config.process_key == "pending:1"
    assert load_config(env()).owns(guild_on_0) and load_config(env()).process_key == "pending"


@pytest.mark.parametrize("extra, words", [
    ({"PARLEY_SHARD_IDS": "0"}, "go together"),
    ({"PARLEY_SHARD_IDS": "5", "PARLEY_SHARD_COUNT": "2"}, "within 0..1"),
    ({"PARLEY_SHARD_IDS": "x", "PARLEY_SHARD_COUNT": "2"}, "numbers"),
    ({"PARLEY_SHARD_IDS": "0", "PARLEY_SHARD_COUNT": "2", "PARLEY_DB": "/tmp/parley-shard-test.sqlite"}, "postgresql"),
])
def test_bad_shard_settings_are_refused_clearly(extra, words):
    with pytest.raises(ConfigError, match=words):
        load_config(env(**extra))


def test_one_process_without_shards_is_the_plain_client():
    assert bot_class(load_config(env())) is ParleyBot
