//! The model registry on a node: which registry models are present and
//! loaded, hence which task types this node advertises, and for the others
//! which models are missing and why (reported to the database for the
//! API's capability answers and the admin page).
//!
//! The registry (models/registry.toml) is the one statement of which
//! models a task type needs: a type is advertised when its needs are met by
//! models this node loaded and the licence policy permits. This file only
//! establishes the facts the files alone cannot tell (a session loaded, a
//! program found, which diffusion model and of what kind).

use std::collections::BTreeSet;

use anyhow::Context;
use pixmart_models::registry::{presence, Policy, Registry};
use pixmart_shared::config::ModelSettings;
use pixmart_shared::db::store::capabilities::{MissingModel, ModelReport};
use pixmart_shared::domain::{BizType, CutoutModel};

use crate::diffusion_loader::{registry_id, LoadedDiffusion, MODEL_FOLDERS};
use crate::loaded_models::LoadedModels;

/// What this node serves and reports.
#[derive(Debug, Clone)]
pub struct NodeModels {
    pub capabilities: Vec<BizType>,
    pub report: ModelReport,
}

/// The registry this node uses: `models.registry_file`, else the built-in one.
pub fn load_registry(settings: &ModelSettings) -> anyhow::Result<Registry> {
    match &settings.registry_file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the model registry {}", path.display()))?;
            Registry::parse(&text).with_context(|| format!("model registry {}", path.display()))
        }
        None => Registry::embedded().context("the built-in model registry"),
    }
}

/// The registry this node judges its models by: [`load_registry`] with the
/// licence the operator-supplied diffusion folder declares.
pub fn node_registry(settings: &ModelSettings) -> anyhow::Result<Registry> {
    let mut registry = load_registry(settings)?;
    crate::diffusion_loader::declare_custom_licence(&mut registry, &settings.dir);
    Ok(registry)
}

pub fn policy(settings: &ModelSettings) -> Policy {
    Policy { allow_non_commercial: settings.allow_non_commercial }
}

/// ONNX sessions are the truth for the cutout models: present but not
/// loaded (no runtime, a broken file) does not count.
const SESSION_MODELS: [(&str, CutoutModel); 3] =
    [("isnet-fp16", CutoutModel::Isnet), ("u2net", CutoutModel::U2net), ("u2netp", CutoutModel::U2netp)];

/// The registry's id of the video encoder program.
const FFMPEG_ID: &str = "ffmpeg";
/// The registry's id of the poster fonts.
const FONTS_ID: &str = "noto-cjk-fonts";
/// The registry's ids of the OCR and speech models (models/registry.toml).
const OCR_ID: &str = "ppocr-v6";
const WHISPER_ID: &str = "whisper-base";

/// The registry id a text provider counts as.
fn text_registry_id(engine: &crate::text::TextEngine) -> &str {
    match engine {
        crate::text::TextEngine::Local(local) => local.model_id(),
        crate::text::TextEngine::Remote(_) => crate::text::ENDPOINT_ID,
    }
}

pub fn assess(registry: &Registry, settings: &ModelSettings, loaded: &LoadedModels) -> NodeModels {
    let policy = policy(settings);
    let present = presence(registry, &settings.dir);
    let mut loaded_ids = BTreeSet::new();
    let mut reasons = std::collections::BTreeMap::new();
    for p in &present {
        let Some(model) = registry.model(&p.id) else { continue };
        if !policy.permits(model) {
            reasons.insert(
                p.id.clone(),
                "refused: non-commercial licence (PIXMART__MODELS__ALLOW_NON_COMMERCIAL=false)".to_owned(),
            );
        } else if let Some(reason) = p.reason() {
            reasons.insert(p.id.clone(), reason);
        } else {
            loaded_ids.insert(p.id.clone());
        }
    }
    for (id, model) in SESSION_MODELS {
        if loaded_ids.contains(id) && loaded.cutout(model).is_none() {
            loaded_ids.remove(id);
            let why = loaded.missing.iter().find(|m| m.contains("ONNX Runtime")).cloned();
            reasons
                .insert(id.to_owned(), why.unwrap_or_else(|| "present but failed to load (see the worker log)".into()));
        }
    }
    // OCR and Whisper are sessions too: present but not loaded does not count.
    for (id, is_loaded, what) in
        [(OCR_ID, loaded.ocr().is_some(), "ocr:"), (WHISPER_ID, loaded.whisper().is_some(), "whisper:")]
    {
        if loaded_ids.contains(id) && !is_loaded {
            loaded_ids.remove(id);
            let why = loaded.missing.iter().find(|m| m.starts_with(what)).cloned();
            reasons
                .insert(id.to_owned(), why.unwrap_or_else(|| "present but failed to load (see the worker log)".into()));
        }
    }
    if loaded_ids.contains(FFMPEG_ID) && loaded.ffmpeg().is_none() {
        loaded_ids.remove(FFMPEG_ID);
        reasons.insert(FFMPEG_ID.to_owned(), "not found on PATH (install the ffmpeg package)".to_owned());
    }
    if loaded_ids.contains(FONTS_ID) && !crate::pipelines::poster::fonts_present() {
        loaded_ids.remove(FONTS_ID);
        let dir = pixmart_models::poster::DEBIAN_NOTO_CJK_DIR;
        reasons.insert(FONTS_ID.to_owned(), format!("not found in {dir} (install the fonts-noto-cjk package)"));
    }
    // One diffusion model per node: only the one loaded serves (and decides
    // whether its task types run on commercially licensed models only).
    let diffusion = loaded.diffusion().map(|d| d.id.as_str());
    for id in MODEL_FOLDERS.map(registry_id) {
        if loaded_ids.contains(id) && diffusion != Some(id) {
            loaded_ids.remove(id);
            let why = match diffusion {
                Some(other) => format!("present, not loaded: this node loaded {other} (one diffusion model per node)"),
                None => "present but failed to load (see the worker log)".to_owned(),
            };
            reasons.insert(id.to_owned(), why);
        }
    }
    // One text provider per node: only the model it loaded (or the endpoint
    // it is configured for) serves the text types.
    let text = loaded.text();
    let serving_text = text.as_deref().map(text_registry_id);
    for id in crate::text::TEXT_MODEL_IDS {
        if loaded_ids.contains(id) && serving_text != Some(id) {
            loaded_ids.remove(id);
            let why = match (id, serving_text) {
                (crate::text::ENDPOINT_ID, _) => "not configured (text.provider is not openai)".to_owned(),
                (_, Some(other)) => format!("present, not loaded: this node serves text with {other}"),
                (_, None) => loaded
                    .missing
                    .iter()
                    .find(|m| m.starts_with("text:"))
                    .cloned()
                    .unwrap_or_else(|| "present but not loaded (see the worker log)".to_owned()),
            };
            reasons.insert(id.to_owned(), why);
        }
    }
    // A variant (the operator's weights as an inpainting model) counts only
    // when the loaded model is that kind.
    let variants = loaded.diffusion().map(LoadedDiffusion::variants).unwrap_or_default();
    for model in registry.models.iter().filter(|m| m.variant_of.is_some()) {
        if loaded_ids.contains(&model.id) && !variants.contains(&model.id.as_str()) {
            loaded_ids.remove(&model.id);
            let base = model.variant_of.as_deref().unwrap_or_default();
            reasons.insert(model.id.clone(), format!("the weights of {base} here are not this kind"));
        }
    }
    let plan = registry.plan(&loaded_ids, policy);
    let capabilities: Vec<BizType> = BizType::ALL
        .into_iter()
        .filter(|biz| {
            let served = plan.get(biz.as_str()).is_some_and(|t| t.is_served());
            if !served {
                tracing::info!(biz_type = biz.as_str(), "not advertised: the model registry's needs are not met");
            }
            served
        })
        .collect();
    let mut report = ModelReport {
        loaded: loaded_ids.iter().cloned().collect(),
        diffusion: loaded.diffusion().map(LoadedDiffusion::report),
        text: text.as_deref().map(|t| t.model_name().to_owned()),
        ..ModelReport::default()
    };
    for task in &plan.tasks {
        match &task.outcome {
            Ok(true) => report.commercial_only.push(task.task_type.clone()),
            Ok(false) => {}
            Err(unavailable) => {
                let missing = unavailable
                    .missing
                    .iter()
                    .filter_map(|id| registry.model(id))
                    .map(|m| MissingModel {
                        id: m.id.clone(),
                        name: m.name.clone(),
                        licence: m.licence.clone(),
                        commercial_use: m.commercial_use,
                        install: m.how.clone(),
                        reason: reasons.get(&m.id).cloned(),
                    })
                    .collect();
                report.missing.insert(task.task_type.clone(), missing);
            }
        }
    }
    NodeModels { capabilities, report }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Adding a task type is one line in `task_types!` (which will not
    /// compile without a family and a price) and one `[[task]]` here: a
    /// type the registry does not list would never be advertised.
    #[test]
    fn every_task_type_has_a_registry_entry_and_every_entry_a_type() {
        let registry = Registry::embedded().unwrap();
        for biz in BizType::ALL {
            assert!(registry.task(biz.as_str()).is_some(), "{biz} has no [[task]] in models/registry.toml");
        }
        // Internal jobs the registry also gates.
        const INTERNAL: [&str; 1] = ["UPSCALE_2K"];
        for task in &registry.tasks {
            let known = BizType::parse(&task.task_type).is_ok() || INTERNAL.contains(&task.task_type.as_str());
            assert!(known, "models/registry.toml lists unknown task type {}", task.task_type);
        }
    }
}
