"""Japanese that reads as one voice across the project (issue 21)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEY = "秘密" + "鍵"  # spelt in two parts so this file does not find itself


def test_issue_21_the_match_secret_is_never_called_a_key() -> None:
    """It is a random secret value, not a key: 秘密値 everywhere."""
    found = [f"{path.relative_to(ROOT)}:{n}"
             for top in ("engine", "events", "bot", "docs", "tests")
             for path in sorted((ROOT / top).rglob("*")) if path.suffix in (".py", ".md", ".js", ".html", ".json")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if KEY in line]
    assert found == []
