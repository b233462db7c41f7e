//! Taking in one mail request from the `mail` stream: honour the recipient's preference (optional
//! mail only), find the address when the publisher left it to identity, render, and queue the
//! message once per event for the sender.

use std::sync::Arc;

use uuid::Uuid;

use crate::db::{notifications, preferences};
use crate::domain::{MailRequest, MailType, Preference};
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
        if let (Some(preference), Some(user)) = (request.mail.preference(), request.user_id) {
            let wanted = preferences::find(&self.pool, user).await?.unwrap_or_default();
            if !wanted.allows(preference) {
                return Ok(Outcome::Unwanted(preference));
            }
        }
        let request = match (request.needs_address(), request.user_id) {
            (true, Some(user)) => match self.identity.contact(user).await? {
                Some(contact) => request.addressed(contact.email, contact.username),
                None => return Ok(Outcome::RecipientGone),
            },
            _ => request,
        };
        let rendered = crate::templates::render(&request, &self.app_base_url);
        let queued =
            notifications::enqueue(&self.pool, crate::events::GROUP, event_id, request.user_id, &request.to, &rendered)
                .await?;
        Ok(queued.map_or(Outcome::Duplicate, |id| Outcome::Queued(id, rendered.mail_type)))
    }
}
