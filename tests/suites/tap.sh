# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
# The TAP lines of the shell test suites, sourced by each of them: `result` and `check` number
# and print "ok N NAME" or "not ok N NAME" (a DETAIL after it as "# " lines) and count them in
# passed and failed, which the suite's own summary line reads; `nested` runs a command whose
# own TAP lines become diagnostics of ours.
n=0
passed=0
failed=0

result() { # result ok|fail NAME [DETAIL]
	n=$((n + 1))
	if [ "$1" = ok ]; then
		passed=$((passed + 1))
		echo "ok $n $2"
	else
		failed=$((failed + 1))
		echo "not ok $n $2"
		[ -z "${3:-}" ] || printf '%s\n' "$3" | sed 's/^/# /'
	fi
}

check() { # check NAME COMMAND...: ok when COMMAND succeeds
	local name=$1
	shift
	if "$@"; then result ok "$name"; else result fail "$name"; fi
}

nested() { # nested COMMAND...: its output as "# " lines (its own TAP inside ours), its status
	"$@" 2>&1 | sed 's/^/# /'
	return "${PIPESTATUS[0]}"
}
