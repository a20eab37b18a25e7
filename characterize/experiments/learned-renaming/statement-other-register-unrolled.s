# uopsim: mode unrolled
# uopsim: init distinct
# uopsim: bind rdi=0 rsi=0 rdx=0 rcx=0 r14=0 rbx=0
.intel_syntax noprefix
mov eax, DWORD PTR [rdi]
add eax, 1
mov DWORD PTR [rsi], eax
