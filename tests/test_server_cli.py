"""a11y-dominion server's options: each bad one is one sentence on standard error and exit code 2."""

from __future__ import annotations

import os
import sys

import pytest

from a11y_dominion.cli import main


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["server"], "a11y-dominion server: the following arguments are required: --data."),
        (["server", "--data", "D", "--port", "70000"], "argument --port: must be a whole number from 0 to 65535."),
        (["server", "--data", "D", "--port", "x"], "argument --port: must be a whole number from 0 to 65535."),
    ],
)
def test_bad_options_are_one_sentence(argv, said, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert said in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_data_path_that_is_a_file_is_one_sentence(tmp_path, capsys):
    file = tmp_path / "file"
    file.write_text("x")
    assert main(["server", "--data", str(file)]) == 2
    assert capsys.readouterr().err == f"{file} is not a folder; --data needs the server's folder.\n"


def test_a_bad_operators_file_is_one_sentence(tmp_path, capsys):
    (tmp_path / "server.toml").write_text("[server]\nmax_sessions = -1\n")
    with pytest.raises(SystemExit) as e:
        main(["server", "--data", str(tmp_path)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "max_sessions" in err and "line 2" in err
    assert not (tmp_path / "server.sqlite3").exists()


def test_a_second_server_on_the_same_folder_is_one_sentence(tmp_path, capsys):
    import filelock

    held = filelock.FileLock(str(tmp_path / "server.lock"), timeout=0, thread_local=False)
    with held:
        assert main(["server", "--data", str(tmp_path), "--port", "0"]) == 2
    assert capsys.readouterr().err == f"Another server uses the folder {tmp_path}.\n"
    assert not (tmp_path / "server.sqlite3").exists()


@pytest.mark.e2e  # (the server starts its bots' worker processes before it listens)
def test_a_port_in_use_is_one_plain_sentence(tmp_path, capsys):
    import socket

    with socket.socket() as held:  # another program on the port
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        assert main(["server", "--data", str(tmp_path), "--port", str(port)]) == 2
    assert capsys.readouterr().err == (
        f"Port {port} on 127.0.0.1 is in use by another program; stop it, or choose another port with --port.\n"
    )


@pytest.mark.e2e  # (a server process with its bots' worker processes)
def test_a_server_whose_port_is_in_use_ends_with_its_sentence_and_exit_code_2(tmp_path):
    """The program itself ends (its bots' processes too), as a service manager expects: before,
    it said its sentence and stayed, its worker processes keeping it alive."""
    import socket
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root), XDG_DATA_HOME=str(tmp_path / "xdg"))
    with socket.socket() as held:  # another program on the port
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        ended = subprocess.run(
            [sys.executable, "-m", "a11y_dominion", "server", "--data", str(tmp_path / "server"), "--port", str(port)],
            cwd=str(root),
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,  # (a bound only a program that does not end reaches)
        )
    assert ended.returncode == 2, ended.stdout + ended.stderr
    assert ended.stderr == (
        f"Port {port} on 127.0.0.1 is in use by another program; stop it, or choose another port with --port.\n"
    )


def test_another_listening_failure_gives_the_system_s_words():
    import errno

    from a11y_dominion.i18n import Language
    from a11y_dominion.remote.neterrors import os_reason
    from a11y_dominion.server.ssh import listen_failure

    # asyncio's own text for it, which the server used to print
    e = OSError(errno.EADDRNOTAVAIL, "error while attempting to bind on address ('192.0.2.1', 2525): cannot assign")
    said = Language("en").text(listen_failure(e), host="192.0.2.1", port=2525, reason=os_reason(e))
    assert said == f"The server cannot listen on 192.0.2.1 port 2525: {os.strerror(errno.EADDRNOTAVAIL)}."
    assert "error while" not in said


@pytest.mark.postgres
@pytest.mark.e2e  # (the throwaway PostgreSQL cluster's processes)
@pytest.mark.posix
def test_a_postgresql_database_that_refuses_or_is_missing_is_one_sentence_without_the_password(
    tmp_path, capsys, postgresql_cluster
):
    from pgcluster import PASSWORD

    socket = postgresql_cluster.socket
    cases = {
        postgresql_cluster.url("postgres", password="wrong horse"): (
            f"PostgreSQL refused the login to the database postgresql:///postgres?host={socket}: "
            "check the user and password."
        ),
        postgresql_cluster.url("missing"): (
            f"The database postgresql:///missing?host={socket} does not exist; "
            "create it (docs/server.md says how) or name another."
        ),
        postgresql_cluster.url("postgres").replace(str(socket), str(tmp_path)): (
            f"PostgreSQL cannot be reached for the database postgresql:///postgres?host={tmp_path}; "
            "check that it runs and that the host and port are right."
        ),
    }
    for url, said in cases.items():
        assert main(["server", "--data", str(tmp_path / "data"), "--port", "0", "--database", url]) == 2
        err = capsys.readouterr().err
        assert err == said + "\n"
        assert "wrong" not in err and PASSWORD not in err and "postgres:" not in err
    assert not (tmp_path / "data" / "server.sqlite3").exists()


def test_a_postgresql_url_without_its_driver_says_what_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # (its import fails, as where it is missing)
    url = "postgresql://dominion:s3cret@db.example.org/dominion"
    assert main(["server", "--data", str(tmp_path), "--port", "0", "--database", url]) == 2
    python = f'"{sys.executable}"' if " " in sys.executable else sys.executable
    assert capsys.readouterr().err == (
        "The server's database postgresql://db.example.org/dominion is PostgreSQL, whose driver psycopg is not "
        f'installed here; install it with this command: {python} -m pip install "psycopg[binary]"\n'
    )


@pytest.mark.posix  # POSIX file modes
def test_the_server_makes_its_games_folder_its_owner_s_only_as_its_data_folder(tmp_path, capsys):
    import filelock

    folder = tmp_path / "server"
    folder.mkdir(mode=0o700)
    held = filelock.FileLock(str(folder / "server.lock"), timeout=0, thread_local=False)
    with held:  # (the server stops there: the folders are made before)
        assert main(["server", "--data", str(folder), "--port", "0"]) == 2
    assert oct((folder / "games").stat().st_mode & 0o777) == "0o700"


def test_on_windows_the_server_s_games_folder_gets_the_owner_s_access_list(tmp_path, monkeypatch, capsys):
    import types

    import filelock

    from a11y_dominion import files
    from test_portable import stand_in_pywin32

    done = stand_in_pywin32(monkeypatch)
    monkeypatch.setattr(files, "sys", types.SimpleNamespace(platform="win32"))
    held = filelock.FileLock(str(tmp_path / "server.lock"), timeout=0, thread_local=False)
    with held:
        assert main(["server", "--data", str(tmp_path), "--port", "0"]) == 2
    whom = ["S-1-5-21-1-2-3-1001", "S-1-5-18", "S-1-5-32-544"]
    assert [args[0] for args in done] == [str(tmp_path / "games")]
    assert done[0][5].entries == [(3, 0x1F01FF, sid) for sid in whom]  # (inherited by the games made in it)
