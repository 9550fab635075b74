//! Loading the Stable Diffusion model of this node (candle): the first of
//! [`MODEL_FOLDERS`] present in the models dir (the registry's folders, see
//! models/registry.toml, or `diffusion/` with its own config.json). One
//! model per node: a GPU holds one SD pipeline comfortably, two rarely.
//! Absent weights are not an error: the node just does not advertise the
//! diffusion task types.

use std::path::Path;
use std::sync::Arc;

use pixmart_models::diffusion::{device_label, select_device, DiffusionModel};
use pixmart_shared::domain::task_spec::DiffusionKind;
use pixmart_shared::domain::BizType;

/// Folders tried, in order: an explicit `diffusion/` (config.json says
/// what it is), then inpainting models (they serve every diffusion type),
/// then plain ones (img2img types only).
pub const MODEL_FOLDERS: [&str; 5] = ["diffusion", "sdxl-inpainting", "sd15-inpainting", "sdxl-base", "sd15"];

/// The loaded model and what the node reports about it.
pub struct LoadedDiffusion {
    /// The folder it came from: a registry model id (`sd15-inpainting`, ...)
    /// or `diffusion`.
    pub id: String,
    pub model: Arc<DiffusionModel>,
    /// "cpu" or "cuda:0".
    pub device: &'static str,
    /// Weights held on the device, for the node's memory report.
    pub weight_bytes: u64,
}

pub fn load_diffusion(models_dir: &Path, missing: &mut Vec<String>) -> Option<LoadedDiffusion> {
    let Some(dir) = MODEL_FOLDERS.iter().map(|f| models_dir.join(f)).find(|d| d.is_dir()) else {
        missing.push(format!(
            "stable-diffusion: none of {} in {} (model hub only; see README: Diffusion models)",
            MODEL_FOLDERS.join(", "),
            models_dir.display()
        ));
        return None;
    };
    let (device, dtype) = select_device();
    match DiffusionModel::load(&dir, &device, dtype) {
        Ok(model) => {
            let label = device_label(&device);
            let weight_bytes = model.weight_bytes();
            tracing::info!(dir = %dir.display(), device = label, weight_bytes, inpainting = model.is_inpainting(), "diffusion model loaded");
            let id = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            Some(LoadedDiffusion { id, model: Arc::new(model), device: label, weight_bytes })
        }
        Err(e) => {
            tracing::warn!(dir = %dir.display(), reason = %e, "diffusion model not loaded");
            missing.push(format!("stable-diffusion: {e}"));
            None
        }
    }
}

/// Diffusion task types this node can serve: the kept-region types need a
/// 9-channel inpainting model and the ISNet cutout (for the kept region's
/// mask); the customized types (img2img) need any diffusion model.
pub fn diffusion_capabilities(loaded: Option<&LoadedDiffusion>, has_isnet: bool) -> Vec<BizType> {
    let Some(loaded) = loaded else { return Vec::new() };
    DiffusionKind::ALL
        .into_iter()
        .filter(|k| !k.keeps_region() || (has_isnet && loaded.model.is_inpainting()))
        .map(|k| k.biz_type())
        .collect()
}
