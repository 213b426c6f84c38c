/* SPDX-License-Identifier: GPL-2.0-only */
/* A list of names for a message, grown one at a time: "CONFIG_A, CONFIG_B". */
#ifndef HB_TEXT_LIST_H
#define HB_TEXT_LIST_H

/* Appends ITEM to the ", "-separated *LIST (malloc'd; NULL or "" is the empty list). */
void text_list_add(char **list, const char *item);

#endif
