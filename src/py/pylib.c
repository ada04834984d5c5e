/* pylib.c — the standard modules written in Python (src/py/lib/NAME.py,
 * embedded as C strings NAME.py.inc by src/py/lib/embed.sh).  A module's text
 * runs in the module's namespace as host code (py_exec_host_source): its
 * frames never appear in tracebacks and do not count against the recursion
 * limit, as if it were written in C.
 *
 * Must never: run anything but the compiled-in text.
 */
#include <stdio.h>
#include <string.h>

#include "py/pymod.h"

static int run_lib(py_interp *I, py_val mod, const char *src, size_t n, const char *name)
{
    py_val d = py_module_dict(mod);
    if (!py_dict_get_str(I, d, PY_ID(I, __builtins__)) && py_dict_set(I, d, PY_ID(I, __builtins__), I->builtins))
        return -1;
    char fname[64];
    snprintf(fname, sizeof fname, "<frozen %s>", name);
    return py_exec_host_source(I, src, n, d, fname);
}

/* Mark a function's code (and what it contains) as library code: used for
 * functions the library generates at run time (namedtuple, dataclasses). */
static void mark_code(py_code *co, int depth)
{
    co->flags |= PY_CO_HOST;
    if (depth > 50) return;
    for (uint32_t i = 0; i < co->nconsts; i++)
        if (PY_IS(co->consts[i], CODE)) mark_code(PY_CODE(co->consts[i]), depth + 1);
}

void pym_mark_library(py_interp *I, py_val v)
{
    (void)I;
    if (PY_IS(v, FUNCTION)) mark_code(PY_FUNC(v)->code, 0);
}

#define PYLIB_INIT(id, name) \
    int py_mod_##id##_init(py_interp *I, py_val mod) { return run_lib(I, mod, src_##id, sizeof src_##id - 1, name); }

static const char src_os[] =
#include "py/lib/os.py.inc"
    ;
PYLIB_INIT(os, "os")

static const char src_posixpath[] =
#include "py/lib/posixpath.py.inc"
    ;
PYLIB_INIT(posixpath, "posixpath")

static const char src_io[] =
#include "py/lib/io.py.inc"
    ;
PYLIB_INIT(io, "io")

static const char src_pathlib[] =
#include "py/lib/pathlib.py.inc"
    ;
PYLIB_INIT(pathlib, "pathlib")

static const char src_fnmatch[] =
#include "py/lib/fnmatch.py.inc"
    ;
PYLIB_INIT(fnmatch, "fnmatch")

static const char src_json[] =
#include "py/lib/json.py.inc"
    ;
PYLIB_INIT(json, "json")

static const char src_re[] =
#include "py/lib/re.py.inc"
    ;
PYLIB_INIT(re, "re")

static const char src_operator[] =
#include "py/lib/operator.py.inc"
    ;
PYLIB_INIT(operator, "operator")

static const char src_functools[] =
#include "py/lib/functools.py.inc"
    ;
PYLIB_INIT(functools, "functools")

static const char src__timefmt[] =
#include "py/lib/_timefmt.py.inc"
    ;
PYLIB_INIT(_timefmt, "_timefmt")

static const char src_time[] =
#include "py/lib/time.py.inc"
    ;
PYLIB_INIT(time, "time")

static const char src_datetime[] =
#include "py/lib/datetime.py.inc"
    ;
PYLIB_INIT(datetime, "datetime")

static const char src_string[] =
#include "py/lib/string.py.inc"
    ;
PYLIB_INIT(string, "string")

static const char src_string_templatelib[] =
#include "py/lib/string_templatelib.py.inc"
    ;
PYLIB_INIT(string_templatelib, "string.templatelib")

static const char src_random[] =
#include "py/lib/random.py.inc"
    ;
PYLIB_INIT(random, "random")

static const char src_hashlib[] =
#include "py/lib/hashlib.py.inc"
    ;
PYLIB_INIT(hashlib, "hashlib")

static const char src_hmac[] =
#include "py/lib/hmac.py.inc"
    ;
PYLIB_INIT(hmac, "hmac")

static const char src_bisect[] =
#include "py/lib/bisect.py.inc"
    ;
PYLIB_INIT(bisect, "bisect")

static const char src_heapq[] =
#include "py/lib/heapq.py.inc"
    ;
PYLIB_INIT(heapq, "heapq")

static const char src_copy[] =
#include "py/lib/copy.py.inc"
    ;
PYLIB_INIT(copy, "copy")

static const char src_textwrap[] =
#include "py/lib/textwrap.py.inc"
    ;
PYLIB_INIT(textwrap, "textwrap")

static const char src_shlex[] =
#include "py/lib/shlex.py.inc"
    ;
PYLIB_INIT(shlex, "shlex")

static const char src_glob[] =
#include "py/lib/glob.py.inc"
    ;
PYLIB_INIT(glob, "glob")

static const char src_shutil[] =
#include "py/lib/shutil.py.inc"
    ;
PYLIB_INIT(shutil, "shutil")

static const char src_tempfile[] =
#include "py/lib/tempfile.py.inc"
    ;
PYLIB_INIT(tempfile, "tempfile")

static const char src_enum[] =
#include "py/lib/enum.py.inc"
    ;
PYLIB_INIT(enum, "enum")

static const char src_base64[] =
#include "py/lib/base64.py.inc"
    ;
PYLIB_INIT(base64, "base64")

static const char src_struct[] =
#include "py/lib/struct.py.inc"
    ;
PYLIB_INIT(struct, "struct")

static const char src_csv[] =
#include "py/lib/csv.py.inc"
    ;
PYLIB_INIT(csv, "csv")

static const char src_numbers[] =
#include "py/lib/numbers.py.inc"
    ;
PYLIB_INIT(numbers, "numbers")

static const char src_fractions[] =
#include "py/lib/fractions.py.inc"
    ;
PYLIB_INIT(fractions, "fractions")

static const char src_contextlib[] =
#include "py/lib/contextlib.py.inc"
    ;
PYLIB_INIT(contextlib, "contextlib")

static const char src_contextvars[] =
#include "py/lib/contextvars.py.inc"
    ;
PYLIB_INIT(contextvars, "contextvars")

static const char src_statistics[] =
#include "py/lib/statistics.py.inc"
    ;
PYLIB_INIT(statistics, "statistics")

static const char src_uuid[] =
#include "py/lib/uuid.py.inc"
    ;
PYLIB_INIT(uuid, "uuid")

static const char src_keyword[] =
#include "py/lib/keyword.py.inc"
    ;
PYLIB_INIT(keyword, "keyword")

static const char src_html[] =
#include "py/lib/html.py.inc"
    ;
PYLIB_INIT(html, "html")

static const char src_html_entities[] =
#include "py/lib/html_entities.py.inc"
    ;
PYLIB_INIT(html_entities, "html.entities")

static const char src_secrets[] =
#include "py/lib/secrets.py.inc"
    ;
PYLIB_INIT(secrets, "secrets")

static const char src_atexit[] =
#include "py/lib/atexit.py.inc"
    ;
PYLIB_INIT(atexit, "atexit")

static const char src_errno[] =
#include "py/lib/errno.py.inc"
    ;
PYLIB_INIT(errno, "errno")

static const char src_stat[] =
#include "py/lib/stat.py.inc"
    ;
PYLIB_INIT(stat, "stat")

static const char src_reprlib[] =
#include "py/lib/reprlib.py.inc"
    ;
PYLIB_INIT(reprlib, "reprlib")

static const char src_graphlib[] =
#include "py/lib/graphlib.py.inc"
    ;
PYLIB_INIT(graphlib, "graphlib")

static const char src_pprint[] =
#include "py/lib/pprint.py.inc"
    ;
PYLIB_INIT(pprint, "pprint")

static const char src_traceback[] =
#include "py/lib/traceback.py.inc"
    ;
PYLIB_INIT(traceback, "traceback")

static const char src_warnings[] =
#include "py/lib/warnings.py.inc"
    ;
PYLIB_INIT(warnings, "warnings")

static const char src_logging[] =
#include "py/lib/logging.py.inc"
    ;
PYLIB_INIT(logging, "logging")

static const char src_logging_handlers[] =
#include "py/lib/logging_handlers.py.inc"
    ;
PYLIB_INIT(logging_handlers, "logging.handlers")

static const char src_logging_config[] =
#include "py/lib/logging_config.py.inc"
    ;
PYLIB_INIT(logging_config, "logging.config")

static const char src_importlib[] =
#include "py/lib/importlib.py.inc"
    ;
PYLIB_INIT(importlib, "importlib")

static const char src_importlib_util[] =
#include "py/lib/importlib_util.py.inc"
    ;
PYLIB_INIT(importlib_util, "importlib.util")

static const char src_importlib_metadata[] =
#include "py/lib/importlib_metadata.py.inc"
    ;
PYLIB_INIT(importlib_metadata, "importlib.metadata")

static const char src_argparse[] =
#include "py/lib/argparse.py.inc"
    ;
PYLIB_INIT(argparse, "argparse")

static const char src_gzip[] =
#include "py/lib/gzip.py.inc"
    ;
PYLIB_INIT(gzip, "gzip")

static const char src_urllib[] =
#include "py/lib/urllib.py.inc"
    ;
PYLIB_INIT(urllib, "urllib")

static const char src_urllib_parse[] =
#include "py/lib/urllib_parse.py.inc"
    ;
PYLIB_INIT(urllib_parse, "urllib.parse")

static const char src_urllib_error[] =
#include "py/lib/urllib_error.py.inc"
    ;
PYLIB_INIT(urllib_error, "urllib.error")

static const char src_urllib_request[] =
#include "py/lib/urllib_request.py.inc"
    ;
PYLIB_INIT(urllib_request, "urllib.request")

static const char src_difflib[] =
#include "py/lib/difflib.py.inc"
    ;
PYLIB_INIT(difflib, "difflib")

static const char src_threading[] =
#include "py/lib/threading.py.inc"
    ;
PYLIB_INIT(threading, "threading")

static const char src_queue[] =
#include "py/lib/queue.py.inc"
    ;
PYLIB_INIT(queue, "queue")

static const char src_weakref[] =
#include "py/lib/weakref.py.inc"
    ;
PYLIB_INIT(weakref, "weakref")

static const char src_platform[] =
#include "py/lib/platform.py.inc"
    ;
PYLIB_INIT(platform, "platform")

static const char src_timeit[] =
#include "py/lib/timeit.py.inc"
    ;
PYLIB_INIT(timeit, "timeit")

static const char src_locale[] =
#include "py/lib/locale.py.inc"
    ;
PYLIB_INIT(locale, "locale")

static const char src_getpass[] =
#include "py/lib/getpass.py.inc"
    ;
PYLIB_INIT(getpass, "getpass")

static const char src_copyreg[] =
#include "py/lib/copyreg.py.inc"
    ;
PYLIB_INIT(copyreg, "copyreg")

static const char src_fileinput[] =
#include "py/lib/fileinput.py.inc"
    ;
PYLIB_INIT(fileinput, "fileinput")

static const char src_concurrent[] =
#include "py/lib/concurrent.py.inc"
    ;
PYLIB_INIT(concurrent, "concurrent")

static const char src_concurrent_futures[] =
#include "py/lib/concurrent_futures.py.inc"
    ;
PYLIB_INIT(concurrent_futures, "concurrent.futures")

static const char src_calendar[] =
#include "py/lib/calendar.py.inc"
    ;
PYLIB_INIT(calendar, "calendar")

static const char src_inspect[] =
#include "py/lib/inspect.py.inc"
    ;
PYLIB_INIT(inspect, "inspect")

static const char src_decimal[] =
#include "py/lib/decimal.py.inc"
    ;
PYLIB_INIT(decimal, "decimal")

static const char src_configparser[] =
#include "py/lib/configparser.py.inc"
    ;
PYLIB_INIT(configparser, "configparser")

static const char src_tomllib[] =
#include "py/lib/tomllib.py.inc"
    ;
PYLIB_INIT(tomllib, "tomllib")

static const char src_zipfile[] =
#include "py/lib/zipfile.py.inc"
    ;
PYLIB_INIT(zipfile, "zipfile")

static const char src_ast[] =
#include "py/lib/ast.py.inc"
    ;
PYLIB_INIT(ast, "ast")

static const char src_subprocess[] =
#include "py/lib/subprocess.py.inc"
    ;
PYLIB_INIT(subprocess, "subprocess")

static const char src_signal[] =
#include "py/lib/signal.py.inc"
    ;
PYLIB_INIT(signal, "signal")
