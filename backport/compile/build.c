// SPDX-License-Identifier: GPL-2.0-only
#include "build.h"

#include "build_dir.h"
#include "config_stamp.h"
#include "distro_config.h"
#include "exitcodes.h"
#include "fnv_hash.h"
#include "fetch.h"
#include "fsutil.h"
#include "kbuild_make.h"
#include "kconfig_check.h"
#include "msg.h"
#include "spawn.h"
#include "probe_modules.h"
#include "user_config.h"

#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The test stage's config fragment, relative to the repo. */
#define TEST_FRAGMENT "test-initramfs/kernel.config"

const char *const build_tools[] = { "make", "make", "gcc", "gcc", "ccache", "ccache",
				    "flex", "flex", "bison", "bison", "bc", "bc",
				    "depmod", "kmod", "spatch", "coccinelle", NULL };

void build_output_free(struct build_output *out)
{
	free(out->dir);
	free(out->bzimage);
	free(out->modules);
	free(out->release);
	free(out->log);
	free(out->problem);
	free(out->packages);
	memset(out, 0, sizeof(*out));
}

/* "FLAVOUR does not build with gcc N: first error: ..." from LOG (malloc'd). */
static char *build_problem(const char *flavour, const char *log)
{
	char *text = fs_read_file(log, NULL);
	char *first = text ? kbuild_first_error(text) : NULL;
	char *compiler = kbuild_compiler_name();
	/* a tree of the user's own that was built in place: kbuild refuses O= builds of it */
	char *problem = text && strstr(text, "source tree is not clean")
				? xasprintf("%s does not build: its tree was built in place (a .config "
					    "or objects in it); run make mrproper there, or give a "
					    "clean copy", flavour)
				: xasprintf("%s does not build with %s: %s%s", flavour, compiler,
					    first ? "first error: " : "no error line in the log",
					    first ? first : "");
	free(compiler);
	free(first);
	free(text);
	return problem;
}

static void print_log_errors(const char *log)
{
	char *text = fs_read_file(log, NULL);
	int shown = 0;
	for (char *save = NULL, *l = text ? strtok_r(text, "\n", &save) : NULL; l && shown < 15;
	     l = strtok_r(NULL, "\n", &save)) {
		if (strstr(l, "error") || strstr(l, "Error ")) {
			fprintf(stderr, "    %s\n", l);
			shown++;
		}
	}
	free(text);
}

/* Whether OUTDIR's .config is what configuring for FRAGMENT and RECORD would write
 * (config_stamp.h); if so, says so on the stage's output. */
static bool config_current(const char *outdir, const char *fragment, const char *record,
			   const char *what)
{
	char *config_path = fs_join(outdir, ".config"), *stamp_path = fs_join(outdir, CONFIG_STAMP_FILE);
	char *config = fs_read_file(config_path, NULL), *stamp = fs_read_file(stamp_path, NULL);
	bool current = config_stamp_current(stamp, fragment, record, config);
	if (current)
		msg_info("%s: .config is current (same fragment, no Kconfig input changed)", what);
	free(config);
	free(stamp);
	free(stamp_path);
	free(config_path);
	return current;
}

static void write_config_stamp(const char *outdir, const char *fragment, const char *record,
			       const char *config)
{
	char *stamp_path = fs_join(outdir, CONFIG_STAMP_FILE);
	char *stamp = config_stamp_make(fragment, record, config);
	if (fs_write_file_atomic(stamp_path, stamp, strlen(stamp)) != 0)
		msg_warn("cannot write %s: the next build configures again", stamp_path);
	free(stamp);
	free(stamp_path);
}

int build_set_user_config(struct hb_ctx *ctx, const char *file)
{
	char real[PATH_MAX], err[512], flavour[64];
	int distro = distro_config_parse(file, flavour, sizeof(flavour), err, sizeof(err));
	if (distro < 0) {
		msg_error("--config %s", err);
		return HB_EXIT_USAGE;
	}
	if (distro > 0) { /* fetched per kernel, at its build (use_distro_config) */
		free(ctx->distro_flavour);
		ctx->distro_flavour = strdup(flavour);
		return HB_EXIT_OK;
	}
	char *text = realpath(file, real) ? fs_read_file(real, NULL) : NULL;
	if (!text) {
		msg_error("--config %s: cannot read it: %m", file);
		return HB_EXIT_USAGE;
	}
	int rc = user_config_usable(text, err, sizeof(err));
	free(text);
	if (rc != 0) {
		msg_error("--config %s: %s", file, err);
		return HB_EXIT_USAGE;
	}
	free(ctx->user_config);
	ctx->user_config = strdup(real);
	return HB_EXIT_OK;
}

/* --config debian:FLAVOUR: Debian's config of that flavour for E, whose source REC records,
 * fetched and made the user's config of this build. */
static int use_distro_config(struct hb_ctx *ctx, const struct kernel_entry *e,
			     const struct fetch_record *rec)
{
	char *path = NULL, err[512];
	int rc = distro_config_fetch(ctx, e, rec, ctx->distro_flavour, &path);
	char *text = rc ? NULL : fs_read_file(path, NULL);
	if (!rc && (!text || user_config_usable(text, err, sizeof(err)) != 0)) {
		msg_error("--config %s%s (%s): %s", DISTRO_CONFIG_PREFIX, ctx->distro_flavour,
			  path, text ? err : "cannot read it");
		rc = HB_EXIT_USAGE;
	}
	if (!rc) {
		free(ctx->user_config);
		ctx->user_config = path;
		path = NULL;
	}
	free(text);
	free(path);
	return rc;
}

/* What the build did to the user's --config: the options the tests added or changed, and
 * what the build itself needed (adjusted); said on every build, current or not. */
static void say_user_config(const struct hb_ctx *ctx, const char *what, const char *user,
			    const char *fragment, const char *fragment_name, const char *config,
			    const char *adjusted)
{
	char *added = user_config_added(user, fragment, config);
	msg_info("%s: your config %s, with %s merged in (added or changed: %s)", what,
		 ctx->user_config, fragment_name, *added ? added : "none");
	if (adjusted && *adjusted)
		msg_info("%s: and for the build: %s", what, adjusted);
	free(added);
}

/* make tinyconfig (or the user's --config), the repo's fragment, make olddefconfig, and a
 * check that every option of the fragment survived; skipped when out/'s stamp says the .config
 * is current. */
static int configure(const struct hb_ctx *ctx, const struct build_request *req, const char *src,
		     const char *outdir, const char *record, const char *log, char **env,
		     const char *what)
{
	static const char *const tiny[] = { "tinyconfig", NULL };
	static const char *const olddef[] = { "olddefconfig", NULL };
	const char *fragment_name = req->fragment ? req->fragment : TEST_FRAGMENT;
	char *fragment_path = fs_join(ctx->repo, fragment_name);
	char *fragment = fs_read_file(fragment_path, NULL);
	char *config_path = fs_join(outdir, ".config");
	char *user = ctx->user_config ? fs_read_file(ctx->user_config, NULL) : NULL;
	char *lsmod = req->lsmod ? fs_read_file(req->lsmod, NULL) : NULL;
	char *own = req->tiny ? fs_read_file(req->tiny, NULL) : NULL;
	char *adjusted = NULL; /* what the build changed in the user's config, and why */
	if (own && fragment) { /* the kernel's own fragment first, then the request's */
		char *both = xasprintf("%s\n%s", own, fragment);
		free(fragment);
		fragment = both;
	}
	if (user && fragment && !req->fragment) {
		/* what the tests need; the rest as the user's config has it */
		char *merged = user_config_fragment(fragment);
		free(fragment);
		fragment = merged;
	}
	/* what the .config is made from: the fragment, after the user's config when given, and
	 * the module list */
	char *inputs = fragment ? xasprintf("%s%s%s", user ? user : "", fragment,
					    lsmod ? lsmod : "")
				: NULL;
	int rc = HB_EXIT_ENV;
	if (!fragment || (ctx->user_config && !user) || (req->lsmod && !lsmod) ||
	    (req->tiny && !own)) {
		msg_error("cannot read %s", !fragment			 ? fragment_path
				       : req->lsmod && !lsmod	 ? req->lsmod
				       : req->tiny && !own	 ? req->tiny
								 : ctx->user_config);
		goto out;
	}
	if (config_current(outdir, inputs, record, what)) {
		rc = HB_EXIT_OK;
		if (user) { /* a second build says what the first did to the user's config */
			free(user_config_adjust(user, src, &adjusted));
			char *config = fs_read_file(config_path, NULL);
			if (config)
				say_user_config(ctx, what, user, fragment, fragment_name, config, adjusted);
			free(config);
		}
		goto out;
	}
	char *stamp_path = fs_join(outdir, CONFIG_STAMP_FILE);
	fs_remove_tree(stamp_path); /* a configure that fails midway leaves no stamp */
	free(stamp_path);
	if (user) {
		char *start = user_config_adjust(user, src, &adjusted);
		int wrc = fs_mkdir_p(outdir, 0755) != 0 ||
			  fs_write_file_atomic(config_path, start, strlen(start)) != 0;
		free(start);
		if (wrc) {
			msg_error("%s: cannot write %s", what, config_path);
			goto out;
		}
	} else if (kbuild_make(ctx, src, outdir, log, env, tiny, what) != 0) {
		msg_error("%s: make tinyconfig failed (log: %s)", what, log);
		goto out;
	}
	if (req->lsmod) {
		char *arg = xasprintf("LSMOD=%s", req->lsmod);
		const char *const local[] = { arg, "localmodconfig", NULL };
		int lrc = kbuild_make(ctx, src, outdir, log, env, local, what);
		free(arg);
		if (lrc != 0) {
			msg_error("%s: make localmodconfig failed (log: %s)", what, log);
			goto out;
		}
		msg_info("%s: only the modules of %s kept (localmodconfig)", what, req->lsmod);
	}
	char *config = fs_read_file(config_path, NULL);
	char *this_tree = kconfig_fragment_for(fragment, src); /* what it can afford */
	char *merged = xasprintf("%s\n# hardening-backport: %s\n%s", config ? config : "",
				 fragment_path, this_tree);
	free(this_tree);
	free(config);
	int wrc = fs_write_file_atomic(config_path, merged, strlen(merged));
	free(merged);
	if (wrc != 0 || kbuild_make(ctx, src, outdir, log, env, olddef, what) != 0) {
		msg_error("%s: make olddefconfig failed (log: %s)", what, log);
		goto out;
	}
	config = fs_read_file(config_path, NULL);
	char *missing = NULL, *absent = NULL;
	int bad = kconfig_check(fragment, config ? config : "", src, &missing, &absent);
	if (*absent)
		msg_info("%s: options of %s this tree does not have, left out: %s", what,
			 fragment_name, absent);
	free(absent);
	if (bad) {
		msg_error("%s: %d option(s) of %s did not survive olddefconfig:\n%s", what, bad,
			  fragment_path, missing);
		rc = HB_EXIT_FAILED;
	} else {
		rc = HB_EXIT_OK;
		if (config)
			write_config_stamp(outdir, inputs, record, config);
	}
	if (user && config)
		say_user_config(ctx, what, user, fragment, fragment_name, config, adjusted);
	free(config);
	free(missing);
out:
	free(adjusted);
	free(inputs);
	free(own);
	free(lsmod);
	free(user);
	free(fragment);
	free(fragment_path);
	free(config_path);
	return rc;
}

static char *kernel_release(const char *src, const char *outdir, char **env)
{
	char *o_arg = xasprintf("O=%s", outdir);
	char *argv[] = { "make", "-s", "-C", (char *)src, o_arg, "kernelrelease", NULL };
	struct spawn_opts o = { .env_add = env };
	int st;
	char *out = spawn_capture(argv, &o, &st);
	free(o_arg);
	if (!out || st != 0) {
		free(out);
		return NULL;
	}
	out[strcspn(out, "\n")] = '\0';
	return out;
}

/* The folder of CACHE/build/NAME a build with the user's config USER (NULL: none) and REQ uses:
 * "" for the test stage's on tinyconfig, "config-XXXXXXXX" on a user's config, the same with
 * the fragment's and module list's text in the hash for another build (malloc'd; NULL when a
 * file cannot be read). */
static char *build_tag(const struct hb_ctx *ctx, const char *user, const struct build_request *req)
{
	if (!req->fragment && !req->lsmod && !req->tiny)
		return user ? user_config_tag(user) : strdup("");
	char *path = xasprintf("%s/%s", ctx->repo, req->fragment ? req->fragment : TEST_FRAGMENT);
	char *fragment = fs_read_file(path, NULL);
	char *lsmod = req->lsmod ? fs_read_file(req->lsmod, NULL) : NULL;
	char *tiny = req->tiny ? fs_read_file(req->tiny, NULL) : NULL;
	char *tag = NULL;
	if (fragment && (lsmod || !req->lsmod) && (tiny || !req->tiny)) {
		char *all = xasprintf("%s\n%s%s%s\n%s", user ? user : "", tiny ? "tiny\n" : "",
				      tiny ? tiny : "", fragment, lsmod ? lsmod : "");
		tag = user_config_tag(all);
		free(all);
	}
	free(tiny);
	free(lsmod);
	free(fragment);
	free(path);
	return tag;
}

/* make bindeb-pkg in the entered build DIR, then the .deb files (and what dpkg-buildpackage
 * writes beside them) moved from the folder above out/ into PACKAGES. */
static int build_packages(struct hb_ctx *ctx, const struct build_request *req,
			  const struct build_dir *dir, const char *base, const char *packages,
			  const char *log, char **env, const char *what)
{
	char *version = xasprintf("KDEB_PKGVERSION=%s", req->package_version);
	/* the build's own dependencies are this machine's, not a list of Debian packages */
	const char *const targets[] = { version, "DPKG_FLAGS=-d", "bindeb-pkg", NULL };
	int rc = kbuild_make(ctx, dir->src, dir->out, log, env, targets, what);
	free(version);
	if (rc != 0) {
		msg_error("%s: make bindeb-pkg failed (log: %s)", what, log);
		return HB_EXIT_FAILED;
	}
	fs_remove_tree(packages);
	if (fs_mkdir_p(packages, 0755) != 0) {
		msg_error("%s: cannot make %s", what, packages);
		return HB_EXIT_ENV;
	}
	static const char *const kinds[] = { "*.deb", "*.buildinfo", "*.changes", NULL };
	int debs = 0;
	for (int k = 0; kinds[k]; k++) {
		char *pattern = fs_join(base, kinds[k]);
		glob_t g;
		if (glob(pattern, 0, NULL, &g) == 0) {
			for (size_t i = 0; i < g.gl_pathc; i++) {
				const char *name = strrchr(g.gl_pathv[i], '/') + 1;
				char *to = fs_join(packages, name);
				if (rename(g.gl_pathv[i], to) == 0)
					debs += k == 0;
				free(to);
			}
			globfree(&g);
		}
		free(pattern);
	}
	if (!debs) {
		msg_error("%s: make bindeb-pkg made no .deb in %s (log: %s)", what, base, log);
		return HB_EXIT_FAILED;
	}
	msg_info("%s: %d Debian package(s) in %s", what, debs, packages);
	return HB_EXIT_OK;
}

/* The packages' stamp: what they were made from (the sources' record, the .config of OUTDIR,
 * the version and local version), malloc'd. */
static char *package_stamp(const struct build_request *req, const char *outdir,
			   const char *record)
{
	char *config_path = fs_join(outdir, ".config");
	char *config = fs_read_file(config_path, NULL);
	char *stamp = xasprintf("version %s\nlocalversion %s\nconfig %016llx\nsources %016llx\n",
				req->package_version, req->localversion ? req->localversion : "",
				(unsigned long long)fnv1a_hash(config ? config : "",
							       config ? strlen(config) : 0),
				(unsigned long long)fnv1a_hash(record ? record : "",
							       record ? strlen(record) : 0));
	free(config);
	free(config_path);
	return stamp;
}

#define PACKAGE_STAMP ".hb-packaged"

/* Whether PACKAGES holds a linux-image package made from what STAMP says. */
static bool packages_current(const char *packages, const char *stamp)
{
	char *path = fs_join(packages, PACKAGE_STAMP), *pattern = fs_join(packages, "linux-image-*.deb");
	char *old = fs_read_file(path, NULL);
	glob_t g;
	bool debs = glob(pattern, 0, NULL, &g) == 0;
	if (debs)
		globfree(&g);
	bool current = debs && old && strcmp(old, stamp) == 0;
	free(old);
	free(pattern);
	free(path);
	return current;
}

static int write_package_stamp(const char *packages, const char *stamp)
{
	char *path = fs_join(packages, PACKAGE_STAMP);
	int rc = fs_write_file_atomic(path, stamp, strlen(stamp));
	free(path);
	return rc ? HB_EXIT_ENV : HB_EXIT_OK;
}

int build_kernel(struct hb_ctx *ctx, const struct kernel_entry *e,
		 const struct fetch_record *fetched, const struct apply_record *applied,
		 bool vanilla, struct build_output *out)
{
	const struct build_request req = { .vanilla = vanilla };
	return build_kernel_request(ctx, e, fetched, applied, &req, out);
}

int build_kernel_request(struct hb_ctx *ctx, const struct kernel_entry *e,
			 const struct fetch_record *fetched, const struct apply_record *applied,
			 const struct build_request *req, struct build_output *out)
{
	bool vanilla = req->vanilla;
	memset(out, 0, sizeof(*out));
	const char *flavour = vanilla ? "vanilla" : "patched";
	char *what = xasprintf("build %s %s", e->name, flavour);
	char *source = NULL;
	int rc = HB_EXIT_OK;
	if (vanilla) {
		source = strdup(fetched->tree);
	} else if (applied) {
		source = xasprintf("%s/work/%s/patched", ctx->cache, e->name);
	} else {
		/* the commands apply first (stage_order.h): a stale tree is never built */
		msg_error("%s: the patched tree of %s is not current: run backport apply %s first",
			  what, e->name, e->name);
		rc = HB_EXIT_ENV;
	}
	if (!rc && ctx->distro_flavour)
		rc = use_distro_config(ctx, e, fetched);
	if (rc) {
		free(source);
		free(what);
		return rc;
	}
	double t0 = msg_now();
	/* a config of the user's own, or another fragment, builds in a folder of its own */
	char *user = ctx->user_config ? fs_read_file(ctx->user_config, NULL) : NULL;
	char *tag = build_tag(ctx, user, req);
	free(user);
	if (!tag) {
		msg_error("%s: cannot read %s", what, req->lsmod ? req->lsmod : req->fragment);
		free(source);
		free(what);
		return HB_EXIT_USAGE;
	}
	char *base = *tag ? xasprintf("%s/build/%s/%s", ctx->cache, e->name, tag)
			  : xasprintf("%s/build/%s", ctx->cache, e->name);
	free(tag);
	out->dir = fs_join(base, flavour);
	out->log = fs_join(out->dir, "build.log");
	char *staging = fs_join(out->dir, "staging");
	/* Both flavours build at the same paths (build_dir.h); ccache serves what is left. Its
	 * depend mode hashes kbuild's -MMD output instead of running the preprocessor a second
	 * time on every miss (a cold 5.10 build: 472 s instead of 505 s). */
	char *env_base = xasprintf("CCACHE_BASEDIR=%s", base);
	char *env_local = req->localversion ? xasprintf("LOCALVERSION=%s", req->localversion)
					    : NULL;
	char *env[] = { env_base,
			"CCACHE_NOHASHDIR=1",
			"CCACHE_DEPEND=1",
			"KBUILD_BUILD_TIMESTAMP=2010-11-17",
			"KBUILD_BUILD_USER=hardening-backport",
			"KBUILD_BUILD_HOST=qemu",
			env_local,
			NULL };
	msg_stage("%s (log %s)", what, out->log);
	fs_mkdir_p(out->dir, 0755);
	fs_write_file_atomic(out->log, "", 0);
	struct build_dir dir = { 0 };
	bool built = false;
	bool entered = build_dir_enter(base, flavour, vanilla ? "patched" : "vanilla",
				       fetched->tree, source, out->log, &dir) == 0;
	if (!entered) {
		rc = HB_EXIT_ENV;
		goto out;
	}
	msg_info("%s: %s", what, dir.how);
	rc = configure(ctx, req, dir.src, dir.out, dir.record, out->log, env, what);
	if (rc) {
		if (rc == HB_EXIT_ENV) /* make itself failed, not the fragment check */
			out->problem = build_problem(flavour, out->log);
		goto out;
	}
	char *packaged = NULL;
	if (req->package_version) {
		out->packages = xasprintf("%s/packages/%s", base, flavour);
		packaged = package_stamp(req, dir.out, dir.record);
		if (packages_current(out->packages, packaged)) {
			msg_info("%s: the packages in %s are current (same sources, config and "
				 "version)", what, out->packages);
			out->release = kernel_release(dir.src, dir.out, env);
			built = true;
			free(packaged);
			goto out;
		}
	}
	static const char *const targets[] = { "bzImage", "modules", NULL };
	if (kbuild_make(ctx, dir.src, dir.out, out->log, env, targets, what) != 0) {
		free(packaged);
		out->problem = build_problem(flavour, out->log);
		msg_error("%s: %s", what, out->problem);
		msg_error("%s failed; last errors:", what);
		print_log_errors(out->log);
		msg_error("full log: %s", out->log);
		rc = HB_EXIT_FAILED;
		goto out;
	}
	if (req->package_version) { /* the packages carry the modules: no staging */
		rc = build_packages(ctx, req, &dir, base, out->packages, out->log, env, what);
		if (!rc)
			rc = write_package_stamp(out->packages, packaged);
		free(packaged);
		if (rc)
			goto out;
		out->release = kernel_release(dir.src, dir.out, env);
		built = true;
		goto out;
	}
	fs_remove_tree(staging);
	char *mod_path = xasprintf("INSTALL_MOD_PATH=%s", staging);
	/* stripped: the guest's initramfs carries them all (a distribution config has 1000) */
	const char *const install[] = { mod_path, "INSTALL_MOD_STRIP=1", "modules_install", NULL };
	int irc = kbuild_make(ctx, dir.src, dir.out, out->log, env, install, what);
	free(mod_path);
	if (irc != 0) {
		msg_error("%s: modules_install failed (log: %s)", what, out->log);
		rc = HB_EXIT_FAILED;
		goto out;
	}
	rc = probe_modules_build(ctx, vanilla, out->dir, dir.src, dir.out, staging, out->log, env);
	if (rc)
		goto out;
	out->release = kernel_release(dir.src, dir.out, env);
	built = true;
out:
	if (entered && build_dir_leave(&dir, built) != 0 && !rc)
		rc = HB_EXIT_ENV;
	if (!rc) {
		out->bzimage = fs_join(dir.kept, "arch/x86/boot/bzImage");
		out->modules = strdup(staging);
		out->seconds = msg_now() - t0;
		msg_info("%s: %s, release %s (%.0f s)", what, out->bzimage,
			 out->release ? out->release : "?", out->seconds);
	}
	build_dir_free(&dir);
	free(env_base);
	free(env_local);
	free(staging);
	free(base);
	free(source);
	free(what);
	return rc;
}
