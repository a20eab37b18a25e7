.intel_syntax noprefix
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
mov rax, rcx
