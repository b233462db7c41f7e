use actix_web::{HttpResponse, web};
use meguri_proto::social as pb;

use crate::error::{ApiError, ErrorBody};
use crate::routes::diary::body::{MentionNotification, mention_notifications};
use crate::routes::{SignedIn, ok_json, rpc};
use crate::startup::AppState;

/// The caller's unseen mention notifications, oldest first (the app shell's dialog opens for the
/// first one).
#[utoipa::path(get, path = "/api/mentions/notifications", operation_id = "list_mention_notifications", tag = "diary",
    responses(
        (status = 200, description = "Unseen mentions, oldest first", body = [MentionNotification]),
        (status = 401, description = "Signed out", body = ErrorBody),
    ))]
pub async fn notifications(me: SignedIn, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let request = pb::ListMentionNotificationsRequest {};
    ok_json(mention_notifications(
        rpc("ListMentionNotifications", state.social.list_mention_notifications(&me.ctx, request)).await?,
    ))
}
