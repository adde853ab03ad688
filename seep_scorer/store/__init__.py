"""The match store: matches, settings, import and export, on TinyDB.

`repository.open_repository()` opens a data folder (the TinyDB repository, `tinyrepo.py`, loads
on the first open, so commands that only read match files never load it); the UI and the command
line see only the `repository.MatchRepository` interface. docs/store.md has the design.
"""
