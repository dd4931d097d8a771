"""What a new operator relies on, checked offline: the deploy files agree with each other and with the
docs, backups restore, and a start-up logs no alarm that is not one."""

from __future__ import annotations

import importlib.util
import itertools
import logging
import re
import shlex
import sqlite3
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from discord.voice_client import VoiceClient

from bot.cli import parser
from bot.discord.app import ParleyBot
from bot.discord.config import Config, ConfigError, load_config
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import FakeHTTPError, Harness
from tests.discord.helpers import open_match

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
DOCS = (ROOT / "docs" / "discord.md").read_text()
INSTALL = (DEPLOY / "install-systemd.sh").read_text()
COMPOSE: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
UNITS = sorted(p for p in DEPLOY.iterdir() if p.suffix in (".service", ".timer"))
TEST_GUILD = 123_456_789_012_345_678


def _backup_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("parley_backup", DEPLOY / "backup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _unit(path: Path) -> dict[str, list[str]]:
    """key -> values of a systemd unit (comments dropped)."""
    out: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        key, eq, value = line.partition("=")
        if eq and not line.startswith("#"):
            out.setdefault(key.strip(), []).append(value.strip())
    return out


# -- backups -------------------------------------------------------------------------------------------


async def test_online_backup_while_the_bot_runs(harness: Harness, tmp_path: Path) -> None:
    match_id, _ = await open_match(harness, ALICE, BOB)
    copy = _backup_module().backup(harness.db, tmp_path / "backups", keep=3)
    with sqlite3.connect(copy) as db:
        assert db.execute("SELECT COUNT(*) FROM events WHERE match_id = ?", (match_id,)).fetchone()[0] >= 4
    # A backup holds every match's secret: its owner's alone, whatever the umask.
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600


def _db_with(path: Path, rows: int) -> None:
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER)")
        db.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(rows)])


def test_restore_puts_the_backup_back_and_keeps_what_it_replaced(tmp_path: Path) -> None:
    backup = _backup_module()
    database = tmp_path / "parley.sqlite"
    _db_with(database, 3)
    copy = backup.backup(database, tmp_path / "backups", keep=0)
    _db_with(database, 4)  # moves made after the backup
    live = sqlite3.connect(database)  # holds the -wal and -shm open, as a crashed bot leaves them
    live.execute("INSERT INTO t VALUES (99)")
    live.commit()
    assert Path(f"{database}-wal").exists()

    assert backup.main(["--restore", str(copy), str(database)]) == 0
    live.close()
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 3
    (kept,) = tmp_path.glob("parley.sqlite.replaced-*[0-9]Z")
    with sqlite3.connect(kept) as db:  # nothing is lost: the replaced database, its WAL with it, still reads
        assert db.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 8


def test_a_bad_backup_is_refused_before_the_database_is_touched(tmp_path: Path) -> None:
    backup = _backup_module()
    database = tmp_path / "parley.sqlite"
    _db_with(database, 2)
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"not a database" * 100)
    with pytest.raises((SystemExit, sqlite3.DatabaseError)):
        backup.restore(broken, database)
    with pytest.raises(SystemExit, match="no backup"):
        backup.restore(tmp_path / "missing.sqlite", database)
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 2
    assert not list(tmp_path.glob("*.replaced-*"))


# -- start-up ------------------------------------------------------------------------------------------


async def test_start_up_logs_no_voice_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    # discord.py warns once per process; as if this were the first client, without PyNaCl and davey.
    monkeypatch.setattr(VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.INFO):
        async with Harness(tmp_path / "parley.sqlite"):
            logging.getLogger("discord.client").warning("the gateway is slow")
    assert VoiceClient.warn_nacl is False, "discord.py no longer warns at this point; the test proves nothing"
    assert not [r for r in caplog.records if "voice" in r.getMessage()]
    # only that notice is dropped: the client's other warnings still reach the log
    assert [r for r in caplog.records if r.getMessage() == "the gateway is slow" and r.levelno == logging.WARNING]


@pytest.mark.slow
async def test_a_test_server_gets_the_commands_at_every_start(tmp_path: Path) -> None:
    async with Harness(tmp_path / "parley.sqlite", dev_guild=TEST_GUILD) as h:
        assert {c["name"] for c in h.fake.guild_commands[TEST_GUILD]} == {"parley", "parley-mod", "parley-league"}
        assert h.fake.commands == []  # every other server keeps its global commands as they were
        await h.restart()
        assert len([c for c in h.fake.calls if c.method == "PUT" and "/guilds/" in c.path]) == 2


@pytest.mark.slow
async def test_a_test_server_that_refuses_is_logged_and_the_bot_runs(tmp_path: Path,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    h = Harness(tmp_path / "parley.sqlite", dev_guild=TEST_GUILD)
    h.fake.fail_next.append((f"/guilds/{TEST_GUILD}/commands", FakeHTTPError(403, 50001, "Missing Access")))
    with caplog.at_level(logging.INFO):
        async with h:
            ex = await h.slash(ALICE, "games")
            assert "`toy`" in h.reply_text(ex)
    assert [r for r in caplog.records if r.levelno == logging.ERROR and "PARLEY_DEV_GUILD" in r.getMessage()]


@pytest.mark.slow
async def test_sync_commands_publishes_to_the_test_server_alone(harness: Harness, tmp_path: Path) -> None:
    bot = ParleyBot(Config(token="t", db=tmp_path / "x.sqlite", dev_guild=TEST_GUILD),
                    background=False, commands_only=True)
    await bot.login("t")
    synced = await bot.publish()
    await bot.close()
    assert {c.name for c in synced} == {"parley", "parley-mod", "parley-league"}
    assert harness.fake.guild_commands[TEST_GUILD] and harness.fake.commands == []


def test_dev_guild_is_a_server_id() -> None:
    env = {"PARLEY_DISCORD_TOKEN": "t", "PARLEY_DB": "/tmp/parley-deploy-test.sqlite"}
    assert load_config(env).dev_guild is None
    assert load_config(env | {"PARLEY_DEV_GUILD": f" {TEST_GUILD} "}).dev_guild == TEST_GUILD
    for bad in ("my-server", "12a", "１２３"):
        with pytest.raises(ConfigError, match="PARLEY_DEV_GUILD"):
            load_config(env | {"PARLEY_DEV_GUILD": bad})


# -- systemd -------------------------------------------------------------------------------------------


def test_deploy_files_exist() -> None:
    for name in ("Dockerfile", "compose.yaml", "parley.service", "example.env", "backup.py", "install-systemd.sh"):
        assert (DEPLOY / name).is_file(), name
    env = (DEPLOY / "example.env").read_text()
    for var in ("PARLEY_DISCORD_TOKEN", "PARLEY_DB", "PARLEY_REMINDER_HOURS", "PARLEY_MOD_ROLE", "PARLEY_DEV_GUILD"):
        assert var in env


def test_install_script_is_valid_shell_and_installs_every_unit() -> None:
    subprocess.run(["sh", "-n", str(DEPLOY / "install-systemd.sh")], check=True)
    (listed,) = re.findall(r'^UNITS="([^"]*)"', INSTALL, re.M)
    assert sorted(listed.split()) == [p.name for p in UNITS]
    assert "systemctl daemon-reload" in INSTALL


def test_every_file_a_unit_names_is_made_by_the_install_script() -> None:
    prefix = re.search(r"^PREFIX=(\S+)$", INSTALL, re.M)
    assert prefix
    made: dict[str, str | None] = {}  # installed path -> the repository file it comes from (None: made in place)
    for src, dest in re.findall(r'^\s*install -m \d+ "\$SRC/([^"]+)" "([^"]+)"$', INSTALL, re.M):
        made[dest.replace("$PREFIX", prefix[1])] = src
    for directory in re.findall(r"^\s*install -d (?:-m \d+ )?(.+)$", INSTALL, re.M):
        for d in shlex.split(directory.replace('"$PREFIX"', prefix[1]).replace("$PREFIX", prefix[1])):
            made[d] = None
    if re.search(r'^python3 -m venv "\$PREFIX/venv"', INSTALL, re.M):
        made[f"{prefix[1]}/venv/bin/python"] = None
    pyproject = (ROOT / "pyproject.toml").read_text()
    if '"$PREFIX/venv/bin/pip" install --quiet --upgrade "$build"' in INSTALL and 'parley = "bot.cli:main"' in pyproject:
        made[f"{prefix[1]}/venv/bin/parley"] = None
    for src in made.values():
        assert src is None or (ROOT / src).is_file(), src
    for unit in UNITS:
        keys = _unit(unit)
        for command in keys.get("ExecStart", []):
            for word in shlex.split(command):
                if word.startswith("/opt/"):
                    assert word in made, f"{unit.name} runs {word}, which the install script does not install"
        for env_file in keys.get("EnvironmentFile", []):
            assert str(Path(env_file).parent) in made, f"{unit.name}: nothing creates {Path(env_file).parent}"
            assert f"install -m 600 \"$SRC/deploy/example.env\" {env_file}" in INSTALL


def test_the_install_script_builds_what_the_image_builds() -> None:
    (copied,) = re.findall(r'^cp -R (.+) "\$build/"$', INSTALL, re.M)
    from_checkout = {word.removeprefix("$SRC/") for word in shlex.split(copied)}
    in_image = {src for src in _dockerfile_copies().values() if not src.startswith("deploy/")}
    assert from_checkout == in_image


def test_every_unit_the_docs_name_is_installed() -> None:
    named = set(re.findall(r"systemctl (?:start|stop|enable --now|restart) ([\w. -]+)", DOCS))
    units = {p.stem for p in UNITS} | {p.name for p in UNITS}
    for words in named:
        for unit in words.split():
            assert unit in units, unit
    for unit in re.findall(r"journalctl((?: -u [\w-]+)+)", DOCS):
        for name in unit.split()[1::2]:
            assert name in units, name


# -- compose -------------------------------------------------------------------------------------------


def _dockerfile_copies() -> dict[str, str]:
    """Path in the image -> repository path, from the Dockerfile's COPY lines under its WORKDIR."""
    text = (DEPLOY / "Dockerfile").read_text()
    (workdir,) = re.findall(r"^WORKDIR (\S+)$", text, re.M)
    copies = {}
    for line in re.findall(r"^COPY (.+)$", text, re.M):
        *sources, dest = line.split()
        for src in sources:
            into = Path(workdir) / dest
            copies[str(into / Path(src).name if dest.endswith("/") else into)] = src
    return copies


def test_compose_refers_only_to_existing_files() -> None:
    copies = _dockerfile_copies()
    for src in copies.values():
        assert (ROOT / src).exists(), f"the Dockerfile copies {src}, which does not exist"
    for name, service in COMPOSE["services"].items():
        build = service.get("build")
        if build:
            assert (DEPLOY / build["context"] / build["dockerfile"]).is_file()
        env_file = service.get("env_file")
        if env_file:  # the operator's copy of example.env, as the docs say
            assert f"cp deploy/example.env deploy/{env_file}" in DOCS
        argv = [*(service.get("entrypoint") or []), *(service.get("command") or [])]
        for word in shlex.split(" ".join(argv)):
            if word.startswith("/app/"):
                assert word in copies, f"service {name} runs {word}, which the image does not contain"


def test_the_backup_job_can_write_its_bind_mount() -> None:
    """Docker creates a missing bind-mount folder owned by root, and the image runs as parley: a job that
    writes into one must give it to parley first (as root), then do its work as parley."""
    for name, service in COMPOSE["services"].items():
        if service.get("image") != "parley:latest":
            continue
        for volume in service.get("volumes") or []:
            host, target, *mode = volume.split(":")
            if not host.startswith(".") or mode == ["ro"]:
                continue
            command = " ".join(service.get("command") or [])
            assert service.get("user") == "root", f"{name} writes {host} as parley"
            assert f"chown parley:parley {target} && exec setpriv --reuid=parley --regid=parley" in command, name


def test_every_compose_job_the_docs_name_exists() -> None:
    for service in re.findall(r"docker compose -f deploy/compose.yaml (?:run --rm|logs(?: -f| --since \w+)?|"
                              r"stop|start|up -d) ([\w-]+)", DOCS):
        assert service in COMPOSE["services"], service


# -- the docs' commands --------------------------------------------------------------------------------


def _subcommands() -> dict[str, str]:
    actions = [a for a in parser()._actions if a.choices and isinstance(a.choices, dict)]
    return {name: sub.format_help() for name, sub in actions[0].choices.items()}


def _command_texts() -> list[str]:
    """The docs' code (fenced blocks, inline code) and every line of the deploy files, comments included."""
    texts, fenced = [], False
    for line in DOCS.replace("\\\n", " ").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        else:
            texts.extend([line] if fenced else line.split("`")[1::2])
    for path in [*UNITS, DEPLOY / "compose.yaml", DEPLOY / "install-systemd.sh"]:
        texts.extend(path.read_text().replace("\\\n", " ").splitlines())
    return texts


def test_the_docs_name_only_real_commands_and_flags() -> None:
    help_of = _subcommands()
    backup_help = subprocess.run(["python3", str(DEPLOY / "backup.py"), "--help"], capture_output=True,
                                 text=True, check=True).stdout
    checked = set()
    for text in _command_texts():
        words = [w for w in re.split(r"[\s\"'\[\],]+", text.split(" # ")[0]) if w]
        for i, word in enumerate(words):
            tool = word.rsplit("/", 1)[-1]
            if tool not in ("parley", "backup.py", "parley-backup"):
                continue
            args = list(itertools.takewhile(lambda w: w not in ("&&", "|", ";", "||"), words[i + 1:]))
            if tool == "parley":
                if not args or args[0] not in help_of:
                    continue  # prose ("the parley user"), not a command
                helptext = help_of[args[0]]
            else:
                helptext = backup_help
            for flag in (w.split("=")[0] for w in args if w.startswith("--")):
                assert flag in re.findall(r"--[\w-]+", helptext), f"{tool}: no flag {flag} in {text.strip()!r}"
                checked.add((tool, flag))
    # the scan finds the commands it exists for
    assert {("backup.py", "--restore"), ("parley-backup", "--keep"), ("parley", "--verify")} <= checked


# -- docs/rules ----------------------------------------------------------------------------------------


def test_the_rules_cite_no_seed_file_a_reader_cannot_open() -> None:
    for path in sorted((ROOT / "docs" / "rules").glob("*.md")):
        text = path.read_text()
        assert not re.search(r"\b\d{3}_[0-9a-f]{16}\.txt\b", text), path.name
        assert "seeds/README" not in text, path.name
