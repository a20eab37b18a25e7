.intel_syntax noprefix
cld
add r8d, 1
add r9d, 1
add r10d, 1
add r11d, 1
