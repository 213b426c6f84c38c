/*
 * 6.1 shapes with modules_restrict applied (6.1.res), in one file:
 * include/linux/module.h, kernel/sysctl.c, kernel/module/main.c,
 * kernel/kmod.c.
 */

/* include/linux/module.h */
#ifdef CONFIG_MODULES

extern int modules_disabled; /* for sysctl */
/* Get/put a kernel symbol (calls must be symmetric) */
void *__symbol_get(const char *symbol);
void *__symbol_get_gpl(const char *symbol);

#endif /* CONFIG_MODULES */

/* kernel/sysctl.c */
int proc_dointvec_minmax(struct ctl_table *table, int write,
		  void *buffer, size_t *lenp, loff_t *ppos)
{
	struct do_proc_dointvec_minmax_conv_param param = {
		.min = (int *) table->extra1,
		.max = (int *) table->extra2,
	};
	return do_proc_dointvec(table, write, buffer, lenp, ppos,
				do_proc_dointvec_minmax_conv, &param);
}

#ifdef CONFIG_MODULES
static int modules_restrict_sysctl(struct ctl_table *table, int write,
				   void *buffer, size_t *lenp, loff_t *ppos)
{
	/*
	 * kernel.modules_restrict: writing needs CAP_SYS_MODULE; once 2, the
	 * value is locked (modules_restrict_set()).
	 */
	struct ctl_table tmp = *table;
	int value = modules_restrict_level();
	int ret;

	if (write && !capable(CAP_SYS_MODULE))
		return -EPERM;
	tmp.data = &value;
	ret = proc_dointvec_minmax(&tmp, write, buffer, lenp, ppos);
	if (write && !ret)
		ret = modules_restrict_set(value);
	return ret;
}

static int modules_restrict_modprobe_sysctl(struct ctl_table *table,
					    int write, void *buffer,
					    size_t *lenp, loff_t *ppos)
{
	/*
	 * kernel.modprobe names the program every module autoload runs as
	 * full root: see modules_restrict_program_lock().
	 */
	int ret;

	if (!write)
		return proc_dostring(table, write, buffer, lenp, ppos);
	ret = modules_restrict_program_lock();
	if (ret)
		return ret;
	ret = proc_dostring(table, write, buffer, lenp, ppos);
	modules_restrict_program_unlock();
	return ret;
}
#endif

static int __maybe_unused modules_restrict_hotplug_sysctl(struct ctl_table *table,
							  int write,
							  void *buffer,
							  size_t *lenp,
							  loff_t *ppos)
{
	/*
	 * kernel.hotplug, the uevent helper: it runs as full root at every
	 * uevent, see modules_restrict_program_lock().
	 */
	int ret;

	if (!write)
		return proc_dostring(table, write, buffer, lenp, ppos);
	ret = modules_restrict_program_lock();
	if (ret)
		return ret;
	ret = proc_dostring(table, write, buffer, lenp, ppos);
	modules_restrict_program_unlock();
	return ret;
}

static struct ctl_table kern_table[] = {
	{
		.procname	= "panic",
		.data		= &panic_timeout,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec,
	},
#ifdef CONFIG_MODULES
	{
		.procname	= "modprobe",
		.data		= &modprobe_path,
		.maxlen		= KMOD_PATH_LEN,
		.mode		= 0644,
		.proc_handler	= modules_restrict_modprobe_sysctl,
	},
	{
		.procname	= "modules_disabled",
		.data		= &modules_disabled,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		/* only handle a transition from default "0" to "1" */
		.proc_handler	= proc_dointvec_minmax,
		.extra1		= SYSCTL_ONE,
		.extra2		= SYSCTL_ONE,
	},
	{
		.procname	= "modules_restrict",
		.data		= &modules_restrict,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= modules_restrict_sysctl,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_TWO,

	},
#endif
#ifdef CONFIG_UEVENT_HELPER
	{
		.procname	= "hotplug",
		.data		= &uevent_helper,
		.maxlen		= UEVENT_HELPER_PATH_LEN,
		.mode		= 0644,
		.proc_handler	= modules_restrict_hotplug_sysctl,
	},
#endif
	{ }
};

static struct ctl_table vm_table[] = {
	{
		.procname	= "overcommit_memory",
		.data		= &sysctl_overcommit_memory,
		.maxlen		= sizeof(sysctl_overcommit_memory),
		.mode		= 0644,
		.proc_handler	= overcommit_policy_handler,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_TWO,
	},
	{ }
};

/* module code */
/* Block module loading/unloading? */
int modules_disabled;
#ifdef CONFIG_MODULES_RESTRICT_DEFAULT
int modules_restrict = CONFIG_MODULES_RESTRICT_DEFAULT;
#else
int modules_restrict;
#endif
core_param(nomodule, modules_disabled, bint, 0);

SYSCALL_DEFINE2(delete_module, const char __user *, name_user,
		unsigned int, flags)
{
	struct module *mod;
	char name[MODULE_NAME_LEN];
	char buf[MODULE_FLAGS_BUF_SIZE];
	int ret, len, forced = 0;

	if (!capable(CAP_SYS_MODULE) || modules_disabled || modules_restrict_level() == 2)
		return -EPERM;

	len = strncpy_from_user(name, name_user, MODULE_NAME_LEN);
	if (len == 0 || len == MODULE_NAME_LEN)
		return -ENOENT;
	return 0;
}

static int may_init_module(void)
{
	if (!capable(CAP_SYS_MODULE) || modules_disabled || modules_restrict_level() == 2)
		return -EPERM;

	return 0;
}

static DEFINE_MUTEX(modules_restrict_mutex);
static DEFINE_SPINLOCK(kmod_acting_lock);
static LIST_HEAD(kmod_acting);

/* What a kernel thread or work item acting for a task takes along */
struct kmod_requester {
	/* the task's credentials, taken in its context */
	const struct cred *cred;
	/* the acting task's own, while it acts */
	const struct cred *saved;
	/* the acting task, listed in kmod_acting while it acts */
	struct task_struct *task;
	struct list_head list;
	pid_t pid;
	char comm[TASK_COMM_LEN];
};

static int __init modules_restrict_setup(char *str)
{
	/* modules_restrict=N on the kernel command line: the level from boot on */
	char *arg = str;
	int value;

	if (get_option(&str, &value) != 1 || value < 0 || value > 2) {
		pr_warn("modules_restrict: ignoring modules_restrict=%s (0, 1 or 2), level %d\n",
			arg, modules_restrict);
		return 1;
	}
	modules_restrict = value;
	return 1;
}
__setup("modules_restrict=", modules_restrict_setup);

/*
 * Before a write of a program the kernel runs as full root (kernel.modprobe
 * at every autoload, kernel.core_pattern's "|program" at every crash, the
 * uevent helper at every uevent): whoever names one runs it as root, so
 * that a container's root could leave its container.  At 1 only a writer
 * with CAP_SYS_MODULE may, at 2 nobody.  Returns 0 with the lock held,
 * which modules_restrict_program_unlock() releases after the write, or
 * -EPERM.
 */
int modules_restrict_program_lock(void)
{
	mutex_lock(&modules_restrict_mutex);
	if (modules_restrict == 2 || (modules_restrict && !capable(CAP_SYS_MODULE))) {
		mutex_unlock(&modules_restrict_mutex);
		return -EPERM;
	}
	return 0;
}

void modules_restrict_program_unlock(void)
{
	mutex_unlock(&modules_restrict_mutex);
}

static struct kmod_requester *kmod_acting_for(void)
{
	/* the requester the current task acts for, or NULL (the lock held) */
	struct list_head *pos = kmod_acting.next;

	while (pos != &kmod_acting) {
		struct kmod_requester *requester;

		requester = list_entry(pos, struct kmod_requester, list);
		if (requester->task == current)
			return requester;
		pos = pos->next;
	}
	return NULL;
}

/*
 * In a task's context, before a kernel thread or work item does for it what
 * may autoload a module: what that thread takes along, so that the autoload
 * is judged with the task's credentials and logged with its name and pid
 * (those of the task the current one acts for, if it does).  NULL at level
 * 0, decided now: nothing is carried, the thread acts as itself.
 * ERR_PTR(-ENOMEM) when it cannot be had: the caller then does not start
 * what would autoload with the thread's own credentials.
 */
struct kmod_requester *kmod_requester_get(void)
{
	struct kmod_requester *requester;
	struct kmod_requester *outer;

	if (!modules_restrict_level())
		return NULL;
	requester = kzalloc(sizeof(*requester), GFP_KERNEL);
	if (!requester)
		return ERR_PTR(-ENOMEM);
	requester->cred = get_current_cred();
	spin_lock(&kmod_acting_lock);
	outer = kmod_acting_for();
	if (outer) {
		requester->pid = outer->pid;
		memcpy(requester->comm, outer->comm, sizeof(requester->comm));
	}
	spin_unlock(&kmod_acting_lock);
	if (!outer) {
		requester->pid = task_pid_nr(current);
		get_task_comm(requester->comm, current);
	}
	return requester;
}
EXPORT_SYMBOL_GPL(kmod_requester_get);

/* Drops what kmod_requester_get() took (NULL: nothing) */
void kmod_requester_put(struct kmod_requester *requester)
{
	if (!requester)
		return;
	put_cred(requester->cred);
	kfree(requester);
}
EXPORT_SYMBOL_GPL(kmod_requester_put);

/*
 * In the kernel thread or work item: act for the requester (its subjective
 * credentials, what capable(), current_uid() and the LSM hooks read) until
 * kmod_act_done().  NULL: nothing to do.  Returns REQUESTER.
 */
struct kmod_requester *kmod_act_for(struct kmod_requester *requester)
{
	if (!requester)
		return NULL;
	requester->task = current;
	requester->saved = override_creds(requester->cred);
	spin_lock(&kmod_acting_lock);
	list_add(&requester->list, &kmod_acting);
	spin_unlock(&kmod_acting_lock);
	return requester;
}
EXPORT_SYMBOL_GPL(kmod_act_for);

void kmod_act_done(struct kmod_requester *requester)
{
	if (!requester)
		return;
	spin_lock(&kmod_acting_lock);
	list_del(&requester->list);
	spin_unlock(&kmod_acting_lock);
	revert_creds(requester->saved);
}
EXPORT_SYMBOL_GPL(kmod_act_done);

/* kernel.modules_restrict, read once (a writer may store it meanwhile) */
int modules_restrict_level(void)
{
	return READ_ONCE(modules_restrict);
}

/*
 * Sets kernel.modules_restrict to LEVEL, 0, 1 or 2, unless it is 2 and
 * LEVEL is not: 2 stays until reboot (writing 2 again succeeds, as
 * modules_disabled accepts 1 again).  Writers are serialized, so that a
 * write of 0 cannot land between the check and the store of 2.
 */
int modules_restrict_set(int level)
{
	int ret = 0;

	mutex_lock(&modules_restrict_mutex);
	if (modules_restrict == 2 && level != 2)
		ret = -EPERM;
	else
		WRITE_ONCE(modules_restrict, level);
	mutex_unlock(&modules_restrict_mutex);
	return ret;
}

/*
 * At level 1, whether the current task is one the level lets autoload
 * modules: a failure met by another requester (a crypto larval it made)
 * may then be a refusal of that requester's, not a failure of this task's
 * own request.  False at 0 and 2.
 */
bool modules_restrict_privileged(void)
{
	if (modules_restrict_level() != 1)
		return false;
	return ns_capable_noaudit(&init_user_ns, CAP_SYS_MODULE);
}
EXPORT_SYMBOL_GPL(modules_restrict_privileged);

static bool modules_restrict_refused(const char *name)
{
	/*
	 * kernel.modules_restrict: is the autoload of NAME refused?  At 1
	 * the requester needs CAP_SYS_MODULE in the initial user namespace,
	 * or CAP_NET_ADMIN there for a netdev- alias (as dev_load() asks
	 * for it); at 2 nobody may.  Root of a user namespace and a root
	 * that dropped CAP_SYS_MODULE (a container's) are refused alike.
	 * Each refusal is logged, rate-limited, escaped, with the task a
	 * kernel thread or work item acts for, so that what a level refused
	 * can be seen and preloaded.
	 */
	struct kmod_requester *requester;
	int level = modules_restrict_level();
	bool netdev = !strncmp(name, "netdev-", 7);
	const char *comm = current->comm;
	pid_t pid = task_pid_nr(current);

	if (!level)
		return false;
	if (level == 1 && ns_capable_noaudit(&init_user_ns, CAP_SYS_MODULE))
		return false;
	if (level == 1 && netdev && ns_capable_noaudit(&init_user_ns, CAP_NET_ADMIN))
		return false;
	spin_lock(&kmod_acting_lock);
	requester = kmod_acting_for();
	spin_unlock(&kmod_acting_lock);
	if (requester) {
		comm = requester->comm;
		pid = requester->pid;
	}
	pr_notice_ratelimited("modules_restrict: refused autoload of %*pE for %*pE[%d] uid %u (level %d)\n",
			      (int)strlen(name), name,
			      (int)strnlen(comm, TASK_COMM_LEN), comm, pid,
			      from_kuid(&init_user_ns, current_uid()), level);
	return true;
}

/* kmod */
int __request_module(bool wait, const char *fmt, ...)
{
	va_list args;
	char module_name[MODULE_NAME_LEN];
	int ret;

	WARN_ON_ONCE(wait && current_is_async());

	if (!modprobe_path[0])
		return -ENOENT;

	va_start(args, fmt);
	ret = vsnprintf(module_name, MODULE_NAME_LEN, fmt, args);
	va_end(args);
	if (ret >= MODULE_NAME_LEN)
		return -ENAMETOOLONG;
	if (modules_restrict_refused(module_name))
		return -EPERM;

	ret = security_kernel_module_request(module_name);
	if (ret)
		return ret;

	if (atomic_dec_if_positive(&kmod_concurrent_max) < 0) {
		pr_warn_ratelimited("request_module: kmod_concurrent_max (%u) close to 0 (max_modprobes: %u), for module %s, throttling...",
				    atomic_read(&kmod_concurrent_max),
				    MAX_KMOD_CONCURRENT, module_name);
		ret = wait_event_killable_timeout(kmod_wq,
						  atomic_dec_if_positive(&kmod_concurrent_max) >= 0,
						  MAX_KMOD_ALL_BUSY_TIMEOUT * HZ);
		if (!ret)
			return -ETIME;
	}

	trace_module_request(module_name, wait, _RET_IP_);

	ret = call_modprobe(module_name, wait ? UMH_WAIT_PROC : UMH_WAIT_EXEC);

	return ret;
}
