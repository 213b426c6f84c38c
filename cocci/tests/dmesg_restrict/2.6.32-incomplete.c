/*
 * security/commoncap.c of a 2.6.32-based tree whose cap_syslog() tests
 * CAP_SYSLOG (the capability split of 2.6.37, backported) rather than
 * CAP_SYS_ADMIN: the structure the syslog check hangs on (cap_syslog()) is
 * there, its anchor is not, so nothing is added and report mode says
 * "incomplete: no syslog check".
 */

/**
 * cap_syslog - Determine whether syslog function is permitted
 * @type: Function requested
 *
 * Determine whether the current process is permitted to use a particular
 * syslog function, returning 0 if permission is granted, -ve if not.
 */
int cap_syslog(int type)
{
	if ((type != 3 && type != 10) && !capable(CAP_SYSLOG))
		return -EPERM;
	return 0;
}
