//! What a friend can learn of a member's birth (issue 23, item 1): 200 members signed up through
//! the gateway in front of real identity, social, fortune-gen and bazi-engine, each the friend of
//! one viewer; everything the viewer receives about them is collected and every birth date
//! 1900–2030 is tried against it with the real engine.

#[path = "../social/helpers.rs"]
#[allow(dead_code, unused_imports)] // the friends suite's helpers; this binary uses some
mod helpers;

mod birth_date;
mod candidates;
