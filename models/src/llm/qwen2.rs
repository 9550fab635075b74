//! The Qwen2 forward pass over GGUF weights, as candle-transformers'
//! `quantized_qwen2`, with one difference on the CPU: every weight matrix is
//! kept once, in its GGUF blocks, and multiplied with candle's unpacked
//! k-quant kernels (the ports of llama.cpp's dot products).
//!
//! Why not `quantized_qwen2` itself: its `QMatMul` repacks Q4_K weights
//! into SIMD tiles on first use and keeps both copies, and it dequantizes
//! the token embedding to f32. For the 1.5B that is 3.0 GB resident instead
//! of 1.3 GB, and on AVX2 machines the tiled single-row product is slower
//! than llama.cpp's layout (decoding is one row at a time; measured with
//! `scripts/bench llm`, see docs/MODELS.md). On CUDA the weights stay in
//! `QMatMul`, which has the GPU kernels.

use std::sync::Arc;

use candle_core::quantized::{gguf_file, GgmlDType, QMatMul, QTensor, QuantizedType};
use candle_core::{CpuStorage, DType, Device, IndexOp, Module, Result, Tensor};
use candle_transformers::quantized_nn::RmsNorm;
use candle_transformers::utils::{build_causal_mask, repeat_kv};

/// Block types without a SIMD dot product in candle's CPU backend (it has
/// AVX/NEON kernels for Q4_0, Q8_0 and the K-quants only): converted to Q8_0
/// at load, which holds every such value within its rounding. The 0.5B file
/// (an AWQ build) is mostly Q5_0: decoding it becomes several times faster
/// for ~50 % more memory on those tensors.
fn slow_on_cpu(dtype: GgmlDType) -> bool {
    matches!(dtype, GgmlDType::Q4_1 | GgmlDType::Q5_0 | GgmlDType::Q5_1)
}

/// Which blocks the CPU keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Blocks {
    /// Slow block types converted to Q8_0 ([`slow_on_cpu`]).
    Fast,
    /// As in the file (the agreement test compares like with like).
    #[cfg_attr(not(test), allow(dead_code))]
    AsStored,
}

/// A weight matrix `[n, k]` applied as `x · Wᵀ`.
#[derive(Clone)]
enum Weight {
    /// The GGUF blocks, multiplied by `QuantizedType::matmul_t`.
    Cpu {
        blocks: Arc<dyn QuantizedType>,
        n: usize,
        k: usize,
    },
    Gpu(QMatMul),
}

impl Weight {
    fn new(tensor: QTensor, device: &Device, blocks: Blocks) -> Result<Self> {
        if !device.is_cpu() {
            return Ok(Self::Gpu(QMatMul::from_qtensor(tensor)?));
        }
        let (n, k) = tensor.shape().dims2()?;
        let tensor = if blocks == Blocks::Fast && slow_on_cpu(tensor.dtype()) && k % GgmlDType::Q8_0.block_size() == 0 {
            QTensor::quantize(&tensor.dequantize(device)?, GgmlDType::Q8_0)?
        } else {
            tensor
        };
        let blocks: Arc<dyn QuantizedType> = Arc::from(tensor.dtype().from_data(tensor.data()?));
        Ok(Self::Cpu { blocks, n, k })
    }

    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        match self {
            Self::Gpu(m) => m.forward(x),
            Self::Cpu { blocks, n, k } => {
                let mut dims = x.dims().to_vec();
                let rows = x.elem_count() / k;
                let lhs = x.flatten_all()?.to_vec1::<f32>()?;
                let mut out = vec![0f32; rows * n];
                blocks.matmul_t((rows, *k, *n), &lhs, &mut out)?;
                if let Some(last) = dims.last_mut() {
                    *last = *n;
                }
                Tensor::from_vec(out, dims, x.device())
            }
        }
    }
}

/// Token embedding rows: looked up in the quantized blocks on the CPU (no
/// f32 copy of the 151,936-row table), a dequantized table on a GPU.
enum Embedding {
    Cpu { blocks: Arc<dyn QuantizedType>, rows: usize, hidden: usize },
    Gpu(candle_nn::Embedding),
}

impl Embedding {
    fn forward(&self, ids: &Tensor) -> Result<Tensor> {
        match self {
            Self::Gpu(e) => e.forward(ids),
            Self::Cpu { blocks, rows, hidden } => {
                let (b, s) = ids.dims2()?;
                let flat = ids.flatten_all()?.to_vec1::<u32>()?;
                if let Some(bad) = flat.iter().find(|&&id| id as usize >= *rows) {
                    candle_core::bail!("token id {bad} outside the embedding table of {rows} rows");
                }
                match blocks.embedding(&flat, *rows, *hidden)? {
                    CpuStorage::F32(v) => Tensor::from_vec(v, (b, s, *hidden), ids.device()),
                    _ => candle_core::bail!("quantized embedding rows did not come back as f32"),
                }
            }
        }
    }
}

struct Layer {
    wq: Weight,
    wk: Weight,
    wv: Weight,
    bq: Tensor,
    bk: Tensor,
    bv: Tensor,
    wo: Weight,
    attention_norm: RmsNorm,
    gate: Weight,
    down: Weight,
    up: Weight,
    ffn_norm: RmsNorm,
    kv_cache: Option<(Tensor, Tensor)>,
}

/// Qwen2 weights, rotary tables and the per-layer KV cache of one
/// conversation.
pub(super) struct Qwen2 {
    embedding: Embedding,
    layers: Vec<Layer>,
    norm: RmsNorm,
    output: Weight,
    n_head: usize,
    n_kv_head: usize,
    head_dim: usize,
    cos: Tensor,
    sin: Tensor,
}

fn rope_tables(head_dim: usize, freq_base: f32, context: usize, device: &Device) -> Result<(Tensor, Tensor)> {
    let theta: Vec<f32> = (0..head_dim).step_by(2).map(|i| 1f32 / freq_base.powf(i as f32 / head_dim as f32)).collect();
    let theta = Tensor::new(theta.as_slice(), device)?;
    let positions = Tensor::arange(0, context as u32, device)?.to_dtype(DType::F32)?.reshape((context, 1))?;
    let angles = positions.matmul(&theta.reshape((1, theta.elem_count()))?)?;
    Ok((angles.cos()?, angles.sin()?))
}

impl Qwen2 {
    pub(super) fn from_gguf<R: std::io::Seek + std::io::Read>(
        content: &gguf_file::Content,
        reader: &mut R,
        device: &Device,
    ) -> Result<Self> {
        Self::load(content, reader, device, Blocks::Fast)
    }

    fn load<R: std::io::Seek + std::io::Read>(
        content: &gguf_file::Content,
        reader: &mut R,
        device: &Device,
        blocks: Blocks,
    ) -> Result<Self> {
        let md = |key: &str| match content.metadata.get(key) {
            Some(v) => Ok(v),
            None => candle_core::bail!("cannot find {key} in metadata"),
        };
        let n_head = md("qwen2.attention.head_count")?.to_u32()? as usize;
        let n_kv_head = md("qwen2.attention.head_count_kv")?.to_u32()? as usize;
        let hidden = md("qwen2.embedding_length")?.to_u32()? as usize;
        let context = md("qwen2.context_length")?.to_u32()? as usize;
        let block_count = md("qwen2.block_count")?.to_u32()? as usize;
        let eps = f64::from(md("qwen2.attention.layer_norm_rms_epsilon")?.to_f32()?);
        let freq_base = md("qwen2.rope.freq_base").and_then(|m| m.to_f32()).unwrap_or(10_000f32);
        let head_dim = hidden / n_head;
        let mut tensor = |name: &str| content.tensor(reader, name, device);

        let token_embd = tensor("token_embd.weight")?;
        let tied = !content.tensor_infos.contains_key("output.weight");
        let (embedding, output) = if device.is_cpu() {
            let rows = token_embd.shape().dims2()?.0;
            let embd = Weight::new(token_embd, device, blocks)?;
            let Weight::Cpu { blocks: table, .. } = &embd else { candle_core::bail!("CPU weight expected") };
            let embedding = Embedding::Cpu { blocks: table.clone(), rows, hidden };
            // Tied embeddings (the Qwen2.5 0.5B and 1.5B): one copy serves both.
            let output = if tied { embd } else { Weight::new(tensor("output.weight")?, device, blocks)? };
            (embedding, output)
        } else {
            let table = token_embd.dequantize(device)?;
            let output = if tied { token_embd } else { tensor("output.weight")? };
            (Embedding::Gpu(candle_nn::Embedding::new(table, hidden)), Weight::new(output, device, blocks)?)
        };
        let norm = RmsNorm::from_qtensor(tensor("output_norm.weight")?, eps)?;

        let mut layers = Vec::with_capacity(block_count);
        for i in 0..block_count {
            let mut w = |part: &str| tensor(&format!("blk.{i}.{part}"));
            layers.push(Layer {
                wq: Weight::new(w("attn_q.weight")?, device, blocks)?,
                wk: Weight::new(w("attn_k.weight")?, device, blocks)?,
                wv: Weight::new(w("attn_v.weight")?, device, blocks)?,
                bq: w("attn_q.bias")?.dequantize(device)?,
                bk: w("attn_k.bias")?.dequantize(device)?,
                bv: w("attn_v.bias")?.dequantize(device)?,
                wo: Weight::new(w("attn_output.weight")?, device, blocks)?,
                attention_norm: RmsNorm::from_qtensor(w("attn_norm.weight")?, eps)?,
                gate: Weight::new(w("ffn_gate.weight")?, device, blocks)?,
                down: Weight::new(w("ffn_down.weight")?, device, blocks)?,
                up: Weight::new(w("ffn_up.weight")?, device, blocks)?,
                ffn_norm: RmsNorm::from_qtensor(w("ffn_norm.weight")?, eps)?,
                kv_cache: None,
            });
        }
        let (cos, sin) = rope_tables(head_dim, freq_base, context, device)?;
        Ok(Self { embedding, layers, norm, output, n_head, n_kv_head, head_dim, cos, sin })
    }

    pub(super) fn clear_kv_cache(&mut self) {
        for layer in &mut self.layers {
            layer.kv_cache = None;
        }
    }

    /// Logits `[batch, vocab]` of the last position after feeding `ids`
    /// (`[batch, seq]`) at position `pos`.
    pub(super) fn forward(&mut self, ids: &Tensor, pos: usize) -> Result<Tensor> {
        let (_, seq_len) = ids.dims2()?;
        let mask = if seq_len == 1 { None } else { Some(build_causal_mask(seq_len, pos, ids.device())?) };
        let mut x = self.embedding.forward(ids)?;
        let geometry = (self.n_head, self.n_kv_head, self.head_dim);
        for layer in &mut self.layers {
            let attn = layer.attention(
                &layer.attention_norm.forward(&x)?,
                mask.as_ref(),
                pos,
                geometry,
                &self.cos,
                &self.sin,
            )?;
            x = (attn + x)?;
            let h = layer.ffn_norm.forward(&x)?;
            let mlp =
                layer.down.forward(&(candle_nn::ops::silu(&layer.gate.forward(&h)?)? * layer.up.forward(&h)?)?)?;
            x = (mlp + x)?;
        }
        let x = self.norm.forward(&x)?.i((.., seq_len - 1, ..))?.contiguous()?;
        self.output.forward(&x)
    }
}

impl Layer {
    fn attention(
        &mut self,
        x: &Tensor,
        mask: Option<&Tensor>,
        pos: usize,
        (n_head, n_kv_head, head_dim): (usize, usize, usize),
        cos: &Tensor,
        sin: &Tensor,
    ) -> Result<Tensor> {
        let (b, seq_len, hidden) = x.dims3()?;
        let heads = |t: Tensor, n: usize| t.reshape((b, seq_len, n, head_dim))?.transpose(1, 2)?.contiguous();
        let q = heads(self.wq.forward(x)?.broadcast_add(&self.bq)?, n_head)?;
        let k = heads(self.wk.forward(x)?.broadcast_add(&self.bk)?, n_kv_head)?;
        let v = heads(self.wv.forward(x)?.broadcast_add(&self.bv)?, n_kv_head)?;
        let (cos, sin) = (cos.narrow(0, pos, seq_len)?, sin.narrow(0, pos, seq_len)?);
        let q = candle_nn::rotary_emb::rope(&q, &cos, &sin)?;
        let k = candle_nn::rotary_emb::rope(&k, &cos, &sin)?;
        let (k, v) = match &self.kv_cache {
            Some((k_cache, v_cache)) if pos > 0 => (Tensor::cat(&[k_cache, &k], 2)?, Tensor::cat(&[v_cache, &v], 2)?),
            _ => (k, v),
        };
        self.kv_cache = Some((k.clone(), v.clone()));
        let k = repeat_kv(k, n_head / n_kv_head)?;
        let v = repeat_kv(v, n_head / n_kv_head)?;
        let att = (q.matmul(&k.t()?)? / (head_dim as f64).sqrt())?;
        let att = match mask {
            Some(mask) => {
                let neg_inf = Tensor::new(f32::NEG_INFINITY, att.device())?.broadcast_as(att.shape())?;
                mask.broadcast_as(att.shape())?.where_cond(&neg_inf, &att)?
            }
            None => att,
        };
        let att = candle_nn::ops::softmax_last_dim(&att)?;
        let y = att.matmul(&v.contiguous()?)?.transpose(1, 2)?.reshape((b, seq_len, hidden))?;
        self.wo.forward(&y)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    //! Agreement with candle-transformers' `quantized_qwen2` on the real 0.5B
    //! (`scripts/fetch-models qwen2.5-coder-0.5b`; scripts/test fetches it).

    use super::*;
    use candle_transformers::models::quantized_qwen2::ModelWeights;

    fn model_file() -> std::path::PathBuf {
        let dir = match std::env::var_os("PIXMART_MODELS_DIR") {
            Some(d) if !d.is_empty() => std::path::PathBuf::from(d),
            _ => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/models"),
        };
        let path = dir.join(crate::llm::QWEN_05B_FILE);
        assert!(path.is_file(), "{} is missing: run scripts/fetch-models qwen2.5-coder-0.5b", path.display());
        path
    }

    fn argmax(logits: &[f32]) -> usize {
        logits.iter().enumerate().fold((0, f32::MIN), |best, (i, &v)| if v > best.1 { (i, v) } else { best }).0
    }

    /// Same weights (as stored), same prompt, then 8 greedy steps: the same
    /// next token at every step, and logits (top ~13 to 19) within 1.0. They
    /// are not bit-equal: the reference multiplies the Q4_K `ffn_down` in
    /// candle's repacked tile layout, ours in the GGUF layout (measured:
    /// 0.31 to 0.54 at every step, no growth along the KV cache; a wrong
    /// rotary position, bias or mask moves them by whole units).
    #[test]
    fn forward_pass_agrees_with_candle_transformers_quantized_qwen2() {
        let path = model_file();
        let device = Device::Cpu;
        let mut file = std::fs::File::open(&path).unwrap();
        let content = gguf_file::Content::read(&mut file).unwrap();
        let mut ours = Qwen2::load(&content, &mut file, &device, Blocks::AsStored).unwrap();
        let mut file = std::fs::File::open(&path).unwrap();
        let content = gguf_file::Content::read(&mut file).unwrap();
        let mut reference = ModelWeights::from_gguf(content, &mut file, &device).unwrap();

        // "<|im_start|>user\n保温杯<|im_end|>\n<|im_start|>assistant\n" as ids.
        let mut ids: Vec<u32> = vec![151644, 872, 198, 100019, 99491, 103934, 151645, 198, 151644, 77091, 198];
        let mut pos = 0;
        let mut worst = 0f32;
        for step in 0..9 {
            let feed = &ids[pos..];
            let input = Tensor::new(feed, &device).unwrap().unsqueeze(0).unwrap();
            let a = ours.forward(&input, pos).unwrap().squeeze(0).unwrap().to_vec1::<f32>().unwrap();
            let b = reference.forward(&input, pos).unwrap().squeeze(0).unwrap().to_vec1::<f32>().unwrap();
            assert_eq!(a.len(), b.len());
            let diff = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).fold(0f32, f32::max);
            worst = worst.max(diff);
            assert_eq!(argmax(&a), argmax(&b), "step {step}: different next token (max logit difference {diff})");
            pos = ids.len();
            ids.push(argmax(&a) as u32);
        }
        assert!(worst < 1.0, "logits differ by up to {worst}");
    }
}
