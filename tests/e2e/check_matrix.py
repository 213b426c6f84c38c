#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Checks a matrix.json that `backport matrix` wrote: every kernel asked for is there, ran
every stage, its regression smoke reads "no regression" and every feature reads "patched and
proven" or "present upstream" (a feature "not applicable" or anything else fails); the module
autoload surface was measured on both flavours for every identity (the unprivileged user,
root of a user namespace, the root of a container), with requests on vanilla and none, nor a
module loaded, on patched at modules_restrict=1; the kernel's own tests ran on both flavours and
none that passes on vanilla fails on patched; kernel-hardening-checker judged both flavours
(its checks listed, none missing a result) and named the hardenings' checks by their names; and a
fuzzing run (matrix --fuzz), where there was one, ran trinity to its end, left the console
clean and the guest powered off. Prints a KTAP-like line per kernel and check, the reason
under a failed one, and exits 1 when one failed, 2 when the file cannot be read.

Usage: check_matrix.py MATRIX_JSON KERNEL...
"""
import json
import sys

GOOD_FEATURE = {"proven", "upstream"}
GOOD_SMOKE = {"no-regression"}


def check_kernel(k):
    """Yields (name, ok, reason) for one kernel's result object."""
    name = k.get("kernel", "?")
    for st in k.get("stages", []):
        if st.get("status") != "ok":
            yield (f"{name} stage {st.get('name')}", False,
                   f"status {st.get('status')}, log {st.get('log')}: {st.get('detail')}")
    feats = k.get("features", [])
    if not feats:
        yield (f"{name} features", False, "no feature row at all")
    for f in feats:
        smoke = f.get("name") is None
        good = GOOD_SMOKE if smoke else GOOD_FEATURE
        label = f.get("label") or f.get("name")
        verdict = f.get("verdict")
        yield (f"{name} {label}", verdict in good,
               f"verdict {f.get('verdict_text')!r} (vanilla {f.get('vanilla')}, "
               f"patched {f.get('patched')}), log {f.get('log')}")


IDENTITIES = ("unpriv", "userns", "container")


def check_autoload(k):
    """Yields (name, ok, reason) per flavour and identity of the autoload measurement."""
    name = k.get("kernel", "?")
    flavours = k.get("flavours") or {}
    for flavour in ("vanilla", "patched"):
        measured = (flavours.get(flavour) or {}).get("autoload") or []
        seen = {w.get("who") for w in measured}
        for who in IDENTITIES:
            if who not in seen:
                yield (f"{name} autoload surface {flavour} {who}", False, "not measured")
        for w in measured:
            req, loaded = w.get("requests", -1), w.get("loaded", -1)
            ok = req > 0 if flavour == "vanilla" else (req == 0 and loaded == 0)
            yield (f"{name} autoload surface {flavour} {w.get('who')}: {req} requests, "
                   f"{loaded} loaded", ok,
                   "vanilla must make the kernel ask (else the probe proves nothing)"
                   if flavour == "vanilla" else "patched at modules_restrict=1 must ask for "
                   "and load nothing")


def check_kernel_tests(k):
    """Yields (name, ok, reason): the kernel's own tests ran on both flavours, some passed, and
    none that passes on vanilla fails on patched."""
    name = k.get("kernel", "?")
    flavours = k.get("flavours") or {}
    results = {}
    for flavour in ("vanilla", "patched"):
        tests = (flavours.get(flavour) or {}).get("kernel_tests")
        passed = [t["name"] for t in tests or [] if t.get("result") == "ok"]
        yield (f"{name} kernel's own tests ran on {flavour}: {len(passed)} passed of "
               f"{len(tests or [])}", bool(passed),
               "the suite kernel_tests did not run, or no test of the kernel passed")
        results[flavour] = {t["name"]: t.get("result") for t in tests or []}
    regressions = [t for t, r in results["vanilla"].items()
                   if r == "ok" and results["patched"].get(t) not in ("ok", "skip")]
    yield (f"{name} kernel's own tests: no regression", not regressions,
           "ok on vanilla, not on patched: " + ", ".join(regressions))


def check_checker(k):
    """Yields (name, ok, reason): kernel-hardening-checker judged both flavours."""
    name = k.get("kernel", "?")
    for flavour in ("vanilla", "patched"):
        h = ((k.get("flavours") or {}).get(flavour) or {}).get("hardening_checker") or {}
        checks = h.get("checks") or []
        ok = bool(h.get("ran")) and len(checks) == h.get("ok", -1) + h.get("fail", -1) > 0 \
            and all(c.get("result") for c in checks)
        yield (f"{name} kernel-hardening-checker {h.get('version')} on {flavour}: OK "
               f"{h.get('ok')}, FAIL {h.get('fail')}", ok,
               h.get("problem") or "no verdicts, or counts that do not add up")
    names = {c.get("name") for c in (((k.get("flavours") or {}).get("patched") or {})
                                     .get("hardening_checker") or {}).get("checks") or []}
    for want in ("kernel.kptr_restrict", "kernel.dmesg_restrict", "kernel.modules_disabled"):
        yield (f"{name} kernel-hardening-checker checks {want}", want in names,
               "the tool no longer lists it: a newer tool renamed its checks?")


def check_fuzz(k):
    """Yields (name, ok, reason) per flavour that was fuzzed."""
    name = k.get("kernel", "?")
    for flavour, f in (k.get("flavours") or {}).items():
        z = (f or {}).get("fuzz")
        if not z:
            continue
        ok = z.get("trinity_ran") and z.get("console_clean") and z.get("powered_off")
        yield (f"{name} fuzz {flavour}: {z.get('seconds')} s, seed {z.get('seed')}", bool(ok),
               f"trinity ran {z.get('trinity_ran')}, console {z.get('problem') or 'clean'}, "
               f"powered off {z.get('powered_off')}; log {z.get('console_log')}")


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as fh:
            matrix = json.load(fh)
        kernels = {k["kernel"]: k for k in matrix["kernels"]}
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"check_matrix: cannot read {argv[1]}: {e}", file=sys.stderr)
        return 2
    failed = 0
    n = 0
    for want in argv[2:]:
        rows = list(check_kernel(kernels[want])) + list(check_autoload(kernels[want])) + \
            list(check_kernel_tests(kernels[want])) + list(check_checker(kernels[want])) + \
            list(check_fuzz(kernels[want])) \
            if want in kernels else \
            [(f"{want}", False, "kernel missing from the matrix")]
        for name, ok, reason in rows:
            n += 1
            print(f"{'ok' if ok else 'not ok'} {n} {name}")
            if not ok:
                failed += 1
                print(f"# {reason}")
    print(f"matrix cells: {n - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
