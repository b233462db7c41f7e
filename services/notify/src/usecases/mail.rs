//! Taking in one mail request from the `mail` stream: honour the recipient's preference (optional
//! mail only), find the address when the publisher left it to identity, render (an optional mail
//! with its unsubscribe token), and queue the message once per event for the sender.

use std::sync::Arc;

use meguri_clock::Clock;
use meguri_ids::UserId;
use uuid::Uuid;

use crate::db::notifications::{self, NewMail};
use crate::db::preferences;
use crate::domain::{MailRequest, MailType, Preference, UnsubscribeKey};
use crate::error::Error;
use crate::peers::Identity;

/// What taking in a request did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Rendered and queued as this `email_notifications` row.
    Queued(Uuid, MailType),
    /// This event was handled (and its message queued) before.
    Duplicate,
    /// The recipient switched this mail off.
    Unwanted(Preference),
    /// identity has no such member any more (deleted, or never verified): nobody to mail.
    RecipientGone,
}

/// What the use case needs.
#[derive(Clone)]
pub struct Intake {
    pub pool: meguri_db::Pool,
    pub identity: Identity,
    /// `APP_BASE_URL`.
    pub app_base_url: Arc<str>,
    pub clock: Arc<dyn Clock>,
    pub key: UnsubscribeKey,
}

/// Whether `user` wants the optional mail `preference` switches (no row: the defaults).
///
/// # Errors
/// The database.
pub async fn wanted(pool: &meguri_db::Pool, user: UserId, preference: Preference) -> Result<bool, Error> {
    Ok(preferences::find(pool, user).await?.unwrap_or_default().allows(preference))
}

impl Intake {
    /// Takes in the request of event `event_id`.
    ///
    /// # Errors
    /// [`Error::Unexpected`] when the database fails or identity cannot answer (down, a deadline):
    /// the event stays unacknowledged and is tried again later, so no mail is lost.
    #[tracing::instrument(skip_all, fields(%event_id))]
    pub async fn take(&self, event_id: Uuid, request: MailRequest) -> Result<Outcome, Error> {
        // The contract guarantees a user for optional mail and for a request without an address
        // (`MailRequest::try_from`); without one these checks have nothing to look up.
        let optional = request.mail.preference().zip(request.user_id);
        if let Some((preference, user)) = optional
            && !wanted(&self.pool, user, preference).await?
        {
            return Ok(Outcome::Unwanted(preference));
        }
        let request = match (request.needs_address(), request.user_id) {
            (true, Some(user)) => match self.identity.contact(user).await? {
                Some(contact) => request.addressed(contact.email, contact.username),
                None => return Ok(Outcome::RecipientGone),
            },
            _ => request,
        };
        let issued = optional.map(|(preference, user)| super::unsubscribe::issue(&self.key, user, preference));
        let rendered =
            crate::templates::render(&request, &self.app_base_url, issued.as_ref().map(|(_, token)| token.as_str()));
        let mail = NewMail {
            event_id,
            user: request.user_id,
            recipient: &request.to,
            rendered: &rendered,
            token: issued.map(|(row, _)| row),
        };
        let queued = notifications::enqueue(&self.pool, crate::events::GROUP, &mail, self.clock.now()).await?;
        Ok(queued.map_or(Outcome::Duplicate, |id| Outcome::Queued(id, rendered.mail_type)))
    }
}
