#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Checks a junit.xml against what the common JUnit schema requires, and that its counts add up.

  <testsuites name tests failures errors skipped time>
    <testsuite name tests failures errors skipped time [timestamp]>
      <properties><property name value/>...</properties>   (optional)
      <testcase name classname time>
        at most one of <failure message [type]>, <error message [type]>, <skipped [message]>
  tests/failures/errors/skipped of a testsuite count its testcases; those of testsuites add up
  its testsuites'; a time is a non-negative decimal, a testsuite's the sum of its testcases'.

Usage: check_junit.py JUNIT.XML [--expect tests=N,failures=N,errors=N,skipped=N,suites=N]
Prints what is wrong and exits 1, or "junit: ..." and exits 0.
"""
import re
import sys
import xml.etree.ElementTree as ET

COUNTS = ("tests", "failures", "errors", "skipped")
DECIMAL = re.compile(r"^[0-9]+(\.[0-9]+)?$")
problems = []


def problem(where, what):
    problems.append(f"{where}: {what}")


def need(elem, where, names):
    for name in names:
        if name not in elem.attrib:
            problem(where, f"<{elem.tag}> has no {name}= attribute")


def number(elem, where, name):
    value = elem.get(name, "")
    if name == "time":
        if not DECIMAL.match(value):
            problem(where, f"time=\"{value}\" is not a non-negative decimal")
            return 0.0
        return float(value)
    if not value.isdigit():
        problem(where, f"{name}=\"{value}\" is not a count")
        return 0
    return int(value)


def check_case(case, where, classname):
    need(case, where, ("name", "classname", "time"))
    number(case, where, "time")
    if case.get("classname") != classname:
        problem(where, f"classname \"{case.get('classname')}\" is not the suite's \"{classname}\"")
    outcomes = [c for c in case if c.tag in ("failure", "error", "skipped")]
    if len(outcomes) > 1:
        problem(where, "more than one of failure, error, skipped")
    for child in case:
        if child.tag in ("failure", "error"):
            need(child, where, ("message",))
        elif child.tag not in ("skipped", "system-out", "system-err"):
            problem(where, f"unexpected <{child.tag}> in a testcase")
    return outcomes[0].tag if outcomes else "passed"


def check_suite(suite, index):
    where = f"testsuite {index} ({suite.get('name', '?')})"
    need(suite, where, ("name",) + COUNTS + ("time",))
    found = dict.fromkeys(COUNTS, 0)
    time = 0.0
    for child in suite:
        if child.tag == "properties":
            for prop in child:
                if prop.tag != "property":
                    problem(where, f"unexpected <{prop.tag}> in properties")
                need(prop, where, ("name", "value"))
        elif child.tag == "testcase":
            name = f"{where}, testcase {child.get('name', '?')}"
            kind = check_case(child, name, suite.get("name"))
            found["tests"] += 1
            found[{"failure": "failures", "error": "errors", "skipped": "skipped"}.get(kind, "tests")] += kind != "passed"
            time += number(child, name, "time")
        elif child.tag not in ("system-out", "system-err"):
            problem(where, f"unexpected <{child.tag}> in a testsuite")
    for name in COUNTS:
        if number(suite, where, name) != found[name]:
            problem(where, f"{name}=\"{suite.get(name)}\" but it holds {found[name]}")
    if abs(number(suite, where, "time") - time) > 0.001 * (found["tests"] + 1):
        problem(where, f"time=\"{suite.get('time')}\" but its testcases take {time:.3f}")
    return found, time


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--expect"):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        root = ET.parse(argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"junit: {argv[1]}: not well-formed XML: {e}", file=sys.stderr)
        return 1
    if root.tag != "testsuites":
        problem("root", f"<{root.tag}> instead of <testsuites>")
    need(root, "testsuites", ("name",) + COUNTS + ("time",))
    total = dict.fromkeys(COUNTS, 0)
    time = 0.0
    suites = [s for s in root if s.tag == "testsuite"]
    for i, suite in enumerate(suites):
        found, t = check_suite(suite, i)
        for name in COUNTS:
            total[name] += number(suite, "testsuites", name)
        time += number(suite, "testsuites", "time")
    for name in COUNTS:
        if number(root, "testsuites", name) != total[name]:
            problem("testsuites", f"{name}=\"{root.get(name)}\" but its testsuites add up to {total[name]}")
    if abs(number(root, "testsuites", "time") - time) > 0.001 * (len(suites) + 1):
        problem("testsuites", f"time=\"{root.get('time')}\" but its testsuites add up to {time:.3f}")
    if len(argv) == 4:
        total["suites"] = len(suites)
        for pair in argv[3].split(","):
            key, _, value = pair.partition("=")
            if key not in total or not value.isdigit():
                print(f"junit: bad --expect '{pair}'", file=sys.stderr)
                return 2
            if total[key] != int(value):
                problem("expected", f"{key} = {value}, the file has {total[key]}")
    for p in problems:
        print(f"junit: {argv[1]}: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"junit: {argv[1]}: {len(suites)} testsuites, {total['tests']} testcases, "
          f"{total['failures']} failures, {total['errors']} errors, {total['skipped']} skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
