//! Which methods a path takes, from the route tables (`routes::API_ROUTES`, `OPERATION_ROUTES`):
//! the `Allow` of a 405, for a known path asked with another method and for the methods the
//! gateway serves nowhere (TRACE, CONNECT, WebDAV's…).

use std::sync::OnceLock;

use actix_web::dev::ResourceDef;
use actix_web::http::Method;

use crate::routes::{API_ROUTES, OPERATION_ROUTES};

/// The methods some route of the gateway takes (everything else is refused on every path).
pub const SERVED: [Method; 7] =
    [Method::GET, Method::HEAD, Method::POST, Method::PUT, Method::PATCH, Method::DELETE, Method::OPTIONS];

/// Every route pattern (with its `/api` prefix) and the methods it takes, in `Allow` form.
fn table() -> &'static [(ResourceDef, String)] {
    static TABLE: OnceLock<Vec<(ResourceDef, String)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut grouped: Vec<(String, Vec<String>)> = Vec::new();
        let routes = API_ROUTES.iter().map(|(p, m)| (format!("/api{p}"), *m));
        for (path, method) in routes.chain(OPERATION_ROUTES.iter().map(|(p, m)| ((*p).to_owned(), *m))) {
            let method = method.to_ascii_uppercase();
            match grouped.iter_mut().find(|(p, _)| *p == path) {
                Some((_, methods)) => methods.push(method),
                None => grouped.push((path, vec![method])),
            }
        }
        grouped.into_iter().map(|(path, methods)| (ResourceDef::new(path), allow_of(methods))).collect()
    })
}

/// `GET` brings `HEAD` (actix answers HEAD wherever GET is routed).
fn allow_of(mut methods: Vec<String>) -> String {
    if methods.iter().any(|m| m == "GET") && !methods.iter().any(|m| m == "HEAD") {
        let at = methods.iter().position(|m| m == "GET").map_or(0, |i| i + 1);
        methods.insert(at, "HEAD".to_owned());
    }
    methods.join(", ")
}

/// The `Allow` value of `path`: its routes' methods; `None` for an `/api` path no route has.
/// Anything outside `/api` and the probes is the SPA's (pages and assets): `GET, HEAD`.
#[must_use]
pub fn allowed(path: &str) -> Option<String> {
    let matched: Vec<&str> =
        table().iter().filter(|(def, _)| def.is_match(path)).map(|(_, allow)| allow.as_str()).collect();
    if !matched.is_empty() {
        // A literal path and a pattern may both match (`/api/diary/letters`, `/api/diary/{id}`):
        // the methods of all are offered, each once.
        let mut methods: Vec<&str> = Vec::new();
        for method in matched.iter().flat_map(|allow| allow.split(", ")) {
            if !methods.contains(&method) {
                methods.push(method);
            }
        }
        return Some(methods.join(", "));
    }
    if path == "/api" || path.starts_with("/api/") {
        return None;
    }
    Some("GET, HEAD".to_owned())
}

/// `Allow` for a path no route has: every method the gateway serves somewhere.
#[must_use]
pub fn served_anywhere() -> String {
    SERVED.iter().map(Method::as_str).collect::<Vec<_>>().join(", ")
}

/// Whether `allow` (an `Allow` value) lists `method`.
#[must_use]
pub fn lists(allow: &str, method: &Method) -> bool {
    allow.split(", ").any(|m| m == method.as_str())
}

/// Whether some route of the gateway takes `method` at all.
#[must_use]
pub fn served(method: &Method) -> bool {
    SERVED.contains(method)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_offers_its_methods_and_get_brings_head() {
        assert_eq!(allowed("/api/auth/user").as_deref(), Some("GET, HEAD"));
        assert_eq!(allowed("/api/diary").as_deref(), Some("GET, HEAD, POST"));
        assert_eq!(
            allowed("/api/diary/0193b1c2-7d4e-7f00-8a1b-2c3d4e5f6a7b").as_deref(),
            Some("GET, HEAD, PUT, DELETE")
        );
        assert_eq!(allowed("/api/settings/consent").as_deref(), Some("GET, HEAD, PUT"));
        assert_eq!(allowed("/healthz").as_deref(), Some("GET, HEAD"));
    }

    #[test]
    fn an_api_path_no_route_has_offers_nothing_and_the_spa_offers_reading() {
        assert_eq!(allowed("/api/no-such-route"), None);
        assert_eq!(allowed("/home").as_deref(), Some("GET, HEAD"));
        assert_eq!(allowed("/").as_deref(), Some("GET, HEAD"));
    }

    #[test]
    fn trace_and_connect_are_served_nowhere() {
        assert!(!served(&Method::TRACE) && !served(&Method::CONNECT));
        assert!(!served(&Method::from_bytes(b"PROPFIND").expect("method")));
        assert!(served(&Method::PATCH));
    }
}
