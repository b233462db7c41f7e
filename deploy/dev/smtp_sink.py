#!/usr/bin/env python3
"""A tiny SMTP server for tests and local runs: keeps every message it accepts as one .eml file.

    smtp_sink.py --dir DIR [--port 0] [--fail-first N]

- Listens on 127.0.0.1 only. `--port 0` (the default) picks a free port.
- Prints the bound port alone on the first line of stdout and flushes, so a test can read it.
- Writes each accepted message, exactly as received, to DIR/<time-ns>-<random>.eml (written under a
  temporary name and renamed, so a reader never sees half a file).
- `--fail-first N` answers `451 4.3.0` to the DATA of the first N messages (a temporary failure,
  which a well-behaved client retries later).
- Stops on SIGTERM/SIGINT, and when its standard input closes (a test that spawned it with a
  pipe has ended), so it never outlives the test that started it.

Needs aiosmtpd (deploy/dev/lib.sh `ensure_smtp_sink` installs it in a project-local venv).
"""

import argparse
import asyncio
import os
import signal
import sys
import time
import uuid

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, directory: str, fail_first: int) -> None:
        self.directory = directory
        self.fail_first = fail_first
        self.refused = 0

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: N802 (aiosmtpd's name)
        if self.refused < self.fail_first:
            self.refused += 1
            return "451 4.3.0 Temporary failure (test sink)"
        content = envelope.original_content or envelope.content
        if isinstance(content, str):
            content = content.encode("utf-8")
        name = f"{time.time_ns()}-{uuid.uuid4().hex}.eml"
        final = os.path.join(self.directory, name)
        partial = final + ".partial"
        with open(partial, "wb") as f:
            f.write(content)
        os.replace(partial, final)
        return "250 2.0.0 OK"


async def watch_stdin(stop: asyncio.Event) -> None:
    """Sets `stop` once standard input reaches end-of-file (the parent went away)."""
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.buffer.read)
    stop.set()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", required=True, help="where to write the .eml files (created if missing)")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--fail-first", type=int, default=0, help="answer 451 to the first N messages")
    parser.add_argument(
        "--no-stdin-watch", action="store_true", help="keep running when standard input closes (manual use)"
    )
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)

    sink = Sink(args.dir, args.fail_first)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(sink, hostname="smtp-sink.localhost", data_size_limit=10 * 1024 * 1024),
        host="127.0.0.1",
        port=args.port,
    )
    port = server.sockets[0].getsockname()[1]
    print(port, flush=True)

    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    if not args.no_stdin_watch:
        asyncio.ensure_future(watch_stdin(stop))
    await stop.wait()
    server.close()
    await server.wait_closed()


if __name__ == "__main__":
    asyncio.run(main())
