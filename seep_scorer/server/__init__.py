"""Serving a table on the LAN: the ASGI app, access (token, join codes, roles), limits, logs."""
