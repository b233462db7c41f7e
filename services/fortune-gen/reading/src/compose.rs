//! Choosing among phrase combinations: fresh lines first, then unused words, then the seed.

use crate::History;
use crate::phrases::{Bank, Item};
use crate::seed;

/// The longest line shown (characters).
pub(crate) const MAX_LINE_CHARS: usize = 60;
/// The longest do or don't (characters).
pub(crate) const MAX_ITEM_CHARS: usize = 30;

/// A fragment of a line, owned so that heads naming an almanac day can be built in code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub text: String,
    pub word: String,
}

impl Piece {
    pub(crate) fn new(text: impl Into<String>, word: impl Into<String>) -> Self {
        Self { text: text.into(), word: word.into() }
    }

    pub(crate) fn bank(bank: Bank) -> Vec<Self> {
        bank.iter().map(|&(text, word)| Self::new(text, word)).collect()
    }
}

/// Every head × tail of a family is a candidate line, credited to `driver`.
#[derive(Clone, Debug)]
pub(crate) struct Family<D> {
    pub driver: D,
    pub heads: Vec<Piece>,
    pub tails: Vec<Piece>,
}

impl<D: Copy> Family<D> {
    pub(crate) fn new(driver: D, heads: Vec<Piece>, tails: Vec<Piece>) -> Self {
        Self { driver, heads, tails }
    }

    pub(crate) fn from_banks(driver: D, heads: &[Bank], tails: &[Bank]) -> Self {
        Self::new(
            driver,
            heads.iter().flat_map(|b| Piece::bank(b)).collect(),
            tails.iter().flat_map(|b| Piece::bank(b)).collect(),
        )
    }

    /// Every line of the family (for tests sizing the phrase space).
    #[cfg(test)]
    pub(crate) fn lines(&self) -> impl Iterator<Item = String> + '_ {
        self.heads.iter().flat_map(move |h| self.tails.iter().map(move |t| format!("{}{}", h.text, t.text)))
    }
}

/// A chosen line.
#[derive(Clone, Debug)]
pub(crate) struct Line<D> {
    pub text: String,
    pub head: Piece,
    pub tail: Piece,
    pub driver: D,
}

/// The best line of the first family that still has a fresh one: never a line in
/// `history.recent_lines`, never reusing a fragment in `avoid`; among those, the fewest words
/// from `history.recent_words`, then the seed's order.
pub(crate) fn pick_line<D: Copy>(
    families: &[Family<D>],
    history: &History,
    avoid: &[&Piece],
    seed: u64,
    slot: u64,
) -> Option<Line<D>> {
    let avoided = |p: &Piece| avoid.iter().any(|a| a.text == p.text);
    for family in families {
        let mut best: Option<((usize, u64), &Piece, &Piece)> = None;
        for head in family.heads.iter().filter(|h| !avoided(h)) {
            for tail in family.tails.iter().filter(|t| !avoided(t)) {
                let text = format!("{}{}", head.text, tail.text);
                if text.chars().count() > MAX_LINE_CHARS || history.recent_lines.contains(&text) {
                    continue;
                }
                let stale = [&head.word, &tail.word].iter().filter(|w| history.recent_words.contains(**w)).count();
                let rank = (stale, seed::key(seed, &[slot, seed::hash_str(&text)]));
                if best.as_ref().is_none_or(|(r, _, _)| rank < *r) {
                    best = Some((rank, head, tail));
                }
            }
        }
        if let Some((_, head, tail)) = best {
            return Some(Line {
                text: format!("{}{}", head.text, tail.text),
                head: head.clone(),
                tail: tail.clone(),
                driver: family.driver,
            });
        }
    }
    None
}

/// A chosen do or don't and the fact it came from.
#[derive(Clone, Debug)]
pub(crate) struct Chosen<D> {
    pub text: &'static str,
    pub word: &'static str,
    pub topics: u8,
    pub source: D,
}

/// Which list an item goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum List {
    Dos,
    Donts,
}

/// Fills the dos and don'ts so that they never contradict: no shared topic, text or key word
/// between the lists, and no do touching a `blocked` topic.
pub(crate) struct Picker<'a, D> {
    history: &'a History,
    seed: u64,
    blocked: u8,
    pub dos: Vec<Chosen<D>>,
    pub donts: Vec<Chosen<D>>,
}

impl<'a, D: Copy> Picker<'a, D> {
    pub(crate) fn new(history: &'a History, seed: u64, blocked: u8) -> Self {
        Self { history, seed, blocked, dos: vec![], donts: vec![] }
    }

    fn topics(list: &[Chosen<D>]) -> u8 {
        list.iter().fold(0, |acc, c| acc | c.topics)
    }

    fn fits(&self, list: List, item: &Item) -> bool {
        let (text, word, topics) = *item;
        let (own, other) = match list {
            List::Dos => (&self.dos, &self.donts),
            List::Donts => (&self.donts, &self.dos),
        };
        let clash = topics & Self::topics(other) != 0 || (list == List::Dos && topics & self.blocked != 0);
        let repeated = own.iter().chain(other.iter()).any(|c| c.text == text || c.word == word);
        !clash && !repeated && text.chars().count() <= MAX_ITEM_CHARS
    }

    /// Adds up to `n` items of `pool` to `list`, keeping it at most `cap` long; returns how many.
    pub(crate) fn take(&mut self, list: List, pool: &[Item], n: usize, cap: usize, source: D) -> usize {
        let mut added = 0;
        while added < n && self.len(list) < cap {
            let best = pool
                .iter()
                .filter(|item| self.fits(list, item))
                .min_by_key(|(text, word, _)| {
                    (self.history.recent_words.contains(*word), seed::key(self.seed, &[seed::hash_str(text)]))
                })
                .copied();
            let Some((text, word, topics)) = best else { break };
            let chosen = Chosen { text, word, topics, source };
            match list {
                List::Dos => self.dos.push(chosen),
                List::Donts => self.donts.push(chosen),
            }
            added += 1;
        }
        added
    }

    pub(crate) fn len(&self, list: List) -> usize {
        match list {
            List::Dos => self.dos.len(),
            List::Donts => self.donts.len(),
        }
    }
}
