.intel_syntax noprefix
cld
