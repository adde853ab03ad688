"""Project-wide test settings."""

import threading

import pytest
import pytest_timeout
from hypothesis import HealthCheck, settings

# The machines are shared and noisy: timing belongs in bench/, not in a
# per-example deadline that would make property tests flaky.
settings.register_profile("seep", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("seep")


# Behind pytest-timeout's limit (pyproject.toml): its signal
# fails the test once, and the run goes on. Should the
# test still not end, a wait in C that never returns to Python
# or a teardown that hangs after the signal, this
# ends the run (every thread's stack printed, exit status 1, as
# pytest-timeout's thread method does) rather than
# leave CI hanging.
BACKSTOP_GRACE_S = 120


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item):
    limits = pytest_timeout._get_item_settings(
        item
    )  # the limit pytest-timeout applies to this test
    timer = None
    if limits.timeout and limits.timeout > 0:
        timer = threading.Timer(
            limits.timeout + BACKSTOP_GRACE_S, pytest_timeout.timeout_timer, (item, limits)
        )
        timer.name, timer.daemon = f"backstop {item.nodeid}", True
        timer.start()
    yield
    if timer is not None:
        timer.cancel()
