// SPDX-License-Identifier: GPL-2.0-only
#include "system_run.h"

#include "apply.h"
#include "apply_stamp.h"
#include "build.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "kbuild_make.h"
#include "lock.h"
#include "msg.h"
#include "system_image.h"
#include "system_report.h"
#include "system_verdict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The config fragment of the packages: the hardenings' defaults a package boots with. */
#define PACKAGE_FRAGMENT "test-system/package.config"
/* The default config of the system stage: the kernel Debian makes for virtual machines. */
#define DEFAULT_CONFIG "debian:cloud-amd64"

static const struct {
	const char *label, *name, *append;
} configs[SYSCFG_COUNT] = {
	[SYSCFG_VANILLA] = { "vanilla", "vanilla", "" },
	[SYSCFG_PATCHED_0] = { "patched at 0", "patched-0", "modules_restrict=0" },
	[SYSCFG_PATCHED_1] = { "patched at 1 (default)", "patched-1", "" },
	[SYSCFG_PATCHED_FIXED] = { "at 1 with the fixes, then 2", "patched-fixed", "hb.level2" },
};

const char *system_config_label(enum system_config c)
{
	return configs[c].label;
}

const char *system_config_name(enum system_config c)
{
	return configs[c].name;
}

static double stage_begin(const char *kernel, const char *what)
{
	msg_stage("system %s: %s ...", kernel, what);
	return msg_now();
}

static void stage_end(const char *kernel, const char *what, double t0, int rc)
{
	if (rc == HB_EXIT_OK)
		msg_stage("system %s: %s ok (%.1f s)", kernel, what, msg_now() - t0);
	else
		msg_stage("system %s: %s FAILED (exit %d, %.1f s)", kernel, what, rc,
			  msg_now() - t0);
}

/* PATH by its name in the repo when it is the repo's, so that the reports read the same on
 * every machine. */
static const char *repo_relative(const struct hb_ctx *ctx, const char *path)
{
	size_t n = strlen(ctx->repo);
	return strncmp(path, ctx->repo, n) == 0 && path[n] == '/' ? path + n + 1 : path;
}

/* Builds FLAVOUR's package: the config of the run, the package fragment, the module list. */
static int build_package(struct hb_ctx *ctx, const struct kernel_entry *e,
			 const struct fetch_record *fetched, const struct apply_record *applied,
			 const struct system_request *req, bool vanilla, struct system_run *r)
{
	int f = vanilla ? 0 : 1;
	char *version = xasprintf("%s+%s1", r->version, vanilla ? "vanilla" : "hardened");
	struct build_request breq = {
		.vanilla = vanilla, .fragment = PACKAGE_FRAGMENT, .lsmod = req->modules,
		.tiny = req->tiny,
		.package_version = version, .localversion = vanilla ? "-vanilla" : "-hardened",
	};
	struct build_output out;
	const char *what = vanilla ? "vanilla package" : "patched package";
	double t0 = stage_begin(e->name, what);
	int rc = build_kernel_request(ctx, e, fetched, applied, &breq, &out);
	stage_end(e->name, what, t0, rc);
	if (rc == HB_EXIT_OK) {
		r->packages[f] = out.packages;
		out.packages = NULL;
		r->release[f] = out.release ? strdup(out.release) : NULL;
		r->package_names[f] = xasprintf("linux-image-%s_%s_amd64.deb",
						 r->release[f] ? r->release[f] : "?", version);
		if (!r->dir) { /* CACHE/system/NAME/TAG, TAG the build's folder */
			char *base = strdup(out.dir);
			char *slash = strrchr(base, '/'); /* .../build/NAME[/TAG]/FLAVOUR */
			if (slash)
				*slash = '\0';
			slash = strrchr(base, '/');
			const char *tag = slash && strncmp(slash + 1, "config-", 7) == 0 ? slash + 1
											: "default";
			r->dir = xasprintf("%s/system/%s/%s", ctx->cache, e->name, tag);
			free(base);
		}
	}
	build_output_free(&out);
	free(version);
	return rc;
}

/* Writes (or, FIXES NULL, removes) the modules-load.d file of ROOT. */
static int set_fixes(const char *root, const char *fixes)
{
	char *path = fs_join(root, SYSTEM_FIXES_FILE);
	int rc = 0;
	if (!fixes) {
		unlink(path);
	} else {
		char *dir = strdup(path);
		*strrchr(dir, '/') = '\0';
		char *text = xasprintf("# What kernel.modules_restrict=1 refused to autoload for the "
				       "services of this system\n# (backport system): loaded at "
				       "boot instead.\n%s", fixes);
		rc = fs_mkdir_p(dir, 0755) || fs_write_file_atomic(path, text, strlen(text));
		free(text);
		free(dir);
	}
	free(path);
	return rc;
}

/* Boot K of the system: its image made from ROOT, booted, the image removed afterwards. */
static int boot_config(struct system_run *r, enum system_config k, const char *root,
		       const char *release)
{
	char *dir = fs_join(r->dir, configs[k].name);
	char *img = fs_join(dir, "root.img");
	char *log = fs_join(dir, "image.log");
	char *kernel = xasprintf("%s/boot/vmlinuz-%s", root, release);
	char *initrd = xasprintf("%s/boot/initrd.img-%s", root, release);
	char *what = xasprintf("boot %s", configs[k].label);
	double t0 = stage_begin(r->kernel, what);
	fs_remove_tree(dir);
	fs_mkdir_p(dir, 0755);
	int rc = HB_EXIT_OK;
	if (system_image_make(root, img, log) != 0) {
		msg_error("system %s: cannot make %s (log %s)", r->kernel, img, log);
		rc = HB_EXIT_ENV;
	} else {
		struct system_boot_opts o = { .kernel = kernel, .initrd = initrd, .image = img,
					      .dir = dir, .append = configs[k].append };
		if (system_boot_run(&o, &r->boots[k]) != 0)
			rc = HB_EXIT_ENV;
		else if (!r->boots[k].finished)
			rc = HB_EXIT_FAILED;
		if (rc)
			msg_error("system %s: %s: %s (console %s)", r->kernel, configs[k].label,
				  r->boots[k].problem ? r->boots[k].problem : "?",
				  r->boots[k].console_log);
	}
	unlink(img); /* 2 GiB a boot: the next one makes its own */
	stage_end(r->kernel, what, t0, rc);
	free(what);
	free(initrd);
	free(kernel);
	free(log);
	free(img);
	free(dir);
	return rc;
}

/* The fixes of TEXT added to *FIXES (sorted lines); whether any was new. */
static bool add_fixes(char **fixes, const char *text)
{
	char **lines = NULL;
	size_t n = 0;
	bool added = false;
	for (int pass = 0; pass < 2; pass++) {
		char *copy = strdup(pass ? text : *fixes), *save = NULL;
		for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
			bool seen = false;
			for (size_t i = 0; i < n && !seen; i++)
				seen = !strcmp(lines[i], l);
			if (!seen) {
				fs_list_add(&lines, &n, strdup(l));
				added |= pass == 1;
			}
		}
		free(copy);
	}
	fs_sort_list(lines, n);
	free(*fixes);
	*fixes = strdup("");
	for (size_t i = 0; i < n; i++) {
		char *more = xasprintf("%s%s\n", *fixes, lines[i]);
		free(*fixes);
		*fixes = more;
	}
	fs_free_list(lines);
	return added;
}

/* The boot at 1 with the fixes of what the boot at 1 refused, again with more while a round is
 * refused something the fixes do not load yet (SYSTEM_FIX_ROUNDS at most); then level 2. */
static int boot_with_fixes(struct system_run *r, const char *root, const char *release)
{
	const struct system_boot *p1 = &r->boots[SYSCFG_PATCHED_1];
	struct system_boot *pf = &r->boots[SYSCFG_PATCHED_FIXED];
	r->fixes = strdup("");
	char *first = p1->parsed ? system_fixes_of(&p1->result) : strdup("");
	add_fixes(&r->fixes, first);
	free(first);
	for (int round = 0;; round++) {
		if (set_fixes(root, *r->fixes ? r->fixes : NULL) != 0) {
			msg_error("system %s: cannot write the fixes into %s", r->kernel, root);
			return HB_EXIT_ENV;
		}
		int rc = boot_config(r, SYSCFG_PATCHED_FIXED, root, release);
		if (rc == HB_EXIT_ENV || !pf->parsed || round == SYSTEM_FIX_ROUNDS - 1)
			return rc == HB_EXIT_ENV ? rc : HB_EXIT_OK;
		char *more = system_fixes_of(&pf->result);
		bool added = add_fixes(&r->fixes, more);
		free(more);
		if (!added)
			return HB_EXIT_OK;
		msg_info("system %s: the boot with the fixes was refused more; again with:\n%s",
			 r->kernel, r->fixes);
		r->fix_rounds[r->n_fix_rounds++] = *pf;
		memset(pf, 0, sizeof(*pf));
	}
}

static int write_reports(const struct system_run *r)
{
	char *md = system_table_md(r), *deploy = system_deploying_md(r);
	char *md_path = fs_join(r->dir, "system.md"), *json_path = fs_join(r->dir, "system.json");
	char *deploy_path = fs_join(r->dir, "deploying.md");
	json_t *j = system_run_json(r);
	int rc = fs_write_file_atomic(md_path, md, strlen(md)) ||
		 fs_write_file_atomic(deploy_path, deploy, strlen(deploy)) ||
		 json_dump_file(j, json_path, JSON_INDENT(2)) != 0;
	printf("\n%s\nreports: %s, %s, %s\n", md, md_path, json_path, deploy_path);
	json_decref(j);
	free(deploy_path);
	free(json_path);
	free(md_path);
	free(deploy);
	free(md);
	return rc ? HB_EXIT_ENV : HB_EXIT_OK;
}

/* fetch, apply, both packages (under the kernel's build lock). */
static int make_packages(struct hb_ctx *ctx, const struct kernel_entry *e,
			 const struct system_request *req, struct system_run *r)
{
	struct fetch_record rec;
	double t0 = stage_begin(e->name, "fetch");
	int rc = fetch_kernel(ctx, e, false, &rec);
	stage_end(e->name, "fetch", t0, rc);
	if (rc)
		return rc;
	r->version = strdup(rec.version);
	unsigned mask = features_selected(ctx);
	t0 = stage_begin(e->name, "apply");
	struct apply_record applied;
	rc = apply_last_record(ctx, e, &rec, mask, &applied) == 0
		     ? HB_EXIT_OK : apply_kernel(ctx, e, &rec, mask, &applied);
	stage_end(e->name, "apply", t0, rc);
	if (!rc)
		rc = build_package(ctx, e, &rec, &applied, req, true, r);
	if (!rc)
		rc = build_package(ctx, e, &rec, &applied, req, false, r);
	apply_record_free(&applied);
	return rc;
}

int system_run(struct hb_ctx *ctx, const struct system_request *req, struct system_run *r)
{
	memset(r, 0, sizeof(*r));
	double t0 = msg_now();
	const struct kernel_entry *e = req->kernel ? ctx_kernel(ctx, req->kernel)
						   : ctx_default_kernel(ctx);
	if (!e)
		return HB_EXIT_USAGE;
	r->kernel = strdup(e->name);
	if (e->source != KERNEL_SOURCE_DEBIAN) {
		msg_error("system %s: a tree by path has no Debian suite to make its system from; "
			  "the system stage runs on the kernels of kernels.list that name one "
			  "(NAME debian SUITE ...)", e->name);
		return HB_EXIT_USAGE;
	}
	r->suite = strdup(e->suite);
	if (req->tiny && (ctx->user_config || ctx->distro_flavour || req->modules)) {
		msg_error("system %s: --tiny makes the kernel's config itself; it goes with "
			  "neither --config nor --modules", e->name);
		return HB_EXIT_USAGE;
	}
	if (req->tiny) {
		r->config = xasprintf("tinyconfig with %s", repo_relative(ctx, req->tiny));
	} else {
		if (!ctx->user_config && !ctx->distro_flavour &&
		    build_set_user_config(ctx, DEFAULT_CONFIG) != HB_EXIT_OK)
			return HB_EXIT_USAGE;
		r->config = ctx->distro_flavour ? xasprintf("debian:%s", ctx->distro_flavour)
						: strdup(ctx->user_config);
	}
	if (req->modules) {
		char *more = xasprintf("%s, only the modules of %s", r->config,
				       repo_relative(ctx, req->modules));
		free(r->config);
		r->config = more;
	}
	msg_stage("system %s: Debian packages of the vanilla and the patched kernel (%s), a "
		  "Debian %s system, four boots", e->name, r->config, e->suite);
	int lock = kbuild_lock(ctx, e);
	int rc = make_packages(ctx, e, req, r);
	lock_release(lock);
	char *tar = NULL;
	if (!rc) {
		double ts = stage_begin(e->name, "system image");
		rc = system_base_image(ctx, e->suite, req->refresh, &tar);
		stage_end(e->name, "system image", ts, rc);
	}
	char *roots[2] = { NULL, NULL }, *booted[2] = { NULL, NULL };
	char *out_system = fs_join(ctx->repo, "out/system");
	for (int f = 0; !rc && f < 2; f++) {
		const char *what = f ? "patched system" : "vanilla system";
		double ts = stage_begin(e->name, what);
		roots[f] = xasprintf("%s/%s-root", r->dir, f ? "patched" : "vanilla");
		char *log = xasprintf("%s/%s-root.log", r->dir, f ? "patched" : "vanilla");
		fs_mkdir_p(r->dir, 0755);
		fs_write_file_atomic(log, "", 0);
		rc = system_rootfs(ctx, tar, out_system, r->packages[f], roots[f], log, &booted[f]);
		stage_end(e->name, what, ts, rc);
		free(log);
	}
	for (int k = 0; !rc && k < SYSCFG_PATCHED_FIXED; k++) {
		int f = k == SYSCFG_VANILLA ? 0 : 1;
		int brc = boot_config(r, (enum system_config)k, roots[f], booted[f]);
		if (brc == HB_EXIT_ENV)
			rc = brc; /* QEMU or the image: the next boots would fail the same way */
	}
	if (!rc)
		rc = boot_with_fixes(r, roots[1], booted[1]);
	if (roots[1])
		set_fixes(roots[1], NULL);
	r->seconds = msg_now() - t0;
	if (!rc) {
		rc = write_reports(r);
		char *problems = system_verdict(r);
		if (!rc && *problems) {
			printf("system %s: FAILED:\n%s", e->name, problems);
			rc = HB_EXIT_FAILED;
		} else if (!rc) {
			printf("system %s: every workload ok or fixed, every door closed at level 1 "
			       "(%.0f s)\n", e->name, r->seconds);
		}
		free(problems);
	}
	for (int f = 0; f < 2; f++) {
		free(roots[f]);
		free(booted[f]);
	}
	free(out_system);
	free(tar);
	return rc;
}

void system_run_free(struct system_run *r)
{
	free(r->kernel);
	free(r->suite);
	free(r->version);
	free(r->config);
	free(r->dir);
	for (int f = 0; f < 2; f++) {
		free(r->packages[f]);
		free(r->package_names[f]);
		free(r->release[f]);
	}
	for (int k = 0; k < SYSCFG_COUNT; k++)
		system_boot_free(&r->boots[k]);
	for (int i = 0; i < r->n_fix_rounds; i++)
		system_boot_free(&r->fix_rounds[i]);
	free(r->fixes);
	memset(r, 0, sizeof(*r));
}
