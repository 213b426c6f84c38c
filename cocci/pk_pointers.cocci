// SPDX-License-Identifier: GPL-2.0-only
/// Print kernel pointers with %pK instead of a bare %p where the output
/// goes to a reader of a file (seq_file, sysfs and procfs "show" and
/// read_proc handlers), so that kernel.kptr_restrict hides them from
/// unprivileged readers (Dan Rosenberg, Dec 2010, after grsecurity's
/// GRKERNSEC_HIDESYM).  Trees without %pK (before 2.6.38) first get it:
/// the kernel.kptr_restrict sysctl (0, 1 or 2) and %pK in lib/vsprintf.c.
///
// Confidence: Moderate
// Copyright: (C) 2024 hardening-backport contributors.
// Comments: Format strings changed, and only there (all these run in
//  process context, in the read() of a file):
//  - seq_printf(m, FMT, ...), in any function;
//  - sysfs_emit(buf, FMT, ...) and sysfs_emit_at(buf, off, FMT, ...) where
//    buf is a char * parameter of the function around the call, whatever
//    its other parameters: sysfs_emit*() refuse any buffer but a sysfs
//    page, so the function is a show function (one of a subsystem's own
//    attribute type too, e.g. usnic's qpn_attribute) or a helper of one;
//  - sprintf(buf, FMT, ...), sprintf(buf + E, FMT, ...) and
//    snprintf/scnprintf(buf [+ E], SIZE, FMT, ...) where buf is the
//    char * parameter of a function with one of these show signatures
//    (const or not):
//      ssize_t f(struct device *, struct device_attribute *, char *buf)
//      ssize_t f(struct kobject *, struct kobj_attribute *, char *buf)
//      ssize_t f(struct kobject *, struct attribute *, char *buf)
//      ssize_t f(struct class *, struct class_attribute *, char *buf)
//      ssize_t f(struct module_attribute *, struct module_kobject *, char *buf)
//      ssize_t f(struct sys_device *, struct sysdev_attribute *, char *buf)
//      ssize_t f(struct sysdev_class *, struct sysdev_class_attribute *, char *buf)
//      ssize_t f(struct device_driver *, char *buf)
//      ssize_t f(struct bus_type *, char *buf)
//      ssize_t f(struct class *, char *buf)
//      ssize_t f(struct config_item *, char *buf)
//    or on the page of an old procfs read_proc handler
//      int f(char *page, char **start, off_t off, int count, int *eof,
//            void *data).
//  Never printk(), pr_*(), dev_*(), WARN(), trace_seq_printf(),
//  seq_buf_printf() (seq_buf also feeds tracing and kernel log dumps, in
//  any context) or any other logger: %pK prints "pK-error" in interrupt
//  context.  Not followed either: wrappers such as SEQ_printf() (seq_file
//  or printk, from sysrq too), a local pointer into the page ("p +=
//  sprintf(p, ...)"), seq_vprintf() and formats that are not literals.
//  A bare %p is '%', optional flags, width, precision and length (as
//  lib/vsprintf.c's format_decode() reads them: "%16p", "%-p", "%*p" are
//  bare) then 'p' NOT followed by an alphanumeric character: any letter
//  or digit right after %p is an extension (%pS, %pI4, %pM, %px, %pa,
//  %pd, %pK, ...) and is left alone; "%%" is a literal percent.  Every
//  bare %p of a string becomes %pK and nothing else changes: the new
//  literal is the source text of the old one, read from the file at the
//  matched position, with a 'K' inserted after each bare 'p'.  Coccinelle
//  gives a run of adjacent literals ("a %p" " b %p\n", with comments and
//  line breaks between them) as one constant, its pieces joined by a
//  space; the rule rewrites the run as a whole, keeping the pieces, the
//  whitespace and the comments between them byte for byte, and reads it
//  as the compiler does ("%p" "S" is %pS).  A run the rule cannot read
//  back (a macro in it, a wide string) or with an escape sequence right
//  after %p (it could be a letter) is left alone and, if it seems to hold
//  a bare %p, reported.  The #spatch line below (smpl-spacing) keeps
//  Coccinelle from re-indenting the other arguments of a changed call.
//  Report mode: one line per site, "pk_pointers: would change %p to %pK in
//  FUNCTION: "old" -> "new"", and "pk_pointers: present already (%pK in
//  FUNCTION)" for a site of those printers that has %pK and no bare %p.
//  Since 4.15 a bare %p prints a hash: %pK then changes what readers see
//  only when kernel.kptr_restrict is set (1: zeros for readers without
//  CAP_SYSLOG, the real address for those with it; 2: zeros for all).
//  A seq_printf() whose function only prints into files root alone reads
//  is left alone, and report mode says "left alone": debugfs and tracefs
//  files (mounted mode 0700, 3.7 and 4.1 on, read from the tree's
//  fs/debugfs/inode.c and fs/tracefs/inode.c; a file given alone counts
//  as of a tree of today) and procfs files of mode 0400 or 0600 gain
//  nothing from %pK that kptr_restrict is about, and at 1 root would see
//  the raw address where %p showed a hash.  It is read from the file's
//  own text: every use of the function is followed through the functions
//  that call it, single_open(), seq_operations, file_operations, other
//  static tables and the DEFINE_SHOW_ATTRIBUTE() family, and must end in
//  debugfs_create_*(), drm_debugfs_create_files() (a drm_info_list),
//  trace_create_file() or a proc_create*() of such a mode.  A function or
//  table the file does not keep static (other files may use it), a use
//  inside a macro definition, or any other registration keeps the change.
//
//  %pK support, only in a tree that lacks it (lib/vsprintf.c without a
//  kptr_restrict, i.e. before 2.6.38; every tree since, all Debian trees
//  among them, has it and gets nothing of this), as Linux 2.6.38 commit
//  455cd5ab305c ("kptr_restrict for hiding kernel pointers from
//  unprivileged users") did it, each piece only where its anchor is found
//  and the file does not have it yet:
//  - lib/vsprintf.c, before pointer(): "int kptr_restrict __read_mostly;"
//    (default 0: nothing changes until the admin sets it); in pointer(),
//    whose first statement must be the (null) test "if (!ptr) ...": that
//    test becomes "if (!ptr && *fmt != 'K')" and the %pK handling follows
//    it: in_irq(), in_serving_softirq() or in_nmi() gives "pK-error";
//    kptr_restrict 0 prints the pointer; 1 prints zeros unless
//    has_capability_noaudit(current, CAP_SYSLOG); 2 always prints zeros
//    (zero padded to 2 * sizeof(void *) by the plain pointer code that
//    follows the switch, as upstream's number(buf, end, 0, spec) with
//    ZEROPAD).  It is two if statements in front of the switch rather
//    than a case 'K': the same behaviour (3.x kernels set ptr = NULL and
//    break the same way), and Coccinelle cannot print a new case label
//    in the layout of the file.  The null test is rewritten from its own
//    source text, so its layout and comment stay.  CAP_SYSLOG and
//    in_serving_softirq() are new in 2.6.37; the added code falls back,
//    by #ifndef/#ifdef (both are macros, of the headers that also declare
//    has_capability_noaudit() and in_nmi()), to CAP_SYS_ADMIN, which is
//    what syslog(2) and the dmesg_restrict backport check in 2.6.36, and
//    to "not in a softirq": before 2.6.37 serving a softirq cannot be told
//    from process context with bottom halves disabled, where the seq_file
//    readers of /proc/net print (in_softirq() there would print
//    "pK-error" in /proc/net/tcp for everybody); every %pK this rule
//    writes runs in process context.  The comment above pointer() that
//    lists the extensions is not changed (Coccinelle does not edit
//    comments).
//  - "extern int kptr_restrict;" right after "extern int dmesg_restrict;",
//    else after "extern int printk_delay_msec;" (include/linux/kernel.h in
//    2.6.36, inside CONFIG_PRINTK like the sysctl entry).
//  - the kern_table entry "kptr_restrict" (proc_dointvec_minmax, 0..2)
//    right after the dmesg_restrict entry, else after the printk_delay
//    entry, with bounds in the style of that entry (.extra1 = &zero gives
//    &zero/&two, SYSCTL_ZERO gives SYSCTL_ZERO/SYSCTL_TWO); for &two,
//    "static int __maybe_unused two = 2;" is added after "one" when the
//    file has no "two" (modules_restrict adds the same line the same way:
//    whichever runs second sees it and adds none).
//  Report mode prints a line per piece, "would ..." or "present already";
//  in a lib/vsprintf.c without kptr_restrict whose pointer() is of another
//  shape (the parameters field_width, precision, flags before 2.6.30; a
//  null test "if (unlikely(!ptr))"), nothing is added there and it says
//  "pk_pointers: incomplete: no %pK in vsprintf (pointer() is not ...)".
//  That is the only "incomplete:" it prints, always at a pointer()
//  definition: the Incomplete-in line below tells the driver, which runs
//  report mode to check that a change is whole, to look only there.
// Options: --no-includes --include-headers
// Prefilter: (seq_printf|sysfs_emit|sysfs_emit_at|sprintf|snprintf|scnprintf)[[:space:]]*\(([^;"]|"([^"\\]|\\.)*")*"([^"\\]|\\.)*%([-+ #0-9.*hlLzZtj]*p([^A-Za-z0-9]|$)|pK)
// Prefilter: kptr_restrict|dmesg_restrict|printk_delay_msec|char \*pointer\(
// Incomplete-in: char[[:space:]]*\*[[:space:]]*pointer[[:space:]]*\(
// Piece: kptr_restrict sysctl entry: \.procname[[:space:]]*=[[:space:]]*"kptr_restrict"
// Piece: kptr_restrict definition: ^int kptr_restrict
// Piece: %pK in vsprintf: kptr_restrict[[:space:]]*(==|&&|\))

// Keep the layout of the lines around a change (see Comments).
#spatch --smpl-spacing
// The driver's options (the Options line above), for spatch on its own.
#spatch --no-includes --include-headers

virtual patch
virtual report

@initialize:python@
@@
import os
import re
import string as pk_string

PK_ALNUM = frozenset(pk_string.ascii_letters + pk_string.digits)
PK_DIGITS = frozenset(pk_string.digits)

# "show" signatures (parameter types without const and spaces).
PK_SHOW3 = frozenset([
    ("structdevice*", "structdevice_attribute*"),
    ("structkobject*", "structkobj_attribute*"),
    ("structkobject*", "structattribute*"),
    ("structclass*", "structclass_attribute*"),
    ("structmodule_attribute*", "structmodule_kobject*"),
    ("structsys_device*", "structsysdev_attribute*"),
    ("structsysdev_class*", "structsysdev_class_attribute*"),
])
PK_SHOW2 = frozenset([
    "structdevice_driver*",
    "structbus_type*",
    "structclass*",
    "structconfig_item*",
])

def pk_type(t):
    t = " %s " % t
    t = t.replace(" const ", " ").replace("const*", "*")
    return "".join(t.split())

def pk_show3_ok(t1, t2):
    return (pk_type(t1), pk_type(t2)) in PK_SHOW3

def pk_show2_ok(t1):
    return pk_type(t1) in PK_SHOW2

# Functions noted by the rules on function heads: (kind, function) ->
# names of the buffer parameter, for the file being processed.  Once a
# rule has changed a file, Coccinelle gives the positions of the changed
# parts in a temporary copy named cocci_small_output-PID-HEX-BASENAME,
# and those of the other parts in the file itself: both are the same file.
PK_PAGE, PK_CHARP = "page", "charp"
PK_TMP = re.compile(r"^cocci_small_output-[0-9]+-[0-9a-f]+-(.+)$")
pk_notes = {"orig": None, "base": None, "notes": {}}

def pk_file(f):
    b = os.path.basename(f)
    m = PK_TMP.match(b)
    if m:
        if m.group(1) == pk_notes["base"]:
            return
        pk_notes["orig"], pk_notes["base"] = None, m.group(1)
    else:
        if f == pk_notes["orig"]:
            return
        if pk_notes["orig"] is None and b == pk_notes["base"]:
            pk_notes["orig"] = f
            return
        pk_notes["orig"], pk_notes["base"] = f, b
    pk_notes["notes"] = {}

def pk_note(kind, p, fn, b):
    pk_file(p.file)
    pk_notes["notes"].setdefault((kind, fn), set()).add(b)

def pk_noted(kind, p, b):
    pk_file(p.file)
    return b in pk_notes["notes"].get((kind, p.current_element), ())

# The source text of a match: bytes of the file between the start and the
# end of the position (Coccinelle columns count bytes).  One file cached.
pk_cache = {"file": None, "lines": None}

def pk_source(p):
    if pk_cache["file"] != p.file:
        try:
            with open(p.file, "rb") as f:
                pk_cache["lines"] = f.read().split(b"\n")
        except (IOError, OSError):
            pk_cache["lines"] = None
        pk_cache["file"] = p.file
    lines = pk_cache["lines"]
    if lines is None:
        return None
    l1, c1 = int(p.line), int(p.column)
    l2, c2 = int(p.line_end), int(p.column_end)
    if l1 < 1 or l2 > len(lines) or l2 < l1:
        return None
    if l1 == l2:
        raw = lines[l1 - 1][c1:c2]
    else:
        raw = b"\n".join([lines[l1 - 1][c1:]] + lines[l1:l2 - 1] +
                         [lines[l2 - 1][:c2]])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None

# Comment delimiters, spelt in two parts: SmPL reads them in python code.
PK_OPEN, PK_CLOSE, PK_LINE = "/" + "*", "*" + "/", "/" + "/"

# Split the source text of a run of string literals into
# ("s", '"..."') pieces and ("x", whitespace or comment) separators.
def pk_tokens(raw):
    toks = []
    i, n = 0, len(raw)
    while i < n:
        ch = raw[i]
        if ch == '"':
            j = i + 1
            while j < n and raw[j] != '"':
                if raw[j] == "\n":
                    return None
                if raw[j] == "\\":
                    j += 1
                j += 1
            if j >= n:
                return None
            toks.append(("s", raw[i:j + 1]))
            i = j + 1
        elif ch in " \t\r\n\f\v":
            j = i
            while j < n and raw[j] in " \t\r\n\f\v":
                j += 1
            toks.append(("x", raw[i:j]))
            i = j
        elif raw.startswith("\\\n", i):
            toks.append(("x", raw[i:i + 2]))
            i += 2
        elif raw.startswith(PK_OPEN, i):
            j = raw.find(PK_CLOSE, i + 2)
            if j < 0:
                return None
            toks.append(("x", raw[i:j + 2]))
            i = j + 2
        elif raw.startswith(PK_LINE, i):
            j = raw.find("\n", i)
            if j < 0:
                j = n
            toks.append(("x", raw[i:j]))
            i = j
        else:
            return None
    if not [t for t in toks if t[0] == "s"]:
        return None
    return toks

PK_CONV = frozenset("cspn%oxXdiu")

# Scan the text of a format (escape sequences as in the source) like
# format_decode() does.  Returns (offsets right after each bare 'p',
# whether a %pK is there, whether an escape follows a %p).
def pk_scan(s):
    bare, has_k, odd = [], False, False
    i, n = 0, len(s)
    while i < n:
        ch = s[i]
        if ch == "\\":
            i += 2
            continue
        if ch != "%":
            i += 1
            continue
        j = i + 1
        while j < n and s[j] in "-+ #0":
            j += 1
        if j < n and s[j] == "*":
            j += 1
        else:
            while j < n and s[j] in PK_DIGITS:
                j += 1
        if j < n and s[j] == ".":
            j += 1
            if j < n and s[j] == "*":
                j += 1
            else:
                while j < n and s[j] in PK_DIGITS:
                    j += 1
        if s.startswith("hh", j) or s.startswith("ll", j):
            j += 2
        elif j < n and s[j] in "hlLzZtj":
            j += 1
        if j >= n:
            break
        if s[j] == "p":
            nxt = s[j + 1] if j + 1 < n else ""
            if nxt in PK_ALNUM:
                if nxt == "K":
                    has_k = True
            elif nxt == "\\" and j + 2 < n and s[j + 2] in "01234567x":
                odd = True
            else:
                bare.append(j + 1)
            i = j + 1
        elif s[j] in PK_CONV:
            i = j + 1
        else:
            i = j
    return bare, has_k, odd

# Work out one site.  Returns (status, old, new, new source text) with
# status "change", "present", "none" or "odd".
def pk_site(c, p):
    raw = pk_source(p)
    toks = pk_tokens(raw) if raw is not None else None
    pieces = [t[1] for t in toks if t[0] == "s"] if toks else []
    if toks is None or " ".join(pieces) != c:
        # not a plain run of literals (a macro in it, ...): left alone,
        # and only worth a line when it seems to hold a bare %p
        bare, has_k, odd = pk_scan(c)
        if bare or odd:
            return ("odd", c, c, None)
        return ("present" if has_k else "none", c, c, None)
    inner = [x[1:-1] for x in pieces]
    bare, has_k, odd = pk_scan("".join(inner))
    if odd:
        return ("odd", c, c, None)
    if not bare:
        return ("present" if has_k else "none", c, c, None)
    # map the offsets of the joined text back to the pieces
    starts, off = [], 0
    for x in inner:
        starts.append(off)
        off += len(x)
    adds = [[] for x in inner]
    for k in bare:
        idx = 0
        while idx + 1 < len(inner) and starts[idx + 1] <= k - 1:
            idx += 1
        adds[idx].append(k - starts[idx])
    newinner = []
    for x, ks in zip(inner, adds):
        for k in sorted(ks, reverse=True):
            x = x[:k] + "K" + x[k:]
        newinner.append(x)
    out, m = [], 0
    for t in toks:
        if t[0] == "s":
            out.append('"' + newinner[m] + '"')
            m += 1
        else:
            out.append(t[1])
    new = " ".join('"' + x + '"' for x in newinner)
    return ("change", c, new, "".join(out))

# A python exception would stop spatch for the whole tree: a site the
# code cannot work out is left alone (and reported).
def pk_site_safe(c, p):
    try:
        return pk_site(c, p)
    except Exception:
        return ("odd", c, c, None)

# Which seq_file printers only reach files readable by root alone
# (debugfs and tracefs, mounted mode 0700; a procfs file of mode 0400 or
# 0600): %pK there changes nothing for the users kptr_restrict is about.
# Read from the text of the file: every use of the function, followed
# through single_open(), seq_operations, file_operations and the
# DEFINE_*_ATTRIBUTE() macros, must end in such a registration in the
# same file.  A function or table the file does not keep to itself
# (not static) may be used elsewhere, and counts as reaching anything.
PK_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
PK_DEFINE_ATTR = re.compile(
    r"\b(DEFINE_SHOW_ATTRIBUTE|DEFINE_SHOW_STORE_ATTRIBUTE|"
    r"DEFINE_SEQ_ATTRIBUTE|DEFINE_PROC_SHOW_ATTRIBUTE)\s*\(\s*(\w+)\s*\)")
PK_ROOT_MODE = re.compile(
    r"^(0?[0-7]?[0-7]00|S_IRUSR|S_IRUSR\s*\|\s*S_IWUSR|S_IWUSR\s*\|\s*S_IRUSR|"
    r"S_IFREG\s*\|\s*(0?[0-7]00|S_IRUSR))$")


def pk_blank(text):
    """Comments, string and character literals and preprocessor lines
    blanked out (same length, line ends kept), and the text of those
    preprocessor lines."""
    out = list(text)
    pp = []
    i, n = 0, len(text)
    bol = True
    while i < n:
        ch = text[i]
        if bol and ch == chr(35):  # a preprocessor line
            j = i
            while j < n and text[j] != "\n":
                if text.startswith("\\\n", j):
                    j += 1
                j += 1
            pp.append(text[i:j])
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if ch == "\n":
            bol = True
            i += 1
            continue
        if ch not in " \t":
            bol = False
        if text.startswith(PK_OPEN, i):
            j = text.find(PK_CLOSE, i + 2)
            j = n if j < 0 else j + 2
        elif text.startswith(PK_LINE, i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif ch in "\"'":
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
        else:
            i += 1
            continue
        for k in range(i, j):
            if out[k] != "\n":
                out[k] = " "
        i = j
    return "".join(out), "\n".join(pp)


def pk_items(t):
    """Top-level items of blanked text T: (start, end, kind, name, head,
    body_start).  kind: "fn" (a definition: head before its body), "decl"
    (head before '=' or the whole declaration)."""
    items = []
    i, n, start, depth = 0, len(t), 0, 0
    paren = 0
    while i < n:
        ch = t[i]
        if ch == "(":
            paren += 1
        elif ch == ")":
            paren -= 1
        elif ch == "{" and paren == 0:
            head = t[start:i]
            if depth == 0 and head.rstrip().endswith(")") and "=" not in head:
                # a function body: to its matching brace
                d, j = 0, i
                while j < n:
                    if t[j] == "{":
                        d += 1
                    elif t[j] == "}":
                        d -= 1
                        if d == 0:
                            break
                    j += 1
                m = re.search(r"(\w+)\s*\((?:[^()]|\([^()]*\))*\)\s*$", head)
                items.append((start, j + 1, "fn", m.group(1) if m else None,
                              head, i))
                i = j + 1
                start = i
                continue
            depth += 1
        elif ch == "}" and paren == 0:
            depth -= 1
        elif ch == ";" and depth == 0 and paren == 0:
            head = t[start:i]
            eq = head.find("=")
            left = head if eq < 0 else head[:eq]
            if left.rstrip().endswith(")"):  # a prototype
                m = re.search(r"(\w+)\s*\((?:[^()]|\([^()]*\))*\)\s*$", left)
            else:
                m = re.search(r"(\w+)\s*(\[[^\]]*\]\s*)*$", left)
            items.append((start, i + 1, "decl", m.group(1) if m else None,
                          left, start + (eq if eq >= 0 else len(head))))
            start = i + 1
        i += 1
    return items


def pk_statement(t, lo, hi, pos):
    """The statement of a function body around POS (from the last ';',
    '{' or '}' before it to the next ';')."""
    a = max(t.rfind(";", lo, pos), t.rfind("{", lo, pos), t.rfind("}", lo, pos))
    b = t.find(";", pos, hi)
    return t[a + 1:(b if b >= 0 else hi)]


def pk_call_args(stmt, callee):
    m = re.search(r"\b" + callee + r"\s*\(", stmt)
    if not m:
        return None
    args, d, cur = [], 0, ""
    for ch in stmt[m.end():]:
        if ch in "([{":
            d += 1
        elif ch in ")]}":
            if d == 0:
                args.append(cur.strip())
                return args
            d -= 1
        if ch == "," and d == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return None


class PkReach(object):
    """The registrations a name of one file ends in, for pk_root_only."""

    def __init__(self, text, debugfs_root, tracefs_root):
        self.raw = text
        self.t, self.pp = pk_blank(text)
        self.items = pk_items(self.t)
        self.debugfs_root = debugfs_root
        self.tracefs_root = tracefs_root
        self.memo = {}
        self.attr = {}
        for m in PK_DEFINE_ATTR.finditer(self.t):
            kind, base = m.group(1), m.group(2)
            if kind == "DEFINE_SEQ_ATTRIBUTE":
                self.attr[base + "_sops"] = base + "_fops"
            elif kind == "DEFINE_PROC_SHOW_ATTRIBUTE":
                self.attr[base + "_show"] = base + "_proc_ops"
            else:
                self.attr[base + "_show"] = base + "_fops"

    def item_at(self, pos):
        for it in self.items:
            if it[0] <= pos < it[1]:
                return it
        return None

    def defined_static(self, name):
        """True, False (defined, not static) or None (not defined here)."""
        seen = None
        for it in self.items:
            if it[3] != name:
                continue
            if it[2] == "fn" or "=" in self.t[it[0]:it[1]] or \
                    re.search(r"\b(struct|const)\b", it[4]):
                if it[2] == "decl" and "(" in it[4] and it[5] == it[1] - 1:
                    continue  # a prototype
                seen = bool(re.search(r"\bstatic\b", it[4]))
                if seen:
                    return True
        return seen

    def kinds(self, name, busy):
        """The set of places NAME reaches: "debugfs", "tracefs", "root",
        or "any" (something else, or not known)."""
        if name in self.memo:
            return self.memo[name]
        if name in busy:
            return set()
        made = name in self.attr.values()
        if not made and self.defined_static(name) is not True:
            return set(["any"])
        busy = busy | set([name])
        out = set()
        if re.search(r"\b%s\b" % re.escape(name), self.pp):
            out.add("any")  # in a macro: not followed
        if name in self.attr:
            out |= self.via(self.attr[name], busy)
        for m in re.finditer(r"\b%s\b" % re.escape(name), self.t):
            if re.search(r"\b(ARRAY_SIZE|sizeof)\s*\(\s*$", self.t[max(0, m.start() - 40):m.start()]):
                continue  # its size, not its contents
            it = self.item_at(m.start())
            if it is None:
                out.add("any")
                continue
            start, end, kind, iname, head, body = it
            if iname == name and m.start() < body:
                continue  # its own definition or prototype
            if m.start() < body:
                out.add("any")  # in a declaration's type or size
                continue
            if kind == "fn":
                out |= self.in_body(name, it, m.start(), busy)
            else:
                out |= self.in_init(name, it, busy)
        self.memo[name] = out
        return out

    def via(self, name, busy):
        return self.kinds(name, busy) if name else set(["any"])

    def in_body(self, name, it, pos, busy):
        stmt = pk_statement(self.t, it[5], it[1], pos)
        stmt = re.sub(r"\b%s\b" % re.escape(name), "_", stmt)
        if re.search(r"\bdebugfs_create_\w+\s*\(", stmt):
            return set(["debugfs"])
        if re.search(r"\b(trace_create_file|tracefs_create_file)\s*\(", stmt):
            return set(["tracefs"])
        for callee in ("proc_create_single_data", "proc_create_single",
                       "proc_create_seq_private", "proc_create_seq_data",
                       "proc_create_seq", "proc_create_data", "proc_create"):
            args = pk_call_args(stmt, callee)
            if args is not None:
                if len(args) > 1 and PK_ROOT_MODE.match(args[1]):
                    return set(["root"])
                return set(["any"])
        if re.search(r"\b(proc_\w+|create_proc_\w+|sysfs_\w+|device_create_file)\s*\(", stmt):
            return set(["any"])
        # a call, single_open(), seq_open(): it reaches what the function does
        return self.via(it[3], busy)

    def in_init(self, name, it, busy):
        head = it[4]
        if re.search(r"\bstruct\s+(drm_info_list|drm_debugfs_info)\b", head):
            return set(["debugfs"])
        # ops and other tables the file keeps to itself: what their uses reach
        return self.via(it[3], busy)

    def root_only(self, name):
        k = self.kinds(name, set())
        if not k or "any" in k:
            return None
        if "debugfs" in k and not self.debugfs_root:
            return None
        if "tracefs" in k and not self.tracefs_root:
            return None
        words = []
        for key, word in (("debugfs", "debugfs"), ("tracefs", "tracefs"),
                          ("root", "procfs (mode 0400)")):
            if key in k:
                words.append(word)
        return " and ".join(words)


def pk_tree_modes(path):
    """Whether debugfs and tracefs are mounted 0700 in the tree PATH lies
    in (from 3.7 and 4.1): read from fs/debugfs/inode.c and
    fs/tracefs/inode.c of the first folder above PATH that has
    fs/debugfs; a file alone counts as of a tree of today."""
    d = os.path.dirname(os.path.abspath(path))
    while True:
        if os.path.isdir(os.path.join(d, "fs", "debugfs")):
            modes = []
            for fs in ("debugfs", "tracefs"):
                try:
                    with open(os.path.join(d, "fs", fs, "inode.c")) as f:
                        txt = f.read()
                except (IOError, OSError):
                    txt = ""
                modes.append(bool(re.search(
                    chr(35) + r"define\s+%s_DEFAULT_MODE\s+0700\b" % fs.upper(), txt)))
            return modes[0], modes[1] or modes[0]
        up = os.path.dirname(d)
        if up == d:
            return True, True
        d = up
pk_reach = {"file": None, "reach": None}

def pk_root_only(p):
    """Where the seq_file printer around P prints when that is a file only
    root reads ("debugfs", ...), or None."""
    try:
        if pk_reach["file"] != p.file:
            pk_reach["file"], pk_reach["reach"] = p.file, None
            with open(p.file, "rb") as f:
                text = f.read().decode("utf-8", "replace")
            dr, tr = pk_tree_modes(p.file)
            pk_reach["reach"] = PkReach(text, dr, tr)
        r = pk_reach["reach"]
        return r.root_only(p.current_element) if r else None
    except Exception:
        return None

def pk_report(c, p, fn, seq=False):
    st, old, new, src = pk_site_safe(c, p[0])
    where = pk_root_only(p[0]) if seq and st == "change" else None
    if where:
        coccilib.report.print_report(p[0],
            "pk_pointers: left alone, %s only prints into %s, which only root reads: %s" % (fn, where, old))
    elif st == "change":
        coccilib.report.print_report(p[0],
            "pk_pointers: would change %%p to %%pK in %s: %s -> %s" % (fn, old, new))
    elif st == "present":
        coccilib.report.print_report(p[0],
            "pk_pointers: present already (%%pK in %s)" % fn)
    elif st == "odd":
        coccilib.report.print_report(p[0],
            "pk_pointers: format in %s not read back (macro, wide string or escape after %%p), NOT changed: %s" % (fn, c))

def pk_make(c, p, seq=False):
    st, old, new, src = pk_site_safe(c, p[0])
    if st != "change" or (seq and pk_root_only(p[0])):
        return None
    return cocci.make_ident(src)

# The %pK code added to pointer(), built here: SmPL would print added
# statements in its own layout.  Its last statement gets its ';' from the
# rule.
KR_CODE = "\n".join([
    "/" + "*",
    "\t * %pK: a kernel pointer, hidden as kernel.kptr_restrict says.",
    "\t * It cannot be used in IRQ context because its test for CAP_SYSLOG",
    "\t * would be meaningless there.  Hidden, it prints as zeros.",
    "\t *" + "/",
    "\tif (*fmt == 'K' && (in_irq() || KPTR_IN_SOFTIRQ || in_nmi())) {",
    "\t\tif (spec.field_width == -1)",
    "\t\t\tspec.field_width = 2 * sizeof(void *);",
    "\t\treturn string(buf, end, \"pK-error\", spec);",
    "\t}",
    "\tif (*fmt == 'K' && !((kptr_restrict == 0) ||",
    "\t\t\t     (kptr_restrict == 1 &&",
    "\t\t\t      has_capability_noaudit(current, CAP_SYSLOG))))",
    "\t\tptr = NULL"])

def pk_span(p1, p2):
    """Source text from the start of p1 to the end of p2 (same file)."""
    class P(object):
        pass
    q = P()
    q.file, q.line, q.column = p1.file, p1.line, p1.column
    q.line_end, q.column_end = p2.line_end, p2.column_end
    return pk_source(q)

PK_NULLTEST = re.compile(r"^if\s*\(\s*!\s*ptr\s*\)")

KR_INCOMPLETE = ("no %pK in vsprintf (pointer() is not "
                 "\"char *pointer(const char *fmt, char *buf, char *end, "
                 "void *ptr, struct printf_spec spec)\" with the null test "
                 "\"if (!ptr) ...\" as its first statement)")

def kr_code(pi, ps):
    try:
        t = pk_span(pi, ps)
    except Exception:
        return None
    if t is None or not PK_NULLTEST.match(t):
        return None
    t = PK_NULLTEST.sub("if (!ptr && *fmt != 'K')", t, 1)
    return t + "\n\n\t" + KR_CODE

# The sysctl entry text, built here: SmPL would print an added initializer
# on one line.
KR_BOUNDS = {"SYSCTL_ZERO": ("SYSCTL_ZERO", "SYSCTL_TWO"),
             "&zero": ("&zero", "&two")}

def kr_bounds(lo):
    return KR_BOUNDS.get(lo.replace(" ", ""))

def kr_entry_text(lo, hi):
    return ",\n\t\t".join([
        '.procname\t= "kptr_restrict"',
        '.data\t\t= &kptr_restrict',
        '.maxlen\t\t= sizeof(int)',
        '.mode\t\t= 0644',
        '.proc_handler\t= proc_dointvec_minmax',
        '.extra1\t\t= %s' % lo,
        '.extra2\t\t= %s' % hi]) + ","

def kr_entry_report(p, lo, after):
    if kr_bounds(lo):
        coccilib.report.print_report(p[0], "pk_pointers: would add the kptr_restrict sysctl entry after %s" % after)
    else:
        coccilib.report.print_report(p[0], "pk_pointers: %s entry with unknown bounds style (%s), kptr_restrict sysctl entry NOT added" % (after, lo))

// ------------------------------------------------------------------
// seq_printf(m, FMT, ...)
// ------------------------------------------------------------------

@pk_seq@
expression m;
constant char[] c;
position p;
@@
seq_printf(m, c@p, ...)

@script:python depends on report@
c << pk_seq.c;
p << pk_seq.p;
@@
pk_report(c, p, p[0].current_element, True)

@script:python pk_seq_mk depends on patch@
c << pk_seq.c;
p << pk_seq.p;
n;
@@
r = pk_make(c, p, True)
if r is None:
    cocci.include_match(False)
else:
    coccinelle.n = r

@depends on patch@
constant char[] pk_seq.c;
position pk_seq.p;
identifier pk_seq_mk.n;
@@
- c@p
+ n

// ------------------------------------------------------------------
// sprintf & co. into the page of a show or read_proc function.  The
// calls are matched first: the rules on function heads run only in a
// file that has one, and only there is the file parsed at all (spatch
// parses the files that hold the identifiers a rule needs, with those of
// the rules it depends on: sprintf & co., ssize_t and a show type, or
// off_t).  The heads are matched on their own (python notes them for
// the file) and a call is kept when the function around it was noted
// with that buffer.  (Matching the calls inside the function bodies with
// <+... ...+> takes hours on functions with many of them.)
// ------------------------------------------------------------------

@pk_page@
identifier b;
expression E, E2;
constant char[] c;
position p;
@@
(
  sprintf(b, c@p, ...)
|
  sprintf(b + E, c@p, ...)
|
  snprintf(b, E, c@p, ...)
|
  snprintf(b + E2, E, c@p, ...)
|
  scnprintf(b, E, c@p, ...)
|
  scnprintf(b + E2, E, c@p, ...)
)

// The second parameter types of the three-parameter show signatures, and
// the first of the two-parameter ones (see pk_show3_ok, pk_show2_ok):
// with no such type in the file, no function of it is a show function.
@pk_show3_file depends on pk_page@
@@
(
 struct device_attribute
|
 struct kobj_attribute
|
 struct attribute
|
 struct class_attribute
|
 struct module_kobject
|
 struct sysdev_attribute
|
 struct sysdev_class_attribute
)

@pk_show2_file depends on pk_page@
@@
(
 struct device_driver
|
 struct bus_type
|
 struct class
|
 struct config_item
)

@pk_fn3 depends on pk_show3_file@
identifier fn, a1, a2, b;
type T1, T2;
position pf;
@@
ssize_t fn@pf(T1 a1, T2 a2, char *b) { ... }

@script:python@
fn << pk_fn3.fn;
b << pk_fn3.b;
t1 << pk_fn3.T1;
t2 << pk_fn3.T2;
pf << pk_fn3.pf;
@@
if pk_show3_ok(t1, t2):
    pk_note(PK_PAGE, pf[0], fn, b)

@pk_fn2 depends on pk_show2_file@
identifier fn, a1, b;
type T1;
position pf;
@@
ssize_t fn@pf(T1 a1, char *b) { ... }

@script:python@
fn << pk_fn2.fn;
b << pk_fn2.b;
t1 << pk_fn2.T1;
pf << pk_fn2.pf;
@@
if pk_show2_ok(t1):
    pk_note(PK_PAGE, pf[0], fn, b)

@pk_fnrp depends on pk_page@
identifier fn, pg, st, of, cnt, eo, dt;
position pf;
@@
int fn@pf(char *pg, char **st, off_t of, int cnt, int *eo, void *dt) { ... }

@script:python@
fn << pk_fnrp.fn;
pg << pk_fnrp.pg;
pf << pk_fnrp.pf;
@@
pk_note(PK_PAGE, pf[0], fn, pg)

@script:python depends on report && (pk_fn3 || pk_fn2 || pk_fnrp)@
c << pk_page.c;
p << pk_page.p;
b << pk_page.b;
@@
if pk_noted(PK_PAGE, p[0], b):
    pk_report(c, p, p[0].current_element)

@script:python pk_page_mk depends on patch && (pk_fn3 || pk_fn2 || pk_fnrp)@
c << pk_page.c;
p << pk_page.p;
b << pk_page.b;
n;
@@
r = pk_make(c, p) if pk_noted(PK_PAGE, p[0], b) else None
if r is None:
    cocci.include_match(False)
else:
    coccinelle.n = r

// (The dependency, implied by the inherited names, is spelt out for
// spatch's choice of files.)
@depends on patch && (pk_fn3 || pk_fn2 || pk_fnrp)@
constant char[] pk_page.c;
position pk_page.p;
identifier pk_page_mk.n;
@@
- c@p
+ n

// ------------------------------------------------------------------
// sysfs_emit(buf, ...), sysfs_emit_at(buf, off, ...) on a char *
// parameter of any function: they only accept a sysfs page.  Calls
// first, as above: the heads are matched only in a file that has one.
// ------------------------------------------------------------------

@pk_emit@
identifier b;
expression E;
constant char[] c;
position p;
@@
(
  sysfs_emit(b, c@p, ...)
|
  sysfs_emit_at(b, E, c@p, ...)
)

@pk_fncp depends on pk_emit@
identifier fn, b;
position pf;
@@
fn@pf(..., char *b, ...) { ... }

@script:python@
fn << pk_fncp.fn;
b << pk_fncp.b;
pf << pk_fncp.pf;
@@
pk_note(PK_CHARP, pf[0], fn, b)

@script:python depends on report@
c << pk_emit.c;
p << pk_emit.p;
b << pk_emit.b;
@@
if pk_noted(PK_CHARP, p[0], b):
    pk_report(c, p, p[0].current_element)

@script:python pk_emit_mk depends on patch@
c << pk_emit.c;
p << pk_emit.p;
b << pk_emit.b;
n;
@@
r = pk_make(c, p) if pk_noted(PK_CHARP, p[0], b) else None
if r is None:
    cocci.include_match(False)
else:
    coccinelle.n = r

@depends on patch@
constant char[] pk_emit.c;
position pk_emit.p;
identifier pk_emit_mk.n;
@@
- c@p
+ n

// ------------------------------------------------------------------
// %pK in lib/vsprintf.c (trees before 2.6.38)
// ------------------------------------------------------------------

@kr_def@
position p;
symbol kptr_restrict;
@@
(
extern int kptr_restrict;
|
int kptr_restrict@p;
|
int kptr_restrict@p = ...;
)

@script:python depends on report@
p << kr_def.p;
@@
coccilib.report.print_report(p[0], "pk_pointers: present already (kptr_restrict definition)")

@kr_ptr depends on !kr_def@
symbol fmt, buf, end, ptr, spec;
statement S;
position p, pi, ps;
@@
char *pointer@p(const char *fmt, char *buf, char *end, void *ptr, struct printf_spec spec)
{
  if@pi (!ptr) S@ps
  ...
}

@script:python depends on report@
p << kr_ptr.p;
pi << kr_ptr.pi;
ps << kr_ptr.ps;
@@
if kr_code(pi[0], ps[0]) is None:
    coccilib.report.print_report(p[0], "pk_pointers: incomplete: " + KR_INCOMPLETE)
else:
    coccilib.report.print_report(p[0], "pk_pointers: would define int kptr_restrict and handle %pK in pointer()")

// A pointer() of another shape (before 2.6.30 it takes field_width,
// precision and flags; a tree may write its null test
// "if (unlikely(!ptr))"): the piece has nowhere to go.
@kr_fn depends on !kr_def@
position p;
@@
char *pointer@p(...) { ... }

@script:python depends on report && kr_fn && !kr_ptr@
p << kr_fn.p;
@@
coccilib.report.print_report(p[0], "pk_pointers: incomplete: " + KR_INCOMPLETE)

// The null test of pointer() is rewritten from its source text, followed
// by the %pK code: SmPL would print both in its own layout.
@script:python kr_mk depends on patch@
pi << kr_ptr.pi;
ps << kr_ptr.ps;
k;
@@
t = kr_code(pi[0], ps[0])
if t is None:
    cocci.include_match(False)
else:
    coccinelle.k = cocci.make_ident(t)

@kr_add depends on patch@
symbol fmt, buf, end, ptr, spec;
statement S;
position kr_ptr.pi;
identifier kr_mk.k;
attribute name __read_mostly;
@@
+int kptr_restrict __read_mostly;
+
+/*
+ * %pK backport to a kernel older than 2.6.37, which has no CAP_SYSLOG and
+ * no in_serving_softirq().  Without CAP_SYSLOG, reading the kernel log
+ * needs CAP_SYS_ADMIN, and so does seeing a %pK pointer.  Without
+ * in_serving_softirq(), serving a softirq cannot be told from process
+ * context with bottom halves disabled, where the seq_file readers of
+ * /proc/net print, so only hard IRQ and NMI context get "pK-error" there.
+ */
+#ifndef CAP_SYSLOG
+#define CAP_SYSLOG CAP_SYS_ADMIN
+#endif
+#ifdef in_serving_softirq
+#define KPTR_IN_SOFTIRQ in_serving_softirq()
+#else
+#define KPTR_IN_SOFTIRQ 0
+#endif
+
 char *pointer(const char *fmt, char *buf, char *end, void *ptr, struct printf_spec spec)
 {
-  if@pi (!ptr) S
+  k;
   ...
 }

// ------------------------------------------------------------------
// extern declaration, after dmesg_restrict's or printk_delay_msec's
// ------------------------------------------------------------------

@kr_decl@
position p;
@@
extern int kptr_restrict@p;

@script:python depends on report@
p << kr_decl.p;
@@
coccilib.report.print_report(p[0], "pk_pointers: present already (extern int kptr_restrict)")

@dr_decl depends on !kr_decl@
symbol dmesg_restrict;
position p;
@@
extern int dmesg_restrict@p;

@script:python depends on report@
p << dr_decl.p;
@@
coccilib.report.print_report(p[0], "pk_pointers: would declare extern int kptr_restrict after dmesg_restrict")

@add_decl_dr depends on patch@
position dr_decl.p;
@@
 extern int dmesg_restrict@p;
+extern int kptr_restrict;

@pd_decl depends on !kr_decl && !dr_decl@
symbol printk_delay_msec;
position p;
@@
extern int printk_delay_msec@p;

@script:python depends on report@
p << pd_decl.p;
@@
coccilib.report.print_report(p[0], "pk_pointers: would declare extern int kptr_restrict after printk_delay_msec")

@add_decl_pd depends on patch@
position pd_decl.p;
@@
 extern int printk_delay_msec@p;
+extern int kptr_restrict;

// ------------------------------------------------------------------
// ctl_table entry, after dmesg_restrict's, else after printk_delay's
// ------------------------------------------------------------------

// A cheap test first: matching the tables below tries every array of the
// file, which takes minutes on a big one (a boot logo, a firmware blob).
@kr_table_file@
symbol dmesg_restrict, printk_delay_msec;
@@
(
 &kptr_restrict
|
 &dmesg_restrict
|
 &printk_delay_msec
)

@kr_entry depends on kr_table_file@
type T;
identifier t;
position p;
@@
T t[] = { ..., { .procname = "kptr_restrict"@p, ... }, ... };

@script:python depends on report@
p << kr_entry.p;
@@
coccilib.report.print_report(p[0], "pk_pointers: present already (kptr_restrict sysctl entry)")

@dr_entry depends on kr_table_file && !kr_entry@
type T;
identifier t;
expression lo;
position p;
@@
T t[] = { ..., { .data = &dmesg_restrict@p, .extra1 = lo, ... }, ... };

@zero_dr@
type dr_entry.T;
identifier dr_entry.t;
position dr_entry.p;
symbol zero;
@@
T t[] = { ..., { .data = &dmesg_restrict@p, .extra1 = &zero, ... }, ... };

@script:python depends on report@
lo << dr_entry.lo;
p << dr_entry.p;
@@
kr_entry_report(p, lo, "dmesg_restrict")

@script:python mk_dr depends on patch@
lo << dr_entry.lo;
ent;
@@
b = kr_bounds(lo)
if b:
    coccinelle.ent = cocci.make_ident(kr_entry_text(*b))
else:
    cocci.include_match(False)

@add_entry_dr depends on patch@
type dr_entry.T;
identifier dr_entry.t;
position dr_entry.p;
identifier mk_dr.ent;
@@
T t[] = { ...,
  { .data = &dmesg_restrict@p, ... },
+ { ent },
  ... };

@pd_entry depends on kr_table_file && !kr_entry && !dr_entry@
type T;
identifier t;
expression lo;
position p;
@@
T t[] = { ..., { .data = &printk_delay_msec@p, .extra1 = lo, ... }, ... };

@zero_pd@
type pd_entry.T;
identifier pd_entry.t;
position pd_entry.p;
symbol zero;
@@
T t[] = { ..., { .data = &printk_delay_msec@p, .extra1 = &zero, ... }, ... };

@script:python depends on report@
lo << pd_entry.lo;
p << pd_entry.p;
@@
kr_entry_report(p, lo, "printk_delay")

@script:python mk_pd depends on patch@
lo << pd_entry.lo;
ent;
@@
b = kr_bounds(lo)
if b:
    coccinelle.ent = cocci.make_ident(kr_entry_text(*b))
else:
    cocci.include_match(False)

@add_entry_pd depends on patch@
type pd_entry.T;
identifier pd_entry.t;
position pd_entry.p;
identifier mk_pd.ent;
@@
T t[] = { ...,
  { .data = &printk_delay_msec@p, ... },
+ { ent },
  ... };

// 2.6.x bounds: &two must exist (static ints of kernel/sysctl.c)
@has_two depends on zero_dr || zero_pd@
symbol two;
@@
(
int two;
|
int two = ...;
)

@one_def depends on (zero_dr || zero_pd) && !has_two@
symbol one;
position p;
@@
int one@p = 1;

@script:python depends on report@
p << one_def.p;
@@
coccilib.report.print_report(p[0], "pk_pointers: would add static int two = 2 after one (bound of the entry)")

@add_two depends on patch@
position one_def.p;
attribute name __maybe_unused;
@@
 int one@p = 1;
+static int __maybe_unused two = 2;

// ------------------------------------------------------------------
// spatch's choice of files (standalone: spatch --dir, make coccicheck)
// ------------------------------------------------------------------
// spatch parses only the files that hold the identifiers its rules need,
// a formula it draws from the rules and their dependencies; one of more
// than five alternatives of several identifiers each, it gives up and
// parses every file.  The rules above give alternatives of several
// identifiers (the page rules: sprintf & co., ssize_t, a show type, off_t;
// sysfs_emit & co.; the pieces of %pK support); each rule below, last,
// matches one rare identifier that every alternative of the %pK pieces
// holds, which folds those into it.  They change nothing.

@pk_files_vs@
@@
struct printf_spec

@script:python depends on pk_files_vs@
@@
pass

@pk_files_dr@
symbol dmesg_restrict;
@@
dmesg_restrict

@script:python depends on pk_files_dr@
@@
pass

@pk_files_pd@
symbol printk_delay_msec;
@@
printk_delay_msec

@script:python depends on pk_files_pd@
@@
pass

@pk_files_bounds@
expression e;
@@
e.extra1

@script:python depends on pk_files_bounds@
@@
pass

@pk_files_procname@
expression e;
@@
e.procname

@script:python depends on report && pk_files_procname@
@@
pass
