#!/usr/bin/env python3
"""Summarises aclnn_cpu_bench JSON (scripts/bench.sh) and PyTorch JSON (scripts/bench_torch.py).

  /usr/bin/python3 scripts/plot_bench.py bench.json [torch.json] --table [--sizes 65536,1048576]
  /usr/bin/python3 scripts/plot_bench.py bench.json [torch.json] --plot docs/performance.png

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


def split_kernel(name):  # SeluBackwardCurrentBF16 -> (SeluBackward, Current, bf16)
    m = re.match(r"(SwishBackward|SeluBackward)(Legacy|Current)?(F32|F16|BF16|I32|I8)$", name)
    return m.group(1), m.group(2) or "", DT_OF_KERNEL[m.group(3)]


def roof(r, isz, n, t):
    c = [r[k][0] for k in (f"roofline/{isz}B/plain/{n}/t{t}", f"roofline/{isz}B/nt/{n}/t{t}") if k in r]
    return min(c) if c else None


def fmt_t(v):
    return f"{v[0]:.0f} ({v[1]:.0f}–{v[2]:.0f})" if v[0] >= 100 else f"{v[0]:.1f} ({v[1]:.1f}–{v[2]:.1f})"


def size_label(n):
    return f"{n >> 20}M" if n >= 1 << 20 else (f"{n >> 10}K" if n >= 1 << 10 else str(n))


def table(r, sizes=(1 << 20, 1 << 24)):
    kernels = sorted({k.split("/")[1] for k in r if k.startswith("kernel/")},
                     key=lambda s: (not s.startswith("Swish"), "Legacy" in s, s))
    lines = []
    for n in sizes:
        for t in (1, 2):
            lines.append(f"\n**{size_label(n)} elements, {t} thread{'s' if t > 1 else ''}** (µs per call)\n")
            lines.append("| kernel | kernel µs median (min–max) | e2e µs median | vs roofline | vs oneDNN | vs PyTorch |")
            lines.append("|---|---|---|---|---|---|")
            for k in kernels:
                key = f"kernel/{k}/{n}/t{t}"
                if key not in r:
                    continue
                op, gen, dt = split_kernel(k)
                ours = r[key]
                same = r.get(f"sameroof/{key}")
                rf = same[0] if same else roof(r, ISZ[dt], n, t)
                e2e = r.get(f"e2e/{op}/{dt}/{n}/t{t}") if gen in ("", E2E_GEN[0]) else None
                dn = r.get(f"onednn/{op}/{dt}/{n}/t{t}")
                th = r.get(f"torch/{op}/{dt}/{n}/t{t}")
                cell = lambda p: f"{p[0] / ours[0]:.2f}×" if p else "—"
                lines.append(f"| {k} | {fmt_t(ours)} | {fmt_t(e2e) if e2e else '—'} | "
                             f"{rf / ours[0]:.2f} | {cell(dn)} | {cell(th)} |" if rf else "")
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
            if parts[0] == "kernel":
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
    args = ap.parse_args()
    r = load(args.json)
    if args.table:
        print(table(r, tuple(int(v) for v in args.sizes.split(","))))
    if args.plot:
        plot(r, args.plot)


if __name__ == "__main__":
    main()
