"""Checks for scenario cases: the same expectation keys as the shared rules
cases (``expect`` with path/eq/bag/contains/len/ge, announce, announce_all,
no_announce; ``expect_ok``), run in-process through the scenario module."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from a11y_dominion.scenario import run_scenario

SCENARIO_KEYS = {"players", "kingdom", "events", "landmarks", "seed", "state", "script"}


def _lookup(obj, path):
    for key in path:
        if isinstance(obj, dict):
            if key not in obj:
                low = {k.lower(): k for k in obj if isinstance(k, str)}
                key = low[key.lower()] if isinstance(key, str) and key.lower() in low else key
            obj = obj[key]
        else:
            obj = obj[int(key)]
    return obj


def _norm(v):
    return v.lower() if isinstance(v, str) else v


def failures(case: dict) -> list:
    """Run one case; returns a list of failure messages (empty: it passed)."""
    code, out = run_scenario({k: v for k, v in case.items() if k in SCENARIO_KEYS})
    fails = []
    want_ok = case.get("expect_ok", True)
    if out["ok"] != want_ok:
        fails.append(f"ok={out['ok']} (wanted {want_ok}); error={out['error']!r} at line {out['refused_line']}")
        if want_ok:
            return fails
    if code != (0 if out["ok"] else 1):
        fails.append(f"exit code {code} does not match ok={out['ok']}")
    anns = out["announcements"]
    for exp in case.get("expect", []):
        if "announce" in exp:
            if not any(re.search(exp["announce"], a, re.I) for a in anns):
                fails.append(f"no announcement matches /{exp['announce']}/")
            continue
        if "announce_all" in exp:
            for pat in exp["announce_all"]:
                if not any(re.search(pat, a, re.I) for a in anns):
                    fails.append(f"no announcement matches /{pat}/")
            continue
        if "no_announce" in exp:
            hits = [a for a in anns if re.search(exp["no_announce"], a, re.I)]
            if hits:
                fails.append(f"unexpected announcement {hits[0]!r}")
            continue
        try:
            got = _lookup(out, exp["path"])
        except (KeyError, IndexError, ValueError, TypeError) as e:
            fails.append(f"missing {exp['path']}: {e}")
            continue
        where = "/".join(map(str, exp["path"]))
        if "eq" in exp and _norm(got) != _norm(exp["eq"]):
            fails.append(f"{where}: expected {exp['eq']!r}, got {got!r}")
        if "bag" in exp and Counter(map(_norm, got)) != Counter(map(_norm, exp["bag"])):
            fails.append(f"{where}: expected {sorted(exp['bag'])}, got {got!r}")
        if "contains" in exp and Counter(map(_norm, exp["contains"])) - Counter(map(_norm, got)):
            fails.append(f"{where}: expected to contain {exp['contains']}, got {got!r}")
        if "len" in exp and len(got) != exp["len"]:
            fails.append(f"{where}: expected length {exp['len']}, got {got!r}")
        if "ge" in exp and got < exp["ge"]:
            fails.append(f"{where}: expected >= {exp['ge']}, got {got!r}")
    return fails


def case_files(folder: str) -> list:
    """Every ``*.json`` case file below ``tests/<folder>``, sorted."""
    return sorted((Path(__file__).parent / folder).glob("**/*.json"))


def load(path) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)
