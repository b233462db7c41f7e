//! The shop through the gateway in front of real identity, billing and notify, PostgreSQL and Redis
//! (one test binary): buying a pack through the development checkout and through Stripe (a fake
//! Stripe API served by the test, webhooks signed with Stripe's scheme and posted to the gateway's
//! webhook route), replays, a bad signature, billing down between the checkout and the webhook, and
//! a refund. Billing's own tests, with its fakes, stay in its crate.

// The fake Stripe's Checkout Session is one large `json!` (every field Stripe renders).
#![recursion_limit = "256"]

mod development;
use billing::testkit::fake_stripe;
mod helpers;
mod restart;
mod stripe;
