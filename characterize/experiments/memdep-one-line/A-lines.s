# Kernel A's loop with its pointers on lines as published (a..h on lines 0..7).
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=0 rsi=64 rdx=128 rcx=192 r8=256 r9=320 r10=384 r11=448
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
