#!/usr/bin/env python3
"""plot_bench.py LOG PNG: draws db_bench's interval lines as a PNG.

Reads the stderr+stdout of one or more db_bench runs made with
--stats_interval_seconds=N --stats_per_interval=1 and draws four panels over
time: throughput (ops/s in each interval), write stall percent, level-0 files
and pending compaction bytes. Benchmarks follow each other on one time axis;
a vertical mark and the benchmark's name start each one.

No third-party packages: the PNG is written with zlib and a built-in 5x7 font,
so it works on a fresh machine with only python3.
"""
import re
import struct
import sys
import zlib

INTERVAL = re.compile(
    r"\.\.\. thread 0: \((\d+),(\d+)\) ops and \(([\d.]+),([\d.]+)\) ops/second in \(([\d.]+),([\d.]+)\) seconds"
)
EXTRA = re.compile(r"\.\.\. thread 0: interval stall% ([\d.]+) l0_files (\d+) pending_compaction_bytes (\d+)")
RESULT = re.compile(r"^(\w+)\s+:\s+[\d.]+ micros/op \d+ ops/sec ([\d.]+) seconds")

# 5x7 glyphs, one string of 7 rows of 5 bits per character.
FONT = {
    "0": "01110 10001 10011 10101 11001 10001 01110", "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111", "3": "11110 00001 00001 01110 00001 00001 11110",
    "4": "00010 00110 01010 10010 11111 00010 00010", "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110", "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110", "9": "01110 10001 10001 01111 00001 00010 01100",
    "A": "01110 10001 10001 11111 10001 10001 10001", "B": "11110 10001 10001 11110 10001 10001 11110",
    "C": "01110 10001 10000 10000 10000 10001 01110", "D": "11110 10001 10001 10001 10001 10001 11110",
    "E": "11111 10000 10000 11110 10000 10000 11111", "F": "11111 10000 10000 11110 10000 10000 10000",
    "G": "01110 10001 10000 10111 10001 10001 01111", "H": "10001 10001 10001 11111 10001 10001 10001",
    "I": "01110 00100 00100 00100 00100 00100 01110", "J": "00111 00010 00010 00010 00010 10010 01100",
    "K": "10001 10010 10100 11000 10100 10010 10001", "L": "10000 10000 10000 10000 10000 10000 11111",
    "M": "10001 11011 10101 10101 10001 10001 10001", "N": "10001 11001 10101 10011 10001 10001 10001",
    "O": "01110 10001 10001 10001 10001 10001 01110", "P": "11110 10001 10001 11110 10000 10000 10000",
    "Q": "01110 10001 10001 10001 10101 10010 01101", "R": "11110 10001 10001 11110 10100 10010 10001",
    "S": "01111 10000 10000 01110 00001 00001 11110", "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 01110", "V": "10001 10001 10001 10001 10001 01010 00100",
    "W": "10001 10001 10001 10101 10101 10101 01010", "X": "10001 10001 01010 00100 01010 10001 10001",
    "Y": "10001 10001 01010 00100 00100 00100 00100", "Z": "11111 00001 00010 00100 01000 10000 11111",
    ".": "00000 00000 00000 00000 00000 01100 01100", "%": "11000 11001 00010 00100 01000 10011 00011",
    "/": "00000 00001 00010 00100 01000 10000 00000", "(": "00010 00100 01000 01000 01000 00100 00010",
    ")": "01000 00100 00010 00010 00010 00100 01000", "-": "00000 00000 00000 11111 00000 00000 00000",
    ":": "00000 01100 01100 00000 01100 01100 00000", "_": "00000 00000 00000 00000 00000 00000 11111",
    " ": "00000 00000 00000 00000 00000 00000 00000", ",": "00000 00000 00000 00000 01100 00100 01000",
}


class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = bytearray(b"\xff" * (w * h * 3))

    def set(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            i = (y * self.w + x) * 3
            self.px[i:i + 3] = bytes(c)

    def line(self, x0, y0, x1, y1, c):
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        while True:
            self.set(x0, y0, c)
            if x0 == x1 and y0 == y1:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def text(self, x, y, s, c=(0, 0, 0)):
        for ch in s.upper():
            rows = FONT.get(ch, FONT[" "]).split()
            for r, bits in enumerate(rows):
                for k, b in enumerate(bits):
                    if b == "1":
                        self.set(x + k, y + r, c)
            x += 6

    def png(self, path):
        raw = b"".join(b"\x00" + bytes(self.px[y * self.w * 3:(y + 1) * self.w * 3]) for y in range(self.h))

        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n")
            f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)))
            f.write(chunk(b"IDAT", zlib.compress(raw, 6)))
            f.write(chunk(b"IEND", b""))


def human(v):
    for unit, div in (("G", 1e9), ("M", 1e6), ("K", 1e3)):
        if abs(v) >= div:
            return f"{v / div:.1f}{unit}"
    return f"{v:.0f}" if v >= 10 or v == 0 else f"{v:.1f}"


def parse(lines):
    """Returns (points, marks): points (t, ops_per_sec, stall%, l0, pending); marks (t, name)."""
    points, marks = [], []
    offset = 0.0  # where the running benchmark starts on the shared time axis
    for line in lines:
        m = INTERVAL.search(line)
        if m:
            points.append([offset + float(m.group(6)), float(m.group(3)), None, None, None])
            continue
        m = EXTRA.search(line)
        if m and points:
            points[-1][2:] = [float(m.group(1)), int(m.group(2)), int(m.group(3))]
            continue
        m = RESULT.match(line)
        if m:
            marks.append((offset, m.group(1)))
            offset += float(m.group(2))
    return points, marks


def draw(points, marks, path):
    w, h = 1000, 860
    cv = Canvas(w, h)
    panels = [
        ("THROUGHPUT (OPS/S PER INTERVAL)", 1, (31, 119, 180)),
        ("WRITE STALL %", 2, (214, 39, 40)),
        ("LEVEL-0 FILES", 3, (44, 160, 44)),
        ("PENDING COMPACTION BYTES", 4, (148, 103, 189)),
    ]
    left, right, top, ph, gap = 70, w - 20, 30, 170, 40
    cv.text(left, 10, "DB_BENCH INTERVALS (X: SECONDS)")
    tmax = max([p[0] for p in points] + [t for t, _ in marks] + [1.0])
    for i, (title, col, color) in enumerate(panels):
        y0 = top + i * (ph + gap) + 14
        y1 = y0 + ph
        cv.text(left, y0 - 12, title)
        vals = [(p[0], p[col]) for p in points if p[col] is not None]
        vmax = max([v for _, v in vals] + [1.0])
        cv.line(left, y0, left, y1, (0, 0, 0))
        cv.line(left, y1, right, y1, (0, 0, 0))
        for frac in (0.0, 0.5, 1.0):
            yy = int(y1 - frac * ph)
            cv.line(left - 4, yy, left, yy, (0, 0, 0))
            cv.text(4, yy - 3, human(vmax * frac))
            for x in range(left, right, 4):
                cv.set(x, yy, (210, 210, 210))
        for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
            xx = int(left + frac * (right - left))
            cv.line(xx, y1, xx, y1 + 3, (0, 0, 0))
            if i == len(panels) - 1:
                cv.text(xx - 6, y1 + 6, human(tmax * frac))
        for t, name in marks:
            xx = int(left + t / tmax * (right - left))
            for y in range(y0, y1, 3):
                cv.set(xx, y, (150, 150, 150))
            if i == 0:
                tx = min(xx + 2, right - 6 * len(name))  # keep the last names inside the panel
                cv.text(tx, y0 + 2 + 9 * (marks.index((t, name)) % 3), name)
        prev = None
        for t, v in vals:
            pt = (int(left + t / tmax * (right - left)), int(y1 - v / vmax * ph))
            if prev:
                cv.line(prev[0], prev[1], pt[0], pt[1], color)
            else:
                cv.set(pt[0], pt[1], color)
            prev = pt
    cv.png(path)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: plot_bench.py LOG PNG")
    with open(sys.argv[1], errors="replace") as f:
        points, marks = parse(f.readlines())
    draw(points, marks, sys.argv[2])
    print(f"{len(points)} intervals, {len(marks)} benchmarks")


if __name__ == "__main__":
    main()
