.intel_syntax noprefix
emms
emms
emms
emms
emms
emms
