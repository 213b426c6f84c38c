/* include/linux/kmod.h, 7.2, as modules_restrict leaves it: the declarations are
 * there. */
#ifndef __LINUX_KMOD_H__
#define __LINUX_KMOD_H__

/*
 *	include/linux/kmod.h
 */

#include <linux/umh.h>
#include <linux/gfp.h>
#include <linux/stddef.h>
#include <linux/errno.h>
#include <linux/compiler.h>
#include <linux/workqueue.h>
#include <linux/sysctl.h>

struct kmod_requester;

#ifdef CONFIG_MODULES
extern int modules_restrict;
int modules_restrict_level(void);
int modules_restrict_set(int level);
int modules_restrict_program_lock(void);
void modules_restrict_program_unlock(void);
struct kmod_requester *kmod_requester_get(void);
void kmod_requester_put(struct kmod_requester *requester);
struct kmod_requester *kmod_act_for(struct kmod_requester *requester);
void kmod_act_done(struct kmod_requester *requester);
bool modules_restrict_privileged(void);
#else
static inline int modules_restrict_program_lock(void)
{
	return 0;
}

static inline void modules_restrict_program_unlock(void)
{
}

static inline struct kmod_requester *kmod_requester_get(void)
{
	return NULL;
}

static inline void kmod_requester_put(struct kmod_requester *requester)
{
}

static inline struct kmod_requester *kmod_act_for(struct kmod_requester *requester)
{
	return requester;
}

static inline void kmod_act_done(struct kmod_requester *requester)
{
}

static inline bool modules_restrict_privileged(void)
{
	return false;
}
#endif

#ifdef CONFIG_MODULES
/* modprobe exit status on success, -ve on error.  Return value
 * usually useless though. */
extern __printf(2, 3)
int __request_module(bool wait, const char *name, ...);
#define request_module(mod...) __request_module(true, mod)
#define request_module_nowait(mod...) __request_module(false, mod)
#define try_then_request_module(x, mod...) \
	((x) ?: (__request_module(true, mod), (x)))
#else
static inline int request_module(const char *name, ...) { return -ENOSYS; }
static inline int request_module_nowait(const char *name, ...) { return -ENOSYS; }
#define try_then_request_module(x, mod...) (x)
#endif

#endif /* __LINUX_KMOD_H__ */
