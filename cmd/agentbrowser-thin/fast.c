//go:build cgo && linux

// The fast path of the thin client, in C, run before the Go runtime starts.
//
// A Go program does a few milliseconds of work before main on this kind of
// machine (the runtime's heap, stacks, threads and their page faults: an
// empty Go main took 5.4 ms where an empty C program took 2.0), which was
// most of a warm command such as "eval 1+1". With cgo the executable starts
// in the C library, which runs constructors before it calls the Go
// runtime's entry point. handOver below is one: it sends the command line
// to the session's daemon and, when the daemon answers it, prints the answer
// and exits, so that the Go runtime never starts.
//
// It does what viaDaemon in main.go does, and no more. Whenever it meets
// anything it does not handle, before the command line is sent, it returns
// and main.go does everything as if it had not run: a malformed session
// name, a runtime directory in need of repair or refusal, no daemon, another
// user's daemon. Once the line is sent, the line is the daemon's: handOver
// tells main.go (through ab_fast_state) that the daemon went away without an
// answer, or that the full binary must run the line, and main.go says or
// does that without sending it again.

#define _GNU_SOURCE // struct ucred
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "fast.h"

int ab_fast_state;
char ab_fast_reason[200];

// buf is a growable byte buffer; a failed allocation leaves failed set and
// the fast path gives up.
typedef struct {
	char *p;
	size_t n, cap;
	int failed;
} buf;

static void put(buf *b, const char *s, size_t n) {
	if (b->failed) {
		return;
	}
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (b->n + n + 1 > cap) {
			cap *= 2;
		}
		char *p = realloc(b->p, cap);
		if (!p) {
			b->failed = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

// validUTF8 reports whether s is UTF-8 as Go's encoder requires it to be
// kept as it is (Go would replace a bad byte; main.go does that part).
static int validUTF8(const unsigned char *s) {
	while (*s) {
		unsigned c = *s;
		int n;
		unsigned min;
		if (c < 0x80) {
			s++;
			continue;
		} else if ((c & 0xe0) == 0xc0) {
			n = 1, min = 0x80, c &= 0x1f;
		} else if ((c & 0xf0) == 0xe0) {
			n = 2, min = 0x800, c &= 0x0f;
		} else if ((c & 0xf8) == 0xf0) {
			n = 3, min = 0x10000, c &= 0x07;
		} else {
			return 0;
		}
		for (int i = 1; i <= n; i++) {
			if ((s[i] & 0xc0) != 0x80) {
				return 0;
			}
			c = c << 6 | (s[i] & 0x3f);
		}
		if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) {
			return 0;
		}
		s += n + 1;
	}
	return 1;
}

// putString appends s as a JSON string: a quote and a backslash escaped,
// control characters as \u00XX, everything else as it is.
static void putString(buf *b, const char *s) {
	static const char hex[] = "0123456789abcdef";
	puts_(b, "\"");
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\') {
			char e[] = {'\\', (char)*c};
			put(b, e, sizeof e);
		} else if (*c < 0x20) {
			char u[] = {'\\', 'u', '0', '0', hex[*c >> 4], hex[*c & 15]};
			put(b, u, sizeof u);
		} else {
			put(b, (const char *)c, 1);
		}
	}
	puts_(b, "\"");
}

// sessionOf is main.go's sessionOf: --session's value, "default" without
// one, NULL for a name main.go would not dial.
static const char *sessionOf(int argc, char **argv) {
	const char *name = "default";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0) {
			break;
		} else if (strcmp(a, "--session") == 0) {
			if (i + 1 >= argc) {
				return NULL;
			}
			name = argv[++i];
		} else if (strncmp(a, "--session=", 10) == 0) {
			name = a + 10;
		}
	}
	if (!*name || strpbrk(name, "/\\") || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
		return NULL;
	}
	return name;
}

// clean reports whether path is as Go's filepath.Clean would leave it, so
// that the socket dialled here is the one main.go would dial.
static int clean(const char *p) {
	size_t n = strlen(p);
	if (n == 0 || (n > 1 && p[n - 1] == '/') || strstr(p, "//")) {
		return 0;
	}
	for (const char *s = p; *s;) {
		const char *e = strchr(s, '/');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		if ((len == 1 && s[0] == '.') || (len == 2 && s[0] == '.' && s[1] == '.')) {
			return 0;
		}
		if (!e) {
			break;
		}
		s = e + 1;
	}
	return 1;
}

// runtimeDir is rundir.Path, or 0 when it is not a clean path.
static int runtimeDir(buf *dir) {
	const char *home = getenv("AGENTBROWSER_HOME");
	const char *xdg = getenv("XDG_RUNTIME_DIR");
	if (home && *home) {
		puts_(dir, home);
	} else if (xdg && *xdg) {
		puts_(dir, xdg);
		puts_(dir, "/agentbrowser");
	} else {
		const char *tmp = getenv("TMPDIR");
		char uid[32];
		snprintf(uid, sizeof uid, "/agentbrowser-%u", (unsigned)getuid());
		puts_(dir, tmp && *tmp ? tmp : "/tmp");
		puts_(dir, uid);
	}
	return !dir->failed && clean(dir->p);
}

// trusted is rundir.Check for a directory that needs nothing done: ours, a
// directory and not a link, with nothing for group or others. Anything
// else is main.go's to repair or refuse.
static int trusted(const char *dir) {
	struct stat st;
	return lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid() && (st.st_mode & 077) == 0;
}

// dial is rundir.Dial with its safety-net timeout, and rundir.SamePeer: -1
// unless a process of this user answers on path.
static int dial(const char *path) {
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	if (strlen(path) >= sizeof addr.sun_path) {
		return -1;
	}
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		return -1;
	}
	struct timeval tv = {.tv_sec = 24 * 3600};
	struct ucred cred;
	socklen_t len = sizeof cred;
	if (setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv) != 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) != 0 ||
	    connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0 ||
	    getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || cred.uid != getuid()) {
		close(fd);
		return -1;
	}
	return fd;
}

// exeIdentity appends rundir.ExeIdentity of the full binary main.go would
// run (fullPath), or nothing when it cannot be read, as main.go sends none.
static void exeIdentity(buf *b) {
	char self[PATH_MAX];
	buf full = {0};
	const char *env = getenv("AGENTBROWSER_FULL");
	if (env && *env) {
		puts_(&full, env);
	} else if (realpath("/proc/self/exe", self)) {
		*strrchr(self, '/') = 0;
		puts_(&full, self);
		puts_(&full, "/agentbrowser-full");
	}
	struct stat st;
	if (!full.failed && full.p && stat(full.p, &st) == 0) {
		char id[128];
		snprintf(id, sizeof id, "%llu:%llu:%lld:%lld", (unsigned long long)st.st_dev,
		         (unsigned long long)st.st_ino, (long long)st.st_size,
		         (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec);
		puts_(b, ",\"exe\":");
		putString(b, id);
	}
	free(full.p);
}

static int writeAll(int fd, const char *p, size_t n) {
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR) {
			continue;
		}
		if (w <= 0) {
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

// A reply is one JSON object on one line. The parser below reads the
// fields main.go's reply type names and skips the rest.
typedef struct {
	const char *p, *end;
} scan;

static void ws(scan *s) {
	while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')) {
		s->p++;
	}
}

static int hex4(const char *p, unsigned *v) {
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		*v <<= 4;
		if (c >= '0' && c <= '9') {
			*v |= (unsigned)(c - '0');
		} else if (c >= 'a' && c <= 'f') {
			*v |= (unsigned)(c - 'a' + 10);
		} else if (c >= 'A' && c <= 'F') {
			*v |= (unsigned)(c - 'A' + 10);
		} else {
			return 0;
		}
	}
	return 1;
}

static void putRune(buf *b, unsigned r) {
	char u[4];
	if (r < 0x80) {
		u[0] = (char)r;
		put(b, u, 1);
	} else if (r < 0x800) {
		u[0] = (char)(0xc0 | r >> 6), u[1] = (char)(0x80 | (r & 0x3f));
		put(b, u, 2);
	} else if (r < 0x10000) {
		u[0] = (char)(0xe0 | r >> 12), u[1] = (char)(0x80 | (r >> 6 & 0x3f)), u[2] = (char)(0x80 | (r & 0x3f));
		put(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | r >> 18), u[1] = (char)(0x80 | (r >> 12 & 0x3f));
		u[2] = (char)(0x80 | (r >> 6 & 0x3f)), u[3] = (char)(0x80 | (r & 0x3f));
		put(b, u, 4);
	}
}

// str reads a JSON string into out (NULL to skip it).
static int str(scan *s, buf *out) {
	buf skip = {0};
	if (!out) {
		out = &skip;
		skip.failed = 1; // nothing is kept
	}
	if (s->p >= s->end || *s->p != '"') {
		return 0;
	}
	s->p++;
	while (s->p < s->end) {
		char c = *s->p++;
		if (c == '"') {
			return 1;
		}
		if ((unsigned char)c < 0x20) {
			return 0;
		}
		if (c != '\\') {
			put(out, &c, 1);
			continue;
		}
		if (s->p >= s->end) {
			return 0;
		}
		c = *s->p++;
		unsigned r, lo;
		switch (c) {
		case '"': case '\\': case '/':
			put(out, &c, 1);
			break;
		case 'b': puts_(out, "\b"); break;
		case 'f': puts_(out, "\f"); break;
		case 'n': puts_(out, "\n"); break;
		case 'r': puts_(out, "\r"); break;
		case 't': puts_(out, "\t"); break;
		case 'u':
			if (s->end - s->p < 4 || !hex4(s->p, &r)) {
				return 0;
			}
			s->p += 4;
			if (r >= 0xd800 && r < 0xdc00) {
				if (s->end - s->p >= 6 && s->p[0] == '\\' && s->p[1] == 'u' && hex4(s->p + 2, &lo) &&
				    lo >= 0xdc00 && lo < 0xe000) {
					s->p += 6;
					r = 0x10000 + ((r - 0xd800) << 10) + (lo - 0xdc00);
				} else {
					r = 0xfffd;
				}
			} else if (r >= 0xdc00 && r < 0xe000) {
				r = 0xfffd;
			}
			putRune(out, r);
			break;
		default:
			return 0;
		}
	}
	return 0;
}

// skip passes over any JSON value, nested up to a sane depth.
static int skip(scan *s, int depth) {
	ws(s);
	if (s->p >= s->end || depth > 64) {
		return 0;
	}
	char c = *s->p;
	if (c == '"') {
		return str(s, NULL);
	}
	if (c == '{' || c == '[') {
		char close = c == '{' ? '}' : ']';
		s->p++;
		ws(s);
		if (s->p < s->end && *s->p == close) {
			s->p++;
			return 1;
		}
		for (;;) {
			if (c == '{') {
				ws(s);
				if (!str(s, NULL)) {
					return 0;
				}
				ws(s);
				if (s->p >= s->end || *s->p++ != ':') {
					return 0;
				}
			}
			if (!skip(s, depth + 1)) {
				return 0;
			}
			ws(s);
			if (s->p >= s->end) {
				return 0;
			}
			if (*s->p == ',') {
				s->p++;
				continue;
			}
			if (*s->p++ == close) {
				return 1;
			}
			return 0;
		}
	}
	// A number, true, false or null.
	const char *start = s->p;
	while (s->p < s->end && *s->p && strchr("+-.0123456789eEtruefalsn", *s->p)) {
		s->p++;
	}
	return s->p > start;
}

static int word(scan *s, const char *w) {
	size_t n = strlen(w);
	if ((size_t)(s->end - s->p) >= n && memcmp(s->p, w, n) == 0) {
		s->p += n;
		return 1;
	}
	return 0;
}

typedef struct {
	int exit, argv, fallback;
	buf out, err;
} reply;

// boolean reads true, false or null (which leaves v as it was).
static int boolean(scan *s, int *v) {
	if (word(s, "true")) {
		*v = 1;
	} else if (word(s, "false")) {
		*v = 0;
	} else if (!word(s, "null")) {
		return 0;
	}
	return 1;
}

static int parseReply(const char *p, size_t n, reply *r) {
	scan s = {p, p + n};
	ws(&s);
	if (s.p >= s.end || *s.p++ != '{') {
		return 0;
	}
	ws(&s);
	if (s.p < s.end && *s.p == '}') {
		return 1;
	}
	for (;;) {
		buf key = {0};
		ws(&s);
		int ok = str(&s, &key);
		const char *k = key.p ? key.p : "";
		ws(&s);
		ok = ok && !key.failed && s.p < s.end && *s.p++ == ':';
		if (ok) {
			ws(&s);
			if (strcmp(k, "exit") == 0) {
				char *e;
				long v = strtol(s.p, &e, 10);
				ok = e > s.p && e <= s.end && v >= INT_MIN && v <= INT_MAX;
				s.p = e;
				r->exit = (int)v;
			} else if (strcmp(k, "argv") == 0) {
				ok = boolean(&s, &r->argv);
			} else if (strcmp(k, "fallback") == 0) {
				ok = boolean(&s, &r->fallback);
			} else if (strcmp(k, "stdout") == 0 || strcmp(k, "stderr") == 0) {
				buf *into = k[3] == 'o' ? &r->out : &r->err;
				into->n = 0;
				ok = word(&s, "null") || str(&s, into);
				ok = ok && !into->failed;
			} else {
				ok = skip(&s, 0);
			}
		}
		free(key.p);
		ws(&s);
		if (!ok || s.p >= s.end) {
			return 0;
		}
		if (*s.p == ',') {
			s.p++;
			continue;
		}
		return *s.p == '}';
	}
}

// local reports whether main.go answers this command line itself
// ("version"); the fast path leaves any line that names it to main.go.
static int local(int argc, char **argv) {
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "version") == 0) {
			return 1;
		}
	}
	return 0;
}

// testBinary reports whether this is the package's test binary, which
// links this file too and must not send its own flags to a daemon.
static int testBinary(int argc, char **argv) {
	size_t n = strlen(argv[0]);
	if (n >= 5 && strcmp(argv[0] + n - 5, ".test") == 0) {
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "-test.", 6) == 0) {
			return 1;
		}
	}
	return 0;
}

static void handOver(int argc, char **argv) {
	if (argc < 1 || !argv || !argv[0] || getenv("AGENTBROWSER_NO_FAST") || testBinary(argc, argv) ||
	    local(argc, argv)) {
		return;
	}
	const char *name = sessionOf(argc, argv);
	if (!name) {
		return;
	}
	buf dir = {0}, req = {0}, line = {0};
	reply r = {0};
	int fd = -1;
	if (!runtimeDir(&dir) || !trusted(dir.p)) {
		goto declined;
	}
	puts_(&dir, "/");
	puts_(&dir, name);
	puts_(&dir, ".sock");
	puts_(&req, "{\"argv\":[");
	for (int i = 1; i < argc; i++) {
		if (!validUTF8((const unsigned char *)argv[i])) {
			goto declined;
		}
		if (i > 1) {
			puts_(&req, ",");
		}
		putString(&req, argv[i]);
	}
	puts_(&req, "]");
	exeIdentity(&req);
	puts_(&req, "}\n");
	if (dir.failed || req.failed || (fd = dial(dir.p)) < 0) {
		goto declined;
	}
	if (writeAll(fd, req.p, req.n) != 0) {
		// As main.go does when its encoder fails: the full binary runs it.
		ab_fast_state = AB_FAST_FULL;
		goto done;
	}
	for (;;) {
		char chunk[16384];
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n < 0) {
			ab_fast_state = AB_FAST_GONE;
			snprintf(ab_fast_reason, sizeof ab_fast_reason, "read %s: %s", dir.p, strerror(errno));
			goto doneLine;
		}
		if (n == 0) {
			// The daemon closed before a whole line, as json.Decoder would
			// put it.
			ab_fast_state = AB_FAST_GONE;
			int blank = 1;
			for (size_t i = 0; i < line.n; i++) {
				blank = blank && strchr(" \t\r\n", line.p[i]);
			}
			snprintf(ab_fast_reason, sizeof ab_fast_reason, "%s", blank ? "EOF" : "unexpected EOF");
			goto doneLine;
		}
		put(&line, chunk, (size_t)n);
		if (line.failed) {
			ab_fast_state = AB_FAST_GONE;
			snprintf(ab_fast_reason, sizeof ab_fast_reason, "out of memory reading the answer");
			goto doneLine;
		}
		if (memchr(chunk, '\n', (size_t)n)) {
			break;
		}
	}
	close(fd);
	fd = -1;
	if (!parseReply(line.p, line.n, &r)) {
		ab_fast_state = AB_FAST_GONE;
		snprintf(ab_fast_reason, sizeof ab_fast_reason, "the answer was not understood");
	} else if (!r.argv || r.fallback) {
		ab_fast_state = AB_FAST_FULL;
	} else {
		// What main.go does with an answer, without the Go runtime: print
		// it and exit with its code.
		if (r.out.n) {
			writeAll(1, r.out.p, r.out.n);
		}
		if (r.err.n) {
			writeAll(2, r.err.p, r.err.n);
		}
		_exit(r.exit);
	}
doneLine:
	free(line.p);
	free(r.out.p);
	free(r.err.p);
	goto done;
declined:
	ab_fast_state = AB_FAST_NOT_SENT;
done:
	if (fd >= 0) {
		close(fd);
	}
	free(dir.p);
	free(req.p);
}

// ab_parse_reply and ab_json_string expose the reply parser and the string
// encoder to the tests (fast_cgo.go), which check them against Go's json.
int ab_parse_reply(const char *p, size_t n, int *exit, int *argv, int *fallback, char **out, size_t *outn,
                   char **err, size_t *errn) {
	reply r = {0};
	buf line = {0};
	put(&line, p, n); // NUL-terminated, as handOver's line is
	int ok = !line.failed && parseReply(line.p ? line.p : "", n, &r);
	free(line.p);
	*exit = r.exit, *argv = r.argv, *fallback = r.fallback;
	*out = r.out.p, *outn = r.out.n, *err = r.err.p, *errn = r.err.n;
	return ok;
}

char *ab_json_string(const char *s, size_t *n) {
	buf b = {0};
	putString(&b, s);
	*n = b.n;
	return b.p;
}

// glibc passes the program's arguments to constructors; other C libraries
// need not, so the fast path is glibc's only.
#ifdef __GLIBC__
__attribute__((constructor)) static void fastPath(int argc, char **argv) { handOver(argc, argv); }
#endif
