# Memory-dependency kernel D: two 2-statement recurrences.
#
# C:  for (i = 0; i < n; i++) { *b = *a + 1; *d = *c + 1; *f = *e + 1; *h = *g + 1; }
# with int pointers a..h = a:0, b:1, c:1, d:0, e:2, f:3, g:3, h:2 (equal numbers = the same location).
#
# Why this shape: the published figures come from a loop whose code is not known, so every model
# runs this one stated loop. It is what an optimizing compiler emits for the C above when the
# pointers may alias: each statement is a 32-bit load, an add and a store through a pointer held
# in a register (a..h in rdi rsi rdx rcx r8 r9 r10 r11), and the counter is an increment, a
# compare with the bound in r12 and a conditional branch back (counted loop, 15 instructions).
# The bindings put each distinct pointer on its own cache line: offset = 64 * parameter.
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=0 rsi=64 rdx=64 rcx=0 r8=128 r9=192 r10=192 r11=128
.intel_syntax noprefix
loop:
    mov eax, DWORD PTR [rdi]     # *b = *a + 1
    add eax, 1
    mov DWORD PTR [rsi], eax
    mov eax, DWORD PTR [rdx]     # *d = *c + 1
    add eax, 1
    mov DWORD PTR [rcx], eax
    mov eax, DWORD PTR [r8]      # *f = *e + 1
    add eax, 1
    mov DWORD PTR [r9], eax
    mov eax, DWORD PTR [r10]     # *h = *g + 1
    add eax, 1
    mov DWORD PTR [r11], eax
    add rbx, 1                   # i++
    cmp rbx, r12                 # i < n
    jne loop
