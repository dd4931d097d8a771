"""Quarriors (クォーリアーズ): dice-bag building for 2-4 players."""
