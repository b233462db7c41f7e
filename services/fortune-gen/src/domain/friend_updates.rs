//! Friend updates: what a member's friends' day looks like, at most three a day.
//!
//! For each friend with a ready chart, the day pillar of the caller's local date is read against
//! the friend's [`FriendFace`] only (day master and favourable element, what a member shows their
//! friends):
//! - the ten god of the day's stem seen from the friend's day master (通変星), and whether the
//!   day's stem combines with (干合) or clashes with (天干の冲) that day master;
//! - the day's two elements against the friend's favourable element (喜神);
//! - and, when the caller's chart is ready, how the friend's day master meets the caller's.
//!
//! The friend's natal branches are never read: the day's branch against the year, month, day and
//! hour branches named (through the relations found) enough of the four pillars to work out a
//! birth date. What the text says is a function of the face, the date and the caller's day master.
//!
//! Each friend gets a notability (integer points, [`notability`]); the [`MAX_UPDATES`] most
//! notable are kept, ties broken by a hash of the date and the friend's id, so the same day gives
//! the same updates in any order of friends. The text is a header line (`Bさんの今日は「…」の日`)
//! then two or three lines starting with `- `, in Japanese; it names the friend by display name
//! (first name, else username) and never by anything of their birth data beyond what the day
//! means for them.

use chrono::{Datelike as _, NaiveDate};
use meguri_ganzhi::{
    Element, FriendFace, GanZhi, Stem, TenGod, TenGodFamily, jdn, stems_clash, stems_combine, ten_god,
};
use meguri_ids::UserId;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

/// The most updates a day.
pub const MAX_UPDATES: usize = 3;

/// A friend's public fields, as social gives them (and the update shows them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FriendRef {
    pub user_id: UserId,
    pub username: String,
    pub first_name: Option<String>,
    pub profile_image_url: Option<String>,
}

impl FriendRef {
    /// The name a person reads: the first name, else the username; line breaks and other control
    /// characters become spaces, so a name cannot start a line of the text.
    #[must_use]
    pub fn display_name(&self) -> String {
        let raw = self.first_name.as_deref().map(str::trim).filter(|n| !n.is_empty()).unwrap_or(&self.username);
        raw.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_owned()
    }
}

/// One update as stored and served.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FriendUpdate {
    /// Stable within the day: `<date>:<friend id>`.
    pub id: String,
    pub text: String,
    /// The first is the friend the update is about.
    pub friends: Vec<FriendRef>,
}

/// The day pillar of a civil date (the sexagenary day count; 2026-11-21 is 己亥).
#[must_use]
pub fn day_pillar(date: NaiveDate) -> GanZhi {
    GanZhi::of_day(jdn(date.year(), date.month(), date.day()))
}

/// How the day's stem meets the friend's day master beyond its ten god.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StemMeeting {
    Combine,
    Clash,
}

/// How the friend's day master meets the caller's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bond {
    /// 干合.
    Combine,
    /// The friend's element generates the caller's.
    FriendSupports,
    /// The caller's element generates the friend's.
    YouSupport,
    /// The same element.
    Same(Element),
    /// The caller's element controls the friend's.
    YouControl,
    /// The friend's element controls the caller's.
    FriendControls,
}

/// What the day means for one friend, before it is scored and written.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendDay {
    pillar: GanZhi,
    ten_god: TenGod,
    stem: Option<StemMeeting>,
    /// How many of the day's two elements (stem, branch) are the friend's 喜神: 0..=2.
    support: i32,
    bond: Option<Bond>,
}

fn bond(me: Stem, friend: Stem) -> Bond {
    if stems_combine(me, friend) {
        return Bond::Combine;
    }
    match TenGodFamily::of_element(me.element(), friend.element()) {
        TenGodFamily::Companion => Bond::Same(me.element()),
        TenGodFamily::Resource => Bond::FriendSupports,
        TenGodFamily::Output => Bond::YouSupport,
        TenGodFamily::Wealth => Bond::YouControl,
        TenGodFamily::Officer => Bond::FriendControls,
    }
}

/// Reads `date`'s day pillar against a friend's face (and the caller's day master, when their
/// chart is ready).
#[must_use]
pub fn read_day(date: NaiveDate, friend: FriendFace, me: Option<Stem>) -> FriendDay {
    let pillar = day_pillar(date);
    let dm = friend.day_master;
    let stem = if stems_combine(pillar.stem(), dm) {
        Some(StemMeeting::Combine)
    } else if stems_clash(pillar.stem(), dm) {
        Some(StemMeeting::Clash)
    } else {
        None
    };
    let support = i32::from(pillar.stem().element() == friend.favorable)
        + i32::from(pillar.branch().element() == friend.favorable);
    FriendDay { pillar, ten_god: ten_god(dm, pillar.stem()), stem, support, bond: me.map(|m| bond(m, dm)) }
}

fn ten_god_points(g: TenGod) -> i32 {
    match g {
        TenGod::HenKan => 4,
        TenGod::GouZai | TenGod::ShouKan => 3,
        TenGod::ShokuJin | TenGod::HenZai | TenGod::SeiZai | TenGod::SeiKan | TenGod::InJu => 2,
        TenGod::HiKen | TenGod::HenIn => 1,
    }
}

/// How much there is to say about a friend's day:
/// - the ten god of the day's stem: 偏官 4; 劫財 傷官 3; 食神 偏財 正財 正官 印綬 2; 比肩 偏印 1
///   (the ones that push or pull the day master stand out);
/// - 干合 or 天干の冲 of the day's stem with the day master: 3;
/// - the day's elements: 2 for each that is the friend's 喜神 (a clearly good day);
/// - a bond with the caller: 干合 2, 相生 either way 1 (a friend who meets the caller well is
///   a little more worth hearing about).
#[must_use]
pub fn notability(day: &FriendDay) -> i32 {
    let stem = if day.stem.is_some() { 3 } else { 0 };
    let bond = match day.bond {
        Some(Bond::Combine) => 2,
        Some(Bond::FriendSupports | Bond::YouSupport) => 1,
        _ => 0,
    };
    ten_god_points(day.ten_god) + stem + 2 * day.support + bond
}

/// The tie-break of equal notability: the first 8 bytes of SHA-256(`<date>|<friend id>`).
#[must_use]
pub fn tie_break(date: NaiveDate, friend: UserId) -> u64 {
    let digest = Sha256::digest(format!("{date}|{friend}").as_bytes());
    let mut first = [0_u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// The theme of the header, from the ten god.
fn theme(g: TenGod) -> &'static str {
    match g {
        TenGod::HiKen => "マイペース",
        TenGod::GouZai => "負けん気",
        TenGod::ShokuJin => "楽しみ",
        TenGod::ShouKan => "感性",
        TenGod::HenZai => "出会い",
        TenGod::SeiZai => "コツコツ",
        TenGod::HenKan => "挑戦",
        TenGod::SeiKan => "信頼",
        TenGod::HenIn => "ひらめき",
        TenGod::InJu => "学び",
    }
}

fn ten_god_line(g: TenGod) -> &'static str {
    match g {
        TenGod::HiKen => "自分のペースを大切にしたい日。無理に合わせず見守ると心地よい距離に",
        TenGod::GouZai => "負けず嫌いが顔を出しやすい日。張り合うより応援が届きます",
        TenGod::ShokuJin => "気持ちに余裕があり、楽しいことに目が向く日。おいしい話題が弾みそう",
        TenGod::ShouKan => "感性が冴える一方、言葉が鋭くなりがちな日。よいところを伝えてあげて",
        TenGod::HenZai => "人との縁が動き、フットワークが軽くなる日。誘うならこの日",
        TenGod::SeiZai => "目の前のことをこつこつ積み上げる日。邪魔をせずにそっと見守って",
        TenGod::HenKan => "プレッシャーの中で踏ん張る日。ひと言の差し入れが力になります",
        TenGod::SeiKan => "責任ある場面で信頼が集まる日。頼りにしていると伝えると喜ばれそう",
        TenGod::HenIn => "ひらめきが冴え、ひとりの時間がほしくなる日。返事が遅くても気長に",
        TenGod::InJu => "学びや周りの支えを受け取りやすい日。おすすめを聞いてみると収穫あり",
    }
}

fn bond_line(bond: Bond, name: &str) -> String {
    match bond {
        Bond::Combine => "あなたとは日主どうしが干合する仲。今日ひと声かけると話が弾みそう".to_owned(),
        Bond::FriendSupports => {
            format!("{name}さんはあなたを生かしてくれる相生の相手。今日は頼ってみるのも吉")
        }
        Bond::YouSupport => {
            format!("あなたは{name}さんを生かす相生の関係。今日は聞き役に回ると喜ばれそう")
        }
        Bond::Same(e) => format!("あなたとは同じ{}の日主。今日は一緒に動くと心強い相手です", e.kanji()),
        Bond::YouControl => {
            format!("あなたの日主は{name}さんの日主を剋す関係。今日は意見を押しつけすぎないように")
        }
        Bond::FriendControls => {
            format!("{name}さんの日主はあなたの日主を剋す関係。今日は受け止めすぎず、自分のペースで")
        }
    }
}

fn support_line(day: &FriendDay, name: &str) -> String {
    let (stem, branch) = (day.pillar.stem().element().kanji(), day.pillar.branch().element().kanji());
    let elements = if stem == branch { stem.to_owned() } else { format!("{stem}と{branch}") };
    match day.support {
        s if s > 0 => format!("今日の{elements}の気は{name}さんにとって追い風。前向きな話を持ちかけるなら今日"),
        _ => format!("今日の{elements}の気は{name}さんにとって穏やか。いつも通りのやりとりが一番です"),
    }
}

/// The text of one update: the header line, then two or three lines starting with `- `.
#[must_use]
pub fn text(day: &FriendDay, friend: &FriendRef) -> String {
    let name = friend.display_name();
    let pillar = day.pillar.name();
    let mut god = format!("今日の{pillar}は{name}さんにとって{}。{}", day.ten_god.name_ja(), ten_god_line(day.ten_god));
    match day.stem {
        Some(StemMeeting::Combine) => god.push_str("（日の干が干合し、縁が結ばれやすい日）"),
        Some(StemMeeting::Clash) => god.push_str("（日の干と冲し、気持ちが揺れやすい日）"),
        None => {}
    }
    let mut lines = vec![god];
    let mut rest: Vec<String> = Vec::new();
    if let Some(bond) = day.bond {
        rest.push(bond_line(bond, &name));
    }
    rest.push(support_line(day, &name));
    lines.extend(rest.into_iter().take(2));
    let mut out = format!("{name}さんの今日は「{}」の日", theme(day.ten_god));
    for line in lines {
        out.push_str("\n- ");
        out.push_str(&line);
    }
    out
}

/// The updates of `date`: for each friend with a chart, the day read against their face, scored
/// and written; the [`MAX_UPDATES`] most notable, most notable first (ties by [`tie_break`]).
/// `me` is the caller's day master (when their chart is ready). Friends without a chart are not in
/// `friends`; an empty list gives no updates.
#[must_use]
pub fn build(date: NaiveDate, me: Option<Stem>, friends: &[(FriendRef, FriendFace)]) -> Vec<FriendUpdate> {
    let mut scored: Vec<(i32, u64, &FriendRef, FriendDay)> = friends
        .iter()
        .map(|(friend, face)| {
            let day = read_day(date, *face, me);
            (notability(&day), tie_break(date, friend.user_id), friend, day)
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.user_id.cmp(&b.2.user_id)));
    scored
        .into_iter()
        .take(MAX_UPDATES)
        .map(|(_, _, friend, day)| FriendUpdate {
            id: format!("{date}:{}", friend.user_id),
            text: text(&day, friend),
            friends: vec![friend.clone()],
        })
        .collect()
}

/// The updates whose friends are all still in `friends` (social's current list): a member who
/// blocked the reader, was blocked or unfriended has no card from that moment, though the day's
/// updates were built before.
#[must_use]
pub fn among(updates: Vec<FriendUpdate>, friends: &[FriendRef]) -> Vec<FriendUpdate> {
    updates.into_iter().filter(|u| u.friends.iter().all(|f| friends.iter().any(|g| g.user_id == f.user_id))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("a date")
    }

    fn stem(s: &str) -> Stem {
        Stem::parse(s).expect("stem")
    }

    fn face(dm: &str, favorable: Element) -> FriendFace {
        FriendFace { day_master: stem(dm), favorable }
    }

    fn friend(username: &str, first_name: Option<&str>) -> FriendRef {
        FriendRef {
            user_id: UserId::new(),
            username: username.to_owned(),
            first_name: first_name.map(str::to_owned),
            profile_image_url: None,
        }
    }

    /// A spread of faces: all fifty in turn.
    fn friends(n: usize) -> Vec<(FriendRef, FriendFace)> {
        (0..n).map(|i| (friend(&format!("user{i}"), None), FriendFace::from_index(i * 7))).collect()
    }

    fn is_update_text(text: &str) -> bool {
        let lines: Vec<&str> = text.lines().collect();
        let header_ok = lines.first().is_some_and(|h| h.ends_with("」の日") && h.contains("さんの今日は「"));
        header_ok && (3..=4).contains(&lines.len()) && lines[1..].iter().all(|l| l.starts_with("- ") && l.len() > 2)
    }

    #[test]
    fn the_day_pillar_is_the_sexagenary_day_count() {
        assert_eq!(day_pillar(date("2026-11-21")).name(), "己亥");
        assert_eq!(day_pillar(date("2026-11-22")).name(), "庚子");
        assert_eq!(day_pillar(date("2000-01-01")).name(), "戊午");
    }

    #[test]
    fn a_day_is_read_against_the_friends_day_master_and_favourable_element() {
        // 2026-11-22 is 庚子. A 甲 day master sees 庚 as 偏官 and 甲庚 clash; 子 is water, the
        // friend's 喜神, 庚 metal is not.
        let day = read_day(date("2026-11-22"), face("甲", Element::Water), None);
        assert_eq!(day.ten_god, TenGod::HenKan);
        assert_eq!(day.stem, Some(StemMeeting::Clash));
        assert_eq!(day.support, 1);
        assert_eq!(day.bond, None);
        // 4 (偏官) + 3 (冲 of the stems) + 2 × 1.
        assert_eq!(notability(&day), 4 + 3 + 2);
        let with_me = read_day(date("2026-11-22"), face("甲", Element::Metal), Some(stem("己")));
        assert_eq!((with_me.support, with_me.bond), (1, Some(Bond::Combine)));
        assert_eq!(notability(&with_me), 4 + 3 + 2 + 2);
    }

    #[test]
    fn the_bond_with_the_caller_follows_the_two_day_masters() {
        assert_eq!(bond(stem("甲"), stem("己")), Bond::Combine);
        assert_eq!(bond(stem("甲"), stem("壬")), Bond::FriendSupports);
        assert_eq!(bond(stem("甲"), stem("丙")), Bond::YouSupport);
        assert_eq!(bond(stem("甲"), stem("乙")), Bond::Same(Element::Wood));
        assert_eq!(bond(stem("甲"), stem("戊")), Bond::YouControl);
        assert_eq!(bond(stem("甲"), stem("庚")), Bond::FriendControls);
    }

    #[test]
    fn the_text_is_a_header_then_two_or_three_bullets() {
        let b = friend("bbb", Some("ビー"));
        let plain = read_day(date("2026-11-22"), face("丙", Element::Wood), None);
        let t = text(&plain, &b);
        assert!(is_update_text(&t), "{t}");
        assert_eq!(t.lines().count(), 3, "{t}");
        assert!(t.starts_with("ビーさんの今日は「"), "{t}");
        let rich = read_day(date("2026-11-22"), face("甲", Element::Water), Some(stem("辛")));
        let t = text(&rich, &b);
        assert_eq!(
            t,
            "ビーさんの今日は「挑戦」の日\n\
             - 今日の庚子はビーさんにとって偏官。プレッシャーの中で踏ん張る日。ひと言の差し入れが力になります（日の干と冲し、気持ちが揺れやすい日）\n\
             - あなたの日主はビーさんの日主を剋す関係。今日は意見を押しつけすぎないように\n\
             - 今日の金と水の気はビーさんにとって追い風。前向きな話を持ちかけるなら今日"
        );
    }

    #[test]
    fn the_text_names_no_pillar_of_the_friend() {
        // Whatever the face, the only pillar named is the day's own, and the only stem of the
        // friend's chart that can be told from the text is the day master (through its ten god).
        let d = date("2026-11-22");
        for (f, face) in friends(50) {
            for me in [None, Some(stem("甲")), Some(stem("癸"))] {
                let t = text(&read_day(d, face, me), &f);
                for p in 0..60 {
                    let name = GanZhi::new(p).name();
                    assert!(name == "庚子" || !t.contains(&name), "{t}");
                }
            }
        }
    }

    #[test]
    fn every_update_of_many_friends_and_days_is_well_formed() {
        let all = friends(60);
        for offset in 0..30 {
            let d = date("2026-11-01") + chrono::Days::new(offset);
            for mine in [None, Some(stem("辛"))] {
                let updates = build(d, mine, &all);
                assert_eq!(updates.len(), MAX_UPDATES);
                for u in &updates {
                    assert!(is_update_text(&u.text), "{}", u.text);
                    assert_eq!(u.friends.len(), 1);
                    assert!(u.text.starts_with(&format!("{}さん", u.friends[0].username)));
                }
            }
        }
    }

    #[test]
    fn the_most_notable_three_are_kept_in_any_order_of_friends() {
        let d = date("2026-11-22");
        let all = friends(50);
        let first = build(d, None, &all);
        let mut reversed = all.clone();
        reversed.reverse();
        assert_eq!(build(d, None, &reversed), first);
        let best: Vec<i32> = first
            .iter()
            .map(|u| {
                let (_, f) = all.iter().find(|(f, _)| f.user_id == u.friends[0].user_id).expect("a friend");
                notability(&read_day(d, *f, None))
            })
            .collect();
        let top = all.iter().map(|(_, f)| notability(&read_day(d, *f, None))).max().expect("friends");
        assert_eq!(best[0], top);
        assert!(best.windows(2).all(|w| w[0] >= w[1]), "{best:?}");
    }

    #[test]
    fn ties_are_broken_by_the_date_and_friend_hash() {
        // The same face for everyone: every notability is equal.
        let same = face("甲", Element::Water);
        let all: Vec<(FriendRef, FriendFace)> = (0..6).map(|i| (friend(&format!("u{i}"), None), same)).collect();
        let d = date("2026-11-22");
        let mut expected: Vec<&FriendRef> = all.iter().map(|(f, _)| f).collect();
        expected.sort_by_key(|f| tie_break(d, f.user_id));
        let got: Vec<UserId> = build(d, None, &all).iter().map(|u| u.friends[0].user_id).collect();
        assert_eq!(got, expected.iter().take(3).map(|f| f.user_id).collect::<Vec<_>>());
    }

    #[test]
    fn no_friends_no_updates_and_at_most_three() {
        assert!(build(date("2026-11-22"), None, &[]).is_empty());
        assert_eq!(build(date("2026-11-22"), None, &friends(2)).len(), 2);
    }

    #[test]
    fn an_update_carries_only_the_friends_public_fields_and_a_stable_id() {
        let all = friends(1);
        let u = &build(date("2026-11-22"), None, &all)[0];
        assert_eq!(u.friends, vec![all[0].0.clone()]);
        assert_eq!(u.id, format!("2026-11-22:{}", all[0].0.user_id));
        let json = serde_json::to_value(u).expect("json");
        let keys: Vec<&String> = json["friends"][0].as_object().expect("object").keys().collect();
        assert_eq!(keys, ["user_id", "username", "first_name", "profile_image_url"]);
    }

    #[test]
    fn only_the_cards_of_current_friends_are_kept() {
        let all = friends(3);
        let updates = build(date("2026-11-22"), None, &all);
        let still: Vec<FriendRef> = all.iter().skip(1).map(|(f, _)| f.clone()).collect();
        let kept = among(updates.clone(), &still);
        assert_eq!(kept.len(), 2);
        assert!(kept.iter().all(|u| u.friends[0].user_id != all[0].0.user_id));
        assert_eq!(among(updates.clone(), &all.iter().map(|(f, _)| f.clone()).collect::<Vec<_>>()), updates);
        assert!(among(updates, &[]).is_empty());
    }

    #[test]
    fn a_name_cannot_break_the_lines() {
        let f = friend("name", Some("悪い\n- 名前"));
        assert_eq!(f.display_name(), "悪い - 名前");
        assert_eq!(friend("name", Some("  ")).display_name(), "name");
        let t = text(&read_day(date("2026-11-22"), face("甲", Element::Water), None), &f);
        assert!(is_update_text(&t), "{t}");
    }
}
