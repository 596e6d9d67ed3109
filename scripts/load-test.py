#!/usr/bin/env python3
"""The playground under a longer load than the test suite's (loopback only).

    scripts/load-test.py                       # build release, default load
    CLIENTS=200 REQUESTS=100000 SLOW=50 scripts/load-test.py
    GDL=/path/to/gdl scripts/load-test.py      # a given binary

Starts `gdl serve` on a copy of games/tictactoe.gdl and games/breakthrough.gdl
in a temporary folder, on a port the system picks, then runs at once:

- CLIENTS clients sending REQUESTS requests in all, a mix of every route
  (half the clients on kept-alive connections, half a connection each);
- SLOW clients that send one byte of their headers a second, again and
  again (each is cut off at the header deadline and comes back);
- SAVERS of the clients saving the one file (each its own text).

It prints requests per second, latency percentiles, the statuses seen, how
long slow clients held on, the server's peak memory and threads, and
whether every save was whole and its answer matched the disk. It exits 1
on any answer that is not the one expected. Every request goes to
127.0.0.1; the script stops by itself.
"""

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLIENTS = int(os.environ.get("CLIENTS", 100))
REQUESTS = int(os.environ.get("REQUESTS", 50_000))
SLOW = int(os.environ.get("SLOW", 20))
SAVERS = int(os.environ.get("SAVERS", 4))
GAME = "games/tictactoe.gdl"


def server_binary():
    if os.environ.get("GDL"):
        return os.path.abspath(os.environ["GDL"])
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "target", "release", "gdl")


def start(binary, folder):
    proc = subprocess.Popen(
        [binary, "serve", "--port", "0", "games"],
        cwd=folder,
        stdout=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    address = line.split("http://")[1].split("/")[0]
    host, port = address.rsplit(":", 1)
    return proc, host, int(port)


def proc_figure(pid, name):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def plan(c, i, save_text):
    """Request i of client c: (method, path, body, expected status)."""
    kind = (c * 7 + i * 13) % 10
    if kind == 0:
        return "GET", "/api/games", None, 200
    if kind == 1:
        return "POST", "/api/state", {"game": GAME, "moves": ["b2", "a1"]}, 200
    if kind == 2:
        return "POST", "/api/play", {"game": GAME, "moves": ["b2"], "action": "c3"}, 200
    if kind == 3:
        return "POST", "/api/explain", {"game": GAME, "moves": ["b2"], "action": "b2"}, 200
    if kind == 4:
        body = {"game": "games/breakthrough.gdl", "moves": [], "agent": "mcts:50", "seed": i}
        return "POST", "/api/agent", body, 200
    if kind == 5:
        return "POST", "/api/source", {"game": GAME}, 200
    if kind == 6:
        return "POST", "/api/play", {"game": GAME, "moves": ["b2"], "action": "b2"}, 422
    if kind == 7:
        return "POST", "/api/nothing", {}, 404
    if kind == 8:
        return "GET", "/", None, 200
    if save_text is not None:
        return "POST", "/api/save", {"game": GAME, "source": save_text, "base": None}, 200
    return "POST", "/api/state", {"game": GAME, "moves": ["z9"]}, 422


def client(c, count, host, port, texts, results, lock):
    keep_alive = c % 2 == 0
    conn = None
    save_text = texts[c] if c < len(texts) else None
    for i in range(count):
        method, path, body, want = plan(c, i, save_text)
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if data is not None else {}
        if not keep_alive:
            headers["Connection"] = "close"
        began = time.perf_counter()
        try:
            if conn is None:
                conn = http.client.HTTPConnection(host, port, timeout=60)
            conn.request(method, path, body=data, headers=headers)
            answer = conn.getresponse()
            status, text = answer.status, answer.read()
            if not keep_alive or answer.will_close:
                conn.close()
                conn = None
        except OSError as e:
            status, text = 0, str(e).encode()
            conn = None
        took = time.perf_counter() - began
        ok = status == want
        hash_ = None
        if ok and path.startswith("/api/"):
            try:
                value = json.loads(text)
                ok = isinstance(value, dict) and (status == 200 or "error" in value)
                hash_ = value.get("hash") if path == "/api/save" else None
            except ValueError:
                ok = False
        with lock:
            results["latency"].append(took)
            results["status"][status] = results["status"].get(status, 0) + 1
            if not ok:
                results["bad"].append(f"client {c} {path}: {status} (wanted {want}) {text[:120]!r}")
            if hash_ is not None:
                results["saves"].append((c, hash_))


def slow_client(host, port, stop, held):
    while not stop.is_set():
        began = time.monotonic()
        with socket.create_connection((host, port)) as s:
            s.settimeout(1.0)
            request = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"s" * 1000
            for b in request:
                if stop.is_set():
                    return
                try:
                    s.sendall(bytes([b]))
                    if s.recv(512) == b"":
                        break
                except socket.timeout:
                    continue
                except OSError:
                    break
        held.append(time.monotonic() - began)


def main():
    binary = server_binary()
    folder = tempfile.mkdtemp(prefix="gdl-load-")
    os.makedirs(os.path.join(folder, "games"))
    for g in ["tictactoe.gdl", "breakthrough.gdl"]:
        shutil.copy(os.path.join(ROOT, "games", g), os.path.join(folder, "games", g))
    original = open(os.path.join(folder, GAME)).read()
    texts = [f"# saver {c}: {'y' * (50_000 + c)}\n{original}" for c in range(SAVERS)]
    proc, host, port = start(binary, folder)
    results = {"latency": [], "status": {}, "bad": [], "saves": []}
    lock = threading.Lock()
    stop, held = threading.Event(), []
    slow = [threading.Thread(target=slow_client, args=(host, port, stop, held)) for _ in range(SLOW)]
    for t in slow:
        t.start()
    began = time.perf_counter()
    each = [REQUESTS // CLIENTS + (1 if c < REQUESTS % CLIENTS else 0) for c in range(CLIENTS)]
    workers = [
        threading.Thread(target=client, args=(c, each[c], host, port, texts, results, lock))
        for c in range(CLIENTS)
    ]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    elapsed = time.perf_counter() - began
    stop.set()
    for t in slow:
        t.join()
    peak_kb, threads = proc_figure(proc.pid, "VmHWM"), proc_figure(proc.pid, "Threads")
    on_disk = open(os.path.join(folder, GAME)).read()
    whole = on_disk in texts
    conn = http.client.HTTPConnection(host, port, timeout=60)
    conn.request("POST", "/api/source", body=json.dumps({"game": GAME}),
                 headers={"Content-Type": "application/json"})
    disk_hash = json.loads(conn.getresponse().read())["hash"]
    proc.terminate()
    proc.wait()
    shutil.rmtree(folder)

    lat = sorted(results["latency"])
    pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000
    print(f"{len(lat)} requests from {CLIENTS} clients in {elapsed:.1f} s: {len(lat) / elapsed:.0f}/s")
    print(f"latency ms: p50 {pct(0.5):.1f}, p90 {pct(0.9):.1f}, p99 {pct(0.99):.1f}, max {lat[-1] * 1000:.1f}")
    print("statuses:", ", ".join(f"{k}: {v}" for k, v in sorted(results["status"].items())))
    if held:
        print(f"{SLOW} slow clients: {len(held)} connections, held at most {max(held):.1f} s")
    print(f"server: peak memory {peak_kb} kB, {threads} threads at the end")
    print(f"saves: {len(results['saves'])} answered; the file is one whole save: {whole}; "
          f"last answer matches the disk: {any(h == disk_hash for _, h in results['saves'])}")
    if results["bad"]:
        print(f"{len(results['bad'])} unexpected answers, first:", *results["bad"][:5], sep="\n  ")
    return 0 if whole and not results["bad"] else 1


if __name__ == "__main__":
    sys.exit(main())
