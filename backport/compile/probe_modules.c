// SPDX-License-Identifier: GPL-2.0-only
#include "probe_modules.h"

#include "exitcodes.h"
#include "feature_table.h"
#include "fsutil.h"
#include "kbuild_make.h"
#include "msg.h"
#include "spatch_run.h"
#include "worktree.h"

#include <stdlib.h>
#include <string.h>

/* Every rule over the module sources in KMOD, one after the other, as apply does over a tree. */
static int convert(const struct hb_ctx *ctx, const char *kmod, const char *log)
{
	int changed = 0;
	for (size_t i = 0; i < features_count; i++) {
		char *cocci = xasprintf("%s/cocci/%s.cocci", ctx->repo, features[i].name);
		char *diff = spatch_diff(cocci, kmod, 1, log);
		char *patch_file = xasprintf("%s.%s.diff", kmod, features[i].name);
		int rc = diff ? 0 : -1;
		if (diff && *diff) {
			rc = fs_write_file_atomic(patch_file, diff, strlen(diff)) == 0 &&
					     worktree_patch(kmod, patch_file, log) == 0
				     ? 0
				     : -1;
			changed += rc == 0;
		}
		if (rc != 0)
			msg_error("test modules: %s does not apply to %s (log: %s)", features[i].name,
				  kmod, log);
		free(patch_file);
		free(diff);
		free(cocci);
		if (rc != 0)
			return -1;
	}
	return changed;
}

int probe_modules_build(const struct hb_ctx *ctx, bool vanilla, const char *dir, const char *src,
		       const char *outdir, const char *staging, const char *log, char **env)
{
	char *sources = xasprintf("%s/test-initramfs/kmod", ctx->repo);
	char *kmod = fs_join(dir, "kmod");
	char *m_arg = xasprintf("M=%s", kmod);
	char *mod_path = xasprintf("INSTALL_MOD_PATH=%s", staging);
	int rc = HB_EXIT_OK;
	if (worktree_clone(sources, kmod, log) != 0) {
		msg_error("test modules: cannot copy %s to %s (log: %s)", sources, kmod, log);
		rc = HB_EXIT_ENV;
		goto out;
	}
	if (!vanilla) {
		int changed = convert(ctx, kmod, log);
		if (changed < 0) {
			rc = HB_EXIT_ENV;
			goto out;
		}
		msg_info("test modules: the rules changed %d of them (%s)", changed, kmod);
	}
	const char *const build[] = { m_arg, "modules", NULL };
	const char *const install[] = { m_arg, mod_path, "modules_install", NULL };
	if (kbuild_make(ctx, src, outdir, log, env, build, "test modules") != 0 ||
	    kbuild_make(ctx, src, outdir, log, env, install, "test modules") != 0) {
		msg_error("test modules: make M=%s failed (log: %s)", kmod, log);
		rc = HB_EXIT_FAILED;
	}
out:
	free(mod_path);
	free(m_arg);
	free(kmod);
	free(sources);
	return rc;
}
