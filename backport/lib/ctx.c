// SPDX-License-Identifier: GPL-2.0-only
#include "ctx.h"

#include "exitcodes.h"
#include "fsutil.h"
#include "msg.h"

#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *repo_from_binary(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	/* REPO/out/backport */
	return strdup(dirname(dirname(exe)));
}

static char *env_or(const char *name, char *fallback)
{
	const char *v = getenv(name);
	if (v && *v) {
		free(fallback);
		return strdup(v);
	}
	return fallback;
}

int ctx_init(struct hb_ctx *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->repo = env_or("BACKPORT_ROOT", repo_from_binary());
	const char *home = getenv("HOME");
	ctx->cache = env_or("BACKPORT_CACHE",
			    xasprintf("%s/.cache/hardening-backport", home ? home : "/root"));
	ctx->kernels_path = env_or("BACKPORT_KERNELS_LIST", fs_join(ctx->repo, "kernels.list"));
	ctx->apt_etc = env_or("BACKPORT_APT_ETC", strdup("/etc/apt"));
	if (fs_path_inside(ctx->cache, ctx->repo)) {
		msg_error("the cache %s lies inside the repo %s; set BACKPORT_CACHE to a folder "
			  "outside it",
			  ctx->cache, ctx->repo);
		return HB_EXIT_USAGE;
	}
	char err[512];
	if (kernels_list_load(ctx->kernels_path, &ctx->kernels, err, sizeof(err)) != 0) {
		msg_error("%s", err);
		return HB_EXIT_USAGE;
	}
	return HB_EXIT_OK;
}

void ctx_free(struct hb_ctx *ctx)
{
	free(ctx->repo);
	free(ctx->cache);
	free(ctx->kernels_path);
	free(ctx->apt_etc);
	free(ctx->user_config);
	free(ctx->distro_flavour);
	kernels_list_free(&ctx->kernels);
}

const struct kernel_entry *ctx_kernel(const struct hb_ctx *ctx, const char *name)
{
	const struct kernel_entry *e = kernels_list_find(&ctx->kernels, name);
	if (!e) {
		char names[1024];
		kernels_list_names(&ctx->kernels, names, sizeof(names));
		msg_error("unknown kernel '%s' (known in %s: %s)", name, ctx->kernels_path, names);
	}
	return e;
}

int ctx_make_jobs(const struct hb_ctx *ctx)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	return ctx->make_jobs > 0 ? ctx->make_jobs : cpus > 0 ? (int)cpus : 1;
}

const struct kernel_entry *ctx_default_kernel(const struct hb_ctx *ctx)
{
	char *release = fs_read_file("/etc/os-release", NULL);
	const struct kernel_entry *chosen = NULL;
	for (size_t i = 0; release && i < ctx->kernels.count && !chosen; i++) {
		const struct kernel_entry *e = &ctx->kernels.entries[i];
		char *needle = xasprintf("VERSION_CODENAME=%s\n", e->suite);
		if (e->source == KERNEL_SOURCE_DEBIAN && strstr(release, needle))
			chosen = e;
		free(needle);
	}
	free(release);
	if (!chosen && ctx->kernels.count)
		chosen = &ctx->kernels.entries[0];
	return chosen;
}
