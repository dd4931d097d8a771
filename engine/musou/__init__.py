"""真・三國無双4 TCG (Musou): a rules-enforced two-player card game with an
original sample card set. See docs/rules/musou.md."""
