// SPDX-License-Identifier: GPL-2.0-only
/// Restrict TIOCSTI (grsecurity's GRKERNSEC_HARDEN_TTY, linux-hardened's
/// SECURITY_TIOCSTI_RESTRICT), as upstream did in 6.2 (83efeeeb3d04 "tty:
/// Allow TIOCSTI to be disabled"), on the trees before it: the sysctl
/// dev.tty.legacy_tiocsti, 0 or 1 at boot from CONFIG_LEGACY_TIOCSTI (the
/// driver adds upstream's entry and help to the tty Kconfig); at 0,
/// ioctl(TIOCSTI) fails with -EIO unless the caller has CAP_SYS_ADMIN, so a
/// process that shares a terminal with a more privileged one can no longer
/// push characters into its input (CVE-2016-7545, CVE-2017-5226,
/// CVE-2019-10063).  User space written for 6.2 on finds the same sysctl,
/// the same Kconfig symbol and the same errno.  With it, the same injection
/// by another door, as upstream closed it in 6.7 (8d1b43f6a6df "tty:
/// Restrict access to TIOCLINUX' copy-and-paste subcommands") and fixed it
/// in 6.14 and 6.15 (2f83e38a095f, ee6a44da3c87): on a virtual console,
/// TIOCLINUX's TIOCL_PASTESEL and TIOCL_SELLOADLUT need CAP_SYS_ADMIN, and
/// so does TIOCL_SETSEL but in the modes that leave the selection alone
/// (TIOCL_SELCLEAR, TIOCL_SELPOINTER: the mouse pointer of gpm and Emacs);
/// unconditional, as upstream has it.
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
//    return -EPERM;", as upstream has it.
//  - A tty_io.c whose tty_init() calls no tty_sysctl_init() (before 5.1: no
//    dev.tty table; drivers/char/tty_io.c up to 2.6.35) gets one, before
//    tiocsti() as upstream 6.2 defines its variable there: a static
//    tty_legacy_tiocsti, the bounds zero and one of its own (as 5.1's
//    tty_ldisc.c has them), the table tty_table, and a static __init
//    tty_sysctl_init() that tty_init() calls first, as 5.1 does.  How it
//    registers the table is what the tree's include/linux/sysctl.h declares
//    (read from the folder above drivers/): register_sysctl("dev/tty", ...)
//    from 3.4, register_sysctl_paths() with a path of its own before (2.6.33
//    to 3.3), register_sysctl_table() of a dev table (binary number CTL_DEV)
//    holding a tty table in 2.6.32, which still has binary sysctl numbers;
//    the default is IS_ENABLED(CONFIG_LEGACY_TIOCSTI) where
//    include/linux/kconfig.h defines IS_ENABLED() (3.1 on), else set by
//    tty_sysctl_init() at boot under #ifdef CONFIG_LEGACY_TIOCSTI.  A
//    tty_io.c read without its tree gets what builds from 2.6.33 to 6.5:
//    register_sysctl_table() and the default set at boot.  The driver adds
//    the Kconfig entry before LDISC_AUTOLOAD, or in a tree without it right
//    after LEGACY_PTY_COUNT (drivers/char/Kconfig up to 2.6.35), where
//    upstream has it.
//  - vt.c (drivers/tty/vt/, drivers/char/ up to 2.6.35), tioclinux():
//    "if (!capable(CAP_SYS_ADMIN)) return -EPERM;" first in the cases
//    TIOCL_PASTESEL and TIOCL_SELLOADLUT (before its console_lock(), from 4.x).
//    A tioclinux() that checks TIOCL_SETSEL there (6.7 to 6.13) loses that
//    check, which moves into the selection code.
//  - selection.c, the mode of a TIOCL_SETSEL request once read: upstream's
//    switch (TIOCL_SELCLEAR and TIOCL_SELPOINTER go on, any other mode needs
//    CAP_SYS_ADMIN) between set_selection_user()'s copy_from_user() of the
//    request and its set_selection_kernel() (5.5 on), or the same test as an
//    if right after set_selection()'s __get_user() of sel_mode (before 5.5).
//    A switch that lets TIOCL_SELMOUSEREPORT through too (6.14) loses that
//    case, as ee6a44da3c87 took it out (its comment stays).  A tioclinux()
//    that spatch 1.1.1 cannot parse (7.x: scoped_guard()) is not examined;
//    such trees have upstream's code.
//  Report mode prints one line per piece patch mode would add and
//  "tiocsti_restrict: present already" where the sysctl entry (or the
//  variable) is there (6.2 on), or TIOCLINUX's checks (6.15 on, 6.12.26 on).
//  It says "tiocsti_restrict: incomplete: ..." where a piece's anchor is
//  missing: a tty_io.c whose tiocsti() has no check of the known shape, one
//  without dev.tty and without a tty_init() to register it in, a table whose
//  ldisc_autoload entry has no bounds, a tioclinux() without one of the two
//  cases, a set_selection_user() or set_selection() that reads the request
//  in a form it does not know.  The "// Piece:" lines name, for the driver,
//  the added lines of a whole change.
// Options: --no-includes --include-headers
// Prefilter: tty_ldisc_autoload|tiocsti|tty_sysctl_init|legacy_tiocsti|tioclinux|set_selection
// Piece: sysctl entry: [.]procname[[:space:]]*=[[:space:]]*"legacy_tiocsti"
// Piece: variable definition: ^[+]?(static )?int tty_legacy_tiocsti __read_mostly( = IS_ENABLED[(]CONFIG_LEGACY_TIOCSTI[)])?;
// Piece: variable declaration: ^[+]?(extern int tty_legacy_tiocsti;|static int tty_legacy_tiocsti __read_mostly)
// Piece: dev.tty registration: ^[+]?[[:space:]]*tty_sysctl_init[(][)];
// Piece: TIOCSTI check: if [(]!tty_legacy_tiocsti && !capable[(]CAP_SYS_ADMIN[)][)]
// Piece: TIOCL_SETSEL check: TIOCL_SELCLEAR,? (and )?TIOCL_SELPOINTER

#spatch --no-includes --include-headers
#spatch --smpl-spacing

virtual patch
virtual report

@initialize:python@
@@
import os

def tl_tree_file(path, rel):
    # A file of the tree of PATH (a folder above it holds include/linux/sysctl.h): its
    # text, or None for a file read without its tree.
    d = os.path.dirname(os.path.abspath(path))
    for _ in range(4):
        d = os.path.dirname(d)
        if os.path.isfile(os.path.join(d, "include", "linux", "sysctl.h")):
            try:
                with open(os.path.join(d, rel), errors="replace") as f:
                    return f.read()
            except OSError:
                return None
    return None

def tl_defines(text, macro):
    # a line "#define MACRO..." (MACRO or MACRO(...)), not a comment that names it
    for line in (text or "").split(chr(10)):
        w = line.split()
        if len(w) > 1 and w[0] == "#define" and w[1].split("(")[0] == macro:
            return True
    return False

def tl_entry(handler, lo, hi):
    # the entry legacy_tiocsti, laid out as upstream has it (the text of an identifier:
    # SmPL would print an added initializer on one line)
    return ",\n\t\t".join(['.procname\t= "legacy_tiocsti"',
                           '.data\t\t= &tty_legacy_tiocsti',
                           '.maxlen\t\t= sizeof(tty_legacy_tiocsti)',
                           '.mode\t\t= 0644',
                           '.proc_handler\t= %s' % handler,
                           '.extra1\t\t= %s' % lo,
                           '.extra2\t\t= %s' % hi]) + ","

def tl_forms(path):
    # For a tree before 5.1: (the text of the variable after "static int ", the body of
    # tty_sysctl_init(), how it registers), by what include/linux/sysctl.h and
    # include/linux/kconfig.h of the tree declare: register_sysctl() with a path (3.4 on),
    # register_sysctl_paths() (2.6.25 on; 2.6.33 to 3.3), or register_sysctl_table() of a
    # table under dev (2.6.32 and its binary numbers: CTL_DEV); IS_ENABLED() from 3.1, else
    # the default set by tty_sysctl_init() at boot.  A file without its tree gets what
    # builds on every tree from 2.6.33 to 6.5: register_sysctl_table() without binary
    # numbers, and the default set at boot.
    h = tl_tree_file(path, os.path.join("include", "linux", "sysctl.h"))
    kc = tl_tree_file(path, os.path.join("include", "linux", "kconfig.h"))
    nl, t = chr(10), chr(9)
    if tl_defines(kc, "IS_ENABLED"):
        var = "tty_legacy_tiocsti __read_mostly = IS_ENABLED(CONFIG_LEGACY_TIOCSTI)"
        default = []
    else:
        var = "tty_legacy_tiocsti __read_mostly"
        default = ["#ifdef CONFIG_LEGACY_TIOCSTI", t + "tty_legacy_tiocsti = 1;", "#endif"]
    if h is not None and "register_sysctl(const char" in h:
        how = "register_sysctl()"
        body = default + [t + 'register_sysctl("dev/tty", tty_table)']
    elif h is not None and "int ctl_name;" not in h and "register_sysctl_paths(" in h:
        how = "register_sysctl_paths()"
        body = ["static struct ctl_path tty_path[] = {",
                t + t + '{ .procname = "dev" },',
                t + t + '{ .procname = "tty" },',
                t + t + "{ }",
                t + "};", ""] + default + [t + "register_sysctl_paths(tty_path, tty_table)"]
    else:
        how = "register_sysctl_table() under dev"
        dev = [t + t + t + ".ctl_name" + t + "= CTL_DEV,"] if h is not None and "int ctl_name;" in h else []
        body = ["static struct ctl_table tty_dir_table[] = {",
                t + t + "{",
                t + t + t + '.procname' + t + '= "tty",',
                t + t + t + ".mode" + t + t + "= 0555,",
                t + t + t + ".child" + t + t + "= tty_table,",
                t + t + "},",
                t + t + "{ }",
                t + "};",
                t + "static struct ctl_table tty_root_table[] = {",
                t + t + "{"] + dev + [
                t + t + t + '.procname' + t + '= "dev",',
                t + t + t + ".mode" + t + t + "= 0555,",
                t + t + t + ".child" + t + t + "= tty_dir_table,",
                t + t + "},",
                t + t + "{ }",
                t + "};", ""] + default + [t + "register_sysctl_table(tty_root_table)"]
    return var, nl.join(body).lstrip(t), how

// Which files spatch parses at all: every rule depends on tl_file, a script whose words are
// only these anchors (tests/suites/cocci-words-tests checks it).
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

@tl_w_tioclinux@
@@
tioclinux(...) { ... }

@tl_w_sel_user@
@@
set_selection_user(...) { ... }

@tl_w_sel@
@@
set_selection(...) { ... }

@script:python tl_file depends on tl_w_autoload || tl_w_tiocsti || tl_w_init || tl_w_decl || tl_w_tioclinux || tl_w_sel_user || tl_w_sel@
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

// Before 5.1 (tty_init() calls no tty_sysctl_init()): no dev.tty table; tty_io.c gets one,
// registered in tty_init() the way the tree registers its tables (tl_forms)
@ti_init_old depends on tl_file && ti_check && !ts_call@
position p;
@@
tty_init@p(...) { ... }

@script:python depends on tl_file && report && ti_check && (ts_call || ti_init_old)@
p << ti_check.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would refuse TIOCSTI with -EIO at dev.tty.legacy_tiocsti=0 without CAP_SYS_ADMIN")

@script:python depends on tl_file && report && ti_init_old@
p << ti_init_old.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would add the dev.tty sysctl table with legacy_tiocsti, registered by tty_init() with %s (no dev.tty table: a tree before 5.1)" % tl_forms(p[0].file)[2])

@script:python depends on tl_file && report && ti_check && !ts_call && !ti_init_old@
p << ti_check.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no dev.tty sysctl table to hold legacy_tiocsti (tty_init() calls no tty_sysctl_init(), and this tty_io.c defines no tty_init() to register one in)")

@script:python mk_old depends on tl_file && patch && ti_init_old@
p << ti_init_old.p;
var;
body;
ent;
@@
v, b, how = tl_forms(p[0].file)
coccinelle.var = cocci.make_ident(v)
coccinelle.body = cocci.make_ident(b)
coccinelle.ent = cocci.make_ident(tl_entry("proc_dointvec_minmax", "&zero", "&one"))

// Before tiocsti() (and its comment), as upstream 6.2 defines tty_legacy_tiocsti: the
// variable, the bounds, the table and tty_sysctl_init()
@add_old_table depends on tl_file && patch && ti_check@
identifier mk_old.var, mk_old.body, mk_old.ent;
attribute name __init;
@@
+static int var;
+static int zero;
+static int one = 1;
+
+static struct ctl_table tty_table[] = {
+	{ ent },
+	{ }
+};
+
+static void __init tty_sysctl_init(void)
+{
+	body;
+}
+
 tiocsti(...) { ... }

@add_old_call depends on tl_file && patch && ti_check && ti_init_old@
@@
tty_init(...)
{
+ tty_sysctl_init();
  ...
}

@add_check depends on tl_file && patch && ti_check && (ts_call || ti_init_old)@
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

// ------------------------------------------------------------------
// TIOCLINUX: its copy-and-paste subcommands need CAP_SYS_ADMIN (upstream 6.7,
// 8d1b43f6a6df), except the TIOCL_SETSEL modes that do not change the selection
// (2f83e38a095f, 6.14, and ee6a44da3c87, 6.15: TIOCL_SELCLEAR and TIOCL_SELPOINTER)
// ------------------------------------------------------------------

// drivers/tty/vt/vt.c (drivers/char/vt.c up to 2.6.35): tioclinux()
@tc_vt depends on tl_file@
position p;
@@
tioclinux@p(...) { ... }

@tc_paste_has depends on tl_file && tc_vt@
expression T;
@@
switch (T) {
  case TIOCL_PASTESEL:
  if (!capable(CAP_SYS_ADMIN))
    return -EPERM;
  ...
}

@tc_paste depends on tl_file && tc_vt && !tc_paste_has@
expression T;
position p;
@@
switch (T) {
  case TIOCL_PASTESEL@p:
  ...
}

@tc_lut_has depends on tl_file && tc_vt@
expression T;
@@
switch (T) {
  case TIOCL_SELLOADLUT:
  if (!capable(CAP_SYS_ADMIN))
    return -EPERM;
  ...
}

@tc_lut depends on tl_file && tc_vt && !tc_lut_has@
expression T;
position p;
@@
switch (T) {
  case TIOCL_SELLOADLUT@p:
  ...
}

// 6.7 to 6.13: TIOCL_SETSEL needs CAP_SYS_ADMIN in every mode; the check moves into
// set_selection_user(), where the mode is known (2f83e38a095f)
@tc_setsel_cap depends on tl_file && tc_vt@
expression T;
position p;
@@
switch (T) {
  case TIOCL_SETSEL@p:
  if (!capable(CAP_SYS_ADMIN))
    return -EPERM;
  ...
}

@script:python depends on tl_file && report && tc_paste_has && tc_lut_has && !tc_setsel_cap@
p << tc_vt.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: present already (TIOCL_PASTESEL and TIOCL_SELLOADLUT need CAP_SYS_ADMIN)")

@script:python depends on tl_file && report && tc_paste@
p << tc_paste.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would refuse TIOCL_PASTESEL with -EPERM without CAP_SYS_ADMIN")

@script:python depends on tl_file && report && tc_lut@
p << tc_lut.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would refuse TIOCL_SELLOADLUT with -EPERM without CAP_SYS_ADMIN")

@script:python depends on tl_file && report && tc_setsel_cap@
p << tc_setsel_cap.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would move the TIOCL_SETSEL check into set_selection_user(), which lets TIOCL_SELCLEAR and TIOCL_SELPOINTER through")

@script:python depends on tl_file && report && tc_vt && !tc_paste_has && !tc_paste@
p << tc_vt.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no TIOCL_PASTESEL check (no \"case TIOCL_PASTESEL:\" in the switch of tioclinux())")

@script:python depends on tl_file && report && tc_vt && !tc_lut_has && !tc_lut@
p << tc_vt.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no TIOCL_SELLOADLUT check (no \"case TIOCL_SELLOADLUT:\" in the switch of tioclinux())")

@add_paste depends on tl_file && patch && tc_paste && (tc_lut || tc_lut_has)@
expression T;
@@
switch (T) {
  case TIOCL_PASTESEL:
+ if (!capable(CAP_SYS_ADMIN))
+   return -EPERM;
  ...
}

@add_lut depends on tl_file && patch && tc_lut && (tc_paste || tc_paste_has)@
expression T;
@@
switch (T) {
  case TIOCL_SELLOADLUT:
+ if (!capable(CAP_SYS_ADMIN))
+   return -EPERM;
  ...
}

@rm_setsel depends on tl_file && patch && tc_setsel_cap@
expression T;
@@
switch (T) {
  case TIOCL_SETSEL:
- if (!capable(CAP_SYS_ADMIN))
-   return -EPERM;
  ...
}

// drivers/tty/vt/selection.c: the mode of TIOCL_SETSEL, once read.  From 5.5,
// set_selection_user() copies the whole request and hands it to set_selection_kernel();
// before, set_selection() reads each field with __get_user().
@tc_sel_has_user depends on tl_file@
position p;
@@
set_selection_user@p(...) { <+... capable(CAP_SYS_ADMIN) ...+> }

@tc_sel_has_old depends on tl_file@
position p;
@@
set_selection@p(...) { <+... capable(CAP_SYS_ADMIN) ...+> }

@script:python tc_sel_has depends on tl_file && (tc_sel_has_user || tc_sel_has_old)@
@@
pass

// 6.14: TIOCL_SELMOUSEREPORT let through too, which ee6a44da3c87 took back
@tc_sel_mouse depends on tl_file && tc_sel_has@
expression E;
statement S;
position p;
@@
switch (E) {
  case TIOCL_SELCLEAR:
  case TIOCL_SELPOINTER:
  case TIOCL_SELMOUSEREPORT@p:
  break;
  default:
  S
}

@tc_sel_new depends on tl_file && !tc_sel_has@
identifier v, sel;
expression E1, E2;
position p;
@@
set_selection_user@p(...)
{
  ...
  if (copy_from_user(&v, sel, E1))
    return -EFAULT;
  return set_selection_kernel(&v, E2);
}

@tc_sel_old depends on tl_file && !tc_sel_has@
identifier m, sel;
position p;
@@
set_selection@p(...)
{
  <+...
  __get_user(m, &sel->sel_mode);
  ...+>
}

@tc_sel_any_user depends on tl_file && !tc_sel_has && !tc_sel_new && !tc_sel_old@
position p;
@@
set_selection_user@p(...) { ... }

@tc_sel_any_old depends on tl_file && !tc_sel_has && !tc_sel_new && !tc_sel_old@
position p;
@@
set_selection@p(...) { ... }

@script:python depends on tl_file && report && tc_sel_has_user && !tc_sel_mouse@
p << tc_sel_has_user.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: present already (TIOCL_SETSEL needs CAP_SYS_ADMIN but for TIOCL_SELCLEAR and TIOCL_SELPOINTER)")

@script:python depends on tl_file && report && tc_sel_has_old@
p << tc_sel_has_old.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: present already (TIOCL_SETSEL needs CAP_SYS_ADMIN but for TIOCL_SELCLEAR and TIOCL_SELPOINTER)")

@script:python depends on tl_file && report && tc_sel_mouse@
p << tc_sel_mouse.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would make TIOCL_SELMOUSEREPORT need CAP_SYS_ADMIN again, as ee6a44da3c87 did")

@script:python depends on tl_file && report && tc_sel_new@
p << tc_sel_new.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would refuse TIOCL_SETSEL with -EPERM without CAP_SYS_ADMIN, but for TIOCL_SELCLEAR and TIOCL_SELPOINTER")

@script:python depends on tl_file && report && tc_sel_old@
p << tc_sel_old.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: would refuse TIOCL_SETSEL with -EPERM without CAP_SYS_ADMIN, but for TIOCL_SELCLEAR and TIOCL_SELPOINTER")

@script:python depends on tl_file && report && tc_sel_any_user@
p << tc_sel_any_user.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no TIOCL_SETSEL check (set_selection_user() does not copy the request with copy_from_user() and hand it to set_selection_kernel())")

@script:python depends on tl_file && report && tc_sel_any_old@
p << tc_sel_any_old.p;
@@
coccilib.report.print_report(p[0], "tiocsti_restrict: incomplete: no TIOCL_SETSEL check (set_selection() reads no sel_mode with __get_user())")

@rm_mouse depends on tl_file && patch && tc_sel_mouse@
expression E;
statement S;
@@
switch (E) {
  case TIOCL_SELCLEAR:
  case TIOCL_SELPOINTER:
- case TIOCL_SELMOUSEREPORT:
  break;
  default:
  S
}

// upstream's switch, as the text of the statement that follows it: SmPL would lay out an
// added switch on two lines
@script:python mk_sw depends on tl_file && patch && tc_sel_new@
v << tc_sel_new.v;
e2 << tc_sel_new.E2;
sw;
@@
coccinelle.sw = cocci.make_ident("\n".join([
    "/*",
    "\t * TIOCL_SELCLEAR and TIOCL_SELPOINTER are OK to use without",
    "\t * CAP_SYS_ADMIN as they do not modify the selection.",
    "\t */",
    "\tswitch (%s.sel_mode) {" % v,
    "\tcase TIOCL_SELCLEAR:",
    "\tcase TIOCL_SELPOINTER:",
    "\t\tbreak;",
    "\tdefault:",
    "\t\tif (!capable(CAP_SYS_ADMIN))",
    "\t\t\treturn -EPERM;",
    "\t}",
    "",
    "\treturn set_selection_kernel(&%s, %s)" % (v, e2)]))

@add_sel_new depends on tl_file && patch@
identifier tc_sel_new.v, tc_sel_new.sel;
expression tc_sel_new.E1, tc_sel_new.E2;
identifier mk_sw.sw;
@@
set_selection_user(...)
{
  ...
  if (copy_from_user(&v, sel, E1))
    return -EFAULT;
- return set_selection_kernel(&v, E2);
+ sw;
}

// before 5.5: the same test on the mode set_selection() has just read, before it uses it
// (the text of the statement that reads it, which the test follows)
@script:python mk_get depends on tl_file && patch && tc_sel_old@
m << tc_sel_old.m;
sel << tc_sel_old.sel;
get;
@@
coccinelle.get = cocci.make_ident("\n".join([
    "__get_user(%s, &%s->sel_mode);" % (m, sel),
    "\t  /*",
    "\t   * TIOCL_SELCLEAR and TIOCL_SELPOINTER are OK to use without",
    "\t   * CAP_SYS_ADMIN as they do not modify the selection.",
    "\t   */",
    "\t  if (%s != TIOCL_SELCLEAR && %s != TIOCL_SELPOINTER &&" % (m, m),
    "\t      !capable(CAP_SYS_ADMIN))",
    "\t\treturn -EPERM"]))

@add_sel_old depends on tl_file && patch@
identifier tc_sel_old.m, tc_sel_old.sel;
identifier mk_get.get;
@@
set_selection(...)
{
  <+...
- __get_user(m, &sel->sel_mode);
+ get;
  ...+>
}
