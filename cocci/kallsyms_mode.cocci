// SPDX-License-Identifier: GPL-2.0-only
/// Make /proc/kallsyms readable by root only (mode 0444 -> 0400), so that
/// unprivileged users cannot learn where kernel symbols live.
/// Hardening from grsecurity, proposed for mainline in Nov 2010
/// ("kernel: make /proc/kallsyms mode 400 to reduce ease of attacking").
///
// Confidence: High
// Copyright: (C) 2024 hardening-backport contributors.
// Comments: Matches the call that creates /proc/kallsyms in
//  kallsyms_init() (kernel/kallsyms.c), whatever the parent and the ops
//  argument are.  Only the mode argument is rewritten, and only when it
//  is world readable; a call already passing a root-only mode is reported
//  as present and left alone, so running the rule again changes nothing.
//  Forms known, by version:
//  - proc_create("kallsyms", 0444, NULL, &kallsyms_operations) (a
//    file_operations), 2.6.25 to 5.5: 2.6.32, 3.2, 3.10, 3.16, 4.4, 4.9,
//    4.14, 4.19 and 5.4 have it word for word;
//  - proc_create("kallsyms", 0444, NULL, &kallsyms_proc_ops) (a
//    proc_ops), 5.6 on: 5.10, 5.15, 6.1, 6.6, 6.12, 7.2;
//  - create_proc_entry("kallsyms", 0444, NULL) with the ops set
//    afterwards, 2.6.12 to 2.6.24;
//  - the same calls with the mode spelt S_IRUGO (a tree of its own),
//    which becomes S_IRUSR.
//  0444 becomes 0400 (S_IRUGO: S_IRUSR).  No release changed the mode:
//  upstream's 0400 (59365d136d20, merged for 2.6.37) was reverted before
//  the release (33e0d57f5d2f) because klogd read the file after dropping
//  root, and every version up to 7.2 creates the file 0444 (since 4.15 it
//  shows zeros for the addresses to readers without CAP_SYSLOG, per
//  kallsyms_show_value(), which is another defence).  A call that
//  creates "kallsyms" with any other mode (a macro, a variable, another
//  number) is left alone and report mode says "kallsyms_mode:
//  incomplete: ..." with the mode it found.
// Options: --no-includes --include-headers
// Prefilter: "kallsyms"
// Piece: mode 0400: "kallsyms",[[:space:]]*(0400|S_IRUSR)[[:space:]]*[,)]

virtual patch
virtual report

// Which files spatch parses at all: only those that call proc_create() or
// create_proc_entry().  Every rule below depends on km_file, a script whose
// words are only these two (tests/suites/cocci-words-tests checks it); the
// rules' own words would let S_IRUGO alone, in thousands of files of the
// trees before 4.x (module_param(..., S_IRUGO)), make spatch parse a file.
@km_w@
@@
(
 proc_create(...)
|
 create_proc_entry(...)
)

@script:python km_file depends on km_w@
@@
pass

@kallsyms_mode depends on km_file && patch@
expression parent, ops;
@@
(
 proc_create("kallsyms",
-	0444
+	0400
 	, parent, ops)
|
 proc_create("kallsyms",
-	S_IRUGO
+	S_IRUSR
 	, parent, ops)
|
 create_proc_entry("kallsyms",
-	0444
+	0400
 	, parent)
|
 create_proc_entry("kallsyms",
-	S_IRUGO
+	S_IRUSR
 	, parent)
)

@kallsyms_call depends on km_file && report@
expression mode, parent, ops;
position p;
@@
(
 proc_create@p("kallsyms", mode, parent, ops)
|
 create_proc_entry@p("kallsyms", mode, parent)
)

@script:python depends on km_file && report@
mode << kallsyms_call.mode;
p << kallsyms_call.p;
@@
m = "".join(mode.split())
if m == "0444":
    coccilib.report.print_report(p[0], "kallsyms_mode: would change /proc/kallsyms mode 0444 to 0400")
elif m == "S_IRUGO":
    coccilib.report.print_report(p[0], "kallsyms_mode: would change /proc/kallsyms mode S_IRUGO to S_IRUSR")
elif m in ("0400", "S_IRUSR"):
    coccilib.report.print_report(p[0], "kallsyms_mode: present already (/proc/kallsyms mode %s)" % m)
else:
    coccilib.report.print_report(p[0], "kallsyms_mode: incomplete: no mode 0400 (the call in %s() creates /proc/kallsyms with mode %s; the rule knows 0444 and S_IRUGO)" % (p[0].current_element, m))
