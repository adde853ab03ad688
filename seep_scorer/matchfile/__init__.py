"""The match file format, version 1: a package of its own, beside the rules and the store.

It reads and writes one match as strict JSON, with every field checked and the
match replayed once. It imports only the rules; the store, the command line and
the UI use it like any client.
"""

from seep_scorer.matchfile.format import (
    FORMAT_NAME,
    FORMAT_VERSION,
    MAX_DEALS,
    MAX_FILE_BYTES,
    dumps_match,
    loads_match,
    loads_scored_match,
    match_from_dict,
    match_to_dict,
    read_match_file,
    read_scored_match_file,
    scored_match_from_dict,
)

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_DEALS",
    "MAX_FILE_BYTES",
    "dumps_match",
    "loads_match",
    "loads_scored_match",
    "match_from_dict",
    "match_to_dict",
    "read_match_file",
    "read_scored_match_file",
    "scored_match_from_dict",
]
