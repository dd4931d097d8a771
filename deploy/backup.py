#!/usr/bin/env python3
"""Back up Parley's SQLite database while the bot runs.

Uses SQLite's online backup API, so the copy is consistent even mid-write
(the bot keeps WAL mode; copying the file with cp could tear it). Standard
library only, so it runs anywhere Python does.

    python3 deploy/backup.py /var/lib/parley/parley.sqlite /var/lib/parley/backups --keep 14
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path


def backup(source: Path, target_dir: Path, keep: int) -> Path:
    if not source.exists():
        raise SystemExit(f"no database at {source}")
    target_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = target_dir / f"{source.stem}-{stamp}.sqlite"
    partial = target.with_suffix(".partial")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(partial)
    try:
        src.backup(dst, pages=1024)  # in steps, so the bot is never blocked for long
        ok = dst.execute("PRAGMA integrity_check").fetchone()[0]
        if ok != "ok":
            raise SystemExit(f"backup failed its integrity check: {ok}")
    finally:
        dst.close()
        src.close()
    partial.rename(target)
    if keep > 0:
        old = sorted(target_dir.glob(f"{source.stem}-*.sqlite"))[:-keep]
        for path in old:
            path.unlink()
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", type=Path)
    parser.add_argument("target_dir", type=Path)
    parser.add_argument("--keep", type=int, default=14, help="how many backups to keep (0: all)")
    args = parser.parse_args(argv)
    print(backup(args.database, args.target_dir, args.keep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
