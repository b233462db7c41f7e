//! Credits are whole numbers (STYLE §3: never `f64`).

use std::fmt;

use crate::error::Error;

/// The largest amount one grant, spend or refund may move.
pub const MAX_AMOUNT: i64 = 1_000_000;
/// The largest balance a user may hold; far above any real use, it keeps every sum far from
/// `i64::MAX`.
pub const MAX_BALANCE: i64 = 1_000_000_000;

/// A non-negative number of credits: a balance, or the amount of one change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Credits(i64);

impl Credits {
    pub const ZERO: Self = Self(0);

    /// An amount to grant or spend: `1..=MAX_AMOUNT`.
    ///
    /// # Errors
    /// [`Error::InvalidAmount`] otherwise.
    pub fn amount(raw: i64) -> Result<Self, Error> {
        if (1..=MAX_AMOUNT).contains(&raw) { Ok(Self(raw)) } else { Err(Error::InvalidAmount) }
    }

    /// A balance read from the store, where `balances_credits_not_negative` holds.
    ///
    /// # Errors
    /// A negative value: the store broke its own constraint.
    pub fn stored(raw: i64) -> Result<Self, Error> {
        if raw >= 0 {
            Ok(Self(raw))
        } else {
            Err(Error::Unexpected(anyhow::anyhow!("stored balance {raw} is negative")))
        }
    }

    #[must_use]
    pub const fn get(self) -> i64 {
        self.0
    }

    /// `self + amount`, refused above [`MAX_BALANCE`].
    ///
    /// # Errors
    /// [`Error::BalanceLimit`].
    pub fn plus(self, amount: Self) -> Result<Self, Error> {
        match self.0.checked_add(amount.0) {
            Some(sum) if sum <= MAX_BALANCE => Ok(Self(sum)),
            _ => Err(Error::BalanceLimit),
        }
    }

    /// `self - amount`; the balance never goes below zero.
    ///
    /// # Errors
    /// [`Error::InsufficientCredits`] when `amount` is more than `self`.
    pub fn minus(self, amount: Self) -> Result<Self, Error> {
        if amount.0 <= self.0 { Ok(Self(self.0 - amount.0)) } else { Err(Error::InsufficientCredits) }
    }
}

impl fmt::Display for Credits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_amount_is_positive_and_bounded() {
        assert!(Credits::amount(1).is_ok());
        assert!(Credits::amount(MAX_AMOUNT).is_ok());
        for raw in [0, -1, MAX_AMOUNT + 1, i64::MIN, i64::MAX] {
            assert!(matches!(Credits::amount(raw), Err(Error::InvalidAmount)), "{raw}");
        }
    }

    #[test]
    fn spending_never_goes_below_zero() {
        let three = Credits::amount(3).expect("amount");
        assert_eq!(three.minus(three).expect("exact").get(), 0);
        assert!(matches!(three.minus(Credits::amount(4).expect("amount")), Err(Error::InsufficientCredits)));
        assert!(matches!(Credits::ZERO.minus(Credits::amount(1).expect("amount")), Err(Error::InsufficientCredits)));
    }

    #[test]
    fn granting_stops_at_the_balance_limit() {
        let near = Credits::stored(MAX_BALANCE - 1).expect("stored");
        assert_eq!(near.plus(Credits::amount(1).expect("amount")).expect("at the limit").get(), MAX_BALANCE);
        assert!(matches!(near.plus(Credits::amount(2).expect("amount")), Err(Error::BalanceLimit)));
    }

    #[test]
    fn a_negative_stored_balance_is_unexpected() {
        assert!(matches!(Credits::stored(-1), Err(Error::Unexpected(_))));
    }
}
