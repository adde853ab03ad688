"""Profiles a whole server process, every thread (the event loop and the threads that read the
store off it), when SEEP_PROFILE names the file for the stats: bench/event_load.py --profile puts
this folder on the server's PYTHONPATH. Each thread has its own cProfile profile (one profile is
not safe across threads); they are merged into one pstats file at exit. The times are each
thread's CPU time (time.thread_time): on a machine shared with other work, waiting for a CPU or
for a lock counts for nothing, so the figures say what the server's own work costs."""

import atexit
import cProfile
import os
import pstats
import threading
import time

_OUT = os.environ.get("SEEP_PROFILE")
if _OUT:
    _profiles: list[cProfile.Profile] = []
    _lock = threading.Lock()

    def _start() -> None:
        profile = cProfile.Profile(time.thread_time)
        with _lock:
            _profiles.append(profile)
        profile.enable()

    def _in_thread(*_args) -> None:  # the first call in a new thread: its own profile instead
        _start()

    def _dump() -> None:
        with _lock:
            found = list(_profiles)
        for p in found:
            p.disable()
            p.create_stats()
        stats = pstats.Stats(found[0])
        for p in found[1:]:
            stats.add(p)
        stats.dump_stats(_OUT)

    threading.setprofile(_in_thread)
    _start()
    atexit.register(_dump)
