"""`seep-scorer` as a child process under a given open-file
limit (Linux), for tests that flood it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LimitedServer:
    """`seep-scorer` started with RLIMIT_NOFILE (soft, hard)."""

    def __init__(self, tmp_path: Path, soft: int, hard: int):
        self.port = free_port()
        tmp_path.mkdir(parents=True, exist_ok=True)
        self.log = tmp_path / "server.log"
        code = (
            "import resource, runpy, sys; "
            f"resource.setrlimit(resource.RLIMIT_NOFILE, ({soft}, {hard})); "
            "sys.argv = ['seep-scorer'] + sys.argv[1:]; "
            "runpy.run_module('seep_scorer', run_name='__main__')"
        )
        with open(self.log, "wb") as log:
            args = ["--port", str(self.port), "--data-dir", str(tmp_path / "data"), "--no-qr"]
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code, *args],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, self.log.read_text(errors="replace")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

    def descriptors(self) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))

    def soft_limit(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                return int(line.split()[3])
        raise AssertionError("no open-file limit")

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait(30)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


class SilentFlood:
    """Keeps about `count` connections that never send a byte open to the server, opening new ones
    as the server closes old ones (a thread, until `stop`)."""

    def __init__(self, port: int, count: int):
        import threading

        self.port, self.count = port, count
        self.socks: list[socket.socket] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.done.is_set():
            while len(self.socks) >= self.count:
                self.socks.pop(0).close()
            try:
                self.socks.append(socket.create_connection(("127.0.0.1", self.port), timeout=5))
            except OSError:
                pass
            self.done.wait(0.02)

    def __enter__(self) -> "SilentFlood":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.done.set()
        self.thread.join(30)
        for sock in self.socks:
            sock.close()
