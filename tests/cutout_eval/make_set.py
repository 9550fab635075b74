#!/usr/bin/env python3
"""Generates pixmart's cutout evaluation set: product-like subjects with an
exact alpha, composited over busy or tricky backgrounds.

    python3 tests/cutout_eval/make_set.py OUT_DIR [--size 1600] [--seed 20261126]

Writes OUT_DIR/NN_<category>_<background>.jpg (the photo, JPEG q92 as a phone
or a studio camera delivers it) and OUT_DIR/NN_<category>_<background>.alpha.png
(the exact coverage of the subject, 8-bit), plus OUT_DIR/index.tsv.

Why generated: no product-photo set with exact alpha can be fetched here, and
a script keeps the set reproducible and reviewable. Shapes are drawn at 4x and
box-reduced, so edges carry their true fractional coverage; glass carries its
true partial opacity; fringes (plush, brush) are hundreds of 1 px strands. The
photo is alpha * subject + (1 - alpha) * background, with a contact shadow in
the background (a shadow is not the subject) and JPEG noise on top.
Needs numpy and Pillow only.
"""

import argparse
import math
import os

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

SS = 4  # supersampling of the shape drawing


# ---------------------------------------------------------------- helpers


def grid(size):
    y, x = np.mgrid[0:size, 0:size].astype(np.float32)
    return x / size, y / size


def value_noise(rng, size, cells, octaves=4):
    """Smooth noise in 0..1 (bilinear value noise, a few octaves)."""
    out = np.zeros((size, size), np.float32)
    amp, total = 1.0, 0.0
    for o in range(octaves):
        n = cells * (2**o)
        small = rng.random((n + 1, n + 1)).astype(np.float32)
        img = Image.fromarray((small * 255).astype(np.uint8)).resize((size, size), Image.BICUBIC)
        out += amp * (np.asarray(img, np.float32) / 255.0)
        total += amp
        amp *= 0.5
    return out / total


def coverage(draw_fn, size):
    """Exact-ish fractional coverage of what draw_fn paints (255) on a
    4x canvas, box-reduced to size x size, as float 0..1."""
    big = Image.new("L", (size * SS, size * SS), 0)
    draw_fn(ImageDraw.Draw(big), SS)
    return np.asarray(big.reduce(SS), np.float32) / 255.0


def shade(base_rgb, size, light=(0.3, 0.25), gloss=0.0, rng=None, texture=0.0, cx=0.5, cy=0.5, r=0.3):
    """A lit surface colour: a soft directional falloff around the subject,
    an optional specular spot and a material texture."""
    x, y = grid(size)
    d = np.sqrt((x - (cx - r * light[0])) ** 2 + (y - (cy - r * light[1])) ** 2) / max(r, 1e-3)
    lit = np.clip(1.15 - 0.45 * d, 0.35, 1.2)[..., None]
    col = np.asarray(base_rgb, np.float32)[None, None, :] / 255.0 * lit
    if texture and rng is not None:
        col *= (1.0 - texture + 2 * texture * value_noise(rng, size, 48, 3))[..., None]
    if gloss:
        spot = np.exp(-(((x - (cx - r * 0.35)) ** 2 + (y - (cy - r * 0.4)) ** 2) / (2 * (r * 0.12) ** 2)))
        col = col + gloss * spot[..., None]
    return np.clip(col, 0, 1)


# ------------------------------------------------------------- subjects
# Each returns (rgb float HxWx3 in 0..1, alpha float HxW in 0..1).


def shoe(rng, s, white=False):
    cx, cy, w = 0.5 + rng.uniform(-0.05, 0.05), 0.55, rng.uniform(0.55, 0.7)

    def d(dr, k):
        p = lambda u, v: ((cx + (u - 0.5) * w) * s * k, (cy + v * w) * s * k)
        upper = [p(0.05, 0.05), p(0.2, -0.05), p(0.42, -0.22), p(0.55, -0.24), p(0.6, -0.1), p(0.8, -0.02),
                 p(0.97, 0.06), p(0.98, 0.14), p(0.03, 0.14)]
        dr.polygon(upper, fill=255)
        dr.rounded_rectangle([p(0.0, 0.1), p(1.0, 0.2)], radius=0.04 * w * s * k, fill=255)
        dr.ellipse([p(0.02, -0.02), p(0.3, 0.16)], fill=255)

    a = coverage(d, s)
    base = (245, 245, 240) if white else tuple(int(c) for c in rng.integers(30, 220, 3))
    rgb = shade(base, s, rng=rng, texture=0.15, cx=cx, cy=cy, r=w / 2)
    sole = coverage(lambda dr, k: dr.rectangle([0, (cy + 0.12 * w) * s * k, s * k, s * k], fill=255), s)
    rgb = rgb * (1 - sole[..., None]) + 0.93 * sole[..., None]
    laces = coverage(lambda dr, k: [dr.line([((cx - 0.02 * w + i * 0.04 * w) * s * k, (cy - 0.12 * w) * s * k),
                                             ((cx + 0.06 * w + i * 0.04 * w) * s * k, (cy - 0.02 * w) * s * k)],
                                            fill=255, width=int(0.008 * s * k)) for i in range(4)], s)
    rgb = rgb * (1 - laces[..., None]) + 0.1 * laces[..., None]
    return rgb, a


def bottle(rng, s):
    cx, h = 0.5 + rng.uniform(-0.08, 0.08), rng.uniform(0.6, 0.8)
    top, bw, nw = 0.5 - h / 2, rng.uniform(0.18, 0.26), rng.uniform(0.025, 0.04)

    def d(dr, k):
        X = lambda u: (cx + u) * s * k
        Y = lambda v: (top + v) * s * k
        dr.rounded_rectangle([X(-bw / 2), Y(0.38 * h), X(bw / 2), Y(h)], radius=0.05 * s * k, fill=255)
        dr.polygon([(X(-bw / 2), Y(0.42 * h)), (X(-nw / 2), Y(0.2 * h)), (X(nw / 2), Y(0.2 * h)), (X(bw / 2), Y(0.42 * h))], fill=255)
        dr.rectangle([X(-nw / 2), Y(0.04 * h), X(nw / 2), Y(0.22 * h)], fill=255)
        dr.rectangle([X(-nw / 2 - 0.006), Y(0.0), X(nw / 2 + 0.006), Y(0.06 * h)], fill=255)

    a = coverage(d, s)
    base = tuple(int(c) for c in rng.integers(20, 200, 3))
    return shade(base, s, gloss=0.5, rng=rng, texture=0.05, cx=cx, cy=0.5, r=bw), a


def wine_glass(rng, s):
    """Partial opacity: the bowl lets the background through."""
    cx, top, w = 0.5 + rng.uniform(-0.05, 0.05), rng.uniform(0.12, 0.2), rng.uniform(0.26, 0.34)

    def outline(dr, k):
        X = lambda u: (cx + u) * s * k
        Y = lambda v: v * s * k
        dr.chord([X(-w / 2), Y(top - 0.15), X(w / 2), Y(top + 0.38)], 0, 180, fill=255)
        dr.rectangle([X(-0.008), Y(top + 0.1), X(0.008), Y(top + 0.6)], fill=255)
        dr.ellipse([X(-w * 0.4), Y(top + 0.58), X(w * 0.4), Y(top + 0.64)], fill=255)

    def rim(dr, k):
        X = lambda u: (cx + u) * s * k
        Y = lambda v: v * s * k
        dr.arc([X(-w / 2), Y(top - 0.15), X(w / 2), Y(top + 0.38)], 0, 180, fill=255, width=int(0.012 * s * k))
        dr.line([X(-w / 2), Y(top + 0.115), X(w / 2), Y(top + 0.115)], fill=255, width=int(0.008 * s * k))

    shape, edge = coverage(outline, s), coverage(rim, s)
    wine = coverage(lambda dr, k: dr.chord([(cx - w / 2 + 0.02) * s * k, (top - 0.1) * s * k,
                                            (cx + w / 2 - 0.02) * s * k, (top + 0.36) * s * k],
                                           20, 160, fill=255), s) * shape
    a = np.clip(0.35 * shape + 0.55 * edge + 0.45 * wine, 0, 1) * shape
    a = np.maximum(a, edge * 0.9)
    rgb = shade((225, 232, 238), s, gloss=0.7, cx=cx, cy=top + 0.2, r=w / 2)
    rgb = rgb * (1 - wine[..., None]) + np.array([0.45, 0.03, 0.1])[None, None, :] * wine[..., None]
    return rgb, a


def jewellery(rng, s):
    """A ring (a real hole) on a thin chain."""
    cx, cy, r = 0.5 + rng.uniform(-0.1, 0.1), 0.62, rng.uniform(0.1, 0.15)
    th = rng.uniform(0.018, 0.03)

    def d(dr, k):
        dr.ellipse([(cx - r) * s * k, (cy - r) * s * k, (cx + r) * s * k, (cy + r) * s * k], fill=255)
        dr.ellipse([(cx - r + th) * s * k, (cy - r + th) * s * k, (cx + r - th) * s * k, (cy + r - th) * s * k], fill=0)
        pts = [((cx + 0.28 * math.sin(t)) * s * k, (cy - r - 0.42 * (1 - t / math.pi) * math.sin(t) - 0.02) * s * k)
               for t in np.linspace(0.05, math.pi - 0.05, 200)]
        dr.line(pts, fill=255, width=max(1, int(0.004 * s * k)))
        dr.ellipse([(cx - 0.035) * s * k, (cy - r - 0.05) * s * k, (cx + 0.035) * s * k, (cy - r + 0.02) * s * k], fill=255)

    a = coverage(d, s)
    gold = rng.random() < 0.6
    return shade((212, 175, 55) if gold else (200, 200, 210), s, gloss=0.6, cx=cx, cy=cy, r=r), a


def mug(rng, s):
    """The handle's hole is background and must stay a hole."""
    cx, cy, w = 0.45 + rng.uniform(-0.05, 0.05), 0.52, rng.uniform(0.32, 0.4)

    def d(dr, k):
        X = lambda u: (cx + u) * s * k
        Y = lambda v: (cy + v) * s * k
        dr.rounded_rectangle([X(-w / 2), Y(-w / 2), X(w / 2), Y(w / 2)], radius=0.03 * s * k, fill=255)
        dr.ellipse([X(w / 2 - 0.06), Y(-w / 3), X(w / 2 + 0.16), Y(w / 3)], fill=255)
        dr.ellipse([X(w / 2 - 0.02), Y(-w / 3 + 0.045), X(w / 2 + 0.11), Y(w / 3 - 0.045)], fill=0)
        dr.rounded_rectangle([X(-w / 2), Y(-w / 2), X(w / 2), Y(w / 2)], radius=0.03 * s * k, fill=255)

    a = coverage(d, s)
    base = tuple(int(c) for c in rng.integers(40, 250, 3))
    return shade(base, s, gloss=0.3, rng=rng, texture=0.05, cx=cx, cy=cy, r=w / 2), a


def fringe(rng, s, body_colour, strands=900, length=(0.03, 0.07), blob=None):
    """A soft body edged by hundreds of 1 px strands (plush fur, a brush)."""
    cx, cy, r = blob or (0.5, 0.52, rng.uniform(0.2, 0.26))

    def d(dr, k):
        dr.ellipse([(cx - r) * s * k, (cy - r) * s * k, (cx + r) * s * k, (cy + r) * s * k], fill=255)
        for ex, ey, er in ((cx - 0.7 * r, cy - 0.8 * r, 0.35 * r), (cx + 0.7 * r, cy - 0.8 * r, 0.35 * r)):
            dr.ellipse([(ex - er) * s * k, (ey - er) * s * k, (ex + er) * s * k, (ey + er) * s * k], fill=255)
        for _ in range(strands):
            t = rng.uniform(0, 2 * math.pi)
            rr = r * rng.uniform(0.92, 1.0)
            ln = rng.uniform(*length)
            bend = rng.normal(0, 0.25)
            x0, y0 = cx + rr * math.cos(t), cy + rr * math.sin(t)
            x1, y1 = x0 + ln * math.cos(t + bend), y0 + ln * math.sin(t + bend)
            dr.line([(x0 * s * k, y0 * s * k), (x1 * s * k, y1 * s * k)], fill=255, width=max(1, int(0.0008 * s * k)))

    a = coverage(d, s)
    return shade(body_colour, s, rng=rng, texture=0.3, cx=cx, cy=cy, r=r), a


def plush(rng, s):
    return fringe(rng, s, tuple(int(c) for c in rng.integers(120, 230, 3)))


def brush(rng, s):
    """A make-up brush: a handle and a head of long, fine bristles."""
    cx = 0.5 + rng.uniform(-0.05, 0.05)

    def d(dr, k):
        dr.rounded_rectangle([(cx - 0.025) * s * k, 0.45 * s * k, (cx + 0.025) * s * k, 0.9 * s * k], radius=0.02 * s * k, fill=255)
        for _ in range(700):
            t = rng.normal(-math.pi / 2, 0.28)
            ln = rng.uniform(0.18, 0.3)
            x0 = cx + rng.uniform(-0.02, 0.02)
            dr.line([(x0 * s * k, 0.47 * s * k), ((x0 + ln * math.cos(t)) * s * k, (0.47 + ln * math.sin(t)) * s * k)],
                    fill=255, width=max(1, int(0.0009 * s * k)))

    a = coverage(d, s)
    return shade((70, 45, 35), s, rng=rng, texture=0.2, cx=cx, cy=0.4, r=0.2), a


def handbag(rng, s, dark=False):
    cx, cy, w = 0.5 + rng.uniform(-0.05, 0.05), 0.58, rng.uniform(0.45, 0.55)

    def d(dr, k):
        X = lambda u: (cx + u) * s * k
        Y = lambda v: (cy + v) * s * k
        dr.polygon([(X(-w / 2), Y(w / 2.4)), (X(-w / 2.4), Y(-w / 5)), (X(w / 2.4), Y(-w / 5)), (X(w / 2), Y(w / 2.4))], fill=255)
        dr.arc([X(-w / 4), Y(-w / 2), X(w / 4), Y(0.0)], 180, 360, fill=255, width=int(0.02 * s * k))

    a = coverage(d, s)
    base = (28, 26, 30) if dark else tuple(int(c) for c in rng.integers(60, 220, 3))
    return shade(base, s, rng=rng, texture=0.25, gloss=0.15, cx=cx, cy=cy, r=w / 2), a


def box(rng, s, white=False):
    """Hard edges and corners: a product box in perspective."""
    cx, cy, w = 0.5, 0.5 + rng.uniform(-0.05, 0.05), rng.uniform(0.35, 0.5)
    sk = rng.uniform(0.05, 0.12)

    def face(pts):
        return coverage(lambda dr, k: dr.polygon([(u * s * k, v * s * k) for u, v in pts], fill=255), s)

    front = face([(cx - w / 2, cy - w / 3), (cx + w / 4, cy - w / 3), (cx + w / 4, cy + w / 2), (cx - w / 2, cy + w / 2)])
    side = face([(cx + w / 4, cy - w / 3), (cx + w / 2, cy - w / 3 - sk), (cx + w / 2, cy + w / 2 - sk), (cx + w / 4, cy + w / 2)])
    top = face([(cx - w / 2, cy - w / 3), (cx - w / 4, cy - w / 3 - sk), (cx + w / 2, cy - w / 3 - sk), (cx + w / 4, cy - w / 3)])
    a = np.clip(front + side + top, 0, 1)
    base = np.array((240, 240, 236) if white else rng.integers(40, 230, 3), np.float32) / 255
    rgb = (front[..., None] * base + side[..., None] * base * 0.75 + top[..., None] * np.minimum(base * 1.1, 1)) / np.maximum(a, 1e-3)[..., None]
    return np.clip(rgb, 0, 1), a


def lipstick_small(rng, s):
    """A small subject (about 4 % of the frame)."""
    cx, cy = rng.uniform(0.3, 0.7), rng.uniform(0.3, 0.7)

    def d(dr, k):
        X = lambda u: (cx + u) * s * k
        Y = lambda v: (cy + v) * s * k
        dr.rounded_rectangle([X(-0.035), Y(0.0), X(0.035), Y(0.16)], radius=0.008 * s * k, fill=255)
        dr.polygon([(X(-0.025), Y(0.0)), (X(-0.025), Y(-0.06)), (X(0.025), Y(-0.1)), (X(0.025), Y(0.0))], fill=255)

    a = coverage(d, s)
    return shade((180, 20, 50), s, gloss=0.4, cx=cx, cy=cy, r=0.08), a


SUBJECTS = {
    "shoe": lambda rng, s: shoe(rng, s),
    "bottle": bottle,
    "glass": wine_glass,
    "jewellery": jewellery,
    "mug": mug,
    "plush": plush,
    "brush": brush,
    "dark-bag": lambda rng, s: handbag(rng, s, dark=True),
    "white-box": lambda rng, s: box(rng, s, white=True),
    "white-shoe": lambda rng, s: shoe(rng, s, white=True),
    "box": box,
    "small-lipstick": lipstick_small,
}


# ----------------------------------------------------------- backgrounds


def brick(rng, s):
    x, y = np.mgrid[0:s, 0:s]
    bh, bw = s // 18, s // 8
    row = y // bh
    off = (row % 2) * (bw // 2)
    mortar = ((y % bh) < 6) | (((x + off) % bw) < 6)
    tint = rng.random((row.max() + 2, s // bw + 3))
    t = tint[row, (x + off) // bw][..., None]
    base = np.array([0.55, 0.22, 0.15]) * (0.75 + 0.5 * t)
    img = np.where(mortar[..., None], np.array([0.72, 0.7, 0.66]), base)
    return img * (0.8 + 0.4 * value_noise(rng, s, 64, 3))[..., None]


def gravel(rng, s):
    n = value_noise(rng, s, 160, 2)
    m = value_noise(rng, s, 40, 3)
    g = (0.35 + 0.5 * n * m)[..., None]
    return g * np.array([1.0, 0.95, 0.88])


def foliage(rng, s):
    img = Image.new("RGB", (s, s), (30, 70, 25))
    dr = ImageDraw.Draw(img)
    for _ in range(1400):
        x, y = rng.uniform(0, s, 2)
        r = rng.uniform(s / 80, s / 25)
        a = rng.uniform(0, math.pi)
        g = int(rng.integers(60, 170))
        pts = [(x + r * math.cos(a + t) * (1.0 if i % 2 == 0 else 0.35), y + r * math.sin(a + t) * (1.0 if i % 2 == 0 else 0.35))
               for i, t in enumerate(np.linspace(0, 2 * math.pi, 8, endpoint=False))]
        dr.polygon(pts, fill=(int(g * 0.4), g, int(g * 0.3)))
    return np.asarray(img.filter(ImageFilter.GaussianBlur(1.2)), np.float32) / 255


def fabric(rng, s):
    x, y = grid(s)
    weave = 0.5 + 0.25 * np.sin(x * s * 0.9) * np.sin(y * s * 0.9)
    folds = value_noise(rng, s, 6, 2)
    base = np.array(rng.uniform(0.2, 0.8, 3), np.float32)
    return np.clip(base[None, None, :] * (0.6 + 0.4 * folds[..., None]) * (0.85 + 0.3 * weave[..., None]), 0, 1)


def dark_fabric(rng, s):
    return fabric(rng, s) * 0.22


def studio_white(rng, s):
    x, y = grid(s)
    return np.clip(0.97 - 0.08 * (y[..., None] - 0.5) ** 2 + 0.0 * x[..., None], 0, 1) * np.ones(3)


def wood(rng, s):
    x, y = grid(s)
    n = value_noise(rng, s, 8, 3)
    rings = 0.5 + 0.5 * np.sin((y * 40 + 6 * n) * math.pi)
    return np.array([0.55, 0.36, 0.2])[None, None, :] * (0.7 + 0.35 * rings[..., None])


def marble(rng, s):
    x, y = grid(s)
    n = value_noise(rng, s, 6, 5)
    v = 0.5 + 0.5 * np.sin((x + y) * 12 + 10 * n)
    return np.clip(0.82 + 0.16 * v[..., None] - 0.25 * (v[..., None] ** 12), 0, 1) * np.array([1.0, 0.99, 0.97])


BACKGROUNDS = {
    "brick": brick,
    "gravel": gravel,
    "foliage": foliage,
    "fabric": fabric,
    "wood": wood,
    "marble": marble,
}

# Categories whose background is part of the difficulty.
FIXED_BACKGROUNDS = {"dark-bag": ["dark-fabric"] * 2, "white-box": ["studio-white"] * 2, "white-shoe": ["studio-white"] * 2}
EXTRA_BACKGROUNDS = {"dark-fabric": dark_fabric, "studio-white": studio_white}


def contact_shadow(bg, alpha, rng):
    """A soft shadow below and beside the subject, in the background."""
    s = alpha.shape[0]
    m = Image.fromarray((alpha * 255).astype(np.uint8))
    dx, dy = int(rng.uniform(0.005, 0.02) * s), int(rng.uniform(0.01, 0.03) * s)
    m = m.transform(m.size, Image.AFFINE, (1, 0, -dx, 0, 1, -dy)).filter(ImageFilter.GaussianBlur(s * 0.015))
    sh = np.asarray(m, np.float32)[..., None] / 255.0
    return bg * (1 - 0.45 * sh)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--size", type=int, default=1600)
    p.add_argument("--seed", type=int, default=20261126)
    p.add_argument("--per-category", type=int, default=4)
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    bg_names = list(BACKGROUNDS)
    rows, n = [], 0
    for ci, (cat, make) in enumerate(SUBJECTS.items()):
        per = len(FIXED_BACKGROUNDS[cat]) if cat in FIXED_BACKGROUNDS else args.per_category
        for j in range(per):
            bg_name = FIXED_BACKGROUNDS[cat][j] if cat in FIXED_BACKGROUNDS else bg_names[(ci + j) % len(bg_names)]
            rgb, a = make(rng, args.size)
            bg = {**BACKGROUNDS, **EXTRA_BACKGROUNDS}[bg_name](rng, args.size).astype(np.float32)
            bg = contact_shadow(bg, a, rng)
            photo = a[..., None] * rgb + (1 - a[..., None]) * bg
            name = f"{n:02d}_{cat}_{bg_name}"
            Image.fromarray(np.clip(photo * 255 + 0.5, 0, 255).astype(np.uint8)).save(os.path.join(args.out, name + ".jpg"), quality=92)
            Image.fromarray(np.clip(a * 255 + 0.5, 0, 255).astype(np.uint8)).save(os.path.join(args.out, name + ".alpha.png"))
            rows.append(f"{name}\t{cat}\t{bg_name}")
            n += 1
    with open(os.path.join(args.out, "index.tsv"), "w") as f:
        f.write("name\tcategory\tbackground\n" + "\n".join(rows) + "\n")
    print(f"{n} images in {args.out}")


if __name__ == "__main__":
    main()
