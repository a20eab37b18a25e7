# Alias pattern T: as S, but each 4-byte load reads the lower half (same start as the store).
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=4096 rsi=4160 rdx=4224 rcx=4288
.intel_syntax noprefix
loop:
    mov eax, DWORD PTR [rdi]
    add rax, 1
    mov QWORD PTR [rsi], rax
    mov eax, DWORD PTR [rsi]
    add rax, 1
    mov QWORD PTR [rdx], rax
    mov eax, DWORD PTR [rdx]
    add rax, 1
    mov QWORD PTR [rcx], rax
    mov eax, DWORD PTR [rcx]
    add rax, 1
    mov QWORD PTR [rdi], rax
    add rbx, 1
    cmp rbx, r12
    jne loop
