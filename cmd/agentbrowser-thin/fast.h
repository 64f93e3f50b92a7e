// What the C fast path (fast.c) leaves for main.go.

// ab_fast_state is one of these.
enum {
	// The command line was not sent: main.go does everything.
	AB_FAST_NOT_SENT = 0,
	// The daemon took the line and gave no answer; ab_fast_reason says
	// why.
	AB_FAST_GONE = 1,
	// The daemon ran nothing and the full binary must run the line.
	AB_FAST_FULL = 2,
};

extern int ab_fast_state;
extern char ab_fast_reason[200];

// For the tests: the reply parser and the string encoder.
#include <stddef.h>
int ab_parse_reply(const char *p, size_t n, int *exit, int *argv, int *fallback, char **out, size_t *outn,
                   char **err, size_t *errn);
char *ab_json_string(const char *s, size_t *n);
