//! notify's rules: mail types, the retry schedule, preferences, when timed mail is due, and the
//! unsubscribe token. Pure, no I/O.

mod mail;
mod preferences;
mod retry;
pub mod schedule;
pub mod unsubscribe;

pub use mail::{
    MailKind, MailRequest, MailType, Person, Receipt, SecurityChange, SupportReply, parse_date, short_error,
};
pub use preferences::{Preference, Preferences, PreferencesUpdate};
pub use retry::{NextStep, RetryPolicy};
pub use schedule::{DeliveryKind, MailOutcome};
pub use unsubscribe::UnsubscribeKey;
