//! Event contracts: which stream each event message goes to, its stable type name and its schema
//! version, declared once here, beside the messages the producers define in their own packages
//! (`meguri/<producer>/v1/events.proto`). The envelope every event travels in is
//! `meguri.events.v1.Envelope` ([`Envelope`]). Transport, relay and consumers: `meguri-events`.
//!
//! A test checks that every top-level message of an `events.proto` is registered here and that
//! nothing else is.

pub use crate::generated::meguri::events::v1::Envelope;

/// An event message: its stream, stable type name and schema version.
pub trait Event: prost::Message + prost::Name + Default {
    /// The stream (one per producing service or purpose), e.g. `identity`.
    const STREAM: &'static str;
    /// The stable name consumers match on, e.g. `identity.user_signed_up`. Never changes.
    const TYPE: &'static str;
    /// The payload's schema version: raise it only for a change old consumers would misread (a
    /// field whose meaning changes). Adding a field keeps it.
    const VERSION: u32;
}

/// Account events of `identity` (`meguri.identity.v1`, `identity/v1/events.proto`); read by
/// billing, fortune-gen and notify.
pub const IDENTITY_STREAM: &str = "identity";
/// Mail requests (`meguri.notify.v1.MailRequested`, `notify/v1/events.proto`): published by any
/// service that wants a mail sent (today identity), read by notify only, which deletes each entry
/// once handled because entries carry one-time secrets.
pub const MAIL_STREAM: &str = "mail";
/// Diary events of `social` (`meguri.social.v1`, `social/v1/events.proto`): letters to the future
/// sealed or cancelled; read by notify's scheduler.
pub const SOCIAL_STREAM: &str = "social";
/// What notify's scheduler did (`meguri.notify.v1.LetterDelivered`, `notify/v1/events.proto`);
/// read by social.
pub const NOTIFY_STREAM: &str = "notify";

/// Staff actions (`meguri.audit.v1.StaffActionRecorded`, `audit/v1/events.proto`): published by
/// whichever service a staff member acts through (support, billing, fortune-gen), read by identity,
/// which keeps the audit log.
pub const AUDIT_STREAM: &str = "audit";

/// What the team learns from use (`meguri.analytics.v1`, `analytics/v1/events.proto`): published by
/// every service that owns a counted action, by identity (consents) and by the gateway (page views,
/// straight to the stream); read by support only, which stores an event only with consent.
pub const ANALYTICS_STREAM: &str = "analytics";

/// How long a stream keeps entries: a consumer that is down longer than this misses events.
pub const STREAM_RETENTION_MS: i64 = 7 * 24 * 3600 * 1000;

/// The Redis key of `stream` under `prefix` (`REDIS_KEY_PREFIX`).
#[must_use]
pub fn stream_key(prefix: &str, stream: &str) -> String {
    format!("{prefix}stream:{stream}")
}

/// `event` in its envelope, protobuf-encoded: what a stream entry's only field (`envelope`) holds.
/// `occurred_at` is RFC 3339; `traceparent` the producer's W3C trace context, if any.
#[must_use]
pub fn envelope_bytes<E: Event>(
    event_id: &str,
    event: &E,
    occurred_at: String,
    traceparent: Option<String>,
) -> Vec<u8> {
    use prost::Message as _;
    Envelope {
        event_id: event_id.to_owned(),
        event_type: E::TYPE.to_owned(),
        schema_version: E::VERSION,
        occurred_at,
        traceparent: traceparent.unwrap_or_default(),
        payload: event.encode_to_vec(),
    }
    .encode_to_vec()
}

/// One registered event, for listings and the registry test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Registered {
    /// The proto package, e.g. `meguri.identity.v1`.
    pub package: &'static str,
    /// The message name, e.g. `UserSignedUp`.
    pub message: &'static str,
    pub stream: &'static str,
    pub event_type: &'static str,
    pub version: u32,
}

macro_rules! events {
    ($($message:ty => $stream:expr, $event_type:literal, version $version:literal;)*) => {
        $(
            impl Event for $message {
                const STREAM: &'static str = $stream;
                const TYPE: &'static str = $event_type;
                const VERSION: u32 = $version;
            }
        )*

        /// Every event of every producer.
        pub const ALL: &[Registered] = &[$(Registered {
            package: <$message as prost::Name>::PACKAGE,
            message: <$message as prost::Name>::NAME,
            stream: $stream,
            event_type: $event_type,
            version: $version,
        }),*];
    };
}

events! {
    crate::identity::UserSignedUp => IDENTITY_STREAM, "identity.user_signed_up", version 1;
    crate::identity::EmailVerified => IDENTITY_STREAM, "identity.email_verified", version 1;
    crate::identity::BirthDataChanged => IDENTITY_STREAM, "identity.birth_data_changed", version 1;
    crate::identity::AccountDeleted => IDENTITY_STREAM, "identity.account_deleted", version 1;
    crate::identity::ProfileChanged => IDENTITY_STREAM, "identity.profile_changed", version 1;
    crate::notify::MailRequested => MAIL_STREAM, "mail.requested", version 1;
    crate::social::LetterSealed => SOCIAL_STREAM, "social.letter_sealed", version 1;
    crate::social::LetterCancelled => SOCIAL_STREAM, "social.letter_cancelled", version 1;
    crate::notify::LetterDelivered => NOTIFY_STREAM, "notify.letter_delivered", version 1;
    crate::audit::StaffActionRecorded => AUDIT_STREAM, "audit.recorded", version 1;
    crate::analytics::ActivityRecorded => ANALYTICS_STREAM, "analytics.activity", version 1;
    crate::analytics::ClientEventRecorded => ANALYTICS_STREAM, "analytics.client", version 1;
    crate::analytics::ConsentChanged => ANALYTICS_STREAM, "analytics.consent_changed", version 1;
    crate::analytics::VisitorConsentWithdrawn => ANALYTICS_STREAM, "analytics.visitor_withdrawn", version 1;
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use prost::Message as _;

    use super::*;

    fn event_messages_in_protos() -> BTreeSet<String> {
        let bytes = include_bytes!(concat!(env!("OUT_DIR"), "/descriptors.bin"));
        let set = prost_types::FileDescriptorSet::decode(&bytes[..]).expect("the descriptor set");
        set.file
            .iter()
            .filter(|file| file.name().ends_with("/events.proto"))
            .flat_map(|file| file.message_type.iter().map(move |m| format!("{}.{}", file.package(), m.name())))
            .collect()
    }

    #[test]
    fn every_message_of_an_events_proto_is_registered_and_nothing_else() {
        let registered: BTreeSet<String> = ALL.iter().map(|e| format!("{}.{}", e.package, e.message)).collect();
        assert_eq!(registered.len(), ALL.len(), "a message registered twice");
        let declared = event_messages_in_protos();
        assert!(declared.contains("meguri.identity.v1.UserSignedUp"), "read the descriptors: {declared:?}");
        assert_eq!(registered, declared);
    }

    #[test]
    fn event_types_are_unique_and_named_after_their_stream() {
        let types: BTreeSet<&str> = ALL.iter().map(|e| e.event_type).collect();
        assert_eq!(types.len(), ALL.len(), "an event type used twice");
        for event in ALL {
            assert!(event.event_type.starts_with(&format!("{}.", event.stream)), "{event:?}");
            assert!(event.version >= 1, "{event:?}");
        }
    }
}
