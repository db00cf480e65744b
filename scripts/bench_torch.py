#!/usr/bin/env python3
"""PyTorch CPU peers of aclnn_cpu_bench, on the same sizes and thread counts.

SwishBackward = aten.silu_backward (beta = 1); SeluBackward = aten.elu_backward with SELU's
alpha and scale and is_result=True (the gradient from the forward output, as aclnn's).
Prints the same table as scripts/plot_bench.py --table and, with --json FILE, writes Google
Benchmark-style JSON (one entry per repetition) that plot_bench.py merges.

Usage: /usr/bin/python3 scripts/bench_torch.py [--json out.json] [--reps 5] [--min-time 0.1]
"""
import argparse
import json
import statistics
import time

import torch

SIZES = [1, 1 << 10, 1 << 16, 1 << 20, 1 << 24, 1 << 26]
DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def make_case(op, dt, n):
    gen = torch.Generator().manual_seed(1)
    g = (torch.rand(n, generator=gen, dtype=torch.float64) * 10 - 5).to(dt)
    if op == "SwishBackward":
        x = (torch.rand(n, generator=gen, dtype=torch.float64) * 16 - 8).to(dt)
        return lambda: torch.ops.aten.silu_backward(g, x)
    y = (torch.rand(n, generator=gen, dtype=torch.float64) * 5.758 - 1.758).to(dt)
    return lambda: torch.ops.aten.elu_backward(g, SELU_ALPHA, SELU_SCALE, 1.0, True, y)


def time_case(fn, reps, min_time):
    fn()  # warm-up (and the dtype-support check)
    per_call = []
    for _ in range(reps):
        iters, start = 0, time.perf_counter()
        while True:
            fn()
            iters += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time and iters >= 3:
                break
        per_call.append(elapsed / iters)
    return per_call


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--min-time", type=float, default=0.1)
    ap.add_argument("--sizes", default=",".join(str(s) for s in SIZES))
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    out = []
    print(f"torch {torch.__version__}")
    print(f"{'benchmark':48} {'median us':>12} {'min us':>12} {'max us':>12} {'Gelem/s':>9} {'GB/s':>8}")
    for threads in (1, 2):
        torch.set_num_threads(threads)
        for n in sizes:
            for op in ("SwishBackward", "SeluBackward"):
                for name, dt in DTYPES.items():
                    bench = f"torch/{op}/{name}/{n}/t{threads}"
                    try:
                        times = time_case(make_case(op, dt, n), args.reps, args.min_time)
                    except RuntimeError as e:  # dtype not implemented on CPU in this version
                        print(f"{bench:48} skipped: {str(e).splitlines()[0][:60]}")
                        continue
                    med = statistics.median(times)
                    isz = torch.tensor([], dtype=dt).element_size()
                    print(f"{bench:48} {med*1e6:12.2f} {min(times)*1e6:12.2f} {max(times)*1e6:12.2f}"
                          f" {n/med/1e9:9.3f} {3*n*isz/med/1e9:8.2f}")
                    for t in times:
                        out.append({"name": bench, "run_name": bench, "run_type": "iteration",
                                    "real_time": t * 1e6, "time_unit": "us", "n": n,
                                    "elem_bytes": isz, "threads": threads,
                                    "items_per_second": n / t,
                                    "bytes_per_second": 3 * n * isz / t})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"context": {"torch": torch.__version__}, "benchmarks": out}, f, indent=1)


if __name__ == "__main__":
    main()
