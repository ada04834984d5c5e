/* limits.c — the three shipped limit profiles.  Plain values; a host copies
 * one and adjusts fields.  docs/LIMITS.md explains each. */
#include "sandkiste.h"

sk_limits sk_limits_default(void)
{
    sk_limits l = {
        .max_commands = 100000,
        .max_loop_iterations = 100000,
        .max_total_loop_iterations = 1000000,
        .max_function_depth = 100,
        .max_ast_depth = 100,
        .max_subst_depth = 32,
        .max_parser_operations = 1000000,
        .max_input_bytes = 10 << 20,
        .max_stdout_bytes = 10 << 20,
        .max_stderr_bytes = 1 << 20,
        .max_glob_matches = 100000,
        .max_brace_expansions = 100000,
        .max_memory = 256ull << 20,
        .timeout_ms = 30000,
        .parser_timeout_ms = 5000,
        .max_fs_bytes = 256ull << 20,
        .max_file_size = 64ull << 20,
        .max_file_count = 100000,
        .max_path_depth = 64,
        .max_name_length = 255,
        .max_path_length = 4096,
        .max_recursion_depth = 1000,
        .max_allocations = 100000000,
        .max_python_steps = 2000000000,
        .regex_match_limit = 1000000,
        .regex_depth_limit = 10000,
    };
    return l;
}

sk_limits sk_limits_strict(void)
{
    sk_limits l = {
        .max_commands = 10000,
        .max_loop_iterations = 10000,
        .max_total_loop_iterations = 100000,
        .max_function_depth = 50,
        .max_ast_depth = 100,
        .max_subst_depth = 16,
        .max_parser_operations = 100000,
        .max_input_bytes = 1 << 20,
        .max_stdout_bytes = 1 << 20,
        .max_stderr_bytes = 256 << 10,
        .max_glob_matches = 10000,
        .max_brace_expansions = 10000,
        .max_memory = 64ull << 20,
        .timeout_ms = 5000,
        .parser_timeout_ms = 1000,
        .max_fs_bytes = 16ull << 20,
        .max_file_size = 4ull << 20,
        .max_file_count = 10000,
        .max_path_depth = 32,
        .max_name_length = 255,
        .max_path_length = 4096,
        .max_recursion_depth = 200,
        .max_allocations = 10000000,
        .max_python_steps = 100000000,
        .regex_match_limit = 100000,
        .regex_depth_limit = 5000,
    };
    return l;
}

sk_limits sk_limits_permissive(void)
{
    sk_limits l = {
        .max_commands = 10000000,
        .max_loop_iterations = 10000000,
        .max_total_loop_iterations = 100000000,
        .max_function_depth = 1000,
        .max_ast_depth = 500,
        .max_subst_depth = 64,
        .max_parser_operations = 100000000,
        .max_input_bytes = 100 << 20,
        .max_stdout_bytes = 100 << 20,
        .max_stderr_bytes = 10 << 20,
        .max_glob_matches = 1000000,
        .max_brace_expansions = 1000000,
        .max_memory = 2048ull << 20,
        .timeout_ms = 300000,
        .parser_timeout_ms = 30000,
        .max_fs_bytes = 1024ull << 20,
        .max_file_size = 512ull << 20,
        .max_file_count = 1000000,
        .max_path_depth = 256,
        .max_name_length = 255,
        .max_path_length = 4096,
        .max_recursion_depth = 5000,
        .max_allocations = 1000000000,
        .max_python_steps = 20000000000ull,
        .regex_match_limit = 10000000,
        .regex_depth_limit = 100000,
    };
    return l;
}
