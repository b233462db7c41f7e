//! What a chart's four pillars mean: 通変星 (ten gods), 蔵干 (hidden stems), 納音, 空亡, 十二運,
//! the day master's strength (身強・身弱) with its favourable elements, and the 大運 (luck
//! pillars).
//!
//! Pure functions of the pillars (and, for luck, of the birth instant and its 節). Where schools
//! differ, each module's doc states the rule chosen and why.

pub mod hidden_stems;
pub mod kong_wang;
pub mod life_stage;
pub mod luck;
pub mod nayin;
pub mod strength;
pub mod ten_gods;

pub use hidden_stems::{
    HiddenRole, HiddenStem, hidden_element_counts, hidden_element_weights, hidden_stems, holds_element, main_stem,
};
pub use kong_wang::{kong_wang, kong_wang_label};
pub use life_stage::{LifeStage, life_stage};
pub use luck::{Luck, LuckPillar, is_forward, kazoe_start_age, luck_pillars, luck_pillars_at, span_of_minutes};
pub use nayin::{nayin, nayin_element, nayin_zh};
pub use strength::{Strength, assess_strength, element_presence};
pub use ten_gods::{TenGod, TenGodFamily, ten_god};
