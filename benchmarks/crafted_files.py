#!/usr/bin/env python3
"""Time and memory of crafted JSON: a save at its size limit and a 1 MiB seat-protocol message (prints figures).

The text is the one that made the old nesting check take the square of its length: a
quote, then ``\\"`` again and again, never closed. The save is read as ``load FILE`` and
``play --load`` read it (:func:`~a11y_dominion.console.persistence.load_game`); the
message as the ``join`` client reads a line from its host (cut into lines, then
:func:`~a11y_dominion.files.bounded_json`), and as the host reads a line from a seat.
Each case runs in a fresh process: the time of each of ``--runs`` readings (least,
median, most), the peak of Python's allocations during one (:mod:`tracemalloc`), and how
much the process's peak resident memory grew over the reading. Goal: under 100 MB and
under 1 s each. A third case shows the dearest text still read: as many lists as a text
may hold (:data:`~a11y_dominion.files.MAX_VALUES`), each nested as deep as allowed.

Usage: ``python3 benchmarks/crafted_files.py [--runs 5]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, resource, sys, time, tracemalloc
sys.path.insert(0, {root!r})
from a11y_dominion.console.persistence import load_game
from a11y_dominion.files import MIB
from a11y_dominion.record import RecordError
from a11y_dominion.remote.joinlink import Link
from a11y_dominion.remote.protocol import MAX_FROM_HOST, MAX_MESSAGE, LineSplitter

case, path, runs = {case!r}, {path!r}, {runs}
scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB elsewhere

if case in ("save", "valid"):
    def once():
        try:
            load_game(path)
        except RecordError as e:
            return str(e)
        return "read"
else:
    line = ('"' + '\\"' * ((MIB - 1) // 2)) + "\n"
    def once():
        (client,) = LineSplitter(MAX_FROM_HOST).feed(line)
        kind, why = Link._message(client)
        (host,) = LineSplitter(MAX_MESSAGE).feed(line)
        return f"{{kind}}: {{why}} / host: {{type(host).__name__}}"

before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale
said = once()
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale - before
times = []
for _ in range(runs):
    start = time.perf_counter()
    once()
    times.append(time.perf_counter() - start)
tracemalloc.start()
once()
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
print(json.dumps({{"said": said, "times": times, "peak": peak, "grown": grown}}))
"""


def run(case: str, path: str, runs: int) -> dict:
    code = CHILD.format(root=str(ROOT), case=case, path=path, runs=runs)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="timed readings per case (5)")
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from a11y_dominion.files import MAX_VALUES, MIB, SAVE_LIMIT

    with tempfile.TemporaryDirectory() as folder:
        save = os.path.join(folder, "crafted.json")
        with open(save, "wb") as f:
            f.write(b'"' + b'\\"' * ((SAVE_LIMIT - 1) // 2))
        size = os.path.getsize(save)
        valid = os.path.join(folder, "valid.json")
        with open(valid, "wb") as f:  # the most values a save may hold, as deep as allowed: the dearest to read
            f.write(b"[" + b",".join([b"[" * 63 + b"]" * 63] * ((MAX_VALUES - 1) // 64)) + b"]")
        for name, case, path in (
            (f"save of {size / MIB:.0f} MiB ({size} bytes)", "save", save),
            ("message of 1 MiB (join client and host)", "message", ""),
            (f"JSON of {MAX_VALUES} lists nested 64 deep, as a save (valid JSON, not a game)", "valid", valid),
        ):
            r = run(case, path, a.runs)
            t = sorted(r["times"])
            print(f"{'' if case == 'valid' else 'crafted '}{name}: {r['said']}")
            print(
                f"  time: least {t[0] * 1000:.1f} ms, median {statistics.median(t) * 1000:.1f} ms, "
                f"most {t[-1] * 1000:.1f} ms over {len(t)} readings (goal: under 1000 ms)"
            )
            print(
                f"  memory: Python's allocations peaked at {r['peak'] / MIB:.1f} MiB; the process's peak "
                f"resident memory grew {r['grown'] / MIB:.1f} MiB while reading (goal: under 100 MB)"
            )


if __name__ == "__main__":
    main()
