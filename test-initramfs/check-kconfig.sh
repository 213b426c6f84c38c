#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Checks kernel.config against kernel trees, read-only:
#   ./check-kconfig.sh [--olddefconfig] TREE...
# 1. every CONFIG_ of the fragment is declared ("config NAME") in each tree;
# 2. with --olddefconfig, runs tinyconfig + fragment + olddefconfig out of tree
#    (O=, a temporary dir: only kconfig is built, never the kernel) and
#    reports every fragment line whose value did not survive.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fragment=$here/kernel.config
run_kconfig=0
if [[ ${1:-} == --olddefconfig ]]; then run_kconfig=1; shift; fi
(($#)) || { echo "usage: $0 [--olddefconfig] TREE..." >&2; exit 2; }

# "NAME VALUE SINCE BEFORE" per fragment line; VALUE "n" for "# CONFIG_X is not set"; SINCE
# the version of a preceding "# hb: since X.Y" line, else 0.0; BEFORE that of a preceding
# "# hb: before X.Y" line, else 999.0. An option after "# hb: where declared" (one a
# hardening adds: a vanilla tree lacks it) is left out; other markers are read over.
fragment_values() {
	awk '/^# hb: where declared$/ { skip = 1; next }
		/^# hb: since / { since = $4; next }
		/^# hb: before / { before = $4; next }
		/^# hb: / { next }
		skip { skip = 0; since = ""; before = ""; next }
		/^CONFIG_[A-Za-z0-9_]*=/ { split($0, kv, "="); print substr(kv[1], 8), substr($0, length(kv[1]) + 2), since ? since : "0.0", before ? before : "999.0" }
		/^# CONFIG_[A-Za-z0-9_]* is not set$/ { print substr($2, 8), "n", since ? since : "0.0", before ? before : "999.0" }
		{ since = ""; before = "" }' "$fragment"
}

# The X.Y of TREE's Makefile.
tree_version() {
	awk '$1 == "VERSION" { v = $3 } $1 == "PATCHLEVEL" { p = $3 } END { print v "." p }' "$1/Makefile"
}

# Is version A older than version B?
older() { [[ $1 != "$2" && $(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1) == "$1" ]]; }

status=0
for tree in "$@"; do
	echo "== $tree"
	version=$(tree_version "$tree")
	while read -r name _ since before; do
		older "$version" "$since" && continue
		older "$version" "$before" || continue
		if ! grep -rqE --include='Kconfig*' "^[[:space:]]*(menu)?config[[:space:]]+${name}[[:space:]]*$" "$tree"; then
			echo "MISSING: CONFIG_$name is not declared"
			status=1
		fi
	done < <(fragment_values)
	((run_kconfig)) || continue
	out=$(mktemp -d)
	make -s -C "$tree" O="$out" ARCH=x86_64 tinyconfig >/dev/null
	cat "$fragment" >> "$out/.config"
	make -s -C "$tree" O="$out" ARCH=x86_64 olddefconfig >/dev/null 2>&1
	while read -r name want since before; do
		older "$version" "$since" && continue
		older "$version" "$before" || continue
		got=$(sed -n -e "s/^CONFIG_$name=\(.*\)$/\1/p" "$out/.config")
		[[ -z $got ]] && got=n
		if [[ $got != "$want" ]]; then
			echo "CHANGED: CONFIG_$name=$want became $got"
			status=1
		fi
	done < <(fragment_values)
	rm -rf "$out"
done
exit $status
