"""N puts then N gets through the Python binding (bindings/bench.sh).

Usage: python3 putget.py DIR N   -> prints "put <ops/s>" and "get <ops/s>".
"""

import sys
import time

import ferrock


def main() -> None:
    path, n = sys.argv[1], int(sys.argv[2])
    keys = [b"k%015d" % i for i in range(n)]
    value = b"0123456789abcdef0123456789abcdef"
    with ferrock.DB(path, create_if_missing=True) as db:
        put, get = db.put, db.get
        t0 = time.perf_counter()
        for k in keys:
            put(k, value)
        t1 = time.perf_counter()
        found = 0
        for k in keys:
            found += get(k) is not None
        t2 = time.perf_counter()
    if found != n:
        sys.exit(f"found {found} of {n}")
    print(f"put {n / (t1 - t0):.0f}\nget {n / (t2 - t1):.0f}")


if __name__ == "__main__":
    main()
