//! Stable Diffusion pipeline mechanics with TINY RANDOM weights (not a
//! quality test: the images are noise). Real SD weights cannot be obtained
//! on these machines; the tiny model has the same module structure and is
//! loaded through the real loading code.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use image::{GrayImage, Luma, Rgb, RgbImage};
use pixmart_models::diffusion::tiny::{write_tiny_model, TinyOptions};
use pixmart_models::diffusion::{
    paste_kept_region, regenerate_mask, verify_kept_region, Control, DiffusionError, DiffusionModel, GenerateRequest,
    Mode, StepProgress, KEPT_REGION_TOLERANCE,
};

fn load(opts: TinyOptions) -> (tempfile::TempDir, DiffusionModel) {
    let dir = tempfile::tempdir().unwrap();
    write_tiny_model(dir.path(), &opts).unwrap();
    let model = DiffusionModel::load(dir.path(), &candle_core::Device::Cpu, candle_core::DType::F32).unwrap();
    (dir, model)
}

fn request(mode: Mode) -> GenerateRequest {
    GenerateRequest {
        prompt: "a model wearing a red dress in a studio".into(),
        negative_prompt: String::new(),
        width: 64,
        height: 64,
        steps: Some(4),
        guidance_scale: Some(7.5),
        seed: 42,
        count: 2,
        mode,
    }
}

fn input() -> RgbImage {
    RgbImage::from_fn(64, 64, |x, y| Rgb([(x * 4) as u8, (y * 4) as u8, 128]))
}

fn product_mask() -> GrayImage {
    GrayImage::from_fn(64, 64, |x, y| Luma([if (16..48).contains(&x) && (20..60).contains(&y) { 255 } else { 0 }]))
}

#[test]
fn tiny_random_weights_text_to_image_shapes_progress_and_seed_determinism() {
    let (_dir, model) = load(TinyOptions::default());
    let mut seen = Vec::new();
    let a = model.generate(&request(Mode::TextToImage), &mut |p| {
        seen.push(p);
        Control::Continue
    });
    let a = a.unwrap();
    assert_eq!(a.len(), 2);
    assert!(a.iter().all(|i| i.dimensions() == (64, 64)));
    assert_eq!(seen.len(), 8, "one report per step per image: {seen:?}");
    assert_eq!(seen[3], StepProgress { image: 0, images: 2, step: 4, steps: 4 });
    assert!((seen[7].fraction() - 1.0).abs() < 1e-9);
    let b = model.generate(&request(Mode::TextToImage), &mut |_| Control::Continue).unwrap();
    assert_eq!(a, b, "same seed, same images");
    assert_ne!(a[0], a[1], "image i uses seed + i");
    let mut other = request(Mode::TextToImage);
    other.seed = 7;
    other.count = 1;
    let c = model.generate(&other, &mut |_| Control::Continue).unwrap();
    assert_ne!(c[0], a[0]);
}

#[test]
fn tiny_random_weights_img2img_runs_strength_times_steps() {
    let (_dir, model) = load(TinyOptions { default_steps: 10, ..Default::default() });
    let mut req = request(Mode::ImageToImage { init: input(), strength: 0.5 });
    req.steps = None;
    req.count = 1;
    let mut steps = 0;
    let out = model
        .generate(&req, &mut |p| {
            steps = p.steps;
            Control::Continue
        })
        .unwrap();
    assert_eq!(steps, 5, "denoisingStrength 0.5 of 10 steps");
    assert_eq!(out[0].dimensions(), (64, 64));
    let again = model.generate(&req, &mut |_| Control::Continue).unwrap();
    assert_eq!(out, again, "img2img is deterministic per seed (VAE posterior mean, seeded noise)");
}

#[test]
fn tiny_random_weights_cancellation_between_steps() {
    let (_dir, model) = load(TinyOptions::default());
    let mut calls = 0;
    let err = model
        .generate(&request(Mode::TextToImage), &mut |p| {
            calls += 1;
            if p.step == 2 {
                Control::Stop
            } else {
                Control::Continue
            }
        })
        .unwrap_err();
    assert!(matches!(err, DiffusionError::Cancelled { step: 2, total: 4 }), "{err}");
    assert_eq!(calls, 2, "no step runs after the stop");
}

#[test]
fn tiny_random_weights_inpainting_9_channel_keeps_the_product_exactly() {
    let (_dir, model) = load(TinyOptions { inpainting: true, ..Default::default() });
    assert!(model.is_inpainting());
    let keep = product_mask();
    let original = input();
    let mut req = request(Mode::Inpaint { image: original.clone(), mask: regenerate_mask(&keep), strength: 1.0 });
    req.count = 1;
    let generated = model.generate(&req, &mut |_| Control::Continue).unwrap();
    // The raw decode does change the product (random weights, and even a
    // real VAE round trip is lossy): that is why the paste-back exists.
    assert!(verify_kept_region(&original, &generated[0], &keep, KEPT_REGION_TOLERANCE).is_err());
    let delivered = paste_kept_region(&original, &generated[0], &keep, 4).unwrap();
    verify_kept_region(&original, &delivered, &keep, KEPT_REGION_TOLERANCE).unwrap();
    assert_ne!(delivered.get_pixel(0, 0), original.get_pixel(0, 0), "outside the product is regenerated");
}

/// A node with only an inpainting model serves the img2img types too
/// (CUSTOMIZED_MODEL, PET_IMAGE_CUSTOMIZED): the 9-channel UNet gets a
/// full mask over a fully masked image in every mode.
#[test]
fn tiny_random_weights_9_channel_unet_runs_img2img_and_text_to_image() {
    let (_dir, model) = load(TinyOptions { inpainting: true, default_steps: 10, ..Default::default() });
    let mut req = request(Mode::ImageToImage { init: input(), strength: 0.6 });
    req.steps = None;
    let mut steps = Vec::new();
    let out = model
        .generate(&req, &mut |p| {
            steps.push(p.steps);
            Control::Continue
        })
        .unwrap();
    assert_eq!(out.len(), 2);
    assert!(out.iter().all(|i| i.dimensions() == (64, 64)));
    assert_eq!(steps, vec![6; 12], "denoisingStrength 0.6 of 10 steps, per image");
    let again = model.generate(&req, &mut |_| Control::Continue).unwrap();
    assert_eq!(out, again, "deterministic per seed");
    // The input matters: another init image gives another result.
    let mut other = req.clone();
    other.mode = Mode::ImageToImage { init: RgbImage::from_pixel(64, 64, Rgb([250, 10, 10])), strength: 0.6 };
    assert_ne!(model.generate(&other, &mut |_| Control::Continue).unwrap(), out);
    let t2i = model.generate(&request(Mode::TextToImage), &mut |_| Control::Continue).unwrap();
    assert_eq!(t2i.len(), 2);
}

#[test]
fn tiny_random_weights_inpainting_4_channel_blend_path_runs() {
    let (_dir, model) = load(TinyOptions::default());
    let mut req = request(Mode::Inpaint { image: input(), mask: regenerate_mask(&product_mask()), strength: 0.75 });
    req.count = 1;
    let out = model.generate(&req, &mut |_| Control::Continue).unwrap();
    assert_eq!(out[0].dimensions(), (64, 64));
}

#[test]
fn sizes_not_multiple_of_the_vae_factor_are_refused() {
    let (_dir, model) = load(TinyOptions::default());
    let mut req = request(Mode::TextToImage);
    req.width = 60;
    let err = model.generate(&req, &mut |_| Control::Continue).unwrap_err();
    assert_eq!(err.code(), "INVALID_REQUEST");
}

#[test]
fn a_missing_weight_file_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    write_tiny_model(dir.path(), &TinyOptions::default()).unwrap();
    std::fs::remove_file(dir.path().join("unet.safetensors")).unwrap();
    let err = DiffusionModel::load(dir.path(), &candle_core::Device::Cpu, candle_core::DType::F32).err().unwrap();
    assert_eq!(err.code(), "MODEL_MISSING");
    assert!(err.to_string().contains("unet.safetensors"), "{err}");
}
