# Alias pattern S: a 4-link recurrence where each 4-byte load reads the upper half of an
# older 8-byte store (forwarding works; memory renaming cannot, the sizes differ).
# calibrates: memory.storeForwarding.latency
# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=4096 rsi=4160 rdx=4224 rcx=4288
.intel_syntax noprefix
loop:
    mov eax, DWORD PTR [rdi+4]
    add rax, 1
    mov QWORD PTR [rsi], rax
    mov eax, DWORD PTR [rsi+4]
    add rax, 1
    mov QWORD PTR [rdx], rax
    mov eax, DWORD PTR [rdx+4]
    add rax, 1
    mov QWORD PTR [rcx], rax
    mov eax, DWORD PTR [rcx+4]
    add rax, 1
    mov QWORD PTR [rdi], rax
    add rbx, 1
    cmp rbx, r12
    jne loop
