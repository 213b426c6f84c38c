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
	       "module's bugs. kernel.modules_restrict=1 refuses module autoloading\n"
	       "to a requester without CAP_SYS_MODULE in the initial user namespace\n"
	       "(CAP_NET_ADMIN there for a netdev- alias, as dev_load() asks), also\n"
	       "when the crypto manager's kernel threads instantiate a template for\n"
	       "it: they now act with their requester's credentials. Unlike the 2010\n"
	       "RFC, which tested for uid 0, this refuses the root of a container\n"
	       "(uid 0 that dropped CAP_SYS_MODULE, as Docker, Podman and systemd's\n"
	       "ProtectKernelModules= do) like an unprivileged user, as later\n"
	       "proposals (modules_autoload_mode, linux-hardened's MODHARDEN) did.\n"
	       "Each refusal is logged, rate-limited, with the alias and the\n"
	       "requester. At 1 writing kernel.modprobe needs CAP_SYS_MODULE too:\n"
	       "whoever names that program runs it as full root at the next\n"
	       "autoload. 2 refuses loading and unloading to everybody, starts no\n"
	       "modprobe, fixes kernel.modprobe, and can no longer be lowered.\n"
	       "Writing the sysctl needs CAP_SYS_MODULE and writers are serialized;\n"
	       "the level at boot comes from CONFIG_MODULES_RESTRICT_DEFAULT or\n"
	       "modules_restrict=N on the kernel command line. modules_disabled\n"
	       "keeps its ABI: this adds a sysctl and replaces none (after\n"
	       "grsecurity's GRKERNSEC_MODHARDEN).",
	.sysctls = { { .name = "modules_restrict",
		       .body = "A value indicating if module loading is restricted in an\n"
			       "otherwise modular kernel.  This value defaults to off (0),\n"
			       "but can be set to (1) or (2).  If set to (1), the kernel\n"
			       "auto-loads a module only for a requester that holds\n"
			       "CAP_SYS_MODULE in the initial user namespace (CAP_NET_ADMIN\n"
			       "for a ``netdev-`` alias): unprivileged users, root of a user\n"
			       "namespace and a root without CAP_SYS_MODULE (a container's)\n"
			       "can no longer make it load one, for example by creating a\n"
			       "socket using a packet family that is compiled as a module,\n"
			       "or by asking for a crypto template that the crypto manager\n"
			       "instantiates in a kernel thread.  Each refused request is\n"
			       "logged, rate-limited, as ``modules_restrict: refused autoload\n"
			       "of ALIAS for COMM[PID] uid UID (level N)``: a module that a\n"
			       "service needs can then be loaded at boot instead\n"
			       "(``/etc/modules-load.d``).  Writing ``kernel.modprobe`` then\n"
			       "needs CAP_SYS_MODULE too.  If set to (2), modules can\n"
			       "neither be loaded nor unloaded, the kernel no longer runs\n"
			       "modprobe, ``kernel.modprobe`` can no longer change, and the\n"
			       "value can no longer be lowered (writing 2 again succeeds).\n"
			       "Writing the value needs CAP_SYS_MODULE.  The value at boot is\n"
			       "CONFIG_MODULES_RESTRICT_DEFAULT (0 by default), or N when\n"
			       "the kernel command line has ``modules_restrict=N``.\n"
			       "``modules_disabled`` keeps its meaning beside it." } },
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
			 "\t  the kernel autoload modules, 1 only a requester with\n"
			 "\t  CAP_SYS_MODULE in the initial user namespace (each\n"
			 "\t  refusal is logged; preload what services need with\n"
			 "\t  /etc/modules-load.d), 2 stops all module loading and\n"
			 "\t  unloading and locks the value. modules_restrict=N on the\n"
			 "\t  kernel command line overrides it.\n"
			 "\n"
			 "\t  If unsure, say 0.\n"
			 "\n",
	.measured_by = "autoload",
	.measured_note = "patched runs at kernel.modules_restrict=1",
},
