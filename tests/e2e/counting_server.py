"""A static file server for the published site that counts what it sends (the end-to-end tests
and bench/publish_startup.py count a first visit's bytes with it)."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path


class CountingServer:
    """A static file server (threads, plain HTTP/1.1) that counts what it sends: (path, bytes)."""

    def __init__(self, folder: Path):
        sent = self.sent = []

        class Handler(http.server.SimpleHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def copyfile(self, source, outputfile):
                n = 0
                while chunk := source.read(1 << 16):
                    outputfile.write(chunk)
                    n += len(chunk)
                sent.append((self.path.partition("?")[0], n))

            def log_message(self, *args):
                pass

        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # a browser context closed mid-download: nothing to report

        self.httpd = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def take(self) -> list[tuple[str, int]]:
        got, self.sent[:] = list(self.sent), []
        return got

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
