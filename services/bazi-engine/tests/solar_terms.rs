//! Solar-term instants against `solar-terms-every-5th-year.csv` (JPL DE423 through Skyfield):
//! TT within 1 s for every year (pure astronomy), UT1 within 1 s for 1900–2025 (observed ΔT).

mod common;
use bazi_engine::astro::{self, TERM_NAMES};
use bazi_engine::time::jd_of_naive;
use chrono::NaiveDateTime;

fn jd(s: &str) -> f64 {
    let t =
        NaiveDateTime::parse_from_str(s.trim_end_matches('Z'), "%Y-%m-%dT%H:%M:%S%.f").expect("reference timestamp");
    jd_of_naive(t)
}

/// The reference names are Simplified Chinese; the engine speaks Japanese.
fn japanese(name: &str) -> &str {
    match name {
        "惊蛰" => "啓蟄",
        "谷雨" => "穀雨",
        "小满" => "小満",
        "芒种" => "芒種",
        "处暑" => "処暑",
        other => other,
    }
}

#[test]
fn every_term_agrees_with_the_reference_within_one_second() {
    let text = common::read_fixture("solar-terms-every-5th-year.csv");
    let (mut n, mut worst_tt, mut worst_ut1, mut sum_tt) = (0, 0.0f64, 0.0f64, 0.0f64);
    let mut failures = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (name, lon, utc, tt) = (japanese(f[0]), f[1].parse::<u32>().expect("longitude"), f[3], f[4]);
        let year: i32 = utc[..4].parse().expect("year");
        let index = ((lon + 360 - 285) % 360 / 15) as usize;
        assert_eq!(TERM_NAMES[index], name, "{line}");
        // The reference lists a term under the year of its UTC date; 小寒 is always in January.
        let term = astro::term_instant(year, index).expect("supported year");
        let d_tt = (term.jd_tt - jd(tt)) * 86_400.0;
        let d_ut1 = (term.jd_ut1() - jd(utc)) * 86_400.0;
        worst_tt = worst_tt.max(d_tt.abs());
        sum_tt += d_tt;
        if d_tt.abs() > 1.0 {
            failures.push(format!("{line}: TT off by {d_tt:.3} s"));
        }
        if year <= 2025 {
            worst_ut1 = worst_ut1.max(d_ut1.abs());
            if d_ut1.abs() > 1.0 {
                failures.push(format!("{line}: UT1 off by {d_ut1:.3} s"));
            }
        }
        n += 1;
    }
    println!(
        "{n} terms: TT worst {worst_tt:.3} s, mean {:.3} s; UT1 (1900–2025) worst {worst_ut1:.3} s",
        sum_tt / n as f64
    );
    assert_eq!(n, 984);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
