"""Parley's rules: pure reducers, no I/O, no clock, no global random."""
