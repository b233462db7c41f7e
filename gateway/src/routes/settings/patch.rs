use actix_web::{HttpResponse, web};
use meguri_proto::identity as pb;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::extract::Json;
use crate::routes::auth::user::{UserBody, extras};
use crate::routes::{SignedIn, rpc};
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UsernameBody {
    /// 3..=20 letters, digits, `_`, kana or kanji (`meguri-username`), not only `_`.
    #[schema(
        required = true,
        example = "hanako",
        pattern = r"^[A-Za-z0-9ぁ-ゖァ-ヺー一-鿿][A-Za-z0-9_ぁ-ゖァ-ヺー一-鿿]{2,19}$"
    )]
    pub username: String,
}

/// Changes the username (identity checks the rule and stores the normalized form).
#[utoipa::path(patch, path = "/api/settings/username", tag = "settings", request_body = UsernameBody,
    responses(
        (status = 200, description = "The user", body = UserBody),
        (status = 400, description = "INVALID_USERNAME", body = ErrorBody),
        (status = 409, description = "USERNAME_TAKEN or USERNAME_LOOKALIKE", body = ErrorBody),
    ))]
pub async fn username(
    me: SignedIn,
    body: Json<UsernameBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let updated = rpc(
        "UpdateUsername",
        state.identity.update_username(&me.ctx, pb::UpdateUsernameRequest { username: body.into_inner().username }),
    )
    .await?;
    let user = updated.user.ok_or_else(|| anyhow::anyhow!("UpdateUsername: no user"))?;
    Ok(HttpResponse::Ok().json(UserBody::new(user, extras(&state, &me.ctx).await)))
}
