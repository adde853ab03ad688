"""What needs a server is hidden in the phone-only app (one
flag, app/shell/state.py): the live table neither
listens nor announces, and no join address is offered."""

from __future__ import annotations

import sys
from types import SimpleNamespace

from seep_scorer.app.shell.app import LiveTable
from seep_scorer.app.shell.roles import TOPIC, topic_of
from seep_scorer.app.table.invite_model import session_join_address


class _PubSub:
    def __init__(self):
        self.calls = []

    def subscribe_topic(self, topic, handler):
        self.calls.append(("subscribe", topic))

    def send_others_on_topic(self, topic, message):
        self.calls.append(("send", topic))


def _table():
    pubsub = _PubSub()
    return LiveTable(SimpleNamespace(pubsub=pubsub)), pubsub


async def _handler(topic, message):
    pass


def test_the_served_app_keeps_the_live_table():
    table, pubsub = _table()
    table.subscribe(_handler)
    table.publish("m1")
    # every save on the app's topic, and on its match's own for the table phones of an event
    assert pubsub.calls == [("subscribe", TOPIC), ("send", TOPIC), ("send", topic_of("m1"))]


def test_the_phone_only_app_has_no_live_table_and_offers_no_joining(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    table, pubsub = _table()
    table.subscribe(_handler)
    table.publish("m1")
    assert pubsub.calls == []
    assert session_join_address() is None
