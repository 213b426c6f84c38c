// SPDX-License-Identifier: GPL-2.0-only
/// Add the kernel.modules_restrict sysctl (grsecurity MODHARDEN, after Dan
/// Rosenberg's 2010 RFC "Restrictions on module loading"), next to and
/// without changing kernel.modules_disabled:
///   0: no restriction (default);
///   1: __request_module() fails with -EPERM unless the requester holds
///      CAP_SYS_MODULE in the initial user namespace (CAP_NET_ADMIN there
///      for a netdev- alias, as dev_load() asks), so that unprivileged
///      users, root of a user namespace and a root that dropped
///      CAP_SYS_MODULE (a container's) cannot auto-load modules (sockets
///      of a modular protocol family, crypto templates, link types,
///      filesystems, ...), also not through the crypto manager's kernel
///      threads, which act with their requester's credentials;
///   2: nobody can load or unload a module any more, __request_module()
///      refuses everybody before it starts modprobe, and the value can no
///      longer be lowered.
/// Each refused autoload is logged, rate-limited, with the module alias
/// and the requester's comm, pid and uid.  Writing the sysctl needs
/// CAP_SYS_MODULE; writers are serialized.  At 1 writing kernel.modprobe
/// needs CAP_SYS_MODULE too, at 2 it can no longer change.  The level at
/// boot is CONFIG_MODULES_RESTRICT_DEFAULT (0 without it) or the kernel
/// command line's modules_restrict=N.
///
// Confidence: High
// Copyright: (C) 2024 hardening-backport contributors.
// Comments: Unlike the 2010 RFC, which replaced modules_disabled (an ABI
//  change that was rejected), this adds modules_restrict beside it.
//  Each piece is added only where the structure it hangs on is found and
//  only if that file does not have it yet, so the rule is idempotent per
//  file and works on partly patched trees.  Pieces, per file:
//  - ctl_table: the entry goes right after the entry whose .data is
//    &modules_disabled, in whatever table holds it (kern_table in
//    kernel/sysctl.c up to 6.12, module_sysctl_table in
//    kernel/module/main.c later).  Bounds follow the style of that
//    modules_disabled entry, and the upper bound 2 is only ever named by
//    what the file itself shows to exist:
//    * .extra1 = &one (2.6.x to 5.2) gives .extra1 = &zero (every such
//      kernel/sysctl.c has "static int zero;");
//    * .extra1 = SYSCTL_ONE (5.3 on) gives SYSCTL_ZERO (they came
//      together) and, for the upper bound, SYSCTL_TWO only where the tree
//      is known to define it: the file itself names SYSCTL_TWO somewhere
//      (5.15.100 and Debian's 5.10.223: kptr_restrict; Debian's 6.1 and
//      6.6.57: overcommit_memory), or its proc_dointvec_minmax() takes a
//      const struct ctl_table * (6.11 on), or the file defines no
//      proc_dointvec_minmax() at all (the table lives in module code,
//      after 6.12).  SYSCTL_TWO came with the shared sysctl_vals[] of
//      fs/proc/proc_sysctl.c (5.17, and stable 5.10.y and 5.15.y), so a
//      5.3 to 5.16 tree may lack it: 5.4.286's include/linux/sysctl.h has
//      only ZERO, ONE and INT_MAX.
//    Otherwise the upper bound is &two, the file's own
//    "static int __maybe_unused two = 2;" (2.6.32 to 5.16 all have it),
//    else a "static int __maybe_unused modules_restrict_two = 2;" added
//    before the handler.
//  - handler modules_restrict_sysctl(), static, just before that table:
//    a write needs CAP_SYS_MODULE (capable(), so root that dropped it, or
//    root of a user namespace, is refused: the file's mode alone lets any
//    euid 0 write); under a mutex, proc_dointvec_minmax() parses into a
//    local copy, and the value is stored unless it is 2 and the new one
//    is not (-EPERM): writing 2 again succeeds, as modules_disabled
//    accepts 1 again, and a write of 0 cannot slip in between the check
//    and the store of a racing write of 2.
//    Its parameter types are copied from the proc_dointvec_minmax()
//    definition of the same file (kernel/sysctl.c: "void __user *" in
//    2.6.x, "void *" from 5.8, "const struct ctl_table *" from 6.11).
//    A file without that definition (the table lives in module code,
//    7.x) gets the current prototype (const struct ctl_table *, void *).
//    The handler reads the value through table->data rather than naming
//    modules_restrict, and is __maybe_unused: in kernel/sysctl.c it is
//    outside the #ifdef CONFIG_MODULES that surrounds the entry.
//  - definition of modules_restrict right after the definition of
//    modules_disabled (kernel/module.c, kernel/module/main.c; never
//    static, since kmod.c reads it), initialized from
//    CONFIG_MODULES_RESTRICT_DEFAULT where the tree's Kconfig declares it
//    (the driver adds that entry beside MODULE_UNLOAD; a tree without it
//    starts at 0), and the boot parameter modules_restrict=N (__setup,
//    0..2; another value is left to the kernel's "unknown parameter"
//    message).
//  - declarations "extern int modules_restrict;", never in
//    include/linux/module.h (nearly every object includes it, so a
//    patched build would recompile the whole kernel): in the module
//    internal header, the one that declares module_mutex but not
//    modules_disabled and does not define struct module
//    (kernel/module/internal.h, 6.1 on; include/linux/module.h of 2.6.32
//    to 2.6.35 declares module_mutex and not modules_disabled), after
//    modprobe_path's extern, else after module_mutex's; in the file of
//    the sysctl entry when it does not define modules_disabled
//    (kernel/sysctl.c up to 6.12; 2.6.32's has an "extern int
//    modules_disabled;" of its own, which is no definition), before the
//    handler, as Debian's kernel/sysctl.c declares
//    unprivileged_userns_clone; in kmod.c, after the definition of
//    modprobe_path, unless it includes "internal.h"
//    (kernel/module/kmod.c, 6.12 on).
//  - every "if (E || modules_disabled) S" (may_init_module() or
//    init_module(), delete_module()) becomes
//    "if (E || modules_disabled || modules_restrict == 2) S".
//  - __request_module(): "if (modules_restrict_refused(name)) return
//    -EPERM;" right after the name's length check
//    "if (ret >= MODULE_NAME_LEN) return -ENAMETOOLONG;" (every version,
//    2.6.31 among them), else right after the LSM hook's check
//    "ret = security_kernel_module_request(NAME, ...); if (ret) return
//    ret;" (the hook takes the name from 2.6.33 on; in 2.6.32 it takes
//    none and comes before the name is formatted).  The name is the
//    first argument of the function's vsnprintf(NAME, MODULE_NAME_LEN,
//    ...).  modules_restrict_refused(), a static function added before
//    __request_module(): at level 2 every request is refused, at level 1
//    a requester without CAP_SYS_MODULE in the initial user namespace,
//    or without CAP_NET_ADMIN there for a "netdev-" alias (the rule of
//    dev_load() upstream; dev_load() itself asks for the bare name only
//    with CAP_SYS_MODULE).  The 2010 RFC tested for uid 0; a capability
//    tells apart what uid 0 cannot: the root of a container (uid 0 in
//    the initial user namespace that dropped CAP_SYS_MODULE, as Docker,
//    Podman and systemd's ProtectKernelModules= do) is refused like an
//    unprivileged user, and root keeps its autoloads.  Each refusal is
//    logged at KERN_NOTICE, rate-limited: "modules_restrict: refused
//    autoload of ALIAS for COMM[PID] uid UID (level N)".  Per era, as
//    the file shows it: a kmod.c whose __request_module() throttles with
//    kmod_concurrent_max (4.13 on) gets ns_capable_noaudit() (4.10 on:
//    no audit record per request; an LSM that denies the capability
//    still refuses), the kuid_t uid and pr_notice_ratelimited(); any
//    other (2.6.x to 4.12) gets capable() and lets the tree decide at
//    compile time: GLOBAL_ROOT_UID is a macro of <linux/uidgid.h> (3.5
//    on, included by <linux/cred.h>) and nowhere before, so "#ifdef
//    GLOBAL_ROOT_UID" picks from_kuid() there and the uid_t otherwise;
//    the log line is rate-limited by printk_ratelimit() there.
//  - kernel.modprobe, the entry with ".data = &modprobe_path" in the
//    table of modules_disabled: its proc_dostring() handler becomes
//    modules_restrict_modprobe_sysctl(), which refuses a write at level
//    2 and, at level 1, a writer without CAP_SYS_MODULE (the entry's
//    mode alone lets any euid 0 write: a container's root would name
//    its own program, which the next privileged autoload runs as full
//    root).  Its parameter types as the modules_restrict handler's.
//    2.6.32's entry also has a sysctl(2) strategy, sysctl_string(),
//    which writes without the handler: it becomes
//    modules_restrict_modprobe_strategy(), the same test around
//    sysctl_string(), with the types of the file's own sysctl_string().
//    The other knobs of the autoload path need no change:
//    kernel.usermodehelper.bset and .inheritable already need
//    CAP_SYS_MODULE (and CAP_SETPCAP) to write, and kernel.modules_restrict
//    itself is guarded above.
//  - crypto/algboss.c: the crypto manager instantiates a template
//    ("hmac(md4)", asked for by an unprivileged AF_ALG bind, a keyctl DH
//    KDF, kTLS, ...) in the kernel thread cryptomgr_probe and tests new
//    algorithms in cryptomgr_test.  A kernel thread runs with init_cred,
//    so its request_module("crypto-hmac") would pass the capability
//    check on the user's behalf.  The scheduling functions, which run in the
//    requester's context, take its credentials (get_current_cred()) into
//    the thread's parameters; the thread acts with them
//    (override_creds()) until it is done, then reverts and drops them, so
//    __request_module() judges the requester, and a nested template
//    ("cbc(hmac(md4))") schedules its own thread with the same
//    credentials.  Sound because only the subjective credentials change
//    (what capable(), current_uid() and the LSM hook read), the reference is taken
//    before kthread_run() and dropped on its failure or at the thread's
//    end, and override_creds()/revert_creds() balance both where
//    override_creds() takes its own reference (up to 6.13) and where it
//    does not (6.14 on).  Root's template autoloads keep working: its
//    credentials are root's.  Shapes known: kthread_run() of
//    cryptomgr_probe/cryptomgr_test with "param" structs, 2.6.2x to 7.x;
//    a thread and its kthread_run() change together or not at all.
//  - net/tipc/crypto.c (5.5 on): tipc_crypto_key_rcv() accepts a key a
//    peer sent only for "gcm(aes)", the one algorithm TIPC supports (and
//    requires of a local key): its work item, which runs with the
//    kernel's credentials, would otherwise load any crypto module the
//    peer names.  Not gated on the sysctl.  Shape known: the keylen local
//    that the MSG_CRYPTO size fix brought (5.15; 5.10.77 and 5.14.16 on);
//    an older 5.8 to 5.14 reads incomplete.
//  Report mode prints one line per piece that patch mode would add or
//  change and "modules_restrict: present already" where the sysctl entry
//  (or another piece) is there.  Where a file has the structure a piece
//  hangs on but not the piece's anchor, nothing of that piece is added
//  (of the load and unload checks, those of the known shape are) and
//  report mode says "modules_restrict: incomplete: ..." with what is
//  missing and where the rule looked: __request_module() without either
//  anchor or without the vsnprintf() that names the module, a
//  modules_disabled entry of unknown bounds style, a table of
//  modules_disabled without the kernel.modprobe entry of the known
//  shape (or, with a sysctl(2) strategy, no sysctl_string() of five
//  parameters in the file), a file that
//  defines modules_disabled with fewer than two "if (... ||
//  modules_disabled)" checks, a crypto manager thread whose shape or
//  kthread_run() is not the one known, a kmod.c with no modprobe_path
//  definition for the declaration, tipc_crypto_key_rcv() without its
//  keylen line.  The "// Piece:" lines below name, for the driver, an
//  added line (without or with the diff's leading '+') that each piece
//  of a working hardening contributes to the diff of a whole tree; one
//  check of two, or a declaration missing in one file of several, shows
//  only in report mode's "incomplete:".  modules_disabled itself is
//  never changed.
// Options: --no-includes --include-headers
// Prefilter: modules_disabled|modules_restrict|module_mutex|__request_module|cryptomgr_probe|tipc_crypto_key_rcv
// Piece: sysctl entry: [.]procname[[:space:]]*=[[:space:]]*"modules_restrict"
// Piece: sysctl handler: static int __maybe_unused modules_restrict_sysctl[(]
// Piece: variable definition: ^[+]?int modules_restrict( = CONFIG_MODULES_RESTRICT_DEFAULT)?;
// Piece: variable declaration: ^[+]?extern int modules_restrict;
// Piece: boot parameter: __setup[(]"modules_restrict=", modules_restrict_setup[)];
// Piece: autoload check: if [(]modules_restrict_refused[(][[:alnum:]_]+[)][)]
// Piece: autoload judgement and its log line: modules_restrict: refused autoload of %s for %s
// Piece: kernel.modprobe guard: [.]proc_handler[[:space:]]*= modules_restrict_modprobe_sysctl,
// Piece: load and unload checks: [|][|] modules_disabled [|][|] modules_restrict == 2[)]
// Piece: crypto manager credentials: override_creds[(][[:alnum:]_]+->cred[)]

virtual patch
virtual report

// Which files spatch parses at all.  Before parsing a file, spatch greps
// it for the words the rules need; every rule below depends on mr_file,
// a script whose words are only these (a script's own dependencies make
// its words, and rules that depend on a script add none), so a file that
// names none of them is not parsed: spatch --dir over a whole tree parses
// a handful of files.  Without this gate the query spatch builds from
// the many rules below grows past its limit and it parses every file.
// scripts/cocci-words-tests checks it for every rule.
@mr_w_md@
symbol modules_disabled;
@@
modules_disabled

@mr_w_md_decl@
symbol modules_disabled;
@@
int modules_disabled;

@mr_w_mutex@
type T;
symbol module_mutex;
@@
extern T module_mutex;

@mr_w_kmod@
@@
__request_module(...) { ... }

@mr_w_crypto@
@@
struct cryptomgr_param { ... };

@mr_w_tipc@
@@
tipc_crypto_key_rcv(...) { ... }

@script:python mr_file depends on mr_w_md || mr_w_md_decl || mr_w_mutex || mr_w_kmod || mr_w_crypto || mr_w_tipc@
@@
pass

// ------------------------------------------------------------------
// ctl_table entry, right after modules_disabled's
// ------------------------------------------------------------------

@mr_entry depends on mr_file@
type T;
identifier t;
position p;
@@
T t[] = { ..., { .procname = "modules_restrict"@p, ... }, ... };

@script:python depends on mr_file && report && mr_entry@
p << mr_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (sysctl entry)")

@md_entry depends on mr_file && !mr_entry@
type T;
identifier t;
symbol modules_disabled;
position p;
@@
T t[] = { ..., { .data = &modules_disabled@p, ... }, ... };

@style_new depends on mr_file@
type md_entry.T;
identifier md_entry.t;
symbol SYSCTL_ONE;
position md_entry.p;
@@
T t[] = { ..., { .data = &modules_disabled@p, .extra1 = SYSCTL_ONE, ... }, ... };

@style_old depends on mr_file && !style_new@
type md_entry.T;
identifier md_entry.t;
symbol one;
position md_entry.p;
@@
T t[] = { ..., { .data = &modules_disabled@p, .extra1 = &one, ... }, ... };

@has_handler depends on mr_file@
@@
modules_restrict_sysctl(...) { ... }

@dointvec_sig depends on mr_file@
identifier t1, w, b, l, pp;
type T1, T2;
@@
int proc_dointvec_minmax(T1 t1, int w, T2 b, size_t *l, loff_t *pp) { ... }

// SYSCTL_TWO is named only where the tree has it: the file names it
// itself, or shows a version that has it (see the header).
@two_named depends on mr_file && style_new@
symbol SYSCTL_TWO;
@@
SYSCTL_TWO

@two_const_sig depends on mr_file && style_new@
identifier t1, w, b, l, pp;
type T2;
@@
int proc_dointvec_minmax(const struct ctl_table *t1, int w, T2 b, size_t *l, loff_t *pp) { ... }

// The file's own "two" (2.6.x to 5.16)
@has_two depends on mr_file && (style_new || style_old)@
symbol two;
@@
(
int two;
|
int two = ...;
)

// The upper bound 2, by what the file shows:
//   two_macro: SYSCTL_TWO (new style, and the tree has it);
//   two_own:   the file's own "two";
//   two_local: a "static int __maybe_unused modules_restrict_two = 2;" added
//              before the handler.
@script:python depends on mr_file && ((report && style_new && (two_named || two_const_sig || !dointvec_sig)) && md_entry)@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add the sysctl entry (SYSCTL_ZERO..SYSCTL_TWO) after modules_disabled")

@script:python depends on mr_file && report && style_new && !two_named && !two_const_sig && dointvec_sig && has_two && md_entry@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add the sysctl entry (SYSCTL_ZERO..&two: this file names no SYSCTL_TWO) after modules_disabled")

@script:python depends on mr_file && report && style_new && !two_named && !two_const_sig && dointvec_sig && !has_two && md_entry@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add the sysctl entry (SYSCTL_ZERO..&modules_restrict_two, a static int added before the handler: this file names no SYSCTL_TWO and has no two) after modules_disabled")

@script:python depends on mr_file && report && style_old && has_two && md_entry@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add the sysctl entry (&zero..&two) after modules_disabled")

@script:python depends on mr_file && report && style_old && !has_two && md_entry@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add the sysctl entry (&zero..&modules_restrict_two, a static int added before the handler: this file has no two) after modules_disabled")

@script:python depends on mr_file && report && !style_new && !style_old && md_entry@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no sysctl entry (the modules_disabled entry of this table has neither .extra1 = SYSCTL_ONE nor .extra1 = &one, so the bounds style is unknown)")

@script:python depends on mr_file && ((report && (style_new || style_old) && !has_handler) && md_entry)@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add the handler modules_restrict_sysctl() before this table")

// The entry text is built in python: SmPL would print an added
// initializer on one line.  Coccinelle drops what follows the last newline
// of such an identifier, hence the text ends with a newline.
@initialize:python@
@@
def mr_entry_text(lo, hi):
    return ",\n\t\t".join([
        '.procname\t= "modules_restrict"',
        '.data\t\t= &modules_restrict',
        '.maxlen\t\t= sizeof(int)',
        '.mode\t\t= 0644',
        '.proc_handler\t= modules_restrict_sysctl',
        '.extra1\t\t= %s' % lo,
        '.extra2\t\t= %s' % hi]) + ",\n"

@script:python mk_new depends on mr_file && (patch && style_new && (two_named || two_const_sig || !dointvec_sig))@
ent;
@@
coccinelle.ent = cocci.make_ident(mr_entry_text("SYSCTL_ZERO", "SYSCTL_TWO"))

@script:python mk_new_own depends on mr_file && patch && style_new && !two_named && !two_const_sig && dointvec_sig && has_two@
ent;
@@
coccinelle.ent = cocci.make_ident(mr_entry_text("SYSCTL_ZERO", "&two"))

@script:python mk_new_local depends on mr_file && patch && style_new && !two_named && !two_const_sig && dointvec_sig && !has_two@
ent;
@@
coccinelle.ent = cocci.make_ident(mr_entry_text("SYSCTL_ZERO", "&modules_restrict_two"))

@script:python mk_old_own depends on mr_file && patch && style_old && has_two@
ent;
@@
coccinelle.ent = cocci.make_ident(mr_entry_text("&zero", "&two"))

@script:python mk_old_local depends on mr_file && patch && style_old && !has_two@
ent;
@@
coccinelle.ent = cocci.make_ident(mr_entry_text("&zero", "&modules_restrict_two"))

@add_entry_new depends on mr_file && patch@
type md_entry.T;
identifier md_entry.t;
identifier mk_new.ent;
@@
T t[] = { ...,
  { .data = &modules_disabled, ... },
+ { ent },
  ... };

@add_entry_new_own depends on mr_file && patch@
type md_entry.T;
identifier md_entry.t;
identifier mk_new_own.ent;
@@
T t[] = { ...,
  { .data = &modules_disabled, ... },
+ { ent },
  ... };

@add_entry_new_local depends on mr_file && patch@
type md_entry.T;
identifier md_entry.t;
identifier mk_new_local.ent;
@@
T t[] = { ...,
  { .data = &modules_disabled, ... },
+ { ent },
  ... };

@add_entry_old_own depends on mr_file && patch@
type md_entry.T;
identifier md_entry.t;
identifier mk_old_own.ent;
@@
T t[] = { ...,
  { .data = &modules_disabled, ... },
+ { ent },
  ... };

@add_entry_old_local depends on mr_file && patch@
type md_entry.T;
identifier md_entry.t;
identifier mk_old_local.ent;
@@
T t[] = { ...,
  { .data = &modules_disabled, ... },
+ { ent },
  ... };

// ------------------------------------------------------------------
// handler, just before that table
// ------------------------------------------------------------------

@add_handler_sig depends on mr_file && (patch && (style_new || style_old) && !has_handler)@
type dointvec_sig.T1, dointvec_sig.T2;
type md_entry.T;
identifier md_entry.t;
declarer name DEFINE_MUTEX;
@@
+static int __maybe_unused modules_restrict_sysctl(T1 table, int write, T2 buffer,
+						   size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.modules_restrict: writing needs CAP_SYS_MODULE; once 2, the
+	 * value is locked (2 may be written again).  Writers are serialized, so
+	 * that a write of 0 cannot land between the check and the store of 2.
+	 */
+	static DEFINE_MUTEX(modules_restrict_lock);
+	struct ctl_table tmp = *table;
+	int value;
+	int ret;
+
+	if (write && !capable(CAP_SYS_MODULE))
+		return -EPERM;
+	mutex_lock(&modules_restrict_lock);
+	value = *(int *)table->data;
+	tmp.data = &value;
+	ret = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
+	if (write && !ret) {
+		if (*(int *)table->data == 2 && value != 2)
+			ret = -EPERM;
+		else
+			*(int *)table->data = value;
+	}
+	mutex_unlock(&modules_restrict_lock);
+	return ret;
+}
+
 T t[] = { ... };

@add_handler_cur depends on mr_file && (patch && (style_new || style_old) && !has_handler && !dointvec_sig)@
type md_entry.T;
identifier md_entry.t;
declarer name DEFINE_MUTEX;
@@
+static int __maybe_unused modules_restrict_sysctl(const struct ctl_table *table, int write,
+						   void *buffer, size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.modules_restrict: writing needs CAP_SYS_MODULE; once 2, the
+	 * value is locked (2 may be written again).  Writers are serialized, so
+	 * that a write of 0 cannot land between the check and the store of 2.
+	 */
+	static DEFINE_MUTEX(modules_restrict_lock);
+	struct ctl_table tmp = *table;
+	int value;
+	int ret;
+
+	if (write && !capable(CAP_SYS_MODULE))
+		return -EPERM;
+	mutex_lock(&modules_restrict_lock);
+	value = *(int *)table->data;
+	tmp.data = &value;
+	ret = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
+	if (write && !ret) {
+		if (*(int *)table->data == 2 && value != 2)
+			ret = -EPERM;
+		else
+			*(int *)table->data = value;
+	}
+	mutex_unlock(&modules_restrict_lock);
+	return ret;
+}
+
 T t[] = { ... };

// ------------------------------------------------------------------
// kernel.modprobe, in the same table: the program every autoload runs
// with full privileges.  At 1 writing it needs CAP_SYS_MODULE, at 2 it is
// fixed: a handler around proc_dostring(), added after the one above.
// 2.6.32's entry also has a binary sysctl(2) strategy, sysctl_string(),
// which writes without the handler: a strategy around it, with the types
// of the file's own sysctl_string().
// ------------------------------------------------------------------

@mp_done depends on mr_file@
type T;
identifier t;
identifier h = {modules_restrict_modprobe_sysctl};
position p;
@@
T t[] = { ..., { .proc_handler = h@p, ... }, ... };

@script:python depends on mr_file && report && mp_done@
p << mp_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (kernel.modprobe guard)")

@mp_entry depends on mr_file && md_entry && !mp_done@
type md_entry.T;
identifier md_entry.t;
symbol modprobe_path, proc_dostring;
position p;
@@
T t[] = { ..., { .data = &modprobe_path@p, .proc_handler = \(proc_dostring\|&proc_dostring\), ... }, ... };

@mp_strategy depends on mr_file && mp_entry@
type md_entry.T;
identifier md_entry.t;
identifier ss = {sysctl_string};
@@
T t[] = { ..., { .data = &modprobe_path, .strategy = \(ss\|&ss\), ... }, ... };

@ss_sig depends on mr_file && mp_strategy@
identifier a, b, c, d, e;
type T1, T2, T3, T4, T5;
@@
int sysctl_string(T1 a, T2 b, T3 c, T4 d, T5 e) { ... }

@script:python depends on mr_file && report && mp_entry && !mp_strategy@
p << mp_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would guard kernel.modprobe (CAP_SYS_MODULE to write it at 1, fixed at 2)")

@script:python depends on mr_file && report && mp_entry && mp_strategy && ss_sig@
p << mp_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would guard kernel.modprobe (CAP_SYS_MODULE to write it at 1, fixed at 2), its sysctl(2) strategy too")

@script:python depends on mr_file && report && mp_entry && mp_strategy && !ss_sig@
p << mp_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no kernel.modprobe guard (its entry has a sysctl(2) strategy, and this file defines no \"int sysctl_string(a, b, c, d, e)\" to take its types from)")

@script:python depends on mr_file && report && md_entry && (style_new || style_old) && !mp_done && !mp_entry@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no kernel.modprobe guard (no entry with \".data = &modprobe_path\" and \".proc_handler = proc_dostring\" in the table of modules_disabled)")

@add_mp_handler_sig depends on mr_file && (patch && mp_entry && (style_new || style_old) && (ss_sig || !mp_strategy) && dointvec_sig)@
type dointvec_sig.T1, dointvec_sig.T2;
type md_entry.T;
identifier md_entry.t;
@@
+static int __maybe_unused modules_restrict_modprobe_sysctl(T1 table, int write, T2 buffer,
+							    size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.modprobe names the program every module autoload runs with
+	 * full privileges: at modules_restrict 1 writing it needs
+	 * CAP_SYS_MODULE, at 2 it can no longer change.
+	 */
+	if (write && modules_restrict == 2)
+		return -EPERM;
+	if (write && modules_restrict && !capable(CAP_SYS_MODULE))
+		return -EPERM;
+	return proc_dostring(table, write, buffer, lenp, ppos);
+}
+
 T t[] = { ... };

@add_mp_handler_cur depends on mr_file && (patch && mp_entry && (style_new || style_old) && !mp_strategy && !dointvec_sig)@
type md_entry.T;
identifier md_entry.t;
@@
+static int __maybe_unused modules_restrict_modprobe_sysctl(const struct ctl_table *table,
+							    int write, void *buffer,
+							    size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.modprobe names the program every module autoload runs with
+	 * full privileges: at modules_restrict 1 writing it needs
+	 * CAP_SYS_MODULE, at 2 it can no longer change.
+	 */
+	if (write && modules_restrict == 2)
+		return -EPERM;
+	if (write && modules_restrict && !capable(CAP_SYS_MODULE))
+		return -EPERM;
+	return proc_dostring(table, write, buffer, lenp, ppos);
+}
+
 T t[] = { ... };

@add_mp_strategy_fn depends on mr_file && (patch && mp_strategy && ss_sig && (style_new || style_old) && dointvec_sig)@
type ss_sig.T1, ss_sig.T2, ss_sig.T3, ss_sig.T4, ss_sig.T5;
type md_entry.T;
identifier md_entry.t;
@@
+static int __maybe_unused modules_restrict_modprobe_strategy(T1 table, T2 oldval,
+							      T3 oldlenp, T4 newval,
+							      T5 newlen)
+{
+	/* kernel.modprobe through sysctl(2): as modules_restrict_modprobe_sysctl() */
+	if (newval && newlen && modules_restrict == 2)
+		return -EPERM;
+	if (newval && newlen && modules_restrict && !capable(CAP_SYS_MODULE))
+		return -EPERM;
+	return sysctl_string(table, oldval, oldlenp, newval, newlen);
+}
+
 T t[] = { ... };

// Only the handler's (the strategy's) value is replaced: the entry keeps its layout.
@mp_value depends on mr_file && patch && (add_mp_handler_sig || add_mp_handler_cur)@
type md_entry.T;
identifier md_entry.t;
expression E;
position p;
@@
T t[] = { ..., { .data = &modprobe_path, .proc_handler = E@p, ... }, ... };

@add_mp_guard depends on mr_file && patch@
expression mp_value.E;
position mp_value.p;
@@
- E@p
+ modules_restrict_modprobe_sysctl

@mp_svalue depends on mr_file && patch && add_mp_strategy_fn@
type md_entry.T;
identifier md_entry.t;
expression E;
position p;
@@
T t[] = { ..., { .data = &modprobe_path, .strategy = E@p, ... }, ... };

@add_mp_strategy depends on mr_file && patch@
expression mp_svalue.E;
position mp_svalue.p;
@@
- E@p
+ &modules_restrict_modprobe_strategy

// ------------------------------------------------------------------
// definition, right after modules_disabled's
// ------------------------------------------------------------------

@mr_def depends on mr_file@
position p;
symbol modules_restrict;
@@
(
extern int modules_restrict;
|
int modules_restrict@p;
|
int modules_restrict@p = ...;
)

@script:python depends on mr_file && report && mr_def@
p << mr_def.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (definition)")

@md_def depends on mr_file && !mr_def@
position p;
@@
(
extern int modules_disabled;
|
int modules_disabled@p;
|
int modules_disabled@p = ...;
)

@script:python depends on mr_file && report && md_def@
p << md_def.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would define int modules_restrict after modules_disabled")

@add_def depends on mr_file && patch@
position md_def.p;
@@
(
 int modules_disabled@p;
+#ifdef CONFIG_MODULES_RESTRICT_DEFAULT
+int modules_restrict = CONFIG_MODULES_RESTRICT_DEFAULT;
+#else
+int modules_restrict;
+#endif
|
 int modules_disabled@p = ...;
+#ifdef CONFIG_MODULES_RESTRICT_DEFAULT
+int modules_restrict = CONFIG_MODULES_RESTRICT_DEFAULT;
+#else
+int modules_restrict;
+#endif
)

// ------------------------------------------------------------------
// declaration in the module internal header (the one that declares
// module_mutex but not modules_disabled): after modprobe_path's extern,
// else after module_mutex's.  Never in include/linux/module.h, which
// nearly every object of the kernel includes.
// ------------------------------------------------------------------

@mr_decl depends on mr_file@
position p;
@@
extern int modules_restrict@p;

@script:python depends on mr_file && report && mr_decl@
p << mr_decl.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (extern declaration)")

@md_decl depends on mr_file && !mr_decl@
position p;
@@
extern int modules_disabled@p;

// include/linux/module.h, which up to 2.6.35 declares module_mutex but not
// modules_disabled, is not that header: it defines struct module.
@public_hdr depends on mr_file && !mr_decl && !md_decl@
@@
struct module { ... };

@internal_hdr depends on mr_file && !mr_decl && !md_decl && !public_hdr@
symbol module_mutex;
type T;
position p;
@@
extern T module_mutex@p;

@mp_decl depends on mr_file && internal_hdr@
symbol modprobe_path;
position p;
@@
extern char modprobe_path@p[];

@script:python depends on mr_file && report && mp_decl@
p << mp_decl.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would declare extern int modules_restrict after modprobe_path")

@script:python depends on mr_file && report && !mp_decl && internal_hdr@
p << internal_hdr.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would declare extern int modules_restrict after module_mutex")

@add_decl_internal depends on mr_file && patch@
position mp_decl.p;
@@
 extern char modprobe_path@p[];
+extern int modules_restrict;

@add_decl_mutex depends on mr_file && patch && internal_hdr && !mp_decl@
type internal_hdr.T;
@@
 extern T module_mutex;
+extern int modules_restrict;

// ------------------------------------------------------------------
// load/unload permission checks
// ------------------------------------------------------------------

@perm_done depends on mr_file@
expression E;
statement S;
position p;
@@
if@p (E || modules_disabled || modules_restrict == 2) S

// How many load/unload checks each file has, done or not: the file that
// defines modules_disabled has two (init_module() or may_init_module(),
// delete_module()) in every version.
@initialize:python@
@@
perm_checks = {}

@script:python depends on mr_file && perm_done@
p << perm_done.p;
@@
perm_checks[p[0].file] = perm_checks.get(p[0].file, 0) + 1

@script:python depends on mr_file && report && perm_done@
p << perm_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (load/unload check)")

@perm depends on mr_file@
expression E;
statement S;
position p;
@@
if@p (E || modules_disabled) S

@script:python depends on mr_file && perm@
p << perm.p;
@@
perm_checks[p[0].file] = perm_checks.get(p[0].file, 0) + 1

@script:python depends on mr_file && report && perm@
p << perm.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would also refuse when modules_restrict == 2")

@add_perm depends on mr_file && patch@
expression perm.E;
statement perm.S;
position perm.p;
@@
- if@p (E || modules_disabled)
+ if (E || modules_disabled || modules_restrict == 2)
  S

// ------------------------------------------------------------------
// __request_module(): at 1 only a requester with CAP_SYS_MODULE, at 2 nobody
// ------------------------------------------------------------------

@kmod_done depends on mr_file@
position p;
@@
__request_module@p(...) { <+... \(modules_restrict_refused(...)\|modules_restrict\) ...+> }

@script:python depends on mr_file && report && kmod_done@
p << kmod_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (__request_module check)")

@kmod_fn depends on mr_file && !kmod_done@
position p;
@@
__request_module@p(...) { ... }

// The kuid_t form where the file shows a kernel of 4.13 on (its throttle,
// kmod_concurrent_max, replaced max_modprobes in 4.13; kuid_t is 3.5 on).
@kmod_kuid depends on mr_file && kmod_fn@
symbol kmod_concurrent_max;
@@
__request_module(...) { <+... kmod_concurrent_max ...+> }

// Anchor: the check of the name's length, right after the name is formatted (every
// version).  The LSM hook comes before the formatting in 2.6.32 (it takes no argument
// there), after it from 2.6.33 on: so the autoload check goes after the length check, and
// only where a tree lacks that, after the hook's check when the hook is given the name.
@kmod_len depends on mr_file && kmod_fn@
identifier ret;
position p;
@@
__request_module(...)
{
  ...
  if@p (ret >= MODULE_NAME_LEN)
    return -ENAMETOOLONG;
  ...
}

@kmod_hook depends on mr_file && kmod_fn && !kmod_len@
identifier ret;
expression E;
position p;
@@
__request_module(...)
{
  ...
  ret = security_kernel_module_request@p(E, ...);
  if (ret)
    return ret;
  ...
}

// The name the request was formatted into (module_name in every era).
@kmod_name depends on mr_file && kmod_fn@
identifier name;
@@
__request_module(...) { <+... vsnprintf(name, MODULE_NAME_LEN, ...) ...+> }

// Before 4.13 the judgement goes after modprobe_path's definition (below).
@kmod_mp_def depends on mr_file && kmod_fn && !kmod_kuid@
symbol modprobe_path;
@@
char modprobe_path[...] = ...;

// Everything the autoload check needs is there: it is added whole, or not at all.
@script:python kmod_ready depends on mr_file && kmod_fn && kmod_name && (kmod_len || kmod_hook) && (kmod_kuid || kmod_mp_def)@
@@
pass

@script:python depends on mr_file && report && kmod_fn && kmod_name && (kmod_len || kmod_hook) && !kmod_kuid && !kmod_mp_def@
p << kmod_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no autoload check (no \"char modprobe_path[...] = ...;\" in this kmod.c to put the judgement after)")

@script:python depends on mr_file && report && kmod_ready && kmod_kuid && kmod_hook@
p << kmod_hook.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would refuse auto-loading to everybody at 2, at 1 to a requester without CAP_SYS_MODULE in the initial user namespace (CAP_NET_ADMIN for netdev-), unaudited, each refusal logged, after the LSM hook (no length check of the module name of the known shape)")

@script:python depends on mr_file && report && kmod_ready && !kmod_kuid && kmod_hook@
p << kmod_hook.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would refuse auto-loading to everybody at 2, at 1 to a requester without CAP_SYS_MODULE (CAP_NET_ADMIN for netdev-), each refusal logged, after the LSM hook (no length check of the module name of the known shape)")

@script:python depends on mr_file && report && kmod_ready && kmod_kuid && kmod_len@
p << kmod_len.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would refuse auto-loading to everybody at 2, at 1 to a requester without CAP_SYS_MODULE in the initial user namespace (CAP_NET_ADMIN for netdev-), unaudited, each refusal logged, after the length check of the module name")

@script:python depends on mr_file && report && kmod_ready && !kmod_kuid && kmod_len@
p << kmod_len.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would refuse auto-loading to everybody at 2, at 1 to a requester without CAP_SYS_MODULE (CAP_NET_ADMIN for netdev-), each refusal logged, after the length check of the module name")

@script:python depends on mr_file && report && !kmod_hook && !kmod_len && kmod_fn@
p << kmod_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no autoload check (neither \"if (ret >= MODULE_NAME_LEN) return -ENAMETOOLONG;\" nor \"ret = security_kernel_module_request(NAME, ...); if (ret) return ret;\" in __request_module())")

@script:python depends on mr_file && report && (kmod_hook || kmod_len) && !kmod_name && kmod_fn@
p << kmod_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no autoload check (no \"vsnprintf(NAME, MODULE_NAME_LEN, ...)\" in __request_module() names the module asked for)")

// The boot parameter, in kmod.c (built whenever modules are): before __request_module().
@script:python depends on mr_file && report && kmod_ready && kmod_fn@
p << kmod_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add the boot parameter modules_restrict=N before __request_module()")

// The judgement and its log line, a function before __request_module().  4.13 on (the file
// throttles with kmod_concurrent_max): ns_capable_noaudit() (4.10 on), which asks without
// an audit record per request (an LSM that denies the capability still refuses), the
// kuid_t uid, READ_ONCE() and pr_notice_ratelimited().
@add_kmod_refused_kuid depends on mr_file && patch && kmod_ready && kmod_kuid@
typedef bool;
@@
+static bool modules_restrict_refused(const char *name)
+{
+	/*
+	 * kernel.modules_restrict: is the autoload of NAME refused?  At 1
+	 * the requester needs CAP_SYS_MODULE in the initial user namespace,
+	 * or CAP_NET_ADMIN there for a netdev- alias (as dev_load() asks
+	 * for it); at 2 nobody may.  Root of a user namespace and a root
+	 * that dropped CAP_SYS_MODULE (a container's) are refused alike.
+	 * Each refusal is logged, rate-limited, so that what a level
+	 * refused can be seen and preloaded.
+	 */
+	int level = READ_ONCE(modules_restrict);
+	bool netdev = !strncmp(name, "netdev-", 7);
+
+	if (!level)
+		return false;
+	if (level == 1 && ns_capable_noaudit(&init_user_ns, CAP_SYS_MODULE))
+		return false;
+	if (level == 1 && netdev && ns_capable_noaudit(&init_user_ns, CAP_NET_ADMIN))
+		return false;
+	pr_notice_ratelimited("modules_restrict: refused autoload of %s for %s[%d] uid %u (level %d)\n",
+			      name, current->comm, task_pid_nr(current),
+			      from_kuid(&init_user_ns, current_uid()), level);
+	return true;
+}
+
 __request_module(...) { ... }

// 2.6.x to 4.12: capable(), and what the tree has decides at compile time: GLOBAL_ROOT_UID is
// a macro of <linux/uidgid.h> (3.5 on, included by <linux/cred.h>) and nowhere before.  The
// log line is rate-limited by printk_ratelimit(), which every such tree has
// (pr_notice_ratelimited() came in 2.6.35).
@add_kmod_refused_old depends on mr_file && patch && kmod_ready && !kmod_kuid@
typedef bool;
symbol modprobe_path;
@@
 char modprobe_path[...] = ...;
+
+static bool modules_restrict_refused(const char *name)
+{
+	/*
+	 * kernel.modules_restrict: is the autoload of NAME refused?  At 1
+	 * the requester needs CAP_SYS_MODULE, or CAP_NET_ADMIN for a
+	 * netdev- alias; at 2 nobody may.  Each refusal is logged,
+	 * rate-limited.
+	 */
+	int level = modules_restrict;
+
+	if (!level)
+		return false;
+	if (level == 1 && capable(CAP_SYS_MODULE))
+		return false;
+	if (level == 1 && !strncmp(name, "netdev-", 7) && capable(CAP_NET_ADMIN))
+		return false;
+	if (printk_ratelimit())
+		pr_notice("modules_restrict: refused autoload of %s for %s[%d] uid %u (level %d)\n",
+			  name, current->comm, task_pid_nr(current),
+			  modules_restrict_uid(), level);
+	return true;
+}

// The uid of the log line, as the tree has it (trees before 4.13).
@add_kmod_uid_old depends on mr_file && patch && kmod_ready && !kmod_kuid@
@@
+static unsigned int modules_restrict_uid(void)
+{
+	/* kuid_t and GLOBAL_ROOT_UID from 3.5 on, uid_t before */
+#ifdef GLOBAL_ROOT_UID
+	return from_kuid(&init_user_ns, current_uid());
+#else
+	return current_uid();
+#endif
+}
+
 modules_restrict_refused(...) { ... }

// Before the judgement just added (before its uid helper in the trees before 4.13).  Not
// right before __request_module() in the trees before
// 4.13, neither the judgement: spatch takes the indentation step of added code from the
// function that follows, and a __request_module() of 2.6.x to 3.3 continues its envp[]
// initializer with four tabs.
@add_boot_param depends on mr_file && patch && kmod_ready && kmod_kuid@
attribute name __init;
declarer name __setup;
@@
+static int __init modules_restrict_setup(char *str)
+{
+	/* modules_restrict=N on the kernel command line: the level from boot on */
+	int value;
+
+	if (get_option(&str, &value) != 1 || value < 0 || value > 2)
+		return 0;
+	modules_restrict = value;
+	return 1;
+}
+__setup("modules_restrict=", modules_restrict_setup);
+
 modules_restrict_refused(...) { ... }

@add_boot_param_old depends on mr_file && patch && kmod_ready && !kmod_kuid@
attribute name __init;
declarer name __setup;
@@
+static int __init modules_restrict_setup(char *str)
+{
+	/* modules_restrict=N on the kernel command line: the level from boot on */
+	int value;
+
+	if (get_option(&str, &value) != 1 || value < 0 || value > 2)
+		return 0;
+	modules_restrict = value;
+	return 1;
+}
+__setup("modules_restrict=", modules_restrict_setup);
+
 modules_restrict_uid(...) { ... }

@add_kmod_hook depends on mr_file && patch && kmod_ready && kmod_hook@
identifier kmod_hook.ret, kmod_name.name;
@@
__request_module(...)
{
  ...
  ret = security_kernel_module_request(...);
  if (ret)
    return ret;
+ if (modules_restrict_refused(name))
+   return -EPERM;
  ...
}

@add_kmod_len depends on mr_file && patch && kmod_ready && kmod_len@
identifier kmod_len.ret, kmod_name.name;
@@
__request_module(...)
{
  ...
  if (ret >= MODULE_NAME_LEN)
    return -ENAMETOOLONG;
+ if (modules_restrict_refused(name))
+   return -EPERM;
  ...
}

// ------------------------------------------------------------------
// local declarations where no header gives one: the file that holds the
// sysctl entry but not modules_disabled (kernel/sysctl.c up to 6.12) and
// kmod.c when it does not include the module internal header (up to
// 6.1).  Debian's own kernel/sysctl.c declares its unprivileged_userns_clone
// the same way.  Last in this file: they anchor on what the rules above
// added.
// ------------------------------------------------------------------

// A definition of modules_disabled, not the "extern int modules_disabled;"
// that 2.6.x's kernel/sysctl.c has of its own (the pattern "int x;" also
// matches an extern declaration).  A position constraint rather than a
// disjunction with an extern branch, so that the rule matches once per file.
@initialize:python@
@@
def mr_is_extern(pos):
    with open(pos.file, errors="replace") as src:
        lines = src.read().splitlines()
    line = int(pos.line)
    if line < 1 or line > len(lines):
        return False
    return "extern" in lines[line - 1][:int(pos.column)].split()

@md_defined depends on mr_file@
position p : script:python() { not mr_is_extern(p[0]) };
@@
(
int modules_disabled@p;
|
int modules_disabled@p = ...;
)

@script:python depends on mr_file && report && md_defined@
p << md_defined.p;
@@
if perm_checks.get(p[0].file, 0) < 2:
    coccilib.report.print_report(p[0], "modules_restrict: incomplete: no load and unload checks, or only one (found %d \"if (... || modules_disabled)\" in the file that defines modules_disabled; init_module() or may_init_module(), and delete_module(), have one each)" % perm_checks.get(p[0].file, 0))

// Read from the file's text rather than matched as "#include": a rule that
// names no identifier would make spatch parse every file of a tree.
@script:python kmod_local depends on mr_file && kmod_ready && kmod_fn@
p << kmod_fn.p;
@@
with open(p[0].file, errors="replace") as kmod_file:
    if '#include "internal.h"' in kmod_file.read():
        cocci.include_match(False)

@mp_def depends on mr_file@
symbol modprobe_path;
position p;
@@
char modprobe_path@p[...] = ...;

@script:python depends on mr_file && report && kmod_local && !md_defined && !mr_decl && mp_def@
p << mp_def.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would declare extern int modules_restrict after modprobe_path (kmod.c)")

@script:python depends on mr_file && report && kmod_local && !md_defined && !mr_decl && !mp_def && kmod_fn@
p << kmod_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no declaration of modules_restrict for __request_module() (no \"char modprobe_path[...] = ...;\" to put it after, and no #include \"internal.h\")")

@add_kmod_extern depends on mr_file && patch && kmod_local && !md_defined && !mr_decl@
@@
 char modprobe_path[...] = ...;
+extern int modules_restrict;

@script:python depends on mr_file && (report && md_entry && (style_new || style_old) && !md_defined && !mr_decl)@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would declare extern int modules_restrict before the handler")

@add_sysctl_extern depends on mr_file && patch && md_entry && !md_defined && !mr_decl@
@@
+extern int modules_restrict;
+
 static int modules_restrict_sysctl(...) { ... }

@add_local_two depends on mr_file && (patch && (mk_new_local || mk_old_local))@
attribute name __maybe_unused;
@@
+static int __maybe_unused modules_restrict_two = 2;
+
 static int modules_restrict_sysctl(...) { ... }

// ------------------------------------------------------------------
// crypto/algboss.c: the crypto manager's threads act with the
// credentials of the task that asked for the algorithm
// ------------------------------------------------------------------

@ab_file depends on mr_file@
@@
struct cryptomgr_param { ... };

@ab_done depends on mr_file && ab_file@
position p;
@@
struct cryptomgr_param@p { ... const struct cred *cred; ... };

@script:python depends on mr_file && report && ab_done@
p << ab_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (crypto manager threads carry their requester's credentials)")

// A thread function and the kthread_run() that starts it are changed together or not at
// all: a reference taken for a thread that does not act with it would leak, a thread that
// acts with a credential nobody took would crash.  So the shapes are matched first, and the
// pair for the same function is what the changes below work on.  The thread's pieces are
// matched as statements, not as a whole function: 2.6.x's cryptomgr_probe() ends in a
// label after module_put_and_exit(), so no path of its body reaches the closing brace.
@ab_sched depends on mr_file && ab_file && !ab_done@
identifier thr, tfn = {cryptomgr_probe, cryptomgr_test};
expression P, N;
statement S;
position p;
@@
thr = kthread_run@p(tfn, P, N);
if (IS_ERR(thr)) S

@ab_thread_shape depends on mr_file && ab_sched@
identifier s, param, data;
position pd;
@@
struct s *param@pd = data;

@ab_thread_end depends on mr_file && ab_sched@
identifier param;
position pe;
@@
kfree@pe(param);
(
module_put_and_exit(0);
|
module_put_and_kthread_exit(0);
)

@initialize:python@
@@
ab_paired = {}

@script:python ab_pair depends on mr_file && ab_sched && ab_thread_end && ab_thread_shape@
tfn << ab_sched.tfn;
pd << ab_thread_shape.pd;
st << ab_thread_shape.s;
param << ab_thread_shape.param;
pe << ab_thread_end.pe;
param_end << ab_thread_end.param;
f;
s;
prm;
@@
if pd[0].current_element != tfn or pe[0].current_element != tfn or param != param_end:
    cocci.include_match(False)
else:
    ab_paired.setdefault(pd[0].file, set()).add(tfn)
    coccinelle.f = cocci.make_ident(tfn)
    coccinelle.s = cocci.make_ident(st)
    coccinelle.prm = cocci.make_ident(param)

@script:python depends on mr_file && report && ab_pair && ab_sched@
p << ab_sched.p;
fn << ab_pair.f;
@@
coccilib.report.print_report(p[0], "modules_restrict: would run %s with the requester's credentials" % fn)

@ab_struct depends on mr_file && patch@
identifier ab_pair.s;
@@
struct s {
  ...
+ const struct cred *cred;
};

@ab_thread depends on mr_file && patch@
identifier ab_pair.s, ab_pair.prm, data;
position q : script:python(ab_pair.f) { q[0].current_element == f };
@@
  struct s *prm@q = data;
+ const struct cred *old_cred = override_creds(prm->cred);

@ab_thread_exit depends on mr_file && patch@
identifier ab_pair.prm;
position q : script:python(ab_pair.f) { q[0].current_element == f };
@@
+ revert_creds(old_cred);
+ put_cred(prm->cred);
  kfree@q(prm);

@ab_take depends on mr_file && patch@
identifier ab_pair.f, thr;
expression P, N;
statement S;
@@
+ P->cred = get_current_cred();
  thr = kthread_run(f, P, N);
  if (IS_ERR(thr))
+ {
+   put_cred(P->cred);
    S
+ }

@ab_has_cred_h depends on mr_file && ab_pair@
@@
#include <linux/cred.h>

@ab_include depends on mr_file && patch && ab_pair && !ab_has_cred_h@
@@
+#include <linux/cred.h>
 #include <linux/ctype.h>

// A thread of the crypto manager that will not carry its requester's
// credentials: the requester's template autoload would be judged as the kernel's.
@ab_fn depends on mr_file && ab_file && !ab_done@
identifier tfn = {cryptomgr_probe, cryptomgr_test};
position p;
@@
tfn@p(...) { ... }

@script:python depends on mr_file && report && ab_fn@
p << ab_fn.p;
tfn << ab_fn.tfn;
@@
if tfn not in ab_paired.get(p[0].file, set()):
    coccilib.report.print_report(p[0], "modules_restrict: incomplete: no requester credentials for the crypto manager thread %s() (looked for \"T = kthread_run(%s, P, N); if (IS_ERR(T)) ...\" and a %s() that starts with \"struct S *P = data;\" and ends with \"kfree(P); module_put_and_exit(0);\" or module_put_and_kthread_exit(0))" % (tfn, tfn, tfn))

// ------------------------------------------------------------------
// net/tipc/crypto.c (5.5 on): a key a peer sends (MSG_CRYPTO KEY_DISTR) is
// attached by a work item, which runs with the kernel's credentials, and
// its algorithm name is the peer's choice: crypto_alloc_aead() of it loads
// any "crypto-NAME" module as root.  A key set locally must be "gcm(aes)"
// (tipc_aead_key_validate()); a received one now must be too.  Not gated
// on the sysctl: no TIPC node sends any other name.
// ------------------------------------------------------------------

@tipc_done depends on mr_file@
identifier data;
position p;
@@
tipc_crypto_key_rcv@p(...) { <+... strncmp((const char *)data, "gcm(aes)", TIPC_AEAD_ALG_NAME) ...+> }

@script:python depends on mr_file && report && tipc_done@
p << tipc_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (TIPC accepts a received key for gcm(aes) only)")

@tipc_rcv depends on mr_file && !tipc_done@
identifier rx, data, keylen;
typedef __be32;
position p;
@@
tipc_crypto_key_rcv@p(struct tipc_crypto *rx, ...)
{
  ...
  keylen = ntohl(*((__be32 *)(data + TIPC_AEAD_ALG_NAME)));
  ...
}

@script:python depends on mr_file && report && tipc_rcv@
p << tipc_rcv.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would accept a received TIPC key for gcm(aes) only (its work item would load any crypto module the peer names)")

@add_tipc_check depends on mr_file && patch@
identifier tipc_rcv.rx, tipc_rcv.data, tipc_rcv.keylen;
typedef __be32;
@@
tipc_crypto_key_rcv(struct tipc_crypto *rx, ...)
{
  ...
  keylen = ntohl(*((__be32 *)(data + TIPC_AEAD_ALG_NAME)));
+ if (strncmp((const char *)data, "gcm(aes)", TIPC_AEAD_ALG_NAME)) {
+   /* gcm(aes) only, as for a local key: no module for a peer's name */
+   pr_debug("%s: MSG_CRYPTO key for an unsupported algorithm\n", rx->name);
+   goto exit;
+ }
  ...
}

@tipc_fn depends on mr_file && !tipc_done && !tipc_rcv@
position p;
@@
tipc_crypto_key_rcv@p(...) { ... }

@script:python depends on mr_file && report && tipc_fn@
p << tipc_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no algorithm check of a received TIPC key (no \"keylen = ntohl(*((__be32 *)(data + TIPC_AEAD_ALG_NAME)));\" in tipc_crypto_key_rcv())")
