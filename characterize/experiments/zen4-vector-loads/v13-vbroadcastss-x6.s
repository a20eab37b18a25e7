.intel_syntax noprefix
vbroadcastss ymm2, DWORD PTR [r14+0x0]
vbroadcastss ymm3, DWORD PTR [r14+0x40]
vbroadcastss ymm4, DWORD PTR [r14+0x80]
vbroadcastss ymm5, DWORD PTR [r14+0xc0]
vbroadcastss ymm6, DWORD PTR [r14+0x100]
vbroadcastss ymm7, DWORD PTR [r14+0x140]
