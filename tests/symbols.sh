#!/bin/sh
# tests/symbols.sh BUILD — the build-level proof of the sandbox properties.
#
# Inspects every object file of the library (BUILD/src/**/*.o):
#  1. no object may define writable global or static data: the sections
#     .data, .bss, .tdata, .tbss (and .data.* other than the read-only-after-
#     relocation .data.rel.ro*) must be empty — all state hangs off a
#     config, a shell or an interpreter;
#  2. no object may reference a host call that spawns processes, touches
#     host files, the network, the environment, the clock or randomness,
#     loads code, or aborts — except the two named places that exist to do
#     one of these things: src/fs/hostdir.o (the host-directory backend may
#     use the host file API) and src/api/hostclock.o (the default clock may
#     read the host clock and sleep).
# Rerun it any time: `make symbols` or `tests/symbols.sh build`.
set -u
B=${1:-build}
fail=0
objs=$(find "$B/src" -name '*.o' | sort)
[ -n "$objs" ] || { echo "symbols: no objects under $B/src (build first)"; exit 1; }

forbidden='fork vfork clone execve execv execvp execvpe execl execlp execle fexecve posix_spawn posix_spawnp system popen pclose
socket socketpair connect bind listen accept accept4 send sendto sendmsg recv recvfrom recvmsg getaddrinfo gethostbyname getsockopt setsockopt
open open64 openat openat64 creat creat64 fopen fopen64 freopen fdopen opendir fdopendir readdir readdir64 closedir
stat stat64 lstat lstat64 fstat fstat64 fstatat fstatat64 __xstat __lxstat __fxstat __xstat64 __lxstat64 statx access faccessat
chdir fchdir getcwd unlink unlinkat rmdir mkdir mkdirat rename renameat link linkat symlink symlinkat readlink readlinkat chmod fchmod chown lchown truncate ftruncate utime utimes utimensat
read write pread pwrite readv writev pread64 pwrite64 lseek lseek64 close dup dup2 dup3 pipe pipe2 ioctl fcntl select pselect poll ppoll epoll_create epoll_wait mmap mmap64 mprotect munmap
getenv secure_getenv setenv unsetenv putenv clearenv environ
time gettimeofday clock_gettime clock ftime localtime gmtime localtime_r gmtime_r mktime tzset
rand random srand srandom rand_r drand48 lrand48 getrandom getentropy arc4random
dlopen dlsym dlmopen syscall ptrace kill raise signal sigaction alarm sleep usleep nanosleep pause
abort __assert_fail exit _exit _Exit atexit
stdout stderr stdin printf vprintf puts putchar fputs fputc fwrite fprintf vfprintf perror'

exempt_hostdir='symlinkat linkat renameat2 fstatat64 faccessat open openat opendir fdopendir readdir readdir64 closedir stat lstat fstat fstatat statx read write pread pwrite close unlink unlinkat rmdir mkdir mkdirat rename renameat symlink readlink readlinkat chmod fchmod truncate ftruncate utimensat lseek __xstat __lxstat __fxstat'
exempt_clock='clock_gettime nanosleep'

for o in $objs; do
    rel=${o#$B/}
    # 1. writable data
    sections=$(objdump -h "$o" | awk '$2 ~ /^\.(data|bss|tdata|tbss)($|\.)/ && $2 !~ /^\.data\.rel\.ro/ && $3 !~ /^0+$/ {print $2" (0x"$3" bytes)"}')
    if [ -n "$sections" ]; then
        echo "symbols: $rel defines writable data: $sections"
        objdump -t "$o" | awk '$0 ~ / \.(data|bss|tdata|tbss)/ && $0 !~ /\.data\.rel\.ro/ {print "    " $NF}' | sort -u | head -5
        fail=1
    fi
    # 2. forbidden references
    undef=$(nm -u "$o" | awk '{print $2}' | sed 's/@.*//')
    allowed=''
    case "$rel" in
        src/fs/hostdir.o) allowed=$exempt_hostdir ;;
        src/api/hostclock.o) allowed=$exempt_clock ;;
    esac
    for s in $undef; do
        for f in $forbidden; do
            if [ "$s" = "$f" ]; then
                ok=0
                for a in $allowed; do [ "$a" = "$s" ] && ok=1; done
                if [ $ok = 0 ]; then
                    echo "symbols: $rel references host call '$s'"
                    fail=1
                fi
            fi
        done
    done
done
n=$(echo "$objs" | wc -l)
if [ $fail = 0 ]; then
    echo "symbols: $n objects, no writable globals, no host calls outside src/fs/hostdir.o and src/api/hostclock.o"
fi
exit $fail
