//! chat's rules: newtypes that parse once and pure functions, unit-tested inline. No I/O, no
//! proto types, no diesel rows (docs/service-shape.md). The template has no rule yet.
