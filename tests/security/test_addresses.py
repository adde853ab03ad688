"""Which addresses count as loopback (no token needed),
and how the join address is written (issue 8,
item 5): `is_loopback` looks at what the name resolves to, not at its spelling; IPv6 join addresses
carry brackets; the server is told which addresses it answers to."""

import argparse
import socket

import pytest

from seep_scorer.app.shell import app as ui_app
from seep_scorer.cli import serve
from seep_scorer.server import app as server
from seep_scorer.server.app import OwnAddressGuard, is_loopback, url_host


def resolving(monkeypatch, table: dict[str, list[str]]):
    """getaddrinfo answers from `table` (no DNS); names not in it fail as unknown."""

    def fake_getaddrinfo(host, port, *args, **kwargs):
        if host not in table:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, 0))
            for a in table[host]
        ]

    monkeypatch.setattr(socket, "getaddrinfo", fake_getaddrinfo)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "localhost"])
def test_loopback_addresses_are_loopback(host):
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "", "192.168.1.20", "fe80::1", "10.0.0.1"])
def test_every_interface_and_lan_addresses_are_not(host):
    assert not is_loopback(host)


def test_a_name_counts_by_what_it_resolves_to_not_by_its_spelling(monkeypatch):
    resolving(
        monkeypatch,
        {
            "127.evil.example": ["203.0.113.7"],  # looks like 127.x, is not
            "mybox": ["127.0.1.1"],  # Debian's own host name: loopback
            "both": ["127.0.0.1", "192.168.1.20"],  # listening there reaches the LAN too
            "v6home": ["::1"],
        },
    )
    assert not is_loopback("127.evil.example")
    assert is_loopback("mybox")
    assert not is_loopback("both")
    assert is_loopback("v6home")
    assert not is_loopback("no-such-name")  # unresolvable: the safe answer, and no traceback


@pytest.mark.parametrize(
    "host, shown",
    [
        ("192.168.1.20", "192.168.1.20"),
        ("mybox.local", "mybox.local"),
        ("fe80::1", "[fe80::1]"),
        ("[fe80::1]", "[fe80::1]"),
        ("2001:db8::5", "[2001:db8::5]"),
        ("fe80::1%eth0", "[fe80::1%25eth0]"),
    ],
)
def test_ipv6_addresses_are_bracketed_in_urls(host, shown):
    assert url_host(host) == shown


def serve_and_capture(monkeypatch, capsys, tmp_path, host: str, lan: str = "192.168.1.20"):
    """`seep-scorer --host HOST` up to the point where it would start serving: what it prints
    and the app it would serve."""
    served = {}
    monkeypatch.setattr(ui_app, "DATA_DIR", ui_app.DATA_DIR)  # restored after the test
    monkeypatch.setattr(
        server, "run_server", lambda app, h, p: served.update(app=app, host=h, port=p)
    )
    monkeypatch.setattr(server, "lan_address", lambda: lan)
    args = argparse.Namespace(host=host, port=8550, no_qr=True, data_dir=str(tmp_path / "data"))
    assert serve.run(args) == 0
    return capsys.readouterr().out, served["app"]


def test_the_ipv6_join_address_has_brackets(monkeypatch, capsys, tmp_path):
    out, app = serve_and_capture(monkeypatch, capsys, tmp_path, "fe80::1")
    assert "http://[fe80::1]:8550/#join=" in out
    assert isinstance(app, OwnAddressGuard) and app.allowed_hosts == {"fe80::1"}


def test_on_every_interface_the_server_answers_to_the_printed_lan_address(
    monkeypatch, capsys, tmp_path
):
    out, app = serve_and_capture(monkeypatch, capsys, tmp_path, "0.0.0.0")
    assert "http://192.168.1.20:8550/#join=" in out
    assert app.allowed_hosts == {"192.168.1.20"}  # and, as always, loopback; never 0.0.0.0
    assert app.host_allowed("localhost") and not app.host_allowed("0.0.0.0")


def test_loopback_mode_has_no_token_and_answers_to_loopback_only(monkeypatch, capsys, tmp_path):
    out, app = serve_and_capture(monkeypatch, capsys, tmp_path, "127.0.0.1")
    assert "http://127.0.0.1:8550/" in out and "token" not in out
    assert app.host_allowed("127.0.0.1") and app.host_allowed("localhost")
    assert not app.host_allowed("evil.example") and not app.host_allowed("192.168.1.20")
    out, _ = serve_and_capture(monkeypatch, capsys, tmp_path, "::1")
    assert "http://[::1]:8550/" in out
