"""pytest plug-in for utils/upstream_tests.py: keeps every N-th test of the
collection ($UPSTREAM_SAMPLE_EVERY, default 1: all), in collection order, at
most $UPSTREAM_SAMPLE_LIMIT of them (0: no limit). Collection is the same in
every pytest-xdist worker, so every worker keeps the same tests."""

import os


def pytest_collection_modifyitems(config, items):
    every = int(os.environ.get("UPSTREAM_SAMPLE_EVERY", "1"))
    limit = int(os.environ.get("UPSTREAM_SAMPLE_LIMIT", "0"))
    keep = items[::every]
    if limit:
        keep = keep[:limit]
    kept = set(keep)
    dropped = [item for item in items if item not in kept]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = keep
