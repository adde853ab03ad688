"""Project-wide test settings."""

from hypothesis import HealthCheck, settings

# The machines are shared and noisy: timing belongs in bench/, not in a
# per-example deadline that would make property tests flaky.
settings.register_profile("seep", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("seep")
