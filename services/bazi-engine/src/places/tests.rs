use std::collections::HashSet;
use std::str::FromStr;
use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::*;

fn labels(query: &str, limit: usize) -> Vec<String> {
    search(query, limit).iter().map(|p| p.label()).collect()
}

fn top(query: &str) -> &'static Place {
    match search(query, 5).first() {
        Some(p) => p,
        None => panic!("no result for {query:?}"),
    }
}

fn assert_point(p: &Place, lon: f64, lat: f64) {
    assert!(
        (p.longitude - lon).abs() < 1e-6 && (p.latitude - lat).abs() < 1e-6,
        "{}: ({}, {}) != ({lon}, {lat})",
        p.label(),
        p.longitude,
        p.latitude
    );
}

// ---- the examples of DATA-SOURCES.md §1.4

#[test]
fn tokyo_in_kanji_kana_and_romaji_finds_the_prefecture_first() {
    for q in ["東京", "とうきょう", "tokyo", "Tokyo", "ＴＯＫＹＯ", "トウキョウ", "東京都"] {
        let p = top(q);
        assert_eq!(p.label(), "東京都, 日本", "query {q:?}");
        assert_point(p, 139.7035494, 35.6938401);
    }
}

#[test]
fn osaka_city_comes_before_its_wards() {
    let got = labels("大阪市", 3);
    assert_eq!(got, ["大阪市, 大阪府, 日本", "大阪市都島区, 大阪府, 日本", "大阪市福島区, 大阪府, 日本"]);
    assert_point(top("大阪市"), 135.5021651, 34.6937378);
}

#[test]
fn osaka_finds_the_prefecture_then_the_city() {
    assert_eq!(labels("大阪", 2), ["大阪府, 日本", "大阪市, 大阪府, 日本"]);
    assert_eq!(labels("おおさか", 2), ["大阪府, 日本", "大阪市, 大阪府, 日本"]);
}

#[test]
fn sapporo_finds_the_city_then_its_wards_on_the_city_point() {
    let got = search("札幌", 5);
    assert_eq!(got[0].label(), "札幌市, 北海道, 日本");
    assert_point(got[0], 141.3543763, 43.0620958);
    assert_eq!(got[1].label(), "札幌市中央区, 北海道, 日本");
    assert_eq!(got[1].kind, PlaceKind::Ward);
    assert!(got[1].approximate);
    assert_eq!(got[1].coord_source, CoordSource::ParentCity);
    assert_point(got[1], 141.3543763, 43.0620958);
}

#[test]
fn naha_without_its_suffix() {
    let p = top("那覇");
    assert_eq!(p.label(), "那覇市, 沖縄県, 日本");
    assert_point(p, 127.6791568, 26.2123124);
    assert_eq!(p.timezone, "Asia/Tokyo");
}

#[test]
fn yokohama_finds_the_city_the_aomori_town_then_the_wards() {
    let got = labels("横浜", 3);
    assert_eq!(got, ["横浜市, 神奈川県, 日本", "横浜町, 青森県, 日本", "横浜市鶴見区, 神奈川県, 日本"]);
    assert_point(search("横浜", 2)[1], 141.2477932, 41.0831467);
}

#[test]
fn seoul_in_katakana() {
    let p = top("ソウル");
    assert_eq!(p.label(), "ソウル, 韓国");
    assert_point(p, 126.9784, 37.566);
    assert_eq!(p.timezone, "Asia/Seoul");
    assert_eq!(p.admin1_ja, "ソウル特別市");
}

#[test]
fn new_york_in_english_and_katakana_is_in_new_york_time() {
    for q in ["New York", "new york", "NEWYORK", "ニューヨーク", "にゅーよーく"] {
        let p = top(q);
        assert_eq!(p.label(), "ニューヨーク, アメリカ合衆国", "query {q:?}");
        assert_eq!(p.timezone, "America/New_York");
        assert_point(p, -74.00597, 40.71427);
        assert_eq!(p.kind, PlaceKind::WorldCity);
    }
}

#[test]
fn london_lists_both_londons_then_londonderry() {
    let got = labels("ロンドン", 3);
    assert_eq!(got[0], "ロンドン, イギリス");
    assert_eq!(got[1], "ロンドン, カナダ");
    assert!(got[2].starts_with("ロンドンデリー"), "{got:?}");
    assert_point(search("ロンドン", 1)[0], -0.12574, 51.50853);
}

#[test]
fn gyoda_is_found_by_its_reading_with_small_kana() {
    let p = top("ぎょうだ");
    assert_eq!(p.label(), "行田市, 埼玉県, 日本");
    assert_eq!(p.kana, "ぎょうだし");
    assert_eq!(p.romaji, "Gyoda-shi");
    assert_point(p, 139.4556427, 36.1389486);
    assert_eq!(top("gyoda").name_ja, "行田市");
    assert_eq!(top("Gyōda").name_ja, "行田市");
}

#[test]
fn paris_then_palikir() {
    let got = labels("パリ", 5);
    assert_eq!(got[0], "パリ, フランス");
    assert!(got.iter().any(|l| l == "パリキール, ミクロネシア連邦"), "{got:?}");
    assert_point(search("パリ", 1)[0], 2.3488, 48.85341);
}

// ---- collisions, wards, labels

#[test]
fn fuchu_shows_both_cities_and_the_town_with_their_prefectures() {
    let got = labels("府中", 5);
    assert!(got.contains(&"府中市, 東京都, 日本".to_string()), "{got:?}");
    assert!(got.contains(&"府中市, 広島県, 日本".to_string()), "{got:?}");
    assert!(got.contains(&"府中町, 広島県, 日本".to_string()), "{got:?}");
    assert_eq!(got[0], "府中市, 東京都, 日本", "the larger city first");
    let full = labels("府中市", 5);
    assert_eq!(full.len(), 2, "{full:?}");
}

#[test]
fn date_city_exists_in_hokkaido_and_fukushima() {
    let got = labels("伊達市", 5);
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got.contains(&"伊達市, 北海道, 日本".to_string()));
    assert!(got.contains(&"伊達市, 福島県, 日本".to_string()));
}

#[test]
fn a_prefecture_or_country_after_a_comma_narrows_the_search() {
    // neither has a GeoNames population: code order (府中市 342076, 府中町 343021)
    assert_eq!(labels("府中, 広島", 5), ["府中市, 広島県, 日本", "府中町, 広島県, 日本"]);
    assert_eq!(labels("伊達、福島県", 5), ["伊達市, 福島県, 日本"]);
    assert_eq!(labels("ロンドン, カナダ", 1), ["ロンドン, カナダ"]);
    assert_eq!(labels("London, ca", 1), ["ロンドン, カナダ"]);
}

#[test]
fn a_ward_is_found_by_its_own_name_and_with_its_city() {
    for q in ["札幌市中央区", "札幌中央区", "さっぽろちゅうおう", "sapporo chuo"] {
        assert_eq!(top(q).label(), "札幌市中央区, 北海道, 日本", "query {q:?}");
    }
    let chuo = labels("中央区", 30);
    assert_eq!(chuo[0], "中央区, 東京都, 日本", "Tokyo's special ward is a municipality");
    assert!(chuo.contains(&"大阪市中央区, 大阪府, 日本".to_string()));
}

#[test]
fn hamamatsu_has_its_wards_of_2024() {
    let got = labels("浜松市", 10);
    assert_eq!(got[0], "浜松市, 静岡県, 日本");
    assert!(got.contains(&"浜松市中央区, 静岡県, 日本".to_string()));
    assert!(got.contains(&"浜松市浜名区, 静岡県, 日本".to_string()));
    assert!(!got.iter().any(|l| l.starts_with("浜松市浜北区")), "{got:?}");
}

#[test]
fn labels_have_the_documented_shapes() {
    assert_eq!(top("東京都").label(), "東京都, 日本");
    assert_eq!(top("大阪市").label(), "大阪市, 大阪府, 日本");
    assert_eq!(top("札幌市中央区").label(), "札幌市中央区, 北海道, 日本");
    assert_eq!(top("ソウル").label(), "ソウル, 韓国");
    assert_eq!(top("New York").label(), "ニューヨーク, アメリカ合衆国");
}

#[test]
fn every_label_is_unique_and_resolves_to_its_place() {
    let mut seen = HashSet::new();
    for p in all() {
        let label = p.label();
        assert!(seen.insert(label.clone()), "duplicate label {label}");
        let back = resolve(&label).map(|r| r as *const Place);
        assert_eq!(back, Some(p as *const Place), "{label}");
    }
}

#[test]
fn resolve_takes_bare_names_too() {
    let cases = [
        ("札幌", "札幌市, 北海道, 日本"),
        ("那覇市", "那覇市, 沖縄県, 日本"),
        ("tokyo", "東京都, 日本"),
        ("とうきょう", "東京都, 日本"),
        ("New York", "ニューヨーク, アメリカ合衆国"),
        ("  府中市,広島県,日本 ", "府中市, 広島県, 日本"),
        ("パリ市", "パリ, フランス"),
        ("東京都新宿区西新宿2-8-1", "新宿区, 東京都, 日本"),
    ];
    for (text, want) in cases {
        assert_eq!(resolve(text).map(Place::label).as_deref(), Some(want), "text {text:?}");
    }
    assert!(resolve("").is_none());
    assert!(resolve("   ").is_none());
}

#[test]
fn readings_fixed_from_japan_post_and_other_readings_are_searchable() {
    assert_eq!(top("ちゃたん").name_ja, "北谷町");
    assert_eq!(top("しじょうなわて").name_ja, "四條畷市");
    // 総務省 reads 真鶴町 まなつる, Japan Post マナヅル: both find it
    assert_eq!(top("まなつる").name_ja, "真鶴町");
    assert_eq!(top("まなづる").name_ja, "真鶴町");
}

#[test]
fn suffix_and_variant_spellings_are_tolerated() {
    assert_eq!(top("鯵ケ沢").name_ja, "鰺ヶ沢町");
    assert_eq!(top("塩釜").name_ja, "塩竈市");
    assert_eq!(top("ｻｯﾎﾟﾛ").name_ja, "札幌市");
    assert_eq!(top("北海道札幌市").name_ja, "札幌市");
}

// ---- the data as a whole

#[test]
fn the_counts_match_the_build() {
    let count = |k: PlaceKind| all().iter().filter(|p| p.kind == k).count();
    assert_eq!(count(PlaceKind::Prefecture), 47);
    assert_eq!(count(PlaceKind::Municipality), 1741);
    assert_eq!(count(PlaceKind::Ward), 171);
    assert!(count(PlaceKind::WorldCity) > 32_000);
    assert!(!all().iter().any(|p| p.name_ja == "色丹村"), "北方領土 villages have no point");
}

#[test]
fn japanese_places_are_in_japan_and_tokyo_time() {
    for p in all().iter().filter(|p| p.is_japan()) {
        assert_eq!(p.timezone, "Asia/Tokyo", "{}", p.label());
        assert!((20.0..46.0).contains(&p.latitude), "{}", p.label());
        assert!((122.0..154.0).contains(&p.longitude), "{}", p.label());
        assert!(!p.kana.is_empty() && !p.romaji.is_empty(), "{}", p.label());
    }
    let gosho = top("五所川原");
    assert_eq!(gosho.coord_source, CoordSource::GeoNames);
    assert!((gosho.latitude - 40.80444).abs() < 1e-6);
}

#[test]
fn every_time_zone_is_known_to_chrono_tz() {
    let zones: HashSet<&str> = all().iter().map(|p| p.timezone).collect();
    for tz in zones {
        assert!(chrono_tz::Tz::from_str(tz).is_ok(), "unknown time zone {tz}");
    }
}

// ---- limits and garbage

#[test]
fn the_limit_is_respected() {
    assert!(search("東京", 0).is_empty());
    assert_eq!(search("s", 1).len(), 1);
    assert_eq!(search("s", 5).len(), 5);
    assert_eq!(search("さ", 40).len(), 40);
    let many = search("a", 1000);
    assert_eq!(many.len(), 1000);
    let distinct: HashSet<*const Place> = many.iter().map(|p| *p as *const Place).collect();
    assert_eq!(distinct.len(), 1000, "no place twice");
}

#[test]
fn small_and_large_limits_rank_the_same() {
    for q in ["さ", "a", "中央", "san"] {
        let small = search(q, 20);
        let large = search(q, 200);
        assert!(!small.is_empty());
        assert_eq!(small[..], large[..small.len()], "query {q:?}");
    }
}

#[test]
fn japanese_places_rank_before_foreign_ones_of_the_same_class() {
    let got = search("さ", 10);
    assert!(got[0].is_japan(), "{:?}", got[0].label());
}

#[test]
fn empty_blank_and_garbage_queries_find_nothing_quickly() {
    let long = "あ".repeat(10_000);
    let emoji = "🙂🙃".repeat(500);
    let queries = ["", "   ", "\u{3000}\t\n", ",,,", "🙂", "\u{0}\u{1}\u{7f}", "-・=", &long, &emoji];
    let started = Instant::now();
    for q in queries {
        assert!(search(q, 5).len() <= 5);
    }
    assert!(search("", 5).is_empty());
    assert!(search("   ", 5).is_empty());
    assert!(search("🙂", 5).is_empty());
    assert!(search("\u{0}\u{1}", 5).is_empty());
    assert!(resolve("\u{0}").is_none());
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
}

proptest! {
    #[test]
    fn search_never_panics(q in any::<String>(), limit in 0usize..50) {
        let got = search(&q, limit);
        prop_assert!(got.len() <= limit);
    }

    #[test]
    fn search_never_panics_on_japanese_like_text(q in "[ぁ-ゖァ-ヺー一-龥ｦ-ﾟ０-ｚ a-zA-Z、,・-]{0,120}") {
        prop_assert!(search(&q, 5).len() <= 5);
        let _ = resolve(&q);
    }

    #[test]
    fn normalising_twice_changes_nothing(q in any::<String>()) {
        let once = normalize(&q);
        prop_assert_eq!(normalize(&once), once);
    }
}
