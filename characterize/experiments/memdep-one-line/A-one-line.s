# Kernel A's loop with the eight pointers 8 bytes apart in one line: a..h = 0, 8, ..., 56.
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=0 rsi=8 rdx=16 rcx=24 r8=32 r9=40 r10=48 r11=56
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
