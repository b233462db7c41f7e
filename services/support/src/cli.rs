//! support's own sub-commands (the shared entry runs them; see `main.rs`).
//!
//! `support rollup --from YYYY-MM-DD --to YYYY-MM-DD` rolls up (again) the analytics of the Japan
//! days in the range (at most 366), replacing their rows: the backfill after an outage or a fix.
//! It reads the service's own settings (docs/configuration.md) and prints each day's row as JSON.
//!
//! `support staff-reply TICKET_ID BODY`: a staff reply through the running service's `StaffReply`, as the admin SPA will send
//! it, for operators before the inbox exists and for the end-to-end tests. The member gets the mail
//! with the reply link. Reads `SUPPORT_ADDR` (default `http://127.0.0.1:50059`),
//! `INTERNAL_JWT_SECRET` and `ADMIN_ID` (the replying admin's id) from the environment; prints the
//! stored message as JSON.

use std::time::Duration;

use anyhow::{Context as _, bail};
use meguri_auth::{Role, Subject, TokenMinter};
use meguri_ids::UserId;
use meguri_proto::meguri::support::v1 as pb;
use meguri_server::env_var;
use secrecy::SecretString;

/// `support staff-reply TICKET_ID BODY`.
///
/// # Errors
/// Missing arguments or settings, support not answering, or support refusing the reply.
pub async fn staff_reply() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(2).collect();
    let [ticket_id, body] = args.as_slice() else {
        bail!(
            "usage: support staff-reply TICKET_ID BODY (SUPPORT_ADDR, INTERNAL_JWT_SECRET, ADMIN_ID from the environment)"
        )
    };
    let addr = env_var("SUPPORT_ADDR").unwrap_or_else(|| "http://127.0.0.1:50059".to_owned());
    let secret = env_var("INTERNAL_JWT_SECRET").context("INTERNAL_JWT_SECRET (missing)")?;
    let admin: uuid::Uuid =
        env_var("ADMIN_ID").context("ADMIN_ID (missing)")?.trim().parse().context("ADMIN_ID (not a UUID)")?;
    let minter = TokenMinter::new(&SecretString::from(secret), Duration::from_secs(60))?;
    let token = minter.mint(&Subject::User(UserId::from_uuid(admin)), Role::Admin)?;
    let channel = tonic::transport::Endpoint::from_shared(addr.clone())?
        .connect()
        .await
        .with_context(|| format!("connect to {addr}"))?;
    let mut request = tonic::Request::new(pb::StaffReplyRequest {
        ticket_id: ticket_id.clone(),
        request_id: uuid::Uuid::now_v7().to_string(),
        body: body.clone(),
        internal: false,
        author_name: String::new(),
    });
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse()?);
    let message = pb::support_client::SupportClient::new(channel).staff_reply(request).await?.into_inner();
    let json = serde_json::json!({
        "id": message.id,
        "ticketId": message.ticket_id,
        "authorName": message.author_name,
        "body": message.body,
        "createdAt": message.created_at,
    });
    println!("{json}");
    Ok(())
}

/// `support rollup --from DAY --to DAY`.
///
/// # Errors
/// Missing or invalid arguments or settings, a database that does not answer.
pub async fn rollup() -> anyhow::Result<()> {
    use crate::domain::analytics::{MAX_RANGE_DAYS, range_code};
    use meguri_japan_day::DayRange;
    let args: Vec<String> = std::env::args().skip(2).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let (Some(from), Some(to)) = (value("--from"), value("--to")) else {
        bail!("usage: support rollup --from YYYY-MM-DD --to YYYY-MM-DD (Japan days, at most {MAX_RANGE_DAYS})")
    };
    let range = DayRange::parse(&from, &to, MAX_RANGE_DAYS).map_err(|e| anyhow::anyhow!("{}: {e}", range_code(e)))?;
    let (config, _) = crate::config::from_lookup(env_var).map_err(|e| anyhow::anyhow!("{e}"))?;
    let (usecases, _) = crate::startup::usecases(&config, std::sync::Arc::new(meguri_clock::SystemClock)).await?;
    for day in usecases.roll_up(range).await.map_err(|e| anyhow::anyhow!("{e}"))? {
        let json = serde_json::json!({
            "date": day.date.to_string(),
            "newUsers": day.new_users,
            "activeUsers": day.active_users,
            "weeklyActiveUsers": day.weekly_active_users,
            "monthlyActiveUsers": day.monthly_active_users,
            "visits": day.visits,
            "pageViews": day.page_views,
            "featureUsage": day.feature_usage,
            "funnel": day.funnel,
            "geographics": day.geographics,
            "browserStats": day.browser_stats,
        });
        println!("{json}");
    }
    Ok(())
}
