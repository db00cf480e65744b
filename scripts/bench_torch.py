#!/usr/bin/env python3
"""PyTorch CPU peers of aclnn_cpu_bench, on the same sizes, inputs and thread counts.

One table row per peer: our operator's benchmark name (the kernel list's, or the bench's
variant such as GeluErf) and the PyTorch call that computes the same thing. Rows are named
torch/<op>/<dtype>/<n>/t<threads>, so scripts/plot_bench.py pairs them with
kernel/<op><generation><DTYPE>/<n>/t<threads> (and the softmax / split rows with
kernel/<op><shape>F32/... and kernel/<op><DTYPE>/...; bench/bench_rowwise.cpp).

Inputs as in bench/: forward x in [-5, 5]; backward dy in [-5, 5] and x in [-8, 8] (y of the
forward where the aten backward takes the output). SeluBackward = aten.elu_backward with SELU's
alpha and scale and is_result=True (the gradient from the forward output, as aclnn's).
SwiGlu = silu(a) * b with a, b the halves of x's last dim (x: [n / 4096, 4096]); GeGlu =
(a * gelu_tanh(b), gelu_tanh(b)); SwiGluGrad = cat(silu_backward(dy * b, a), dy * silu(a)), what
autograd runs for it. Softmax family along the last dim (lines of 1K, 32K) and dim 0 of
[1K, n / 1K], with the aten backward ops.

Prints a table and, with --json FILE, writes Google Benchmark-style JSON (one entry per
repetition) that plot_bench.py merges.

Usage: /usr/bin/python3 scripts/bench_torch.py [--json out.json] [--reps 5] [--min-time 0.1]
           [--filter REGEX] [--sizes 1024,1048576] [--threads 1,2]
"""
import argparse
import json
import re
import statistics
import time

import torch
import torch.nn.functional as F

A = torch.ops.aten
SIZES = [1, 1 << 10, 1 << 16, 1 << 20, 1 << 24, 1 << 26]
ROWWISE_SIZES = [1 << 16, 1 << 20, 1 << 24]
DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16}
SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946
SPLIT_COLS = 4096
ROW_SHAPES = {"Last1K": (-1, 1024), "Last32K": (-1, 32768), "Dim0": (0, 1024)}


def uniform(n, lo, hi, dt, seed):
    gen = torch.Generator().manual_seed(seed)
    return (torch.rand(n, generator=gen, dtype=torch.float64) * (hi - lo) + lo).to(dt)


def _log_sigmoid_backward(g, x):
    buffer = A.log_sigmoid_forward(x)[1]
    return lambda: A.log_sigmoid_backward(g, x, buffer)


# op -> (kind, builder): "fwd" builders take x; "bwd" builders take (dy, x) and return the call
# (a lambda) or, with kind "bwd_y", take (dy, y) with y in [0, 1] (a sigmoid output).
ELTWISE = {
    "Gelu": ("fwd", lambda x: lambda: F.gelu(x, approximate="tanh")),
    "GeluBackward": ("bwd", lambda g, x: lambda: A.gelu_backward(g, x, approximate="tanh")),
    "GeluErf": ("fwd", lambda x: lambda: F.gelu(x)),
    "GeluErfBackward": ("bwd", lambda g, x: lambda: A.gelu_backward(g, x, approximate="none")),
    "Elu": ("fwd", lambda x: lambda: F.elu(x)),
    "EluBackward": ("bwd", lambda g, x: lambda: A.elu_backward(g, 1.0, 1.0, 1.0, False, x)),
    "Mish": ("fwd", lambda x: lambda: F.mish(x)),
    "MishBackward": ("bwd", lambda g, x: lambda: A.mish_backward(g, x)),
    "Sigmoid": ("fwd", lambda x: lambda: torch.sigmoid(x)),
    "SigmoidBackward": ("bwd_y", lambda g, y: lambda: A.sigmoid_backward(g, y)),
    "LogSigmoid": ("fwd", lambda x: lambda: F.logsigmoid(x)),
    "LogSigmoidBackward": ("bwd", _log_sigmoid_backward),
    "Softplus": ("fwd", lambda x: lambda: F.softplus(x)),
    "SoftplusBackward": ("bwd", lambda g, x: lambda: A.softplus_backward(g, x, 1.0, 20.0)),
    "Hardswish": ("fwd", lambda x: lambda: F.hardswish(x)),
    "HardswishBackward": ("bwd", lambda g, x: lambda: A.hardswish_backward(g, x)),
    "Hardsigmoid": ("fwd", lambda x: lambda: F.hardsigmoid(x)),
    "HardsigmoidBackward": ("bwd", lambda g, x: lambda: A.hardsigmoid_backward(g, x)),
    "Hardshrink": ("fwd", lambda x: lambda: F.hardshrink(x, 0.5)),
    "HardshrinkBackward": ("bwd", lambda g, x: lambda: A.hardshrink_backward(g, x, 0.5)),
    "Softshrink": ("fwd", lambda x: lambda: F.softshrink(x, 0.5)),
    "SoftshrinkBackward": ("bwd", lambda g, x: lambda: A.softshrink_backward(g, x, 0.5)),
    "Relu": ("fwd", lambda x: lambda: torch.relu(x)),
    "ReluBackward": ("bwd", lambda g, x: lambda: A.threshold_backward(g, x, 0.0)),
    "Threshold": ("fwd", lambda x: lambda: F.threshold(x, 0.0, 0.0)),
    "ThresholdBackward": ("bwd", lambda g, x: lambda: A.threshold_backward(g, x, 0.0)),
    "LeakyRelu": ("fwd", lambda x: lambda: F.leaky_relu(x, 0.01)),
    "LeakyReluBackward": ("bwd", lambda g, x: lambda: A.leaky_relu_backward(g, x, 0.01, False)),
    "Celu": ("fwd", lambda x: lambda: F.celu(x)),
    "Selu": ("fwd", lambda x: lambda: F.selu(x)),
    "Swish": ("fwd", lambda x: lambda: F.silu(x)),
    "SwishBackward": ("bwd", lambda g, x: lambda: A.silu_backward(g, x)),
    "SiluBackward": ("bwd", lambda g, x: lambda: A.silu_backward(g, x)),
    "SeluBackward": ("bwd_selu", lambda g, y: lambda: A.elu_backward(
        g, SELU_ALPHA, SELU_SCALE, 1.0, True, y)),
}


def eltwise_case(op, dt, n):
    kind, build = ELTWISE[op]
    if kind == "fwd":
        return build(uniform(n, -5, 5, dt, 1)), 2
    g = uniform(n, -5, 5, dt, 1)
    lo, hi = {"bwd": (-8, 8), "bwd_y": (0, 1), "bwd_selu": (-1.758, 4)}[kind]
    return build(g, uniform(n, lo, hi, dt, 2)), 3


def softmax_case(op, shape, n):
    dim, length = ROW_SHAPES[shape]
    rows, cols = (n // length, length) if dim == -1 else (length, n // length)
    x = uniform(n, -5, 5, torch.float32, 1).reshape(rows, cols)
    log = op.startswith("Log")
    if not op.endswith("Backward"):
        fn = torch.log_softmax if log else torch.softmax
        return (lambda: fn(x, dim)), 2
    lo, hi = (-12.0, -4.0) if log else (0.0, 2.0 / length)
    y = uniform(n, lo, hi, torch.float32, 4).reshape(rows, cols)
    bwd = A._log_softmax_backward_data if log else A._softmax_backward_data
    return (lambda: bwd(x, y, dim, torch.float32)), 3


def split_case(op, dt, n):
    x = uniform(n, -5, 5, dt, 1).reshape(n // SPLIT_COLS, SPLIT_COLS)
    a, b = x.chunk(2, -1)
    if op == "SwiGlu":
        return (lambda: F.silu(a) * b), 1.5
    if op == "GeGlu":  # aclnnGeGlu: the gate is the second half, approximate tanh
        def geglu():
            gelu = F.gelu(b, approximate="tanh")
            return a * gelu, gelu
        return geglu, 2
    dy = uniform(n // 2, -5, 5, dt, 2).reshape(n // SPLIT_COLS, SPLIT_COLS // 2)
    return (lambda: torch.cat([A.silu_backward(dy * b, a), dy * F.silu(a)], -1)), 2.5


def cases(sizes, threads):
    """Yields (name, n, dtype name, builder) for every peer row."""
    for t in threads:
        for n in sizes:
            for op in ELTWISE:
                for dname, dt in DTYPES.items():
                    yield t, f"torch/{op}/{dname}/{n}/t{t}", n, dname, \
                        (lambda op=op, dt=dt, n=n: eltwise_case(op, dt, n))
        for n in [s for s in ROWWISE_SIZES if s in sizes]:
            for op in ("Softmax", "LogSoftmax", "SoftmaxBackward", "LogSoftmaxBackward"):
                for shape in ROW_SHAPES:
                    yield t, f"torch/{op}{shape}/f32/{n}/t{t}", n, "f32", \
                        (lambda op=op, shape=shape, n=n: softmax_case(op, shape, n))
            for op in ("SwiGlu", "GeGlu", "SwiGluGrad"):
                for dname, dt in DTYPES.items():
                    yield t, f"torch/{op}/{dname}/{n}/t{t}", n, dname, \
                        (lambda op=op, dt=dt, n=n: split_case(op, dt, n))


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
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--filter", default=".", help="regex searched in the row names")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    threads = [int(t) for t in args.threads.split(",")]
    pattern = re.compile(args.filter)
    out = []
    print(f"torch {torch.__version__}")
    print(f"{'benchmark':48} {'median us':>12} {'min us':>12} {'max us':>12} {'Gelem/s':>9} {'GB/s':>8}")
    for t, bench, n, dname, build in cases(sizes, threads):
        if not pattern.search(bench):
            continue
        torch.set_num_threads(t)
        try:
            fn, streams = build()
            times = time_case(fn, args.reps, args.min_time)
        except (RuntimeError, NotImplementedError) as e:  # not implemented for this dtype
            print(f"{bench:48} skipped: {str(e).splitlines()[0][:60]}")
            continue
        med = statistics.median(times)
        isz = 4 if dname == "f32" else 2
        traffic = streams * n * isz
        print(f"{bench:48} {med*1e6:12.2f} {min(times)*1e6:12.2f} {max(times)*1e6:12.2f}"
              f" {n/med/1e9:9.3f} {traffic/med/1e9:8.2f}")
        for s in times:
            out.append({"name": bench, "run_name": bench, "run_type": "iteration",
                        "real_time": s * 1e6, "time_unit": "us", "n": n,
                        "elem_bytes": isz, "threads": t, "items_per_second": n / s,
                        "bytes_per_second": traffic / s})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"context": {"torch": torch.__version__}, "benchmarks": out}, f, indent=1)


if __name__ == "__main__":
    main()
