"""A hostile host for the join client's tests: an SSH server on loopback that logs in any
seat with the password ``pw`` and, for the seat protocol's command, sends the bytes of a
file as they are, then ends the session and stops.

Run as ``python hostilehost.py FILE``: it prints the port it listens on (one line),
then serves one session until the client closes the connection. Running in a process
of its own, its memory is not the client's.
"""

from __future__ import annotations

import asyncio
import sys

import asyncssh

PASSWORD = "pw"


async def serve(path: str) -> None:
    data = open(path, "rb").read()
    gone = asyncio.Event()

    class Server(asyncssh.SSHServer):
        def connection_lost(self, exc) -> None:
            gone.set()  # the client closed the connection: the test is over

        def begin_auth(self, username: str) -> bool:
            return True

        def password_auth_supported(self) -> bool:
            return True

        def validate_password(self, username: str, password: str) -> bool:
            return password == PASSWORD

    async def session(process) -> None:
        try:
            for start in range(0, len(data), 1 << 16):
                process.stdout.write(data[start : start + (1 << 16)])
                await process.stdout.drain()
        except (OSError, asyncssh.Error):
            pass
        finally:
            process.exit(0)

    server = await asyncssh.create_server(
        Server,
        "127.0.0.1",
        0,
        server_host_keys=[asyncssh.generate_private_key("ssh-ed25519")],
        process_factory=session,
        encoding=None,
    )
    print(server.sockets[0].getsockname()[1], flush=True)
    try:
        await asyncio.wait_for(gone.wait(), 120)
    finally:
        server.close()


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1]))
