//! notify's rules: mail types, the retry schedule, preferences. Pure, no I/O.

mod mail;
mod preferences;
mod retry;

pub use mail::{MailKind, MailRequest, MailType, Person, Preference, SecurityChange, short_error};
pub use preferences::{Preferences, PreferencesUpdate};
pub use retry::{NextStep, RetryPolicy};
