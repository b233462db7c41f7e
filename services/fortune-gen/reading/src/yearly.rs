//! The yearly report: the year pillar against the chart, then month by month from 立春.

use chrono::Datelike;

use crate::facts::{Natal, Relation, Transit, YearFacts};
use crate::narrate::{
    WIND, clashes_day, element_hint, elements_in, join_elements, main_relation, paragraphs, relation_clause,
    relation_note, relation_sentence, relations, stage_band, stage_sentence, support_sentence, ten_god,
};
use crate::phrases::facts::{StageBand, element_text, position_area};
use crate::{ImportantDate, Report, Section};

/// Important months shown: at least three, at most eight.
const MIN_DATES: usize = 3;
const MAX_DATES: usize = 8;
/// A month scoring at or beyond ± this is a tailwind or a caution month.
const NOTABLE: f64 = 0.4;

pub(crate) fn build(natal: &Natal, year: &YearFacts) -> Report {
    let yt = &year.year_transit;
    let (ys, yb) = &yt.pillar;
    Report {
        title: format!("{}年（{ys}{yb}）の運勢", year.year),
        sections: vec![
            Section { heading: "一年の流れ".to_owned(), body: flow(natal, year) },
            Section { heading: "仕事・お金".to_owned(), body: work(natal, yt) },
            Section { heading: "人間関係・恋愛".to_owned(), body: love(natal, yt) },
            Section { heading: "健康・暮らし".to_owned(), body: health(natal, yt) },
            Section { heading: "月ごとの流れ".to_owned(), body: months(natal, year) },
            Section { heading: "開運のヒント".to_owned(), body: hints(natal, yt) },
        ],
        important_dates: important_months(natal, year),
        hour_dependent: crate::narrate::report_hour_dependent(natal),
    }
}

fn flow(natal: &Natal, year: &YearFacts) -> String {
    let yt = &year.year_transit;
    let (ys, yb) = &yt.pillar;
    let mut opening = format!(
        "{}年は{ys}{yb}の年です。年干「{ys}」はあなたの日主「{}」から見て{}にあたります。",
        year.year, natal.day_master, yt.stem_ten_god
    );
    if let Some(tg) = ten_god(yt) {
        opening.push_str(tg.year_flow);
    }

    let rels = relations(natal, yt);
    let mut meeting: String = rels.iter().take(3).map(|r| relation_sentence("年", yt, r, "年")).collect();
    if yt.kong_wang {
        meeting.push_str(&format!(
            "また、年支「{yb}」はあなたの空亡にあたるため、大きな決断は時間をかけて見極めると安心です。"
        ));
    }
    if meeting.is_empty() {
        meeting = "年の干支とあなたの命式の間に目立つ合や冲はなく、大きな波に振り回されにくい一年です。".to_owned();
    }

    let mut tone = support_sentence(natal, yt, "年");
    tone.extend(stage_sentence(yt, "一年"));

    let luck = year.luck.as_ref().map_or_else(String::new, |l| {
        let (ls, lb) = &l.pillar;
        let within = ten_god(l)
            .map_or_else(|| "の中にあります。".to_owned(), |tg| format!("の中にあり、{}の途中にあたります。", tg.luck));
        format!(
            "この年は大運「{ls}{lb}」（{}）{within}大運の大きな流れの上に、一年の波が重なると考えてください。",
            l.stem_ten_god
        )
    });
    paragraphs(vec![opening, meeting, tone, luck])
}

/// The first relation with the natal pillar at `position`.
fn at<'a>(rels: &[&'a Relation], position: &str) -> Option<&'a Relation> {
    rels.iter().find(|r| r.natal_position == position).copied()
}

fn work(natal: &Natal, yt: &Transit) -> String {
    let base = ten_god(yt).map_or("", |tg| tg.year_work).to_owned();
    let rels = relations(natal, yt);
    let office = at(&rels, "month").map_or_else(String::new, |r| {
        let clause = relation_clause("年", yt, r);
        if r.favorable {
            format!("{clause}職場や仕事仲間との協力が得やすい年です。")
        } else {
            format!("{clause}職場の環境や役割に変化が起きやすいので、早めに準備しておくと安心です。")
        }
    });
    let money = if yt.support >= WIND {
        "お金の面でも追い風があり、これまでの工夫が実りやすいでしょう。"
    } else if yt.support <= -WIND {
        "お金の面では、大きな出費の前にひと呼吸おくと安心です。"
    } else {
        "お金の面は大きな波が少なく、計画どおりに進めやすいでしょう。"
    };
    paragraphs(vec![base, format!("{office}{money}")])
}

fn love(natal: &Natal, yt: &Transit) -> String {
    let base = ten_god(yt).map_or("", |tg| tg.year_love).to_owned();
    let rels = relations(natal, yt);
    let mut near = at(&rels, "day").map_or_else(String::new, |r| {
        let clause = relation_clause("年", yt, r);
        if r.favorable {
            format!("{clause}恋愛や結婚、身近な人とのご縁が深まりやすい年です。")
        } else {
            format!("{clause}身近な人との関係に変化が出やすい年です。気持ちを言葉にして伝えることを大切にしましょう。")
        }
    });
    if let Some(r) = at(&rels, "year") {
        let clause = relation_clause("年", yt, r);
        near.push_str(&if r.favorable {
            format!("{clause}家族や昔からの仲間との絆も深まりそうです。")
        } else {
            format!("{clause}家族や親族のことで気をもむ場面があるかもしれません。")
        });
    }
    if near.is_empty() {
        near = "身近な人との関係は落ち着いていて、自分から動いた分だけ縁が育っていく年です。".to_owned();
    }
    paragraphs(vec![base, near])
}

fn health(natal: &Natal, yt: &Transit) -> String {
    let rhythm = match stage_band(yt) {
        Some(StageBand::Peak) => "エネルギーが充実する一年ですが、張り切りすぎて休むのを忘れないようにしましょう。",
        Some(StageBand::Rising) => "少しずつ力が育っていく一年です。生活のリズムを整えるほど、調子が上がっていきます。",
        Some(StageBand::Shifting) => "気持ちや環境が揺れやすい一年です。休む日をあらかじめ決めておくと安心です。",
        Some(StageBand::Quiet) | None => {
            "無理のきかない時期もある一年です。睡眠と食事を大切に、ペースを落とす勇気を持ちましょう。"
        }
    };
    let strong = elements_in(yt, &natal.unfavorable);
    let care = strong.first().or(natal.unfavorable.first()).map_or_else(String::new, |&e| {
        let why = if strong.is_empty() { "あなたの命式では" } else { "今年は" };
        format!("{why}{}の気が強まりやすいので、{}。", e.kanji(), element_text(e).care)
    });
    let home = if relations(natal, yt).iter().any(|r| clashes_day(r) && r.kind == "clash") {
        "日支との冲があるため、引っ越しや住まいの変化が起こりやすい年でもあります。慌てず準備を進めましょう。"
    } else {
        "暮らしの面では、身の回りを心地よく整えることが運気の土台になります。"
    };
    paragraphs(vec![
        format!("{rhythm}{care}"),
        format!("{home}気になる不調があるときは、自己判断せず早めに専門家に相談してください。"),
    ])
}

/// A month's start as `2月4日`.
fn month_day(date: chrono::NaiveDate) -> String {
    format!("{}月{}日", date.month(), date.day())
}

fn months(natal: &Natal, year: &YearFacts) -> String {
    let mut seen = [0usize; 10];
    let lines: Vec<String> = year
        .months
        .iter()
        .map(|(date, t)| {
            let (ms, mb) = &t.pillar;
            let theme = crate::ganzhi::ten_god_index(&t.stem_ten_god).map_or_else(
                || format!("{}の月", t.stem_ten_god),
                |i| {
                    let theme = crate::phrases::ten_gods::TEXTS[i].month[seen[i] % 2];
                    seen[i] += 1;
                    theme.to_owned()
                },
            );
            let rel = main_relation(natal, t);
            let note = match rel {
                Some(r) if clashes_day(r) => relation_note(r),
                _ if t.kong_wang => "空亡にあたるので、大きな決断は慎重に。".to_owned(),
                Some(r) => relation_note(r),
                None if t.support >= WIND => "五行の追い風も受けられます。".to_owned(),
                None if t.support <= -WIND => "無理は控えめにしましょう。".to_owned(),
                None => String::new(),
            };
            format!("{}〜 {mb}月（{ms}{mb}）: {theme}。{note}", month_day(*date))
        })
        .collect();
    lines.join("\n")
}

fn hints(natal: &Natal, yt: &Transit) -> String {
    let mut parts: Vec<String> = natal.favorable.iter().take(2).map(|&e| element_hint(e)).collect();
    if let Some(tg) = ten_god(yt) {
        parts.push(format!("今年の開運アクションは、{}ことです。", tg.year_tip));
    }
    paragraphs(parts)
}

/// How good a month looks: support plus its relations, the day pillar weighing most.
fn score(natal: &Natal, t: &Transit) -> f64 {
    let rel: f64 = relations(natal, t)
        .iter()
        .map(|r| {
            let w = match r.natal_position.as_str() {
                "day" => 1.0,
                "month" => 0.6,
                "year" => 0.4,
                _ => 0.3,
            };
            if r.favorable { 0.8 * w } else { -w }
        })
        .sum();
    t.support + rel - if t.kong_wang { 0.3 } else { 0.0 }
}

fn month_detail(natal: &Natal, date: chrono::NaiveDate, t: &Transit, good: bool) -> String {
    let mb = &t.pillar.1;
    let when = format!("{mb}月（{}〜）は、", month_day(date));
    let rels = relations(natal, t);
    if let Some(r) = rels.iter().find(|r| r.favorable == good) {
        let effect = if good {
            "に追い風が吹く月です。"
        } else {
            "が揺れやすいので、落ち着いて過ごしたい月です。"
        };
        return format!("{when}{}{}{effect}", relation_clause("月", t, r), position_area(&r.natal_position));
    }
    if !good && t.kong_wang {
        return format!("{when}空亡にあたり、大きな決断は慎重にしたい月です。");
    }
    let fav = elements_in(t, &natal.favorable);
    let unfav = elements_in(t, &natal.unfavorable);
    match (good, fav.is_empty(), unfav.is_empty()) {
        (true, false, _) => format!("{when}あなたの助けになる{}の気が巡る、追い風の月です。", join_elements(&fav)),
        (false, _, false) => {
            format!("{when}負担になりやすい{}の気が強まるので、無理を控えたい月です。", join_elements(&unfav))
        }
        (true, true, _) => format!("{when}大きな乱れが少なく、やりたいことを進めやすい月です。"),
        (false, _, true) => format!("{when}勢いよりも丁寧さを大切にしたい月です。"),
    }
}

fn important_months(natal: &Natal, year: &YearFacts) -> Vec<ImportantDate> {
    // (score, clashes the day pillar, month index)
    let months: Vec<(f64, bool, usize)> = year
        .months
        .iter()
        .enumerate()
        .map(|(i, (_, t))| (score(natal, t), relations(natal, t).iter().any(|r| clashes_day(r)), i))
        .collect();
    let mut good: Vec<_> = months.iter().filter(|(s, c, _)| !c && *s >= NOTABLE).copied().collect();
    good.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
    let mut caution: Vec<_> = months.iter().filter(|(s, c, _)| *c || *s <= -NOTABLE).copied().collect();
    caution.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.total_cmp(&b.0)).then(a.2.cmp(&b.2)));
    // Half and half where both exist, so the year reads as balanced as it is.
    let half = MAX_DATES / 2;
    let take_good = good.len().min(half.max(MAX_DATES.saturating_sub(caution.len())));
    let mut picked: Vec<(f64, bool, usize)> = good.into_iter().take(take_good).collect();
    let room = MAX_DATES - picked.len();
    picked.extend(caution.into_iter().take(room));
    // A quiet year: still name the months furthest from neutral.
    let mut rest: Vec<_> = months.iter().filter(|m| !picked.iter().any(|p| p.2 == m.2)).copied().collect();
    rest.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()).then(a.2.cmp(&b.2)));
    picked.extend(rest.into_iter().take(MIN_DATES.saturating_sub(picked.len())));
    picked.sort_by_key(|p| p.2);
    picked
        .into_iter()
        .filter_map(|(s, caution_day, i)| {
            let (date, t) = year.months.get(i)?;
            let good = s > 0.0 && !caution_day;
            Some(ImportantDate {
                date: format!("{:04}-{:02}", date.year(), date.month()),
                label: if good { "追い風の月" } else { "慎重に過ごしたい月" }.to_owned(),
                detail: month_detail(natal, *date, t, good),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{charts, year_facts};

    #[test]
    fn the_yearly_report_has_every_section_and_twelve_month_lines() {
        for natal in charts() {
            let year = year_facts(&natal, 2026, Some("丙子"));
            let r = build(&natal, &year);
            assert_eq!(r.title, "2026年（丙午）の運勢");
            let headings: Vec<&str> = r.sections.iter().map(|s| s.heading.as_str()).collect();
            assert_eq!(
                headings,
                ["一年の流れ", "仕事・お金", "人間関係・恋愛", "健康・暮らし", "月ごとの流れ", "開運のヒント"]
            );
            assert!(r.sections[0].body.contains(&format!("から見て{}にあたります", year.year_transit.stem_ten_god)));
            assert!(r.sections[0].body.contains("大運「丙子」"));
            let months: Vec<&str> = r.sections[4].body.lines().collect();
            assert_eq!(months.len(), 12);
            assert!(months[0].starts_with("2月4日〜 寅月（"), "{}", months[0]);
            assert!(months[11].starts_with("1月6日〜 丑月（"), "{}", months[11]);
            assert!(r.sections.iter().all(|s| !s.body.is_empty() && !s.body.contains("\n\n\n")));
        }
    }

    #[test]
    fn the_yearly_report_of_an_unknown_time_lists_what_the_hour_decides() {
        let unknown = &charts()[2];
        let r = build(unknown, &year_facts(unknown, 2027, None));
        assert!(!r.hour_dependent.is_empty());
        assert!(r.hour_dependent.iter().all(|n| n != "hour"), "{:?}", r.hour_dependent);
        assert!(r.hour_dependent.iter().any(|n| n == "favorableElements"));
        let known = &charts()[0];
        assert!(build(known, &year_facts(known, 2027, None)).hour_dependent.is_empty());
    }

    #[test]
    fn important_months_are_few_sorted_and_explained() {
        for natal in charts() {
            for y in 2025..2031 {
                let r = build(&natal, &year_facts(&natal, y, None));
                let dates = &r.important_dates;
                assert!((MIN_DATES..=MAX_DATES).contains(&dates.len()), "{y}: {dates:?}");
                assert!(dates.windows(2).all(|w| w[0].date < w[1].date), "{dates:?}");
                for x in dates {
                    let (yy, mm) = x.date.split_once('-').expect("YYYY-MM");
                    assert!(yy.len() == 4 && mm.len() == 2 && (1..=12).contains(&mm.parse::<u32>().expect("month")));
                    assert!(["追い風の月", "慎重に過ごしたい月"].contains(&x.label.as_str()));
                    assert!(x.detail.ends_with('。') && x.detail.contains("月（"), "{}", x.detail);
                }
            }
        }
    }

    #[test]
    fn a_month_clashing_the_day_branch_is_a_caution_month() {
        // 甲子 day master: 午月 (June) clashes the day branch 子.
        let natal = &charts()[0];
        let r = build(natal, &year_facts(natal, 2026, None));
        let june = r.important_dates.iter().find(|x| x.date == "2026-06").expect("June is listed");
        assert_eq!(june.label, "慎重に過ごしたい月");
        assert!(june.detail.contains("月支「午」があなたの日支「子」と冲"), "{}", june.detail);
        assert!(r.sections[0].body.contains("年支「午」があなたの日支「子」と冲"));
        assert!(!r.sections[0].body.contains("大運"), "no luck pillar without a gender");
    }
}
