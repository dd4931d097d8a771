# The stores' fixtures (both backends, a movable clock), shared with the league tests.
from tests.stores.conftest import backend, clock, db_url, new_db, pg_server, recorder, timed  # noqa: F401
