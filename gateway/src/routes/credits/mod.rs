//! The caller's credit ledger (docs/api/shop.md): the balance and the newest entries that explain
//! it (grants, chat spends and refunds, purchases and their refunds). Billing answers only the
//! caller's own ledger (the internal token's `sub`).

pub mod body;
pub mod get;
