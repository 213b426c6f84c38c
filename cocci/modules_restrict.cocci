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
///      filesystems, ...), also not through the kernel threads and work
///      items that autoload on their behalf (the crypto manager's, the ALSA
///      sequencer's), which act for their requester;
///   2: nobody can load or unload a module any more, __request_module()
///      refuses everybody before it starts modprobe, and the value can no
///      longer be lowered.
/// Each refused autoload is logged, rate-limited and escaped, with the
/// module alias and the requester's comm, pid and uid.  Writing the sysctl
/// needs CAP_SYS_MODULE.  The programs the kernel runs as full root
/// (kernel.modprobe, kernel.core_pattern's "|program", the uevent helper:
/// kernel.hotplug and /sys/kernel/uevent_helper) need CAP_SYS_MODULE to
/// be written at 1 and no longer change at 2.  The level at boot is
/// CONFIG_MODULES_RESTRICT_DEFAULT (0 without it) or the kernel command
/// line's modules_restrict=N.
///
// Confidence: High
// Copyright: (C) 2024 hardening-backport contributors.
// Comments: Unlike the 2010 RFC, which replaced modules_disabled (an ABI
//  change that was rejected), this adds modules_restrict beside it.
//  Each piece is added only where the structure it hangs on is found and
//  only if that file does not have it yet, so the rule is idempotent per
//  file and works on partly patched trees.  Pieces, per file:
//  - include/linux/kmod.h, after #include <linux/sysctl.h> (2.6.31 to
//    7.2): what the rest of the kernel calls, in an #ifdef CONFIG_MODULES
//    of its own, with stubs without it: extern int modules_restrict;
//    modules_restrict_level() and _set(); modules_restrict_program_lock()
//    and _unlock(); the requester a kernel thread or work item acts for,
//    struct kmod_requester, kmod_requester_get() and _put(),
//    kmod_act_for() and kmod_act_done(); modules_restrict_privileged()
//    (the kmod_ names are short enough for the stubs' lines; the requester
//    is kmod's, whatever the level).  kmod.h is included by
//    every file that uses them (through <linux/module.h> at least);
//    /sys/kernel/uevent_helper's file gets the #include.
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
//  - handler modules_restrict_sysctl(), static, just before that table,
//    in kernel/sysctl.c inside an #ifdef CONFIG_MODULES of its own as the
//    entry is: a write needs CAP_SYS_MODULE (capable(), so root that
//    dropped it, or root of a user namespace, is refused: the file's mode
//    alone lets any euid 0 write); proc_dointvec_minmax() parses into a
//    local copy and modules_restrict_set() (kmod.c) stores it under a
//    mutex unless the level is 2 and the new one is not (-EPERM): writing
//    2 again succeeds, as modules_disabled accepts 1 again, and a write
//    of 0 cannot slip in between the check and the store of a racing
//    write of 2.  Its parameter types are copied from the
//    proc_dointvec_minmax() definition of the same file (kernel/sysctl.c:
//    "void __user *" in 2.6.x, "void *" from 5.8, "const struct ctl_table
//    *" from 6.11).  A file without that definition (the table lives in
//    module code, 7.x) gets the current prototype (const struct ctl_table
//    *, void *).
//  - the programs the kernel runs as full root, each named by a file any
//    euid 0 may write: kernel.modprobe (".data = &modprobe_path", in the
//    table of modules_disabled), kernel.core_pattern (".data =
//    core_pattern": kernel/sysctl.c up to 6.0, fs/coredump.c later; its
//    handler proc_dostring() up to 3.5, proc_dostring_coredump() later),
//    kernel.hotplug (".data = &uevent_helper": kernel/sysctl.c up to 6.12,
//    lib/kobject_uevent.c later) and /sys/kernel/uevent_helper
//    (kernel/ksysfs.c, every era).  A container's root would name its own
//    program, which the next autoload, crash or uevent runs as root in the
//    initial namespaces.  Each handler becomes a wrapper that writes under
//    modules_restrict_program_lock() (kmod.c: the level's mutex; -EPERM at
//    2, and at 1 without CAP_SYS_MODULE); uevent_helper_store() becomes
//    __uevent_helper_store(), called the same way by a new
//    uevent_helper_store().  Their types as the modules_restrict
//    handler's, else those of the wrapped handler's own definition in the
//    file (fs/coredump.c), else after the table's constness (const: 6.11
//    on; a non-const table outside kernel/sysctl.c is of 5.8 to 6.10).
//    2.6.32's entries also have a sysctl(2) strategy, sysctl_string(),
//    which writes without the handler: a strategy around it, with the
//    types of the file's own sysctl_string().  The other knobs of the
//    autoload path need no change: kernel.usermodehelper.bset and
//    .inheritable already need CAP_SYS_MODULE (and CAP_SETPCAP) to write.
//    kernel.poweroff_cmd names a program too, run as root only when the
//    kernel itself powers off in order (a critical thermal trip, a
//    hypervisor's request), which no user can cause: not changed.
//  - definition of modules_restrict right after the definition of
//    modules_disabled (kernel/module.c, kernel/module/main.c; never
//    static, since kmod.c reads it), initialized from
//    CONFIG_MODULES_RESTRICT_DEFAULT where the tree's Kconfig declares it
//    (the driver adds that entry beside MODULE_UNLOAD; a tree without it
//    starts at 0).
//  - every "if (E || modules_disabled) S" (may_init_module() or
//    init_module(), delete_module()) becomes
//    "if (E || modules_disabled || modules_restrict_level() == 2) S": the
//    level read once, with READ_ONCE() (ACCESS_ONCE() before 4.13).
//  - kmod.c: __request_module() gets "if (modules_restrict_refused(name))
//    return -EPERM;" right after the name's length check "if (ret >=
//    MODULE_NAME_LEN) return -ENAMETOOLONG;" (every version, 2.6.31 among
//    them), else right after the LSM hook's check "ret =
//    security_kernel_module_request(NAME, ...); if (ret) return ret;" (the
//    hook takes the name from 2.6.33 on; in 2.6.32 it takes none and comes
//    before the name is formatted).  The name is the first argument of the
//    function's vsnprintf(NAME, MODULE_NAME_LEN, ...).  Before it, what the
//    kmod.h declarations name: the level's reader and writer, the program
//    lock, the requester, and modules_restrict_refused(): at level 2 every
//    request is refused, at level 1 a requester without CAP_SYS_MODULE in
//    the initial user namespace, or without CAP_NET_ADMIN there for a
//    "netdev-" alias (the rule of dev_load() upstream; dev_load() itself
//    asks for the bare name only with CAP_SYS_MODULE).  The 2010 RFC tested
//    for uid 0; a capability tells apart what uid 0 cannot: the root of a
//    container (uid 0 in the initial user namespace that dropped
//    CAP_SYS_MODULE, as Docker, Podman and systemd's ProtectKernelModules=
//    do) is refused like an unprivileged user, and root keeps its
//    autoloads.  Each refusal is logged at KERN_NOTICE: "modules_restrict:
//    refused autoload of ALIAS for COMM[PID] uid UID (level N)", ALIAS and
//    COMM escaped (a user chooses them: an AF_ALG socket's salg_type makes
//    "algif-TYPE", a mount's fstype "fs-TYPE", prctl(PR_SET_NAME) the
//    comm), COMM[PID] those of the task a kernel thread or work item acts
//    for, UID the requester's.  One rate limit for every refusal, the call
//    site's (printk's 10 lines every 5 s): a flood of one user's refusals
//    hides the other users' lines while it lasts, and the kernel then says
//    how many it suppressed ("modules_restrict_refused: N callbacks
//    suppressed"); a limit per user would need state per uid, which a
//    user with a user namespace's 65536 uids fills alike.  Per era, as the
//    file shows it: a kmod.c whose __request_module() throttles with
//    kmod_concurrent_max (4.13 on) gets READ_ONCE()/WRITE_ONCE(),
//    ns_capable_noaudit() (4.10 on: no audit record per request; an LSM
//    that denies the capability still refuses), the kuid_t uid, %*pE and
//    pr_notice_ratelimited(); any other (2.6.x to 4.12) gets ACCESS_ONCE(),
//    capable(), a copy of the alias and the comm with each byte outside '
//    ' to '~' as '?', and lets the tree decide the uid at compile time:
//    GLOBAL_ROOT_UID is a macro of <linux/uidgid.h> (3.5 on, included by
//    <linux/cred.h>) and nowhere before, so "#ifdef GLOBAL_ROOT_UID" picks
//    from_kuid() there and the uid_t otherwise; the log line is
//    rate-limited by printk_ratelimit() there.  The boot parameter
//    modules_restrict=N (__setup, 0..2; another value is warned about and
//    ignored, the parameter still consumed).
//  - the requester: in a task's context, before a kernel thread or work
//    item does what may autoload for it, kmod_requester_get() takes the
//    task's credentials (get_current_cred()), comm and pid
//    (those of the task the current one acts for, if it does: a nested
//    crypto template), at levels 1 and 2 only, decided then (at 0 nothing
//    is carried and the thread acts as itself, so that at 0 an LSM still
//    judges the crypto manager's requests and self-tests as the kernel's).
//    The thread acts for it (override_creds(), and listed, so that a
//    refusal names the requester) between kmod_act_for() (in a
//    declaration's initializer right after the thread's parameter: its
//    first statement may sit in an #ifdef, 6.1's cryptomgr_test) and
//    kmod_act_done(), then drops it.  Only the subjective credentials
//    change (what capable(), current_uid() and the LSM hooks read), the
//    reference is taken before the thread starts and dropped on its
//    failure or at its end, and override_creds()/revert_creds() balance
//    both where override_creds() takes its own reference (up to 6.13) and
//    where it does not (6.14 on).  Root's autoloads keep working: its
//    credentials are root's.  A requester that cannot be had (-ENOMEM)
//    starts nothing.
//  - crypto/algboss.c: the crypto manager instantiates a template
//    ("hmac(md4)", asked for by an unprivileged AF_ALG bind, a keyctl DH
//    KDF, kTLS, ...) in the kernel thread cryptomgr_probe and tests new
//    algorithms in cryptomgr_test, which act for their requester.  Shapes
//    known: kthread_run() of cryptomgr_probe/cryptomgr_test with "param"
//    structs, 2.6.2x to 7.x; a thread and its kthread_run() change
//    together or not at all.
//  - crypto/api.c, crypto/internal.h: a request that finds another task's
//    larval of the same name waits for that task's probe, which at 1 fails
//    when the level refuses that task's autoloads.  A larval made for a
//    requester the level refuses is marked (a field of struct
//    crypto_larval, set in crypto_larval_add()), and __crypto_alg_lookup()
//    passes over it for a requester the level lets autoload
//    (modules_restrict_privileged()), which then makes and probes a larval
//    of its own: a user's refused template no longer fails root's.  Shapes
//    known: crypto_larval_add() with its down_write(&crypto_alg_sem), the
//    lookup's crypto_is_moribund() check, "u32 mask;" in the struct,
//    2.6.2x to 7.x.
//  - sound/core/seq_device.c (4.1 on): an ioctl on /dev/snd/seq naming a
//    card's client runs snd_seq_device_load_drivers(), whose work item
//    asks for "snd-%s" of each sequencer device without a driver with
//    the kernel's credentials: the request of a task becomes an on-stack
//    work item of its own, acting for the task.  Up to 4.0 the function
//    asked in the caller's context.
//  - net/tipc/crypto.c (5.5 on): tipc_crypto_key_rcv() accepts a key a
//    peer sent only for "gcm(aes)", the one algorithm TIPC supports (and
//    requires of a local key): its work item, which runs with the
//    kernel's credentials, would otherwise load any crypto module the
//    peer names.  Not gated on the sysctl: a fix of TIPC's own, which the
//    driver sends as a patch of its own.  Shape known: the keylen local
//    that the MSG_CRYPTO size fix brought (5.15; 5.10.77 and 5.14.16 on);
//    an older 5.8 to 5.14 reads incomplete.
//  The other autoloads from a work item, a kernel thread or a timer of a
//  6.1 tree, found with Coccinelle (every request_module(),
//  request_module_nowait(), __request_module() and try_then_request_module()
//  in a function that a work item, kthread or timer runs, or that such a
//  function calls in the same file), each with its verdict:
//  - crypto/algboss.c cryptomgr_probe(), cryptomgr_test() (kernel threads;
//    any user's AF_ALG bind, keyctl, kTLS): closed: they act for their
//    requester.
//  - sound/core/seq_device.c autoload_drivers() (a work item; a user's
//    ioctl on /dev/snd/seq): closed: a task's request runs in a work item
//    of its own that acts for it.
//  - net/tipc/crypto.c tipc_crypto_work_rx() and _tx() (work items; a
//    peer's MSG_CRYPTO key, a local key set over netlink): closed: a
//    received key is gcm(aes) only (the TIPC fix), a local one was already.
//  - kernel/umh.c call_usermodehelper_exec_work() (its exec may ask for
//    "binfmt-XXXX" of the program's format): closed where it matters:
//    only CAP_SYS_MODULE names the programs at 1.
//  - net/sunrpc/xprtsock.c xs_udp_setup_socket(), xs_tcp_setup_socket(),
//    fs/smb/client/connect.c cifs_demultiplex_thread() (work items, a
//    kernel thread): reachable only by a mount, which needs CAP_SYS_ADMIN
//    in the initial user namespace (NFS and CIFS are not FS_USERNS_MOUNT):
//    they ask for the socket family of the server's address (net-pf-10
//    where IPv6 is a module).  A root that kept CAP_SYS_ADMIN but dropped
//    CAP_SYS_MODULE can cause it: left open, a family of three.
//  - fs/dlm/lowcomms.c, fs/ocfs2/cluster/tcp.c (configfs),
//    drivers/nvme/host/tcp.c and auth.c (/dev/nvme-fabrics, CAP_SYS_ADMIN),
//    drivers/isdn/mISDN/l1oip_core.c (module parameters), lib/test_kmod.c
//    (the test module's files): reachable only by root; fixed families, or
//    algorithms of a fixed table.
//  - drivers/nvme/target/tcp.c nvmet_tcp_io_work(), fs/smb/client/smb2ops.c
//    smb2_decrypt_offload(): a network peer of a target or share root set
//    up; fixed names (crc32c; ccm(aes), gcm(aes)).
//  - sound/core/seq/seq_virmidi.c snd_vmidi_output_work(): no request a
//    user steers (the events go to the card's subscribers or its own
//    client, which exist); drivers/tty/tty_io.c do_tty_hangup(): puts back
//    N_TTY, which is built in: no request.
//  - not started by a system call (a device's probe or hotplug, a hardware
//    event, a timer of one; fixed names): the media drivers'
//    request_module_async() (bttv, cx18, cx88, ivtv, saa7134, cx231xx,
//    em28xx, tm6000), pvrusb2, intel_th, mlx4's catas_reset(), sfp's
//    sfp_poll() and sfp_timeout(), nxp-tja11xx, r8152, ite-it6505, ufshcd,
//    ftdi-elan, hp_sdc, the HDA, AVS and Skylake probe work, qcom's qmi,
//    rfcomm's thread at init, sgi-ip32's power_timeout(), crc-t10dif and
//    crc64-rocksoft (a new algorithm's notifier).
//  - fs/namespace.c delayed_mntput(): none (a path the search made up from
//    a name passed as an argument).
//  How they were found (docs/rules.md has the commands): the facts of every
//  file that asks, or that calls a function that asks in its own file
//  (crypto_alloc_*() and crypto_grab_*() count as asking), in a function a
//  work item, a kernel thread or a timer runs, through calls and functions
//  passed by name in the same file: 199 files that ask, 161 that call.
//  Report mode prints one line per piece that patch mode would add or
//  change and "modules_restrict: present already" where the sysctl entry
//  (or another piece) is there.  Where a file has the structure a piece
//  hangs on but not the piece's anchor, nothing of that piece is added
//  (of the load and unload checks, those of the known shape are) and
//  report mode says "modules_restrict: incomplete: ..." with what is
//  missing and where the rule looked.  The "// Piece:" lines below name,
//  for the driver, an added line (without or with the diff's leading '+')
//  that each piece of a working hardening contributes to the diff of a
//  whole tree; one check of two shows only in report mode's
//  "incomplete:".  modules_disabled itself is never changed.
// Options: --no-includes --include-headers
#spatch --no-includes --include-headers
// Prefilter: modules_disabled|modules_restrict|__request_module|request_module_nowait|core_pattern|uevent_helper|cryptomgr_probe|crypto_larval_add|__crypto_alg_lookup|struct crypto_larval [{]|snd_seq_device_load_drivers|tipc_crypto_key_rcv
// Piece: kmod.h declarations: ^[+]?int modules_restrict_program_lock[(]void[)];
// Piece: sysctl entry: [.]procname[[:space:]]*=[[:space:]]*"modules_restrict"
// Piece: sysctl handler: ^[+]?static int modules_restrict_sysctl[(]
// Piece: variable definition: ^[+]?int modules_restrict( = CONFIG_MODULES_RESTRICT_DEFAULT)?;
// Piece: variable declaration: ^[+]?extern int modules_restrict;
// Piece: boot parameter: __setup[(]"modules_restrict=", modules_restrict_setup[)];
// Piece: autoload check: if [(]modules_restrict_refused[(][[:alnum:]_]+[)][)]
// Piece: autoload judgement and its log line: modules_restrict: refused autoload of (%[*]pE|%s) for
// Piece: requester of kernel threads: ^[+]?struct kmod_requester [*]kmod_requester_get[(]void[)]$
// Piece: kernel.modprobe guard: [.]proc_handler[[:space:]]*= modules_restrict_modprobe_sysctl,
// Piece: kernel.core_pattern guard: [.]proc_handler[[:space:]]*= modules_restrict_core_pattern_sysctl,
// Piece: kernel.hotplug guard: [.]proc_handler[[:space:]]*= modules_restrict_hotplug_sysctl,
// Piece: /sys/kernel/uevent_helper guard: ret = __uevent_helper_store[(]kobj, attr, buf, count[)];
// Piece: load and unload checks: [|][|] modules_disabled [|][|] modules_restrict_level[(][)] == 2[)]
// Piece: crypto manager requester: struct kmod_requester [*]requester = kmod_act_for[(][[:alnum:]_]+->requester[)];
// Piece: crypto larval mark: larval->refused = !modules_restrict_privileged[(][)];
// Piece: crypto larval lookup: if [(]crypto_larval_passed_over[(]q[)][)]
// Piece: crypto larval field: ^[+]?[[:space:]]*bool refused;$
// Piece: crypto larval pass-over: ^[+]?static inline bool crypto_larval_passed_over[(]struct crypto_alg [*]alg[)]$
// Piece: sequencer work item: INIT_WORK_ONSTACK[(]&req[.]work, autoload_drivers_for[)];

virtual patch
virtual report

// Which files spatch parses at all.  Before parsing a file, spatch greps
// it for the words the rules need; every rule below depends on mr_file,
// a script whose words are only these (a script's own dependencies make
// its words, and rules that depend on a script add none), so a file that
// names none of them is not parsed: spatch --dir over a whole tree parses
// a handful of files.  Without this gate the query spatch builds from
// the many rules below grows past its limit and it parses every file.
// tests/suites/cocci-words-tests checks it for every rule.
@mr_w_md@
symbol modules_disabled;
@@
modules_disabled

@mr_w_md_decl@
symbol modules_disabled;
@@
int modules_disabled;

@mr_w_kmod@
@@
__request_module(...) { ... }

@mr_w_kmod_h@
identifier nm;
@@
static inline int request_module_nowait(const char *nm, ...) { ... }

@mr_w_knob@
symbol core_pattern, uevent_helper;
@@
\(core_pattern\|uevent_helper\)

@mr_w_crypto@
@@
struct cryptomgr_param { ... };

@mr_w_larval@
@@
crypto_larval_add(...) { ... }

@mr_w_larval_lookup@
attribute name __must_hold_shared;
@@
__crypto_alg_lookup(...) { ... }

@mr_w_larval_h@
@@
struct crypto_larval { ... };

@mr_w_seq@
@@
snd_seq_device_load_drivers(...) { ... }

@mr_w_tipc@
@@
tipc_crypto_key_rcv(...) { ... }

@script:python mr_file depends on mr_w_md || mr_w_md_decl || mr_w_kmod || mr_w_kmod_h || mr_w_knob || mr_w_crypto || mr_w_larval || mr_w_larval_lookup || mr_w_larval_h || mr_w_seq || mr_w_tipc@
@@
pass

// ------------------------------------------------------------------
// include/linux/kmod.h: what the rest of the kernel calls, declared beside
// request_module() (the file every user includes, through
// <linux/module.h>): the level, the lock of the programs the kernel runs
// as full root, the requester a kernel thread or work item acts for.
// Without CONFIG_MODULES, stubs: nothing is ever autoloaded then.
// ------------------------------------------------------------------

@kh_file depends on mr_file@
identifier nm;
position p;
@@
static inline int request_module_nowait@p(const char *nm, ...) { ... }

@kh_done depends on mr_file && kh_file@
position p;
@@
int modules_restrict_program_lock@p(void);

@script:python depends on mr_file && report && kh_done@
p << kh_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (declarations in kmod.h)")

@kh_sysctl_h depends on mr_file && kh_file && !kh_done@
@@
#include <linux/sysctl.h>

@script:python depends on mr_file && report && kh_file && !kh_done && kh_sysctl_h@
p << kh_file.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would declare the level, the lock of the programs run as root and the requester of a kernel thread in kmod.h")

@script:python depends on mr_file && report && kh_file && !kh_done && !kh_sysctl_h@
p << kh_file.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no declarations in kmod.h (no \"#include <linux/sysctl.h>\" to put them after)")

// Coccinelle prints the first of several functions added in one block with
// its brace on the line of its head: each stub is added by a rule of its
// own, after the one before; the first replaces a prototype.
@add_kh depends on mr_file && patch && kh_file && !kh_done@
typedef bool;
@@
#include <linux/sysctl.h>
+
+struct kmod_requester;
+
+#ifdef CONFIG_MODULES
+extern int modules_restrict;
+int modules_restrict_level(void);
+int modules_restrict_set(int level);
+int modules_restrict_program_lock(void);
+void modules_restrict_program_unlock(void);
+struct kmod_requester *kmod_requester_get(void);
+void kmod_requester_put(struct kmod_requester *requester);
+struct kmod_requester *kmod_act_for(struct kmod_requester *requester);
+void kmod_act_done(struct kmod_requester *requester);
+bool modules_restrict_privileged(void);
+#else
+static inline int modules_restrict_program_lock(void);
+#endif

@add_kh_stub1 depends on mr_file && patch && add_kh@
@@
- static inline int modules_restrict_program_lock(void);
+ static inline int modules_restrict_program_lock(void)
+ {
+	return 0;
+ }

@add_kh_stub2 depends on mr_file && patch && add_kh@
@@
static inline int modules_restrict_program_lock(void) { ... }
+
+static inline void modules_restrict_program_unlock(void)
+{
+}

@add_kh_stub3 depends on mr_file && patch && add_kh@
@@
static inline void modules_restrict_program_unlock(void) { ... }
+
+static inline struct kmod_requester *kmod_requester_get(void)
+{
+	return NULL;
+}

@add_kh_stub4 depends on mr_file && patch && add_kh@
@@
static inline struct kmod_requester *kmod_requester_get(void) { ... }
+
+static inline void kmod_requester_put(struct kmod_requester *requester)
+{
+}

@add_kh_stub5 depends on mr_file && patch && add_kh@
identifier r;
@@
static inline void kmod_requester_put(struct kmod_requester *r) { ... }
+
+static inline struct kmod_requester *kmod_act_for(struct kmod_requester *requester)
+{
+	return requester;
+}

@add_kh_stub6 depends on mr_file && patch && add_kh@
identifier r;
@@
static inline struct kmod_requester *kmod_act_for(struct kmod_requester *r) { ... }
+
+static inline void kmod_act_done(struct kmod_requester *requester)
+{
+}

@add_kh_stub7 depends on mr_file && patch && add_kh@
identifier r;
typedef bool;
@@
static inline void kmod_act_done(struct kmod_requester *r) { ... }
+
+static inline bool modules_restrict_privileged(void)
+{
+	return false;
+}
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
// of such an identifier, hence the text ends with a newline, and it prints
// the closing brace on a line of its own after it: the entry ends with a
// blank line, which the driver drops from its diff (spatch alone leaves
// it; Coccinelle 1.1.1 cannot print it otherwise).
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
// handler, just before that table: in kernel/sysctl.c inside an
// #ifdef CONFIG_MODULES of its own, as the entry is (the module code's own
// table, 7.x, is built with modules only)
// ------------------------------------------------------------------

@add_handler_sig depends on mr_file && (patch && (style_new || style_old) && !has_handler && dointvec_sig)@
type dointvec_sig.T1, dointvec_sig.T2;
type md_entry.T;
identifier md_entry.t;
@@
+#ifdef CONFIG_MODULES
+static int modules_restrict_sysctl(T1 table, int write, T2 buffer, size_t *lenp, loff_t *ppos);
+#endif
+
 T t[] = { ... };

// Coccinelle glues the brace of a function added in one block with a
// preprocessor line to the function's head: the function replaces the
// prototype just added.
@add_handler_sig_body depends on mr_file && patch && add_handler_sig@
type dointvec_sig.T1, dointvec_sig.T2;
@@
- static int modules_restrict_sysctl(T1 table, int write, T2 buffer, size_t *lenp, loff_t *ppos);
+static int modules_restrict_sysctl(T1 table, int write,
+				   T2 buffer, size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.modules_restrict: writing needs CAP_SYS_MODULE; once 2, the
+	 * value is locked (modules_restrict_set()).
+	 */
+	struct ctl_table tmp = *table;
+	int value = modules_restrict_level();
+	int ret;
+
+	if (write && !capable(CAP_SYS_MODULE))
+		return -EPERM;
+	tmp.data = &value;
+	ret = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
+	if (write && !ret)
+		ret = modules_restrict_set(value);
+	return ret;
+}

@add_handler_cur depends on mr_file && (patch && (style_new || style_old) && !has_handler && !dointvec_sig)@
type md_entry.T;
identifier md_entry.t;
@@
+static int modules_restrict_sysctl(const struct ctl_table *table, int write,
+				   void *buffer, size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.modules_restrict: writing needs CAP_SYS_MODULE; once 2, the
+	 * value is locked (modules_restrict_set()).
+	 */
+	struct ctl_table tmp = *table;
+	int value = modules_restrict_level();
+	int ret;
+
+	if (write && !capable(CAP_SYS_MODULE))
+		return -EPERM;
+	tmp.data = &value;
+	ret = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
+	if (write && !ret)
+		ret = modules_restrict_set(value);
+	return ret;
+}
+
 T t[] = { ... };

// ------------------------------------------------------------------
// The programs the kernel runs as full root, named by files any euid 0
// may write (a container's root among them): kernel.modprobe (every
// autoload), kernel.core_pattern ("|program": every crash), the uevent
// helper (kernel.hotplug, /sys/kernel/uevent_helper: every uevent).  At 1
// writing each needs CAP_SYS_MODULE, at 2 none changes: their handlers
// become wrappers that write under modules_restrict_program_lock().
// kernel.modprobe's wrapper goes after the modules_restrict handler (in
// its #ifdef CONFIG_MODULES in kernel/sysctl.c), the others before their
// table (with __maybe_unused in kernel/sysctl.c, whose entries of them
// sit in #ifdefs that changed over the eras: CONFIG_HOTPLUG,
// CONFIG_UEVENT_HELPER, CONFIG_COREDUMP).  2.6.32's entries also have a
// binary sysctl(2) strategy, sysctl_string(), which writes without the
// handler: a strategy around it, with the types of the file's own
// sysctl_string().
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
coccilib.report.print_report(p[0], "modules_restrict: would guard kernel.modprobe (a program run as full root: CAP_SYS_MODULE to write it at 1, fixed at 2)")

@script:python depends on mr_file && report && mp_entry && mp_strategy && ss_sig@
p << mp_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would guard kernel.modprobe (a program run as full root: CAP_SYS_MODULE to write it at 1, fixed at 2), its sysctl(2) strategy too")

@script:python depends on mr_file && report && mp_entry && mp_strategy && !ss_sig@
p << mp_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no kernel.modprobe guard (its entry has a sysctl(2) strategy, and this file defines no \"int sysctl_string(a, b, c, d, e)\" to take its types from)")

@script:python depends on mr_file && report && md_entry && (style_new || style_old) && !mp_done && !mp_entry@
p << md_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no kernel.modprobe guard (no entry with \".data = &modprobe_path\" and \".proc_handler = proc_dostring\" in the table of modules_disabled)")


@add_mp_handler_sig depends on mr_file && patch && mp_entry && (style_new || style_old) && (ss_sig || !mp_strategy) && dointvec_sig@
type dointvec_sig.T1, dointvec_sig.T2;
@@
 static int modules_restrict_sysctl(...) { ... }
+
+static int modules_restrict_modprobe_sysctl(T1 table,
+					    int write, T2 buffer,
+					    size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.modprobe names the program every module autoload runs as
+	 * full root: see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return proc_dostring(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = proc_dostring(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}

@add_mp_handler_cur depends on mr_file && patch && mp_entry && (style_new || style_old) && !mp_strategy && !dointvec_sig@
@@
 static int modules_restrict_sysctl(...) { ... }
+
+static int modules_restrict_modprobe_sysctl(const struct ctl_table *table,
+					    int write, void *buffer,
+					    size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.modprobe names the program every module autoload runs as
+	 * full root: see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return proc_dostring(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = proc_dostring(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}

@add_mp_strategy_fn depends on mr_file && patch && mp_strategy && ss_sig && add_mp_handler_sig@
type ss_sig.T1, ss_sig.T2, ss_sig.T3, ss_sig.T4, ss_sig.T5;
@@
 static int modules_restrict_modprobe_sysctl(...) { ... }
+
+static int modules_restrict_modprobe_strategy(T1 table,
+					      T2 oldval, T3 oldlenp,
+					      T4 newval, T5 newlen)
+{
+	/* kernel.modprobe through sysctl(2): see modules_restrict_program_lock() */
+	int ret;
+
+	if (!newval || !newlen)
+		return sysctl_string(table, oldval, oldlenp, newval, newlen);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = sysctl_string(table, oldval, oldlenp, newval, newlen);
+	modules_restrict_program_unlock();
+	return ret;
+}
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


// kernel.core_pattern
@kn_core_pattern_done depends on mr_file@
type T;
identifier t;
identifier w = {modules_restrict_core_pattern_sysctl};
position p;
@@
T t[] = { ..., { .proc_handler = w@p, ... }, ... };

@script:python depends on mr_file && report && kn_core_pattern_done@
p << kn_core_pattern_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (kernel.core_pattern guard)")

@kn_core_pattern_entry depends on mr_file && !kn_core_pattern_done@
type T;
identifier t;
identifier h = {proc_dostring, proc_dostring_coredump};
symbol core_pattern;
position p;
@@
T t[] = { ..., { .data = core_pattern@p, .proc_handler = \(h\|&h\), ... }, ... };

@kn_core_pattern_any depends on mr_file && !kn_core_pattern_done && !kn_core_pattern_entry@
type T;
identifier t;
symbol core_pattern;
position p;
@@
T t[] = { ..., { .data = core_pattern@p, ... }, ... };

@script:python depends on mr_file && report && kn_core_pattern_any@
p << kn_core_pattern_any.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no kernel.core_pattern guard (its entry's .proc_handler is none of proc_dostring, proc_dostring_coredump)")

@kn_core_pattern_strategy depends on mr_file && kn_core_pattern_entry@
type kn_core_pattern_entry.T;
identifier kn_core_pattern_entry.t;
identifier ss = {sysctl_string};
symbol core_pattern;
@@
T t[] = { ..., { .data = core_pattern, .strategy = \(ss\|&ss\), ... }, ... };

@kn_core_pattern_ss_sig depends on mr_file && kn_core_pattern_strategy@
identifier a, b, c, d, e;
type T1, T2, T3, T4, T5;
@@
int sysctl_string(T1 a, T2 b, T3 c, T4 d, T5 e) { ... }

// the wrapped handler's own definition, where the file has it
@kn_core_pattern_def_sig depends on mr_file && kn_core_pattern_entry@
identifier kn_core_pattern_entry.h;
identifier t1, w, b, l, pp;
type T1, T2;
@@
int h(T1 t1, int w, T2 b, size_t *l, loff_t *pp) { ... }

@kn_core_pattern_const depends on mr_file && kn_core_pattern_entry@
identifier kn_core_pattern_entry.t;
@@
const struct ctl_table t[] = { ... };

@script:python depends on mr_file && report && kn_core_pattern_entry && kn_core_pattern_strategy && !kn_core_pattern_ss_sig@
p << kn_core_pattern_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no kernel.core_pattern guard (its entry has a sysctl(2) strategy, and this file defines no \"int sysctl_string(a, b, c, d, e)\" to take its types from)")

@script:python depends on mr_file && report && kn_core_pattern_entry && (kn_core_pattern_ss_sig || !kn_core_pattern_strategy)@
p << kn_core_pattern_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would guard kernel.core_pattern (a program run as full root: CAP_SYS_MODULE to write it at 1, fixed at 2)")

// Is the wrapped handler proc_dostring()?  Defined in kernel/sysctl.c twice
// (with CONFIG_PROC_SYSCTL and without), so its wrapper goes before the
// table; another one defined in the file gets it right after its definition,
// in its #ifdef (5.10's proc_dostring_coredump() is in CONFIG_COREDUMP's).
@kn_core_pattern_ds depends on mr_file && kn_core_pattern_entry@
type kn_core_pattern_entry.T;
identifier kn_core_pattern_entry.t;
identifier h = {proc_dostring};
symbol core_pattern;
@@
T t[] = { ..., { .data = core_pattern, .proc_handler = \(h\|&h\), ... }, ... };

@add_kn_core_pattern_def_mu depends on mr_file && patch && kn_core_pattern_entry && (kn_core_pattern_ss_sig || !kn_core_pattern_strategy) && kn_core_pattern_def_sig && !kn_core_pattern_ds && dointvec_sig@
type kn_core_pattern_def_sig.T1, kn_core_pattern_def_sig.T2;
identifier kn_core_pattern_entry.h;
identifier t1, w, b, l, pp;
attribute name __maybe_unused;
@@
 int h(T1 t1, int w, T2 b, size_t *l, loff_t *pp) { ... }
+
+static int __maybe_unused modules_restrict_core_pattern_sysctl(T1 table,
+							       int write, T2 buffer,
+							       size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.core_pattern: a "|program" runs as full root at every
+	 * crash, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}

@add_kn_core_pattern_def depends on mr_file && patch && kn_core_pattern_entry && (kn_core_pattern_ss_sig || !kn_core_pattern_strategy) && kn_core_pattern_def_sig && !kn_core_pattern_ds && !dointvec_sig@
type kn_core_pattern_def_sig.T1, kn_core_pattern_def_sig.T2;
identifier kn_core_pattern_entry.h;
identifier t1, w, b, l, pp;
@@
 int h(T1 t1, int w, T2 b, size_t *l, loff_t *pp) { ... }
+
+static int modules_restrict_core_pattern_sysctl(T1 table,
+						int write, T2 buffer,
+						size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.core_pattern: a "|program" runs as full root at every
+	 * crash, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}

@add_kn_core_pattern_sig depends on mr_file && patch && kn_core_pattern_entry && (kn_core_pattern_ss_sig || !kn_core_pattern_strategy) && dointvec_sig && (kn_core_pattern_ds || !kn_core_pattern_def_sig)@
type dointvec_sig.T1, dointvec_sig.T2;
type kn_core_pattern_entry.T;
identifier kn_core_pattern_entry.t, kn_core_pattern_entry.h;
attribute name __maybe_unused;
@@
+static int __maybe_unused modules_restrict_core_pattern_sysctl(T1 table,
+							       int write, T2 buffer,
+							       size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.core_pattern: a "|program" runs as full root at every
+	 * crash, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}
+
 T t[] = { ... };

@add_kn_core_pattern_const depends on mr_file && patch && kn_core_pattern_entry && !kn_core_pattern_strategy && !dointvec_sig && (kn_core_pattern_ds || !kn_core_pattern_def_sig) && kn_core_pattern_const@
type kn_core_pattern_entry.T;
identifier kn_core_pattern_entry.t, kn_core_pattern_entry.h;
@@
+static int modules_restrict_core_pattern_sysctl(const struct ctl_table *table,
+						int write, void *buffer,
+						size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.core_pattern: a "|program" runs as full root at every
+	 * crash, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}
+
 T t[] = { ... };

@add_kn_core_pattern_nonconst depends on mr_file && patch && kn_core_pattern_entry && !kn_core_pattern_strategy && !dointvec_sig && (kn_core_pattern_ds || !kn_core_pattern_def_sig) && !kn_core_pattern_const@
type kn_core_pattern_entry.T;
identifier kn_core_pattern_entry.t, kn_core_pattern_entry.h;
@@
+static int modules_restrict_core_pattern_sysctl(struct ctl_table *table,
+						int write, void *buffer,
+						size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.core_pattern: a "|program" runs as full root at every
+	 * crash, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}
+
 T t[] = { ... };

@add_kn_core_pattern_strategy_fn depends on mr_file && patch && kn_core_pattern_strategy && kn_core_pattern_ss_sig && (add_kn_core_pattern_def || add_kn_core_pattern_def_mu || add_kn_core_pattern_sig)@
type kn_core_pattern_ss_sig.T1, kn_core_pattern_ss_sig.T2, kn_core_pattern_ss_sig.T3, kn_core_pattern_ss_sig.T4, kn_core_pattern_ss_sig.T5;

@@
 modules_restrict_core_pattern_sysctl(...) { ... }
+
+static int __maybe_unused modules_restrict_core_pattern_strategy(T1 table,
+								 T2 oldval, T3 oldlenp,
+								 T4 newval, T5 newlen)
+{
+	/* kernel.core_pattern through sysctl(2): see modules_restrict_program_lock() */
+	int ret;
+
+	if (!newval || !newlen)
+		return sysctl_string(table, oldval, oldlenp, newval, newlen);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = sysctl_string(table, oldval, oldlenp, newval, newlen);
+	modules_restrict_program_unlock();
+	return ret;
+}

// Only the handler's (the strategy's) value is replaced: the entry keeps its layout.
@kn_core_pattern_value depends on mr_file && patch && (add_kn_core_pattern_def_mu || add_kn_core_pattern_def || add_kn_core_pattern_sig || add_kn_core_pattern_const || add_kn_core_pattern_nonconst)@
type kn_core_pattern_entry.T;
identifier kn_core_pattern_entry.t;
symbol core_pattern;
expression E;
position p;
@@
T t[] = { ..., { .data = core_pattern, .proc_handler = E@p, ... }, ... };

@add_kn_core_pattern_guard depends on mr_file && patch@
expression kn_core_pattern_value.E;
position kn_core_pattern_value.p;
@@
- E@p
+ modules_restrict_core_pattern_sysctl

@kn_core_pattern_svalue depends on mr_file && patch && add_kn_core_pattern_strategy_fn@
type kn_core_pattern_entry.T;
identifier kn_core_pattern_entry.t;
symbol core_pattern;
expression E;
position p;
@@
T t[] = { ..., { .data = core_pattern, .strategy = E@p, ... }, ... };

@add_kn_core_pattern_strategy depends on mr_file && patch@
expression kn_core_pattern_svalue.E;
position kn_core_pattern_svalue.p;
@@
- E@p
+ &modules_restrict_core_pattern_strategy

// kernel.hotplug
@kn_hotplug_done depends on mr_file@
type T;
identifier t;
identifier w = {modules_restrict_hotplug_sysctl};
position p;
@@
T t[] = { ..., { .proc_handler = w@p, ... }, ... };

@script:python depends on mr_file && report && kn_hotplug_done@
p << kn_hotplug_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (kernel.hotplug guard)")

@kn_hotplug_entry depends on mr_file && !kn_hotplug_done@
type T;
identifier t;
identifier h = {proc_dostring};
symbol uevent_helper;
position p;
@@
T t[] = { ..., { .data = &uevent_helper@p, .proc_handler = \(h\|&h\), ... }, ... };

@kn_hotplug_any depends on mr_file && !kn_hotplug_done && !kn_hotplug_entry@
type T;
identifier t;
symbol uevent_helper;
position p;
@@
T t[] = { ..., { .data = &uevent_helper@p, ... }, ... };

@script:python depends on mr_file && report && kn_hotplug_any@
p << kn_hotplug_any.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no kernel.hotplug guard (its entry's .proc_handler is none of proc_dostring)")

@kn_hotplug_strategy depends on mr_file && kn_hotplug_entry@
type kn_hotplug_entry.T;
identifier kn_hotplug_entry.t;
identifier ss = {sysctl_string};
symbol uevent_helper;
@@
T t[] = { ..., { .data = &uevent_helper, .strategy = \(ss\|&ss\), ... }, ... };

@kn_hotplug_ss_sig depends on mr_file && kn_hotplug_strategy@
identifier a, b, c, d, e;
type T1, T2, T3, T4, T5;
@@
int sysctl_string(T1 a, T2 b, T3 c, T4 d, T5 e) { ... }

// the wrapped handler's own definition, where the file has it
@kn_hotplug_def_sig depends on mr_file && kn_hotplug_entry@
identifier kn_hotplug_entry.h;
identifier t1, w, b, l, pp;
type T1, T2;
@@
int h(T1 t1, int w, T2 b, size_t *l, loff_t *pp) { ... }

@kn_hotplug_const depends on mr_file && kn_hotplug_entry@
identifier kn_hotplug_entry.t;
@@
const struct ctl_table t[] = { ... };

@script:python depends on mr_file && report && kn_hotplug_entry && kn_hotplug_strategy && !kn_hotplug_ss_sig@
p << kn_hotplug_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no kernel.hotplug guard (its entry has a sysctl(2) strategy, and this file defines no \"int sysctl_string(a, b, c, d, e)\" to take its types from)")

@script:python depends on mr_file && report && kn_hotplug_entry && (kn_hotplug_ss_sig || !kn_hotplug_strategy)@
p << kn_hotplug_entry.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would guard kernel.hotplug (a program run as full root: CAP_SYS_MODULE to write it at 1, fixed at 2)")

// Is the wrapped handler proc_dostring()?  Defined in kernel/sysctl.c twice
// (with CONFIG_PROC_SYSCTL and without), so its wrapper goes before the
// table; another one defined in the file gets it right after its definition,
// in its #ifdef (5.10's proc_dostring_coredump() is in CONFIG_COREDUMP's).
@kn_hotplug_ds depends on mr_file && kn_hotplug_entry@
type kn_hotplug_entry.T;
identifier kn_hotplug_entry.t;
identifier h = {proc_dostring};
symbol uevent_helper;
@@
T t[] = { ..., { .data = &uevent_helper, .proc_handler = \(h\|&h\), ... }, ... };

@add_kn_hotplug_def_mu depends on mr_file && patch && kn_hotplug_entry && (kn_hotplug_ss_sig || !kn_hotplug_strategy) && kn_hotplug_def_sig && !kn_hotplug_ds && dointvec_sig@
type kn_hotplug_def_sig.T1, kn_hotplug_def_sig.T2;
identifier kn_hotplug_entry.h;
identifier t1, w, b, l, pp;
attribute name __maybe_unused;
@@
 int h(T1 t1, int w, T2 b, size_t *l, loff_t *pp) { ... }
+
+static int __maybe_unused modules_restrict_hotplug_sysctl(T1 table,
+							  int write, T2 buffer,
+							  size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.hotplug, the uevent helper: it runs as full root at every
+	 * uevent, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}

@add_kn_hotplug_def depends on mr_file && patch && kn_hotplug_entry && (kn_hotplug_ss_sig || !kn_hotplug_strategy) && kn_hotplug_def_sig && !kn_hotplug_ds && !dointvec_sig@
type kn_hotplug_def_sig.T1, kn_hotplug_def_sig.T2;
identifier kn_hotplug_entry.h;
identifier t1, w, b, l, pp;
@@
 int h(T1 t1, int w, T2 b, size_t *l, loff_t *pp) { ... }
+
+static int modules_restrict_hotplug_sysctl(T1 table,
+					   int write, T2 buffer,
+					   size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.hotplug, the uevent helper: it runs as full root at every
+	 * uevent, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}

@add_kn_hotplug_sig depends on mr_file && patch && kn_hotplug_entry && (kn_hotplug_ss_sig || !kn_hotplug_strategy) && dointvec_sig && (kn_hotplug_ds || !kn_hotplug_def_sig)@
type dointvec_sig.T1, dointvec_sig.T2;
type kn_hotplug_entry.T;
identifier kn_hotplug_entry.t, kn_hotplug_entry.h;
attribute name __maybe_unused;
@@
+static int __maybe_unused modules_restrict_hotplug_sysctl(T1 table,
+							  int write, T2 buffer,
+							  size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.hotplug, the uevent helper: it runs as full root at every
+	 * uevent, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}
+
 T t[] = { ... };

@add_kn_hotplug_const depends on mr_file && patch && kn_hotplug_entry && !kn_hotplug_strategy && !dointvec_sig && (kn_hotplug_ds || !kn_hotplug_def_sig) && kn_hotplug_const@
type kn_hotplug_entry.T;
identifier kn_hotplug_entry.t, kn_hotplug_entry.h;
@@
+static int modules_restrict_hotplug_sysctl(const struct ctl_table *table,
+					   int write, void *buffer,
+					   size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.hotplug, the uevent helper: it runs as full root at every
+	 * uevent, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}
+
 T t[] = { ... };

@add_kn_hotplug_nonconst depends on mr_file && patch && kn_hotplug_entry && !kn_hotplug_strategy && !dointvec_sig && (kn_hotplug_ds || !kn_hotplug_def_sig) && !kn_hotplug_const@
type kn_hotplug_entry.T;
identifier kn_hotplug_entry.t, kn_hotplug_entry.h;
@@
+static int modules_restrict_hotplug_sysctl(struct ctl_table *table,
+					   int write, void *buffer,
+					   size_t *lenp, loff_t *ppos)
+{
+	/*
+	 * kernel.hotplug, the uevent helper: it runs as full root at every
+	 * uevent, see modules_restrict_program_lock().
+	 */
+	int ret;
+
+	if (!write)
+		return h(table, write, buffer, lenp, ppos);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = h(table, write, buffer, lenp, ppos);
+	modules_restrict_program_unlock();
+	return ret;
+}
+
 T t[] = { ... };

@add_kn_hotplug_strategy_fn depends on mr_file && patch && kn_hotplug_strategy && kn_hotplug_ss_sig && (add_kn_hotplug_def || add_kn_hotplug_def_mu || add_kn_hotplug_sig)@
type kn_hotplug_ss_sig.T1, kn_hotplug_ss_sig.T2, kn_hotplug_ss_sig.T3, kn_hotplug_ss_sig.T4, kn_hotplug_ss_sig.T5;

@@
 modules_restrict_hotplug_sysctl(...) { ... }
+
+static int __maybe_unused modules_restrict_hotplug_strategy(T1 table,
+							    T2 oldval, T3 oldlenp,
+							    T4 newval, T5 newlen)
+{
+	/* kernel.hotplug through sysctl(2): see modules_restrict_program_lock() */
+	int ret;
+
+	if (!newval || !newlen)
+		return sysctl_string(table, oldval, oldlenp, newval, newlen);
+	ret = modules_restrict_program_lock();
+	if (ret)
+		return ret;
+	ret = sysctl_string(table, oldval, oldlenp, newval, newlen);
+	modules_restrict_program_unlock();
+	return ret;
+}

// Only the handler's (the strategy's) value is replaced: the entry keeps its layout.
@kn_hotplug_value depends on mr_file && patch && (add_kn_hotplug_def_mu || add_kn_hotplug_def || add_kn_hotplug_sig || add_kn_hotplug_const || add_kn_hotplug_nonconst)@
type kn_hotplug_entry.T;
identifier kn_hotplug_entry.t;
symbol uevent_helper;
expression E;
position p;
@@
T t[] = { ..., { .data = &uevent_helper, .proc_handler = E@p, ... }, ... };

@add_kn_hotplug_guard depends on mr_file && patch@
expression kn_hotplug_value.E;
position kn_hotplug_value.p;
@@
- E@p
+ modules_restrict_hotplug_sysctl

@kn_hotplug_svalue depends on mr_file && patch && add_kn_hotplug_strategy_fn@
type kn_hotplug_entry.T;
identifier kn_hotplug_entry.t;
symbol uevent_helper;
expression E;
position p;
@@
T t[] = { ..., { .data = &uevent_helper, .strategy = E@p, ... }, ... };

@add_kn_hotplug_strategy depends on mr_file && patch@
expression kn_hotplug_svalue.E;
position kn_hotplug_svalue.p;
@@
- E@p
+ &modules_restrict_hotplug_strategy
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
// load/unload permission checks; the level is read once, with READ_ONCE()
// (modules_restrict_level(), kmod.c), as a writer may store it meanwhile
// ------------------------------------------------------------------

@perm_done depends on mr_file@
expression E;
statement S;
position p;
@@
if@p (E || modules_disabled || modules_restrict_level() == 2) S

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
coccilib.report.print_report(p[0], "modules_restrict: would also refuse when modules_restrict is 2 (read once, modules_restrict_level())")

@add_perm depends on mr_file && patch@
expression perm.E;
statement perm.S;
position perm.p;
@@
- if@p (E || modules_disabled)
+ if (E || modules_disabled || modules_restrict_level() == 2)
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


// What the file needs for what follows: <linux/cred.h> (override_creds(),
// get_current_cred(); kmod.c includes it from 2.6.29 on, an abridged one
// may not).
@kmod_cred_h depends on mr_file && kmod_ready@
@@
#include <linux/cred.h>

@add_kmod_cred_h depends on mr_file && patch && kmod_ready && !kmod_cred_h@
@@
 #include <linux/completion.h>
+#include <linux/cred.h>

// The judgement and its log line and what reads and writes the level, before
// __request_module().  4.13 on (the file throttles with kmod_concurrent_max):
// READ_ONCE()/WRITE_ONCE(), ns_capable_noaudit() (4.10 on), which asks
// without an audit record per request (an LSM that denies the capability
// still refuses), the kuid_t uid, %*pE (3.17 on) and
// pr_notice_ratelimited().
@add_kmod_kuid_4 depends on mr_file && patch && kmod_ready && kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+static bool modules_restrict_refused(const char *name)
+{
+	/*
+	 * kernel.modules_restrict: is the autoload of NAME refused?  At 1
+	 * the requester needs CAP_SYS_MODULE in the initial user namespace,
+	 * or CAP_NET_ADMIN there for a netdev- alias (as dev_load() asks
+	 * for it); at 2 nobody may.  Root of a user namespace and a root
+	 * that dropped CAP_SYS_MODULE (a container's) are refused alike.
+	 * Each refusal is logged, rate-limited, escaped, with the task a
+	 * kernel thread or work item acts for, so that what a level refused
+	 * can be seen and preloaded.
+	 */
+	struct kmod_requester *requester;
+	int level = modules_restrict_level();
+	bool netdev = !strncmp(name, "netdev-", 7);
+	const char *comm = current->comm;
+	pid_t pid = task_pid_nr(current);
+
+	if (!level)
+		return false;
+	if (level == 1 && ns_capable_noaudit(&init_user_ns, CAP_SYS_MODULE))
+		return false;
+	if (level == 1 && netdev && ns_capable_noaudit(&init_user_ns, CAP_NET_ADMIN))
+		return false;
+	spin_lock(&kmod_acting_lock);
+	requester = kmod_acting_for();
+	spin_unlock(&kmod_acting_lock);
+	if (requester) {
+		comm = requester->comm;
+		pid = requester->pid;
+	}
+	pr_notice_ratelimited("modules_restrict: refused autoload of %*pE for %*pE[%d] uid %u (level %d)\n",
+			      (int)strlen(name), name, (int)strnlen(comm, TASK_COMM_LEN), comm,
+			      pid, from_kuid(&init_user_ns, current_uid()), level);
+	return true;
+}
+
 __request_module(...) { ... }

@add_kmod_kuid_3 depends on mr_file && patch && kmod_ready && kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/*
+ * At level 1, whether the current task is one the level lets autoload
+ * modules: it does not wait for a crypto larval made for a requester the
+ * level refuses, whose probe fails by that refusal (crypto/internal.h's
+ * crypto_larval_passed_over()).  False at 0 and 2.
+ */
+bool modules_restrict_privileged(void)
+{
+	if (modules_restrict_level() != 1)
+		return false;
+	return ns_capable_noaudit(&init_user_ns, CAP_SYS_MODULE);
+}
+EXPORT_SYMBOL_GPL(modules_restrict_privileged);
+
 modules_restrict_refused(...) { ... }

@add_kmod_kuid_2 depends on mr_file && patch && kmod_ready && kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/*
+ * Sets kernel.modules_restrict to LEVEL, 0, 1 or 2, unless it is 2 and
+ * LEVEL is not: 2 stays until reboot (writing 2 again succeeds, as
+ * modules_disabled accepts 1 again).  Writers are serialized, so that a
+ * write of 0 cannot land between the check and the store of 2.
+ */
+int modules_restrict_set(int level)
+{
+	int ret = 0;
+
+	mutex_lock(&modules_restrict_mutex);
+	if (modules_restrict == 2 && level != 2)
+		ret = -EPERM;
+	else
+		WRITE_ONCE(modules_restrict, level);
+	mutex_unlock(&modules_restrict_mutex);
+	return ret;
+}
+
 modules_restrict_privileged(...) { ... }

@add_kmod_kuid_1 depends on mr_file && patch && kmod_ready && kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/* kernel.modules_restrict, read once (a writer may store it meanwhile) */
+int modules_restrict_level(void)
+{
+	return READ_ONCE(modules_restrict);
+}
+
 modules_restrict_set(...) { ... }

// 2.6.x to 4.12: ACCESS_ONCE() (gone in 4.15), capable(), and what the tree
// has decides at compile time: GLOBAL_ROOT_UID is a macro of
// <linux/uidgid.h> (3.5 on, included by <linux/cred.h>) and nowhere
// before.  The log line is rate-limited by printk_ratelimit(), which every
// such tree has (pr_notice_ratelimited() came in 2.6.35), and a byte of
// the alias or of the name outside ' ' to '~' is printed as '?' (%pE came
// in 3.17).  After the definition of modprobe_path, not right before
// __request_module(): spatch takes the indentation step of added code
// from the function that follows, and a __request_module() of 2.6.x to
// 3.3 continues its envp[] initializer with four tabs.
@add_kmod_old_6 depends on mr_file && patch && kmod_ready && !kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
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
+	 * rate-limited, with the task a kernel thread or work item acts
+	 * for, a byte of the alias or of the name outside ' ' to '~' as '?'.
+	 */
+	struct kmod_requester *requester;
+	int level = modules_restrict_level();
+	const char *comm = current->comm;
+	pid_t pid = task_pid_nr(current);
+	char alias[MODULE_NAME_LEN];
+	char who[TASK_COMM_LEN];
+
+	if (!level)
+		return false;
+	if (level == 1 && capable(CAP_SYS_MODULE))
+		return false;
+	if (level == 1 && !strncmp(name, "netdev-", 7) && capable(CAP_NET_ADMIN))
+		return false;
+	if (!printk_ratelimit())
+		return true;
+	spin_lock(&kmod_acting_lock);
+	requester = kmod_acting_for();
+	spin_unlock(&kmod_acting_lock);
+	if (requester) {
+		comm = requester->comm;
+		pid = requester->pid;
+	}
+	modules_restrict_printable(alias, name, sizeof(alias));
+	modules_restrict_printable(who, comm, sizeof(who));
+	pr_notice("modules_restrict: refused autoload of %s for %s[%d] uid %u (level %d)\n",
+		  alias, who, pid, modules_restrict_uid(), level);
+	return true;
+}

@add_kmod_old_5 depends on mr_file && patch && kmod_ready && !kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+static void modules_restrict_printable(char *to, const char *from, size_t size)
+{
+	/* FROM into TO (SIZE bytes), a byte outside ' ' to '~' as '?' */
+	size_t i;
+
+	for (i = 0; i + 1 < size && from[i]; i++)
+		to[i] = from[i] < ' ' || from[i] > '~' ? '?' : from[i];
+	to[i] = '\0';
+}
+
 modules_restrict_refused(...) { ... }

@add_kmod_old_4 depends on mr_file && patch && kmod_ready && !kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
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
 modules_restrict_printable(...) { ... }

@add_kmod_old_3 depends on mr_file && patch && kmod_ready && !kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/*
+ * At level 1, whether the current task is one the level lets autoload
+ * modules: it does not wait for a crypto larval made for a requester the
+ * level refuses, whose probe fails by that refusal (crypto/internal.h's
+ * crypto_larval_passed_over()).  False at 0 and 2.
+ */
+bool modules_restrict_privileged(void)
+{
+	if (modules_restrict_level() != 1)
+		return false;
+	return capable(CAP_SYS_MODULE);
+}
+EXPORT_SYMBOL_GPL(modules_restrict_privileged);
+
 modules_restrict_uid(...) { ... }

@add_kmod_old_2 depends on mr_file && patch && kmod_ready && !kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/*
+ * Sets kernel.modules_restrict to LEVEL, 0, 1 or 2, unless it is 2 and
+ * LEVEL is not: 2 stays until reboot (writing 2 again succeeds, as
+ * modules_disabled accepts 1 again).  Writers are serialized, so that a
+ * write of 0 cannot land between the check and the store of 2.
+ */
+int modules_restrict_set(int level)
+{
+	int ret = 0;
+
+	mutex_lock(&modules_restrict_mutex);
+	if (modules_restrict == 2 && level != 2)
+		ret = -EPERM;
+	else
+		ACCESS_ONCE(modules_restrict) = level;
+	mutex_unlock(&modules_restrict_mutex);
+	return ret;
+}
+
 modules_restrict_privileged(...) { ... }

@add_kmod_old_1 depends on mr_file && patch && kmod_ready && !kmod_kuid@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/* kernel.modules_restrict, read once (a writer may store it meanwhile) */
+int modules_restrict_level(void)
+{
+	return ACCESS_ONCE(modules_restrict);
+}
+
 modules_restrict_set(...) { ... }

// What both kinds share, before modules_restrict_level(): the lock of the
// writers, the requester a kernel thread or work item acts for, the boot
// parameter.  A task acting for another is listed while it acts, so that
// the judgement logs the requester's name and pid; a kernel thread the
// acting one starts for the same request (a nested crypto template) takes
// the same requester along.
@add_kmod_api_8 depends on mr_file && patch && kmod_ready@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+void kmod_act_done(struct kmod_requester *requester)
+{
+	if (!requester)
+		return;
+	spin_lock(&kmod_acting_lock);
+	list_del(&requester->list);
+	spin_unlock(&kmod_acting_lock);
+	revert_creds(requester->saved);
+}
+EXPORT_SYMBOL_GPL(kmod_act_done);
+
 int modules_restrict_level(void) { ... }

@add_kmod_api_7 depends on mr_file && patch && kmod_ready@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/*
+ * In the kernel thread or work item: act for the requester (its subjective
+ * credentials, what capable(), current_uid() and the LSM hooks read) until
+ * kmod_act_done().  NULL: nothing to do.  Returns REQUESTER.
+ */
+struct kmod_requester *kmod_act_for(struct kmod_requester *requester)
+{
+	if (!requester)
+		return NULL;
+	requester->task = current;
+	requester->saved = override_creds(requester->cred);
+	spin_lock(&kmod_acting_lock);
+	list_add(&requester->list, &kmod_acting);
+	spin_unlock(&kmod_acting_lock);
+	return requester;
+}
+EXPORT_SYMBOL_GPL(kmod_act_for);
+
 kmod_act_done(...) { ... }

@add_kmod_api_6 depends on mr_file && patch && kmod_ready@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/* Drops what kmod_requester_get() took (NULL: nothing) */
+void kmod_requester_put(struct kmod_requester *requester)
+{
+	if (!requester)
+		return;
+	put_cred(requester->cred);
+	kfree(requester);
+}
+EXPORT_SYMBOL_GPL(kmod_requester_put);
+
 kmod_act_for(...) { ... }

@add_kmod_api_5 depends on mr_file && patch && kmod_ready@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/*
+ * In a task's context, before a kernel thread or work item does for it what
+ * may autoload a module: what that thread takes along, so that the autoload
+ * is judged with the task's credentials and logged with its name and pid
+ * (those of the task the current one acts for, if it does).  NULL at level
+ * 0, decided now: nothing is carried, the thread acts as itself.
+ * ERR_PTR(-ENOMEM) when it cannot be had: the caller then does not start
+ * what would autoload with the thread's own credentials.
+ */
+struct kmod_requester *kmod_requester_get(void)
+{
+	struct kmod_requester *requester;
+	struct kmod_requester *outer;
+
+	if (!modules_restrict_level())
+		return NULL;
+	requester = kzalloc(sizeof(*requester), GFP_KERNEL);
+	if (!requester)
+		return ERR_PTR(-ENOMEM);
+	requester->cred = get_current_cred();
+	spin_lock(&kmod_acting_lock);
+	outer = kmod_acting_for();
+	if (outer) {
+		requester->pid = outer->pid;
+		memcpy(requester->comm, outer->comm, sizeof(requester->comm));
+	}
+	spin_unlock(&kmod_acting_lock);
+	if (!outer) {
+		requester->pid = task_pid_nr(current);
+		get_task_comm(requester->comm, current);
+	}
+	return requester;
+}
+EXPORT_SYMBOL_GPL(kmod_requester_get);
+
 kmod_requester_put(...) { ... }

@add_kmod_api_4 depends on mr_file && patch && kmod_ready@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+static struct kmod_requester *kmod_acting_for(void)
+{
+	/* the requester the current task acts for, or NULL (the lock held) */
+	struct list_head *pos = kmod_acting.next;
+
+	while (pos != &kmod_acting) {
+		struct kmod_requester *requester;
+
+		requester = list_entry(pos, struct kmod_requester, list);
+		if (requester->task == current)
+			return requester;
+		pos = pos->next;
+	}
+	return NULL;
+}
+
 kmod_requester_get(...) { ... }

@add_kmod_api_3 depends on mr_file && patch && kmod_ready@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+void modules_restrict_program_unlock(void)
+{
+	mutex_unlock(&modules_restrict_mutex);
+}
+
 kmod_acting_for(...) { ... }

@add_kmod_api_2 depends on mr_file && patch && kmod_ready@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+/*
+ * Before a write of a program the kernel runs as full root (kernel.modprobe
+ * at every autoload, kernel.core_pattern's "|program" at every crash, the
+ * uevent helper at every uevent): whoever names one runs it as root, so
+ * that a container's root could leave its container.  At 1 only a writer
+ * with CAP_SYS_MODULE may, at 2 nobody.  Returns 0 with the lock held,
+ * which modules_restrict_program_unlock() releases after the write, or
+ * -EPERM.
+ */
+int modules_restrict_program_lock(void)
+{
+	mutex_lock(&modules_restrict_mutex);
+	if (modules_restrict == 2 || (modules_restrict && !capable(CAP_SYS_MODULE))) {
+		mutex_unlock(&modules_restrict_mutex);
+		return -EPERM;
+	}
+	return 0;
+}
+
 modules_restrict_program_unlock(...) { ... }

@add_kmod_api_1 depends on mr_file && patch && kmod_ready@
typedef bool, pid_t;
attribute name __init;
declarer name __setup, DEFINE_MUTEX, DEFINE_SPINLOCK, LIST_HEAD, EXPORT_SYMBOL_GPL;
symbol modprobe_path;
@@
+static DEFINE_MUTEX(modules_restrict_mutex);
+static DEFINE_SPINLOCK(kmod_acting_lock);
+static LIST_HEAD(kmod_acting);
+
+/* What a kernel thread or work item acting for a task takes along */
+struct kmod_requester {
+	/* the task's credentials, taken in its context */
+	const struct cred *cred;
+	/* the acting task's own, while it acts */
+	const struct cred *saved;
+	/* the acting task, listed in kmod_acting while it acts */
+	struct task_struct *task;
+	struct list_head list;
+	pid_t pid;
+	char comm[TASK_COMM_LEN];
+};
+
+static int __init modules_restrict_setup(char *str)
+{
+	/* modules_restrict=N on the kernel command line: the level from boot on */
+	char *arg = str;
+	int value;
+
+	if (get_option(&str, &value) != 1 || value < 0 || value > 2) {
+		pr_warn("modules_restrict: ignoring modules_restrict=%s (0, 1 or 2), level %d\n",
+			arg, modules_restrict);
+		return 1;
+	}
+	modules_restrict = value;
+	return 1;
+}
+__setup("modules_restrict=", modules_restrict_setup);
+
 modules_restrict_program_lock(...) { ... }

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


// ------------------------------------------------------------------
// crypto/algboss.c: the crypto manager's threads act for the task that
// asked for the algorithm (its credentials, its name in the log)
// ------------------------------------------------------------------

@ab_file depends on mr_file@
@@
struct cryptomgr_param { ... };

@ab_done depends on mr_file && ab_file@
position p;
@@
struct cryptomgr_param@p { ... struct kmod_requester *requester; ... };

@script:python depends on mr_file && report && ab_done@
p << ab_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (crypto manager threads act for their requester)")

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
coccilib.report.print_report(p[0], "modules_restrict: would run %s for its requester (its credentials at levels 1 and 2, its name in the log)" % fn)

@ab_struct depends on mr_file && patch@
identifier ab_pair.s;
@@
struct s {
  ...
+	struct kmod_requester *requester;
};

// Right after the thread's parameter, a declaration whose initializer acts for
// the requester: the first statement may be in an #ifdef (6.1's
// cryptomgr_test() starts with CONFIG_CRYPTO_MANAGER_DISABLE_TESTS's goto).
@ab_thread depends on mr_file && patch@
identifier ab_pair.s, ab_pair.prm, data;
position q : script:python(ab_pair.f) { q[0].current_element == f };
@@
  struct s *prm@q = data;
+ struct kmod_requester *requester = kmod_act_for(prm->requester);

@ab_thread_exit depends on mr_file && patch@
identifier ab_pair.prm;
position q : script:python(ab_pair.f) { q[0].current_element == f };
@@
+ kmod_act_done(requester);
+ kmod_requester_put(requester);
  kfree@q(prm);

// The requester is taken before kthread_run() (in the requester's context)
// and dropped when the thread cannot start; when it cannot be had, the
// thread does not start either (the kthread_run() failure's path).
@ab_take depends on mr_file && patch@
identifier ab_pair.f, thr, L;
expression P, N;
@@
+ P->requester = kmod_requester_get();
+ if (IS_ERR(P->requester))
+   goto L;
  thr = kthread_run(f, P, N);
  if (IS_ERR(thr))
+ {
+   kmod_requester_put(P->requester);
    goto L;
+ }

// A thread of the crypto manager that will not act for its requester: the
// requester's template autoload would be judged as the kernel's.
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
    coccilib.report.print_report(p[0], "modules_restrict: incomplete: no requester for the crypto manager thread %s() (looked for \"T = kthread_run(%s, P, N); if (IS_ERR(T)) ...\" and a %s() that starts with \"struct S *P = data;\" and ends with \"kfree(P); module_put_and_exit(0);\" or module_put_and_kthread_exit(0))" % (tfn, tfn, tfn))

// ------------------------------------------------------------------
// crypto/api.c and crypto/internal.h: a request that finds another
// requester's larval of the same name waits for that requester's probe,
// which acts for it (above): at 1 the probe fails when the level refuses
// that requester's template autoload, and every waiter took its -ENOENT,
// root's too.  A larval made for a requester the level refuses is marked
// (crypto_larval_add(), the field in struct crypto_larval), and a
// requester the level lets autoload does not see it (__crypto_alg_lookup()):
// it makes a larval of its own and probes as itself.  Nothing retries and
// nothing waits longer; a marked larval is still seen by the requesters the
// level refuses, and a registration completes every larval of its name.
// ------------------------------------------------------------------

@cl_done depends on mr_file@
expression E;
position p;
@@
crypto_larval_add@p(...) { <+... E->refused ...+> }

@cl_field_done depends on mr_file@
position p;
@@
struct crypto_larval@p { ... bool refused; ... };

@script:python depends on mr_file && report && cl_field_done@
p << cl_field_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (struct crypto_larval carries the refused requester's mark)")

@cl_helper_done depends on mr_file@
@@
crypto_larval_passed_over(...) { ... }

@script:python depends on mr_file && report && cl_done@
p << cl_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (a privileged request does not wait for a refused requester's crypto larval)")

@cl_add depends on mr_file && !cl_done@
identifier larval;
symbol crypto_alg_sem;
position p;
@@
crypto_larval_add@p(...)
{
  ...
  struct crypto_larval *larval;
  ...
  down_write(&crypto_alg_sem);
  ...
}

@cl_lookup depends on mr_file && !cl_done@
attribute name __must_hold_shared;
identifier q;
iterator name list_for_each_entry;
symbol crypto_alg_list, cra_list;
position p;
@@
__crypto_alg_lookup@p(...)
{
  ...
  list_for_each_entry(q, &crypto_alg_list, cra_list) {
    ...
    if (crypto_is_moribund(q))
      continue;
    ...
  }
  ...
}

@cl_add_fn depends on mr_file && !cl_done && !cl_add@
position p;
@@
crypto_larval_add@p(...) { ... }

@cl_lookup_fn depends on mr_file && !cl_done && !cl_lookup@
position p;
@@
__crypto_alg_lookup@p(...) { ... }

@cl_field depends on mr_file && !cl_field_done@
position p;
@@
struct crypto_larval@p { ... u32 mask; ... };

@cl_struct depends on mr_file && !cl_field_done && !cl_field@
position p;
@@
struct crypto_larval@p { ... };

@cl_helper depends on mr_file && !cl_helper_done@
position p;
@@
crypto_is_moribund@p(...) { ... }

@script:python depends on mr_file && report && cl_add@
p << cl_add.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would mark a crypto larval made for a requester the level refuses, which a privileged request then does not wait for")

@script:python depends on mr_file && report && cl_lookup@
p << cl_lookup.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would make a privileged lookup pass over a refused requester's crypto larval")

@script:python depends on mr_file && report && cl_field@
p << cl_field.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add the refused requester's mark to struct crypto_larval")

@script:python depends on mr_file && report && cl_helper@
p << cl_helper.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would add crypto_larval_passed_over() after crypto_is_moribund()")

@script:python depends on mr_file && report && cl_add_fn@
p << cl_add_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no mark of a refused requester's crypto larval (crypto_larval_add() has no \"struct crypto_larval *larval;\" and \"down_write(&crypto_alg_sem);\")")

@script:python depends on mr_file && report && cl_lookup_fn@
p << cl_lookup_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: a privileged lookup would still wait for a refused requester's crypto larval (__crypto_alg_lookup() has no \"if (crypto_is_moribund(q)) continue;\" in its list_for_each_entry())")

@script:python depends on mr_file && report && cl_struct@
p << cl_struct.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no place for the refused requester's mark (struct crypto_larval has no \"u32 mask;\")")

@add_cl_field depends on mr_file && patch && cl_field && (cl_helper || cl_helper_done)@
@@
struct crypto_larval {
  ...
  u32 mask;
+ /* made for a requester kernel.modules_restrict refuses autoloads */
+ bool refused;
  ...
};

@add_cl_helper depends on mr_file && patch && cl_helper && (cl_field || cl_field_done)@
typedef bool;
@@
 crypto_is_moribund(...) { ... }
+
+static inline bool crypto_larval_passed_over(struct crypto_alg *alg)
+{
+	/*
+	 * kernel.modules_restrict: the probe of a larval acts for the
+	 * requester that made it (crypto/algboss.c), and fails when the level
+	 * refuses that requester's autoloads.  Such a larval is marked when it
+	 * is made (crypto_larval_add()); a requester the level lets autoload
+	 * passes over it and makes and probes a larval of its own, instead of
+	 * taking that refusal.
+	 */
+	struct crypto_larval *larval = (void *)alg;
+
+	if (!crypto_is_larval(alg) || !larval->refused)
+		return false;
+	return modules_restrict_privileged();
+}

@add_cl_add depends on mr_file && patch && cl_add && cl_lookup@
identifier cl_add.larval;
symbol crypto_alg_sem;
@@
crypto_larval_add(...)
{
  ...
+ if (modules_restrict_level() == 1)
+   larval->refused = !modules_restrict_privileged();
  down_write(&crypto_alg_sem);
  ...
}

@add_cl_lookup depends on mr_file && patch && cl_add && cl_lookup@
attribute name __must_hold_shared;
identifier cl_lookup.q;
iterator name list_for_each_entry;
symbol crypto_alg_list, cra_list;
@@
__crypto_alg_lookup(...)
{
  ...
  list_for_each_entry(q, &crypto_alg_list, cra_list) {
    ...
    if (crypto_is_moribund(q))
      continue;
+
+   if (crypto_larval_passed_over(q))
+     continue;
    ...
  }
  ...
}

// ------------------------------------------------------------------
// sound/core/seq_device.c (4.1 on): an ioctl on /dev/snd/seq naming a
// client of a card (snd_seq_client_use_ptr()) runs
// snd_seq_device_load_drivers(), which queues the autoload work item and
// waits for it; the work item asks for "snd-%s" of every sequencer device
// without a driver, with the kernel's credentials.  The request of a task
// becomes a work item of its own that acts for the task; the shared work
// item, which a new device's registration queues, keeps the kernel's.
// Before 4.1 the function asks in the caller's context, which
// __request_module() judges as it is.
// ------------------------------------------------------------------

@sq_done depends on mr_file@
position p;
@@
snd_seq_device_load_drivers@p(...) { <+... kmod_requester_get(...) ...+> }

@script:python depends on mr_file && report && sq_done@
p << sq_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (the sequencer's autoload acts for the task that asks)")

@sq_fn depends on mr_file && !sq_done@
position p;
@@
void snd_seq_device_load_drivers@p(void)
{
  queue_autoload_drivers();
  flush_work(&autoload_work);
}

@sq_work depends on mr_file && !sq_done && !sq_fn@
position p;
@@
snd_seq_device_load_drivers@p(...) { <+... autoload_work ...+> }

@script:python depends on mr_file && report && sq_fn@
p << sq_fn.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would make the sequencer's autoload work item act for the task that asks")

@script:python depends on mr_file && report && sq_work@
p << sq_work.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: the sequencer's autoload work item would keep the kernel's credentials for a user's request (snd_seq_device_load_drivers() is not \"queue_autoload_drivers(); flush_work(&autoload_work);\")")

@add_sq depends on mr_file && patch && sq_fn@
@@
+/*
+ * kernel.modules_restrict: the autoload a task asks for here runs in a work
+ * item, with the kernel's credentials.  It runs in one of its own instead,
+ * which acts for the task, so that its requests are judged as the task's;
+ * then an autoload of a new device that was under way is waited for too.
+ */
+struct autoload_request {
+	struct work_struct work;
+	struct kmod_requester *requester;
+};
+
+static void autoload_drivers_for(struct work_struct *work)
+{
+	struct autoload_request *req;
+
+	req = container_of(work, struct autoload_request, work);
+	kmod_act_for(req->requester);
+	autoload_drivers(work);
+	kmod_act_done(req->requester);
+}
+
 void snd_seq_device_load_drivers(void)
 {
- queue_autoload_drivers();
- flush_work(&autoload_work);
+	struct autoload_request req = {
+		.requester = kmod_requester_get(),
+	};
+
+	if (IS_ERR(req.requester))
+		return;
+	INIT_WORK_ONSTACK(&req.work, autoload_drivers_for);
+	schedule_work(&req.work);
+	flush_work(&req.work);
+	flush_work(&autoload_work);
+	destroy_work_on_stack(&req.work);
+	kmod_requester_put(req.requester);
 }

// ------------------------------------------------------------------
// kernel/ksysfs.c: /sys/kernel/uevent_helper, the uevent helper's other
// file: its store becomes __uevent_helper_store(), called under
// modules_restrict_program_lock() by a new uevent_helper_store() (the
// name KERNEL_ATTR_RW() builds the attribute from)
// ------------------------------------------------------------------

@ks_done depends on mr_file@
position p;
@@
__uevent_helper_store@p(...) { ... }

@script:python depends on mr_file && report && ks_done@
p << ks_done.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: present already (/sys/kernel/uevent_helper guard)")

@ks_store depends on mr_file && !ks_done@
identifier kobj, attr, buf, count;
position p;
@@
ssize_t uevent_helper_store@p(struct kobject *kobj, struct kobj_attribute *attr, const char *buf, size_t count) { ... }

@ks_any depends on mr_file && !ks_done && !ks_store@
position p;
@@
uevent_helper_store@p(...) { ... }

@script:python depends on mr_file && report && ks_store@
p << ks_store.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: would guard /sys/kernel/uevent_helper (a program run as full root: CAP_SYS_MODULE to write it at 1, fixed at 2)")

@script:python depends on mr_file && report && ks_any@
p << ks_any.p;
@@
coccilib.report.print_report(p[0], "modules_restrict: incomplete: no /sys/kernel/uevent_helper guard (uevent_helper_store() does not take (struct kobject *, struct kobj_attribute *, const char *, size_t))")

@ks_kmod_h depends on mr_file && ks_store@
@@
#include <linux/kmod.h>

@add_ks_include depends on mr_file && patch && ks_store && !ks_kmod_h@
@@
+#include <linux/kmod.h>
 #include <linux/kobject.h>

@add_ks depends on mr_file && patch && ks_store@
identifier ks_store.kobj, ks_store.attr, ks_store.buf, ks_store.count;
@@
- static ssize_t uevent_helper_store(struct kobject *kobj, struct kobj_attribute *attr, const char *buf, size_t count)
+ static ssize_t __uevent_helper_store(struct kobject *kobj, struct kobj_attribute *attr, const char *buf, size_t count)
  { ... }
+
+static ssize_t uevent_helper_store(struct kobject *kobj,
+				   struct kobj_attribute *attr,
+				   const char *buf, size_t count)
+{
+	/*
+	 * The uevent helper runs as full root at every uevent: see
+	 * modules_restrict_program_lock().
+	 */
+	ssize_t ret = modules_restrict_program_lock();
+
+	if (ret)
+		return ret;
+	ret = __uevent_helper_store(kobj, attr, buf, count);
+	modules_restrict_program_unlock();
+	return ret;
+}
// ------------------------------------------------------------------
// net/tipc/crypto.c (5.5 on): a key a peer sends (MSG_CRYPTO KEY_DISTR) is
// attached by a work item, which runs with the kernel's credentials, and
// its algorithm name is the peer's choice: crypto_alloc_aead() of it loads
// any "crypto-NAME" module as root.  A key set locally must be "gcm(aes)"
// (tipc_aead_key_validate()); a received one now must be too.  Not gated
// on the sysctl: no TIPC node sends any other name.  A fix of TIPC's own
// (1ef6f7c9390f, "tipc: add automatic session key exchange", let the peer
// name it), found while testing this hardening: the driver makes it a
// patch of its own (net/tipc/crypto.c's part of the diff, with a Fixes:
// tag).
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
