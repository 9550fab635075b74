//! The HTTP contract as an OpenAPI 3.1 document, generated from the
//! handlers' `#[utoipa::path]` declarations and the DTOs' `ToSchema`
//! derives: the route table in `routes::api_scope` is what both actix serves
//! and this document describes, so neither can drift from the other.
//! `GET /api/openapi.json` serves it; `web/src/lib/api/openapi.json` is the
//! committed copy the web's TypeScript types are generated from (a test keeps
//! the two equal).

use std::sync::LazyLock;

use actix_web::{get, HttpResponse};
use pixmart_shared::ErrorCode;
use serde::Serialize;
use utoipa::openapi::path::Operation;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{Content, OpenApi, RefOr, ResponseBuilder};
use utoipa::{Modify, OpenApi as _, PartialSchema, ToSchema};
use utoipa_actix_web::OpenApiFactory;

/// Every error: `{"code":<n>,"msg":...,"error":"<ID>","data":null}` with the
/// code's HTTP status; `field` names the offending parameter of an
/// `INVALID_PARAM`.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// The error's stable number.
    pub code: u32,
    /// The error's message in the request's language.
    pub msg: String,
    #[schema(value_type = ErrorId)]
    pub error: &'static str,
    /// Extra facts some errors carry (seconds left, captcha required).
    pub data: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
}

/// The stable error id: one of the catalogue in `shared/src/error.rs`.
pub struct ErrorId;

impl PartialSchema for ErrorId {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("A stable error id from the catalogue in shared/src/error.rs."))
            .enum_values(Some(ErrorCode::ALL.iter().map(|c| c.id())))
            .into()
    }
}

impl ToSchema for ErrorId {}

/// `data: null`, for answers that carry nothing.
pub struct Null;

impl PartialSchema for Null {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::Null).into()
    }
}

impl ToSchema for Null {}

/// The multipart form of an image upload: one part named `file`.
#[derive(ToSchema)]
#[allow(dead_code)] // Describes the form; the handlers read it part by part.
pub struct FileUpload {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// The bearer token the sign-in answers carry.
pub const BEARER: &str = "bearer";

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "pixmart API",
        description = "Generation tasks (cutouts, product images, upscales, QR art, video), \
            sign-in, lingshi ledger, orders and fleet administration. Every answer is \
            the envelope {code, msg, data}; every error carries a stable id (`error`). \
            Human-written reference: docs/API.md."
    ),
    components(schemas(ErrorBody)),
    modifiers(&BearerScheme)
)]
struct Base;

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(BEARER, SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

/// The whole document: the base (info, security, error schema) with every
/// operation the `/api` scope routes, each given the error envelope as its
/// `default` answer.
pub fn document() -> OpenApi {
    let mut doc = Base::openapi();
    let scope = crate::routes::api_scope();
    doc.paths.merge(scope.paths());
    let mut schemas = Vec::new();
    scope.schemas(&mut schemas);
    doc.components.get_or_insert_with(Default::default).schemas.extend(schemas);
    for item in doc.paths.paths.values_mut() {
        for op in [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.options,
            &mut item.head,
            &mut item.patch,
            &mut item.trace,
        ]
        .into_iter()
        .flatten()
        {
            add_error_answer(op);
        }
    }
    doc
}

fn add_error_answer(op: &mut Operation) {
    let error = ResponseBuilder::new()
        .description("An error in the envelope, with its stable id and the HTTP status of its code.")
        .content(
            "application/json",
            Content::new(Some(RefOr::Ref(utoipa::openapi::Ref::from_schema_name("ErrorBody")))),
        )
        .build();
    op.responses.responses.entry("default".to_owned()).or_insert(RefOr::T(error));
}

/// The document, built once per process: the JSON below and the 405
/// answer's `Allow` both read it.
static DOCUMENT: LazyLock<OpenApi> = LazyLock::new(document);

/// The document as served and as committed (pretty, stable key order).
pub static DOCUMENT_JSON: LazyLock<String> = LazyLock::new(|| match DOCUMENT.to_pretty_json() {
    Ok(json) => json + "\n",
    Err(e) => {
        tracing::error!(error = %e, "cannot serialise the OpenAPI document");
        String::from("{}")
    }
});

/// The documented paths as segment patterns, with their methods.
static METHODS: LazyLock<Vec<(Vec<String>, String)>> = LazyLock::new(|| {
    DOCUMENT
        .paths
        .paths
        .iter()
        .map(|(path, item)| {
            let methods: Vec<&str> = [
                ("DELETE", &item.delete),
                ("GET", &item.get),
                ("PATCH", &item.patch),
                ("POST", &item.post),
                ("PUT", &item.put),
            ]
            .into_iter()
            .filter(|(_, op)| op.is_some())
            .map(|(name, _)| name)
            .collect();
            (path.split('/').map(str::to_owned).collect(), methods.join(", "))
        })
        .collect()
});

/// The one route whose last parameter spans several segments
/// (`/api/files/{key:.+}`).
const GREEDY_PREFIX: &str = "/api/files/";

/// The methods the API serves at `path` (`"GET, POST"`), if it serves it.
pub fn methods_at(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split('/').collect();
    let matches = |pattern: &[String]| {
        pattern.len() == segments.len()
            && pattern.iter().zip(&segments).all(|(p, s)| (p.starts_with('{') && !s.is_empty()) || p == s)
    };
    if path.starts_with(GREEDY_PREFIX) && path.len() > GREEDY_PREFIX.len() {
        return METHODS.iter().find(|(p, _)| p.join("/") == "/api/files/{key}").map(|(_, m)| m.clone());
    }
    METHODS.iter().find(|(pattern, _)| matches(pattern)).map(|(_, m)| m.clone())
}

/// `GET /api/openapi.json`.
#[utoipa::path(tag = "meta", responses((status = 200, description = "This document.", content_type = "application/json")))]
#[get("/openapi.json")]
pub async fn serve() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(DOCUMENT_JSON.as_str())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/lib/api/openapi.json");

    /// The web's types are generated from the committed copy; it must be
    /// what the server describes. To refresh it:
    /// `cargo run -p pixmart-api -- openapi > web/src/lib/api/openapi.json`,
    /// then `cd web && npm run gen:api`.
    #[test]
    fn the_committed_document_is_what_the_server_serves() {
        let committed = std::fs::read_to_string(COMMITTED).unwrap_or_default();
        assert!(
            committed == *DOCUMENT_JSON,
            "web/src/lib/api/openapi.json is stale: run `cargo run -p pixmart-api -- openapi > \
             web/src/lib/api/openapi.json` and `cd web && npm run gen:api`"
        );
    }

    #[test]
    fn a_served_path_names_its_methods_and_an_unknown_one_none() {
        assert_eq!(methods_at("/api/tasks").as_deref(), Some("GET, POST"));
        assert_eq!(methods_at("/api/tasks/123/stop").as_deref(), Some("POST"));
        assert_eq!(methods_at("/api/tasks/123/downloads").as_deref(), Some("DELETE, GET, POST"));
        assert_eq!(methods_at("/api/files/results/a/b.png").as_deref(), Some("GET"));
        assert_eq!(methods_at("/api/nope"), None);
        assert_eq!(methods_at("/api/tasks/1/2/3"), None);
        assert_eq!(methods_at("/api/dev/outbox"), None);
    }

    /// Every templated path names its parameters, every operation has an
    /// error answer, and every referenced schema exists.
    #[test]
    fn the_document_is_complete() {
        let doc: serde_json::Value = serde_json::from_str(&DOCUMENT_JSON).unwrap();
        assert_eq!(doc["openapi"], "3.1.0");
        let schemas: BTreeSet<String> = doc["components"]["schemas"]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| format!("#/components/schemas/{k}"))
            .collect();
        let text = DOCUMENT_JSON.as_str();
        for reference in text.split("\"$ref\": \"").skip(1).map(|rest| rest.split('"').next().unwrap()) {
            assert!(schemas.contains(reference), "{reference} is referenced but not defined");
        }
        let paths = doc["paths"].as_object().unwrap();
        let operations: usize = paths.values().map(|item| item.as_object().unwrap().len()).sum();
        assert!(operations >= 56, "only {operations} operations");
        for (path, item) in paths {
            for (method, op) in item.as_object().unwrap() {
                let declared: BTreeSet<&str> = op["parameters"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|p| p["in"] == "path")
                    .map(|p| p["name"].as_str().unwrap())
                    .collect();
                let templated: BTreeSet<&str> =
                    path.split('{').skip(1).map(|rest| rest.split('}').next().unwrap()).collect();
                assert_eq!(declared, templated, "{method} {path}: path parameters");
                assert!(op["responses"]["default"].is_object(), "{method} {path}: no error answer");
                assert!(op["responses"]["200"].is_object(), "{method} {path}: no success answer");
            }
        }
    }
}
