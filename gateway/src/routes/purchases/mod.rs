//! The caller's purchases of credit packs (docs/api/shop.md): the list for /purchase-history and
//! one purchase, which the shop polls after Stripe's checkout sends the member back. Both need a
//! signed-in member and ask billing, whose caller is the session's user: billing answers only the
//! caller's own purchases.

pub mod body;
pub mod get;
