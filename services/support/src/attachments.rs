//! Where the screenshots' bytes live. Support keeps each clean copy under its attachment id; the
//! rows in `support_attachments` say whose it is. [`AttachmentStore`] is the interface; [`DirStore`]
//! keeps the files in a directory (`SUPPORT_ATTACHMENT_DIR`: development, tests, and production on a
//! persistent volume). An object-store bucket implements the same three calls.

use std::future::Future;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::pin::Pin;

use anyhow::Context as _;
use uuid::Uuid;

/// A boxed future of the store (object-safe, so the use cases hold any store).
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = anyhow::Result<T>> + Send + 'a>>;

/// The bytes of screenshots, by attachment id.
pub trait AttachmentStore: Send + Sync {
    /// Stores `bytes` under `id`, whole or not at all (a reader never sees half a file).
    fn put<'a>(&'a self, id: Uuid, bytes: &'a [u8]) -> StoreFuture<'a, ()>;
    /// The bytes of `id`; `None` when there are none.
    fn get(&self, id: Uuid) -> StoreFuture<'_, Option<Vec<u8>>>;
    /// Removes `id`; removing what is not there succeeds.
    fn delete(&self, id: Uuid) -> StoreFuture<'_, ()>;
}

/// Files in one directory, two levels by the id's first characters (`ab/ab12….bin`), written to a
/// temporary name and renamed into place.
#[derive(Clone, Debug)]
pub struct DirStore {
    root: PathBuf,
}

impl DirStore {
    /// Uses (and creates) `root`.
    ///
    /// # Errors
    /// The directory cannot be created.
    pub fn open(root: &Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(root).with_context(|| format!("create {}", root.display()))?;
        Ok(Self { root: root.to_path_buf() })
    }

    fn path(&self, id: Uuid) -> PathBuf {
        let name = id.simple().to_string();
        self.root.join(&name[..2]).join(format!("{name}.bin"))
    }
}

impl AttachmentStore for DirStore {
    fn put<'a>(&'a self, id: Uuid, bytes: &'a [u8]) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let path = self.path(id);
            let dir = path.parent().context("an attachment path has a parent")?;
            tokio::fs::create_dir_all(dir).await.with_context(|| format!("create {}", dir.display()))?;
            let partial = path.with_extension(format!("part-{}", Uuid::now_v7().simple()));
            tokio::fs::write(&partial, bytes).await.with_context(|| format!("write {}", partial.display()))?;
            if let Err(e) = tokio::fs::rename(&partial, &path).await {
                let _ = tokio::fs::remove_file(&partial).await;
                return Err(e).with_context(|| format!("rename into {}", path.display()));
            }
            Ok(())
        })
    }

    fn get(&self, id: Uuid) -> StoreFuture<'_, Option<Vec<u8>>> {
        Box::pin(async move {
            let path = self.path(id);
            match tokio::fs::read(&path).await {
                Ok(bytes) => Ok(Some(bytes)),
                Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e).with_context(|| format!("read {}", path.display())),
            }
        })
    }

    fn delete(&self, id: Uuid) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let path = self.path(id);
            match tokio::fs::remove_file(&path).await {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
                Err(e) => Err(e).with_context(|| format!("remove {}", path.display())),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_file_is_stored_read_and_removed_by_its_id() {
        let dir = std::env::temp_dir().join(format!("support-store-{}", Uuid::now_v7()));
        let store = DirStore::open(&dir).expect("a directory");
        let (id, other) = (Uuid::now_v7(), Uuid::now_v7());

        store.put(id, b"png bytes").await.expect("stored");
        assert_eq!(store.get(id).await.expect("read").as_deref(), Some(&b"png bytes"[..]));
        assert_eq!(store.get(other).await.expect("read"), None);
        store.put(id, b"again").await.expect("replaced");
        assert_eq!(store.get(id).await.expect("read").as_deref(), Some(&b"again"[..]));

        store.delete(id).await.expect("removed");
        store.delete(id).await.expect("removing twice is fine");
        assert_eq!(store.get(id).await.expect("read"), None);
        // No temporary file is left behind.
        let left: Vec<_> = walk(&dir);
        assert!(left.is_empty(), "{left:?}");
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    fn walk(dir: &Path) -> Vec<PathBuf> {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).expect("readable").flatten() {
            let path = entry.path();
            if path.is_dir() { files.extend(walk(&path)) } else { files.push(path) }
        }
        files
    }
}
