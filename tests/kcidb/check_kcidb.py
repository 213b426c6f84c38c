#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Checks a KCIDB submission that `backport report kcidb` wrote: kcidb-io's JSON Schema
(draft-07, formats checked), then what the schema cannot say (README.md beside this file).
Prints "ok: N checkouts, N builds, N tests" and exits 0, or prints each error as
"FIELD: what is wrong" (FIELD the JSON path, $.tests[3].path) and exits 1.

usage: check_kcidb.py [--schema FILE] [--origin NAME] SUBMISSION.json"""
import argparse
import json
import os
import re
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
DATE_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")
URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$")


def format_checker():
    fc = jsonschema.FormatChecker()
    # python3-jsonschema checks these only with optional modules Debian does not install:
    # say what RFC 3339 and RFC 3986 ask, plainly
    fc.checks("date-time")(lambda v: not isinstance(v, str) or bool(DATE_TIME.match(v)))
    fc.checks("uri")(lambda v: not isinstance(v, str) or bool(URI.match(v)))
    return fc


def schema_errors(schema, data):
    v = jsonschema.Draft7Validator(schema, format_checker=format_checker())
    for e in sorted(v.iter_errors(data), key=lambda e: list(e.absolute_path)):
        path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.absolute_path)
        yield f"{path}: {e.message}"


def link_errors(data, origin):
    ids = {}
    for kind in ("checkouts", "builds", "tests"):
        seen = set()
        for i, o in enumerate(data.get(kind, [])):
            where = f"$.{kind}[{i}]"
            if o["id"] in seen:
                yield f"{where}.id: {o['id']} twice"
            seen.add(o["id"])
            if origin and not o["id"].startswith(origin + ":"):
                yield f"{where}.id: {o['id']} is not of origin {origin}"
            if origin and o["origin"] != origin:
                yield f"{where}.origin: {o['origin']}, not {origin}"
        ids[kind] = seen
    for i, b in enumerate(data.get("builds", [])):
        if b["checkout_id"] not in ids["checkouts"]:
            yield f"$.builds[{i}].checkout_id: no checkout {b['checkout_id']}"
    for i, t in enumerate(data.get("tests", [])):
        if t["build_id"] not in ids["builds"]:
            yield f"$.tests[{i}].build_id: no build {t['build_id']}"
    # vanilla and patched: two checkouts of the same source, the patched one with its series
    by_kernel = {}
    for i, c in enumerate(data.get("checkouts", [])):
        misc = c.get("misc", {})
        by_kernel.setdefault(c["id"].rsplit(":", 1)[0], {})[misc.get("flavour")] = (i, c)
    for base, pair in sorted(by_kernel.items()):
        if set(pair) != {"vanilla", "patched"}:
            yield f"$.checkouts: {base} has {sorted(k for k in pair if k)}, not vanilla and patched"
            continue
        (vi, v), (pi, p) = pair["vanilla"], pair["patched"]
        for key in ("tree_name", "git_commit_name", "git_commit_hash"):
            if v.get(key) != p.get(key):
                yield f"$.checkouts[{pi}].{key}: {p.get(key)!r}, vanilla's is {v.get(key)!r}"
        if v.get("patchset_hash") != "":
            yield f"$.checkouts[{vi}].patchset_hash: vanilla applies no patch, expected \"\""
        if p.get("misc", {}).get("patches") and not p.get("patchset_hash"):
            yield f"$.checkouts[{pi}].patchset_hash: missing for a series of patches"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--schema", default=os.path.join(HERE, "kcidb-io.schema.v5.3.json"))
    ap.add_argument("--origin", default="hardening_backport")
    ap.add_argument("submission")
    a = ap.parse_args()
    with open(a.schema) as f:
        schema = json.load(f)
    try:
        with open(a.submission) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        print(f"{a.submission}: {e}")
        return 1
    errors = list(schema_errors(schema, data))
    if not errors:
        errors = list(link_errors(data, a.origin))
    for e in errors:
        print(f"{a.submission}: {e}")
    if errors:
        return 1
    print(f"ok: {len(data.get('checkouts', []))} checkouts, {len(data.get('builds', []))} "
          f"builds, {len(data.get('tests', []))} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
