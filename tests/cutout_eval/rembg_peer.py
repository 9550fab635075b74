#!/usr/bin/env python3
"""The peer in pixmart's cutout evaluation: rembg (PyPI) in-process, with the
same weight files pixmart runs and the same number of threads.

    python3 tests/cutout_eval/rembg_peer.py SET_DIR MODELS_DIR THREADS [MODEL...]

MODEL is isnet, u2net or u2netp (default: all three). For each model it
loads one rembg session on our file (rembg's custom sessions: dis_custom for
ISNet, u2net_custom for U2-Net and U2-Netp), warms it up on the first image,
then times `rembg.remove(photo, session=...)` per image, in process: decoded
photo in, RGBA cutout out, as a Python caller of rembg gets it. Prints one
TSV row per image and model: model, name, iou, mae, seconds.
IoU is at alpha >= 128; MAE is the mean absolute alpha error in 0..1.
"""

import os
import sys
import time

import numpy as np
import onnxruntime as ort
from PIL import Image
from rembg import new_session, remove

FILES = {"isnet": ("dis_custom", "isnet_fp16.onnx"), "u2net": ("u2net_custom", "u2net.onnx"),
         "u2netp": ("u2net_custom", "u2netp.onnx")}


def scores(alpha, truth):
    a, t = alpha.astype(np.float32) / 255.0, truth.astype(np.float32) / 255.0
    pa, pt = alpha >= 128, truth >= 128
    union = np.logical_or(pa, pt).sum()
    iou = np.logical_and(pa, pt).sum() / union if union else 1.0
    return float(iou), float(np.abs(a - t).mean())


def main():
    set_dir, models_dir, threads = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3])
    # rembg loads custom weights only from its home directory.
    os.environ["U2NET_HOME"] = models_dir
    models = sys.argv[4:] or list(FILES)
    names = sorted(f[:-4] for f in os.listdir(set_dir) if f.endswith(".jpg"))
    photos = {n: Image.open(os.path.join(set_dir, n + ".jpg")).convert("RGB") for n in names}
    truths = {n: np.asarray(Image.open(os.path.join(set_dir, n + ".alpha.png")).convert("L")) for n in names}
    for model in models:
        kind, file = FILES[model]
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        session = new_session(kind, sess_opts=opts, model_path=os.path.join(models_dir, file))
        remove(photos[names[0]], session=session)
        for n in names:
            start = time.perf_counter()
            cut = remove(photos[n], session=session)
            seconds = time.perf_counter() - start
            iou, mae = scores(np.asarray(cut)[:, :, 3], truths[n])
            print(f"{model}\t{n}\t{iou:.5f}\t{mae:.5f}\t{seconds:.4f}", flush=True)


if __name__ == "__main__":
    main()
