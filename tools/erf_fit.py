#!/usr/bin/env python3
"""Prints the coefficients of the AVX-512 erf (kernels/elementwise/vmath_erf.h).

Needs mpmath (Debian: python3-mpmath); not used by the build. Each polynomial interpolates its
function at the Chebyshev nodes of its interval, evaluated with 40 digits, then rounded to fp32:
  kS:          S(s) = erf(sqrt s)/sqrt s - 1 on s in [0, 0.25], degree 5;
  AVX-512 (Pieces16): piece i (0..15) is erf(0.5 + (i + t)/4) on t in [-1/2, 1/2], degree 6;
  AVX2 (Pieces8):     piece i (0..7) is erf(0.5 + (i + t)/2) on t in [-1/2, 1/2], degree 7;
  each piece's constant term is split as hi + lo (lo the fp32 rounding of what hi misses).
"""
import struct

import mpmath as mp

mp.mp.dps = 40


def f32(x):
    return struct.unpack("f", struct.pack("f", float(x)))[0]


def interpolate(f, lo, hi, degree):
    """Monomial coefficients of the interpolant of f at degree + 1 Chebyshev nodes of [lo, hi]."""
    n = degree + 1
    nodes = [(lo + hi) / 2 + (hi - lo) / 2 * mp.cos(mp.pi * (2 * k + 1) / (2 * n)) for k in range(n)]
    a = mp.matrix(n, n)
    b = mp.matrix(n, 1)
    for row, t in enumerate(nodes):
        for col in range(n):
            a[row, col] = t**col
        b[row] = f(t)
    return list(mp.lu_solve(a, b))


def s_of(s):
    if s == 0:
        return 2 / mp.sqrt(mp.pi) - 1
    r = mp.sqrt(s)
    return mp.erf(r) / r - 1


def show(name, values):
    print("%s = {%s}" % (name, ", ".join("%.9ef" % v for v in values)))


def pieces(title, count, per_unit, degree):
    columns = [[] for _ in range(degree + 2)]  # hi, lo, c1..c_degree
    for i in range(count):
        centre = mp.mpf(0.5) + mp.mpf(i) / per_unit
        c = interpolate(lambda t: mp.erf(centre + t / per_unit), mp.mpf(-0.5), mp.mpf(0.5), degree)
        hi = f32(c[0])
        columns[0].append(hi)
        columns[1].append(f32(c[0] - hi))
        for k in range(1, degree + 1):
            columns[k + 1].append(f32(c[k]))
    print(title)
    for name, values in zip(["kHi", "kLo"] + ["kC%d" % k for k in range(1, degree + 1)], columns):
        show(name, values)


def main():
    show("kS", [f32(c) for c in interpolate(s_of, mp.mpf(0), mp.mpf(0.25), 5)])
    pieces("Pieces16", 16, 4, 6)
    pieces("Pieces8", 8, 2, 7)


if __name__ == "__main__":
    main()
