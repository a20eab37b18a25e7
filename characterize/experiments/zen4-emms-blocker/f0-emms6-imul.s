.intel_syntax noprefix
emms
emms
emms
emms
emms
emms
imul rbx, rcx, 3
