//! Whisper's text decoder with a self-attention KV cache.
//!
//! candle's `whisper::model::TextDecoder` caches only the cross-attention
//! keys and values, so every new token re-runs the whole token sequence
//! (quadratic in a window's tokens). This one loads the same weights
//! (`model.decoder.*`) and also caches each layer's self-attention keys and
//! values, so a step runs one token. The arithmetic is the same as
//! OpenAI's `TextDecoder` (pre-norm blocks, exact GELU, scaled dot-product
//! attention, logits = hidden · token embeddingᵀ).

use candle_core::{DType, Device, Module, Result, Tensor, D};
use candle_nn::{linear, linear_no_bias, LayerNorm, Linear, VarBuilder};
use candle_transformers::models::whisper as m;

fn layer_norm(size: usize, vb: VarBuilder) -> Result<LayerNorm> {
    Ok(LayerNorm::new(vb.get(size, "weight")?, vb.get(size, "bias")?, 1e-5))
}

struct Attention {
    q: Linear,
    k: Linear,
    v: Linear,
    out: Linear,
    n_head: usize,
}

impl Attention {
    fn load(d: usize, n_head: usize, vb: VarBuilder) -> Result<Self> {
        Ok(Self {
            q: linear(d, d, vb.pp("q_proj"))?,
            k: linear_no_bias(d, d, vb.pp("k_proj"))?,
            v: linear(d, d, vb.pp("v_proj"))?,
            out: linear(d, d, vb.pp("out_proj"))?,
            n_head,
        })
    }

    /// (1, n, d) → (1, heads, n, d / heads)
    fn heads(&self, x: &Tensor) -> Result<Tensor> {
        let (b, n, d) = x.dims3()?;
        x.reshape((b, n, self.n_head, d / self.n_head))?.transpose(1, 2)?.contiguous()
    }

    fn attend(&self, q: &Tensor, k: &Tensor, v: &Tensor, mask: Option<&Tensor>) -> Result<Tensor> {
        let head_dim = q.dim(D::Minus1)?;
        let mut w = (q.matmul(&k.t()?)? * (head_dim as f64).powf(-0.5))?;
        if let Some(mask) = mask {
            w = w.broadcast_add(mask)?;
        }
        let w = candle_nn::ops::softmax_last_dim(&w)?;
        let o = w.matmul(v)?.transpose(1, 2)?;
        let (b, n, _, _) = o.dims4()?;
        self.out.forward(&o.reshape((b, n, ()))?)
    }
}

struct Block {
    self_attn: Attention,
    self_ln: LayerNorm,
    cross_attn: Attention,
    cross_ln: LayerNorm,
    fc1: Linear,
    fc2: Linear,
    mlp_ln: LayerNorm,
}

/// Per-window state: each layer's cross-attention keys/values (from the
/// encoder output) and self-attention keys/values so far.
#[derive(Clone)]
pub(crate) struct DecoderState {
    cross: Vec<(Tensor, Tensor)>,
    cache: Vec<Option<(Tensor, Tensor)>>,
    /// Tokens already in the cache.
    pub len: usize,
}

pub(crate) struct CachedDecoder {
    embed: Tensor,
    positions: Tensor,
    blocks: Vec<Block>,
    ln: LayerNorm,
    device: Device,
}

impl CachedDecoder {
    /// `vb` at `model.decoder`.
    pub(crate) fn load(vb: VarBuilder, cfg: &m::Config) -> Result<Self> {
        let d = cfg.d_model;
        let n_head = cfg.decoder_attention_heads;
        let n_mlp = d * 4;
        let blocks = (0..cfg.decoder_layers)
            .map(|i| {
                let vb = vb.pp(format!("layers.{i}"));
                Ok(Block {
                    self_attn: Attention::load(d, n_head, vb.pp("self_attn"))?,
                    self_ln: layer_norm(d, vb.pp("self_attn_layer_norm"))?,
                    cross_attn: Attention::load(d, n_head, vb.pp("encoder_attn"))?,
                    cross_ln: layer_norm(d, vb.pp("encoder_attn_layer_norm"))?,
                    fc1: linear(d, n_mlp, vb.pp("fc1"))?,
                    fc2: linear(n_mlp, d, vb.pp("fc2"))?,
                    mlp_ln: layer_norm(d, vb.pp("final_layer_norm"))?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Self {
            embed: vb.get((cfg.vocab_size, d), "embed_tokens.weight")?,
            positions: vb.get((cfg.max_target_positions, d), "embed_positions.weight")?,
            blocks,
            ln: layer_norm(d, vb.pp("layer_norm"))?,
            device: vb.device().clone(),
        })
    }

    /// A fresh state for one window's encoder output `audio` (1, frames, d).
    pub(crate) fn start(&self, audio: &Tensor) -> Result<DecoderState> {
        let cross = self
            .blocks
            .iter()
            .map(|b| {
                let a = &b.cross_attn;
                Ok((a.heads(&a.k.forward(audio)?)?, a.heads(&a.v.forward(audio)?)?))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(DecoderState { cross, cache: vec![None; self.blocks.len()], len: 0 })
    }

    /// Runs `tokens` after the `state.len` cached ones; returns their final
    /// hidden states (1, n, d) and extends the cache.
    pub(crate) fn forward(&self, tokens: &[u32], state: &mut DecoderState) -> Result<Tensor> {
        let n = tokens.len();
        let offset = state.len;
        let ids = Tensor::new(tokens, &self.device)?;
        let mut x =
            self.embed.index_select(&ids, 0)?.broadcast_add(&self.positions.narrow(0, offset, n)?)?.unsqueeze(0)?;
        // Causal mask over (new tokens) × (cached + new tokens); one token needs none.
        let mask = if n > 1 {
            let m: Vec<f32> = (0..n)
                .flat_map(|i| (0..offset + n).map(move |j| if j > offset + i { f32::NEG_INFINITY } else { 0.0 }))
                .collect();
            Some(Tensor::from_vec(m, (n, offset + n), &self.device)?)
        } else {
            None
        };
        for (i, b) in self.blocks.iter().enumerate() {
            let h = b.self_ln.forward(&x)?;
            let a = &b.self_attn;
            let (q, k, v) = (a.heads(&a.q.forward(&h)?)?, a.heads(&a.k.forward(&h)?)?, a.heads(&a.v.forward(&h)?)?);
            let (k, v) = match &state.cache[i] {
                Some((pk, pv)) => (Tensor::cat(&[pk, &k], 2)?, Tensor::cat(&[pv, &v], 2)?),
                None => (k, v),
            };
            x = (x + a.attend(&q, &k, &v, mask.as_ref())?)?;
            state.cache[i] = Some((k, v));

            let h = b.cross_ln.forward(&x)?;
            let c = &b.cross_attn;
            let (ck, cv) = &state.cross[i];
            x = (&x + c.attend(&c.heads(&c.q.forward(&h)?)?, ck, cv, None)?)?;

            let h = b.mlp_ln.forward(&x)?;
            x = (&x + b.fc2.forward(&b.fc1.forward(&h)?.gelu_erf()?)?)?;
        }
        state.len += n;
        self.ln.forward(&x)
    }

    /// Logits (vocabulary) of one position of `hidden` (1, n, d).
    pub(crate) fn logits(&self, hidden: &Tensor, pos: usize) -> Result<Vec<f32>> {
        let h = hidden.narrow(1, pos, 1)?.squeeze(0)?; // (1, d)
        h.matmul(&self.embed.t()?)?.squeeze(0)?.to_dtype(DType::F32)?.to_vec1::<f32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::IndexOp;
    use candle_nn::VarMap;
    use candle_transformers::models::whisper::model::Whisper as Model;

    fn tiny() -> m::Config {
        m::Config {
            num_mel_bins: 4,
            max_source_positions: 8,
            d_model: 16,
            encoder_attention_heads: 2,
            encoder_layers: 2,
            vocab_size: 50,
            max_target_positions: 16,
            decoder_attention_heads: 2,
            decoder_layers: 2,
            suppress_tokens: vec![],
        }
    }

    /// Equal up to `tol` relative to the logits' scale (different matmul
    /// shapes round differently).
    fn close(a: &[f32], b: &[f32], tol: f32) -> bool {
        let scale = b.iter().fold(1f32, |m, v| m.max(v.abs()));
        let worst = a.iter().zip(b).fold(0f32, |m, (x, y)| m.max((x - y).abs()));
        if worst > tol * scale {
            eprintln!("max difference {worst} (scale {scale})");
        }
        a.len() == b.len() && worst <= tol * scale
    }

    /// The cached decoder, fed one token at a time, gives the logits of a
    /// whole-sequence run, and those of candle's decoder on the same weights
    /// (candle's tanh GELU vs our exact one: a small tolerance).
    #[test]
    fn cached_decoding_matches_a_full_run_and_candles_decoder() {
        let cfg = tiny();
        let dev = Device::Cpu;
        let varmap = VarMap::new();
        let vb = VarBuilder::from_varmap(&varmap, DType::F32, &dev);
        let mut model = Model::load(&vb, cfg.clone()).unwrap();
        let ours = CachedDecoder::load(vb.pp("model.decoder"), &cfg).unwrap();
        // Deterministic pseudo-random weights (candle's randn cannot be seeded).
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = |shape: &candle_core::Shape, scale: f32| {
            let v: Vec<f32> = (0..shape.elem_count())
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    ((seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * scale
                })
                .collect();
            Tensor::from_vec(v, shape, &dev).unwrap()
        };
        let mut vars = varmap.data().lock().unwrap().iter().map(|(k, v)| (k.clone(), v.clone())).collect::<Vec<_>>();
        vars.sort_by(|a, b| a.0.cmp(&b.0));
        for (_, var) in &vars {
            var.set(&random(var.shape(), 1.0)).unwrap();
        }
        let mel = random(&(1, 4, 16).into(), 2.0);
        let audio = model.encoder.forward(&mel, true).unwrap();
        let tokens = [3u32, 7, 11, 2, 40, 9];

        let ids = Tensor::new(&tokens, &dev).unwrap().unsqueeze(0).unwrap();
        let ys = model.decoder.forward(&ids, &audio, true).unwrap();
        let theirs = model.decoder.final_linear(&ys).unwrap().i(0).unwrap();

        let mut full = ours.start(&audio).unwrap();
        let h = ours.forward(&tokens, &mut full).unwrap();
        let mut step = ours.start(&audio).unwrap();
        let h3 = ours.forward(&tokens[..3], &mut step).unwrap();
        for p in 0..3 {
            assert!(close(&ours.logits(&h3, p).unwrap(), &ours.logits(&h, p).unwrap(), 1e-3));
        }
        for (p, &t) in tokens.iter().enumerate().skip(3) {
            let hp = ours.forward(&[t], &mut step).unwrap();
            let one = ours.logits(&hp, 0).unwrap();
            let spread = one.iter().fold(f32::MIN, |a, b| a.max(*b)) - one.iter().fold(f32::MAX, |a, b| a.min(*b));
            assert!(spread > 1.0, "random weights give distinct logits ({spread})");
            assert!(close(&one, &ours.logits(&h, p).unwrap(), 1e-3), "position {p}");
            let candle = theirs.i(p).unwrap().to_vec1::<f32>().unwrap();
            assert!(close(&one, &candle, 2e-2), "position {p}: {:?} vs {:?}", &one[..4], &candle[..4]);
        }
        assert_eq!(step.len, tokens.len());
    }
}
