/* SPDX-License-Identifier: GPL-2.0-only */
/* One writer per cache entry: an flock()ed file under CACHE/locks/. */
#ifndef HB_LOCK_H
#define HB_LOCK_H

/* Takes CACHE/locks/NAME.lock, waiting (and saying so) while another run holds it.
 * Returns the descriptor to pass to lock_release, or -1 with errno. */
int lock_acquire(const char *cache, const char *name);
void lock_release(int fd);

#endif
