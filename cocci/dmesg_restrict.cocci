// SPDX-License-Identifier: GPL-2.0-only
/// Add the kernel.dmesg_restrict sysctl (Dan Rosenberg, Nov 2010, after
/// grsecurity's GRKERNSEC_DMESG): when set to 1, users without
/// CAP_SYS_ADMIN get -EPERM from syslog(2) and /proc/kmsg, so they cannot
/// read kernel addresses and other debugging output from the kernel log.
/// Mainline since 2.6.37: on such trees nothing changes and report mode
/// says "dmesg_restrict: present already".
///
// Confidence: High
// Copyright: (C) 2024 hardening-backport contributors.
// Comments: Pieces of the 2.6.36-era patch, each added only where its
//  anchor is found and the file has no dmesg_restrict yet (idempotent per
//  file, fine on partly patched trees):
//  - "int dmesg_restrict;" just before the definition of do_syslog()
//    (kernel/printk.c); a file that already defines dmesg_restrict
//    (kernel/printk/printk.c since 3.x) is reported as present;
//  - "extern int dmesg_restrict;" right after "extern int
//    printk_delay_msec;" (include/linux/kernel.h in 2.6.36; from 3.x
//    both live in include/linux/printk.h, which already has it);
//  - the ctl_table entry right after the entry whose .data is
//    &printk_delay_msec (kern_table of kernel/sysctl.c), with bounds in
//    the style of that entry: .extra1 = &zero gives &zero/&one (static
//    ints of 2.6.x kernel/sysctl.c), SYSCTL_ZERO gives
//    SYSCTL_ZERO/SYSCTL_ONE; a table that has a "dmesg_restrict" entry
//    (kernel/sysctl.c in 5.10, kernel/printk/sysctl.c from 6.1) is
//    reported as present;
//  - in cap_syslog() (security/commoncap.c, up to 2.6.36), the check
//    "if (dmesg_restrict && !capable(CAP_SYS_ADMIN)) return -EPERM;"
//    just before the existing CAP_SYS_ADMIN check of that function, i.e.
//    after the early "return 0" for reads of an already opened
//    /proc/kmsg.  Later trees have no cap_syslog(): printk.c's
//    check_syslog_permissions() tests dmesg_restrict itself.
//  As in the original patch, the definition, declaration and sysctl
//  entry sit inside CONFIG_PRINTK in 2.6.36 while cap_syslog() is not.
//  Forms known, by version (golden cases for 2.6.32 and 2.6.36 to 7.2):
//  - 2.6.32 to 2.6.36 (the feature is added): do_syslog(type, buf, len),
//    from 2.6.36 with a fourth argument from_file (any arity will do:
//    only the function's head is an anchor); kern_table entries with
//    binary sysctl numbers (.ctl_name, .strategy, "&proc_dointvec_minmax"
//    in 2.6.32) or without them (2.6.33 on): the new entry has no
//    .ctl_name, which 2.6.32 accepts (CTL_UNNUMBERED is 0); cap_syslog(type)
//    testing "(type != 3 && type != 10) && !capable(CAP_SYS_ADMIN)"
//    (2.6.32 to 2.6.35) or cap_syslog(type, from_file) testing the
//    SYSLOG_ACTION_* names (2.6.36): both are the anchor
//    "if (E && !capable(CAP_SYS_ADMIN)) return -EPERM;".  In 2.6.32 every
//    syslog action but 3 and 10 needs CAP_SYS_ADMIN already (/proc/kmsg
//    too, which calls do_syslog() for each read), so the check restricts
//    exactly the two that were open to all.
//  - 2.6.37 on (present): the definition in kernel/printk.c (from 3.16
//    kernel/printk/printk.c), "int dmesg_restrict = 1;" and "int
//    dmesg_restrict;" under #ifdef CONFIG_SECURITY_DMESG_RESTRICT (2.6.37
//    to 3.x) or "= IS_ENABLED(CONFIG_SECURITY_DMESG_RESTRICT)" (4.x on);
//    the extern in include/linux/kernel.h (2.6.37) or printk.h (3.x on);
//    the entry in kern_table (bounds &zero/&one up to 4.19, SYSCTL_ZERO/
//    SYSCTL_ONE from 5.4; handler proc_dointvec_minmax in 3.2,
//    proc_dointvec_minmax_sysadmin in 3.10 on) or, from 6.1, in
//    printk_sysctls of kernel/printk/sysctl.c.  Each reads "present
//    already".
//  Report mode says "dmesg_restrict: incomplete: ..." where a file has
//  the structure a piece hangs on but not its anchor, and nothing of
//  that piece is added: a printk_delay entry of unknown bounds style or
//  without .extra1 (no sysctl entry), a cap_syslog() without dmesg_restrict
//  and without the CAP_SYS_ADMIN check to put it before (no syslog check).
// Options: --no-includes --include-headers
// Prefilter: dmesg_restrict|do_syslog|printk_delay_msec|cap_syslog
// Piece: sysctl entry: \.procname[[:space:]]*=[[:space:]]*"dmesg_restrict"
// Piece: variable definition: ^int dmesg_restrict
// Piece: syslog check: if \(.*dmesg_restrict

virtual patch
virtual report

// ------------------------------------------------------------------
// definition, before do_syslog()
// ------------------------------------------------------------------

@dr_def@
position p;
symbol dmesg_restrict;
@@
(
extern int dmesg_restrict;
|
int dmesg_restrict@p;
|
int dmesg_restrict@p = ...;
)

@script:python depends on report@
p << dr_def.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: present already (definition)")

@syslog_fn depends on !dr_def@
position p;
@@
do_syslog@p(...) { ... }

@script:python depends on report@
p << syslog_fn.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: would define int dmesg_restrict before do_syslog()")

@add_def depends on patch@
position syslog_fn.p;
@@
+int dmesg_restrict;
+
 do_syslog@p(...) { ... }

// ------------------------------------------------------------------
// declaration, after printk_delay_msec's
// ------------------------------------------------------------------

@dr_decl@
position p;
@@
extern int dmesg_restrict@p;

@script:python depends on report@
p << dr_decl.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: present already (extern declaration)")

@delay_decl depends on !dr_decl@
symbol printk_delay_msec;
position p;
@@
extern int printk_delay_msec@p;

@script:python depends on report@
p << delay_decl.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: would declare extern int dmesg_restrict after printk_delay_msec")

@add_decl depends on patch@
position delay_decl.p;
@@
 extern int printk_delay_msec@p;
+extern int dmesg_restrict;

// ------------------------------------------------------------------
// ctl_table entry, after printk_delay's
// ------------------------------------------------------------------

@dr_entry@
type T;
identifier t;
position p;
@@
T t[] = { ..., { .procname = "dmesg_restrict"@p, ... }, ... };

@script:python depends on report@
p << dr_entry.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: present already (sysctl entry)")

@delay_entry depends on !dr_entry@
type T;
identifier t;
expression lo;
position p;
@@
T t[] = { ..., { .data = &printk_delay_msec@p, .extra1 = lo, ... }, ... };

// Bounds in the style of the printk_delay entry.  The entry text is built
// in python: SmPL would print an added initializer on one line.
// Coccinelle drops what follows the last newline of such an identifier,
// hence the text ends with a newline.
@initialize:python@
@@
DR_BOUNDS = {"SYSCTL_ZERO": ("SYSCTL_ZERO", "SYSCTL_ONE"),
             "&zero": ("&zero", "&one")}

def dr_bounds(lo):
    return DR_BOUNDS.get(lo.replace(" ", ""))

def dr_entry_text(lo, hi):
    return ",\n\t\t".join([
        '.procname\t= "dmesg_restrict"',
        '.data\t\t= &dmesg_restrict',
        '.maxlen\t\t= sizeof(int)',
        '.mode\t\t= 0644',
        '.proc_handler\t= proc_dointvec_minmax',
        '.extra1\t\t= %s' % lo,
        '.extra2\t\t= %s' % hi]) + ",\n"

@script:python depends on report@
lo << delay_entry.lo;
p << delay_entry.p;
@@
if dr_bounds(lo):
    coccilib.report.print_report(p[0], "dmesg_restrict: would add the sysctl entry after printk_delay")
else:
    coccilib.report.print_report(p[0], "dmesg_restrict: incomplete: no sysctl entry (the printk_delay entry has .extra1 = %s, neither &zero nor SYSCTL_ZERO, so the bounds style is unknown)" % lo.replace("& ", "&"))

// A printk_delay entry without any .extra1: no bounds style to follow.
@delay_nolo depends on !dr_entry && !delay_entry@
type T;
identifier t;
position p;
@@
T t[] = { ..., { .data = &printk_delay_msec@p, ... }, ... };

@script:python depends on report@
p << delay_nolo.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: incomplete: no sysctl entry (the printk_delay entry has no .extra1, so the bounds style is unknown)")

@script:python mk depends on patch@
lo << delay_entry.lo;
ent;
@@
b = dr_bounds(lo)
if b:
    coccinelle.ent = cocci.make_ident(dr_entry_text(*b))
else:
    cocci.include_match(False)

@add_entry depends on patch@
type delay_entry.T;
identifier delay_entry.t;
position delay_entry.p;
identifier mk.ent;
@@
T t[] = { ...,
  { .data = &printk_delay_msec@p, ... },
+ { ent },
  ... };

// ------------------------------------------------------------------
// cap_syslog(): -EPERM for readers without CAP_SYS_ADMIN
// ------------------------------------------------------------------

@cap_done@
position p;
@@
cap_syslog@p(...) { <+... dmesg_restrict ...+> }

@script:python depends on report@
p << cap_done.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: present already (cap_syslog check)")

// only a cap_syslog() that tests a capability: 3.x's security/capability.c has a
// cap_syslog() that returns 0 (the default hook), which is no place for the check
@cap_any depends on !cap_done@
position p;
@@
cap_syslog@p(...) { <+... capable(...) ...+> }

@cap_fn@
position cap_any.p;
expression E;
symbol CAP_SYS_ADMIN;
@@
cap_syslog@p(...)
{
  ...
  if (E && !capable(CAP_SYS_ADMIN))
    return -EPERM;
  ...
}

@script:python depends on report && cap_fn@
p << cap_any.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: would refuse syslog to users without CAP_SYS_ADMIN in cap_syslog()")

@script:python depends on report && !cap_fn@
p << cap_any.p;
@@
coccilib.report.print_report(p[0], "dmesg_restrict: incomplete: no syslog check (no \"if (... && !capable(CAP_SYS_ADMIN)) return -EPERM;\" in cap_syslog() to put it before)")

@add_cap depends on patch && cap_fn@
position cap_any.p;
expression E;
@@
cap_syslog@p(...)
{
  ...
+ if (dmesg_restrict && !capable(CAP_SYS_ADMIN))
+   return -EPERM;
  if (E && !capable(CAP_SYS_ADMIN))
    return -EPERM;
  ...
}
