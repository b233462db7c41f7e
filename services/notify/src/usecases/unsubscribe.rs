//! One-click unsubscribe: issuing a token with each optional mail, and redeeming one (the
//! Unsubscribe RPC, called by the gateway for a visitor: no sign-in).

use meguri_auth::{Caller, Role};
use meguri_ids::UserId;
use uuid::Uuid;

use super::Context;
use crate::db::unsubscribe::{NewToken, Redeemed, redeem};
use crate::domain::{Preference, UnsubscribeKey, unsubscribe};
use crate::error::Error;

/// A fresh token for `user`'s `preference`: the row to store with the mail, and the token the mail
/// links to.
#[must_use]
pub fn issue(key: &UnsubscribeKey, user: UserId, preference: Preference) -> (NewToken, String) {
    let id = Uuid::new_v4();
    (NewToken { id, user, preference }, key.token(id, user, preference))
}

/// Turns off the preference `token` names and marks the token used, in one transaction; returns
/// that preference. A visitor (the unsubscribe page, the mail client's one-click POST) or a
/// signed-in user may call it: the token is the authority.
///
/// # Errors
/// `PermissionDenied` for an admin or service caller; `InvalidUnsubscribeToken` for a malformed
/// or forged token or one whose user is gone; `UnsubscribeTokenUsed` for a token used before; the
/// database.
pub async fn redeem_token(ctx: &Context, caller: Caller, token: &str) -> Result<Preference, Error> {
    if !matches!(caller.role, Role::Visitor | Role::User) {
        return Err(Error::PermissionDenied);
    }
    let parts = unsubscribe::parse(token).ok_or(Error::InvalidUnsubscribeToken)?;
    let key = &ctx.key;
    let outcome =
        redeem(&ctx.pool, parts.id, ctx.clock.now(), |user, preference| key.verify(&parts, user, preference)).await?;
    match outcome {
        Redeemed::Unknown | Redeemed::Forged => Err(Error::InvalidUnsubscribeToken),
        Redeemed::Used(_) => Err(Error::UnsubscribeTokenUsed),
        Redeemed::TurnedOff(preference) => {
            crate::metrics::unsubscribed(preference);
            tracing::info!(name: "notify.unsubscribed", preference = preference.as_str(), "notify.unsubscribed");
            Ok(preference)
        }
    }
}
