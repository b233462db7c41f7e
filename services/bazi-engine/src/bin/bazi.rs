//! `bazi` — the engine on the command line. JSON on stdout; Japanese errors on stderr and a
//! non-zero exit status on bad input.
//!
//! ```text
//! bazi chart --date 1990-05-15 [--time 14:30] [--place 札幌] [--lon 141.35 --lat 43.06]
//!            [--tz Asia/Tokyo | --offset 540] [--mode standard|mean|apparent]
//!            [--zi split|next_day] [--gender male|female] [--dst earlier|later|standard]
//! bazi terms --year 2026
//! bazi almanac --date 2026-11-21 | --from 2026-11-01 --to 2026-11-30
//! bazi places 大阪 [--limit 5]
//! bazi batch < births.jsonl > charts.jsonl
//! ```

use bazi_engine::input::{BirthInput, RawBirthInput, parse_date};
use bazi_engine::{EngineError, batch, chart};
use serde::Serialize;
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::process::ExitCode;

const USAGE: &str = "使い方:
  bazi chart --date YYYY-MM-DD [--time HH:MM] [--place 地名] [--lon 経度 --lat 緯度]
             [--tz IANA名 | --offset 分] [--mode standard|mean|apparent] [--zi split|next_day]
             [--gender male|female] [--dst earlier|later|standard]
  bazi terms --year YYYY
  bazi almanac --date YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD
  bazi places 検索語 [--limit N]
  bazi batch   (標準入力の JSON Lines を1行ずつ処理)";

/// A failure to report: the message goes to stderr, the code decides the exit status.
struct Failure {
    message: String,
    code: &'static str,
}

impl From<EngineError> for Failure {
    fn from(e: EngineError) -> Self {
        Failure { message: e.to_string(), code: e.code() }
    }
}

fn usage(message: impl Into<String>) -> Failure {
    Failure { message: format!("{}\n\n{USAGE}", message.into()), code: "USAGE" }
}

/// `--name value` pairs plus positional words.
struct Args {
    flags: HashMap<String, String>,
    words: Vec<String>,
}

impl Args {
    fn parse(raw: &[String], allowed: &[&str]) -> Result<Args, Failure> {
        let mut flags = HashMap::new();
        let mut words = Vec::new();
        let mut it = raw.iter();
        while let Some(a) = it.next() {
            if let Some(name) = a.strip_prefix("--") {
                if !allowed.contains(&name) {
                    return Err(usage(format!("不明なオプションです: --{name}")));
                }
                let value = it.next().ok_or_else(|| usage(format!("--{name} に値を指定してください")))?;
                if flags.insert(name.to_owned(), value.clone()).is_some() {
                    return Err(usage(format!("--{name} が2回指定されています")));
                }
            } else {
                words.push(a.clone());
            }
        }
        Ok(Args { flags, words })
    }
    fn get(&self, name: &str) -> Option<String> {
        self.flags.get(name).cloned()
    }
    fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, Failure> {
        self.flags
            .get(name)
            .map(|v| v.trim().parse::<T>().map_err(|_| usage(format!("--{name} には数値を指定してください: {v}"))))
            .transpose()
    }
}

fn print_json<T: Serialize>(value: &T) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|_| Failure { message: "出力の生成に失敗しました".into(), code: "INTERNAL" })?;
    // A closed pipe (`bazi terms … | head`) is not an error worth a panic.
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    Ok(())
}

fn cmd_chart(raw: &[String]) -> Result<(), Failure> {
    let a = Args::parse(raw, &["date", "time", "place", "lon", "lat", "tz", "offset", "mode", "zi", "gender", "dst"])?;
    if !a.words.is_empty() {
        return Err(usage(format!("余分な引数があります: {}", a.words.join(" "))));
    }
    if a.get("date").is_none() {
        return Err(usage("--date（生年月日）を指定してください"));
    }
    let raw = RawBirthInput {
        birth_date: a.get("date"),
        birth_time: a.get("time"),
        place: a.get("place"),
        timezone: a.get("tz"),
        utc_offset_minutes: a.number("offset")?,
        longitude: a.number("lon")?,
        latitude: a.number("lat")?,
        gender: a.get("gender"),
        mode: a.get("mode"),
        zi: a.get("zi"),
        dst_choice: a.get("dst"),
        ..Default::default()
    };
    let input = BirthInput::parse(&raw)?;
    print_json(&chart::calculate(&input)?)
}

fn cmd_terms(raw: &[String]) -> Result<(), Failure> {
    let a = Args::parse(raw, &["year"])?;
    let year: i32 = a.number("year")?.ok_or_else(|| usage("--year を指定してください"))?;
    print_json(&chart::terms_of_year(year)?)
}

fn cmd_almanac(raw: &[String]) -> Result<(), Failure> {
    let a = Args::parse(raw, &["date", "from", "to"])?;
    match (a.get("date"), a.get("from"), a.get("to")) {
        (Some(d), None, None) => print_json(&bazi_engine::almanac::day(parse_date(&d)?)?),
        (None, Some(f), Some(t)) => print_json(&bazi_engine::almanac::range(parse_date(&f)?, parse_date(&t)?)?),
        _ => Err(usage("--date か、--from と --to の組を指定してください")),
    }
}

/// A place as `bazi places` prints it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlaceView {
    label: String,
    longitude: f64,
    latitude: f64,
    time_zone: &'static str,
    approximate: bool,
}

fn cmd_places(raw: &[String]) -> Result<(), Failure> {
    let a = Args::parse(raw, &["limit"])?;
    let limit: usize = a.number("limit")?.unwrap_or(5);
    if !(1..=50).contains(&limit) {
        return Err(usage("--limit は 1〜50 で指定してください"));
    }
    let query = a.words.join(" ");
    if query.trim().is_empty() {
        return Err(usage("検索する地名を指定してください"));
    }
    let found: Vec<PlaceView> = bazi_engine::places::search(&query, limit)
        .into_iter()
        .map(|p| PlaceView {
            label: p.label(),
            longitude: p.longitude,
            latitude: p.latitude,
            time_zone: p.timezone,
            approximate: p.approximate,
        })
        .collect();
    print_json(&found)
}

fn cmd_batch() -> Result<(), Failure> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let line = line.unwrap_or_else(|_| String::from("\u{fffd}"));
        let answer = batch::answer_line(&line);
        if serde_json::to_writer(&mut out, &answer).is_err() {
            return Ok(());
        }
        if out.write_all(b"\n").is_err() {
            // The reader went away (a closed pipe): stop quietly.
            return Ok(());
        }
    }
    let _ = out.flush();
    Ok(())
}

fn run(args: &[String]) -> Result<(), Failure> {
    let Some((command, rest)) = args.split_first() else {
        return Err(usage("コマンドを指定してください"));
    };
    match command.as_str() {
        "chart" => cmd_chart(rest),
        "terms" => cmd_terms(rest),
        "almanac" => cmd_almanac(rest),
        "places" => cmd_places(rest),
        "batch" => cmd_batch(),
        "-h" | "--help" | "help" => {
            let _ = writeln!(std::io::stdout(), "{USAGE}");
            Ok(())
        }
        other => Err(usage(format!("不明なコマンドです: {other}"))),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("エラー: {} ({})", f.message, f.code);
            ExitCode::from(if f.code == "USAGE" { 64 } else { 2 })
        }
    }
}
