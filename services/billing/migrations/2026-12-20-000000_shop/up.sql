-- The shop: the credit-pack catalogue, purchases through Stripe Checkout (or the development
-- checkout), the Stripe events already applied, refunds that arrived before their purchase
-- completed, and the outbox of the receipt mail (meguri-events).

-- A pack is never deleted: a retired one (active = false, retired_at set) is no longer sold, and
-- the purchases that name it keep their snapshot of its title and price.
CREATE TABLE credit_packs (
    id integer PRIMARY KEY CONSTRAINT credit_packs_id_positive CHECK (id >= 1),
    title text NOT NULL,
    description text NOT NULL,
    credits bigint NOT NULL CONSTRAINT credit_packs_credits_positive CHECK (credits > 0),
    -- Yen, tax included (JPY has no minor unit).
    price_yen bigint NOT NULL CONSTRAINT credit_packs_price_positive CHECK (price_yen > 0),
    active boolean NOT NULL DEFAULT true,
    sort_order integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    retired_at timestamptz,
    CONSTRAINT credit_packs_retired_when_inactive CHECK (active = (retired_at IS NULL))
);

INSERT INTO credit_packs (id, title, description, credits, price_yen, sort_order) VALUES
    (1, '10クレジット', 'まずはお試しに。', 10, 480, 1),
    (2, '30クレジット', 'お得なパックです。', 30, 1200, 2),
    (3, '80クレジット', 'じっくり相談したい方に。', 80, 2800, 3),
    (4, '200クレジット', 'いちばんお得なパックです。', 200, 6000, 4);

CREATE TABLE purchases (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL,
    -- Set when the payment completes; a refund (charge.refunded) finds its purchase by it.
    stripe_payment_intent_id text CONSTRAINT purchases_stripe_payment_intent_id_key UNIQUE,
    item_id integer NOT NULL REFERENCES credit_packs (id),
    -- The pack as it was sold.
    item_title text NOT NULL,
    item_description text NOT NULL,
    -- Yen, tax included: price × quantity.
    amount bigint NOT NULL CONSTRAINT purchases_amount_positive CHECK (amount > 0),
    quantity integer NOT NULL DEFAULT 1 CONSTRAINT purchases_quantity_range CHECK (quantity BETWEEN 1 AND 10),
    credits_granted bigint NOT NULL DEFAULT 0 CONSTRAINT purchases_credits_granted_not_negative CHECK (credits_granted >= 0),
    status text NOT NULL DEFAULT 'pending' CONSTRAINT purchases_status_known
        CHECK (status IN ('pending', 'completed', 'expired', 'failed', 'canceled', 'refunded')),
    -- Stripe's Checkout Session, or `dev_cs_<uuid>` for the development checkout.
    stripe_session_id text CONSTRAINT purchases_stripe_session_id_key UNIQUE,
    -- Facts of the checkout that are no column: the checkout URL the buyer was sent to.
    metadata jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    -- The client's id of one purchase attempt: a repeated CreateCheckout finds the first purchase.
    attempt_id uuid NOT NULL CONSTRAINT purchases_attempt_id_key UNIQUE,
    -- After a refund: the credits taken back, and those the balance no longer held.
    credits_clawed_back bigint NOT NULL DEFAULT 0 CONSTRAINT purchases_clawed_back_not_negative CHECK (credits_clawed_back >= 0),
    clawback_shortfall bigint NOT NULL DEFAULT 0 CONSTRAINT purchases_shortfall_not_negative CHECK (clawback_shortfall >= 0),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT purchases_completed_when_granted CHECK ((status IN ('completed', 'refunded')) = (completed_at IS NOT NULL))
);
CREATE INDEX purchases_user_created ON purchases (user_id, created_at DESC, id DESC);

-- Every Stripe event applied, by Stripe's event id: a redelivered event changes nothing.
CREATE TABLE stripe_events (
    id text PRIMARY KEY,
    type text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    purchase_id uuid REFERENCES purchases (id)
);

-- A full refund whose payment no purchase had completed with yet (events out of order): applied
-- in the transaction that completes that purchase.
CREATE TABLE early_refunds (
    payment_intent_id text PRIMARY KEY,
    event_id text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

-- meguri-events: the receipt mail (MailRequested on the `mail` stream), written in the
-- transaction that completes the purchase and relayed to Redis after commit.
CREATE TABLE outbox (
    id uuid PRIMARY KEY,
    stream text NOT NULL,
    event_type text NOT NULL,
    envelope bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_created_at ON outbox (created_at);
