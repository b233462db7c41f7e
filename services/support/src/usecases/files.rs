//! Reading a screenshot: its member's, any for staff, or one of a reply link's ticket. Who may read
//! which is decided by the rows; the store only holds bytes.

use meguri_ids::UserId;
use uuid::Uuid;

use super::UseCases;
use crate::db::attachments as store;
use crate::domain::AdminId;
use crate::error::Error;

/// A screenshot's bytes and type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl UseCases {
    /// A screenshot of one of `user`'s tickets.
    ///
    /// # Errors
    /// [`Error::AttachmentNotFound`] for any other (another member's, unknown, gone).
    #[tracing::instrument(skip_all, fields(user_id = %user, attachment_id = %id))]
    pub async fn my_attachment(&self, user: UserId, id: Uuid) -> Result<File, Error> {
        let mut conn = self.conn().await?;
        let content_type = store::find_for_member(&mut conn, user, id).await?;
        self.file(id, content_type).await
    }

    /// Any ticket's screenshot, for staff.
    ///
    /// # Errors
    /// [`Error::AttachmentNotFound`].
    #[tracing::instrument(skip_all, fields(admin_id = %admin, attachment_id = %id))]
    pub async fn staff_attachment(&self, admin: AdminId, id: Uuid) -> Result<File, Error> {
        let mut conn = self.conn().await?;
        let content_type = store::find(&mut conn, id, None).await?;
        self.file(id, content_type).await
    }

    /// The bytes of `id` when a row allowed it (`content_type` found).
    pub(super) async fn file(&self, id: Uuid, content_type: Option<String>) -> Result<File, Error> {
        let content_type = content_type.ok_or(Error::AttachmentNotFound)?;
        match self.files.get(id).await.map_err(Error::Unexpected)? {
            Some(bytes) => Ok(File { content_type, bytes }),
            None => {
                // A row without its bytes: the store lost a file (or a deletion is half done).
                tracing::warn!(name: "support.attachment.missing", attachment_id = %id);
                Err(Error::AttachmentNotFound)
            }
        }
    }
}
