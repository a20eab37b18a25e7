.intel_syntax noprefix
xor ebx, ebx
add rbx, rcx
add rcx, rbx
