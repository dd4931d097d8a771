#!/bin/sh
# Installs Parley's Discord bot as systemd services on Debian/Ubuntu, or upgrades an installed one to this
# checkout. As root, from the repository:   sudo sh deploy/install-systemd.sh
# It never touches the database (/var/lib/parley) nor an existing /etc/parley/parley.env, and never starts
# or stops anything: the steps around it are in docs/discord.md ("systemd", "Upgrade").
set -eu

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/parley
UNITS="parley.service parley-backup.service parley-backup.timer parley-sync-commands.service"

fail() { echo "install-systemd: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run it as root: sudo sh $0"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || fail "Parley needs Python 3.11 or newer as python3"

getent group parley >/dev/null || groupadd --system parley
id -u parley >/dev/null 2>&1 || useradd --system --gid parley --home-dir /var/lib/parley --shell /usr/sbin/nologin parley

# The code, in a virtualenv: Debian and Ubuntu refuse `pip install` into the system's Python (PEP 668).
install -d -m 755 "$PREFIX" "$PREFIX/bin"
python3 -m venv "$PREFIX/venv" || fail "python3 cannot make a virtualenv; install it: apt-get install python3-venv"
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
# Built from a copy of the sources (the same files the Dockerfile copies), so that root leaves no build/
# or parley.egg-info in your checkout.
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cp -R "$SRC/pyproject.toml" "$SRC/README.md" "$SRC/engine" "$SRC/events" "$SRC/bot" "$build/"
"$PREFIX/venv/bin/pip" install --quiet --upgrade "$build"
# Every script a unit runs is installed here (tests/discord/test_deploy.py checks that none is missing).
install -m 755 "$SRC/deploy/backup.py" "$PREFIX/bin/parley-backup"

# The settings are root's: systemd reads the file before it starts the bot as parley.
install -d -m 700 /etc/parley
if [ ! -e /etc/parley/parley.env ]; then
    install -m 600 "$SRC/deploy/example.env" /etc/parley/parley.env
    echo "Now fill in PARLEY_DISCORD_TOKEN in /etc/parley/parley.env."
fi

for unit in $UNITS; do
    install -m 644 "$SRC/deploy/$unit" /etc/systemd/system/
done
systemctl daemon-reload
echo "Installed $("$PREFIX/venv/bin/pip" show parley | sed -n 's/^Version: //p') in $PREFIX. First time:"
echo "  systemctl start parley-sync-commands && systemctl enable --now parley parley-backup.timer"
