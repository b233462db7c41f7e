//! How a message leaves: the [`Mailer`] trait (STYLE §7), with SMTP through lettre and the
//! development transport that writes `.eml` files. The sender task only sees the trait, so tests
//! and `make dev` swap transports without touching it.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Message, Tokio1Executor};
use secrecy::{ExposeSecret as _, SecretString};
use uuid::Uuid;

use crate::config::MailConfig;
use crate::domain::MailType;

/// One message ready to go.
#[derive(Clone, Debug)]
pub struct OutgoingMail {
    /// The `email_notifications` row.
    pub id: Uuid,
    pub mail_type: MailType,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// An optional mail's one-click unsubscribe URL: sent as `List-Unsubscribe: <url>` with
    /// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
    pub list_unsubscribe: Option<String>,
}

/// Why a message did not leave. `message` is short and safe to store: a status class and code,
/// never the server's transcript or the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MailError {
    pub message: String,
    /// Retrying cannot help (the message cannot even be built, e.g. an invalid address).
    pub permanent: bool,
}

impl MailError {
    fn retry(message: impl Into<String>) -> Self {
        Self { message: message.into(), permanent: false }
    }

    fn permanent(message: impl Into<String>) -> Self {
        Self { message: message.into(), permanent: true }
    }
}

/// The future a [`Mailer`] returns.
pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<(), MailError>> + Send + 'a>>;

/// A transport.
pub trait Mailer: Send + Sync {
    /// Delivers `mail` (to the relay, or to a file).
    fn send<'a>(&'a self, mail: &'a OutgoingMail) -> SendFuture<'a>;
    /// `smtp` or `file`, for logs.
    fn kind(&self) -> &'static str;
}

/// The transport the configuration asks for: SMTP when `SMTP_URL` is set, files otherwise.
/// Must run inside the Tokio runtime (lettre's pool spawns a task).
///
/// # Errors
/// `SMTP_URL` that lettre does not accept (the URL is not echoed), or a `MAIL_DIR` that cannot
/// be created.
pub fn from_config(config: &MailConfig) -> anyhow::Result<Arc<dyn Mailer>> {
    match &config.smtp_url {
        Some(url) => Ok(Arc::new(SmtpMailer::new(url, config.from.clone())?)),
        None => Ok(Arc::new(FileMailer::new(config.dir.clone(), config.from.clone())?)),
    }
}

/// Builds the RFC 5322 message: `multipart/alternative` with a text and an HTML part.
/// `readable` asks for 8-bit bodies (UTF-8 as is, for files a person opens); otherwise lettre
/// picks a 7-bit-safe encoding (quoted-printable or base64), which any relay accepts.
fn build_message(from: &Mailbox, mail: &OutgoingMail, readable: bool) -> Result<Message, MailError> {
    let to: Mailbox = mail.to.parse().map_err(|_| MailError::permanent("invalid recipient address"))?;
    let body = |text: &str| if readable { readable_body(text) } else { Body::new(text.to_owned()) };
    let mut builder = Message::builder();
    if let Some(url) = &mail.list_unsubscribe {
        // The URL is ours (APP_BASE_URL and a base64url token): printable ASCII without spaces,
        // so lettre neither encodes nor folds it.
        if !url.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(MailError::permanent("the unsubscribe URL is not printable ASCII"));
        }
        builder = builder
            .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str("List-Unsubscribe"), format!("<{url}>")))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    builder
        // One id per row: a message sent again after a crash mid-send keeps its Message-ID, so mail
        // clients can tell it is the same message.
        .message_id(Some(format!("<{}@{}>", mail.id, from.email.domain())))
        .from(from.clone())
        .to(to)
        .subject(&mail.subject)
        .multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body(&mail.text)))
                .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(body(&mail.html))),
        )
        .map_err(|_| MailError::permanent("the message could not be built"))
}

/// The longest line RFC 5322 allows, without its CRLF.
const MAX_LINE_BYTES: usize = 998;

/// `text` as an 8-bit body: UTF-8 as is, CRLF line endings. lettre's own choice re-encodes any
/// line of 76 bytes or more (most Japanese sentences); the RFC limit for 8-bit is 998. A body
/// that does not fit (a longer line, a NUL or a bare CR) gets lettre's 7-bit-safe encoding.
fn readable_body(text: &str) -> Body {
    let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
    let fits =
        !crlf.contains('\0') && crlf.split("\r\n").all(|line| line.len() <= MAX_LINE_BYTES && !line.contains('\r'));
    if fits {
        Body::dangerous_pre_encoded(crlf.into_bytes(), ContentTransferEncoding::EightBit)
    } else {
        Body::new(text.to_owned())
    }
}

/// SMTP through lettre's pooled async transport.
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

/// How long one SMTP command may take before the attempt counts as failed.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

impl SmtpMailer {
    /// `url` as lettre reads it: `smtp://host:port`, `smtp://…?tls=required` (STARTTLS),
    /// `smtps://user:pass@host:465`. Call inside the Tokio runtime.
    ///
    /// # Errors
    /// An URL lettre refuses; the message does not contain the URL.
    pub fn new(url: &SecretString, from: Mailbox) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose_secret())
            .map_err(|_| anyhow::anyhow!("SMTP_URL is not a URL lettre accepts (smtp://host:port, smtps://user:pass@host:465, smtp://…?tls=required)"))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Self { transport, from })
    }
}

/// A short, storable description of a lettre SMTP error: its class and reply code only.
fn describe(error: &lettre::transport::smtp::Error) -> String {
    let code = error.status().map(|c| format!(" {c}")).unwrap_or_default();
    if error.is_transient() {
        format!("smtp transient error{code}")
    } else if error.is_permanent() {
        format!("smtp permanent error{code}")
    } else if error.is_timeout() {
        "smtp timeout".to_owned()
    } else if error.is_tls() {
        "smtp tls error".to_owned()
    } else {
        "smtp connection error".to_owned()
    }
}

impl Mailer for SmtpMailer {
    fn send<'a>(&'a self, mail: &'a OutgoingMail) -> SendFuture<'a> {
        Box::pin(async move {
            let message = build_message(&self.from, mail, false)?;
            self.transport.send(message).await.map(drop).map_err(|e| MailError::retry(describe(&e)))
        })
    }

    fn kind(&self) -> &'static str {
        "smtp"
    }
}

/// The development transport: each message becomes `<dir>/<id>-<type>.eml`, the full message as
/// it would be sent (8-bit, so a person can read the code in it), and one log line without the
/// body. Row ids are UUID v7, so the file names sort by time.
pub struct FileMailer {
    dir: PathBuf,
    from: Mailbox,
}

impl FileMailer {
    /// # Errors
    /// `dir` cannot be created.
    pub fn new(dir: PathBuf, from: Mailbox) -> anyhow::Result<Self> {
        std::fs::create_dir_all(&dir).with_context(|| format!("create MAIL_DIR {}", dir.display()))?;
        Ok(Self { dir, from })
    }

    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Mailer for FileMailer {
    fn send<'a>(&'a self, mail: &'a OutgoingMail) -> SendFuture<'a> {
        Box::pin(async move {
            let message = build_message(&self.from, mail, true)?;
            let path = self.dir.join(format!("{}-{}.eml", mail.id, mail.mail_type.as_str()));
            let bytes = message.formatted();
            let target = path.clone();
            // Written under a temporary name and renamed, so a reader never sees half a file.
            tokio::task::spawn_blocking(move || {
                let partial = target.with_extension("eml.partial");
                std::fs::write(&partial, bytes)?;
                std::fs::rename(&partial, &target)
            })
            .await
            .map_err(|_| MailError::retry("file transport: the writer thread failed"))?
            .map_err(|e| MailError::retry(format!("file transport: {}", e.kind())))?;
            tracing::info!(
                name: "notify.mail.saved",
                recipient = %mail.to,
                subject = %mail.subject,
                path = %path.display(),
                "notify.mail.saved: mail saved (development transport)"
            );
            Ok(())
        })
    }

    fn kind(&self) -> &'static str {
        "file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(to: &str) -> OutgoingMail {
        OutgoingMail {
            id: Uuid::now_v7(),
            mail_type: MailType::VerificationCode,
            to: to.to_owned(),
            subject: "【巡り】メールアドレスの確認コード".to_owned(),
            text: "hanako さん\n\n確認コード：123456\n".to_owned(),
            html: "<p>123456</p>".to_owned(),
            list_unsubscribe: None,
        }
    }

    fn from() -> Mailbox {
        "Meguri <no-reply@meguri.localhost>".parse().expect("from")
    }

    #[test]
    fn a_readable_message_keeps_its_utf8_text() {
        let outgoing = mail("hanako@example.jp");
        let message = build_message(&from(), &outgoing, true).expect("message");
        let raw = String::from_utf8(message.formatted()).expect("utf-8");
        assert!(raw.contains("確認コード：123456"), "{raw}");
        assert!(raw.contains("Content-Transfer-Encoding: 8bit"));
        assert!(raw.contains("multipart/alternative"));
        assert!(raw.contains("To: hanako@example.jp"));
        assert!(raw.contains(&format!("Message-ID: <{}@meguri.localhost>", outgoing.id)), "{raw}");
    }

    #[test]
    fn long_japanese_lines_stay_readable_in_files() {
        let mut long = mail("hanako@example.jp");
        long.text = format!("{}\n確認コード：123456\n", "巡り".repeat(100));
        let raw = String::from_utf8(build_message(&from(), &long, true).expect("message").formatted()).expect("utf-8");
        assert!(raw.contains(&"巡り".repeat(100)), "{raw}");

        let mut too_long = mail("hanako@example.jp");
        too_long.text = "あ".repeat(400);
        let raw = build_message(&from(), &too_long, true).expect("message").formatted();
        assert!(raw.is_ascii(), "a line over 998 bytes is encoded");
    }

    #[test]
    fn an_optional_mail_carries_the_one_click_unsubscribe_headers_and_a_transactional_one_none() {
        let mut optional = mail("hanako@example.jp");
        let url = format!("https://meguri.example/api/unsubscribe?token={}", "A1-_b".repeat(13));
        optional.list_unsubscribe = Some(url.clone());
        for readable in [true, false] {
            let raw = String::from_utf8(build_message(&from(), &optional, readable).expect("message").formatted())
                .expect("utf-8");
            let lines: Vec<&str> = raw.split("\r\n").collect();
            assert!(lines.contains(&format!("List-Unsubscribe: <{url}>").as_str()), "{raw}");
            assert!(lines.contains(&"List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{raw}");
        }
        let raw = String::from_utf8(build_message(&from(), &mail("h@example.jp"), true).expect("m").formatted())
            .expect("utf-8");
        assert!(!raw.contains("List-Unsubscribe"), "{raw}");

        optional.list_unsubscribe = Some("https://x/\r\nBcc: evil@example.jp".to_owned());
        assert!(build_message(&from(), &optional, true).expect_err("refused").permanent);
    }

    #[test]
    fn an_smtp_message_is_seven_bit() {
        let message = build_message(&from(), &mail("hanako@example.jp"), false).expect("message");
        assert!(message.formatted().is_ascii());
    }

    #[test]
    fn an_invalid_recipient_is_a_permanent_failure() {
        let error = build_message(&from(), &mail("not an address"), true).expect_err("invalid");
        assert!(error.permanent);
        assert_eq!(error.message, "invalid recipient address");
    }
}
