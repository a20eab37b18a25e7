# Alias pattern R: two recurrences whose loads straddle each other's stores (two failed forwards per iteration).
# The memdep loop (load, add, store per statement through pointers a..h in rdi..r11), with
# a..h at byte offsets 0,0,64,64,128,128,130,130 of the kernel region (+4096).
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=4096 rsi=4096 rdx=4160 rcx=4160 r8=4224 r9=4224 r10=4226 r11=4226
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
