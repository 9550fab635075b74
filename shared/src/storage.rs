//! Blob store. A local directory by default; keys are relative paths made
//! only by this crate (`uploads/<id>`, `results/<task>/<name>`), never taken
//! from a request unchecked.

use std::path::{Component, Path, PathBuf};

use crate::domain::{TaskId, UploadId};

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("invalid storage key {0:?}")]
    InvalidKey(String),
    #[error("blob {0} not found")]
    NotFound(String),
    #[error("storage i/o on {key}: {source}")]
    Io {
        key: String,
        #[source]
        source: std::io::Error,
    },
}

impl StorageError {
    pub fn code(&self) -> &'static str {
        match self {
            StorageError::InvalidKey(_) => "STORAGE_INVALID_KEY",
            StorageError::NotFound(_) => "STORAGE_NOT_FOUND",
            StorageError::Io { .. } => "STORAGE_IO",
        }
    }
}

pub fn upload_key(id: UploadId) -> String {
    format!("uploads/{id}")
}

pub fn result_key(task: TaskId, file_name: &str) -> String {
    format!("results/{task}/{file_name}")
}

#[derive(Debug, Clone)]
pub struct BlobStore {
    root: PathBuf,
}

impl BlobStore {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    fn path_of(&self, key: &str) -> Result<PathBuf, StorageError> {
        let rel = Path::new(key);
        let safe = !key.is_empty() && rel.components().all(|c| matches!(c, Component::Normal(_)));
        if safe {
            Ok(self.root.join(rel))
        } else {
            Err(StorageError::InvalidKey(key.to_owned()))
        }
    }

    /// Writes atomically: a reader never sees a half-written blob.
    pub async fn put(&self, key: &str, data: &[u8]) -> Result<(), StorageError> {
        let path = self.path_of(key)?;
        let io = |source| StorageError::Io { key: key.to_owned(), source };
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await.map_err(io)?;
        }
        let tmp = path.with_extension(format!("tmp-{}", uuid::Uuid::new_v4()));
        tokio::fs::write(&tmp, data).await.map_err(io)?;
        tokio::fs::rename(&tmp, &path).await.map_err(io)
    }

    pub async fn get(&self, key: &str) -> Result<Vec<u8>, StorageError> {
        let path = self.path_of(key)?;
        match tokio::fs::read(&path).await {
            Ok(data) => Ok(data),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(StorageError::NotFound(key.to_owned())),
            Err(source) => Err(StorageError::Io { key: key.to_owned(), source }),
        }
    }

    pub async fn delete(&self, key: &str) -> Result<(), StorageError> {
        let path = self.path_of(key)?;
        match tokio::fs::remove_file(&path).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(source) => Err(StorageError::Io { key: key.to_owned(), source }),
        }
    }

    /// Whether the store's root is writable (health check).
    pub async fn check(&self) -> Result<(), StorageError> {
        let io = |source| StorageError::Io { key: String::new(), source };
        tokio::fs::create_dir_all(&self.root).await.map_err(io)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn put_get_delete_and_reject_escapes() {
        let dir = tempfile::tempdir().unwrap();
        let store = BlobStore::new(dir.path());
        let key = result_key(TaskId::new(), "cutout.png");
        store.put(&key, b"abc").await.unwrap();
        assert_eq!(store.get(&key).await.unwrap(), b"abc");
        store.delete(&key).await.unwrap();
        assert!(matches!(store.get(&key).await, Err(StorageError::NotFound(_))));
        for bad in ["../etc/passwd", "/etc/passwd", "", "a/../../b"] {
            assert!(matches!(store.put(bad, b"x").await, Err(StorageError::InvalidKey(_))), "{bad}");
        }
    }
}
