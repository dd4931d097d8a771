import os

from hypothesis import HealthCheck, settings

from engine.registry import register
from tests.toygame import GAME as TOY

register(TOY)

# Example counts live here, never in a test's decorator: CI, a quick local run, and a
# thorough run (HYPOTHESIS_PROFILE=thorough) differ only in these numbers.
settings.register_profile("ci", max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
