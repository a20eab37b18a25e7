# Alias pattern K: each load reads what a later statement stored one iteration before (a chain across three iterations).
# The memdep loop (load, add, store per statement through pointers a..h in rdi..r11), with
# a..h at byte offsets 64,0,128,64,192,128,0,192 of the kernel region (+4096).
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=4160 rsi=4096 rdx=4224 rcx=4160 r8=4288 r9=4224 r10=4096 r11=4288
.intel_syntax noprefix
loop:
    mov eax, DWORD PTR [rdi]
    add eax, 1
    mov DWORD PTR [rsi], eax
    mov eax, DWORD PTR [rdx]
    add eax, 1
    mov DWORD PTR [rcx], eax
    mov eax, DWORD PTR [r8]
    add eax, 1
    mov DWORD PTR [r9], eax
    mov eax, DWORD PTR [r10]
    add eax, 1
    mov DWORD PTR [r11], eax
    add rbx, 1
    cmp rbx, r12
    jne loop
