//! `PRODUCT_IMAGE` with `taskType` `BACKGROUND_REPRODUCE` (route
//! /rewrite-background): the product placed into the scene of a reference
//! picture (`ACCURATE_REPLICATION`, optionally removing the reference's own
//! subject first) or onto a new background in the reference's style
//! (`STYLE_IMITATION`).
//!
//! ```json
//! { "taskType": "BACKGROUND_REPRODUCE",
//!   "imageUrl": "/api/files/uploads/…",        // the product
//!   "referenceUrl": "/api/files/uploads/…",    // the reference scene
//!   "mode": "ACCURATE_REPLICATION" | "STYLE_IMITATION",
//!   "removeSubject": false, "denoisingStrength": 0.55, "erodeSize": 3,
//!   "genNum": 1..4, "ratio": "original"|"1:1"|"3:4"|"16:9"|"9:16" }
//! ```
//!
//! `denoisingStrength` (0..1) is how far a `STYLE_IMITATION` result departs
//! from its base background; `ratio` defaults to the reference's own
//! ("original").

use serde_json::{json, Map, Value};

use super::product_image::{OutputRatio, DEFAULT_ERODE, MAX_ERODE, MAX_GEN_NUM};
use super::{parse_upload_url, reject_unknown, required_str, small_int, upload_url};
use crate::domain::{Invalid, UploadId};
use crate::error::ErrorCode;

/// The `taskType` of this sub-mode of `PRODUCT_IMAGE`.
pub const TASK_TYPE: &str = "BACKGROUND_REPRODUCE";

/// The original app's default `denoisingStrength`, in thousandths.
pub const DEFAULT_DENOISING_MILLI: u16 = 550;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReproduceMode {
    /// The reference's own scene, with the product placed in it.
    #[default]
    AccurateReplication,
    /// A new background in the reference's style.
    StyleImitation,
}

impl ReproduceMode {
    pub fn as_str(self) -> &'static str {
        match self {
            ReproduceMode::AccurateReplication => "ACCURATE_REPLICATION",
            ReproduceMode::StyleImitation => "STYLE_IMITATION",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackgroundReproduceSpec {
    /// The product picture.
    pub image: UploadId,
    /// The reference scene.
    pub reference: UploadId,
    pub mode: ReproduceMode,
    /// Cut the reference's own subject out and fill the hole.
    pub remove_subject: bool,
    /// `denoisingStrength` in thousandths (0..=1000), kept integral so the
    /// spec stays `Eq` and round-trips exactly.
    pub denoising_milli: u16,
    pub erode: u8,
    pub gen_num: u8,
    pub ratio: OutputRatio,
}

impl BackgroundReproduceSpec {
    /// `denoisingStrength` as the 0..1 fraction.
    pub fn denoising_strength(&self) -> f32 {
        f32::from(self.denoising_milli) / 1000.0
    }

    pub fn input_uploads(&self) -> Vec<UploadId> {
        vec![self.image, self.reference]
    }

    pub fn to_params(&self) -> Value {
        json!({
            "taskType": TASK_TYPE,
            "imageUrl": upload_url(self.image),
            "referenceUrl": upload_url(self.reference),
            "mode": self.mode.as_str(),
            "removeSubject": self.remove_subject,
            "denoisingStrength": f64::from(self.denoising_milli) / 1000.0,
            "erodeSize": self.erode,
            "genNum": self.gen_num,
            "ratio": self.ratio.as_str(),
        })
    }
}

pub fn parse(params: &Map<String, Value>) -> Result<BackgroundReproduceSpec, Invalid> {
    reject_unknown(
        params,
        &[
            "taskType",
            "imageUrl",
            "referenceUrl",
            "mode",
            "removeSubject",
            "denoisingStrength",
            "erodeSize",
            "genNum",
            "ratio",
        ],
    )?;
    match params.get("taskType") {
        Some(Value::String(s)) if s == TASK_TYPE => {}
        _ => return Err(Invalid::field(ErrorCode::InvalidParam, "taskType")),
    }
    let image = parse_upload_url(required_str(params, "imageUrl")?)
        .ok_or(Invalid::field(ErrorCode::ImageNotFound, "imageUrl"))?;
    let reference = match params.get("referenceUrl") {
        Some(Value::String(s)) if !s.trim().is_empty() => {
            parse_upload_url(s).ok_or(Invalid::field(ErrorCode::ImageNotFound, "referenceUrl"))?
        }
        _ => return Err(Invalid::field(ErrorCode::BgReproduceReferenceRequired, "referenceUrl")),
    };
    let mode = match params.get("mode") {
        None | Some(Value::Null) => ReproduceMode::default(),
        Some(Value::String(s)) if s == "ACCURATE_REPLICATION" => ReproduceMode::AccurateReplication,
        Some(Value::String(s)) if s == "STYLE_IMITATION" => ReproduceMode::StyleImitation,
        Some(_) => return Err(Invalid::field(ErrorCode::BgReproduceBadMode, "mode")),
    };
    let remove_subject = match params.get("removeSubject") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "removeSubject")),
    };
    let denoising_milli = match params.get("denoisingStrength") {
        None | Some(Value::Null) => DEFAULT_DENOISING_MILLI,
        Some(v) => v
            .as_f64()
            .filter(|x| (0.0..=1.0).contains(x))
            .map(|x| (x * 1000.0).round() as u16)
            .ok_or(Invalid::field(ErrorCode::BgReproduceBadStrength, "denoisingStrength"))?,
    };
    let ratio = match params.get("ratio") {
        None | Some(Value::Null) => OutputRatio::Original,
        Some(Value::String(s)) => OutputRatio::ALL
            .into_iter()
            .find(|r| r.as_str() == s.trim())
            .ok_or(Invalid::field(ErrorCode::InvalidParam, "ratio"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "ratio")),
    };
    Ok(BackgroundReproduceSpec {
        image,
        reference,
        mode,
        remove_subject,
        denoising_milli,
        erode: small_int(params, "erodeSize", 0, MAX_ERODE, DEFAULT_ERODE)?,
        gen_num: small_int(params, "genNum", 1, MAX_GEN_NUM, 1)?,
        ratio,
    })
}

#[cfg(test)]
mod tests {
    use super::super::TaskSpec;
    use super::*;

    fn base() -> Value {
        json!({ "taskType": TASK_TYPE, "imageUrl": upload_url(UploadId::new()), "referenceUrl": upload_url(UploadId::new()) })
    }

    #[test]
    fn defaults_are_the_spec_s_and_round_trip() {
        let spec = parse(base().as_object().unwrap()).unwrap();
        assert_eq!(spec.mode, ReproduceMode::AccurateReplication);
        assert!(!spec.remove_subject);
        assert_eq!((spec.denoising_milli, spec.erode, spec.gen_num), (550, 3, 1));
        assert!((spec.denoising_strength() - 0.55).abs() < 1e-6);
        assert_eq!(spec.ratio, OutputRatio::Original);
        let again = parse(spec.to_params().as_object().unwrap()).unwrap();
        assert_eq!(again, spec);
    }

    #[test]
    fn all_options_round_trip_through_task_spec() {
        let mut p = base();
        let o = p.as_object_mut().unwrap();
        o.insert("mode".into(), json!("STYLE_IMITATION"));
        o.insert("removeSubject".into(), json!(true));
        o.insert("denoisingStrength".into(), json!(0.8));
        o.insert("erodeSize".into(), json!(6));
        o.insert("genNum".into(), json!(3));
        o.insert("ratio".into(), json!("3:4"));
        let spec = TaskSpec::parse("PRODUCT_IMAGE", &p).unwrap();
        let TaskSpec::BackgroundReproduce(b) = &spec else { panic!("wrong variant {spec:?}") };
        assert_eq!(
            (b.mode, b.remove_subject, b.denoising_milli, b.erode, b.gen_num),
            (ReproduceMode::StyleImitation, true, 800, 6, 3)
        );
        assert_eq!(b.ratio, OutputRatio::ThreeFour);
        assert_eq!(TaskSpec::parse("PRODUCT_IMAGE", &spec.to_params()).unwrap(), spec);
        assert_eq!(spec.input_uploads(), vec![b.image, b.reference]);
        assert_eq!(spec.biz_type(), crate::domain::BizType::ProductImage);
    }

    #[test]
    fn bad_params_name_the_field() {
        let cases = [
            ("referenceUrl", Value::Null, ErrorCode::BgReproduceReferenceRequired),
            ("referenceUrl", json!("x.png"), ErrorCode::ImageNotFound),
            ("mode", json!("COPY"), ErrorCode::BgReproduceBadMode),
            ("denoisingStrength", json!(1.5), ErrorCode::BgReproduceBadStrength),
            ("denoisingStrength", json!("high"), ErrorCode::BgReproduceBadStrength),
            ("erodeSize", json!(21), ErrorCode::InvalidParam),
            ("genNum", json!(0), ErrorCode::InvalidParam),
            ("removeSubject", json!("yes"), ErrorCode::InvalidParam),
            ("ratio", json!("2:1"), ErrorCode::InvalidParam),
            ("colour", json!("red"), ErrorCode::InvalidParam),
        ];
        for (key, value, code) in cases {
            let mut p = base();
            p.as_object_mut().unwrap().insert(key.into(), value.clone());
            let err = parse(p.as_object().unwrap()).unwrap_err();
            let field = if key == "colour" { "params" } else { key };
            assert_eq!((err.code, err.field), (code, Some(field)), "{key}={value}");
        }
    }
}
