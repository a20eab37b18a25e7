.intel_syntax noprefix
rcl di, 7
