/* fiber.c — context switching for sk_fiber.
 * Must never touch host I/O; only moves registers and stack pointers. */
#include "fiber.h"

#include <stdint.h>
#include <string.h>

#include "stack.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SK_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SK_ASAN 1
#endif

#ifdef SK_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

#if defined(__x86_64__) && !defined(_WIN32)
#define SK_FIBER_ASM 1
/* sk_fiber_swap(save, next): push callee-saved registers, store rsp in
 * *save, load rsp from next, pop, return into the other context.  A new
 * fiber's stack is primed so that this "return" lands in the trampoline
 * with rbx = fiber pointer and r12 = entry. */
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".type sk_fiber_swap,@function\n"
    "sk_fiber_swap:\n"
    "    pushq %rbp\n"
    "    pushq %rbx\n"
    "    pushq %r12\n"
    "    pushq %r13\n"
    "    pushq %r14\n"
    "    pushq %r15\n"
    "    movq %rsp, (%rdi)\n"
    "    movq %rsi, %rsp\n"
    "    popq %r15\n"
    "    popq %r14\n"
    "    popq %r13\n"
    "    popq %r12\n"
    "    popq %rbx\n"
    "    popq %rbp\n"
    "    ret\n"
    ".size sk_fiber_swap,.-sk_fiber_swap\n"
    ".p2align 4\n"
    ".type sk_fiber_trampoline,@function\n"
    "sk_fiber_trampoline:\n"
    "    movq %rbx, %rdi\n"
    "    callq *%r12\n"
    "    ud2\n"
    ".size sk_fiber_trampoline,.-sk_fiber_trampoline\n");
#elif defined(__aarch64__) && !defined(_WIN32)
#define SK_FIBER_ASM 1
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".type sk_fiber_swap,%function\n"
    "sk_fiber_swap:\n"
    "    sub sp, sp, #176\n"
    "    stp x19, x20, [sp, #0]\n"
    "    stp x21, x22, [sp, #16]\n"
    "    stp x23, x24, [sp, #32]\n"
    "    stp x25, x26, [sp, #48]\n"
    "    stp x27, x28, [sp, #64]\n"
    "    stp x29, x30, [sp, #80]\n"
    "    stp d8, d9, [sp, #96]\n"
    "    stp d10, d11, [sp, #112]\n"
    "    stp d12, d13, [sp, #128]\n"
    "    stp d14, d15, [sp, #144]\n"
    "    mov x9, sp\n"
    "    str x9, [x0]\n"
    "    mov sp, x1\n"
    "    ldp x19, x20, [sp, #0]\n"
    "    ldp x21, x22, [sp, #16]\n"
    "    ldp x23, x24, [sp, #32]\n"
    "    ldp x25, x26, [sp, #48]\n"
    "    ldp x27, x28, [sp, #64]\n"
    "    ldp x29, x30, [sp, #80]\n"
    "    ldp d8, d9, [sp, #96]\n"
    "    ldp d10, d11, [sp, #112]\n"
    "    ldp d12, d13, [sp, #128]\n"
    "    ldp d14, d15, [sp, #144]\n"
    "    add sp, sp, #176\n"
    "    ret\n"
    ".size sk_fiber_swap,.-sk_fiber_swap\n"
    ".p2align 4\n"
    ".type sk_fiber_trampoline,%function\n"
    "sk_fiber_trampoline:\n"
    "    mov x0, x19\n"
    "    blr x20\n"
    "    brk #0\n"
    ".size sk_fiber_trampoline,.-sk_fiber_trampoline\n");
#endif

#ifdef SK_FIBER_ASM
void sk_fiber_swap(void **save, void *next);
void sk_fiber_trampoline(void);
#else
#include <ucontext.h>
#endif

/* After a switch lands in `self`, tell the sanitizer and remember the
 * bounds of the thread stack we came from (fibers know their own). */
static void landed(sk_fiber *self, void *fake)
{
#ifdef SK_ASAN
    const void *bottom;
    size_t size;
    __sanitizer_finish_switch_fiber(fake, &bottom, &size);
    if (self->prev && !self->prev->stack) {
        self->prev->asan_bottom = bottom;
        self->prev->asan_size = size;
    }
#else
    (void)self;
    (void)fake;
#endif
}

static void fiber_entry(sk_fiber *f)
{
    landed(f, NULL);
    f->fn(f->arg);
}

#ifndef SK_FIBER_ASM
static void fiber_entry_uc(unsigned hi, unsigned lo)
{
    uintptr_t p = ((uintptr_t)hi << 32) | (uintptr_t)lo;
    fiber_entry((sk_fiber *)p);
}
#endif

int sk_fiber_init(sk_fiber *f, sk_alloc *a, size_t stack_size, void (*fn)(void *), void *arg)
{
    stack_size = (stack_size + 15) & ~(size_t)15;
    void *stack = sk_alloc_sized(a, stack_size);
    if (!stack) return -1;
    if (sk_fiber_init_on(f, a, stack, stack_size, fn, arg)) {
        sk_free_sized(a, stack, stack_size);
        return -1;
    }
    return 0;
}

int sk_fiber_init_on(sk_fiber *f, sk_alloc *a, void *stack, size_t stack_size, void (*fn)(void *), void *arg)
{
    (void)a;
    memset(f, 0, sizeof *f);
    f->stack = stack;
    f->stack_size = stack_size;
    f->fn = fn;
    f->arg = arg;
    f->stack_limit = (char *)f->stack + SK_FIBER_RESERVE;
#ifdef SK_FIBER_ASM
    uintptr_t top = ((uintptr_t)f->stack + stack_size) & ~(uintptr_t)15;
    void **sp;
#if defined(__x86_64__)
    /* After the 6 pops and the ret, rsp must be 16-byte aligned at the
     * trampoline's call: top - 64 + 56 = top - 8 ... so start at top - 72. */
    sp = (void **)(top - 72);
    sp[0] = NULL;                       /* r15 */
    sp[1] = NULL;                       /* r14 */
    sp[2] = NULL;                       /* r13 */
    sp[3] = (void *)fiber_entry;        /* r12: entry */
    sp[4] = f;                          /* rbx: argument */
    sp[5] = NULL;                       /* rbp */
    sp[6] = (void *)sk_fiber_trampoline;/* return address */
    sp[7] = NULL;
#else
    sp = (void **)(top - 176);
    memset(sp, 0, 176);
    sp[0] = f;                          /* x19 */
    sp[1] = (void *)fiber_entry;        /* x20 */
    sp[11] = (void *)sk_fiber_trampoline; /* x30 (lr) */
#endif
    f->sp = sp;
#else
    ucontext_t *uc = sk_alloc_sized(a, sizeof *uc);
    if (!uc) { f->stack = NULL; return -1; }
    getcontext(uc);
    uc->uc_stack.ss_sp = f->stack;
    uc->uc_stack.ss_size = stack_size;
    uc->uc_link = NULL;
    makecontext(uc, (void (*)(void))fiber_entry_uc, 2, (unsigned)((uintptr_t)f >> 32), (unsigned)(uintptr_t)f);
    f->sp = uc;
#endif
    return 0;
}

void sk_fiber_init_thread(sk_fiber *f, size_t budget)
{
    memset(f, 0, sizeof *f);
    f->stack_limit = sk_stack_limit_from_here(budget);
}

static void do_switch(sk_fiber *from, sk_fiber *to, int exiting)
{
    to->prev = from;
#ifdef SK_ASAN
    __sanitizer_start_switch_fiber(exiting ? NULL : &from->asan_fake,
                                   to->stack ? to->stack : to->asan_bottom,
                                   to->stack ? to->stack_size : to->asan_size);
#else
    (void)exiting;
#endif
#ifdef SK_FIBER_ASM
    sk_fiber_swap(&from->sp, to->sp);
#else
    ucontext_t self;
    ucontext_t *save = from->stack ? (ucontext_t *)from->sp : &self;
    if (!from->stack) from->sp = &self;
    swapcontext(save, (ucontext_t *)to->sp);
#endif
    landed(from, from->asan_fake);
}

void sk_fiber_switch(sk_fiber *from, sk_fiber *to) { do_switch(from, to, 0); }

void sk_fiber_exit_to(sk_fiber *from, sk_fiber *to)
{
    do_switch(from, to, 1);
    __builtin_unreachable();
}

void sk_fiber_release(sk_fiber *f, sk_alloc *a)
{
#ifndef SK_FIBER_ASM
    if (f->stack && f->sp) sk_free_sized(a, f->sp, sizeof(ucontext_t));
#endif
    if (f->stack) sk_free_sized(a, f->stack, f->stack_size);
    f->stack = NULL;
}
