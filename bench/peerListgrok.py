"""Times listgrok's parse of army lists, for bench/peerParse.ts (Auspex's own script, not listgrok's).

    python3 bench/peerListgrok.py CHECKOUT WARMUP RUNS FILE...

CHECKOUT is a listgrok checkout (its `src/` holds the `listgrok` package) or a folder holding the package itself.
Each list is parsed once with `listgrok.parse_list`; a list that raises is reported with the error and not timed.
The others are parsed WARMUP times, then RUNS times, each parse timed alone with time.perf_counter_ns. Prints one
JSON object: the Python version and, per file, the unit count listgrok found and its median in microseconds.
"""

import json
import os
import platform
import statistics
import sys
import time


def import_listgrok(checkout):
    src = os.path.join(checkout, "src")
    sys.path.insert(0, src if os.path.isdir(os.path.join(src, "listgrok")) else checkout)
    from listgrok import parse_list  # noqa: E402 (the path is only known here)

    return parse_list


def time_list(parse_list, text, warmup, runs):
    try:
        units = len(parse_list(text).units)
    except Exception as error:  # listgrok raises ParseError; anything else is reported the same way
        first = str(error).splitlines()[0] if str(error) else ""
        return {"error": f"{type(error).__name__}: {first[:160]}"}
    if runs == 0:  # a probe: what listgrok reads, untimed
        return {"units": units}
    for _ in range(warmup):
        parse_list(text)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        parse_list(text)
        times.append(time.perf_counter_ns() - t0)
    return {"units": units, "median_us": statistics.median(times) / 1000}


def main(argv):
    checkout, warmup, runs, files = argv[0], int(argv[1]), int(argv[2]), argv[3:]
    parse_list = import_listgrok(checkout)
    lists = []
    for file in files:
        with open(file, encoding="utf-8", newline="") as f:  # the bytes Auspex reads, line ends kept
            text = f.read()
        lists.append({"file": file, **time_list(parse_list, text, warmup, runs)})
    json.dump({"python": platform.python_version(), "lists": lists}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
