.intel_syntax noprefix
rcr bx, 7
rcr si, 7
