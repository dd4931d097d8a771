#!/usr/bin/env python3
"""Back up Parley's SQLite database while the bot runs, and put a backup back.

Uses SQLite's online backup API, so the copy is consistent even mid-write
(the bot keeps WAL mode; copying the file with cp could tear it). Standard
library only, so it runs anywhere Python does.

    python3 deploy/backup.py /var/lib/parley/parley.sqlite /var/lib/parley/backups --keep 14
    python3 deploy/backup.py --restore /var/lib/parley/backups/parley-20260101T043000Z.sqlite \\
                             /var/lib/parley/parley.sqlite      # with the bot stopped
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path

SIDE_FILES = ("-wal", "-shm")  # SQLite's companions of a WAL database, which belong to that file alone


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def _checked_copy(source: Path, target: Path) -> Path:
    """A checked copy of `source` beside `target` (renamed into place by the caller, so a crash never
    leaves half a file under a real name). One self-contained file, not WAL, so reading it creates no
    companions; readable by its owner alone, because it holds every match's secret."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    os.close(os.open(partial, os.O_CREAT | os.O_WRONLY, 0o600))
    src = sqlite3.connect(source.resolve().as_uri() + "?mode=ro", uri=True)
    dst = sqlite3.connect(partial)
    try:
        src.backup(dst, pages=1024)  # in steps, so the bot is never blocked for long
        ok = dst.execute("PRAGMA integrity_check").fetchone()[0]
        if ok != "ok":
            raise SystemExit(f"copy of {source} failed its integrity check: {ok}")
        dst.execute("PRAGMA journal_mode=DELETE")
    finally:
        dst.close()
        src.close()
    return partial


def backup(source: Path, target_dir: Path, keep: int) -> Path:
    if not source.exists():
        raise SystemExit(f"no database at {source}")
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / f"{source.stem}-{_stamp()}.sqlite"
    _checked_copy(source, target).rename(target)
    if keep > 0:
        old = sorted(target_dir.glob(f"{source.stem}-*.sqlite"))[:-keep]
        for path in old:
            path.unlink()
    return target


def restore(copy: Path, database: Path) -> Path | None:
    """Put a backup in the database's place; run it with the bot stopped, as the user the bot runs as.

    The backup is copied and checked before anything is touched. The database it replaces is kept,
    renamed, together with its -wal and -shm: a -wal left beside a different database would be
    replayed into it on the next open. Returns that kept name (None if there was no database).
    """
    if not copy.is_file():
        raise SystemExit(f"no backup at {copy}")
    partial = _checked_copy(copy, database)
    kept = database.with_name(f"{database.name}.replaced-{_stamp()}") if database.exists() else None
    for suffix in ("", *SIDE_FILES):
        old = database.with_name(database.name + suffix)
        if old.exists():
            if kept is None:
                old.unlink()  # companions of no database: stale, and harmful to the restored one
            else:
                old.rename(kept.with_name(kept.name + suffix))
    partial.rename(database)
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the database (with --restore: the backup file)")
    parser.add_argument("target", type=Path, help="the folder for dated backups (with --restore: the database)")
    parser.add_argument("--keep", type=int, default=14, help="how many backups to keep (0: all)")
    parser.add_argument("--restore", action="store_true",
                        help="put the backup SOURCE in the place of the database TARGET (stop the bot first)")
    args = parser.parse_args(argv)
    if args.restore:
        kept = restore(args.source, args.target)
        print(f"restored {args.target} from {args.source}" + (f"; the previous database is {kept}" if kept else ""))
    else:
        print(backup(args.source, args.target, args.keep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
