# Read-modify-write chain with an immediate source: each copy adds 1 to what the copy before stored.
# Where renaming passes the RMW store's result on, the chain runs at the add's latency.
# (Kept at 4 bytes or more: this host does not rename 3-byte RMW encodings back to back.)
# uopsim: mode unrolled
# uopsim: init same
.intel_syntax noprefix
    add QWORD PTR [rax+8], 1
