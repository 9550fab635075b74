//! The access log: method, path, status and time, with credentials that a
//! link may carry in its query (`?token=`) replaced, so a log reader cannot
//! sign in as the person who opened it.

use actix_web::dev::ServiceRequest;
use actix_web::middleware::Logger;

/// Query parameters whose values never reach the log.
const SECRET_PARAMS: [&str; 3] = ["token", "access_token", "code"];

pub fn middleware() -> Logger {
    Logger::new("%{request}xi %s %Dms")
        .custom_request_replace("request", request_line)
        .log_target("pixmart_api::access")
}

fn request_line(req: &ServiceRequest) -> String {
    let path = req.path();
    match req.query_string() {
        "" => format!("{} {path}", req.method()),
        query => format!("{} {path}?{}", req.method(), redact_query(query)),
    }
}

/// `a=1&token=xyz` → `a=1&token=[redacted]`.
pub fn redact_query(query: &str) -> String {
    query
        .split('&')
        .map(|pair| {
            let name = pair.split('=').next().unwrap_or(pair);
            if SECRET_PARAMS.iter().any(|s| s.eq_ignore_ascii_case(name)) {
                format!("{name}=[redacted]")
            } else {
                pair.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_in_queries_are_redacted_and_the_rest_kept() {
        assert_eq!(redact_query("a=1&token=abc.def&b=2"), "a=1&token=[redacted]&b=2");
        assert_eq!(redact_query("TOKEN=x"), "TOKEN=[redacted]");
        assert_eq!(redact_query("access_token=x&code=1234"), "access_token=[redacted]&code=[redacted]");
        assert_eq!(redact_query("tokens=1"), "tokens=1");
    }
}
