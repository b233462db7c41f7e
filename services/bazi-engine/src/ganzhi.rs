//! The sexagenary building blocks: ten heavenly stems (天干), twelve earthly branches (地支),
//! the sixty stem-branch pairs (干支) and the five elements (五行).
//!
//! They live in [`meguri_ganzhi`], the one copy of the Ba Zi tables that fortune-gen reads too;
//! this module re-exports them so the engine names them in one place.

pub use meguri_ganzhi::{Branch, Element, GanZhi, Polarity, Stem, jdn};
