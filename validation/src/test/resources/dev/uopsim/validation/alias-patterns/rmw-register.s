# Read-modify-write chain with a register source: each copy adds rdi to what the copy before stored.
# Memory renaming passes a plain store's data on to a later load; whether it passes on the result of
# an RMW store depends on the core (this host: not when the other source is a register, so the chain
# runs at the forwarding latency plus the add).
# uopsim: mode unrolled
# uopsim: init same
.intel_syntax noprefix
    add QWORD PTR [rax+8], rdi
