// SPDX-License-Identifier: GPL-2.0-only
/// Constify ops tables (grsecurity's constify, done by the grammar): a
/// file-scope "static struct T name = { ... };" of a well-known ops type T
/// becomes "static const struct T name = { ... };" when nothing in the file
/// writes it, so that the table of function pointers lands in .rodata and
/// a kernel write primitive can no longer redirect it.
/// A candidate whose uses the rule cannot prove harmless is reported, never
/// changed.
///
// Confidence: Medium
// Copyright: (C) 2024 hardening-backport contributors.
// Comments: Which types.  spatch runs file by file (--no-includes), so it
//  cannot see a struct's definition.  The type question is decided by a
//  curated list of ops types whose members are function pointers, with at
//  most an owner module, a name and constant flags beside them, whose
//  instances mainline declares const nearly everywhere (grsecurity's
//  criterion: all fields are function pointers), in every era from 2.6.36:
//  file_operations, proc_ops (5.6+), seq_operations, inode_operations,
//  dentry_operations, super_operations, address_space_operations,
//  vm_operations_struct, net_proto_family, proto_ops, tty_operations,
//  tty_ldisc_ops, block_device_operations, dev_pm_ops, sysfs_ops,
//  kernel_param_ops, pipe_buf_operations, export_operations,
//  xattr_handler, quotactl_ops, ethtool_ops, net_device_ops, header_ops,
//  file_lock_operations, lock_manager_operations.  No check of the
//  initialiser is made: a file-scope initialiser is a constant expression
//  anyway, and what decides const-ness is how the table is used.  Types
//  with data the kernel writes (file_system_type: next, fs_supers;
//  notifier_block: next; ctl_table; attribute_group) are not ops tables
//  and are never touched.  grsecurity's opt-out is honoured: a declaration
//  that carries __no_const is left alone.
//  Candidates: "static struct T name = {...};" and "static struct T
//  name[] = {...};" at file scope in a .c file, not const, without any
//  attribute (__read_mostly, __ro_after_init, __initdata, ... would put a
//  const object in a writable section); a forward declaration "static
//  struct T name;" of the same table gets const too.
//  Uses.  Every occurrence of the name in the file must be one of:
//  - &name (or &name[E] for an array) stored in a field that is a pointer
//    to const in every era (checked in 5.10, 6.1, 6.12 and 7.2, and in
//    2.6.36 for the fields that exist there), by name: .fops/->fops,
//    f_op, i_fop, proc_fops, proc_dir_ops (file_operations; not the
//    fops of struct dvbdevfops_node), proc_ops, seq_ops, i_op, proc_iops,
//    d_op, s_d_op, s_op, a_ops, vm_ops, .fops (block_device_operations),
//    pm (also through pm_ptr()/pm_sleep_ptr()), sysfs_ops (struct
//    kobj_type's: a pointer to const only from 2.6.34, so trusted only in
//    a file that shows a later tree: a "const struct sysfs_ops" or "const
//    struct kobj_type", struct proc_ops, default_groups, sysfs_emit()),
//    s_export_op,
//    s_qcop, ethtool_ops, netdev_ops, header_ops, fl_ops, fl_lmops; or a
//    field named "ops" only where the container's type is visible and
//    known: struct socket, struct inet_protosw (proto_ops), struct
//    tty_driver (tty_operations), struct pipe_buffer (pipe_buf_operations),
//    struct kernel_param (kernel_param_ops).  A "dev->ops = &name" whose
//    field type is unknown is not accepted (struct af_alg_type has a
//    non-const "struct proto_ops *ops" that af_alg_register_type()
//    writes through), nor a field of a name the file itself declares as
//    a non-const "struct T *" (a structure of its own, a parameter);
//  - &name passed to a function whose parameter is a pointer to const in
//    every era: proc_create, proc_create_data, proc_create_seq,
//    proc_create_seq_data, proc_create_seq_private, proc_create_net,
//    proc_create_net_data, proc_create_net_data_write,
//    debugfs_create_file, debugfs_create_file_unsafe,
//    debugfs_create_file_size, securityfs_create_file, register_chrdev,
//    __register_chrdev, cdev_init, anon_inode_getfd, anon_inode_getfile,
//    anon_inode_getfd_secure, anon_inode_getfile_secure,
//    anon_inode_create_getfile, replace_fops, seq_open, seq_open_private,
//    __seq_open_private, sock_register, tty_set_operations, d_set_d_op,
//    set_default_d_op, netdev_set_default_ethtool_ops, SET_ETHTOOL_OPS,
//    module_param_cb, module_param_cb_unsafe, core_param_cb (each at its
//    argument position).  tty_register_ldisc() is NOT in the list: it
//    takes a non-const pointer up to 6.x (const only from 7.x), so a
//    registered tty_ldisc_ops is reported;
//  - &name stored in a "const struct T *" variable, returned from a
//    function declared to return "const struct T *", or listed in a
//    "const struct T *x[]" array (xattr handler tables);
//  - a member read "name.f" (a call through it, a value passed on), never
//    "name.f = ...", "name.f++", "&name.f", "name.f.g", "name.f[E]";
//  - &name compared with == or !=;
//  - ARRAY_SIZE(name), sizeof(name).
//  Anything else (an assignment, &name in a non-const pointer, in a field
//  or a function not in the lists, a ternary, a cast) keeps the table
//  writable and is reported with the line.  As a safety net the name is
//  also counted in the file's text (comments and strings left out): an
//  occurrence the parser did not see (macro body, #if 0, unparsed code)
//  keeps the table as it is and is reported too.  A table defined in a
//  header, or not static (other files may write it), is only reported.
//  Report mode prints per table "constify_ops: would constify NAME (struct
//  T)", "constify_ops: candidate NAME (struct T) not changed: REASON" or,
//  for a table that is const already, "constify_ops: present already
//  (NAME, struct T const)".  Patch mode only changes; run twice, the
//  second run finds const tables and changes nothing.
// Options: --no-includes --include-headers
// Prefilter: static[[:space:]]+struct[[:space:]]+(file_operations|proc_ops|seq_operations|inode_operations|dentry_operations|super_operations|address_space_operations|vm_operations_struct|net_proto_family|proto_ops|tty_operations|tty_ldisc_ops|block_device_operations|dev_pm_ops|sysfs_ops|kernel_param_ops|pipe_buf_operations|export_operations|xattr_handler|quotactl_ops|ethtool_ops|net_device_ops|header_ops|file_lock_operations|lock_manager_operations)[[:space:]]

// The driver's options (the Options line above), for spatch on its own.
#spatch --no-includes --include-headers

virtual patch
virtual report

@initialize:python@
@@
import re

# The list of ops types is spelled out in the rules ops_file, cand,
# present and nonstatic below: keep the four in step.

# field name -> ops types for which a field of that name is a pointer to
# const whatever the container (containers that are exceptions below)
CONST_FIELDS = {
    "fops": {"file_operations", "block_device_operations"},
    "f_op": {"file_operations"},
    "i_fop": {"file_operations"},
    "proc_fops": {"file_operations"},
    "proc_dir_ops": {"file_operations"},
    "proc_ops": {"proc_ops"},
    "seq_ops": {"seq_operations"},
    "i_op": {"inode_operations"},
    "proc_iops": {"inode_operations"},
    "d_op": {"dentry_operations"},
    "s_d_op": {"dentry_operations"},
    "s_op": {"super_operations"},
    "a_ops": {"address_space_operations"},
    "vm_ops": {"vm_operations_struct"},
    "pm": {"dev_pm_ops"},
    "sysfs_ops": {"sysfs_ops"},
    "s_export_op": {"export_operations"},
    "s_qcop": {"quotactl_ops"},
    "ethtool_ops": {"ethtool_ops"},
    "netdev_ops": {"net_device_ops"},
    "header_ops": {"header_ops"},
    "fl_ops": {"file_lock_operations"},
    "fl_lmops": {"lock_manager_operations"},
}
# (type, field) -> containers whose field of that name is NOT const
NONCONST_CONTAINERS = {
    ("file_operations", "fops"): {"struct dvbdevfops_node"},
}
# (type, field) -> the only containers whose field of that name is const
CONST_CONTAINER_FIELDS = {
    ("proto_ops", "ops"): {"struct socket", "struct inet_protosw"},
    ("tty_operations", "ops"): {"struct tty_driver"},
    ("pipe_buf_operations", "ops"): {"struct pipe_buffer"},
    ("kernel_param_ops", "ops"): {"struct kernel_param"},
}
FOPS = {"file_operations"}
PROC = {"file_operations", "proc_ops"}   # proc_ops from 5.6
SEQ = {"seq_operations"}
# function -> {argument index: ops types}; the parameter is a pointer to
# const in every era that has the function
CONST_CALLS = {
    "proc_create": {3: PROC},
    "proc_create_data": {3: PROC},
    "proc_create_seq": {3: SEQ},
    "proc_create_seq_data": {3: SEQ},
    "proc_create_seq_private": {3: SEQ},
    "proc_create_net": {3: SEQ},
    "proc_create_net_data": {3: SEQ},
    "proc_create_net_data_write": {3: SEQ},
    "debugfs_create_file": {4: FOPS},
    "debugfs_create_file_unsafe": {4: FOPS},
    "debugfs_create_file_size": {4: FOPS},
    "securityfs_create_file": {4: FOPS},
    "register_chrdev": {2: FOPS},
    "__register_chrdev": {4: FOPS},
    "cdev_init": {1: FOPS},
    "anon_inode_getfd": {1: FOPS},
    "anon_inode_getfile": {1: FOPS},
    "anon_inode_getfd_secure": {1: FOPS},
    "anon_inode_getfile_secure": {1: FOPS},
    "anon_inode_create_getfile": {1: FOPS},
    "replace_fops": {1: FOPS},
    "seq_open": {1: SEQ},
    "seq_open_private": {1: SEQ},
    "__seq_open_private": {1: SEQ},
    "sock_register": {0: {"net_proto_family"}},
    "tty_set_operations": {1: {"tty_operations"}},
    "d_set_d_op": {1: {"dentry_operations"}},
    "set_default_d_op": {1: {"dentry_operations"}},
    "netdev_set_default_ethtool_ops": {1: {"ethtool_ops"}},
    "SET_ETHTOOL_OPS": {1: {"ethtool_ops"}},
}
# known non-const registrations, for a clearer reason
NONCONST_CALLS = {
    "tty_register_ldisc": "tty_register_ldisc(), whose parameter is not a pointer to const before 7.x",
}
HARMLESS_ATTRS = {"__maybe_unused", "__used", "__unused"}

# per candidate (file, name): state gathered by the rules below
cands = {}
# per position (file, line, col) of a use of a candidate
okctx = {}      # key -> description of a context known to be const
badctx = {}     # key -> reason the use may write the table
seen = {}       # key -> description of the context (for the report)
reads = set()   # member reads name.f
uses = {}       # (file, name) -> set of keys
fwds = {}       # (file, name) -> set of keys of forward declarations
constify = set()  # keys of declarations to constify
texts = {}
where = {}      # key of a use -> the function (or top-level item) it is in

def key(p):
    return (p[0].file, int(p[0].line), int(p[0].column))

def cand_of(p, i):
    return cands.get((p[0].file, i))

def strip_c(s):
    # comments, string and character literals out, newlines kept.  The
    # regular expression is built from pieces: the SmPL lexer reads the
    # script too and must meet neither a comment opener nor odd quotes.
    dq, sq, bs = chr(34), chr(39), chr(92)
    def lit(q):
        return q + "(?:" + bs + bs + ".|[^" + q + bs + bs + bs + "n])*" + q
    pat = re.compile("/[*].*?[*]/|/[/][^" + bs + "n]*|" + lit(dq) + "|" + lit(sq), re.S)
    def repl(m):
        t = m.group(0)
        return chr(10) * t.count(chr(10)) if t[0] == "/" else dq + dq
    return pat.sub(repl, s)

def text_of(f):
    if f not in texts:
        try:
            with open(f, errors="replace") as fh:
                raw = fh.read()
        except OSError:
            raw = ""
        texts.clear()
        texts[f] = (raw, strip_c(raw))
    return texts[f]

def decl_text(p):
    # from the start of the declaration to the '=' of the initialiser
    raw = text_of(p[0].file)[1]
    lines = raw.split("\n")
    ln = int(p[0].line) - 1
    start = ln
    while start > 0 and "static" not in lines[start] and ln - start < 3:
        start -= 1
    rest = "\n".join(lines[start:ln + 5])
    cut = re.search(r'[=;]', rest)
    return rest[:cut.start()] if cut else rest

def add_cand(p, i, T):
    if p[0].current_element != i:
        return  # a static inside a function: not file scope
    k = (p[0].file, i)
    if k in cands:
        return
    cands[k] = {"T": T, "p": p}
    uses[k] = set()
    fwds[k] = set()

def declares_nonconst(fname, T, f):
    # does the file itself declare "struct T *f" (pointee not const), say
    # in a structure of its own?  Then a field f is not trusted.
    txt = text_of(fname)[1]
    pat = r'(\bconst\s+)?\bstruct\s+%s\b([^;{}()=]*?)[*]\s*(?:const\s+)?%s\b' % (T, f)
    for m in re.finditer(pat, txt):
        if not m.group(1) and "const" not in m.group(2).split("*")[0]:
            return True
    return False

# struct kobj_type's sysfs_ops is a pointer to const only from 2.6.34
# (before, a const table there is a discarded qualifier): trusted only in
# a file that shows a later tree.
ERA_FIELDS = {
    ("sysfs_ops", "sysfs_ops"): re.compile(
        r'\bconst\s+struct\s+(sysfs_ops|kobj_type)\b|\bstruct\s+proc_ops\b'
        r'|\bdefault_groups\b|\bsysfs_emit(_at)?\s*\('),
}

def era_ok(T, f, fname):
    r = ERA_FIELDS.get((T, f))
    return r is None or r.search(text_of(fname)[1]) is not None

def field_ok(T, f, TC, fname):
    if (T, f) in CONST_CONTAINER_FIELDS:
        ok = TC in CONST_CONTAINER_FIELDS[(T, f)]
    elif T in CONST_FIELDS.get(f, ()):
        ok = TC not in NONCONST_CONTAINERS.get((T, f), ())
    else:
        return False
    if ok and declares_nonconst(fname, T, f):
        return None  # known, and not const
    return ok

def note_field(p, i, f, TC, how):
    c = cand_of(p, i)
    if c is None:
        return
    if TC is not None:
        TC = " ".join(w for w in TC.split() if w not in ("const", "volatile"))
    k = key(p)
    desc = "the field %s%s" % (f, " of %s" % TC if TC else "")
    ok = field_ok(c["T"], f, TC, p[0].file)
    if ok and not era_ok(c["T"], f, p[0].file):
        if k not in okctx:
            seen.setdefault(k, "&%s stored in %s, a pointer to const only from 2.6.34 and this file shows no later tree," % (i, desc))
        return
    if ok:
        okctx[k] = desc
    elif k not in okctx:
        if ok is None:
            seen.setdefault(k, "&%s stored in %s, which this file declares as a non-const struct %s *," % (i, desc, c["T"]))
            return
        if TC is None and (c["T"], f) in CONST_CONTAINER_FIELDS:
            desc += " (type of the container not visible)"
        seen.setdefault(k, "&%s stored in %s %s, not known to be a pointer to const," % (i, desc, how))

def note_call(p, i, fn, n):
    c = cand_of(p, i)
    if c is None:
        return
    k = key(p)
    if c["T"] in CONST_CALLS.get(fn, {}).get(int(n), ()):
        okctx[k] = "%s() argument %s" % (fn, n)
    elif k not in okctx:
        if fn in NONCONST_CALLS:
            seen[k] = "&%s passed to %s" % (i, NONCONST_CALLS[fn])
        else:
            seen.setdefault(k, "&%s passed to %s(), whose parameter is not known to be a pointer to const" % (i, fn))

def note_ok(p, i, what):
    if cand_of(p, i) is not None:
        okctx[key(p)] = what

def note_bad(p, i, why):
    if cand_of(p, i) is not None:
        badctx.setdefault(key(p), why)

def note_seen(p, i, what):
    if cand_of(p, i) is not None:
        seen.setdefault(key(p), what)

def decide(p, i, T):
    k = (p[0].file, i)
    c = cands.get(k)
    if c is None or key(c["p"]) != key(p):
        return None
    if c.get("verdict") is not None:
        return None
    f = p[0].file
    if f.endswith(".h"):
        return "defined in a header: the files that include it are not visible"
    d = decl_text(p)
    attrs = [a for a in re.findall(r'\b__\w+\b', d) if a not in HARMLESS_ATTRS]
    if "__no_const" in attrs:
        return "marked __no_const"
    if attrs:
        return "declared with %s (a const object there would conflict with its section)" % ", ".join(attrs)
    # the uses that are not known to be harmless; a write is the most
    # telling reason, then a known but non-const context, then the rest
    problems = []
    for u in sorted(uses[k], key=lambda x: (x[1], x[2])):
        if u in badctx:
            problems.append((0, "%s at line %d" % (badctx[u], u[1])))
        elif u in okctx or u in reads:
            continue
        elif u in seen:
            problems.append((1, "%s at line %d" % (seen[u], u[1])))
        else:
            ce = where.get(u, "")
            ctx = ("in %s" % ce) if ce and ce != "something_else" else "outside any function (a macro?)"
            problems.append((2, "used at line %d %s in a way the rule does not follow" % (u[1], ctx)))
    if problems:
        first = min(problems, key=lambda x: x[0])[1]
        more = len(problems) - 1
        return first + (" (and %d other use%s)" % (more, "s" if more > 1 else "") if more else "")
    stripped = text_of(f)[1]
    n = len(re.findall(r'(?<![\w$])%s(?![\w$])' % re.escape(i), stripped))
    want = 1 + len(fwds[k]) + len(uses[k])
    if n != want:
        return "%d occurrence(s) of %s in the text that the parser did not see (macro, #if 0 or unparsed code)" % (n - want, i) if n > want else "the parser saw more occurrences than the text has"
    return ""

// ------------------------------------------------------------------
// candidates: file-scope, static, not const, of an ops type
// ------------------------------------------------------------------

// Only files that name one of the types are parsed at all: the explicit
// names give spatch the tokens it greps for before parsing (a rule whose
// only type is a metavariable would make it parse every file); the rules
// below depend on this one.
@ops_file@
@@
(
 struct file_operations
|
 struct proc_ops
|
 struct seq_operations
|
 struct inode_operations
|
 struct dentry_operations
|
 struct super_operations
|
 struct address_space_operations
|
 struct vm_operations_struct
|
 struct net_proto_family
|
 struct proto_ops
|
 struct tty_operations
|
 struct tty_ldisc_ops
|
 struct block_device_operations
|
 struct dev_pm_ops
|
 struct sysfs_ops
|
 struct kernel_param_ops
|
 struct pipe_buf_operations
|
 struct export_operations
|
 struct xattr_handler
|
 struct quotactl_ops
|
 struct ethtool_ops
|
 struct net_device_ops
|
 struct header_ops
|
 struct file_lock_operations
|
 struct lock_manager_operations
)

@cand depends on ops_file disable optional_qualifier@
identifier T = {file_operations, proc_ops, seq_operations, inode_operations,
  dentry_operations, super_operations, address_space_operations,
  vm_operations_struct, net_proto_family, proto_ops, tty_operations,
  tty_ldisc_ops, block_device_operations, dev_pm_ops, sysfs_ops,
  kernel_param_ops, pipe_buf_operations, export_operations, xattr_handler,
  quotactl_ops, ethtool_ops, net_device_ops, header_ops,
  file_lock_operations, lock_manager_operations};
identifier i;
expression E;
position p;
@@
(
static struct T i@p = { ... };
|
static struct T i@p[] = { ... };
|
static struct T i@p[E] = { ... };
)

@script:python@
p << cand.p;
i << cand.i;
T << cand.T;
@@
add_cand(p, i, T)

@fwd depends on cand disable optional_qualifier@
identifier cand.T, cand.i;
position p;
@@
static struct T i@p;

@script:python@
p << fwd.p;
i << cand.i;
@@
c = cand_of(p, i)
if c is not None and p[0].current_element == i:
    fwds[(p[0].file, i)].add(key(p))

// every occurrence of the name as an expression
@use depends on cand@
identifier cand.i;
position p;
@@
i@p

@script:python@
p << use.p;
i << cand.i;
@@
if cand_of(p, i) is not None:
    uses[(p[0].file, i)].add(key(p))
    where[key(p)] = p[0].current_element

// ------------------------------------------------------------------
// contexts known to take a pointer to const
// ------------------------------------------------------------------

// field of a container whose type spatch knows
@fld_typed depends on cand@
identifier cand.i, f;
type TC;
TC *e;
TC e2;
expression E;
position p;
@@
(
 e->f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\)
|
 e2.f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\)
)

@script:python@
p << fld_typed.p;
i << cand.i;
f << fld_typed.f;
TC << fld_typed.TC;
@@
note_field(p, i, f, TC.strip(), "(assignment)")

@fld_any depends on cand@
identifier cand.i, f;
expression e, E;
position p;
@@
(
 e->f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\)
|
 e.f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\)
)

@script:python@
p << fld_any.p;
i << cand.i;
f << fld_any.f;
@@
note_field(p, i, f, None, "(assignment)")

// designated initialiser of another object; struct TS is the container
// when the field is at the first level of the object (or of its
// elements).  A struct type, not any type: a type metavariable would try
// the pattern on every array of the file, and on a firmware table of
// thousands of constants that takes minutes.
@init_typed depends on cand@
identifier cand.i, f, x, TS;
expression E, E1;
position p;
@@
(
 struct TS x = { ..., .f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\), ... };
|
 struct TS x[] = { ..., { ..., .f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\), ... }, ... };
|
 struct TS x[E1] = { ..., { ..., .f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\), ... }, ... };
|
 struct TS x[] = { ..., [E1] = { ..., .f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\), ... }, ... };
)

@script:python@
p << init_typed.p;
i << cand.i;
f << init_typed.f;
TS << init_typed.TS;
@@
note_field(p, i, f, "struct " + TS, "(initialiser)")

@init_nested depends on cand@
identifier cand.i, f, g, x;
type TC;
expression E;
position p;
@@
 TC x = { ..., .g = { ..., .f = \(&i@p\|&i@p[E]\|pm_ptr(&i@p)\|pm_sleep_ptr(&i@p)\), ... }, ... };

@script:python@
p << init_nested.p;
i << cand.i;
f << init_nested.f;
@@
note_field(p, i, f, None, "(initialiser)")

@call depends on cand@
identifier cand.i, fn;
expression list[n] es;
expression E;
position p;
@@
fn(es, \(&i@p\|&i@p[E]\), ...)

@script:python@
p << call.p;
i << cand.i;
fn << call.fn;
n << call.n;
@@
note_call(p, i, fn, n)

// module parameters: a top-level declarer; struct kernel_param's ops is
// a pointer to const since the ops were introduced (2.6.36)
@param_cb depends on cand@
identifier cand.i;
declarer name module_param_cb, module_param_cb_unsafe, core_param_cb;
expression E;
position p;
@@
(
 module_param_cb(E, &i@p, ...);
|
 module_param_cb_unsafe(E, &i@p, ...);
|
 core_param_cb(E, &i@p, ...);
)

@script:python@
p << param_cb.p;
i << cand.i;
@@
if cand_of(p, i) is not None and cand_of(p, i)["T"] == "kernel_param_ops":
    note_ok(p, i, "module parameter ops")

@constptr depends on cand@
identifier cand.i, cand.T;
const struct T *x;
expression E;
position p;
@@
x = \(&i@p\|&i@p[E]\)

@script:python@
p << constptr.p;
i << cand.i;
@@
note_ok(p, i, "const pointer")

@constdecl depends on cand@
identifier cand.i, cand.T, x;
expression E;
position p;
@@
(
 const struct T *x = \(&i@p\|&i@p[E]\);
|
 const struct T *x[] = { ..., \(&i@p\|&i@p[E]\), ... };
|
 const struct T *x[E] = { ..., \(&i@p\|&i@p[E]\), ... };
)

@script:python@
p << constdecl.p;
i << cand.i;
@@
note_ok(p, i, "const pointer")

@constret depends on cand@
identifier cand.i, cand.T, fn;
expression E;
position p;
@@
 const struct T *fn(...) { <... return \(&i@p\|&i@p[E]\); ...> }

@script:python@
p << constret.p;
i << cand.i;
@@
note_ok(p, i, "returned as a const pointer")

// comparing the address reads nothing
@compare depends on cand@
identifier cand.i;
expression E, E1;
position p;
@@
(
 E == \(&i@p\|&i@p[E1]\)
|
 \(&i@p\|&i@p[E1]\) == E
|
 E != \(&i@p\|&i@p[E1]\)
|
 \(&i@p\|&i@p[E1]\) != E
)

@script:python@
p << compare.p;
i << cand.i;
@@
note_ok(p, i, "comparison")

@sizes depends on cand@
identifier cand.i;
position p;
@@
(
 ARRAY_SIZE(i@p)
|
 sizeof(i@p)
|
 sizeof i@p
)

@script:python@
p << sizes.p;
i << cand.i;
@@
note_ok(p, i, "size")

// ------------------------------------------------------------------
// member reads, and what writes
// ------------------------------------------------------------------

@mread depends on cand@
identifier cand.i, f;
expression E;
position p;
@@
\(i@p.f\|i@p[E].f\)

@script:python@
p << mread.p;
i << cand.i;
@@
if cand_of(p, i) is not None:
    reads.add(key(p))

@write depends on cand@
identifier cand.i, f;
expression E, E1;
assignment operator aop;
position p;
@@
(
 i@p aop E
|
 i@p.f aop E
|
 i@p[E1] aop E
|
 i@p[E1].f aop E
|
 i@p.f++
|
 i@p.f--
|
 ++i@p.f
|
 --i@p.f
|
 i@p[E1].f++
|
 i@p[E1].f--
|
 ++i@p[E1].f
|
 --i@p[E1].f
)

@script:python@
p << write.p;
i << cand.i;
@@
note_bad(p, i, "written")

@deep depends on cand@
identifier cand.i, f, g;
expression E, E1;
position p;
@@
(
 &i@p.f
|
 &i@p[E1].f
|
 i@p.f.g
|
 i@p[E1].f.g
|
 i@p.f[E]
|
 i@p[E1].f[E]
)

@script:python@
p << deep.p;
i << cand.i;
@@
note_bad(p, i, "a member of it addressed or reached into")

@nonconstptr depends on cand@
identifier cand.i, cand.T, x;
expression E;
position p;
@@
 struct T *x = \(&i@p\|&i@p[E]\);

@script:python@
p << nonconstptr.p;
i << cand.i;
x << nonconstptr.x;
@@
note_seen(p, i, "&%s stored in the non-const pointer %s" % (i, x))

// ------------------------------------------------------------------
// verdict per candidate
// ------------------------------------------------------------------

@script:python verdict@
p << cand.p;
i << cand.i;
T << cand.T;
@@
why = decide(p, i, T)
if why is not None:
    c = cands[(p[0].file, i)]
    c["verdict"] = why
    if why == "":
        constify.add(key(p))
        for k in fwds[(p[0].file, i)]:
            constify.add(k)

@script:python depends on report@
p << cand.p;
i << cand.i;
T << cand.T;
@@
c = cands.get((p[0].file, i))
if c is not None and key(c["p"]) == key(p) and not c.get("said"):
    c["said"] = True
    if c.get("verdict") == "":
        coccilib.report.print_report(p[0], "constify_ops: would constify %s (struct %s)" % (i, T))
    elif c.get("verdict"):
        coccilib.report.print_report(p[0], "constify_ops: candidate %s (struct %s) not changed: %s" % (i, T, c["verdict"]))

// ------------------------------------------------------------------
// the change
// ------------------------------------------------------------------

@add_const depends on patch && cand disable optional_qualifier@
identifier cand.T, cand.i;
expression E;
position p : script:python() { key(p) in constify };
@@
(
 static
+const
 struct T i@p = { ... };
|
 static
+const
 struct T i@p[] = { ... };
|
 static
+const
 struct T i@p[E] = { ... };
|
 static
+const
 struct T i@p;
)

// ------------------------------------------------------------------
// report only: const already, and not static
// ------------------------------------------------------------------

@present depends on report && ops_file@
identifier T = {file_operations, proc_ops, seq_operations, inode_operations,
  dentry_operations, super_operations, address_space_operations,
  vm_operations_struct, net_proto_family, proto_ops, tty_operations,
  tty_ldisc_ops, block_device_operations, dev_pm_ops, sysfs_ops,
  kernel_param_ops, pipe_buf_operations, export_operations, xattr_handler,
  quotactl_ops, ethtool_ops, net_device_ops, header_ops,
  file_lock_operations, lock_manager_operations};
identifier i;
expression E;
position p;
@@
(
const struct T i@p = { ... };
|
const struct T i@p[] = { ... };
|
const struct T i@p[E] = { ... };
)

@script:python depends on report@
p << present.p;
i << present.i;
T << present.T;
@@
if p[0].current_element == i:
    coccilib.report.print_report(p[0], "constify_ops: present already (%s, struct %s const)" % (i, T))

@nonstatic depends on report && ops_file disable optional_qualifier, optional_storage@
identifier T = {file_operations, proc_ops, seq_operations, inode_operations,
  dentry_operations, super_operations, address_space_operations,
  vm_operations_struct, net_proto_family, proto_ops, tty_operations,
  tty_ldisc_ops, block_device_operations, dev_pm_ops, sysfs_ops,
  kernel_param_ops, pipe_buf_operations, export_operations, xattr_handler,
  quotactl_ops, ethtool_ops, net_device_ops, header_ops,
  file_lock_operations, lock_manager_operations};
identifier i;
expression E;
position p;
@@
(
struct T i@p = { ... };
|
struct T i@p[] = { ... };
|
struct T i@p[E] = { ... };
)

@script:python depends on report@
p << nonstatic.p;
i << nonstatic.i;
T << nonstatic.T;
@@
if p[0].current_element == i:
    coccilib.report.print_report(p[0], "constify_ops: candidate %s (struct %s) not changed: not static (other files may declare and write it)" % (i, T))
