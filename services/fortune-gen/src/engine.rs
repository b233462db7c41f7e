//! Who writes the texts: the built-in generator (`fortune-reading`) or an LLM.
//!
//! [`ReadingEngine`] has two implementations. [`Builtin`] is pure and never fails. [`Llm`] asks
//! an OpenAI-compatible chat endpoint (async-openai) for the texts only, giving it the chart facts
//! and the built-in reading's reasons; the reasons, key words and important dates always come from
//! the built-in reading, so they are grounded in the facts whatever the model writes. [`Engines`]
//! wraps them: any LLM error, an answer that fails the checks of `domain::llm_output`, or the
//! deadline falls back to the built-in text (counted in `meguri_fortune_gen_llm_fallbacks_total`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_openai::Client;
use async_openai::config::OpenAIConfig;
use async_openai::types::chat::{
    ChatCompletionRequestSystemMessage, ChatCompletionRequestUserMessage, CreateChatCompletionRequestArgs,
    ResponseFormat,
};
use fortune_reading::{DailyReading, DayFacts, History, ImportantDate, LifeFacts, Natal, Report, Section, YearFacts};
use secrecy::ExposeSecret as _;
use serde::Serialize;

use crate::config::LlmConfig;
use crate::domain::llm_output::{self, Rejected};

/// Which engine wrote a text (stored with it, and sent as `engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    Builtin,
    Llm,
}

impl EngineKind {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Builtin => "builtin",
            Self::Llm => "llm",
        }
    }
}

/// What a daily reading is written from.
#[derive(Clone, Debug, Serialize)]
pub struct DailyInput {
    pub natal: Natal,
    pub day: DayFacts,
    pub history: History,
    #[serde(skip)]
    pub seed: u64,
}

/// What a report is written from.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ReportInput {
    Yearly { natal: Natal, year: Box<YearFacts> },
    Life { natal: Natal, life: LifeFacts },
}

/// Why an engine gave no text.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("LLM request failed: {0}")]
    Request(#[from] async_openai::error::OpenAIError),
    #[error("LLM answer refused: {0}")]
    Invalid(#[from] Rejected),
    #[error("LLM answer had no text")]
    Empty,
}

impl EngineError {
    /// The `reason` label of the fallback metric.
    #[must_use]
    pub const fn reason(&self) -> &'static str {
        match self {
            Self::Request(_) => "error",
            Self::Invalid(_) | Self::Empty => "invalid",
        }
    }
}

/// Writes readings and reports.
#[tonic::async_trait]
pub trait ReadingEngine: Send + Sync {
    fn kind(&self) -> EngineKind;
    /// # Errors
    /// The engine could not write an acceptable text.
    async fn daily(&self, input: &DailyInput) -> Result<DailyReading, EngineError>;
    /// # Errors
    /// The engine could not write an acceptable text.
    async fn report(&self, input: &ReportInput) -> Result<Report, EngineError>;
}

/// The built-in Japanese generator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Builtin;

impl Builtin {
    #[must_use]
    pub fn daily_now(input: &DailyInput) -> DailyReading {
        fortune_reading::daily(&input.natal, &input.day, &input.history, input.seed)
    }

    #[must_use]
    pub fn report_now(input: &ReportInput) -> Report {
        match input {
            ReportInput::Yearly { natal, year } => fortune_reading::yearly(natal, year),
            ReportInput::Life { natal, life } => fortune_reading::life(natal, life),
        }
    }
}

#[tonic::async_trait]
impl ReadingEngine for Builtin {
    fn kind(&self) -> EngineKind {
        EngineKind::Builtin
    }

    async fn daily(&self, input: &DailyInput) -> Result<DailyReading, EngineError> {
        Ok(Self::daily_now(input))
    }

    async fn report(&self, input: &ReportInput) -> Result<Report, EngineError> {
        Ok(Self::report_now(input))
    }
}

const DAILY_SYSTEM: &str = "あなたは四柱推命の鑑定士です。渡された命式（natal）と今日の事実（day）、\
それを読み解いた根拠（reasons）だけに基づいて、今日の運勢を日本語で書いてください。\
出力は次の形のJSONオブジェクトだけにします: \
{\"lines\": [\"一言運勢（1〜2文）\"], \"dos\": [\"今日おすすめの行動\"], \"donts\": [\"今日避けたい行動\"]}。\
lines は1〜2個、それぞれ80文字以内で「|」や改行を含めないこと。dos と donts はそれぞれ3〜5個の短い句（30文字以内）。\
avoid_lines にある文と同じ文は使わず、avoid_words の言葉はなるべく避けること。\
根拠にない吉凶を断定せず、医療・お金・法律の断定的な助言はしないこと。\
hour_dependent が true の根拠は、出生時刻が不明なため12:00と仮定して出したものなので、それだけを理由に吉凶を言い切らないこと。";

const REPORT_SYSTEM: &str = "あなたは四柱推命の鑑定士です。渡された命式（natal）と期間の事実（facts）、\
下書き（draft）の見出しと重要な日付だけに基づいて、日本語の鑑定レポートを書いてください。\
出力は次の形のJSONオブジェクトだけにします: \
{\"title\": \"タイトル（60文字以内）\", \"sections\": [{\"heading\": \"見出し（40文字以内）\", \"body\": \"本文（段落は空行で区切る、2000文字以内）\"}]}。\
sections は1〜8個。事実にない吉凶を断定せず、医療・お金・法律の断定的な助言はしないこと。\
natal.time_known が false のときは時柱を読み解きに使わないこと。";

/// An OpenAI-compatible chat endpoint.
pub struct Llm {
    client: Client<OpenAIConfig>,
    model: String,
}

impl Llm {
    #[must_use]
    pub fn new(config: &LlmConfig) -> Self {
        let openai = OpenAIConfig::new()
            .with_api_base(config.base_url.clone())
            .with_api_key(config.api_key.expose_secret().to_owned());
        Self { client: Client::with_config(openai), model: config.model.clone() }
    }

    async fn ask(&self, system: &str, user: String, max_tokens: u32) -> Result<String, EngineError> {
        let request = CreateChatCompletionRequestArgs::default()
            .model(self.model.clone())
            .messages([
                ChatCompletionRequestSystemMessage::from(system).into(),
                ChatCompletionRequestUserMessage::from(user).into(),
            ])
            .response_format(ResponseFormat::JsonObject)
            .max_completion_tokens(max_tokens)
            .build()?;
        let response = self.client.chat().create(request).await?;
        response.choices.into_iter().next().and_then(|c| c.message.content).ok_or(EngineError::Empty)
    }
}

#[derive(Serialize)]
struct DailyPrompt<'a> {
    natal: &'a Natal,
    day: &'a DayFacts,
    reasons: &'a [fortune_reading::Reason],
    avoid_lines: Vec<&'a str>,
    avoid_words: Vec<&'a str>,
}

#[derive(Serialize)]
struct ReportPrompt<'a> {
    #[serde(flatten)]
    facts: &'a ReportInput,
    draft: DraftOutline<'a>,
}

#[derive(Serialize)]
struct DraftOutline<'a> {
    title: &'a str,
    headings: Vec<&'a str>,
    important_dates: &'a [ImportantDate],
}

#[tonic::async_trait]
impl ReadingEngine for Llm {
    fn kind(&self) -> EngineKind {
        EngineKind::Llm
    }

    async fn daily(&self, input: &DailyInput) -> Result<DailyReading, EngineError> {
        let draft = Builtin::daily_now(input);
        let prompt = DailyPrompt {
            natal: &input.natal,
            day: &input.day,
            reasons: &draft.reasons,
            avoid_lines: input.history.recent_lines.iter().map(String::as_str).collect(),
            avoid_words: input.history.recent_words.iter().map(String::as_str).collect(),
        };
        let user = serde_json::to_string(&prompt).map_err(|_| EngineError::Empty)?;
        let answer = self.ask(DAILY_SYSTEM, user, 1000).await?;
        let text = llm_output::parse_daily(&answer, &input.history.recent_lines)?;
        Ok(DailyReading { lines: text.lines, dos: text.dos, donts: text.donts, ..draft })
    }

    async fn report(&self, input: &ReportInput) -> Result<Report, EngineError> {
        let draft = Builtin::report_now(input);
        let prompt = ReportPrompt {
            facts: input,
            draft: DraftOutline {
                title: &draft.title,
                headings: draft.sections.iter().map(|s| s.heading.as_str()).collect(),
                important_dates: &draft.important_dates,
            },
        };
        let user = serde_json::to_string(&prompt).map_err(|_| EngineError::Empty)?;
        let answer = self.ask(REPORT_SYSTEM, user, 4000).await?;
        let text = llm_output::parse_report(&answer)?;
        Ok(Report {
            title: text.title,
            sections: text.sections.into_iter().map(|s| Section { heading: s.heading, body: s.body }).collect(),
            important_dates: draft.important_dates,
            hour_dependent: draft.hour_dependent,
        })
    }
}

/// The built-in engine, and the LLM when configured, with the fallback rule.
#[derive(Clone)]
pub struct Engines {
    llm: Option<Arc<dyn ReadingEngine>>,
    deadline: Duration,
}

impl Engines {
    /// `llm`: `None` writes everything with the built-in generator.
    #[must_use]
    pub fn new(llm: Option<Arc<dyn ReadingEngine>>, deadline: Duration) -> Self {
        Self { llm, deadline }
    }

    #[must_use]
    pub fn from_config(llm: Option<&LlmConfig>, deadline: Duration) -> Self {
        Self::new(llm.map(|c| Arc::new(Llm::new(c)) as Arc<dyn ReadingEngine>), deadline)
    }

    /// Awaits an LLM call within the deadline; `None` when it failed or took too long.
    async fn guarded<T>(
        &self,
        what: &'static str,
        call: impl std::future::Future<Output = Result<T, EngineError>>,
    ) -> Option<T> {
        let started = Instant::now();
        let outcome = tokio::time::timeout(self.deadline, call).await;
        crate::metrics::llm_duration(what, started.elapsed());
        match outcome {
            Ok(Ok(value)) => Some(value),
            Ok(Err(error)) => {
                tracing::warn!(name: "fortune_gen.llm.fallback", what, reason = error.reason(), error = %error, "LLM text refused; using the built-in text");
                crate::metrics::llm_fallback(what, error.reason());
                None
            }
            Err(_) => {
                tracing::warn!(name: "fortune_gen.llm.fallback", what, reason = "timeout", "LLM took too long; using the built-in text");
                crate::metrics::llm_fallback(what, "timeout");
                None
            }
        }
    }

    /// The day's reading and who wrote it.
    pub async fn daily(&self, input: &DailyInput) -> (DailyReading, EngineKind) {
        let llm = match &self.llm {
            Some(llm) => self.guarded("daily", llm.daily(input)).await,
            None => None,
        };
        match llm {
            Some(reading) => (reading, EngineKind::Llm),
            None => (Builtin::daily_now(input), EngineKind::Builtin),
        }
    }

    /// A report and who wrote it.
    pub async fn report(&self, input: &ReportInput) -> (Report, EngineKind) {
        let what = match input {
            ReportInput::Yearly { .. } => "yearly",
            ReportInput::Life { .. } => "life",
        };
        let llm = match &self.llm {
            Some(llm) => self.guarded(what, llm.report(input)).await,
            None => None,
        };
        match llm {
            Some(report) => (report, EngineKind::Llm),
            None => (Builtin::report_now(input), EngineKind::Builtin),
        }
    }
}
