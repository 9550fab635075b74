//! A faithful local stand-in for an OpenAI-compatible chat endpoint
//! (`POST /v1/chat/completions`, as vLLM, Ollama and hosted Qwen or
//! DeepSeek serve it) on 127.0.0.1. It checks requests as the API documents
//! them (bearer key, a known model, a non-empty `messages` list of
//! `{role, content}`, `stream: true`), answers with the errors' JSON shape
//! (`{"error":{"message","type","code"}}`) and streams
//! `chat.completion.chunk` objects as server-sent events ending with
//! `data: [DONE]`. Replies are scripted per request, in order, or chosen
//! by what the request asks (a responder: requests that run concurrently
//! or in any order); requests are recorded.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use serde_json::{json, Value};

/// What the double answers one request with.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A streamed answer: the pieces in order, `first` before the first
    /// one, `between` between the others.
    Stream { pieces: Vec<String>, first: Duration, between: Duration },
    /// An error status with the API's error body.
    Error { status: u16, message: String },
}

impl Reply {
    /// `text` streamed a few characters at a time.
    pub fn text(text: &str, between: Duration) -> Reply {
        let chars: Vec<char> = text.chars().collect();
        let pieces = chars.chunks(3).map(|c| c.iter().collect()).collect();
        Reply::Stream { pieces, first: Duration::ZERO, between }
    }
}

/// One request the double received.
#[derive(Debug, Clone)]
pub struct Received {
    pub body: Value,
}

type Responder = Box<dyn Fn(&Value) -> Option<Reply> + Send>;

struct State {
    model: String,
    key: String,
    replies: Mutex<VecDeque<Reply>>,
    /// Asked when the script is used up; `None` falls back.
    responder: Mutex<Option<Responder>>,
    /// Answered when the script is used up and no responder answers.
    fallback: Mutex<Reply>,
    received: Mutex<Vec<Received>>,
}

pub struct OpenAiDouble {
    /// Where to point `text.openai.base_url`.
    pub base_url: String,
    state: Arc<State>,
}

fn error(status: u16, kind: &str, message: &str) -> HttpResponse {
    HttpResponse::build(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .json(json!({ "error": { "message": message, "type": kind, "code": null, "param": null } }))
}

fn chunk(model: &str, content: Option<&str>, finish: Option<&str>) -> String {
    let delta = match content {
        Some(c) => json!({ "role": "assistant", "content": c }),
        None => json!({}),
    };
    let body = json!({
        "id": "chatcmpl-double",
        "object": "chat.completion.chunk",
        "created": 1_700_000_000,
        "model": model,
        "choices": [{ "index": 0, "delta": delta, "logprobs": null, "finish_reason": finish }],
    });
    format!("data: {body}\n\n")
}

async fn handle(state: Arc<State>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    if req.path() != "/v1/chat/completions" {
        return error(404, "invalid_request_error", &format!("Unknown request URL: {}", req.path()));
    }
    if req.method() != actix_web::http::Method::POST {
        return error(405, "invalid_request_error", "Only POST is supported");
    }
    let auth = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default();
    if auth != format!("Bearer {}", state.key) {
        return error(401, "invalid_request_error", "Incorrect API key provided");
    }
    let Ok(body) = serde_json::from_slice::<Value>(&body) else {
        return error(400, "invalid_request_error", "We could not parse the JSON body of your request.");
    };
    if body["model"] != state.model.as_str() {
        return error(404, "invalid_request_error", &format!("The model `{}` does not exist", body["model"]));
    }
    let messages_ok = body["messages"].as_array().is_some_and(|m| {
        !m.is_empty()
            && m.iter().all(|msg| {
                matches!(msg["role"].as_str(), Some("system" | "user" | "assistant")) && msg["content"].is_string()
            })
    });
    if !messages_ok {
        return error(400, "invalid_request_error", "'messages' must be a non-empty list of {role, content}");
    }
    if body["stream"] != true {
        return error(400, "invalid_request_error", "this double only streams (stream: true)");
    }
    state.received.lock().unwrap().push(Received { body: body.clone() });
    let scripted = state.replies.lock().unwrap().pop_front();
    let reply = scripted
        .or_else(|| state.responder.lock().unwrap().as_ref().and_then(|r| r(&body)))
        .unwrap_or_else(|| state.fallback.lock().unwrap().clone());
    match reply {
        Reply::Error { status, message } => error(status, "server_error", &message),
        Reply::Stream { pieces, first, between } => {
            let model = state.model.clone();
            let frames = futures::stream::unfold((0usize, pieces, model), move |(i, pieces, model)| async move {
                if i > pieces.len() + 1 {
                    return None;
                }
                tokio::time::sleep(if i == 0 { first } else { between }).await;
                let frame = if i < pieces.len() {
                    chunk(&model, Some(&pieces[i]), None)
                } else if i == pieces.len() {
                    chunk(&model, None, Some("stop"))
                } else {
                    "data: [DONE]\n\n".to_owned()
                };
                Some((Ok::<_, actix_web::Error>(web::Bytes::from(frame)), (i + 1, pieces, model)))
            });
            HttpResponse::Ok().content_type("text/event-stream").streaming(frames)
        }
    }
}

impl OpenAiDouble {
    /// Listens on a random port of 127.0.0.1, serving `model` to holders of `key`.
    pub fn start(model: &str, key: &str, fallback: Reply) -> Self {
        let state = Arc::new(State {
            model: model.to_owned(),
            key: key.to_owned(),
            replies: Mutex::new(VecDeque::new()),
            responder: Mutex::new(None),
            fallback: Mutex::new(fallback),
            received: Mutex::new(Vec::new()),
        });
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        let st = state.clone();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                HttpServer::new(move || {
                    let st = st.clone();
                    App::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                        handle(st.clone(), req, body)
                    }))
                })
                .workers(1)
                .listen(listener)
                .unwrap()
                .run()
                .await
                .unwrap();
            });
        });
        OpenAiDouble { base_url, state }
    }

    /// Answers the next requests with these, in order (then the fallback).
    pub fn script(&self, replies: impl IntoIterator<Item = Reply>) {
        self.state.replies.lock().unwrap().extend(replies);
    }

    /// Once the script is used up, answers each request with what
    /// `responder` makes of its body (the fallback when it says `None`).
    pub fn respond(&self, responder: impl Fn(&Value) -> Option<Reply> + Send + 'static) {
        *self.state.responder.lock().unwrap() = Some(Box::new(responder));
    }

    pub fn received(&self) -> Vec<Received> {
        self.state.received.lock().unwrap().clone()
    }
}
