#!/usr/bin/env python3
"""The Python reference: what a team without reckon writes with the standard
library. ast.parse reads the formula and a small Decimal evaluator walks the
tree; quote search collapses white space, lowers case and uses `in`.

Modes (all timings in-process with time.perf_counter_ns, printed as JSON):

  ref.py formulas MS         stdin: [{"name","source","vars"}]; ns/op fresh and cached
  ref.py requests MS         stdin: request lines; ns/op of handle(line)
  ref.py calc                stdin: request lines; stdout: one response a line
  ref.py quotes TEXT QUOTES  ns to normalize TEXT, and ns per `in` for each quote line
"""
import ast
import decimal
import functools
import json
import sys
import time
from decimal import Decimal

# The arithmetic reckon records in its receipts: 34 digits, half-even, a
# tight exponent range, traps on division by zero and overflow.
CTX = decimal.Context(prec=34, rounding=decimal.ROUND_HALF_EVEN, Emax=96, Emin=-96,
                      traps=[decimal.DivisionByZero, decimal.Overflow, decimal.InvalidOperation])
decimal.setcontext(CTX)

FUNCS = {
    "abs": lambda args: abs(args[0]),
    "min": min,
    "max": max,
    "mean": lambda args: sum(args, Decimal(0)) / len(args),
}


def evaluate(node, env):
    """Evaluates a parsed formula over Decimal values."""
    if isinstance(node, ast.BinOp):
        x, y = evaluate(node.left, env), evaluate(node.right, env)
        op = type(node.op)
        if op is ast.Add:
            return x + y
        if op is ast.Sub:
            return x - y
        if op is ast.Mult:
            return x * y
        if op is ast.Div:
            return x / y
        raise ValueError("unsupported operator")
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.UnaryOp):
        x = evaluate(node.operand, env)
        if isinstance(node.op, ast.USub):
            return -x
        if isinstance(node.op, ast.UAdd):
            return +x
        raise ValueError("unsupported operator")
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return Decimal(repr(node.value))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCS:
        return FUNCS[node.func.id]([evaluate(a, env) for a in node.args])
    raise ValueError("unsupported syntax")


def parse(src):
    return ast.parse(src, mode="eval").body


def per_op(fn, target_ms):
    """Calls fn in a loop for about target_ms and returns ns per call, in
    wall-clock time and in this process's CPU time."""
    n = 1
    while True:
        t0, c0 = time.perf_counter_ns(), time.process_time_ns()
        for _ in range(n):
            fn()
        dt, dc = time.perf_counter_ns() - t0, time.process_time_ns() - c0
        if dt >= target_ms * 1e6:
            return dt / n, dc / n
        n = max(n * 2, int(n * target_ms * 1.2e6 / max(dt, 1)))


def mode_formulas(target_ms):
    out = {}
    for f in json.load(sys.stdin):
        src = f["source"]
        env = {k: Decimal(v) for k, v in f["vars"].items()}
        tree = parse(src)
        fresh = per_op(lambda: evaluate(parse(src), env), target_ms)
        cached = per_op(lambda: evaluate(tree, env), target_ms)
        out[f["name"]] = {"fresh": fresh[0], "fresh_cpu": fresh[1],
                          "cached": cached[0], "cached_cpu": cached[1]}
    json.dump(out, sys.stdout)


# Scale words to powers of ten, as a hand-rolled normalizer would have them.
SCALES = {"": 0, "ones": 0, "thousand": 3, "lakh": 5, "lakhs": 5, "lac": 5, "lacs": 5,
          "million": 6, "mn": 6, "crore": 7, "crores": 7, "billion": 9, "bn": 9}
ROUNDING = {"half_even": decimal.ROUND_HALF_EVEN, "half_up": decimal.ROUND_HALF_UP,
            "down": decimal.ROUND_DOWN, "up": decimal.ROUND_UP,
            "floor": decimal.ROUND_FLOOR, "ceiling": decimal.ROUND_CEILING}


@functools.lru_cache(maxsize=1024)
def parse_cached(src):
    return parse(src)


def handle(line):
    """Answers one request line with one response line."""
    req = json.loads(line)
    try:
        env = {}
        for inp in req["inputs"]:
            s = inp["display"].replace(",", "")
            if s.endswith("%"):
                s = s[:-1]
            env[inp["name"]] = Decimal(s).scaleb(SCALES[inp.get("scale", "")])
        exact = evaluate(parse_cached(req["formula"]), env)
        out = req.get("output") or {}
        value = exact.scaleb(-SCALES[out.get("scale", "")])
        if out.get("places") is not None:
            value = value.quantize(Decimal(1).scaleb(-out["places"]),
                                   rounding=ROUNDING[out.get("rounding", "half_even")])
        resp = {"id": req.get("id"), "ok": True,
                "result": {"value": format(value, "f"), "exact": format(exact, "f")}}
    except (ArithmeticError, KeyError, ValueError, SyntaxError) as e:
        resp = {"id": req.get("id"), "ok": False,
                "error": {"code": type(e).__name__, "message": str(e)}}
    return json.dumps(resp) + "\n"


def mode_requests(target_ms):
    lines = [l for l in sys.stdin.read().splitlines() if l.strip()]
    ns = [per_op(lambda: handle(l), target_ms) for l in lines]
    json.dump({"ns": sum(w for w, _ in ns) / len(ns), "cpu_ns": sum(c for _, c in ns) / len(ns)},
              sys.stdout)


def mode_calc():
    write = sys.stdout.write
    for line in sys.stdin:
        if line.strip():
            write(handle(line))


def mode_quotes(text_file, quotes_file):
    with open(text_file, encoding="utf-8") as f:
        text = f.read()
    with open(quotes_file, encoding="utf-8") as f:
        quotes = [" ".join(q.split()).lower() for q in f.read().splitlines() if q]
    t0, c0 = time.perf_counter_ns(), time.process_time_ns()
    norm = " ".join(text.split()).lower()
    t1, c1 = time.perf_counter_ns(), time.process_time_ns()
    found = 0
    for q in quotes:
        if q in norm:
            found += 1
    t2, c2 = time.perf_counter_ns(), time.process_time_ns()
    json.dump({"build_ns": t1 - t0, "build_cpu_ns": c1 - c0,
               "find_ns": (t2 - t1) / len(quotes), "find_cpu_ns": (c2 - c1) / len(quotes),
               "found": found, "quotes": len(quotes)}, sys.stdout)


def main(argv):
    mode = argv[1] if len(argv) > 1 else ""
    if mode == "formulas":
        mode_formulas(float(argv[2]))
    elif mode == "requests":
        mode_requests(float(argv[2]))
    elif mode == "calc":
        mode_calc()
    elif mode == "quotes":
        mode_quotes(argv[2], argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
