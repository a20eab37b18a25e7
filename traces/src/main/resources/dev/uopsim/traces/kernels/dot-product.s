# Dot product: sum += a[i] * b[i] over doubles, scalar SSE2 with one accumulator, as a compiler
# emits it without -ffast-math (the additions stay in order): the loop-carried chain through
# the accumulator (addsd latency) bounds it, not the ports.
# rdi = a, rsi = b; xmm0 is the sum; rcx counts up to rdx.
# uopsim: mode loop
# uopsim: init distinct
.intel_syntax noprefix
loop:
    movsd xmm1, QWORD PTR [rdi+rcx*8]     # a[i]
    mulsd xmm1, QWORD PTR [rsi+rcx*8]     # * b[i]
    addsd xmm0, xmm1                      # sum +=
    add rcx, 1
    cmp rcx, rdx
    jne loop
