//! The settings of an OpenAI-compatible chat endpoint, read one way by every service that may
//! write with an LLM (fortune-gen's readings, chat's replies): the same variable names, the same
//! rule for when the LLM is on, the same default model. The client itself stays in each service
//! (each asks the model for something different).

use meguri_server::Env;
use secrecy::SecretString;

/// The model used when `OPENAI_MODEL` is not set.
pub const DEFAULT_MODEL: &str = "gpt-4o-mini";

/// An OpenAI-compatible chat endpoint. Present only when both `OPENAI_API_KEY` and
/// `OPENAI_BASE_URL` are set.
#[derive(Clone, Debug)]
pub struct LlmConfig {
    /// `OPENAI_BASE_URL`, e.g. `https://api.openai.com/v1` (the API root; `/chat/completions` is
    /// appended), without a trailing slash.
    pub base_url: String,
    /// `OPENAI_API_KEY`.
    pub api_key: SecretString,
    /// `OPENAI_MODEL` (default [`DEFAULT_MODEL`]).
    pub model: String,
}

/// Reads `OPENAI_BASE_URL`, `OPENAI_API_KEY` and `OPENAI_MODEL`: `None` (the built-in writer)
/// unless both the URL and the key are set; a URL that is not `http(s)://…` is a problem listed
/// with the others.
pub fn read(env: &mut Env<'_>) -> Option<LlmConfig> {
    match (env.read("OPENAI_BASE_URL"), env.read("OPENAI_API_KEY")) {
        (Some(base_url), Some(key)) if base_url.starts_with("http://") || base_url.starts_with("https://") => {
            Some(LlmConfig {
                base_url: base_url.trim_end_matches('/').to_owned(),
                api_key: SecretString::from(key),
                model: env.read("OPENAI_MODEL").unwrap_or_else(|| DEFAULT_MODEL.to_owned()),
            })
        }
        (Some(_), Some(_)) => {
            env.problem("OPENAI_BASE_URL (expected http(s)://…)".to_owned());
            None
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use secrecy::ExposeSecret as _;

    use super::*;

    fn llm(vars: &[(&str, &str)]) -> (Option<LlmConfig>, Vec<String>) {
        let lookup = meguri_server::lookup_of(vars);
        let mut env = Env::new(&lookup);
        let config = read(&mut env);
        (config, env.problems().to_vec())
    }

    #[test]
    fn the_llm_is_off_unless_both_the_key_and_the_base_url_are_set() {
        assert!(llm(&[]).0.is_none());
        assert!(llm(&[("OPENAI_API_KEY", "sk-test")]).0.is_none());
        assert!(llm(&[("OPENAI_BASE_URL", "http://llm:8000/v1")]).0.is_none());
    }

    #[test]
    fn a_configured_llm_keeps_its_key_secret_and_trims_the_url() {
        let (config, problems) =
            llm(&[("OPENAI_API_KEY", "sk-test"), ("OPENAI_BASE_URL", "http://llm:8000/v1/"), ("OPENAI_MODEL", "m")]);
        assert!(problems.is_empty());
        let config = config.expect("configured");
        assert_eq!(config.base_url, "http://llm:8000/v1");
        assert_eq!(config.model, "m");
        assert_eq!(config.api_key.expose_secret(), "sk-test");
        assert!(!format!("{config:?}").contains("sk-test"));
        let (config, _) = llm(&[("OPENAI_API_KEY", "k"), ("OPENAI_BASE_URL", "https://api.openai.com/v1")]);
        assert_eq!(config.expect("configured").model, DEFAULT_MODEL);
    }

    #[test]
    fn a_base_url_that_is_not_http_is_a_problem() {
        let (config, problems) = llm(&[("OPENAI_API_KEY", "k"), ("OPENAI_BASE_URL", "llm:8000")]);
        assert!(config.is_none());
        assert_eq!(problems, ["OPENAI_BASE_URL (expected http(s)://…)"]);
    }
}
