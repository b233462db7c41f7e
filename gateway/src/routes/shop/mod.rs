//! The shop (docs/api/shop.md): the credit packs on sale, starting a checkout (Stripe's, or the
//! development checkout when billing has no Stripe key), and the development checkout's page.
//! Every route needs a signed-in member and asks billing as that member: a member buys only for
//! themself. The gateway checks the form of `itemId`, `quantity` and `attemptId` (spec §5, with
//! Japanese messages) and builds the absolute URLs Stripe sends the member back to
//! (`APP_BASE_URL`); billing decides everything else.

pub mod body;
pub mod get;
pub mod post;
