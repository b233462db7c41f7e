/**
 * Every URL the frontend uses: screen routes (`paths`) and gateway endpoints (`apiPaths`).
 * Components never spell a URL themselves.
 */

export const paths = {
  landing: '/',
  home: '/',
  homeAlias: '/home',
  about: '/about',
  auth: {
    login: '/auth/login',
    signup: '/auth/signup',
    verify: '/auth/verify',
    forgotPassword: '/auth/forgot-password',
    /** The link in the e-mail-change mail (`?token=`); open to everyone, signed in or not. */
    confirmEmail: '/auth/confirm-email',
    /** Signup from an invite page: the wizard sends the inviter's id with the account (`?invite=`). */
    signupInvitedBy: (inviterId: string) => `/auth/signup?invite=${encodeURIComponent(inviterId)}`,
    /**
     * Login, then `to` (a path of this app, `?next=`) instead of home: for a page that sends a signed-out
     * visitor to sign in and come back (the reply link's page leads to /settings#support).
     */
    loginThen: (to: string) => `/auth/login?next=${encodeURIComponent(to)}`,
    /** The verify screen for one address (`?email=`), as signup and login hand over to it. */
    verifyFor: (email: string) => `/auth/verify?email=${encodeURIComponent(email)}`,
  },
  resetPassword: '/reset-password',
  chat: '/chat',
  profile: '/profile',
  friends: '/friends',
  /** A friend's compatibility page (the friends feature). */
  friendCompatibility: {
    pattern: '/friends/:userId',
    href: (userId: string) => `/friends/${encodeURIComponent(userId)}`,
  },
  diary: '/diary',
  /** One diary entry: one's own, or one that mentions the caller (the mention mail links here). */
  diaryEntry: {
    pattern: '/diary/:id',
    href: (id: string) => `/diary/${encodeURIComponent(id)}`,
  },
  shop: '/shop',
  /** Where a checkout sends the buyer back: /shop with the purchase and how the checkout ended. */
  shopReturn: (purchaseId: string, result: 'success' | 'cancel') =>
    `/shop?purchase=${encodeURIComponent(purchaseId)}&result=${result}`,
  /** The development checkout (no Stripe key set): pays or cancels one purchase without a real payment. */
  shopDevCheckout: {
    pattern: '/shop/dev-checkout/:purchaseId',
    href: (purchaseId: string) => `/shop/dev-checkout/${encodeURIComponent(purchaseId)}`,
  },
  purchaseHistory: '/purchase-history',
  /** 特定商取引法に基づく表記: public, linked from the shop and the footer. */
  tokushoho: '/legal/tokushoho',
  lifeFortune: '/life-fortune',
  settings: '/settings',
  /** The お問い合わせ section of /settings (the member's support tickets); where the app names its support window. */
  settingsSupport: '/settings#support',
  /** One support ticket's thread (signed in; someone else's or an unknown id reads as not found). */
  supportTicket: {
    pattern: '/settings/support/:ticketId',
    href: (ticketId: string) => `/settings/support/${encodeURIComponent(ticketId)}`,
  },
  invite: {
    pattern: '/invite/:userId',
    href: (userId: string) => `/invite/${encodeURIComponent(userId)}`,
  },
  /** The reply link of a staff reply's mail: the thread and a reply box, open to everyone (the token is the proof). */
  supportReply: {
    pattern: '/support/reply/:token',
    href: (token: string) => `/support/reply/${encodeURIComponent(token)}`,
  },
  accountDeleted: '/account-deleted',
  /** The link in every notification mail (`?token=`): turns that kind of mail off, signed in or not. */
  unsubscribe: '/unsubscribe',
  admin: {
    root: '/admin',
    pattern: '/admin/*',
    login: '/admin/login',
    dashboard: '/admin/dashboard',
    users: '/admin/users',
  },
} as const;

/**
 * The gateway's endpoints. Query-string builders return template-literal types (`as const`), so `api` in
 * lib/api-client.ts can check each one against the paths of the gateway's OpenAPI document.
 */
export const apiPaths = {
  auth: {
    user: '/api/auth/user',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    signup: '/api/auth/signup',
    verifyEmail: '/api/auth/verify-email',
    resendVerification: '/api/auth/resend-verification',
    forgotPassword: '/api/auth/forgot-password',
    resetPassword: '/api/auth/reset-password',
    confirmEmailChange: '/api/auth/confirm-email-change',
  },
  settings: {
    username: '/api/settings/username',
    birthData: '/api/settings/birth-data',
    email: '/api/settings/email',
    password: '/api/settings/password',
    emailPreferences: '/api/settings/email-preferences',
    /** The member's consents: analytics and marketing (docs/analytics.md). */
    consent: '/api/settings/consent',
  },
  account: '/api/account',
  onboarding: {
    complete: '/api/onboarding/complete',
  },
  places: {
    search: (query: string) => `/api/places/search?query=${encodeURIComponent(query)}` as const,
    coordinates: (location: string) => `/api/places/coordinates?location=${encodeURIComponent(location)}` as const,
  },
  public: {
    calculateBazi: '/api/public/calculate-bazi',
  },
  /** Readings (docs/api/readings.md). `timezoneOffset` in minutes, as `Date#getTimezoneOffset` (Japan: -540). */
  fortune: {
    daily: (timezoneOffset: number) => `/api/fortune/daily?timezoneOffset=${timezoneOffset}` as const,
    badges: '/api/fortune/badges',
    rate: '/api/fortunes/rate',
    chart: '/api/fortune/chart',
    yearly: (timezoneOffset: number) => `/api/fortune/yearly?timezoneOffset=${timezoneOffset}` as const,
    life: '/api/fortune/life',
  },
  dayInfo: (timezoneOffset: number) => `/api/day-info?timezoneOffset=${timezoneOffset}` as const,
  /** Friends' updates for the caller's local day (the offset as for the daily reading). */
  friendUpdates: (timezoneOffset: number) => `/api/friend-updates?timezoneOffset=${timezoneOffset}` as const,
  /**
   * Friends, requests, search and blocks. A `{userId}` route's builder fills the
   * segment; `api` is then told the documented path (`api.get<'/api/friends/{userId}/compatibility'>(…)`).
   */
  friends: {
    list: '/api/friends',
    search: (query: string, limit: number) =>
      `/api/friends/search?q=${encodeURIComponent(query)}&limit=${limit}` as const,
    requests: '/api/friends/requests',
    request: (userId: string) => `/api/friends/requests/${encodeURIComponent(userId)}` as const,
    accept: (userId: string) => `/api/friends/requests/${encodeURIComponent(userId)}/accept` as const,
    decline: (userId: string) => `/api/friends/requests/${encodeURIComponent(userId)}/decline` as const,
    friend: (userId: string) => `/api/friends/${encodeURIComponent(userId)}` as const,
    compatibility: (userId: string) => `/api/friends/${encodeURIComponent(userId)}/compatibility` as const,
  },
  blocks: {
    list: '/api/blocks',
    block: (userId: string) => `/api/blocks/${encodeURIComponent(userId)}` as const,
  },
  invite: (userId: string) => `/api/invites/${encodeURIComponent(userId)}` as const,
  /**
   * The diary, letters to the future and mentions (docs/api/diary.md). `timezoneOffset` as for the daily
   * reading; `{id}` builders fill the segment (`api.get<'/api/diary/{id}'>(apiPaths.diary.entry(id))`).
   */
  diary: {
    list: '/api/diary',
    page: (cursor: string | null, limit: number) =>
      `/api/diary?${cursor === null ? '' : `cursor=${encodeURIComponent(cursor)}&`}limit=${limit}` as const,
    entry: (id: string) => `/api/diary/${encodeURIComponent(id)}` as const,
    luckyDay: (from: string, timezoneOffset: number) =>
      `/api/diary/lucky-day?from=${encodeURIComponent(from)}&timezoneOffset=${timezoneOffset}` as const,
    letters: '/api/diary/letters',
    letterShown: (id: string) => `/api/diary/letters/${encodeURIComponent(id)}/mark-shown` as const,
  },
  mentions: {
    notifications: '/api/mentions/notifications',
    shown: (id: string) => `/api/mentions/${encodeURIComponent(id)}/mark-shown` as const,
  },
  /**
   * The shop (docs/api/shop.md): the catalogue, checkout, and the development checkout of one purchase;
   * `{purchaseId}` builders fill the segment.
   */
  shop: {
    items: '/api/shop/items',
    checkout: '/api/shop/checkout',
    devCheckout: (purchaseId: string) => `/api/shop/dev-checkout/${encodeURIComponent(purchaseId)}` as const,
  },
  /** The caller's purchases, newest first, and one of them. */
  purchases: {
    list: '/api/purchases',
    purchase: (purchaseId: string) => `/api/purchases/${encodeURIComponent(purchaseId)}` as const,
  },
  /** The caller's credit balance and its latest ledger entries (newest first). */
  creditLedger: (limit: number) => `/api/credits/ledger?limit=${limit}` as const,
  /**
   * The chat with the mascot (docs/api/chat.md). `messages` answers a POST with a `text/event-stream`;
   * `page` reads the history newest first, `before` being the previous page's `nextBefore`.
   */
  chat: {
    status: '/api/chat/status',
    messages: '/api/chat/messages',
    page: (before: string | null, limit: number) =>
      `/api/chat/messages?${before === null ? '' : `before=${encodeURIComponent(before)}&`}limit=${limit}` as const,
    message: (id: string) => `/api/chat/messages/${encodeURIComponent(id)}` as const,
  },
  /**
   * The member's support tickets (docs/api/support.md); the `{id}` builders fill the ticket's segment.
   * `reply` and `replyAttachment` are public: the token of a staff reply's mailed link is the proof.
   */
  support: {
    tickets: '/api/support/tickets',
    ticket: (ticketId: string) => `/api/support/tickets/${encodeURIComponent(ticketId)}` as const,
    messages: (ticketId: string) => `/api/support/tickets/${encodeURIComponent(ticketId)}/messages` as const,
    /** A screenshot of the signed-in member's (someone else's reads as 404). */
    attachment: (attachmentId: string) => `/api/support/attachments/${encodeURIComponent(attachmentId)}` as const,
    /** GET the link's thread, POST an answer to it. */
    reply: (token: string) => `/api/public/support/reply/${encodeURIComponent(token)}` as const,
    /** A screenshot of the link's thread. */
    replyAttachment: (token: string, attachmentId: string) =>
      `/api/public/support/reply/${encodeURIComponent(token)}/attachments/${encodeURIComponent(attachmentId)}` as const,
  },
  /**
   * Analytics (docs/analytics.md): a signed-out visitor's consent on this browser (the cookie is HttpOnly, so
   * the SPA asks) and the batches of page views.
   */
  analytics: {
    consent: '/api/analytics/consent',
    events: '/api/analytics/events',
  },
  /** Public: the token of a notification mail's unsubscribe link turns that kind of mail off. */
  unsubscribe: '/api/unsubscribe',
} as const;
