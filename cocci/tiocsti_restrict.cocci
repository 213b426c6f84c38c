// SPDX-License-Identifier: GPL-2.0-only
/// Restrict TIOCSTI (grsecurity's GRKERNSEC_HARDEN_TTY, linux-hardened's
/// SECURITY_TIOCSTI_RESTRICT), as upstream did in 6.2 (83efeeeb3d04 "tty:
/// Allow TIOCSTI to be disabled"), on the trees before it: the sysctl
/// dev.tty.legacy_tiocsti, 0 or 1 at boot from CONFIG_LEGACY_TIOCSTI (the
/// driver adds upstream's entry and help to drivers/tty/Kconfig); at 0,
/// ioctl(TIOCSTI) fails with -EIO unless the caller has CAP_SYS_ADMIN, so a
/// process that shares a terminal with a more privileged one can no longer
/// push characters into its input (CVE-2016-7545, CVE-2017-5226,
/// CVE-2019-10063).  User space written for 6.2 on finds the same sysctl,
/// the same Kconfig symbol and the same errno.
///
// Confidence: High
// Copyright: (C) 2026 hardening-backport contributors.
// Comments: The trees from 5.1 on register dev.tty (ldisc_autoload) in
//  drivers/tty/tty_ldisc.c; this rule adds the new entry there, the check in
//  tiocsti() of drivers/tty/tty_io.c, and what joins them.  Pieces, per
//  file:
//  - tty_ldisc.c: "int tty_legacy_tiocsti __read_mostly =
//    IS_ENABLED(CONFIG_LEGACY_TIOCSTI);" right after the definition of
//    tty_ldisc_autoload (not static: tty_io.c reads it), and the entry
//    legacy_tiocsti right before ldisc_autoload's in its table, with the
//    handler and bounds of that entry: upstream's proc_dobool() on a bool
//    only works from 6.3 (before, it read and wrote nothing of a one-byte
//    value), so the variable is an int between 0 and 1, as ldisc_autoload
//    is in these trees; reading and writing 0 and 1 is the same to user
//    space.  Without a Kconfig entry (spatch alone), IS_ENABLED() of an
//    undefined symbol is 0: TIOCSTI starts restricted.
//  - the declaration "extern int tty_legacy_tiocsti;" right before the
//    declaration of tty_sysctl_init(): drivers/tty/tty_io.c's own extern up
//    to 5.13, drivers/tty/tty.h from 5.14 on (and in Debian's 5.10, whose
//    stable updates brought tty.h: there tty_io.c, which includes it, keeps
//    its own extern of tty_sysctl_init() and gets none of tty_legacy_tiocsti).
//  - tiocsti(): "if (!tty_legacy_tiocsti && !capable(CAP_SYS_ADMIN))
//    return -EIO;" right before its check of the caller's controlling
//    terminal "if ((current->signal->tty != tty) && !capable(CAP_SYS_ADMIN))
//    return -EPERM;", as upstream has it; only in a tty_io.c whose
//    tty_init() calls tty_sysctl_init() (5.1 to 6.1): before 5.1 there is no
//    dev.tty table to hold the sysctl.
//  Report mode prints one line per piece patch mode would add and
//  "tiocsti_restrict: present already" where the sysctl entry (or the
//  variable) is there (6.2 on).  It says "tiocsti_restrict: incomplete: ..."
//  where a piece's anchor is missing: a tty_io.c whose tiocsti() has no check
//  of the known shape, one without the call of tty_sysctl_init() (a tree
//  before 5.1: no dev.tty table, and this rule adds none), a table whose
//  ldisc_autoload entry has no bounds.  The "// Piece:" lines name, for the
//  driver, the added lines of a whole change.
// Options: --no-includes --include-headers
// Prefilter: tty_ldisc_autoload|tiocsti|tty_sysctl_init|legacy_tiocsti
// Piece: sysctl entry: [.]procname[[:space:]]*=[[:space:]]*"legacy_tiocsti"
// Piece: variable definition: ^[+]?int tty_legacy_tiocsti __read_mostly = IS_ENABLED[(]CONFIG_LEGACY_TIOCSTI[)];
// Piece: variable declaration: ^[+]?extern int tty_legacy_tiocsti;
// Piece: TIOCSTI check: if [(]!tty_legacy_tiocsti && !capable[(]CAP_SYS_ADMIN[)][)]

#spatch --no-includes --include-headers
#spatch --smpl-spacing

virtual patch
virtual report

// Which files spatch parses at all: every rule depends on tl_file, a script whose words are
// only these anchors (scripts/cocci-words-tests checks it).
@tl_w_autoload@
symbol tty_ldisc_autoload;
@@
tty_ldisc_autoload

@tl_w_tiocsti@
@@
tiocsti(...) { ... }

@tl_w_init@
@@
tty_sysctl_init(...)

@tl_w_decl@
@@
void tty_sysctl_init(void);

@script:python tl_file depends on tl_w_autoload || tl_w_tiocsti || tl_w_init || tl_w_decl@
@@
pass

// ------------------------------------------------------------------
// present already: the entry (6.2 on, in tty_io.c) or the variable
// ------------------------------------------------------------------

@lt_entry depends on tl_file@
type T;
identifier t;
position p;
@@
T t[] = { ..., { .procname = "legacy_tiocsti"@p, ... }, ... };

@script:python depends on tl_file && report && lt_entry@
p << lt_entry.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: present already (sysctl entry)")

@lt_var depends on tl_file@
symbol tty_legacy_tiocsti;
position p;
@@
tty_legacy_tiocsti@p

@script:python depends on tl_file && report && lt_var && !lt_entry@
p << lt_var.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: present already (tty_legacy_tiocsti)")

@lt_decl depends on tl_file && !lt_var@
symbol tty_legacy_tiocsti;
position p;
@@
extern int tty_legacy_tiocsti@p;

@script:python depends on tl_file && report && lt_decl@
p << lt_decl.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: present already (its declaration)")

// Nothing of the feature in this file yet: what the rules below require.
@script:python tl_none depends on tl_file && !lt_entry && !lt_var && !lt_decl@
@@
pass

// ------------------------------------------------------------------
// tty_ldisc.c: the entry before ldisc_autoload's, with its handler and bounds
// ------------------------------------------------------------------

@la_entry depends on tl_file && tl_none@
type T;
identifier t;
expression H, E1, E2;
position p;
@@
T t[] = { ..., { .data = &tty_ldisc_autoload@p, .proc_handler = H, .extra1 = E1,
		 .extra2 = E2, ... }, ... };

@la_any depends on tl_file && tl_none && !la_entry@
type T;
identifier t;
position p;
@@
T t[] = { ..., { .data = &tty_ldisc_autoload@p, ... }, ... };

@script:python depends on tl_file && report && la_entry@
p << la_entry.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would add the sysctl entry legacy_tiocsti before ldisc_autoload's")

@script:python depends on tl_file && report && la_any@
p << la_any.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no sysctl entry (the ldisc_autoload entry of this table has no .extra1 and .extra2 bounds to copy)")

// The entry's text is built in python: SmPL would print an added initializer on one line.
// (The #spatch --smpl-spacing line keeps its last line, and no blank line before its "},".)
@script:python mk_entry depends on tl_file && patch && la_entry@
h << la_entry.H;
e1 << la_entry.E1;
e2 << la_entry.E2;
ent;
@@
coccinelle.ent = cocci.make_ident(",\n\t\t".join([
    '.procname\t= "legacy_tiocsti"',
    '.data\t\t= &tty_legacy_tiocsti',
    '.maxlen\t\t= sizeof(tty_legacy_tiocsti)',
    '.mode\t\t= 0644',
    '.proc_handler\t= %s' % h,
    '.extra1\t\t= %s' % e1,
    '.extra2\t\t= %s' % e2]) + ",")

@add_entry depends on tl_file && patch@
type la_entry.T;
identifier la_entry.t;
identifier mk_entry.ent;
@@
T t[] = { ...,
+ { ent },
  { .data = &tty_ldisc_autoload, ... },
  ... };

// ------------------------------------------------------------------
// tty_ldisc.c: the variable, right after tty_ldisc_autoload's definition
// ------------------------------------------------------------------

@la_def depends on tl_file && la_entry@
type T;
expression E;
position p;
@@
(
static T tty_ldisc_autoload@p = E;
|
T tty_ldisc_autoload@p = E;
)

@script:python depends on tl_file && report && la_def@
p << la_def.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would define int tty_legacy_tiocsti after tty_ldisc_autoload")

@script:python depends on tl_file && report && la_entry && !la_def@
p << la_entry.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no variable (no definition of tty_ldisc_autoload with an initializer to put tty_legacy_tiocsti after)")

@add_def depends on tl_file && patch && la_def@
type la_def.T;
expression la_def.E;
position la_def.p;
attribute name __read_mostly;
@@
(
 static T tty_ldisc_autoload@p = E;
+int tty_legacy_tiocsti __read_mostly = IS_ENABLED(CONFIG_LEGACY_TIOCSTI);
|
 T tty_ldisc_autoload@p = E;
+int tty_legacy_tiocsti __read_mostly = IS_ENABLED(CONFIG_LEGACY_TIOCSTI);
)

// ------------------------------------------------------------------
// the declaration, right before tty_sysctl_init()'s (tty_io.c or tty.h)
// ------------------------------------------------------------------

// Not in a .c file that includes "tty.h" where tty.h declares tty_sysctl_init() too
// (Debian's 5.10 has drivers/tty/tty.h and still its own extern in tty_io.c): the one in
// tty.h serves it. A constraint on the position, so that a file without a match goes on
// to the rules below.
@initialize:python@
@@
import os

def ts_decl_here(p):
    f = p[0].file
    if not f.endswith(".c"):
        return True
    h = os.path.join(os.path.dirname(f), "tty.h")
    try:
        with open(f) as src:
            inc = chr(35) + 'include "tty.h"' in src.read()
        with open(h) as hdr:
            declared = "tty_sysctl_init" in hdr.read()
    except (IOError, OSError):
        return True
    return not (inc and declared)

@ts_decl depends on tl_file && tl_none@
position p : script:python() { ts_decl_here(p) };
@@
(
extern void tty_sysctl_init@p(void);
|
void tty_sysctl_init@p(void);
)

@script:python depends on tl_file && report && ts_decl@
p << ts_decl.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would declare extern int tty_legacy_tiocsti before tty_sysctl_init()")

// Before it: spatch adds nothing after a function's declaration. (The pattern without
// "extern" matches both declarations.)
@add_decl depends on tl_file && patch && ts_decl@
position ts_decl.p;
@@
+extern int tty_legacy_tiocsti;
 void tty_sysctl_init@p(void);

// ------------------------------------------------------------------
// tty_io.c: the check in tiocsti(), where tty_init() registers dev.tty
// ------------------------------------------------------------------

@ts_call depends on tl_file && tl_none@
@@
tty_sysctl_init();

@ti_fn depends on tl_file && tl_none@
position p;
@@
tiocsti@p(...) { ... }

@ti_check depends on tl_file && ti_fn@
identifier tty;
symbol current;
position p;
@@
tiocsti(struct tty_struct *tty, ...)
{
  ...
  if@p ((current->signal->tty != tty) && !capable(CAP_SYS_ADMIN))
    return -EPERM;
  ...
}

@script:python depends on tl_file && report && ti_check && ts_call@
p << ti_check.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would refuse TIOCSTI with -EIO at dev.tty.legacy_tiocsti=0 without CAP_SYS_ADMIN")

@script:python depends on tl_file && report && ti_fn && !ti_check@
p << ti_fn.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no TIOCSTI check (no \"if ((current->signal->tty != tty) && !capable(CAP_SYS_ADMIN)) return -EPERM;\" in tiocsti())")

@script:python depends on tl_file && report && ti_check && !ts_call@
p << ti_check.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no dev.tty sysctl table to hold legacy_tiocsti (tty_init() calls no tty_sysctl_init(): a tree before 5.1)")

@add_check depends on tl_file && patch && ti_check && ts_call@
identifier ti_check.tty;
symbol current;
@@
tiocsti(struct tty_struct *tty, ...)
{
  ...
+ if (!tty_legacy_tiocsti && !capable(CAP_SYS_ADMIN))
+   return -EIO;
  if ((current->signal->tty != tty) && !capable(CAP_SYS_ADMIN))
    return -EPERM;
  ...
}
