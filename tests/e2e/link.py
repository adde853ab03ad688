"""A phone's Wi-Fi between the browser and the server, for tests that drop it: a TCP relay on its
own loopback port to the server's. `cut()` drops every open connection and refuses new ones (the
phone left the network, or went to sleep), `restore()` lets them through again. Loopback only.
"""

from __future__ import annotations

import contextlib
import socket
import threading

from e2e_support import free_port


class Link:
    def __init__(self, server_port: int):
        self.server_port = server_port
        self.port = free_port()
        self._up = threading.Event()
        self._up.set()
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> "Link":
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._listener.settimeout(0.2)
        self._running = True
        threading.Thread(target=self._accept, name=f"link {self.port}", daemon=True).start()
        return self

    def stop(self) -> None:
        self._running = False
        self.cut()
        if self._listener is not None:
            self._listener.close()

    def cut(self) -> None:
        """The network is gone: every connection through the link is dropped, new ones refused."""
        self._up.clear()
        with self._lock:
            sockets, self._open = list(self._open), set()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                sock.close()

    def restore(self) -> None:
        self._up.set()

    def _accept(self) -> None:
        while self._running:
            try:
                phone, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            if not self._up.is_set():
                phone.close()  # as a refused connection
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.server_port), timeout=5)
            except OSError:
                phone.close()  # the server is down (restarting): the phone sees it refused
                continue
            server.settimeout(None)
            with self._lock:
                self._open.update((phone, server))
            for a, b in ((phone, server), (server, phone)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, target):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
            with self._lock:
                self._open.discard(source)
            source.close()
