/* args.c — argument checking for builtin functions and methods, with the
 * wording CPython's C functions use ("len() takes exactly one argument (2
 * given)", "pop expected at most 1 argument, got 2", "sort() got an
 * unexpected keyword argument 'x'").
 *
 * Parameter spec strings: "name" positional-or-keyword, "$name"
 * keyword-only, "!name" positional-only.
 *
 * Must never: write past `out` (it has one slot per name).
 */
#include <string.h>

#include "py/core.h"

int py_no_kw(py_interp *I, const char *fname, py_val kwnames)
{
    if (kwnames && py_tuple_len(kwnames)) {
        py_err_fmt(I, PY_E_TypeError, "%s() takes no keyword arguments", fname);
        return -1;
    }
    return 0;
}

int py_args_none(py_interp *I, const char *fname, size_t nargs, py_val kwnames)
{
    if (py_no_kw(I, fname, kwnames)) return -1;
    if (nargs) {
        py_err_fmt(I, PY_E_TypeError, "%s() takes no arguments (%zu given)", fname, nargs);
        return -1;
    }
    return 0;
}

int py_args_exact(py_interp *I, const char *fname, size_t nargs, py_val kwnames, size_t n)
{
    if (py_no_kw(I, fname, kwnames)) return -1;
    if (nargs != n) {
        if (n == 1) py_err_fmt(I, PY_E_TypeError, "%s() takes exactly one argument (%zu given)", fname, nargs);
        else {
            const char *dot = strrchr(fname, '.');
            py_err_fmt(I, PY_E_TypeError, "%s expected %zu arguments, got %zu", dot ? dot + 1 : fname, n, nargs);
        }
        return -1;
    }
    return 0;
}

int py_args_range(py_interp *I, const char *fname, size_t nargs, py_val kwnames, size_t lo, size_t hi)
{
    if (py_no_kw(I, fname, kwnames)) return -1;
    const char *dot = strrchr(fname, '.');
    const char *bare = dot ? dot + 1 : fname;
    if (nargs < lo) {
        py_err_fmt(I, PY_E_TypeError, "%s expected at least %zu argument%s, got %zu", bare, lo, lo == 1 ? "" : "s", nargs);
        return -1;
    }
    if (nargs > hi) {
        py_err_fmt(I, PY_E_TypeError, "%s expected at most %zu argument%s, got %zu", bare, hi, hi == 1 ? "" : "s", nargs);
        return -1;
    }
    return 0;
}

int py_args_parse(py_interp *I, const char *fname, const py_val *args, size_t nargs, py_val kwnames,
                  const char *const *names, int required, py_val *out)
{
    size_t nparams = 0, npos = 0;
    while (names[nparams]) {
        if (names[nparams][0] != '$') npos = nparams + 1;
        nparams++;
    }
    for (size_t i = 0; i < nparams; i++) out[i] = PY_NULL;
    {
        size_t nkw0 = kwnames ? py_tuple_len(kwnames) : 0;
        if (nkw0 && nargs + nkw0 > nparams) {
            /* the clinic parser counts everything before matching names */
            py_err_fmt(I, PY_E_TypeError, "%s() takes at most %zu %sargument%s (%zu given)", fname, nparams,
                       nargs == 0 ? "keyword " : "", nparams == 1 ? "" : "s", nargs + nkw0);
            return -1;
        }
    }
    if (nargs > npos) {
        if (npos == 0)
            py_err_fmt(I, PY_E_TypeError, "%s() takes no positional arguments", fname);
        else if ((size_t)required == npos && npos == nparams)
            py_err_fmt(I, PY_E_TypeError, "%s() takes exactly %zu positional argument%s (%zu given)", fname, npos,
                       npos == 1 ? "" : "s", nargs);
        else
            py_err_fmt(I, PY_E_TypeError, "%s() takes at most %zu argument%s (%zu given)", fname, npos,
                       npos == 1 ? "" : "s", nargs);
        return -1;
    }
    {
        /* missing positional-only arguments (CPython's _PyArg_UnpackKeywords) */
        size_t posonly = 0;
        while (posonly < nparams && names[posonly][0] == '!') posonly++;
        size_t minposonly = posonly < (size_t)required ? posonly : (size_t)required;
        if (nargs < minposonly) {
            py_err_fmt(I, PY_E_TypeError, "%s() takes %s %zu positional argument%s (%zu given)", fname,
                       minposonly < npos ? "at least" : "exactly", minposonly, minposonly == 1 ? "" : "s", nargs);
            return -1;
        }
    }
    for (size_t i = 0; i < nargs; i++) out[i] = args[i];
    size_t nkw = kwnames ? py_tuple_len(kwnames) : 0;
    for (size_t k = 0; k < nkw; k++) {
        py_val kn = py_tuple_items(kwnames)[k];
        const char *ks = py_str_data(kn);
        size_t i;
        for (i = 0; i < nparams; i++) {
            const char *n = names[i];
            if (n[0] == '$') n++;
            else if (n[0] == '!') continue;
            if (!strcmp(n, ks)) break;
        }
        if (i == nparams) {
            py_err_fmt(I, PY_E_TypeError, "%s() got an unexpected keyword argument '%s'", fname, ks);
            return -1;
        }
        if (out[i]) {
            py_err_fmt(I, PY_E_TypeError, "argument for %s() given by name ('%s') and position (%zu)", fname, ks, i + 1);
            return -1;
        }
        out[i] = args[nargs + k];
    }
    for (int i = 0; i < required; i++) {
        if (!out[i]) {
            const char *n = names[i];
            if (n[0] == '$' || n[0] == '!') n++;
            if (names[i][0] == '$')
                py_err_fmt(I, PY_E_TypeError, "%s() missing required keyword-only argument: '%s'", fname, n);
            else
                py_err_fmt(I, PY_E_TypeError, "%s() missing required argument '%s' (pos %d)", fname, n, i + 1);
            return -1;
        }
    }
    return 0;
}
