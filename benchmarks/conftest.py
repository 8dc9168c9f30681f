"""The benchmarks run in one process: pytest-xdist's ``-n auto`` of the project's pytest
settings (meant for tests/) starts no worker here, since timings taken while other workers
run are not reliable (pytest-benchmark refuses to measure under xdist)."""


def pytest_xdist_auto_num_workers(config):
    """No worker for ``-n auto``: the benchmarks run in this process."""
    return 0
