//! Signing in with e-mail and password.

use crate::db::users;
use crate::domain::Email;
use crate::error::Error;
use crate::usecases::accounts::Accounts;
use crate::usecases::user::User;

impl Accounts {
    /// Checks e-mail and password. An unknown address costs one hash check like a real one and
    /// gets the same error; an unverified account is refused only after its password matched.
    #[tracing::instrument(skip_all)]
    pub async fn login(&self, email: &str, password: &str) -> Result<User, Error> {
        let Ok(email) = Email::parse(email) else {
            let _ = self.verify(password.to_owned(), None).await?;
            return Err(Error::InvalidCredentials);
        };
        let mut conn = self.conn().await?;
        let found = users::find_by_email_for_update(&mut conn, email.as_str()).await?;
        let (user, stored) = match found {
            Some((user, hash)) => (Some(user), Some(hash)),
            None => (None, None),
        };
        let ok = self.verify(password.to_owned(), stored).await?;
        let Some(user) = user.filter(|_| ok) else {
            crate::metrics::login_failed();
            return Err(Error::InvalidCredentials);
        };
        if !user.is_email_verified {
            return Err(Error::EmailNotVerified);
        }
        let now = self.clock.now();
        users::record_login(&mut conn, user.id, now).await?;
        tracing::info!(name: "identity.user.logged_in", user_id = %user.id);
        Ok(User { last_login_at: Some(now), ..user })
    }
}
