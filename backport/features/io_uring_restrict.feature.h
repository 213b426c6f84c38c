/* SPDX-License-Identifier: GPL-2.0-only */
/* io_uring_restrict: kernel.io_uring_disabled (0/1/2) and kernel.io_uring_group: who may
 * create an io_uring instance, as upstream has it since 6.6.
 * Its descriptor, one entry of features[] (feature_table.c includes it; struct feature
 * says what each field means).
 * Rule: cocci/io_uring_restrict.cocci; golden cases: cocci/tests/io_uring_restrict/;
 * guest suites: the HB_SUITE lines of suites.def that name it. */
{
	.name = "io_uring_restrict",
	.subject = "io_uring: add a sysctl to disable io_uring system-wide",
	.why = "io_uring has been the largest single source of kernel privilege\n"
	       "escalations since 2021, and any process can reach it. Upstream made\n"
	       "it switchable in 6.6 (76d3ccecfa18, \"io_uring: add a sysctl to\n"
	       "disable io_uring system-wide\"); this carries the same interface to\n"
	       "this tree: kernel.io_uring_disabled=0, the default, changes nothing;\n"
	       "at 1 io_uring_setup() fails with -EPERM unless the caller has\n"
	       "CAP_SYS_ADMIN or is in the group kernel.io_uring_group (-1 by\n"
	       "default: no group); at 2 it fails for everybody. Rings made before\n"
	       "keep working. An administrator's kernel.io_uring_disabled in\n"
	       "sysctl.conf, which did nothing on this tree, now does what it does\n"
	       "on 6.6 and later.",
	.sysctls = { { .name = "io_uring_disabled",
		       .body = "Prevents all processes from creating new io_uring instances. Enabling this\n"
			       "shrinks the kernel's attack surface.\n"
			       "\n"
			       "= ======================================================================\n"
			       "0 All processes can create io_uring instances as normal. This is the\n"
			       "  default setting.\n"
			       "1 io_uring creation is disabled (io_uring_setup() will fail with\n"
			       "  -EPERM) for unprivileged processes not in the io_uring_group group.\n"
			       "  Existing io_uring instances can still be used.  See the\n"
			       "  documentation for io_uring_group for more information.\n"
			       "2 io_uring creation is disabled for all processes. io_uring_setup()\n"
			       "  always fails with -EPERM. Existing io_uring instances can still be\n"
			       "  used.\n"
			       "= ======================================================================" },
		     { .name = "io_uring_group",
		       .body = "When io_uring_disabled is set to 1, a process must either be\n"
			       "privileged (CAP_SYS_ADMIN) or be in the io_uring_group group in order\n"
			       "to create an io_uring instance.  If io_uring_group is set to -1 (the\n"
			       "default), only processes with the CAP_SYS_ADMIN capability may create\n"
			       "io_uring instances." } },
	.checker = (const struct feature_check[]){
		{ "kernel.io_uring_disabled", "upstream's default 0, which the series keeps: the "
					      "tool asks for 2 (no ring for anybody), which breaks "
					      "the programs that use io_uring" },
		{ NULL, NULL } },
},
