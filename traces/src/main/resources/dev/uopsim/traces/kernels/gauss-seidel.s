# One Gauss-Seidel sweep over a 1-D grid: a[i] = (a[i-1] + a[i+1]) * 0.5, in place, over doubles.
# The value stored in one iteration is the a[i-1] loaded by the next: the recurrence runs through
# memory (store-to-load forwarding, or memory renaming where the core has it), then an add and a
# multiply. rdi points at a[i]; xmm2 holds 0.5; rcx counts down.
# uopsim: mode loop
# uopsim: init distinct
.intel_syntax noprefix
loop:
    movsd xmm0, QWORD PTR [rdi-8]         # a[i-1], written by the previous iteration
    addsd xmm0, QWORD PTR [rdi+8]         # + a[i+1]
    mulsd xmm0, xmm2                      # * 0.5
    movsd QWORD PTR [rdi], xmm0           # a[i] =
    add rdi, 8
    sub rcx, 1
    jne loop
