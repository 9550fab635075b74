//! The IMPORT tab's files: CSV (`title,summary,url,picUrl,kind,platform,heat`
//! with a header row; only `title` is needed) or JSON (an array of objects
//! with those fields). Every row is checked; a bad row is reported by its
//! number and the others are kept.

use serde::Deserialize;

use crate::domain::hotspot::{HotspotKind, HotspotPlatform};
use crate::marketing::feeds::parse_heat;

/// Rows one import takes.
pub const MAX_ROWS: usize = 2000;
/// Bytes one import file may have.
pub const MAX_BYTES: usize = 4 * 1024 * 1024;

/// One good row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    pub title: String,
    pub summary: String,
    pub url: Option<String>,
    pub pic_url: Option<String>,
    pub kind: HotspotKind,
    pub platform: HotspotPlatform,
    pub heat: i64,
}

/// A row that could not be taken: its number (1 is the first data row) and
/// why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    pub row: usize,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("not a CSV or JSON file: {0}")]
    Unreadable(String),
    #[error("more than {MAX_ROWS} rows")]
    TooManyRows,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawRow {
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    summary: Option<String>,
    #[serde(default)]
    url: Option<String>,
    #[serde(default, alias = "pic_url")]
    pic_url: Option<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    platform: Option<String>,
    #[serde(default)]
    heat: Option<serde_json::Value>,
}

/// Reads a file: JSON when it starts with `[` (after blanks), else CSV.
pub fn parse(bytes: &[u8]) -> Result<Vec<Result<ImportRow, RowError>>, ImportError> {
    let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
        .map_err(|_| ImportError::Unreadable("not UTF-8 text".into()))?;
    let raw: Vec<Result<RawRow, String>> = if text.trim_start().starts_with('[') {
        let values: Vec<serde_json::Value> =
            serde_json::from_str(text).map_err(|e| ImportError::Unreadable(format!("JSON: {e}")))?;
        values
            .into_iter()
            .map(|v| serde_json::from_value(v).map_err(|e| format!("not a hotspot object: {e}")))
            .collect()
    } else {
        let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
        let headers = reader.headers().map_err(|e| ImportError::Unreadable(format!("CSV: {e}")))?.clone();
        if !headers.iter().any(|h| h == "title") {
            return Err(ImportError::Unreadable("the CSV has no title column in its header row".into()));
        }
        reader
            .records()
            .map(|r| {
                let r = r.map_err(|e| format!("CSV: {e}"))?;
                let get = |name: &str| headers.iter().position(|h| h == name).and_then(|i| r.get(i)).map(str::to_owned);
                Ok(RawRow {
                    title: get("title"),
                    summary: get("summary"),
                    url: get("url"),
                    pic_url: get("picUrl").or_else(|| get("pic_url")),
                    kind: get("kind"),
                    platform: get("platform"),
                    heat: get("heat").map(serde_json::Value::String),
                })
            })
            .collect()
    };
    if raw.len() > MAX_ROWS {
        return Err(ImportError::TooManyRows);
    }
    Ok(raw
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.and_then(check).map_err(|message| RowError { row: i + 1, message }))
        .collect())
}

fn nonempty(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

fn link(s: Option<String>, field: &str) -> Result<Option<String>, String> {
    match nonempty(s) {
        None => Ok(None),
        Some(u) => url::Url::parse(&u)
            .ok()
            .filter(|p| matches!(p.scheme(), "http" | "https"))
            .map(|p| Some(p.to_string()))
            .ok_or_else(|| format!("{field} is not an http(s) address")),
    }
}

fn check(r: RawRow) -> Result<ImportRow, String> {
    let title = nonempty(r.title).ok_or("title is empty")?;
    if title.chars().count() > 100 {
        return Err("title is longer than 100 characters".into());
    }
    let summary = nonempty(r.summary).unwrap_or_default();
    if summary.chars().count() > 1000 {
        return Err("summary is longer than 1000 characters".into());
    }
    let kind = match nonempty(r.kind) {
        None => HotspotKind::Topic,
        Some(k) => HotspotKind::parse(&k).ok_or_else(|| format!("kind {k} is not topic, note, video or image"))?,
    };
    let platform = match nonempty(r.platform) {
        None => HotspotPlatform::Other,
        Some(p) => HotspotPlatform::parse(&p)
            .ok_or_else(|| format!("platform {p} is not one of redbook, weibo, tiktok, wechat, other"))?,
    };
    let heat = match r.heat {
        None | Some(serde_json::Value::Null) => 0,
        Some(serde_json::Value::Number(n)) => n.as_i64().filter(|h| *h >= 0).ok_or("heat is not a whole number ≥ 0")?,
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => 0,
        Some(serde_json::Value::String(s)) => parse_heat(&s).ok_or_else(|| format!("heat {s} is not a number"))?,
        Some(_) => return Err("heat is not a number".into()),
    };
    Ok(ImportRow {
        title,
        summary,
        url: link(r.url, "url")?,
        pic_url: link(r.pic_url, "picUrl")?,
        kind,
        platform,
        heat,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_rows_are_checked_one_by_one() {
        let csv = "title,summary,url,kind,platform,heat\n双11预售,开始了,https://e.com/a,topic,weibo,12万\n,空标题,,,,\n露营,,ftp://x,,,\n围炉煮茶,\"冬天, 暖\",,note,redbook,\n";
        let rows = parse(csv.as_bytes()).unwrap();
        assert_eq!(rows.len(), 4);
        let first = rows[0].as_ref().unwrap();
        assert_eq!((first.heat, first.platform), (120_000, HotspotPlatform::Weibo));
        assert_eq!(rows[1].as_ref().unwrap_err().row, 2);
        assert!(rows[2].as_ref().unwrap_err().message.contains("url"));
        assert_eq!(rows[3].as_ref().unwrap().summary, "冬天, 暖");
    }

    #[test]
    fn json_arrays_and_unreadable_files() {
        let json =
            r#"[{"title":"保温杯","heat":5000,"picUrl":"https://e.com/p.jpg"},{"title":"x","kind":"podcast"},7]"#;
        let rows = parse(json.as_bytes()).unwrap();
        assert_eq!(rows[0].as_ref().unwrap().pic_url.as_deref(), Some("https://e.com/p.jpg"));
        assert!(rows[1].as_ref().unwrap_err().message.contains("kind"));
        assert!(rows[2].is_err());
        assert!(matches!(parse(b"a,b\n1,2\n"), Err(ImportError::Unreadable(_))));
        assert!(matches!(parse(&[0xff, 0xfe, 0x00]), Err(ImportError::Unreadable(_))));
    }
}
