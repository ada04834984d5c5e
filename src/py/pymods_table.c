/* pymods_table.c — the standard modules of pymods: the OS layer (pyos.c,
 * pyio.c), the C modules (mod_*.c) and the modules written in Python
 * (pylib.c).  modules.c consults this table after its own.
 * Must never: list a module twice. */
#include "py/pymod.h"

int py_mod_posix_init(py_interp *I, py_val mod);
int py_mod_os_init(py_interp *I, py_val mod);
int py_mod_posixpath_init(py_interp *I, py_val mod);
int py_mod__io_init(py_interp *I, py_val mod);
int py_mod_io_init(py_interp *I, py_val mod);
int py_mod_pathlib_init(py_interp *I, py_val mod);
int py_mod_fnmatch_init(py_interp *I, py_val mod);
int py_mod__json_init(py_interp *I, py_val mod);
int py_mod_json_init(py_interp *I, py_val mod);
int py_mod__re_init(py_interp *I, py_val mod);
int py_mod_re_init(py_interp *I, py_val mod);
int py_mod_itertools_init(py_interp *I, py_val mod);
int py_mod_operator_init(py_interp *I, py_val mod);
int py_mod_functools_init(py_interp *I, py_val mod);
int py_mod__timefmt_init(py_interp *I, py_val mod);
int py_mod_time_init(py_interp *I, py_val mod);
int py_mod_datetime_init(py_interp *I, py_val mod);
int py_mod_unicodedata_init(py_interp *I, py_val mod);
int py_mod_string_init(py_interp *I, py_val mod);
int py_mod_string_templatelib_init(py_interp *I, py_val mod);
int py_mod__random_init(py_interp *I, py_val mod);
int py_mod_random_init(py_interp *I, py_val mod);
int py_mod__hashlib_init(py_interp *I, py_val mod);
int py_mod_hashlib_init(py_interp *I, py_val mod);
int py_mod_hmac_init(py_interp *I, py_val mod);
int py_mod_bisect_init(py_interp *I, py_val mod);
int py_mod_heapq_init(py_interp *I, py_val mod);
int py_mod_copy_init(py_interp *I, py_val mod);
int py_mod_textwrap_init(py_interp *I, py_val mod);
int py_mod_shlex_init(py_interp *I, py_val mod);
int py_mod_glob_init(py_interp *I, py_val mod);
int py_mod_shutil_init(py_interp *I, py_val mod);
int py_mod_tempfile_init(py_interp *I, py_val mod);
int py_mod_enum_init(py_interp *I, py_val mod);
int py_mod_binascii_init(py_interp *I, py_val mod);
int py_mod_base64_init(py_interp *I, py_val mod);
int py_mod__struct_init(py_interp *I, py_val mod);
int py_mod_struct_init(py_interp *I, py_val mod);
int py_mod_csv_init(py_interp *I, py_val mod);
int py_mod_numbers_init(py_interp *I, py_val mod);
int py_mod_fractions_init(py_interp *I, py_val mod);
int py_mod_contextlib_init(py_interp *I, py_val mod);
int py_mod_contextvars_init(py_interp *I, py_val mod);
int py_mod__heapq_init(py_interp *I, py_val mod);
int py_mod_statistics_init(py_interp *I, py_val mod);
int py_mod_uuid_init(py_interp *I, py_val mod);
int py_mod_keyword_init(py_interp *I, py_val mod);
int py_mod_html_init(py_interp *I, py_val mod);
int py_mod_html_entities_init(py_interp *I, py_val mod);
int py_mod_secrets_init(py_interp *I, py_val mod);
int py_mod_atexit_init(py_interp *I, py_val mod);
int py_mod_errno_init(py_interp *I, py_val mod);
int py_mod_stat_init(py_interp *I, py_val mod);
int py_mod_reprlib_init(py_interp *I, py_val mod);
int py_mod_graphlib_init(py_interp *I, py_val mod);
int py_mod_pprint_init(py_interp *I, py_val mod);
int py_mod__traceback_init(py_interp *I, py_val mod);
int py_mod_traceback_init(py_interp *I, py_val mod);
int py_mod_warnings_init(py_interp *I, py_val mod);
int py_mod_logging_init(py_interp *I, py_val mod);
int py_mod_logging_handlers_init(py_interp *I, py_val mod);
int py_mod_logging_config_init(py_interp *I, py_val mod);
int py_mod_importlib_init(py_interp *I, py_val mod);
int py_mod_importlib_util_init(py_interp *I, py_val mod);
int py_mod_importlib_metadata_init(py_interp *I, py_val mod);
int py_mod_argparse_init(py_interp *I, py_val mod);
int py_mod_zlib_init(py_interp *I, py_val mod);
int py_mod_gzip_init(py_interp *I, py_val mod);
int py_mod_urllib_init(py_interp *I, py_val mod);
int py_mod_urllib_parse_init(py_interp *I, py_val mod);
int py_mod_urllib_error_init(py_interp *I, py_val mod);
int py_mod_urllib_request_init(py_interp *I, py_val mod);
int py_mod_difflib_init(py_interp *I, py_val mod);
int py_mod_threading_init(py_interp *I, py_val mod);
int py_mod_queue_init(py_interp *I, py_val mod);
int py_mod_weakref_init(py_interp *I, py_val mod);
int py_mod_platform_init(py_interp *I, py_val mod);
int py_mod_timeit_init(py_interp *I, py_val mod);
int py_mod_locale_init(py_interp *I, py_val mod);
int py_mod_getpass_init(py_interp *I, py_val mod);
int py_mod_copyreg_init(py_interp *I, py_val mod);
int py_mod_fileinput_init(py_interp *I, py_val mod);
int py_mod_concurrent_init(py_interp *I, py_val mod);
int py_mod_concurrent_futures_init(py_interp *I, py_val mod);
int py_mod_calendar_init(py_interp *I, py_val mod);
int py_mod_inspect_init(py_interp *I, py_val mod);
int py_mod_decimal_init(py_interp *I, py_val mod);
int py_mod_configparser_init(py_interp *I, py_val mod);
int py_mod_tomllib_init(py_interp *I, py_val mod);
int py_mod_zipfile_init(py_interp *I, py_val mod);
int py_mod_ast_init(py_interp *I, py_val mod);
int py_mod_subprocess_init(py_interp *I, py_val mod);
int py_mod_signal_init(py_interp *I, py_val mod);

const py_moddef py_pymods_modules[] = {
    { "posix", py_mod_posix_init },
    { "os", py_mod_os_init },
    { "posixpath", py_mod_posixpath_init },
    { "_io", py_mod__io_init },
    { "io", py_mod_io_init },
    { "pathlib", py_mod_pathlib_init },
    { "fnmatch", py_mod_fnmatch_init },
    { "_json", py_mod__json_init },
    { "json", py_mod_json_init },
    { "_re", py_mod__re_init },
    { "re", py_mod_re_init },
    { "itertools", py_mod_itertools_init },
    { "operator", py_mod_operator_init },
    { "functools", py_mod_functools_init },
    { "_timefmt", py_mod__timefmt_init },
    { "time", py_mod_time_init },
    { "datetime", py_mod_datetime_init },
    { "unicodedata", py_mod_unicodedata_init },
    { "string", py_mod_string_init },
    { "string.templatelib", py_mod_string_templatelib_init },
    { "_random", py_mod__random_init },
    { "random", py_mod_random_init },
    { "_hashlib", py_mod__hashlib_init },
    { "hashlib", py_mod_hashlib_init },
    { "hmac", py_mod_hmac_init },
    { "bisect", py_mod_bisect_init },
    { "heapq", py_mod_heapq_init },
    { "copy", py_mod_copy_init },
    { "textwrap", py_mod_textwrap_init },
    { "shlex", py_mod_shlex_init },
    { "glob", py_mod_glob_init },
    { "shutil", py_mod_shutil_init },
    { "tempfile", py_mod_tempfile_init },
    { "enum", py_mod_enum_init },
    { "binascii", py_mod_binascii_init },
    { "base64", py_mod_base64_init },
    { "_struct", py_mod__struct_init },
    { "struct", py_mod_struct_init },
    { "csv", py_mod_csv_init },
    { "numbers", py_mod_numbers_init },
    { "fractions", py_mod_fractions_init },
    { "contextlib", py_mod_contextlib_init },
    { "contextvars", py_mod_contextvars_init },
    { "_heapq", py_mod__heapq_init },
    { "statistics", py_mod_statistics_init },
    { "uuid", py_mod_uuid_init },
    { "keyword", py_mod_keyword_init },
    { "html", py_mod_html_init },
    { "html.entities", py_mod_html_entities_init },
    { "secrets", py_mod_secrets_init },
    { "atexit", py_mod_atexit_init },
    { "errno", py_mod_errno_init },
    { "stat", py_mod_stat_init },
    { "reprlib", py_mod_reprlib_init },
    { "graphlib", py_mod_graphlib_init },
    { "pprint", py_mod_pprint_init },
    { "_traceback", py_mod__traceback_init },
    { "traceback", py_mod_traceback_init },
    { "warnings", py_mod_warnings_init },
    { "logging", py_mod_logging_init },
    { "logging.handlers", py_mod_logging_handlers_init },
    { "logging.config", py_mod_logging_config_init },
    { "importlib", py_mod_importlib_init },
    { "importlib.util", py_mod_importlib_util_init },
    { "importlib.metadata", py_mod_importlib_metadata_init },
    { "argparse", py_mod_argparse_init },
    { "zlib", py_mod_zlib_init },
    { "gzip", py_mod_gzip_init },
    { "urllib", py_mod_urllib_init },
    { "urllib.parse", py_mod_urllib_parse_init },
    { "urllib.error", py_mod_urllib_error_init },
    { "urllib.request", py_mod_urllib_request_init },
    { "difflib", py_mod_difflib_init },
    { "threading", py_mod_threading_init },
    { "queue", py_mod_queue_init },
    { "weakref", py_mod_weakref_init },
    { "platform", py_mod_platform_init },
    { "timeit", py_mod_timeit_init },
    { "locale", py_mod_locale_init },
    { "getpass", py_mod_getpass_init },
    { "copyreg", py_mod_copyreg_init },
    { "fileinput", py_mod_fileinput_init },
    { "concurrent", py_mod_concurrent_init },
    { "concurrent.futures", py_mod_concurrent_futures_init },
    { "calendar", py_mod_calendar_init },
    { "inspect", py_mod_inspect_init },
    { "decimal", py_mod_decimal_init },
    { "configparser", py_mod_configparser_init },
    { "tomllib", py_mod_tomllib_init },
    { "zipfile", py_mod_zipfile_init },
    { "ast", py_mod_ast_init },
    { "subprocess", py_mod_subprocess_init },
    { "signal", py_mod_signal_init },
    { NULL, NULL }
};
