# Alias pattern I: one 4-statement recurrence through four locations (H spread over four lines).
# The memdep loop (load, add, store per statement through pointers a..h in rdi..r11), with
# a..h at byte offsets 0,64,64,128,128,192,192,0 of the kernel region (+4096).
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=4096 rsi=4160 rdx=4160 rcx=4224 r8=4224 r9=4288 r10=4288 r11=4096
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
