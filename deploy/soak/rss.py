#!/usr/bin/env python3
"""Samples the resident memory (VmRSS of /proc/PID/status) of the fleet's processes for `make soak`.

    python3 deploy/soak/rss.py --pids .dev/soak/RUN/pids.txt --out .dev/soak/RUN/rss.csv --interval 10

`--pids` has one `name pid` line per process (deploy/soak/soak.sh writes it from lib.sh's PID_OF).
Every `--interval` seconds, and once at start, one CSV line per process is appended to `--out`:
`time,name,pid,rss_kib` (unix seconds; `rss_kib` empty once the process is gone). Runs until it is
sent SIGTERM or SIGINT. Linux only (/proc); standard library only.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path


def rss_kib(pid: int) -> int | None:
    """VmRSS in KiB, or None when the process is gone (or is a zombie, which has no VmRSS line)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def read_pids(path: Path) -> list[tuple[str, int]]:
    processes = []
    for line in path.read_text().splitlines():
        if line.strip():
            name, pid = line.split()
            processes.append((name, int(pid)))
    return processes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pids", type=Path, required=True, help="a file of `name pid` lines")
    parser.add_argument("--out", type=Path, required=True, help="the CSV to append to")
    parser.add_argument("--interval", type=float, default=10.0, help="seconds between samples (default 10)")
    args = parser.parse_args()
    processes = read_pids(args.pids)
    if not processes:
        print(f"rss.py: no processes in {args.pids}", file=sys.stderr)
        return 2

    stopping = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.append(True))

    new = not args.out.exists()
    with args.out.open("a", encoding="utf-8") as out:
        if new:
            out.write("time,name,pid,rss_kib\n")
        next_at = time.monotonic()
        while not stopping:
            now = time.time()
            for name, pid in processes:
                value = rss_kib(pid)
                out.write(f"{now:.1f},{name},{pid},{'' if value is None else value}\n")
            out.flush()
            next_at += args.interval
            while not stopping and time.monotonic() < next_at:
                time.sleep(min(0.5, max(0.0, next_at - time.monotonic())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
