//! The denoising loop: text-to-image, img2img and inpainting, one image
//! per seed, with a progress callback after every step that can stop the
//! run (cancellation between steps).

use candle_core::{DType, Tensor};
use candle_transformers::models::stable_diffusion::ddim::DDIMSchedulerConfig;
use candle_transformers::models::stable_diffusion::euler_ancestral_discrete::EulerAncestralDiscreteSchedulerConfig;
use candle_transformers::models::stable_diffusion::schedulers::{Scheduler, SchedulerConfig};
use image::{GrayImage, RgbImage};

use super::conditioning::Conditioning;
use super::config::SchedulerKind;
use super::tensors::{image_to_tensor, seeded_noise, tensor_to_image};
use super::text::embed;
use super::{DiffusionError, DiffusionModel};

/// What to generate. Sizes are the output's and must be multiples of the
/// VAE factor (8 for real models).
#[derive(Debug, Clone)]
pub struct GenerateRequest {
    pub prompt: String,
    pub negative_prompt: String,
    pub width: u32,
    pub height: u32,
    /// Defaults to the model config's `defaultSteps`.
    pub steps: Option<usize>,
    /// Defaults to the model config's `guidanceScale`; ≤ 1 turns guidance off.
    pub guidance_scale: Option<f64>,
    /// Image `i` of the request uses `seed + i`.
    pub seed: u64,
    pub count: usize,
    pub mode: Mode,
}

#[derive(Debug, Clone)]
pub enum Mode {
    TextToImage,
    /// Denoise from the noised input: `strength` × steps steps are run.
    ImageToImage {
        init: RgbImage,
        strength: f64,
    },
    /// Regenerate where `mask` is white (255), keep the rest; `image` and
    /// `mask` have the output size. 9-channel UNets get latents ‖ mask ‖
    /// masked-image latents; 4-channel UNets blend the known latents back
    /// after every step.
    Inpaint {
        image: RgbImage,
        mask: GrayImage,
        strength: f64,
    },
}

/// Reported after every denoising step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepProgress {
    /// 0-based image index and the request's image count.
    pub image: usize,
    pub images: usize,
    /// Steps done for this image (1-based) and the steps it runs.
    pub step: usize,
    pub steps: usize,
}

impl StepProgress {
    /// Overall completion 0..1 across all images of the request.
    pub fn fraction(&self) -> f64 {
        let per_image = self.steps.max(1) as f64;
        (self.image as f64 + self.step as f64 / per_image) / self.images.max(1) as f64
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Continue,
    Stop,
}

struct Prepared {
    text: Tensor,
    guidance: Option<f64>,
    steps: usize,
    latent_shape: (usize, usize, usize, usize),
}

impl Prepared {
    /// The UNet's batch: unconditional and conditional with guidance.
    fn batch(&self) -> usize {
        if self.guidance.is_some() {
            2
        } else {
            1
        }
    }
}

impl Mode {
    /// The fraction of the schedule that runs (1 for text-to-image).
    fn strength(&self) -> f64 {
        match self {
            Mode::TextToImage => 1.0,
            Mode::ImageToImage { strength, .. } | Mode::Inpaint { strength, .. } => *strength,
        }
    }
}

impl DiffusionModel {
    /// Runs the request; `on_step` is called after every step and stops the
    /// run with [`DiffusionError::Cancelled`] when it returns `Stop`.
    pub fn generate(
        &self,
        req: &GenerateRequest,
        on_step: &mut dyn FnMut(StepProgress) -> Control,
    ) -> Result<Vec<RgbImage>, DiffusionError> {
        self.generate_inner(req, on_step, None)
    }

    /// As [`generate`](Self::generate), also timing the denoising loop and
    /// the UNet forwards inside it (each forward waits for the device), for
    /// the overhead bench: `(loop − unet) / steps` is the pipeline's own
    /// work per step, measured in the same run.
    pub fn generate_timed(
        &self,
        req: &GenerateRequest,
        on_step: &mut dyn FnMut(StepProgress) -> Control,
    ) -> Result<(Vec<RgbImage>, LoopTimes), DiffusionError> {
        let mut times = LoopTimes::default();
        let images = self.generate_inner(req, on_step, Some(&mut times))?;
        Ok((images, times))
    }

    fn generate_inner(
        &self,
        req: &GenerateRequest,
        on_step: &mut dyn FnMut(StepProgress) -> Control,
        mut times: Option<&mut LoopTimes>,
    ) -> Result<Vec<RgbImage>, DiffusionError> {
        let prep = self.prepare(req)?;
        let cond = self.conditioning(req, prep.batch())?;
        let mut out = Vec::with_capacity(req.count);
        for index in 0..req.count {
            let latents = self.denoise(req, &prep, &cond, index, on_step, times.as_deref_mut())?;
            out.push(self.decode(&latents)?);
        }
        Ok(out)
    }

    fn prepare(&self, req: &GenerateRequest) -> Result<Prepared, DiffusionError> {
        let f = self.config.vae_factor();
        if req.width == 0 || req.height == 0 || !req.width.is_multiple_of(f) || !req.height.is_multiple_of(f) {
            return Err(DiffusionError::InvalidRequest(format!(
                "{}×{} is not a positive multiple of {f}",
                req.width, req.height
            )));
        }
        if req.count == 0 {
            return Err(DiffusionError::InvalidRequest("count must be at least 1".into()));
        }
        let check = |img: &RgbImage| {
            if img.dimensions() != (req.width, req.height) {
                return Err(DiffusionError::InvalidRequest(format!(
                    "input is {:?}, expected {}×{}",
                    img.dimensions(),
                    req.width,
                    req.height
                )));
            }
            Ok(())
        };
        match &req.mode {
            Mode::TextToImage => {}
            Mode::ImageToImage { init, strength } => {
                check(init)?;
                check_strength(*strength)?;
            }
            Mode::Inpaint { image, mask, strength } => {
                check(image)?;
                check_strength(*strength)?;
                if mask.dimensions() != image.dimensions() {
                    return Err(DiffusionError::InvalidRequest("mask and image sizes differ".into()));
                }
            }
        }
        let steps = req.steps.unwrap_or(self.config.default_steps).max(1);
        let scale = req.guidance_scale.unwrap_or(self.config.guidance_scale);
        let guidance = (scale > 1.0).then_some(scale);
        let text = embed(&self.text, &req.prompt, &req.negative_prompt, guidance.is_some(), &self.device, self.dtype)?;
        let latent_shape = (1, 4, (req.height / f) as usize, (req.width / f) as usize);
        Ok(Prepared { text, guidance, steps, latent_shape })
    }

    fn scheduler(&self, steps: usize) -> Result<Box<dyn Scheduler>, DiffusionError> {
        let prediction_type = self.resolved.prediction;
        match self.config.scheduler {
            SchedulerKind::Ddim => DDIMSchedulerConfig { prediction_type, ..Default::default() }.build(steps),
            SchedulerKind::EulerAncestral => {
                EulerAncestralDiscreteSchedulerConfig { prediction_type, ..Default::default() }.build(steps)
            }
        }
        .map_err(DiffusionError::inference)
    }

    /// Unscaled image → scaled latents (mean of the VAE posterior).
    pub(crate) fn encode(&self, img: &RgbImage) -> Result<Tensor, DiffusionError> {
        let x = image_to_tensor(img, &self.device, self.dtype)?;
        self.vae_encoder.encode_mean(&x).and_then(|l| l * self.resolved.vae_scale).map_err(DiffusionError::inference)
    }

    fn decode(&self, latents: &Tensor) -> Result<RgbImage, DiffusionError> {
        let x =
            (latents / self.resolved.vae_scale).and_then(|l| self.vae.decode(&l)).map_err(DiffusionError::inference)?;
        tensor_to_image(&x)
    }

    fn denoise(
        &self,
        req: &GenerateRequest,
        prep: &Prepared,
        cond: &Conditioning,
        index: usize,
        on_step: &mut dyn FnMut(StepProgress) -> Control,
        mut times: Option<&mut LoopTimes>,
    ) -> Result<Tensor, DiffusionError> {
        let e = DiffusionError::inference;
        let mut scheduler = self.scheduler(prep.steps)?;
        let timesteps = scheduler.timesteps().to_vec();
        // Image `index` of the request uses `seed + index`.
        let seed = req.seed.wrapping_add(index as u64);
        let noise = seeded_noise(seed, prep.latent_shape, &self.device, self.dtype)?;

        let strength = req.mode.strength();
        // img2img: only the last strength × steps steps run.
        let run = ((timesteps.len() as f64 * strength).round() as usize).clamp(1, timesteps.len());
        let t_start = timesteps.len() - run;

        let mut latents = match (&cond.init, strength >= 1.0) {
            (Some(init), false) => scheduler.add_noise(init, noise.clone(), timesteps[t_start]).map_err(e)?,
            _ => (&noise * scheduler.init_noise_sigma()).map_err(e)?,
        };
        let batch = prep.batch();
        for (i, &t) in timesteps.iter().enumerate().skip(t_start) {
            let step_start = std::time::Instant::now();
            let input = if batch == 2 { Tensor::cat(&[&latents, &latents], 0).map_err(e)? } else { latents.clone() };
            let input = scheduler.scale_model_input(input, t).map_err(e)?;
            let input = match &cond.extra_channels {
                Some(extra) => Tensor::cat(&[&input, extra], 1).map_err(e)?,
                None => input,
            };
            let unet_start = std::time::Instant::now();
            let noise_pred = self.unet.forward(&input, t as f64, &prep.text).map_err(e)?;
            if let Some(times) = times.as_deref_mut() {
                sync(&noise_pred)?;
                times.unet += unet_start.elapsed();
            }
            let noise_pred = match prep.guidance {
                Some(g) => {
                    let parts = noise_pred.chunk(2, 0).map_err(e)?;
                    let (uncond, text) = (&parts[0], &parts[1]);
                    (uncond + ((text - uncond).map_err(e)? * g).map_err(e)?).map_err(e)?
                }
                None => noise_pred,
            };
            latents = scheduler.step(&noise_pred, t, &latents).map_err(e)?;
            // 4-channel inpainting: put the known region back at the
            // noise level of the next step.
            if let (Some(m), Some(init)) = (&cond.blend_mask, &cond.init) {
                let known = match timesteps.get(i + 1) {
                    Some(&next) => scheduler.add_noise(init, noise.clone(), next).map_err(e)?,
                    None => init.clone(),
                };
                let keep = (1.0 - m).map_err(e)?;
                latents = (latents.broadcast_mul(m).map_err(e)? + known.broadcast_mul(&keep).map_err(e)?).map_err(e)?;
            }
            let progress = StepProgress { image: index, images: req.count, step: i + 1 - t_start, steps: run };
            let control = on_step(progress);
            if let Some(times) = times.as_deref_mut() {
                sync(&latents)?;
                times.total += step_start.elapsed();
                times.steps += 1;
            }
            if control == Control::Stop {
                return Err(DiffusionError::Cancelled { step: progress.step, total: run });
            }
        }
        latents.to_dtype(DType::F32).and_then(|l| l.to_dtype(self.dtype)).map_err(e)
    }
}

/// Waits for the device to finish computing `t` (CUDA runs asynchronously).
fn sync(t: &Tensor) -> Result<(), DiffusionError> {
    t.sum_all()
        .and_then(|s| s.to_dtype(DType::F32))
        .and_then(|s| s.to_scalar::<f32>())
        .map(|_| ())
        .map_err(DiffusionError::inference)
}

/// Time spent in the denoising loop and in its UNet forwards.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoopTimes {
    pub steps: usize,
    pub total: std::time::Duration,
    pub unet: std::time::Duration,
}

impl LoopTimes {
    /// The pipeline's own time per step: scheduler, guidance mixing,
    /// latents handling, progress callback.
    pub fn overhead_per_step(&self) -> std::time::Duration {
        self.total.saturating_sub(self.unet) / (self.steps.max(1) as u32)
    }

    pub fn unet_per_step(&self) -> std::time::Duration {
        self.unet / (self.steps.max(1) as u32)
    }
}

fn check_strength(s: f64) -> Result<(), DiffusionError> {
    if s.is_finite() && s > 0.0 && s <= 1.0 {
        Ok(())
    } else {
        Err(DiffusionError::InvalidRequest(format!("denoising strength {s} is not in (0, 1]")))
    }
}

/// Times of the parts of a request that are not the pipeline's own work,
/// for the overhead bench (`scripts/bench diffusion`).
#[derive(Debug, Clone, Copy)]
pub struct PartTimes {
    /// Tokenizing and text encoding, once per request.
    pub text: std::time::Duration,
    /// One UNet forward on this request's shapes (guidance batch included).
    pub unet_forward: std::time::Duration,
    /// One VAE decode.
    pub decode: std::time::Duration,
    /// VAE encodes of the request's inputs, once per request (4-channel
    /// UNets: the input image, if any; 9-channel UNets also the masked
    /// image, in every mode).
    pub encodes: std::time::Duration,
}

impl DiffusionModel {
    /// Measures the model's parts alone on `req`'s shapes: the text
    /// encoders, the mean of `unet_runs` UNet forwards, one VAE decode.
    pub fn time_parts(&self, req: &GenerateRequest, unet_runs: usize) -> Result<PartTimes, DiffusionError> {
        use std::time::Instant;
        let e = DiffusionError::inference;
        let t0 = Instant::now();
        let prep = self.prepare(req)?;
        let text = t0.elapsed();
        let latents = seeded_noise(req.seed, prep.latent_shape, &self.device, self.dtype)?;
        let input =
            if prep.guidance.is_some() { Tensor::cat(&[&latents, &latents], 0).map_err(e)? } else { latents.clone() };
        let input = if self.config.inpainting {
            let (n, _, h, w) = input.dims4().map_err(e)?;
            let extra = Tensor::zeros((n, 5, h, w), self.dtype, &self.device).map_err(e)?;
            Tensor::cat(&[&input, &extra], 1).map_err(e)?
        } else {
            input
        };
        let runs = unet_runs.max(1);
        let t1 = Instant::now();
        for _ in 0..runs {
            let out = self.unet.forward(&input, 500.0, &prep.text).map_err(e)?;
            // Wait for the device (CUDA is asynchronous).
            out.sum_all().and_then(|s| s.to_dtype(DType::F32)).and_then(|s| s.to_scalar::<f32>()).map_err(e)?;
        }
        let unet_forward = t1.elapsed() / runs as u32;
        let t2 = Instant::now();
        self.decode(&latents)?;
        let decode = t2.elapsed();
        let t3 = Instant::now();
        self.conditioning(req, prep.batch())?;
        let encodes = t3.elapsed();
        Ok(PartTimes { text, unet_forward, decode, encodes })
    }
}
