//! The request's language, from `Accept-Language`, available to error
//! rendering without threading it through every handler.

use std::future::{ready, Future, Ready};
use std::pin::Pin;

use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::header::ACCEPT_LANGUAGE;
use pixmart_shared::Lang;

tokio::task_local! {
    static REQUEST_LANG: Lang;
}

/// The current request's language (Chinese outside a request).
pub fn current() -> Lang {
    REQUEST_LANG.try_with(|l| *l).unwrap_or_default()
}

/// Middleware that scopes each request's handling in its language.
pub struct LangScope;

impl<S, B> Transform<S, ServiceRequest> for LangScope
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = LangScopeService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(LangScopeService { service }))
    }
}

pub struct LangScopeService<S> {
    service: S,
}

impl<S, B> Service<ServiceRequest> for LangScopeService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>>>>;

    actix_web::dev::forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let header = req.headers().get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
        let lang = Lang::from_accept_language(header);
        Box::pin(REQUEST_LANG.scope(lang, self.service.call(req)))
    }
}
