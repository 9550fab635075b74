//! Loading the Stable Diffusion model of this node (candle): the first of
//! [`MODEL_FOLDERS`] present in the models dir (the registry's folders, see
//! models/registry.toml, or `diffusion/` with its own config.json) whose
//! licence the deployment's policy permits. One model per node: a GPU
//! holds one SD pipeline comfortably, two rarely.
//! Absent weights are not an error: the node just does not advertise the
//! diffusion task types.
//!
//! Licences: the registry's folders have theirs in the registry; the
//! operator-supplied `diffusion/` folder (registry id `sd-custom`) declares
//! its own in config.json (`licence`, `commercialUse`, see
//! [`declare_custom_licence`]). With `PIXMART__MODELS__ALLOW_NON_COMMERCIAL=false`
//! weights not licensed for commercial use are never loaded, so never
//! advertised; the registry report says why.

use std::path::Path;
use std::sync::Arc;

use pixmart_models::diffusion::{device_label, select_device, DiffusionModel};
use pixmart_models::registry::{Policy, Registry};
use pixmart_shared::db::store::capabilities::DiffusionReport;

/// Folders tried, in order: an explicit `diffusion/` (config.json says
/// what it is), then inpainting models (they serve every diffusion type),
/// then plain ones (img2img types only).
pub const MODEL_FOLDERS: [&str; 5] = ["diffusion", "sdxl-inpainting", "sd15-inpainting", "sdxl-base", "sd15"];

/// The operator-supplied folder and its registry id.
pub const CUSTOM_FOLDER: &str = "diffusion";
pub const CUSTOM_REGISTRY_ID: &str = "sd-custom";

/// The registry id of a diffusion folder (the others are named after theirs).
pub fn registry_id(folder: &str) -> &str {
    if folder == CUSTOM_FOLDER {
        CUSTOM_REGISTRY_ID
    } else {
        folder
    }
}

/// The registry as this node's files make it: `sd-custom` takes the licence
/// `diffusion/config.json` declares (what it leaves out keeps the
/// registry's value, which for undeclared weights is "not commercial").
pub fn declare_custom_licence(registry: &mut Registry, models_dir: &Path) {
    let dir = models_dir.join(CUSTOM_FOLDER);
    if !dir.is_dir() {
        return;
    }
    match DiffusionModel::read_config(&dir) {
        Ok(config) => {
            for id in [CUSTOM_REGISTRY_ID, CUSTOM_INPAINTING_REGISTRY_ID] {
                registry.declare_licence(id, config.licence.as_deref(), config.commercial_use);
            }
        }
        Err(e) => tracing::debug!(dir = %dir.display(), reason = %e, "no licence declaration readable"),
    }
}

/// The loaded model and what the node reports about it.
pub struct LoadedDiffusion {
    /// Its registry model id (`sd15-inpainting`, ...; `sd-custom` for the
    /// `diffusion/` folder).
    pub id: String,
    pub model: Arc<DiffusionModel>,
    /// "cpu" or "cuda:0".
    pub device: &'static str,
    /// Weights held on the device, for the node's memory report.
    pub weight_bytes: u64,
}

/// The registry's id of the operator's weights when they are an
/// inpainting model (a variant of [`CUSTOM_REGISTRY_ID`]).
pub const CUSTOM_INPAINTING_REGISTRY_ID: &str = "sd-custom-inpainting";

impl LoadedDiffusion {
    /// Registry variants the loaded weights are: the operator's folder holds
    /// an inpainting model or an img2img one, and only its config tells.
    pub fn variants(&self) -> Vec<&'static str> {
        if self.id == CUSTOM_REGISTRY_ID && self.model.is_inpainting() {
            vec![CUSTOM_INPAINTING_REGISTRY_ID]
        } else {
            Vec::new()
        }
    }

    /// What the node's advertisement says about it.
    pub fn report(&self) -> DiffusionReport {
        DiffusionReport {
            model: self.id.clone(),
            device: self.device.to_owned(),
            weight_bytes: self.weight_bytes,
            inpainting: self.model.is_inpainting(),
        }
    }
}

/// Loads the first present folder the licence `policy` permits, judged by
/// `registry` (with [`declare_custom_licence`] applied).
pub fn load_diffusion(
    models_dir: &Path,
    registry: &Registry,
    policy: Policy,
    missing: &mut Vec<String>,
) -> Option<LoadedDiffusion> {
    let present: Vec<&str> = MODEL_FOLDERS.into_iter().filter(|f| models_dir.join(f).is_dir()).collect();
    if present.is_empty() {
        missing.push(format!(
            "stable-diffusion: none of {} in {} (model hub only; see docs/MODELS.md)",
            MODEL_FOLDERS.join(", "),
            models_dir.display()
        ));
        return None;
    }
    for folder in present {
        let dir = models_dir.join(folder);
        let id = registry_id(folder);
        let entry = registry.model(id);
        if !entry.is_some_and(|m| policy.permits(m)) {
            let licence = entry.map_or("not in the model registry", |m| m.licence.as_str());
            tracing::warn!(
                dir = %dir.display(),
                model = id,
                licence,
                "diffusion weights refused: not licensed for commercial use and PIXMART__MODELS__ALLOW_NON_COMMERCIAL=false"
            );
            missing.push(format!(
                "stable-diffusion: {id} refused: non-commercial licence ({licence}; PIXMART__MODELS__ALLOW_NON_COMMERCIAL=false)"
            ));
            continue;
        }
        let (device, dtype) = select_device();
        return match DiffusionModel::load(&dir, &device, dtype) {
            Ok(model) => {
                let label = device_label(&device);
                let weight_bytes = model.weight_bytes();
                tracing::info!(dir = %dir.display(), model = id, device = label, weight_bytes, inpainting = model.is_inpainting(), "diffusion model loaded");
                Some(LoadedDiffusion { id: id.to_owned(), model: Arc::new(model), device: label, weight_bytes })
            }
            Err(e) => {
                tracing::warn!(dir = %dir.display(), reason = %e, "diffusion model not loaded");
                missing.push(format!("stable-diffusion: {e}"));
                None
            }
        };
    }
    None
}
