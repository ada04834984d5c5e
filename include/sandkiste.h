/* sandkiste.h — the public API of Sandkiste, an in-process sandbox for
 * untrusted bash and Python scripts.
 *
 * This is the only public header.  Types are opaque except the plain structs
 * a host fills in (limits, exec options, the filesystem interface, extension
 * tables).  There is no global state: every object hangs off an sk_config or
 * an sk_shell.  Errors are return codes; no function longjmps through the
 * host.  Ownership and thread-safety of every function are documented in
 * docs/API.md; the short rule is:
 *
 *   - a config is immutable once a shell has been created from it and may
 *     then be shared by any number of shells on any threads;
 *   - a shell is used by one thread at a time; sk_shell_cancel is the one
 *     call that may come from another thread;
 *   - everything an sk_* function returns is owned by the caller when the
 *     name says _new/_exec/_read (free it with the matching _free), and
 *     borrowed otherwise (valid until the owning object changes or dies).
 */
#ifndef SANDKISTE_H
#define SANDKISTE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define SK_API __attribute__((visibility("default")))
#else
#define SK_API
#endif

#define SK_VERSION "0.1.0"
#define SK_VERSION_NUMBER 100 /* major*10000 + minor*100 + patch */

SK_API const char *sk_version(void);

/* ---- status codes ------------------------------------------------------ */

typedef enum sk_status {
    SK_OK = 0,
    SK_ERROR = -1,        /* generic failure; see the message */
    SK_NOMEM = -2,        /* allocation refused (limit or system) */
    SK_INVALID = -3,      /* bad argument */
    SK_UNSUPPORTED = -4,  /* not implemented (yet) */
    SK_BUSY = -5,         /* the shell is running */
    /* filesystem results (returned by sk_fs callbacks) */
    SK_ENOENT = -10,      /* no such file or directory */
    SK_EEXIST = -11,      /* file exists */
    SK_ENOTDIR = -12,     /* not a directory */
    SK_EISDIR = -13,      /* is a directory */
    SK_ENOTEMPTY = -14,   /* directory not empty */
    SK_EACCES = -15,      /* permission denied */
    SK_EROFS = -16,       /* read-only file system */
    SK_ENOSPC = -17,      /* quota (max_fs_bytes / max_file_count) reached */
    SK_EFBIG = -18,       /* max_file_size reached */
    SK_ENAMETOOLONG = -19,/* name or path too long, path too deep */
    SK_ELOOP = -20,       /* too many levels of symbolic links */
    SK_EXDEV = -21,       /* cross-device rename */
    SK_EINVAL = -22,      /* invalid argument (e.g. rename into itself) */
    SK_EIO = -23,         /* host I/O error */
} sk_status;

/* The POSIX-style message for a status ("No such file or directory"). */
SK_API const char *sk_status_message(int status);

/* ---- limits ------------------------------------------------------------ */

/* Every counter a script can exhaust.  0 means "unlimited" for every field.
 * Reaching one ends the run with exit status 1 and
 *   bash: resource limit exceeded: NAME (limit: N)
 * on stderr, except the output caps, which truncate and set a flag. */
typedef struct sk_limits {
    /* execution */
    uint64_t max_commands;              /* simple commands per exec */
    uint64_t max_loop_iterations;       /* iterations of one loop */
    uint64_t max_total_loop_iterations; /* iterations of all loops per exec */
    uint32_t max_function_depth;        /* nested shell function calls */
    uint32_t max_ast_depth;             /* nesting of parsed constructs */
    uint32_t max_subst_depth;           /* nested $(...), (...), bash -c */
    uint64_t max_parser_operations;     /* parser fuel per parse */
    uint64_t max_input_bytes;           /* size of one script */
    uint64_t max_stdout_bytes;          /* truncate + flag */
    uint64_t max_stderr_bytes;          /* truncate + flag */
    uint64_t max_glob_matches;          /* paths one glob may produce */
    uint64_t max_brace_expansions;      /* words one brace expansion may produce */
    uint64_t max_memory;                /* bytes held by the shell, Python included */
    uint64_t timeout_ms;                /* wall time per exec */
    uint64_t parser_timeout_ms;         /* wall time per parse */
    /* filesystem */
    uint64_t max_fs_bytes;              /* total file bytes */
    uint64_t max_file_size;             /* one file */
    uint64_t max_file_count;            /* files + dirs + links */
    uint32_t max_path_depth;            /* components of a path */
    uint32_t max_name_length;           /* bytes of one component */
    uint32_t max_path_length;           /* bytes of a whole path */
    /* Python */
    uint32_t max_recursion_depth;       /* Python frames (RecursionError) */
    uint64_t max_allocations;           /* Python allocations per run */
    uint64_t max_python_steps;          /* bytecode instructions per run */
    /* regular expressions */
    uint32_t regex_match_limit;         /* PCRE2 match limit */
    uint32_t regex_depth_limit;         /* PCRE2 depth limit */
} sk_limits;

SK_API sk_limits sk_limits_strict(void);
SK_API sk_limits sk_limits_default(void);
SK_API sk_limits sk_limits_permissive(void);

/* ---- filesystem interface ---------------------------------------------- */

/* Paths given to an sk_fs are absolute, normalised POSIX paths inside the
 * sandbox ("/home/user/a.txt"): no ".", "..", "//" or trailing "/", no NUL.
 * Symbolic links are resolved by the shell, not the backend: a backend only
 * stores them (lstat/readlink/symlink).  Every callback returns SK_OK or a
 * negative sk_status.  Callbacks may be NULL, meaning SK_UNSUPPORTED. */

typedef enum sk_file_type {
    SK_FILE_REGULAR = 1,
    SK_FILE_DIR = 2,
    SK_FILE_SYMLINK = 3,
    SK_FILE_DEVICE = 4,    /* virtual devices such as /dev/null */
} sk_file_type;

typedef struct sk_stat {
    sk_file_type type;
    uint32_t mode;         /* permission bits, 07777 */
    uint64_t size;
    int64_t mtime_ns;      /* nanoseconds since the epoch */
    uint64_t ino;          /* stable id within the backend, 0 if none */
    uint32_t nlink;
} sk_stat;

typedef struct sk_fs_usage {
    uint64_t bytes, files;          /* in use */
    uint64_t max_bytes, max_files;  /* 0 = unlimited */
} sk_fs_usage;

/* read_dir calls this once per entry (names only, no "." or "..").  Return
 * non-zero to stop early. */
typedef int (*sk_dir_fn)(void *cb_ud, const char *name, size_t name_len, sk_file_type type);

/* Destination for bulk reads: the backend appends bytes with sk_bytes_append
 * (which may refuse with SK_NOMEM when the sandbox's memory is exhausted). */
typedef struct sk_bytes sk_bytes;
SK_API int sk_bytes_append(sk_bytes *out, const void *data, size_t n);

typedef struct sk_fs {
    void *ud;
    /* metadata */
    int (*stat)(void *ud, const char *path, sk_stat *st);  /* follows nothing: the shell resolves links */
    /* contents: read appends [off, off+len) (len = UINT64_MAX for "to end") */
    int (*read)(void *ud, const char *path, uint64_t off, uint64_t len, sk_bytes *out);
    /* write creates or truncates; append creates when missing */
    int (*write)(void *ud, const char *path, const void *data, size_t n, uint32_t mode);
    int (*append)(void *ud, const char *path, const void *data, size_t n, uint32_t mode);
    int (*truncate)(void *ud, const char *path, uint64_t size);
    int (*read_dir)(void *ud, const char *path, sk_dir_fn fn, void *cb_ud);
    int (*mkdir)(void *ud, const char *path, uint32_t mode);
    int (*remove)(void *ud, const char *path);             /* file, link or empty dir */
    int (*rename)(void *ud, const char *from, const char *to);
    int (*copy)(void *ud, const char *from, const char *to); /* one regular file */
    int (*symlink)(void *ud, const char *target, const char *path);
    int (*readlink)(void *ud, const char *path, sk_bytes *out);
    int (*chmod)(void *ud, const char *path, uint32_t mode);
    int (*set_mtime)(void *ud, const char *path, int64_t mtime_ns);
    int (*usage)(void *ud, sk_fs_usage *u);
    void (*destroy)(void *ud);   /* called when the last shell using it is freed */
} sk_fs;

/* ---- configuration ----------------------------------------------------- */

typedef struct sk_config sk_config;
typedef struct sk_shell sk_shell;
typedef struct sk_ctx sk_ctx;      /* what a host builtin sees; see below */

SK_API sk_config *sk_config_new(void);
SK_API void sk_config_free(sk_config *cfg);
SK_API void sk_config_set_limits(sk_config *cfg, sk_limits limits);
SK_API sk_limits sk_config_get_limits(const sk_config *cfg);

/* A host builtin.  argv[0] is the command name.  Write output with
 * sk_ctx_write, read input with sk_ctx_read.  The return value is the exit
 * status (0..255).  Builtins must be stateless: `ud` is shared by every
 * shell made from the config. */
typedef int (*sk_builtin_fn)(sk_ctx *ctx, int argc, const char *const *argv, void *ud);

/* Register a command.  `hint` is one line shown to language models (`help`,
 * `type`); it may be NULL.  A later registration of the same name replaces
 * an earlier one (and replaces library commands of that name). */
SK_API int sk_config_add_builtin(sk_config *cfg, const char *name, sk_builtin_fn fn,
                                 void *ud, const char *hint);

/* A set of commands granted together. */
typedef struct sk_command_def {
    const char *name;
    sk_builtin_fn fn;
    const char *hint;
} sk_command_def;

typedef struct sk_extension {
    const char *name;                 /* e.g. "tickets" */
    const sk_command_def *commands;   /* array ... */
    size_t ncommands;                 /* ... of this many */
    void *ud;                         /* passed to every command */
} sk_extension;

SK_API int sk_config_add_extension(sk_config *cfg, const sk_extension *ext);

/* Consulted last, after every registered name and every executable script in
 * the virtual filesystem: return a builtin for `name` (and set *ud) or NULL.
 * A resolver is never enumerated (`compgen -c` does not list its names). */
typedef sk_builtin_fn (*sk_resolver_fn)(void *resolver_ud, const char *name, void **ud);
SK_API void sk_config_set_resolver(sk_config *cfg, sk_resolver_fn fn, void *resolver_ud);

/* Make a name unavailable (command not found, exit 127), whoever registered
 * it.  Applied after every registration. */
SK_API int sk_config_withhold(sk_config *cfg, const char *name);

/* The filesystem every shell from this config uses.  Default (fs == NULL):
 * a fresh in-memory filesystem per shell with the limits' quotas.  With a
 * host fs, all shells share it; the config does not own it unless
 * `owned` is non-zero (then fs->destroy runs when the config is freed). */
SK_API void sk_config_set_fs(sk_config *cfg, const sk_fs *fs, int owned);

/* Environment and identity of new shells. */
SK_API int sk_config_setenv(sk_config *cfg, const char *name, const char *value, int exported);
SK_API int sk_config_set_cwd(sk_config *cfg, const char *path);

/* Clock.  The default clock is the host's real time (read by the API layer,
 * never by the interpreter directly).  A host may fix or virtualise it: wall
 * time (since the epoch), a monotonic clock for budgets, and the sleeper
 * `sleep`, `timeout` and Python's time.sleep wait with (called in slices of
 * at most 20 ms so cancellation stays prompt).  NULL keeps the default. */
typedef int64_t (*sk_clock_fn)(void *ud);          /* nanoseconds */
typedef void (*sk_sleep_fn)(void *ud, int64_t ns);
SK_API void sk_config_set_clock(sk_config *cfg, sk_clock_fn wall, sk_clock_fn monotonic,
                                sk_sleep_fn sleep, void *ud);
/* Seed of $RANDOM, mktemp, shuf and Python's random (default: fixed). */
SK_API void sk_config_set_seed(sk_config *cfg, uint64_t seed);

/* ---- Python extension points ------------------------------------------- */

/* Python values a host function receives and returns are exchanged as JSON
 * text (a compact, language-neutral encoding): arguments arrive as a JSON
 * array, keyword arguments as a JSON object; the return value is JSON (an
 * empty result is None).  A host reports an error by returning SK_ERROR
 * with `exc_type` set to a builtin Python exception name (e.g. "OSError";
 * unknown names become RuntimeError) and `result` set to the message; the
 * script can catch it.  The sk_ctx is the `python3` command's: the script's
 * cwd, exported environment, streams and files. */
typedef struct sk_py_call {
    const char *args_json;   size_t args_len;
    const char *kwargs_json; size_t kwargs_len;
    sk_bytes *result;        /* append the JSON result or the message */
    const char *exc_type;    /* set on error; a static string */
} sk_py_call;

typedef int (*sk_py_fn)(sk_ctx *ctx, sk_py_call *call, void *ud);

typedef struct sk_py_function_def {
    const char *name;
    sk_py_fn fn;
    const char *doc;
} sk_py_function_def;

typedef struct sk_py_module {
    const char *name;                       /* import name */
    const sk_py_function_def *functions;
    size_t nfunctions;
    void *ud;
} sk_py_module;

/* A module built fresh for every Python run. */
SK_API int sk_config_add_python_module(sk_config *cfg, const sk_py_module *mod);
/* A function visible as a builtin name in every Python run. */
SK_API int sk_config_add_python_function(sk_config *cfg, const char *name, sk_py_fn fn, void *ud);

/* ---- shells and execution ---------------------------------------------- */

/* A shell keeps its filesystem, cwd, variables, functions and history
 * between execs.  Creating one is cheap (microseconds, kilobytes). */
SK_API sk_shell *sk_shell_new(const sk_config *cfg);
SK_API void sk_shell_free(sk_shell *sh);

typedef enum sk_end {
    SK_END_NORMAL = 0,     /* the script ran to its end */
    SK_END_EXIT = 1,       /* `exit` was called */
    SK_END_LIMIT = 2,      /* a resource limit was reached */
    SK_END_TIMEOUT = 3,    /* the time budget ran out */
    SK_END_CANCELLED = 4,  /* sk_shell_cancel */
    SK_END_ERROR = 5,      /* the script could not run (e.g. syntax error) */
} sk_end;

/* Streaming output: called with each chunk as it is produced.  fd is 1
 * (stdout) or 2 (stderr).  Return non-zero to cancel the run.  Output is
 * also collected in the result unless SK_EXEC_NO_CAPTURE is set. */
typedef int (*sk_output_fn)(void *ud, int fd, const char *data, size_t n);

enum { SK_EXEC_NO_CAPTURE = 1 };

typedef struct sk_exec_opts {
    const char *stdin_data;   /* NULL = empty stdin */
    size_t stdin_len;
    sk_output_fn on_output;   /* may be NULL */
    void *output_ud;
    uint64_t timeout_ms;      /* 0 = the limits' timeout_ms */
    unsigned flags;
    const char *const *argv;  /* $0 $1 ... (argv[0] becomes $0); NULL = "bash" */
    int argc;
} sk_exec_opts;

typedef struct sk_result sk_result;

/* Run a script.  Never returns NULL except when the allocation of the
 * result itself fails.  opts may be NULL. */
SK_API sk_result *sk_shell_exec(sk_shell *sh, const char *script, size_t len,
                                const sk_exec_opts *opts);
/* Stop the current (or next) exec as soon as possible: it ends with
 * SK_END_CANCELLED.  Safe to call from any thread. */
SK_API void sk_shell_cancel(sk_shell *sh);

SK_API int sk_result_exit_code(const sk_result *r);
SK_API sk_end sk_result_end(const sk_result *r);
SK_API const char *sk_result_end_name(const sk_result *r);   /* "normal", "exit", ... */
SK_API const char *sk_result_stdout(const sk_result *r, size_t *len);
SK_API const char *sk_result_stderr(const sk_result *r, size_t *len);
SK_API int sk_result_stdout_truncated(const sk_result *r);
SK_API int sk_result_stderr_truncated(const sk_result *r);
/* For SK_END_LIMIT: "max_commands" etc. and the full message. */
SK_API const char *sk_result_limit_name(const sk_result *r);
SK_API const char *sk_result_error(const sk_result *r);
SK_API uint64_t sk_result_duration_us(const sk_result *r);
SK_API void sk_result_free(sk_result *r);

/* ---- host-side filesystem helpers -------------------------------------- */

/* Paths may be relative to the shell's cwd; parents are created as needed
 * by sk_shell_write_file.  These bypass nothing: quotas still apply. */
SK_API int sk_shell_write_file(sk_shell *sh, const char *path, const void *data, size_t n, uint32_t mode);
SK_API int sk_shell_mkdir(sk_shell *sh, const char *path, uint32_t mode);
/* Returns a malloc'd copy (free with sk_free_buffer). */
SK_API int sk_shell_read_file(sk_shell *sh, const char *path, char **data, size_t *n);
SK_API void sk_free_buffer(void *p);
SK_API int sk_shell_stat(sk_shell *sh, const char *path, sk_stat *st);
SK_API int sk_shell_read_dir(sk_shell *sh, const char *path, sk_dir_fn fn, void *cb_ud);
SK_API const char *sk_shell_cwd(const sk_shell *sh);
/* Bytes of memory the shell holds now (its accounting allocator). */
SK_API size_t sk_shell_memory(const sk_shell *sh);

/* ---- what host code sees: sk_ctx --------------------------------------- */

/* Valid only during the builtin call that received it. */
SK_API int64_t sk_ctx_read(sk_ctx *ctx, void *buf, size_t n);  /* stdin; 0 at EOF; <0 error */
SK_API int sk_ctx_write(sk_ctx *ctx, int fd, const void *data, size_t n); /* 0, or <0 (reader gone) */
SK_API int sk_ctx_printf(sk_ctx *ctx, int fd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
SK_API const char *sk_ctx_cwd(sk_ctx *ctx);
SK_API const char *sk_ctx_getenv(sk_ctx *ctx, const char *name);  /* exported variables */
SK_API sk_limits sk_ctx_limits(sk_ctx *ctx);
SK_API int64_t sk_ctx_now_ns(sk_ctx *ctx);
/* Filesystem access relative to the script's cwd, with the sandbox's rules
 * (symlinks resolved inside the sandbox, quotas enforced). */
SK_API int sk_ctx_read_file(sk_ctx *ctx, const char *path, char **data, size_t *n);
SK_API int sk_ctx_write_file(sk_ctx *ctx, const char *path, const void *data, size_t n);
SK_API int sk_ctx_stat(sk_ctx *ctx, const char *path, sk_stat *st);
/* Resolve `path` against the cwd into an absolute virtual path (malloc'd). */
SK_API char *sk_ctx_resolve(sk_ctx *ctx, const char *path);

#ifdef __cplusplus
}
#endif
#endif
