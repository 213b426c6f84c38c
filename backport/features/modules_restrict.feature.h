/* SPDX-License-Identifier: GPL-2.0-only */
/* modules_restrict: kernel.modules_restrict (MODHARDEN) 0/1/2: who may load modules.
 * Its descriptor, one entry of features[] (feature_table.c includes it; struct feature
 * says what each field means).
 * Rule: cocci/modules_restrict.cocci; golden cases: cocci/tests/modules_restrict/;
 * guest suites: the HB_SUITE lines of suites.def that name it. */
{
	.name = "modules_restrict",
	.subject = "module: add kernel.modules_restrict (MODHARDEN)",
	.why = "Unprivileged users can make the kernel load modules, for example by\n"
	       "opening a socket of a family built as a module, which exposes every\n"
	       "module's bugs. kernel.modules_restrict=1 refuses module autoloading to\n"
	       "callers other than root of the initial user namespace, also when the\n"
	       "crypto manager's kernel threads instantiate a template for them: they\n"
	       "now act with their requester's credentials. 2 refuses loading and\n"
	       "unloading to everybody, starts no modprobe, and can no longer be\n"
	       "lowered. Writing the sysctl needs CAP_SYS_MODULE and writers are\n"
	       "serialized; the level at boot comes from\n"
	       "CONFIG_MODULES_RESTRICT_DEFAULT or modules_restrict=N on the kernel\n"
	       "command line. modules_disabled keeps its ABI: this adds a sysctl and\n"
	       "replaces none (after grsecurity's GRKERNSEC_MODHARDEN).",
	.sysctl = "modules_restrict",
	.doc_body = "A value indicating if module loading is restricted in an\n"
		    "otherwise modular kernel.  This value defaults to off (0),\n"
		    "but can be set to (1) or (2).  If set to (1), modules cannot\n"
		    "be auto-loaded on behalf of users other than root of the\n"
		    "initial user namespace, for example by creating a socket\n"
		    "using a packet family that is compiled as a module and not\n"
		    "already loaded, or by asking for a crypto template that the\n"
		    "crypto manager instantiates in a kernel thread.  If set to\n"
		    "(2), modules can neither be loaded nor unloaded, the kernel\n"
		    "no longer runs modprobe, and the value can no longer be\n"
		    "lowered (writing 2 again succeeds).  Writing the value needs\n"
		    "CAP_SYS_MODULE.  The value at boot is\n"
		    "CONFIG_MODULES_RESTRICT_DEFAULT (0 by default), or N when\n"
		    "the kernel command line has ``modules_restrict=N``.\n"
		    "``modules_disabled`` keeps its meaning beside it.",
	.kconfig_symbol = "MODULES_RESTRICT_DEFAULT",
	.kconfig_anchor = "MODULE_UNLOAD",
	.kconfig_files = (const char *const[]){ "kernel/module/Kconfig", "init/Kconfig",
						NULL },
	.kconfig_entry = "config MODULES_RESTRICT_DEFAULT\n"
			 "\tint \"Default value of kernel.modules_restrict (0, 1 or 2)\"\n"
			 "\trange 0 2\n"
			 "\tdefault 0\n"
			 "\thelp\n"
			 "\t  The value of the sysctl kernel.modules_restrict at boot,\n"
			 "\t  before any sysctl.conf is applied: 0 lets every user make\n"
			 "\t  the kernel autoload modules, 1 only root of the initial\n"
			 "\t  user namespace, 2 stops all module loading and unloading\n"
			 "\t  and locks the value. modules_restrict=N on the kernel\n"
			 "\t  command line overrides it.\n"
			 "\n"
			 "\t  If unsure, say 0.\n"
			 "\n",
},
