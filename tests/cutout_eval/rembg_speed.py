#!/usr/bin/env python3
"""The peer in `scripts/bench cutout --peer`: rembg (PyPI) in one process,
timing `rembg.remove(data, session=...)` on request, so the Rust bench can
alternate it with pixmart's end-to-end runs on the same files.

    python3 tests/cutout_eval/rembg_speed.py MODELS_DIR THREADS

Reads one request per line on stdin, `MODEL PATH [MODE]`, and answers one
line on stdout, `ok SECONDS` (or `error MESSAGE`). MODEL is isnet or u2net
(or u2netp): rembg's custom sessions (dis_custom, u2net_custom) on our
weight files, created once per model on first use, with THREADS intra-op
threads and one inter-op thread, as pixmart's worker runs them. The file is
read before the clock starts. MODE `bytes` (default) times what a caller
that has a file gets: `remove(file_bytes)`, which decodes it, applies its
EXIF orientation, cuts out and returns the RGBA cutout encoded as PNG;
MODE `pil` times `remove(decoded_image)` returning a PIL image (no decoding
or encoding in the clock). Only rembg's public API is called.
"""

import os
import sys
import time

import onnxruntime as ort
from PIL import Image
from rembg import new_session, remove

FILES = {"isnet": ("dis_custom", "isnet_fp16.onnx"), "u2net": ("u2net_custom", "u2net.onnx"),
         "u2netp": ("u2net_custom", "u2netp.onnx")}


def main():
    models_dir, threads = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    # rembg loads custom weights only from its home directory.
    os.environ["U2NET_HOME"] = models_dir
    sessions = {}
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        try:
            model, path = parts[0], parts[1]
            mode = parts[2] if len(parts) > 2 else "bytes"
            if model not in sessions:
                kind, file = FILES[model]
                opts = ort.SessionOptions()
                opts.intra_op_num_threads = threads
                opts.inter_op_num_threads = 1
                sessions[model] = new_session(kind, sess_opts=opts, model_path=os.path.join(models_dir, file))
            with open(path, "rb") as f:
                data = f.read()
            if mode == "pil":
                data = Image.open(path)
                data.load()
            start = time.perf_counter()
            out = remove(data, session=sessions[model])
            seconds = time.perf_counter() - start
            if mode != "pil" and not (isinstance(out, bytes) and out[:8] == b"\x89PNG\r\n\x1a\n"):
                raise RuntimeError("rembg returned no PNG")
            print(f"ok {seconds:.4f}", flush=True)
        except Exception as e:  # noqa: BLE001 (reported to the bench, which stops)
            print(f"error {type(e).__name__}: {e}".replace("\n", " "), flush=True)


if __name__ == "__main__":
    main()
