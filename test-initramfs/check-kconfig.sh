#!/bin/bash
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

# "NAME VALUE" per fragment line; VALUE "n" for "# CONFIG_X is not set".
fragment_values() {
	sed -n -e 's/^CONFIG_\([A-Za-z0-9_]*\)=\(.*\)$/\1 \2/p' \
		-e 's/^# CONFIG_\([A-Za-z0-9_]*\) is not set$/\1 n/p' "$fragment"
}

status=0
for tree in "$@"; do
	echo "== $tree"
	while read -r name _; do
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
	while read -r name want; do
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
