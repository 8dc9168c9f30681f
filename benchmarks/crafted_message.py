"""Time and memory of a crafted 1 MiB seat-protocol message, read as the join client reads
the host's lines, and of a 64 KiB one read as the host reads a player's.

Run from the project folder (prints figures; it is not a timed test)::

    python3 benchmarks/crafted_message.py [--runs 7]

Each crafted line is read through the one parsing call of the protocol
(:func:`a11y_dominion.remote.protocol.read_message`: a linear nesting check, then
``json.loads``) and, on the client, made safe to show
(:func:`~a11y_dominion.remote.protocol.from_host`), as
:meth:`a11y_dominion.remote.joinlink.Link._message` does. The lines: 1 MiB of
``[`` (nested past any bound), ``[`` then ``]`` (balanced), an unclosed run of
``"\\"\\"...`` (the text that made the old nesting check quadratic), a flat list of
small numbers, a list of short strings with escape sequences, and one long string.
For each: the median seconds over ``--runs`` runs with the slowest and fastest,
and the most memory allocated at once (tracemalloc), with the bound each must stay
under (1 s, 100 MB).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from a11y_dominion.remote.joinlink import Link  # noqa: E402
from a11y_dominion.remote.protocol import MAX_FROM_HOST, MAX_MESSAGE  # noqa: E402

SECONDS = 1.0
MEMORY = 100 * 1000 * 1000


def crafted(size: int) -> dict:
    """The crafted lines of ``size`` bytes at most, by name."""
    half = (size - 40) // 2
    return {
        "deep [": "[" * (size - 1),
        "deep [ then ]": "[" * half + "]" * half,
        'unclosed "\\"\\"...': '{"type": "text", "text": "' + '\\"' * ((size - 40) // 2),
        "flat numbers": '{"type": "x", "n": [' + ",".join(["1"] * ((size - 40) // 2)) + "]}",
        "escaped strings": '{"type": "text", "t": [' + ",".join(['"\\u001b]0;x\\u0007"'] * ((size - 40) // 19)) + "]}",
        "one long string": '{"type": "text", "text": "' + "A" * (size - 40) + '"}',
    }


def measure(line: str, runs: int) -> tuple:
    """(median, fastest, slowest seconds, most bytes allocated at once) of reading ``line``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        Link._message(line)
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    try:
        Link._message(line)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return statistics.median(times), min(times), max(times), peak


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args(argv)
    worst_time = worst_memory = 0.0
    for side, size in (("join client, a host's line", MAX_FROM_HOST), ("host, a player's line", MAX_MESSAGE)):
        print(f"{side} of {size:,} bytes (the bound of a line on that side):")
        for name, line in crafted(size).items():
            assert len(line.encode("utf-8")) <= size, name
            median, fastest, slowest, peak = measure(line, args.runs)
            kind = Link._message(line)[0]
            worst_time, worst_memory = max(worst_time, slowest), max(worst_memory, peak)
            print(
                f"  {name:20} {median * 1000:7.1f} ms (runs {fastest * 1000:.1f} to {slowest * 1000:.1f} ms), "
                f"at most {peak / 1e6:6.1f} MB; read as: {kind}"
            )
    ok = worst_time < SECONDS and worst_memory < MEMORY
    verdict = "within" if ok else "OVER"
    print(
        f"slowest {worst_time * 1000:.1f} ms (bound {SECONDS * 1000:.0f} ms), "
        f"most memory {worst_memory / 1e6:.1f} MB (bound {MEMORY / 1e6:.0f} MB): {verdict} the bounds"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
