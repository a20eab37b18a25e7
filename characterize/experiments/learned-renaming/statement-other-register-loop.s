# uopsim: mode loop
# uopsim: init distinct
# uopsim: bind rdi=0 rsi=0 rdx=0 rcx=0 r14=0 r13=0
.intel_syntax noprefix
loop:
mov eax, DWORD PTR [rdi]
add eax, 1
mov DWORD PTR [rsi], eax
add r8, 1
cmp r8, r9
jne loop
