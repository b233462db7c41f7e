//! Stripe's webhook (docs/api/shop.md): the one route Stripe's servers call. It has no session and
//! no origin check (`origin::EXEMPT_PATHS`): its authority is the `Stripe-Signature` header, which
//! billing verifies over the body exactly as it arrived — so the gateway passes the raw bytes on
//! untouched, and calls billing as a service on nobody's behalf.

pub mod post;
