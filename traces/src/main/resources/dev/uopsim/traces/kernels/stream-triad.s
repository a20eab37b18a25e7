# STREAM triad: a[i] = b[i] + s * c[i] over doubles, scalar SSE2 (what a compiler emits without
# vectorising): two loads, a multiply, an add, a store, and the counted loop. Iterations are
# independent; throughput is bound by the load/store ports and the floating-point ports.
# rdi = a, rsi = b, rdx = c, each on its own region; xmm0 holds s; rcx counts up to r8.
# uopsim: mode loop
# uopsim: init distinct
.intel_syntax noprefix
loop:
    movsd xmm1, QWORD PTR [rdx+rcx*8]     # c[i]
    mulsd xmm1, xmm0                      # s * c[i]
    addsd xmm1, QWORD PTR [rsi+rcx*8]     # + b[i]
    movsd QWORD PTR [rdi+rcx*8], xmm1     # a[i] =
    add rcx, 1
    cmp rcx, r8
    jne loop
