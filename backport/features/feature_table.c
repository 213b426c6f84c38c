// SPDX-License-Identifier: GPL-2.0-only
#include "feature_table.h"

#include "msg.h"

#include <stdlib.h>
#include <string.h>

const struct feature features[] = {
	{
		.name = "kallsyms_mode",
		.subject = "kallsyms: make /proc/kallsyms mode 0400",
		.why = "/proc/kallsyms tells anybody who reads it where every kernel symbol\n"
		       "lies, which is what a generic kernel exploit needs to know. Create it\n"
		       "readable by root only (0400 instead of 0444), as posted by Marcus\n"
		       "Meissner in 2010.",
	},
	{
		.name = "dmesg_restrict",
		.subject = "printk: add kernel.dmesg_restrict to restrict the kernel log",
		.why = "The kernel log holds addresses and other details that help an attacker.\n"
		       "With kernel.dmesg_restrict=1, reading it through syslog(2) needs\n"
		       "CAP_SYS_ADMIN; 0, the default, keeps the old behaviour (Dan Rosenberg,\n"
		       "2010, after grsecurity's GRKERNSEC_DMESG).",
		.sysctl = "dmesg_restrict",
		.doc_body = "This toggle indicates whether unprivileged users are prevented\n"
			    "from using dmesg(8) to view messages from the kernel's log\n"
			    "buffer.  By default, it is set to (0), resulting in no\n"
			    "restrictions.  When set to (1), users must have CAP_SYS_ADMIN\n"
			    "to use dmesg(8).",
	},
	{
		.name = "pk_pointers",
		.subject = "treewide: print kernel pointers with %pK in files users can read",
		.why = "seq_file and sysfs show functions that print a kernel pointer with a\n"
		       "bare %p tell every reader of the file where kernel objects lie. Print\n"
		       "them with %pK instead, so that kernel.kptr_restrict hides them: at 1\n"
		       "readers without CAP_SYSLOG see zeros, at 2 everybody does. Only\n"
		       "format strings that reach such files in process context are changed,\n"
		       "never printk (%pK in interrupt context prints \"pK-error\"). A tree\n"
		       "without %pK first gets it, with the kernel.kptr_restrict sysctl, as\n"
		       "Dan Rosenberg's 2.6.38 patch brought it.",
		.sysctl = "kptr_restrict",
		.doc_body = "This toggle indicates whether restrictions are placed on\n"
			    "exposing kernel addresses via /proc and other interfaces.\n"
			    "When kptr_restrict is set to (0), the default, there are no\n"
			    "restrictions.  When kptr_restrict is set to (1), kernel\n"
			    "pointers printed using the %pK format specifier will be\n"
			    "replaced with 0's unless the user has CAP_SYSLOG.  When\n"
			    "kptr_restrict is set to (2), kernel pointers printed using\n"
			    "%pK will be replaced with 0's regardless of privileges.",
	},
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
	{
		.name = "constify_ops",
		.subject = "treewide: constify ops tables that are never written",
		.why = "A structure of function pointers in writable memory is what a kernel\n"
		       "write primitive overwrites to take control. Declare const the\n"
		       "file-scope ops tables that nothing writes, so that they land in\n"
		       "read-only memory, as grsecurity's constify plugin did. Only tables\n"
		       "whose every use is known to take a pointer to const are changed, and\n"
		       "every changed file that builds on x86_64 allmodconfig was compiled\n"
		       "there with -Werror=discarded-qualifiers\n"
		       "-Werror=incompatible-pointer-types.",
		.compiler_decides = true,
		.nothing_left_is_present = true,
	},
};

const size_t features_count = sizeof(features) / sizeof(features[0]);

const struct feature *feature_find(const char *name)
{
	for (size_t i = 0; i < features_count; i++)
		if (strcmp(features[i].name, name) == 0)
			return &features[i];
	return NULL;
}

int features_select(const char *list, unsigned *mask, char *err, size_t errlen)
{
	*mask = 0;
	char *copy = strdup(list), *save = NULL;
	int rc = 0;
	for (char *n = strtok_r(copy, ",", &save); n && !rc; n = strtok_r(NULL, ",", &save)) {
		const struct feature *f = feature_find(n);
		if (f) {
			*mask |= 1u << (f - features);
			continue;
		}
		char known[256] = "";
		for (size_t i = 0; i < features_count; i++) {
			strcat(known, i ? ", " : "");
			strcat(known, features[i].name);
		}
		msg_format(err, errlen, "unknown feature '%s' (known: %s)", n, known);
		rc = -1;
	}
	if (!rc && !*mask) {
		msg_format(err, errlen, "no feature named in '%s'", list);
		rc = -1;
	}
	free(copy);
	return rc;
}
