/* pyio.h — the file objects of the _io module, shared by pyio.c (binary
 * files, BytesIO, open()) and pyio_text.c (TextIOWrapper, StringIO).
 *
 * A binary file keeps the bytes it works on in memory: a file opened for
 * reading or update holds the whole file; one opened with 'a' holds only
 * what was written since the last flush (base = where those bytes go).  A
 * flush writes the changes back through the VFS: an append when only the
 * tail changed, else the whole file.  So `cat` sees what Python flushed,
 * closed, or left open when the program ended.
 */
#ifndef SK_PY_PYIO_H
#define SK_PY_PYIO_H

#include "py/pymod.h"

enum { PYIO_FILE, PYIO_MEM, PYIO_STDIN, PYIO_STDOUT, PYIO_STDERR, PYIO_ZERO, PYIO_RANDOM };

typedef struct pyio_bin {
    py_obj ob;
    py_val dict_;
    py_val name;              /* the name attribute (as given to open) */
    py_val path;              /* str: absolute VFS path (PYIO_FILE) */
    sk_buf data;
    size_t pos;               /* position in data */
    uint64_t base;            /* append-only: file offset of data[0] */
    size_t synced;            /* data[0..synced) is on disk */
    size_t dirty_from;        /* first changed byte since the last flush; SIZE_MAX = clean */
    uint8_t kind, readable, writable, append, appendonly, closed, rewrite, is_text_buf;
    uint8_t raw;              /* FileIO (buffering=0) */
    char mode[8];             /* 'rb', 'wb', 'rb+' ... */
} pyio_bin;

/* what the text layer needs from the binary one */
int pyio_bin_write(py_interp *I, pyio_bin *b, const char *p, size_t n);
int pyio_bin_flush(py_interp *I, pyio_bin *b);
int pyio_bin_seek(py_interp *I, pyio_bin *b, int64_t off, int whence, int64_t *out);
int pyio_bin_truncate(py_interp *I, pyio_bin *b, int64_t size);
void pyio_bin_close(py_interp *I, pyio_bin *b, int *err);
int pyio_bin_fill_stdin(py_interp *I, pyio_bin *b);
uint64_t pyio_bin_tell(pyio_bin *b);
py_val pyio_unsupported(py_interp *I, const char *msg);
py_val pyio_closed_error(py_interp *I, const char *msg);
/* __exit__ of every file object: self.close(), looked up on the object, so a
   subclass's close() runs (as with CPython's IOBase.__exit__). */
py_val pyio_exit_close(py_interp *I, py_val self);
int pyio_size_arg(py_interp *I, const py_val *args, size_t nargs, py_val kw, const char *fname, int64_t *out);

/* pyio_text.c */
py_val pyio_text_wrap(py_interp *I, py_val buffer, py_val mode, const char *encoding, const char *errors,
                      py_val newline, int line_buffering);
int pyio_text_types(py_interp *I, py_val mod, py_type *textbase);

#endif
