"""Leagues and tournaments: a stream of their own in the match log, folded like a match."""
