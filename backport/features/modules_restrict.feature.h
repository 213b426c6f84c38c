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
	       "when a kernel thread or work item autoloads on its behalf: the\n"
	       "crypto manager's threads and the ALSA sequencer's autoload work act\n"
	       "for their requester (its credentials, its name in the log), and a\n"
	       "crypto request that may autoload no longer takes the failure of\n"
	       "another requester's refused probe of the same name. Unlike the 2010\n"
	       "RFC, which tested for uid 0, this refuses the root of a container\n"
	       "(uid 0 that dropped CAP_SYS_MODULE, as Docker, Podman and systemd's\n"
	       "ProtectKernelModules= do) like an unprivileged user, as later\n"
	       "proposals (modules_autoload_mode, linux-hardened's MODHARDEN) did.\n"
	       "Each refusal is logged, rate-limited and escaped, with the alias\n"
	       "and the requester. At 1 writing the programs the kernel runs as\n"
	       "full root needs CAP_SYS_MODULE too, as whoever names one runs it as\n"
	       "root at the next event: kernel.modprobe (every autoload),\n"
	       "kernel.core_pattern's \"|program\" (every crash), the uevent helper\n"
	       "(kernel.hotplug and /sys/kernel/uevent_helper). 2 refuses loading\n"
	       "and unloading to everybody, starts no modprobe, fixes those\n"
	       "programs, and can no longer be lowered. Writing the sysctl needs\n"
	       "CAP_SYS_MODULE and writers are serialized; the level is read once\n"
	       "(READ_ONCE()) where it is checked. The level at boot comes from\n"
	       "CONFIG_MODULES_RESTRICT_DEFAULT or modules_restrict=N on the kernel\n"
	       "command line. modules_disabled keeps its ABI: this adds a sysctl\n"
	       "and replaces none (after grsecurity's GRKERNSEC_MODHARDEN).",
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
			       "instantiates in a kernel thread, which acts for its\n"
			       "requester.  Each refused request is logged, rate-limited, as\n"
			       "``modules_restrict: refused autoload of ALIAS for COMM[PID]\n"
			       "uid UID (level N)``: a module that a service needs can then\n"
			       "be loaded at boot instead (``/etc/modules-load.d``).  Writing\n"
			       "``kernel.modprobe``, ``kernel.core_pattern``, ``kernel.hotplug``\n"
			       "or ``/sys/kernel/uevent_helper``, which name programs the kernel\n"
			       "runs as full root, then needs CAP_SYS_MODULE too.  If set to\n"
			       "(2), modules can neither be loaded nor unloaded, the kernel no\n"
			       "longer runs modprobe, those programs can no longer change, and\n"
			       "the value can no longer be lowered (writing 2 again succeeds).\n"
			       "Writing the value needs CAP_SYS_MODULE.  The value at boot is\n"
			       "CONFIG_MODULES_RESTRICT_DEFAULT (0 by default), or N when\n"
			       "the kernel command line has ``modules_restrict=N``.\n"
			       "``modules_disabled`` keeps its meaning beside it." } },
	.param = "modules_restrict=",
	.param_doc = "[KNL] The level of the sysctl kernel.modules_restrict\n"
		     "from boot on: 0 (no restriction), 1 (module autoload\n"
		     "only for a requester with CAP_SYS_MODULE) or 2 (no\n"
		     "module loads or unloads, locked).  Another value is\n"
		     "ignored, with a warning.\n"
		     "Default: CONFIG_MODULES_RESTRICT_DEFAULT (0 without it).",
	.split = &(const struct feature_split){
		.path = "net/tipc/crypto.c",
		.suffix = "tipc",
		.subject = "tipc: accept a received key for gcm(aes) only",
		.why = "tipc_crypto_key_rcv() attaches a key that a peer sent in a\n"
		       "MSG_CRYPTO message from a work item, which runs with the kernel's\n"
		       "credentials, and the key's algorithm name is the peer's choice:\n"
		       "crypto_alloc_aead() of that name makes the kernel load any\n"
		       "\"crypto-NAME\" module the peer names, whatever a local policy on\n"
		       "module autoloading says. TIPC supports one algorithm, gcm(aes),\n"
		       "which tipc_aead_key_validate() requires of a key set locally: ask\n"
		       "the same of a received one, and drop any other.",
		.fixes = "1ef6f7c9390f (\"tipc: add automatic session key exchange\")",
	},
	.drop_blank_before_brace = true,
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
			 "\t  before any sysctl.conf is applied.\n"
			 "\n"
			 "\t  0 lets every user make the kernel autoload modules.\n"
			 "\n"
			 "\t  1 autoloads a module only for a requester with\n"
			 "\t  CAP_SYS_MODULE in the initial user namespace, or with\n"
			 "\t  CAP_NET_ADMIN there for a netdev- alias (as dev_load()\n"
			 "\t  asks); the crypto manager's threads and the ALSA\n"
			 "\t  sequencer's autoload work act for the task that asked.\n"
			 "\t  Writing kernel.modprobe, kernel.core_pattern and the uevent\n"
			 "\t  helper then needs CAP_SYS_MODULE too.  Each refusal is\n"
			 "\t  logged; preload what services need with\n"
			 "\t  /etc/modules-load.d.\n"
			 "\n"
			 "\t  2 stops all module loading and unloading and locks the\n"
			 "\t  value: as a default, it also stops an initramfs from\n"
			 "\t  loading the modules the root filesystem needs.\n"
			 "\n"
			 "\t  modules_restrict=N on the kernel command line overrides\n"
			 "\t  it.  If unsure, say 0.\n"
			 "\n",
	.measured_by = "autoload",
	.measured_note = "patched runs at kernel.modules_restrict=1",
	.checker = (const struct feature_check[]){
		{ "kernel.modules_disabled", "another switch (no loading at all, root's neither), "
					     "which the series leaves alone: its own level 2 is "
					     "the lock" },
		{ "dev.tty.ldisc_autoload", "upstream's switch for line disciplines alone; at "
					    "modules_restrict=1 the kernel refuses their autoload "
					    "to users without CAP_SYS_MODULE already" },
		{ "CONFIG_LDISC_AUTOLOAD", "the test config keeps it on, to measure the autoload "
					   "surface modules_restrict closes" },
		{ "CONFIG_STATIC_USERMODEHELPER", "needs a userspace helper; at "
						  "modules_restrict=1 writing kernel.modprobe "
						  "needs CAP_SYS_MODULE instead" },
		{ NULL, NULL } },
	.checker_lacks = "kernel.modules_restrict and CONFIG_MODULES_RESTRICT_DEFAULT: the tool "
			 "has no check for them and ignores the sysctl",
},
