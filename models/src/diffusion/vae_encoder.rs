//! The VAE encoder, rebuilt from candle's public blocks with the same
//! tensor names (`encoder.*`, `quant_conv`), because candle's
//! `AutoEncoderKL::encode` only offers `sample()`, which draws from the
//! device RNG that cannot be seeded on CPU. We take the distribution's mean
//! (diffusers' `latent_dist.mode()`): deterministic img2img and inpainting.

use candle_core::{Module, Tensor};
use candle_nn as nn;
use candle_nn::VarBuilder;
use candle_transformers::models::stable_diffusion::unet_2d_blocks::{
    DownEncoderBlock2D, DownEncoderBlock2DConfig, UNetMidBlock2D, UNetMidBlock2DConfig,
};
use candle_transformers::models::stable_diffusion::vae::AutoEncoderKLConfig;

pub(crate) struct VaeEncoder {
    conv_in: nn::Conv2d,
    down_blocks: Vec<DownEncoderBlock2D>,
    mid_block: UNetMidBlock2D,
    conv_norm_out: nn::GroupNorm,
    conv_out: nn::Conv2d,
    quant_conv: Option<nn::Conv2d>,
    latent_channels: usize,
}

impl VaeEncoder {
    /// `vb` is the root of the VAE weights (the same file the decoder uses).
    pub(crate) fn new(vb: VarBuilder, config: &AutoEncoderKLConfig) -> candle_core::Result<Self> {
        let enc = vb.pp("encoder");
        let pad1 = nn::Conv2dConfig { padding: 1, ..Default::default() };
        let channels = &config.block_out_channels;
        let first = channels.first().copied().unwrap_or(0);
        let last = channels.last().copied().unwrap_or(0);
        let conv_in = nn::conv2d(3, first, 3, pad1, enc.pp("conv_in"))?;
        let mut down_blocks = Vec::with_capacity(channels.len());
        for (index, &out) in channels.iter().enumerate() {
            let input = if index > 0 { channels[index - 1] } else { first };
            let cfg = DownEncoderBlock2DConfig {
                num_layers: config.layers_per_block,
                resnet_eps: 1e-6,
                resnet_groups: config.norm_num_groups,
                add_downsample: index + 1 != channels.len(),
                downsample_padding: 0,
                ..Default::default()
            };
            down_blocks.push(DownEncoderBlock2D::new(enc.pp("down_blocks").pp(index.to_string()), input, out, cfg)?);
        }
        let mid_cfg = UNetMidBlock2DConfig {
            resnet_eps: 1e-6,
            output_scale_factor: 1.,
            attn_num_head_channels: None,
            resnet_groups: Some(config.norm_num_groups),
            ..Default::default()
        };
        let mid_block = UNetMidBlock2D::new(enc.pp("mid_block"), last, None, mid_cfg)?;
        let conv_norm_out = nn::group_norm(config.norm_num_groups, last, 1e-6, enc.pp("conv_norm_out"))?;
        let conv_out = nn::conv2d(last, 2 * config.latent_channels, 3, pad1, enc.pp("conv_out"))?;
        let quant_conv = if config.use_quant_conv {
            let c = 2 * config.latent_channels;
            Some(nn::conv2d(c, c, 1, Default::default(), vb.pp("quant_conv"))?)
        } else {
            None
        };
        Ok(VaeEncoder {
            conv_in,
            down_blocks,
            mid_block,
            conv_norm_out,
            conv_out,
            quant_conv,
            latent_channels: config.latent_channels,
        })
    }

    /// Mean of the latent distribution, unscaled: [n, latent_channels, h/f, w/f].
    pub(crate) fn encode_mean(&self, xs: &Tensor) -> candle_core::Result<Tensor> {
        let mut xs = xs.apply(&self.conv_in)?;
        for block in &self.down_blocks {
            xs = xs.apply(block)?;
        }
        let xs = self.mid_block.forward(&xs, None)?.apply(&self.conv_norm_out)?;
        let xs = nn::ops::silu(&xs)?.apply(&self.conv_out)?;
        let xs = match &self.quant_conv {
            Some(q) => q.forward(&xs)?,
            None => xs,
        };
        xs.narrow(1, 0, self.latent_channels)
    }
}
