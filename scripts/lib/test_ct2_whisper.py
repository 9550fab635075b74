#!/usr/bin/env python3
"""Unit test of ct2_whisper.py on a tiny synthetic CTranslate2 WhisperSpec.

    python3 scripts/lib/test_ct2_whisper.py
"""

from __future__ import annotations

import json
import struct
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import ct2_whisper as conv  # noqa: E402

D, FF, VOCAB, MELS, SRC, TGT = 4, 8, 10, 3, 6, 5


def _string(s: str) -> bytes:
    b = s.encode() + b"\0"
    return struct.pack("<H", len(b)) + b


def _f16(shape: tuple[int, ...], start: int) -> tuple[tuple[int, ...], int, bytes]:
    n = 1
    for d in shape:
        n *= d
    return shape, 4, struct.pack(f"<{n}e", *[float((start + i) % 1000) for i in range(n)])


def tiny_model() -> bytes:
    vs: dict[str, tuple[tuple[int, ...], int, bytes]] = {}
    counter = [0]

    def f16(name: str, *shape: int) -> None:
        vs[name] = _f16(shape, counter[0])
        counter[0] += 100

    def norm(p: str) -> None:
        f16(f"{p}/gamma", D)
        f16(f"{p}/beta", D)

    f16("encoder/conv1/weight", D, MELS, 3)
    f16("encoder/conv1/bias", D)
    f16("encoder/conv2/weight", D, D, 3)
    f16("encoder/conv2/bias", D)
    f16("encoder/position_encodings/encodings", SRC, D)
    f16("decoder/embeddings/weight", VOCAB, D)
    f16("decoder/position_encodings/encodings", TGT, D)
    for side in ("encoder", "decoder"):
        vs[f"{side}/num_heads"] = ((), 2, struct.pack("<h", 2))
        norm(f"{side}/layer_norm")
        s = f"{side}/layer_0"
        f16(f"{s}/self_attention/linear_0/weight", 3 * D, D)
        f16(f"{s}/self_attention/linear_0/bias", 3 * D)
        f16(f"{s}/self_attention/linear_1/weight", D, D)
        f16(f"{s}/self_attention/linear_1/bias", D)
        norm(f"{s}/self_attention/layer_norm")
        f16(f"{s}/ffn/linear_0/weight", FF, D)
        f16(f"{s}/ffn/linear_0/bias", FF)
        f16(f"{s}/ffn/linear_1/weight", D, FF)
        f16(f"{s}/ffn/linear_1/bias", D)
        norm(f"{s}/ffn/layer_norm")
    a = "decoder/layer_0/attention"
    f16(f"{a}/linear_0/weight", D, D)
    f16(f"{a}/linear_0/bias", D)
    f16(f"{a}/linear_1/weight", 2 * D, D)
    f16(f"{a}/linear_1/bias", 2 * D)
    f16(f"{a}/linear_2/weight", D, D)
    f16(f"{a}/linear_2/bias", D)
    norm(f"{a}/layer_norm")

    out = [struct.pack("<I", 6), _string("WhisperSpec"), struct.pack("<I", 3), struct.pack("<I", len(vs))]
    for name, (shape, dtype, data) in sorted(vs.items()):
        out += [_string(name), struct.pack("<B", len(shape)), *(struct.pack("<I", d) for d in shape)]
        out += [struct.pack("<B", dtype), struct.pack("<I", len(data)), data]
    out += [struct.pack("<I", 1), _string("decoder/projection/weight"), _string("decoder/embeddings/weight")]
    return b"".join(out)


def read_safetensors(blob: bytes) -> dict[str, tuple[list[int], bytes]]:
    (n,) = struct.unpack_from("<Q", blob)
    header = json.loads(blob[8 : 8 + n])
    header.pop("__metadata__")
    body = blob[8 + n :]
    return {k: (v["shape"], body[v["data_offsets"][0] : v["data_offsets"][1]]) for k, v in header.items()}


class ConvertTest(unittest.TestCase):
    def setUp(self) -> None:
        self.model = tiny_model()
        _, self.ct2 = conv.parse_ct2(self.model)
        st, cfg = conv.convert(self.model, {"suppress_ids": [1, 2], "suppress_ids_begin": [220, 50257]})
        self.tensors = read_safetensors(st)
        self.config = json.loads(cfg)
        self.st = st

    def test_names_are_the_ones_candle_loads(self) -> None:
        names = set(self.tensors)
        for side in ("encoder", "decoder"):
            p = f"model.{side}.layers.0"
            for n in ["self_attn.q_proj.weight", "self_attn.q_proj.bias", "self_attn.k_proj.weight",
                      "self_attn.v_proj.weight", "self_attn.v_proj.bias", "self_attn.out_proj.weight",
                      "self_attn.out_proj.bias", "self_attn_layer_norm.weight", "self_attn_layer_norm.bias",
                      "fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias", "final_layer_norm.weight",
                      "final_layer_norm.bias"]:
                self.assertIn(f"{p}.{n}", names)
            self.assertNotIn(f"{p}.self_attn.k_proj.bias", names)
            self.assertIn(f"model.{side}.layer_norm.weight", names)
        for n in ["q_proj.weight", "q_proj.bias", "k_proj.weight", "v_proj.weight", "v_proj.bias",
                  "out_proj.weight", "out_proj.bias"]:
            self.assertIn(f"model.decoder.layers.0.encoder_attn.{n}", names)
        self.assertNotIn("model.decoder.layers.0.encoder_attn.k_proj.bias", names)
        self.assertIn("model.decoder.layers.0.encoder_attn_layer_norm.weight", names)
        for n in ["model.encoder.conv1.weight", "model.encoder.conv2.bias", "model.decoder.embed_tokens.weight",
                  "model.decoder.embed_positions.weight"]:
            self.assertIn(n, names)
        self.assertFalse(any("num_heads" in n or "projection" in n for n in names))

    def test_fused_projections_are_split_by_rows(self) -> None:
        qkv = self.ct2["encoder/layer_0/self_attention/linear_0/weight"].data
        row = D * 2  # bytes per fp16 row
        base = "model.encoder.layers.0.self_attn"
        self.assertEqual(self.tensors[f"{base}.q_proj.weight"], ([D, D], qkv[: D * row]))
        self.assertEqual(self.tensors[f"{base}.k_proj.weight"], ([D, D], qkv[D * row : 2 * D * row]))
        self.assertEqual(self.tensors[f"{base}.v_proj.weight"], ([D, D], qkv[2 * D * row :]))
        bias = self.ct2["encoder/layer_0/self_attention/linear_0/bias"].data
        self.assertEqual(self.tensors[f"{base}.v_proj.bias"][1], bias[2 * D * 2 :])
        kv = self.ct2["decoder/layer_0/attention/linear_1/weight"].data
        cross = "model.decoder.layers.0.encoder_attn"
        self.assertEqual(self.tensors[f"{cross}.k_proj.weight"][1], kv[: D * row])
        self.assertEqual(self.tensors[f"{cross}.v_proj.weight"][1], kv[D * row :])
        self.assertEqual(self.tensors[f"{cross}.q_proj.weight"][1],
                         self.ct2["decoder/layer_0/attention/linear_0/weight"].data)

    def test_config_and_determinism(self) -> None:
        c = self.config
        self.assertEqual((c["d_model"], c["num_mel_bins"], c["vocab_size"]), (D, MELS, VOCAB))
        self.assertEqual((c["max_source_positions"], c["max_target_positions"]), (SRC, TGT))
        self.assertEqual((c["encoder_layers"], c["decoder_layers"], c["encoder_attention_heads"]), (1, 1, 2))
        self.assertEqual(c["suppress_tokens"], [1, 2])
        self.assertEqual(conv.convert(self.model, {"suppress_ids": [1, 2], "suppress_ids_begin": [220, 50257]})[0],
                         self.st)
        (n,) = struct.unpack_from("<Q", self.st)
        self.assertEqual(n % 8, 0)

    def test_malformed_input_is_refused(self) -> None:
        with self.assertRaises(conv.ConvertError):
            conv.convert(self.model[:-7], {})
        with self.assertRaises(conv.ConvertError):
            conv.convert(self.model.replace(b"WhisperSpec", b"MarianSpecX"), {})


if __name__ == "__main__":
    unittest.main()
