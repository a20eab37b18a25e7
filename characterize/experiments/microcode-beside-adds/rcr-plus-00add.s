.intel_syntax noprefix
rcr di, 7
