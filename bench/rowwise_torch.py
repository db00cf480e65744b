#!/usr/bin/env python3
"""PyTorch CPU peers of bench_rowwise (same shapes): min over reps, ms per call, 1 and 2 threads.
Run with the Debian interpreter: /usr/bin/python3 bench/rowwise_torch.py [reps].
ACLCPU_BENCH_CPU=1: process CPU time instead of wall-clock time (as bench_rowwise)."""
import os
import sys
import time

import torch

REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
CLOCK = time.process_time if os.environ.get("ACLCPU_BENCH_CPU") else time.perf_counter
CASES = [
    ("softmax/16Kx1K/last", torch.softmax, (16384, 1024), 1),
    ("softmax/512x32K/last", torch.softmax, (512, 32768), 1),
    ("logsoftmax/16Kx1K/last", torch.log_softmax, (16384, 1024), 1),
    ("logsoftmax/512x32K/last", torch.log_softmax, (512, 32768), 1),
    ("softmax/64x1024x256/dim1", torch.softmax, (64, 1024, 256), 1),
    ("logsoftmax/64x1024x256/dim1", torch.log_softmax, (64, 1024, 256), 1),
]

for name, fn, shape, dim in CASES:
    x = torch.empty(shape).uniform_(-8, 8)
    for threads in (1, 2):
        torch.set_num_threads(threads)
        fn(x, dim)
        best = 1e30
        for _ in range(REPS):
            t0 = CLOCK()
            fn(x, dim)
            best = min(best, CLOCK() - t0)
        print(f"torch {name:30s} t{threads}  {best * 1e3:8.3f} ms", flush=True)
