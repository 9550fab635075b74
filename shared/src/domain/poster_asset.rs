//! Poster materials (素材库, `/modi-poster-material`): images and logos a
//! user keeps for posters, each one of the user's uploads. An asset may be
//! shared with the owner's tenant, whose members then list it and may put
//! it in their posters; only its owner changes or removes it.
//!
//! The list pages by cursor, as the spec's poster lists do: newest change
//! first, and `cursor_id` names the last asset of a page (its change time
//! and id), so an asset added while a user pages does not shift the pages.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Invalid, PosterAssetId, UploadId, UserId};
use crate::error::ErrorCode;

/// Most assets one user keeps (shared ones included).
pub const MAX_ASSETS_PER_USER: u64 = 500;
pub const DEFAULT_ASSET_PAGE_SIZE: u64 = 20;
pub const MAX_ASSET_PAGE_SIZE: u64 = 100;
pub const MAX_ASSET_NAME_CHARS: usize = 60;

/// What an asset is for (`content_type`, the spec's number): a picture for
/// image slots or a logo for logo slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssetKind {
    Image,
    Logo,
}

impl AssetKind {
    pub const fn code(self) -> u8 {
        match self {
            AssetKind::Image => 0,
            AssetKind::Logo => 1,
        }
    }

    pub fn from_code(code: i64) -> Option<Self> {
        match code {
            0 => Some(AssetKind::Image),
            1 => Some(AssetKind::Logo),
            _ => None,
        }
    }
}

impl Serialize for AssetKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.code())
    }
}

impl utoipa::PartialSchema for AssetKind {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .enum_values(Some([0, 1]))
            .description(Some("0 an image, 1 a logo"))
            .into()
    }
}

impl utoipa::ToSchema for AssetKind {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("PosterAssetKind")
    }
}

/// An asset's name as shown on its card: 1 to [`MAX_ASSET_NAME_CHARS`]
/// characters, trimmed, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetName(String);

impl AssetName {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let name = raw.trim();
        let chars = name.chars().count();
        if chars == 0 || chars > MAX_ASSET_NAME_CHARS || name.chars().any(char::is_control) {
            return Err(Invalid::field(ErrorCode::InvalidParam, "name"));
        }
        Ok(AssetName(name.to_owned()))
    }

    /// The name an asset gets when none is given: 素材 and the day.
    pub fn default_for(at: DateTime<Utc>) -> Self {
        AssetName(format!("素材 {}", at.format("%Y-%m-%d")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One asset, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PosterAsset {
    pub id: PosterAssetId,
    pub owner: UserId,
    pub upload: UploadId,
    pub name: String,
    pub kind: AssetKind,
    /// The tenant it is shared with; `None` when it is the owner's alone.
    pub shared_with: Option<i64>,
    pub created_at: DateTime<Utc>,
    /// Milliseconds since the epoch: the list's order and cursor.
    pub updated_at_ms: i64,
}

/// Whose assets a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssetScope {
    /// The caller's own and those shared with the caller's tenant.
    All,
    Mine,
    /// Those shared with the caller's tenant (the caller's own shared ones too).
    Tenant,
}

/// Where a page starts: after the asset changed at `updated_at_ms` with `id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AssetCursor {
    pub updated_at_ms: i64,
    pub id: PosterAssetId,
}

impl AssetCursor {
    /// Opaque to clients; they pass it back as they got it.
    pub fn encode(&self) -> String {
        format!("{}_{}", self.updated_at_ms, self.id)
    }

    pub fn decode(raw: &str) -> Option<Self> {
        let (ms, id) = raw.split_once('_')?;
        Some(AssetCursor { updated_at_ms: ms.parse().ok()?, id: id.parse().ok()? })
    }
}

/// A list request, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetQuery {
    pub after: Option<AssetCursor>,
    /// Changed at or after (ms).
    pub from_ms: Option<i64>,
    /// Changed before (ms, exclusive: the web sends its end date plus a day).
    pub until_ms: Option<i64>,
    pub kind: Option<AssetKind>,
    pub scope: AssetScope,
    pub size: u64,
}

/// The list's query string as sent (the spec's snake_case names).
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AssetQueryParams {
    /// The `cursor_id` of the previous page; absent for the first.
    pub cursor_id: Option<String>,
    /// Milliseconds since the epoch: changed at or after.
    pub updated_at_start: Option<String>,
    /// Milliseconds since the epoch, exclusive (end date plus one day).
    pub updated_at_end: Option<String>,
    /// 0 images, 1 logos; absent for both.
    pub content_type: Option<String>,
    /// `all` (default), `mine` or `tenant`.
    pub scope: Option<String>,
    /// 1 to 100, default 20.
    pub size: Option<String>,
}

fn present(raw: &Option<String>) -> Option<&str> {
    raw.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn millis(raw: &Option<String>, field: &'static str) -> Result<Option<i64>, Invalid> {
    present(raw)
        .map(|s| s.parse::<i64>().ok().filter(|ms| *ms >= 0).ok_or(Invalid::field(ErrorCode::InvalidParam, field)))
        .transpose()
}

impl AssetQuery {
    pub fn parse(p: &AssetQueryParams) -> Result<Self, Invalid> {
        let after = present(&p.cursor_id)
            .map(|s| AssetCursor::decode(s).ok_or(Invalid::field(ErrorCode::InvalidParam, "cursor_id")))
            .transpose()?;
        let from_ms = millis(&p.updated_at_start, "updated_at_start")?;
        let until_ms = millis(&p.updated_at_end, "updated_at_end")?;
        if let (Some(from), Some(until)) = (from_ms, until_ms) {
            if from >= until {
                return Err(Invalid::field(ErrorCode::InvalidParam, "updated_at_end"));
            }
        }
        let kind = present(&p.content_type)
            .map(|s| {
                s.parse::<i64>()
                    .ok()
                    .and_then(AssetKind::from_code)
                    .ok_or(Invalid::field(ErrorCode::InvalidParam, "content_type"))
            })
            .transpose()?;
        let scope = match present(&p.scope) {
            None | Some("all") => AssetScope::All,
            Some("mine") => AssetScope::Mine,
            Some("tenant") => AssetScope::Tenant,
            Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "scope")),
        };
        let size = match present(&p.size) {
            None => DEFAULT_ASSET_PAGE_SIZE,
            Some(s) => s
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=MAX_ASSET_PAGE_SIZE).contains(n))
                .ok_or(Invalid::field(ErrorCode::InvalidParam, "size"))?,
        };
        Ok(AssetQuery { after, from_ms, until_ms, kind, scope, size })
    }
}

/// `POST /api/poster-assets` as sent; every field loose so a mistyped one
/// is INVALID_PARAM naming it.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NewPosterAsset)]
pub struct AddAssetBody {
    /// The upload's id, or the URL the upload answered with.
    #[schema(value_type = String)]
    pub upload_id: Option<serde_json::Value>,
    /// 1 to 60 characters; 素材 and the day when absent.
    #[schema(value_type = Option<String>)]
    pub name: Option<serde_json::Value>,
    /// 0 an image (default), 1 a logo.
    #[schema(value_type = Option<AssetKind>)]
    pub content_type: Option<serde_json::Value>,
    /// Share with the caller's tenant (default false).
    #[schema(value_type = Option<bool>)]
    pub shared: Option<serde_json::Value>,
}

/// `PATCH /api/poster-assets/{id}` as sent: what to change.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PosterAssetPatch)]
pub struct ChangeAssetBody {
    #[schema(value_type = Option<String>)]
    pub name: Option<serde_json::Value>,
    #[schema(value_type = Option<AssetKind>)]
    pub content_type: Option<serde_json::Value>,
    #[schema(value_type = Option<bool>)]
    pub shared: Option<serde_json::Value>,
}

/// An add, parsed. The upload id stays text: one that is not a UUID is an
/// unknown image (IMAGE_NOT_FOUND), not a malformed request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddAsset {
    pub upload: String,
    pub name: Option<AssetName>,
    pub kind: AssetKind,
    pub shared: bool,
}

/// A change, parsed: `None` keeps the field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AssetChange {
    pub name: Option<AssetName>,
    pub kind: Option<AssetKind>,
    pub shared: Option<bool>,
}

fn name_field(v: &Option<serde_json::Value>) -> Result<Option<AssetName>, Invalid> {
    match v {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::String(s)) => AssetName::parse(s).map(Some),
        Some(_) => Err(Invalid::field(ErrorCode::InvalidParam, "name")),
    }
}

fn kind_field(v: &Option<serde_json::Value>) -> Result<Option<AssetKind>, Invalid> {
    match v {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => v
            .as_i64()
            .and_then(AssetKind::from_code)
            .map(Some)
            .ok_or(Invalid::field(ErrorCode::InvalidParam, "contentType")),
    }
}

fn shared_field(v: &Option<serde_json::Value>) -> Result<Option<bool>, Invalid> {
    match v {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(Invalid::field(ErrorCode::InvalidParam, "shared")),
    }
}

impl AddAsset {
    pub fn parse(body: &AddAssetBody) -> Result<Self, Invalid> {
        let upload = body
            .upload_id
            .as_ref()
            .and_then(|v| v.as_str())
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or(Invalid::field(ErrorCode::InvalidParam, "uploadId"))?
            .to_owned();
        Ok(AddAsset {
            upload,
            name: name_field(&body.name)?,
            kind: kind_field(&body.content_type)?.unwrap_or(AssetKind::Image),
            shared: shared_field(&body.shared)?.unwrap_or(false),
        })
    }
}

impl AssetChange {
    pub fn parse(body: &ChangeAssetBody) -> Result<Self, Invalid> {
        Ok(AssetChange {
            name: name_field(&body.name)?,
            kind: kind_field(&body.content_type)?,
            shared: shared_field(&body.shared)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn params(pairs: &[(&str, &str)]) -> AssetQueryParams {
        let get = |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| (*v).to_owned());
        AssetQueryParams {
            cursor_id: get("cursor_id"),
            updated_at_start: get("updated_at_start"),
            updated_at_end: get("updated_at_end"),
            content_type: get("content_type"),
            scope: get("scope"),
            size: get("size"),
        }
    }

    #[test]
    fn a_cursor_round_trips_and_junk_is_refused() {
        let c = AssetCursor { updated_at_ms: 1_764_201_600_123, id: PosterAssetId::new() };
        assert_eq!(AssetCursor::decode(&c.encode()), Some(c));
        for junk in ["", "abc", "12_", "_x", "x_00000000-0000-0000-0000-000000000000"] {
            assert_eq!(AssetCursor::decode(junk), None, "{junk}");
        }
    }

    #[test]
    fn a_query_parses_with_defaults_and_names_a_bad_field() {
        let q = AssetQuery::parse(&params(&[])).unwrap();
        assert_eq!((q.after, q.kind, q.scope, q.size), (None, None, AssetScope::All, DEFAULT_ASSET_PAGE_SIZE));
        let q = AssetQuery::parse(&params(&[
            ("content_type", "1"),
            ("scope", "tenant"),
            ("updated_at_start", "1000"),
            ("updated_at_end", "2000"),
            ("size", "5"),
        ]))
        .unwrap();
        assert_eq!(
            (q.kind, q.scope, q.from_ms, q.until_ms, q.size),
            (Some(AssetKind::Logo), AssetScope::Tenant, Some(1000), Some(2000), 5)
        );
        let field = |pairs: &[(&str, &str)]| AssetQuery::parse(&params(pairs)).unwrap_err().field;
        assert_eq!(field(&[("cursor_id", "nope")]), Some("cursor_id"));
        assert_eq!(field(&[("content_type", "2")]), Some("content_type"));
        assert_eq!(field(&[("scope", "everyone")]), Some("scope"));
        assert_eq!(field(&[("size", "101")]), Some("size"));
        assert_eq!(field(&[("updated_at_start", "-5")]), Some("updated_at_start"));
        assert_eq!(field(&[("updated_at_start", "2000"), ("updated_at_end", "2000")]), Some("updated_at_end"));
    }

    #[test]
    fn bodies_parse_loosely_and_name_a_bad_field() {
        let add = AddAsset::parse(&serde_json::from_value(json!({ "uploadId": " u1 " })).unwrap()).unwrap();
        assert_eq!((add.upload.as_str(), add.kind, add.shared, add.name), ("u1", AssetKind::Image, false, None));
        let bad = |v: serde_json::Value| AddAsset::parse(&serde_json::from_value(v).unwrap()).unwrap_err().field;
        assert_eq!(bad(json!({})), Some("uploadId"));
        assert_eq!(bad(json!({ "uploadId": "u", "name": "  " })), Some("name"));
        assert_eq!(bad(json!({ "uploadId": "u", "name": "名".repeat(61) })), Some("name"));
        assert_eq!(bad(json!({ "uploadId": "u", "contentType": "logo" })), Some("contentType"));
        assert_eq!(bad(json!({ "uploadId": "u", "shared": "yes" })), Some("shared"));
        let change =
            AssetChange::parse(&serde_json::from_value(json!({ "name": "店铺 Logo", "contentType": 1 })).unwrap())
                .unwrap();
        assert_eq!(change.name.as_ref().map(AssetName::as_str), Some("店铺 Logo"));
        assert_eq!((change.kind, change.shared), (Some(AssetKind::Logo), None));
    }
}
