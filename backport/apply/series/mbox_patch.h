/* SPDX-License-Identifier: GPL-2.0-only */
/* Patches as `git format-patch` writes them: one mbox message each (From line, From:, Date:,
 * Subject: [PATCH n/N], message, "---", diffstat, diff, "-- " signature), so that git am, b4
 * and a mail client take them, while quilt and git apply still read the diff. */
#ifndef HB_MBOX_PATCH_H
#define HB_MBOX_PATCH_H

#include <stdbool.h>
#include <stddef.h>

/* Whom the patches are from when neither --author nor git config says. git am accepts it. */
#define MBOX_PLACEHOLDER_AUTHOR "hardening-backport <hardening-backport@invalid>"
/* The line after "-- " at the end of each message (git writes its version there). */
#define MBOX_SIGNATURE "hardening-backport"
/* The diffstat's width, as format-patch's (MAIL_DEFAULT_WRAP). */
#define MBOX_STAT_WIDTH 72

struct mbox_meta {
	const char *author; /* "Name <mail>"; NULL: MBOX_PLACEHOLDER_AUTHOR */
	long long date;     /* seconds since the epoch, written in UTC */
	int index, total;   /* [PATCH index/total]; total 0: "[PATCH]" */
	bool signoff;       /* the message ends with the author's Signed-off-by: */
};

/* One file of a diffstat. */
struct diffstat_file {
	char *name;
	int added, deleted;
};

struct diffstat {
	struct diffstat_file *files;
	size_t count;
};

/* Reads the files and their +/- lines from a unified diff (hunk lengths are honoured, so a
 * removed line that starts with "-- " is no header). Adds to *S: a file already there (another
 * patch changed it too) gets the counts added, as diffstat(1) does for a concatenation. */
void diffstat_add(struct diffstat *s, const char *diff);
/* Sorts the files by name (the cover letter's order, git's). */
void diffstat_sort(struct diffstat *s);
void diffstat_free(struct diffstat *s);
/* The stat lines as git diff --stat=WIDTH writes them (" name | N ++--", then
 * " F files changed, I insertions(+), D deletions(-)"), malloc'd. */
char *diffstat_format(const struct diffstat *s, int width);

/* "Mon, 2 Dec 2024 10:00:00 +0000" (RFC 2822, UTC), malloc'd. */
char *mbox_date(long long t);
/* Is AUTHOR "Name <mail>" (a name, then one address in angle brackets, nothing after)? */
bool mbox_author_valid(const char *author);
/* The name part of "Name <mail>", malloc'd. */
char *mbox_author_name(const char *author);
/* "[PATCH]" or "[PATCH n/N]" (n zero-padded to N's width, as format-patch does), malloc'd. */
char *mbox_subject_prefix(int index, int total);
/* The whole message: SUBJECT (without the prefix), BODY (paragraphs, no trailing newline
 * needed), then "---", the diffstat of DIFF (its files sorted by name, as git's), DIFF and
 * the signature. */
char *mbox_patch(const struct mbox_meta *m, const char *subject, const char *body,
		 const char *diff);
/* The cover letter [PATCH 0/N]: SUBJECT, BLURB, the shortlog of SUBJECTS (N of them) under
 * the author's name, and STAT (the whole series' diffstat, as formatted). */
char *mbox_cover_letter(const struct mbox_meta *m, const char *subject, const char *blurb,
			const char *const *subjects, const char *stat);

#endif
