// SPDX-License-Identifier: GPL-2.0-only
#include "apply_verify.h"

#include "allmod_tree.h"
#include "diff_order.h"
#include "fsutil.h"
#include "msg.h"
#include "worktree.h"

#include <stdlib.h>
#include <string.h>

char *apply_verify(const struct hb_ctx *ctx, const char *work, const char *c_diff,
		   const char *dir, struct verify_counts *counts)
{
	memset(counts, 0, sizeof(*counts));
	char *log = fs_join(dir, "compile.log"), *patch = fs_join(dir, "change.diff");
	struct allmod_tree t;
	allmod_tree_init(&t, dir, log);
	fs_mkdir_p(dir, 0755);
	fs_write_file_atomic(log, "", 0);
	char **files = worktree_diff_files(c_diff);
	char **drop = calloc(1, sizeof(char *));
	size_t n_drop = 0;
	char *kept = NULL;
	msg_info("the compiler decides: allmodconfig in %s (log %s)", dir, log);
	if (allmod_prepare(ctx, &t, work) != 0) {
		/* An old tree the machine's compiler cannot prepare: the grammar's proof
		 * stands alone, and the summary says so. */
		for (char **f = files; *f; f++)
			counts->unverified += fs_is_c_file(*f);
		msg_warn("the changed files cannot be compiled here: make prepare failed on "
			 "allmodconfig (log: %s); the change is kept as the rule proved it", log);
		kept = strdup(c_diff);
		goto out;
	}
	if (fs_write_file_atomic(patch, c_diff, strlen(c_diff)) != 0 ||
	    worktree_patch(t.src, patch, log) != 0) {
		msg_error("the change does not apply to %s (log: %s)", t.src, log);
		goto out;
	}
	counts->prepared = true;
	/* every changed .c file in one make -k run; each whose object did not come out is then
	 * compiled alone, with and without the change, for its verdict and first error */
	char **c_files = calloc(1, sizeof(char *));
	size_t n_c = 0;
	for (char **f = files; *f; f++) {
		if (!fs_is_c_file(*f))
			continue;
		fs_list_add(&c_files, &n_c, *f);
	}
	bool *made = calloc(n_c + 1, sizeof(bool));
	if (n_c)
		allmod_compile_all(ctx, &t, c_files, made);
	for (size_t k = 0; k < n_c; k++) {
		char **f = &c_files[k];
		char *error = NULL;
		enum allmod_result r = made[k] ? ALLMOD_OK
					       : allmod_compile(ctx, &t, *f, work, NULL, &error);
		if (r == ALLMOD_OK) {
			counts->compiled++;
		} else if (r == ALLMOD_FAILED) {
			counts->dropped++;
			fs_list_add(&drop, &n_drop, strdup(*f));
		} else {
			counts->unverified++;
		}
		msg_info("  compile %-52s %s", *f,
			 r == ALLMOD_FAILED ? "fails with the change: left out" : allmod_result_text(r));
		if (r == ALLMOD_FAILED && error)
			msg_info("    %s", error);
		free(error);
	}
	free(made);
	free(c_files);
	kept = diff_without_files(c_diff, drop);
out:
	fs_free_list(drop);
	fs_free_list(files);
	allmod_tree_free(&t);
	free(patch);
	free(log);
	return kept;
}
