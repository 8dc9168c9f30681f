#!/usr/bin/env python3
"""Time from starting ``a11y-dominion`` to its first prompt, in each speech mode.

Usage: python3 benchmarks/startup.py [--runs N]

Runs the installed command (else ``python3 -m a11y_dominion``) in a
pseudo-terminal with a fresh settings file, waits for the first prompt
("You>") and prints the median and the slowest of N runs per mode. Goal:
under 0.5 s in every mode, also when the speech daemon is slow to answer
(the speech output is looked for in the background).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

import pexpect


def first_prompt_seconds(mode: str, settings: str) -> float:
    exe = shutil.which("a11y-dominion")
    cmd = [exe] if exe else [sys.executable, "-m", "a11y_dominion"]
    env = dict(os.environ, A11Y_DOMINION_CONFIG=settings, A11Y_DOMINION_SCREEN_READER="no")
    start = time.perf_counter()
    child = pexpect.spawn(cmd[0], cmd[1:] + ["--speech", mode, "--seed", "1"], env=env, encoding="utf-8", timeout=30)
    child.expect("You>")
    took = time.perf_counter() - start
    child.terminate(force=True)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = os.path.join(folder, "settings.json")
        for mode in ("screen-reader", "self-voicing", "auto", "off"):
            times = [first_prompt_seconds(mode, settings) for _ in range(args.runs)]
            print(f"{mode}: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s ({args.runs} runs)")


if __name__ == "__main__":
    main()
