// SPDX-License-Identifier: GPL-2.0-only
/// Restrict io_uring as upstream did in 6.6 (76d3ccecfa18 "io_uring: add a
/// sysctl to disable io_uring system-wide"), on the trees from 5.1 to 6.5:
/// the sysctls kernel.io_uring_disabled (0: everybody may create an
/// io_uring instance, the default; 1: only a caller with CAP_SYS_ADMIN or
/// in the group kernel.io_uring_group; 2: nobody) and kernel.io_uring_group
/// (a gid, -1 by default: no group), and io_uring_setup() refused with
/// -EPERM where they say so.  Rings made before keep working.  io_uring has
/// been the largest single source of kernel privilege escalations since
/// 2021; an administrator's "kernel.io_uring_disabled = 2" in sysctl.conf
/// now does on these trees what it does on 6.6 and later.
///
// Confidence: High
// Copyright: (C) 2026 hardening-backport contributors.
// Comments: Upstream's code, and what later upstream changed in it: up to
//  7.2 only the removal of the table's empty last entry (before 6.12), its
//  const (6.14), and io_uring_allowed() returning an error code to make room
//  for an LSM hook (6.15); none of them changes what the sysctls do (a patch
//  that would have bounded io_uring_group to 0..4294967294, sent with
//  "Fixes: 76d3ccecfa18" in 2024, was not merged: 7.2 still reads the
//  group with proc_dointvec(), -1 by default).  This rule carries the 6.6
//  form.  Pieces, all in the file that defines the io_uring_setup system
//  call (fs/io_uring.c from 5.1, io_uring/io_uring.c from 6.0 and in the
//  stable 5.10.y and 5.15.y that took the newer io_uring):
//  - right after the declaration of req_cachep (every era has one, static
//    up to 6.0): "static int __read_mostly sysctl_io_uring_disabled;",
//    "static int __read_mostly sysctl_io_uring_group = -1;" and, under
//    CONFIG_SYSCTL, the table kernel_io_uring_disabled_table of the two
//    entries;
//  - right before the io_uring_setup system call: io_uring_allowed();
//  - first in that system call, whose body is "return io_uring_setup(...);"
//    in every era: "if (!io_uring_allowed()) return -EPERM;";
//  - in io_uring_init(), right before its "return 0;", under
//    CONFIG_SYSCTL: the table registered under "kernel".
//  What the table and its registration name is what the tree's
//  include/linux/sysctl.h declares (read beside the file: the folder
//  above fs/ or io_uring/): register_sysctl_init() where it is declared
//  (5.17 on, and the stable trees that took it, 5.4.286 and 5.10.y among
//  them), else register_sysctl(), in every tree from 3.4; the bounds 0 and
//  2 of io_uring_disabled are SYSCTL_ZERO and SYSCTL_TWO where defined
//  (SYSCTL_ZERO from 5.3, SYSCTL_TWO from 5.17 and in stable 5.10.y), else
//  statics of the file's own beside the table.  A file read without its
//  tree (no include/linux/sysctl.h above it) gets what every tree with
//  io_uring has: register_sysctl() and bounds of its own.
//  Report mode prints one line per piece patch mode would add and
//  "io_uring_restrict: present already" where sysctl_io_uring_disabled is
//  there (6.6 on).  It says "io_uring_restrict: incomplete: ..." where the
//  io_uring_setup system call is there but a piece's anchor is missing
//  (no req_cachep, no io_uring_init() returning 0, a system call of
//  another shape).  In include/linux/syscalls.h of a tree without
//  io_uring (before 5.1: sys_io_setup() of aio declared, no
//  sys_io_uring_setup()) it says "io_uring_restrict: not applicable: ...",
//  and the feature is left out whole.  The "// Piece:" lines name, for the
//  driver, the added lines of a whole change.
// Options: --no-includes --include-headers
// Prefilter: io_uring_setup|sysctl_io_uring_disabled|sys_io_setup
// Piece: io_uring_disabled sysctl: [.]procname[[:space:]]*=[[:space:]]*"io_uring_disabled"
// Piece: io_uring_group sysctl: [.]procname[[:space:]]*=[[:space:]]*"io_uring_group"
// Piece: variable: ^[+]?static int __read_mostly sysctl_io_uring_disabled;
// Piece: the check: if [(]!io_uring_allowed[(][)][)]
// Piece: registration: register_sysctl(_init)?[(]"kernel", kernel_io_uring_disabled_table[)]

#spatch --no-includes --include-headers

virtual patch
virtual report

@initialize:python@
@@
import os

iu_said = set()

def iu_sysctl_h(path):
    # include/linux/sysctl.h of the tree, from the folder above fs/ or
    # io_uring/; None for a file read without its tree.
    top = os.path.dirname(os.path.dirname(os.path.abspath(path)))
    try:
        with open(os.path.join(top, "include", "linux", "sysctl.h"), errors="replace") as f:
            return f.read()
    except OSError:
        return None

def iu_defines(text, macro):
    # a line "#define MACRO ..." or "#define MACRO(...) ..." (not a longer name
    # such as SYSCTL_TWO_HUNDRED, nor a comment that names it)
    for line in (text or "").split(chr(10)):
        w = line.split()
        if len(w) > 1 and w[0] == "#define" and w[1].split("(")[0] == macro:
            return True
    return False

def iu_forms(path):
    # (registration call, lower bound, upper bound, the statics of the file for the bounds)
    h = iu_sysctl_h(path)
    reg = "register_sysctl_init" if iu_defines(h, "register_sysctl_init") else "register_sysctl"
    own = []
    lo = "SYSCTL_ZERO"
    if not iu_defines(h, "SYSCTL_ZERO"):
        lo = "&sysctl_io_uring_disabled_min"
        own.append("static int __maybe_unused sysctl_io_uring_disabled_min")
    hi = "SYSCTL_TWO"
    if not iu_defines(h, "SYSCTL_TWO"):
        hi = "&sysctl_io_uring_disabled_max"
        own.append("static int __maybe_unused sysctl_io_uring_disabled_max = 2")
    return reg, lo, hi, own

def iu_entry(name, data, maxlen, handler, bounds):
    # One entry of the table, laid out as upstream has it: the text of an identifier,
    # since SmPL would print an added initializer on one line.  No apostrophe in these
    # comments: the SmPL lexer reads the script too.
    fields = ['.procname\t= "%s"' % name, '.data\t\t= &%s' % data, '.maxlen\t\t= %s' % maxlen,
              '.mode\t\t= 0644', '.proc_handler\t= %s' % handler]
    fields += ['.extra1\t\t= %s' % bounds[0], '.extra2\t\t= %s' % bounds[1]] if bounds else []
    return ",\n\t\t".join(fields) + ","

def iu_allowed_body():
    # The body of io_uring_allowed() as upstream has it, blank lines included, as the
    # text of one statement (SmPL would indent the blank lines of added code).
    return "\n".join(["int disabled = READ_ONCE(sysctl_io_uring_disabled);",
                      "\tkgid_t io_uring_group;", "",
                      "\tif (disabled == 2)", "\t\treturn false;", "",
                      "\tif (disabled == 0 || capable(CAP_SYS_ADMIN))", "\t\treturn true;", "",
                      "\tio_uring_group = make_kgid(&init_user_ns, sysctl_io_uring_group);",
                      "\tif (!gid_valid(io_uring_group))", "\t\treturn false;", "",
                      "\treturn in_group_p(io_uring_group)"])

// Which files spatch parses at all: every rule depends on iu_file, a script whose words are
// only these anchors (tests/suites/cocci-words-tests checks it).
@iu_w_setup@
@@
io_uring_setup(...)

@iu_w_var@
symbol sysctl_io_uring_disabled;
@@
sysctl_io_uring_disabled

@iu_w_aio@
@@
long sys_io_setup(...);

@script:python iu_file depends on iu_w_setup || iu_w_var || iu_w_aio@
@@
pass

// ------------------------------------------------------------------
// present already: the variable (6.6 on)
// ------------------------------------------------------------------

@iu_present depends on iu_file@
symbol sysctl_io_uring_disabled;
position p;
@@
sysctl_io_uring_disabled@p

// where to say it: the definition, else the first use met
@iu_present_def depends on iu_file && iu_present@
symbol sysctl_io_uring_disabled;
position p;
@@
int sysctl_io_uring_disabled@p;

@script:python depends on iu_file && report && iu_present_def@
p << iu_present_def.p;
@@
coccilib.report.print_report(p[0], "io_uring_restrict: present already (sysctl_io_uring_disabled)")

@script:python depends on iu_file && report && iu_present && !iu_present_def@
p << iu_present.p;
@@
if p[0].file not in iu_said:
    iu_said.add(p[0].file)
    coccilib.report.print_report(p[0], "io_uring_restrict: present already (sysctl_io_uring_disabled)")

// ------------------------------------------------------------------
// not applicable: a tree without io_uring (include/linux/syscalls.h)
// ------------------------------------------------------------------

@iu_aio_decl depends on iu_file && !iu_present@
position p;
@@
long sys_io_setup@p(...);

@iu_uring_decl depends on iu_file && iu_aio_decl@
@@
long sys_io_uring_setup(...);

@script:python depends on iu_file && report && iu_aio_decl && !iu_uring_decl@
p << iu_aio_decl.p;
@@
coccilib.report.print_report(p[0], "io_uring_restrict: not applicable: no io_uring in this tree (include/linux/syscalls.h declares sys_io_setup() of aio but no sys_io_uring_setup(): a tree before 5.1), nothing to restrict")

// ------------------------------------------------------------------
// the io_uring_setup system call: its body returns io_uring_setup()
// ------------------------------------------------------------------

@iu_sys depends on iu_file && !iu_present@
identifier f;
expression list es;
position p;
@@
f@p(...)
{
  return io_uring_setup(es);
}

// The kernel's own io_uring.c defines io_uring_init() (no file of tools/ does, though
// several call io_uring_setup()): there, a system call of another shape is a piece whose
// anchor is missing.
@iu_initdef depends on iu_file && !iu_present && !iu_sys@
@@
io_uring_init(...) { ... }

@iu_call depends on iu_file && iu_initdef@
position p;
@@
io_uring_setup@p(...)

@script:python depends on iu_file && report && iu_sys@
p << iu_sys.p;
@@
coccilib.report.print_report(p[0], "io_uring_restrict: would refuse io_uring_setup() with -EPERM where kernel.io_uring_disabled says so (io_uring_allowed() added before it)")

@script:python depends on iu_file && report && iu_initdef && iu_call@
p << iu_call.p;
@@
coccilib.report.print_report(p[0], "io_uring_restrict: incomplete: no io_uring_setup system call of the known shape (a function whose body is \"return io_uring_setup(...);\")")

// ------------------------------------------------------------------
// the anchors of the other pieces: req_cachep's declaration, io_uring_init()
// ------------------------------------------------------------------

@iu_cache depends on iu_file && iu_sys@
type T;
symbol req_cachep;
position p;
@@
(
static T *req_cachep@p;
|
T *req_cachep@p;
)

@script:python depends on iu_file && report && iu_cache@
p << iu_cache.p;
@@
coccilib.report.print_report(p[0], "io_uring_restrict: would define sysctl_io_uring_disabled, sysctl_io_uring_group and their table after req_cachep")

@script:python depends on iu_file && report && iu_sys && !iu_cache@
p << iu_sys.p;
@@
coccilib.report.print_report(p[0], "io_uring_restrict: incomplete: no variables (no declaration of req_cachep to put them after)")

@iu_init depends on iu_file && iu_sys@
position p;
@@
io_uring_init(...)
{
  ...
  return@p 0;
}

@script:python depends on iu_file && report && iu_init@
p << iu_init.p;
@@
coccilib.report.print_report(p[0], "io_uring_restrict: would register kernel_io_uring_disabled_table under \"kernel\" in io_uring_init()")

@script:python depends on iu_file && report && iu_sys && !iu_init@
p << iu_sys.p;
@@
coccilib.report.print_report(p[0], "io_uring_restrict: incomplete: no registration of the sysctls (no io_uring_init() that returns 0)")

// ------------------------------------------------------------------
// the changes, only where every anchor is there (never half)
// ------------------------------------------------------------------

@script:python mk_body depends on iu_file && patch && iu_sys && iu_cache && iu_init@
body;
@@
coccinelle.body = cocci.make_ident(iu_allowed_body())

// io_uring_allowed() before the system call, and the check first in it
@add_check depends on iu_file && patch && iu_sys && iu_cache && iu_init@
identifier iu_sys.f;
expression list iu_sys.es;
identifier mk_body.body;
typedef bool;
@@
+static inline bool io_uring_allowed(void)
+{
+	body;
+}
+
 f(...)
 {
+	if (!io_uring_allowed())
+		return -EPERM;
   return io_uring_setup(es);
 }

// The entries as text, and the statics for the bounds the tree lacks (iu_forms): they
// follow sysctl_io_uring_group in the text of its declaration, __maybe_unused as they are
// outside the table's #ifdef (a script rule cannot choose between two added forms without
// dropping what the rules after it need).
@script:python mk_table depends on iu_file && patch && iu_sys && iu_cache && iu_init@
p << iu_cache.p;
e1;
e2;
grp;
@@
reg, lo, hi, own = iu_forms(p[0].file)
coccinelle.e1 = cocci.make_ident(iu_entry("io_uring_disabled", "sysctl_io_uring_disabled",
                                          "sizeof(sysctl_io_uring_disabled)",
                                          "proc_dointvec_minmax", (lo, hi)))
coccinelle.e2 = cocci.make_ident(iu_entry("io_uring_group", "sysctl_io_uring_group",
                                          "sizeof(gid_t)", "proc_dointvec", None))
coccinelle.grp = cocci.make_ident(";\n".join(["sysctl_io_uring_group = -1"] + own))

@add_table depends on iu_file && patch@
type iu_cache.T;
symbol req_cachep;
identifier mk_table.e1, mk_table.e2, mk_table.grp;
attribute name __read_mostly;
@@
(
 static T *req_cachep;
+
+static int __read_mostly sysctl_io_uring_disabled;
+static int __read_mostly grp;
+
+#ifdef CONFIG_SYSCTL
+static struct ctl_table kernel_io_uring_disabled_table[] = {
+	{ e1 },
+	{ e2 },
+	{},
+};
+#endif
|
 T *req_cachep;
+
+static int __read_mostly sysctl_io_uring_disabled;
+static int __read_mostly grp;
+
+#ifdef CONFIG_SYSCTL
+static struct ctl_table kernel_io_uring_disabled_table[] = {
+	{ e1 },
+	{ e2 },
+	{},
+};
+#endif
)

// the registration, under "kernel" as upstream has it, right before io_uring_init()'s return 0
@script:python mk_reg depends on iu_file && patch && iu_sys && iu_cache && iu_init@
p << iu_init.p;
reg;
@@
coccinelle.reg = cocci.make_ident(iu_forms(p[0].file)[0])

@add_reg depends on iu_file && patch@
identifier mk_reg.reg;
@@
io_uring_init(...)
{
  ...
+#ifdef CONFIG_SYSCTL
+ reg("kernel", kernel_io_uring_disabled_table);
+#endif
  return 0;
}
