"""A throwaway PostgreSQL cluster for the tests of the server's database on PostgreSQL.

- :func:`start_cluster` finds ``initdb`` and ``pg_ctl`` (Debian's ``/usr/lib/postgresql/*/bin``,
  else on the PATH), makes a cluster in a folder of its own and starts it on a Unix socket in
  that folder only (no network port); as root, PostgreSQL's own user ``postgres`` runs them,
  as PostgreSQL refuses to run as root. Its superuser ``postgres`` logs in with :data:`PASSWORD`.
- :meth:`Cluster.new_database` makes an empty database and gives its URL;
  :meth:`Cluster.stop` stops the cluster and removes its folder.

Where PostgreSQL is not installed, :func:`start_cluster` fails the test with one sentence
saying to install it (CI does); ``-m 'not postgres'`` leaves these tests out.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PASSWORD = "pg secret 7"
"""The superuser's password in the throwaway cluster (a test checks it is never printed)."""

NOT_INSTALLED = (
    "PostgreSQL is not installed here (no initdb and pg_ctl in /usr/lib/postgresql/*/bin or on the PATH): "
    "install it (apt-get install postgresql; CI does), or leave these tests out with -m 'not postgres'."
)


def postgres_programs() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: Debian's newest ``/usr/lib/postgresql/N/bin``,
    else the folder of ``initdb`` on the PATH; None when there is none."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@dataclass
class Cluster:
    """A running cluster: its ``folder`` (data in ``data``, the socket in ``socket``), the
    folder of its ``programs``, and whether they run as the ``postgres`` user (``as_postgres``)."""

    folder: Path
    programs: Path
    as_postgres: bool
    numbers: itertools.count = field(default_factory=lambda: itertools.count(1))

    @property
    def socket(self) -> Path:
        return self.folder / "socket"

    def url(self, database: str, password: str = PASSWORD) -> str:
        """The URL of ``database`` in this cluster, its superuser logging in with ``password``."""
        return f"postgresql://postgres:{password.replace(' ', '%20')}@/{database}?host={self.socket}"

    def run(self, program: str, *args: str) -> None:
        command = [str(self.programs / program), *args]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, f"{program} failed: {done.stdout}{done.stderr}"

    def new_database(self) -> str:
        """A new empty database (UTF-8, as ``createdb`` makes it); its URL."""
        import psycopg

        name = f"test_{os.getpid()}_{next(self.numbers)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as con:
            con.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Remove the database of ``url`` (its connections ended)."""
        import psycopg

        name = url.rsplit("/", 1)[1].split("?", 1)[0]
        with psycopg.connect(self.url("postgres"), autocommit=True) as con:
            con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the cluster at once and remove its folder."""
        try:
            self.run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start_cluster() -> Cluster:
    """A new cluster, started (see the module's text); fails the test when PostgreSQL is not installed."""
    programs = postgres_programs()
    if programs is None:
        pytest.fail(NOT_INSTALLED, pytrace=False)
    as_postgres = hasattr(os, "geteuid") and os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="a11y-dominion-pg-"))  # (in /tmp: the postgres user reaches it)
    (folder / "socket").mkdir()
    (folder / "password").write_text(PASSWORD + "\n", encoding="utf-8")
    if as_postgres:
        for path in (folder, folder / "socket", folder / "password"):
            shutil.chown(path, "postgres", "postgres")
    cluster = Cluster(folder, programs, as_postgres)
    data = str(folder / "data")
    cluster.run(
        "initdb",
        "-D",
        data,
        "-U",
        "postgres",
        "--pwfile",
        str(folder / "password"),
        "-A",
        "scram-sha-256",
        "-E",
        "UTF8",
        "--locale",
        "C.UTF-8",
        "--no-sync",
    )
    options = f"-k {folder / 'socket'} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
    cluster.run("pg_ctl", "-D", data, "-l", str(folder / "log"), "-o", options, "-w", "start")
    return cluster
