// SPDX-License-Identifier: GPL-2.0-only
#include "text_list.h"

#include "fsutil.h"

#include <stdlib.h>

void text_list_add(char **list, const char *item)
{
	char *more = xasprintf("%s%s%s", *list ? *list : "", *list && **list ? ", " : "", item);
	free(*list);
	*list = more;
}
