#!/usr/bin/env python3
"""Summarises aclnn_cpu_bench JSON (scripts/bench.sh) and PyTorch JSON (scripts/bench_torch.py).

  /usr/bin/python3 scripts/plot_bench.py bench.json [torch.json] --table [--sizes 65536,1048576]
      [--all] [--ops REGEX] [--targets [--target-size 16777216] [--peer-threads 1,2]]
  /usr/bin/python3 scripts/plot_bench.py bench.json [torch.json] --plot docs/performance.png

--table: per size and thread count, every kernel row that has a peer in the run (oneDNN or
PyTorch, paired by operator and dtype: kernel/<op><gen><DT> with onednn/<op>/<dt> and
torch/<op>/<dt>) and the rowwise rows (softmax family, split-and-gate); --all: every row.
--targets: the targets of issues 11 and 12 per row at one size (default 16M), PASS / FAIL /
MISSING (a needed row is not in the run); a peer that has no row for the operator and dtype at
all (e.g. PyTorch 1.13's Mish on bf16) is reported and does not count.

Times are per call (real time); median and min-max over the repetitions. Ratios are taken
within one run: "vs roofline" = roofline time / our time (1.0 = at the memory roofline; the
roofline is the faster of plain and non-temporal stores for the same bytes and threads, timed
right after each kernel case over that case's own buffers, `roofline_us`, where the run has
it, else the separate roofline/ benchmarks), "vs X"
= X's time / our time (above 1: we are faster).
"""
import argparse
import json
import re
import statistics
from collections import defaultdict

DT_OF_KERNEL = {"F32": "f32", "F16": "f16", "BF16": "bf16", "I32": "i32", "I8": "i8"}
ISZ = {"f32": 4, "f16": 2, "bf16": 2, "i32": 4, "i8": 1}


E2E_GEN = ["Legacy"]  # SeluBackward generation of the end-to-end rows, from the run's chip


def load(paths):
    runs = defaultdict(list)
    for p in paths:
        data = json.load(open(p))
        soc = data.get("context", {}).get("aclnn_cpu_soc")
        if soc:  # Ascend 950 chips run the current kernels; every other profile the legacy ones
            E2E_GEN[0] = "Current" if soc.startswith("Ascend950") else "Legacy"
        for b in data["benchmarks"]:
            if b.get("run_type") != "iteration" or b.get("error_occurred"):
                continue
            name = re.sub(r"/min_time:[^/]*|/real_time|/repeats:\d+", "", b["run_name"])
            scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[b.get("time_unit", "us")]
            runs[name].append(b["real_time"] * scale)
            if "roofline_us" in b:  # the roofline over the kernel case's own buffers
                runs["sameroof/" + name].append(b["roofline_us"])
    return {k: (statistics.median(v), min(v), max(v)) for k, v in runs.items()}


KERNEL_RE = re.compile(r"(.+?)(Any|Legacy|Current)?(F32|F16|BF16|I32|I8)$")


def split_kernel(name):  # SeluBackwardCurrentBF16 -> (SeluBackward, Current, bf16)
    m = KERNEL_RE.match(name)
    if not m:
        return None
    return m.group(1), m.group(2) or "", DT_OF_KERNEL[m.group(3)]


# The rowwise kernel rows (bench/bench_rowwise.cpp): shown even without a peer.
ROWWISE_RE = re.compile(r"^(Log)?Softmax(Backward)?(Last1K|Last32K|Dim0)$|^(SwiGlu|GeGlu|SwiGluGrad)$")


def roof(r, isz, n, t):
    c = [r[k][0] for k in (f"roofline/{isz}B/plain/{n}/t{t}", f"roofline/{isz}B/nt/{n}/t{t}") if k in r]
    return min(c) if c else None


def fmt_t(v):
    return f"{v[0]:.0f} ({v[1]:.0f}–{v[2]:.0f})" if v[0] >= 100 else f"{v[0]:.1f} ({v[1]:.1f}–{v[2]:.1f})"


def size_label(n):
    return f"{n >> 20}M" if n >= 1 << 20 else (f"{n >> 10}K" if n >= 1 << 10 else str(n))


def kernel_names(r):
    ks = {k.split("/")[1] for k in r if k.startswith("kernel/")}
    return sorted((k for k in ks if split_kernel(k)), key=lambda s: (split_kernel(s)[0], s))


class Row:
    """One kernel row at (n, threads) with its roofline and peers (None where absent)."""

    def __init__(self, r, k, n, t):
        self.name = k
        self.op, self.gen, self.dt = split_kernel(k)
        key = f"kernel/{k}/{n}/t{t}"
        self.ours = r.get(key)
        same = r.get(f"sameroof/{key}")
        self.roof_us = same[0] if same else roof(r, ISZ[self.dt], n, t)
        self.e2e = (r.get(f"e2e/{self.op}/{self.dt}/{n}/t{t}")
                    if self.gen in ("", E2E_GEN[0]) else None)
        self.onednn = r.get(f"onednn/{self.op}/{self.dt}/{n}/t{t}")
        self.torch = r.get(f"torch/{self.op}/{self.dt}/{n}/t{t}")

    def ratio(self, peer):  # peer time / our time (above 1: we are faster)
        return peer[0] / self.ours[0] if peer and self.ours else None

    def vs_roof(self):
        return self.roof_us / self.ours[0] if self.roof_us and self.ours else None


def table(r, sizes=(1 << 20, 1 << 24), ops=None, all_rows=False):
    """Per size and thread count: every kernel row that has a peer (oneDNN or PyTorch) in the
    run, and the rowwise rows; with all_rows, every kernel row. `ops`: a regex on the row name."""
    peer_ops = {k.split("/")[1] for k in r if k.startswith(("onednn/", "torch/"))}
    kernels = [k for k in kernel_names(r)
               if (all_rows or split_kernel(k)[0] in peer_ops or ROWWISE_RE.match(split_kernel(k)[0]))
               and (ops is None or re.search(ops, k))]
    lines = []
    for n in sizes:
        for t in (1, 2):
            rows = [Row(r, k, n, t) for k in kernels]
            rows = [x for x in rows if x.ours]
            if not rows:
                continue
            lines.append(f"\n**{size_label(n)} elements, {t} thread{'s' if t > 1 else ''}** (µs per call)\n")
            lines.append("| kernel | kernel µs median (min–max) | e2e µs median | vs roofline | vs oneDNN | vs PyTorch |")
            lines.append("|---|---|---|---|---|---|")
            for x in rows:
                cell = lambda v, f: f.format(v) if v is not None else "—"
                lines.append(f"| {x.name} | {fmt_t(x.ours)} | {fmt_t(x.e2e) if x.e2e else '—'} | "
                             f"{cell(x.vs_roof(), '{:.2f}')} | {cell(x.ratio(x.onednn), '{:.2f}×')} | "
                             f"{cell(x.ratio(x.torch), '{:.2f}×')} |")
    return "\n".join(lines)


# ---- the targets of issues 11 and 12 ----
_BWD = lambda names: set(names) | {f"{o}Backward" for o in names}
MEMORY_BOUND = _BWD(["Relu", "LeakyRelu", "Threshold", "Hardswish", "Hardsigmoid", "Hardshrink",
                     "Softshrink", "Shrink", "Heaviside", "AddRelu", "Hardtanh"]) | {"HardswishBackwardV2"}
TRANSCENDENTAL = _BWD(["Gelu", "GeluErf", "Mish", "Elu", "Softplus", "Sigmoid", "LogSigmoid", "Erfinv"])
# Issue 11's list of what oneDNN has (gelu_erf, gelu_tanh, elu, mish, logistic, soft_relu,
# hardswish, hardsigmoid; forward and backward): at least as fast as oneDNN, >= 3x PyTorch.
ONEDNN_LISTED = _BWD(["Gelu", "GeluErf", "Elu", "Mish", "Sigmoid", "Softplus", "Hardswish", "Hardsigmoid"])
SOFTMAX_LAST = {"SoftmaxLast1K", "SoftmaxLast32K", "LogSoftmaxLast1K", "LogSoftmaxLast32K"}
SOFTMAX_OTHER = {"SoftmaxDim0", "LogSoftmaxDim0"}
SPLIT = {"SwiGlu", "GeGlu", "SwiGluGrad"}


def checks_of(op, dt, peer_threads):
    """[(label, threads, what, threshold)] for a row; what: roof | onednn | torch."""
    c = []
    if op in MEMORY_BOUND:
        c += [("roof ≥ 0.9", t, "roof", 0.9) for t in (1, 2)]
    if op in TRANSCENDENTAL and dt == "f32":
        c.append(("roof ≥ 0.8", 2, "roof", 0.8))
    if op in ONEDNN_LISTED:
        c += [("≥ 1× oneDNN", t, "onednn", 1.0) for t in peer_threads]
        c += [("≥ 3× PyTorch", t, "torch", 3.0) for t in peer_threads]
    if op in SOFTMAX_LAST:
        c.append(("roof ≥ 0.7", 2, "roof", 0.7))
        c += [("≥ 2× PyTorch", t, "torch", 2.0) for t in peer_threads]
    if op in SOFTMAX_OTHER:
        c.append(("roof ≥ 0.5", 2, "roof", 0.5))
    if op in SPLIT:
        c.append(("roof ≥ 0.8", 2, "roof", 0.8))
    return c


def targets(r, n=1 << 24, peer_threads=(1, 2), ops=None):
    """One line per kernel row with a target: each check with its value, PASS / FAIL (or
    MISSING when a row the check needs is not in the run)."""
    lines = [f"\n**Issue 11 / 12 targets at {size_label(n)} elements** (vs roofline = roofline µs / "
             "kernel µs; vs peer = peer µs / kernel µs; t1, t2 = threads)\n",
             "| kernel | checks (measured) | verdict |", "|---|---|---|"]
    counts = defaultdict(int)
    for k in kernel_names(r):
        op, _, dt = split_kernel(k)
        if ops is not None and not re.search(ops, k):
            continue
        checks = checks_of(op, dt, peer_threads)
        if not checks:
            continue
        rows = {t: Row(r, k, n, t) for t in (1, 2)}
        if not any(x.ours for x in rows.values()):
            continue
        cells, verdict, measured = [], "PASS", 0
        for label, t, what, threshold in checks:
            x = rows[t]
            v = x.vs_roof() if what == "roof" else x.ratio(x.onednn if what == "onednn" else x.torch)
            if v is None and what != "roof" and not any(
                    key.startswith(f"{what}/{op}/{dt}/") for key in r):
                cells.append(f"{label} t{t}: no {what} row in the run (peer lacks it?)")
                continue
            if v is None:
                cells.append(f"{label} t{t}: missing")
                if verdict == "PASS":
                    verdict = "MISSING"
                continue
            ok = v >= threshold
            measured += 1
            cells.append(f"{label} t{t}: {v:.2f}{'' if ok else ' ✗'}")
            if not ok:
                verdict = "FAIL"
        if measured == 0 and verdict == "PASS":
            verdict = "NO PEER"
        counts[verdict] += 1
        lines.append(f"| {k} | {'; '.join(cells)} | {verdict} |")
    lines.append("\n" + ", ".join(f"{v}: {c}" for v, c in sorted(counts.items())) +
                 ". No stated target (not listed): the softmax backwards, Selu*, Swish*, Celu, "
                 "FastGelu*, and the 16-bit rows of operators outside the oneDNN list.")
    return "\n".join(lines)


def plot(r, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    dts = ["f32", "f16", "bf16", "i32", "i8"]
    fig, axes = plt.subplots(1, len(dts), figsize=(5 * len(dts), 4.5), sharey=True)
    for ax, dt in zip(axes, dts):
        series = defaultdict(list)
        for k, v in r.items():
            parts = k.split("/")
            if len(parts) != 4 and not (parts[0] == "roofline" and len(parts) == 5):
                continue
            if parts[0] == "kernel" and split_kernel(parts[1]):
                op, gen, d = split_kernel(parts[1])
                if d != dt:
                    continue
                label, n, t = f"{op[:5]}{gen} {parts[3]}", int(parts[2]), parts[3]
            elif parts[0] in ("onednn", "torch") and len(parts) == 5:
                continue
            else:
                continue
            series[label].append((n, 3 * n * ISZ[dt] / v[0] / 1e3))  # GB/s
        for k, v in r.items():
            parts = k.split("/")
            if parts[0] in ("onednn", "torch") and parts[2] == dt:
                n = int(parts[3])
                series[f"{parts[0]} {parts[1][:5]} {parts[4]}"].append((n, 3 * n * ISZ[dt] / v[0] / 1e3))
        for t in (1, 2):
            pts = []
            for n in sorted({int(k.split("/")[3]) for k in r if k.startswith("roofline/")}):
                rf = roof(r, ISZ[dt], n, t)
                if rf:
                    pts.append((n, 3 * n * ISZ[dt] / rf / 1e3))
            if pts:
                xs, ys = zip(*pts)
                ax.plot(xs, ys, "k--" if t == 1 else "k-", lw=2, label=f"roofline t{t}")
        for label, pts in sorted(series.items()):
            pts.sort()
            xs, ys = zip(*pts)
            style = ":" if label.startswith(("onednn", "torch")) else "-"
            ax.plot(xs, ys, style, marker=".", label=label)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(dt)
        ax.set_xlabel("elements")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=6)
    axes[0].set_ylabel("GB/s (2 reads + 1 write)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json", nargs="+")
    ap.add_argument("--table", action="store_true")
    ap.add_argument("--plot")
    ap.add_argument("--sizes", default=f"{1 << 20},{1 << 24}",
                    help="comma-separated element counts for --table (default: 1M and 16M)")
    ap.add_argument("--all", action="store_true", help="--table: every kernel row, not only "
                    "those with a peer and the rowwise ones")
    ap.add_argument("--ops", help="regex on the kernel row names (table and targets)")
    ap.add_argument("--targets", action="store_true", help="the issue 11 / 12 targets table")
    ap.add_argument("--target-size", type=int, default=1 << 24)
    ap.add_argument("--peer-threads", default="1,2",
                    help="thread counts at which the peer targets are checked (default 1,2)")
    args = ap.parse_args()
    r = load(args.json)
    if args.table:
        print(table(r, tuple(int(v) for v in args.sizes.split(",")), args.ops, args.all))
    if args.targets:
        print(targets(r, args.target_size, tuple(int(t) for t in args.peer_threads.split(",")),
                      args.ops))
    if args.plot:
        plot(r, args.plot)


if __name__ == "__main__":
    main()
