// SPDX-License-Identifier: GPL-2.0-only
/// Make /proc/kallsyms readable by root only (mode 0444 -> 0400), so that
/// unprivileged users cannot learn where kernel symbols live.
/// Hardening from grsecurity, proposed for mainline in Nov 2010
/// ("kernel: make /proc/kallsyms mode 400 to reduce ease of attacking").
///
// Confidence: High
// Copyright: (C) 2024 hardening-backport contributors.
// Comments: Matches proc_create("kallsyms", MODE, PARENT, OPS) whatever
//  the parent and the ops argument are (file_operations before 5.6:
//  &kallsyms_operations, proc_ops since: &kallsyms_proc_ops).  Only the
//  mode argument is rewritten, and only when it is the world readable
//  0444; a call already passing 0400 is reported as present and left
//  alone, so running the rule again changes nothing.
// Options: --no-includes --include-headers
// Prefilter: "kallsyms"
// Piece: mode 0400: "kallsyms",[[:space:]]*0400

virtual patch
virtual report

@kallsyms_mode depends on patch@
expression parent, ops;
@@
 proc_create("kallsyms",
-	0444
+	0400
 	, parent, ops)

@kallsyms_would depends on report@
expression parent, ops;
position p;
@@
 proc_create@p("kallsyms", 0444, parent, ops)

@kallsyms_present depends on report@
expression parent, ops;
position p;
@@
 proc_create@p("kallsyms", 0400, parent, ops)

@script:python depends on report@
p << kallsyms_would.p;
@@
coccilib.report.print_report(p[0], "kallsyms_mode: would change /proc/kallsyms mode 0444 to 0400")

@script:python depends on report@
p << kallsyms_present.p;
@@
coccilib.report.print_report(p[0], "kallsyms_mode: present already (/proc/kallsyms mode 0400)")
