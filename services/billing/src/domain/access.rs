//! Who may read and change whose credits.

pub use meguri_auth::Caller;
use meguri_auth::Role;
use meguri_ids::UserId;

use crate::error::Error;

/// Whose balance or ledger `caller` reads. `requested` is the request's user (absent = the
/// caller's own). A user reads only their own; an admin or a service reads anyone's; a visitor
/// reads nothing.
///
/// # Errors
/// [`Error::PermissionDenied`]; [`Error::InvalidUserId`] when an admin or service names nobody
/// and has no user of its own.
pub fn reader(caller: Caller, requested: Option<UserId>) -> Result<UserId, Error> {
    match caller.role {
        Role::User => match (caller.user, requested) {
            (Some(me), None) => Ok(me),
            (Some(me), Some(other)) if other == me => Ok(me),
            _ => Err(Error::PermissionDenied),
        },
        Role::Admin | Role::Service => requested.or(caller.user).ok_or(Error::InvalidUserId),
        // Support staff read a member's credits, never "their own".
        Role::Support => requested.ok_or(Error::InvalidUserId),
        Role::Visitor => Err(Error::PermissionDenied),
    }
}

/// Grant, spend and refund move credits: only a service (chat, the sign-up consumer, purchases)
/// or an admin may.
///
/// # Errors
/// [`Error::PermissionDenied`] for users and visitors.
pub fn writer(caller: Caller) -> Result<(), Error> {
    match caller.role {
        Role::Admin | Role::Service => Ok(()),
        // Support staff adjust no credits.
        Role::User | Role::Support | Role::Visitor => Err(Error::PermissionDenied),
    }
}

/// Who adjusts credits by hand: an admin only (support staff work tickets, not balances). Returns
/// the staff member, for the ledger entry and the audit record.
///
/// # Errors
/// [`Error::PermissionDenied`] for anyone else, services included (they grant by their own rules).
pub fn adjuster(caller: Caller) -> Result<UserId, Error> {
    match (caller.role, caller.user) {
        (Role::Admin, Some(staff)) => Ok(staff),
        _ => Err(Error::PermissionDenied),
    }
}

/// Staff (admin or support) reading a member's purchases or the day's figures.
///
/// # Errors
/// [`Error::PermissionDenied`] for anyone else.
pub fn staff(caller: Caller) -> Result<(), Error> {
    match caller.role {
        Role::Admin | Role::Support => Ok(()),
        Role::User | Role::Service | Role::Visitor => Err(Error::PermissionDenied),
    }
}

/// Whose purchases `caller` lists: a member their own (and nobody else's), staff the member they
/// name.
///
/// # Errors
/// [`Error::PermissionDenied`]; [`Error::InvalidUserId`] when staff name nobody.
pub fn purchase_reader(caller: Caller, requested: Option<UserId>) -> Result<UserId, Error> {
    match caller.role {
        Role::User => match (caller.user, requested) {
            (Some(me), None) => Ok(me),
            (Some(me), Some(other)) if other == me => Ok(me),
            _ => Err(Error::PermissionDenied),
        },
        Role::Admin | Role::Support => requested.ok_or(Error::InvalidUserId),
        Role::Service | Role::Visitor => Err(Error::PermissionDenied),
    }
}

/// The buyer of a shop call (CreateCheckout, GetPurchase, ListPurchases, CompleteDevCheckout):
/// always the signed-in user of the token, so nobody buys or reads for another account.
///
/// # Errors
/// [`Error::PermissionDenied`] for anyone but a signed-in user.
pub fn buyer(caller: Caller) -> Result<UserId, Error> {
    match (caller.role, caller.user) {
        (Role::User, Some(me)) => Ok(me),
        _ => Err(Error::PermissionDenied),
    }
}

/// Who may read the catalogue: anyone signed in; retired packs only an admin or a service.
///
/// # Errors
/// [`Error::PermissionDenied`] for a visitor, or a user asking for retired packs.
pub fn shop_reader(caller: Caller, include_retired: bool) -> Result<(), Error> {
    match caller.role {
        Role::Admin | Role::Support | Role::Service => Ok(()),
        Role::User if !include_retired => Ok(()),
        Role::User | Role::Visitor => Err(Error::PermissionDenied),
    }
}

/// Stripe's webhooks come through the gateway as a service call (no user).
///
/// # Errors
/// [`Error::PermissionDenied`] for anyone but a service.
pub fn webhook_caller(caller: Caller) -> Result<(), Error> {
    match caller.role {
        Role::Service => Ok(()),
        Role::User | Role::Admin | Role::Support | Role::Visitor => Err(Error::PermissionDenied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(role: Role, user: Option<UserId>) -> Caller {
        Caller { role, user }
    }

    #[test]
    fn a_user_reads_only_their_own_credits() {
        let (me, other) = (UserId::new(), UserId::new());
        assert_eq!(reader(caller(Role::User, Some(me)), None).expect("own"), me);
        assert_eq!(reader(caller(Role::User, Some(me)), Some(me)).expect("own, named"), me);
        assert!(matches!(reader(caller(Role::User, Some(me)), Some(other)), Err(Error::PermissionDenied)));
        assert!(matches!(reader(caller(Role::User, None), None), Err(Error::PermissionDenied)));
    }

    #[test]
    fn admins_and_services_read_anyone_visitors_nobody() {
        let other = UserId::new();
        assert_eq!(reader(caller(Role::Service, None), Some(other)).expect("service"), other);
        assert_eq!(reader(caller(Role::Admin, Some(UserId::new())), Some(other)).expect("admin"), other);
        assert!(matches!(reader(caller(Role::Service, None), None), Err(Error::InvalidUserId)));
        assert!(matches!(reader(caller(Role::Visitor, None), Some(other)), Err(Error::PermissionDenied)));
    }

    #[test]
    fn only_a_signed_in_user_buys_and_only_for_themself() {
        let me = UserId::new();
        assert_eq!(buyer(caller(Role::User, Some(me))).expect("user"), me);
        for (role, user) in [(Role::User, None), (Role::Service, None), (Role::Admin, Some(me)), (Role::Visitor, None)]
        {
            assert!(matches!(buyer(caller(role, user)), Err(Error::PermissionDenied)), "{role:?}");
        }
    }

    #[test]
    fn retired_packs_are_for_admins_and_webhooks_for_services() {
        assert!(shop_reader(caller(Role::User, Some(UserId::new())), false).is_ok());
        assert!(matches!(shop_reader(caller(Role::User, Some(UserId::new())), true), Err(Error::PermissionDenied)));
        assert!(shop_reader(caller(Role::Admin, None), true).is_ok());
        assert!(matches!(shop_reader(caller(Role::Visitor, None), false), Err(Error::PermissionDenied)));
        assert!(webhook_caller(caller(Role::Service, None)).is_ok());
        assert!(matches!(webhook_caller(caller(Role::User, Some(UserId::new()))), Err(Error::PermissionDenied)));
    }

    #[test]
    fn members_list_their_own_purchases_staff_anyones() {
        let (me, other) = (UserId::new(), UserId::new());
        assert_eq!(purchase_reader(caller(Role::User, Some(me)), None).expect("own"), me);
        assert!(matches!(purchase_reader(caller(Role::User, Some(me)), Some(other)), Err(Error::PermissionDenied)));
        assert_eq!(purchase_reader(caller(Role::Support, Some(me)), Some(other)).expect("staff"), other);
        assert!(matches!(purchase_reader(caller(Role::Admin, Some(me)), None), Err(Error::InvalidUserId)));
        assert!(matches!(purchase_reader(caller(Role::Service, None), Some(other)), Err(Error::PermissionDenied)));
    }

    #[test]
    fn only_an_admin_adjusts_and_staff_read_purchases() {
        let staff_id = UserId::new();
        assert_eq!(adjuster(caller(Role::Admin, Some(staff_id))).expect("admin"), staff_id);
        for (role, user) in [
            (Role::Support, Some(staff_id)),
            (Role::Service, None),
            (Role::User, Some(staff_id)),
            (Role::Admin, None),
            (Role::Visitor, None),
        ] {
            assert!(matches!(adjuster(caller(role, user)), Err(Error::PermissionDenied)), "{role:?}");
        }
        assert!(staff(caller(Role::Support, Some(staff_id))).is_ok());
        assert!(staff(caller(Role::Admin, Some(staff_id))).is_ok());
        assert!(matches!(staff(caller(Role::User, Some(staff_id))), Err(Error::PermissionDenied)));
        assert!(matches!(staff(caller(Role::Service, None)), Err(Error::PermissionDenied)));
    }

    #[test]
    fn only_services_and_admins_move_credits() {
        assert!(writer(caller(Role::Service, None)).is_ok());
        assert!(writer(caller(Role::Admin, None)).is_ok());
        assert!(matches!(writer(caller(Role::User, Some(UserId::new()))), Err(Error::PermissionDenied)));
        assert!(matches!(writer(caller(Role::Visitor, None)), Err(Error::PermissionDenied)));
    }
}
