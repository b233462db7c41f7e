//! social's metrics, declared once (STYLE §8) and served on the admin port's `/metrics`.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `meguri_social_friend_requests_total` | counter | `outcome`: `created`, `accepted_mutual`, `repeated`, `invite` |
//! | `meguri_social_diary_entries_total` | counter | `kind`: `entry`, `letter` (a letter to the future) — new entries, not replays |
//! | `meguri_social_compatibility_total` | counter | `outcome`: `ready`, `unavailable`, `failed`, `retry` |
//! | `meguri_social_members_applied_total` | counter | `source`: `event`, `backfill`; `outcome`: `written`, `stale` |
//! | `meguri_social_grpc_client_requests_total` | counter | `rpc` (`GetBirthProfile`, `ListMemberProfiles`, `GetTimezoneOffset`, `CalculateChart`, `GetAlmanac`), `code` (after retries) |
//! | `meguri_social_grpc_client_duration_seconds` | histogram | `rpc` (retries included) |
//! | `meguri_social_grpc_client_retries_total` | counter | `rpc` |

pub const FRIEND_REQUESTS_TOTAL: &str = "meguri_social_friend_requests_total";
pub const COMPATIBILITY_TOTAL: &str = "meguri_social_compatibility_total";
pub const DIARY_ENTRIES_TOTAL: &str = "meguri_social_diary_entries_total";
pub const MEMBERS_APPLIED_TOTAL: &str = "meguri_social_members_applied_total";
/// The calls to identity and bazi-engine, recorded by the shared client policy.
pub const GRPC_CLIENT: meguri_grpc_client::ClientMetrics = meguri_grpc_client::ClientMetrics {
    requests_total: "meguri_social_grpc_client_requests_total",
    duration_seconds: "meguri_social_grpc_client_duration_seconds",
    retries_total: "meguri_social_grpc_client_retries_total",
};

/// Registers descriptions (the `# HELP` lines). Idempotent.
pub fn describe() {
    metrics::describe_counter!(FRIEND_REQUESTS_TOTAL, "Friend requests handled, by outcome");
    metrics::describe_counter!(COMPATIBILITY_TOTAL, "Compatibility computations, by outcome");
    metrics::describe_counter!(
        MEMBERS_APPLIED_TOTAL,
        "Member profiles applied to the read model, by source and outcome"
    );
    metrics::describe_counter!(DIARY_ENTRIES_TOTAL, "Diary entries written, by kind (entry, letter)");
    GRPC_CLIENT.describe();
    meguri_telemetry::zero_counter(
        FRIEND_REQUESTS_TOTAL,
        "outcome",
        &["created", "accepted_mutual", "repeated", "invite"],
    );
    meguri_telemetry::zero_counter(COMPATIBILITY_TOTAL, "outcome", &["ready", "unavailable", "failed", "retry"]);
    meguri_telemetry::zero_counter(DIARY_ENTRIES_TOTAL, "kind", &["entry", "letter"]);
}

/// A new diary entry (`letter`: a letter to the future).
pub fn diary_entry(letter: bool) {
    metrics::counter!(DIARY_ENTRIES_TOTAL, "kind" => if letter { "letter" } else { "entry" }).increment(1);
}

pub fn friend_request(outcome: &'static str) {
    metrics::counter!(FRIEND_REQUESTS_TOTAL, "outcome" => outcome).increment(1);
}

pub fn compatibility(outcome: &'static str) {
    metrics::counter!(COMPATIBILITY_TOTAL, "outcome" => outcome).increment(1);
}

pub fn member_applied(source: &'static str, written: bool) {
    let outcome = if written { "written" } else { "stale" };
    metrics::counter!(MEMBERS_APPLIED_TOTAL, "source" => source, "outcome" => outcome).increment(1);
}
