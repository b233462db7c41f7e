/** Business constants and limits from the product spec (section 9). */

/** Screen data counts as fresh for 5 minutes. */
export const DATA_FRESH_MS = 300_000;

/** While the chart is being built the current user is polled this often (spec §4, §9). */
export const CHART_POLL_MS = 3000;
/** A yearly or life report that is still being written is asked for again this often. */
export const REPORT_POLL_MS = 3000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A dismissed toast stays mounted (closed) this long before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export const PLACE_SEARCH_DEBOUNCE_MS = 300;
export const MAX_PLACE_SUGGESTIONS = 5;

/** The chart calculation shows its loading state at least this long in total. */
export const MIN_CALCULATION_LOADING_MS = 3000;

/** Year choices: the last 100 years, the current one included. */
export const YEAR_CHOICES = 100;

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** The landing header hides once the page is scrolled past this and returns when scrolling pauses. */
export const HEADER_HIDE_SCROLL_PX = 100;
export const HEADER_REAPPEAR_MS = 1000;

/** The landing intro: four text phases, then the fade (ms); the hero appears HERO_REVEAL_DELAY_MS later. */
export const INTRO_PHASE_MS = [2000, 2000, 2000, 2000] as const;
export const INTRO_FADE_MS = 500;
export const HERO_REVEAL_DELAY_MS = 300;
/** With prefers-reduced-motion the intro's text phases are this short and nothing fades. */
export const INTRO_REDUCED_PHASE_MS = 600;
/** Local-storage flag: once set, the intro is not played again. */
export const LANDING_ANIMATION_FLAG = 'hasSeenLandingAnimation';

/**
 * Tooltips (spec §9): one opens 700 ms after the pointer or the keyboard focus arrives; moving on to
 * another within 300 ms of the last one closing opens the next at once (theme/components/mui-tooltip.ts,
 * components/ui/tooltip.tsx).
 */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** About page: the mascot's speech bubbles change this often; the feature carousel advances this often. */
export const BUBBLE_ROTATION_MS = 5000;
export const CAROUSEL_INTERVAL_MS = 6000;

/**
 * The first-run onboarding overlay (spec §2, §4, §9): intro, 13-step tour, closing screen.
 * Local-storage flag `{product}_onboarding_completed`: once set, the overlay does not start on its own.
 */
export const ONBOARDING_FLAG = 'meguri_onboarding_completed';
/** `?replay-tutorial=true` clears the flag and plays the onboarding again. */
export const ONBOARDING_REPLAY_PARAM = 'replay-tutorial';
/** Intro: up to 3 transmission beeps, played at 1.5× speed. */
export const ONBOARDING_MAX_BEEPS = 3;
export const ONBOARDING_AUDIO_RATE = 1.5;
export const ONBOARDING_STAR_COUNT = 60;
/** Intro: the message fades in over 3 s and out over 1 s; skipping fades the intro out over 0.5 s. */
export const ONBOARDING_MESSAGE_FADE_IN_MS = 3000;
export const ONBOARDING_MESSAGE_FADE_OUT_MS = 1000;
export const ONBOARDING_SKIP_FADE_MS = 500;
/** Intro greeting: 50 ms per character after a 0.5 s start, 2 s pause at a blank line; buttons 2 s after. */
export const GREETING_CHAR_MS = 50;
export const GREETING_START_DELAY_MS = 500;
export const GREETING_BREAK_PAUSE_MS = 2000;
export const GREETING_BUTTONS_DELAY_MS = 2000;
/** Tour: each step's text types at 30 ms per character after 300 ms. */
export const TOUR_CHAR_MS = 30;
export const TOUR_START_DELAY_MS = 300;
export const TOUR_BUBBLE_MAX_WIDTH_PX = 360;
export const TOUR_VIEWPORT_MARGIN_PX = 16;
export const TOUR_HIGHLIGHT_MARGIN_PX = 8;
/** A step looks for its target this often, and gives up (bubble centred, no highlight) after this long. */
export const TOUR_TARGET_RETRY_MS = 100;
export const TOUR_TARGET_WAIT_MS = 3000;
/** '完了' on the last step: fade out, then finish after 1 s. */
export const TOUR_FINISH_MS = 1000;
/** Closing screen: first line, second line, fade-out, done (ms from its start). */
export const CLOSING_TIMELINE_MS = { firstLine: 1000, secondLine: 3000, fadeOut: 5500, done: 7500 } as const;

/** Accounts (spec §5, §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const VERIFICATION_CODE_LENGTH = 6;
/** Used when a resend is refused without saying how long to wait. */
export const DEFAULT_RESEND_COOLDOWN_SECONDS = 60;

/** Home display caps (spec §9). */
export const HOME_MAX_DAY_INFO_BADGES = 3;
export const HOME_MAX_DOS_DONTS = 3;
export const HOME_MAX_FRIEND_UPDATES = 3;
/** The longest feedback text the rating endpoint takes (docs/api/readings.md). */
export const FORTUNE_FEEDBACK_MAX_LENGTH = 1000;

/** Friends: the search box waits this long after typing stops, asks for at most this many. */
export const FRIEND_SEARCH_DEBOUNCE_MS = 300;
export const FRIEND_SEARCH_LIMIT = 20;
/** The gateway refuses longer queries (INVALID_SEARCH_QUERY: ユーザー名を30文字以内で入力してください). */
export const FRIEND_SEARCH_MAX_LENGTH = 30;
/** A compatibility that is still being worked out is asked for again this often. */
export const COMPATIBILITY_POLL_MS = 3000;

/**
 * The share image of a friend update (spec §7, §9): drawn on the template (public/share-template.png,
 * 1015×1350), its text 850 px wide starting 82 px from the left.
 */
export const SHARE_IMAGE = {
  templateUrl: '/share-template.png',
  width: 1015,
  height: 1350,
  textWidth: 850,
  marginLeft: 82,
} as const;

/**
 * The diary (docs/api/diary.md): content is 1–1000 characters once trimmed (Unicode scalar values, as the
 * server counts); a letter to the future is delivered from tomorrow up to 10 years ahead; the list is read
 * this many entries a page.
 */
export const DIARY_CONTENT_MAX_LENGTH = 1000;
export const LETTER_MAX_YEARS_AHEAD = 10;
export const DIARY_PAGE_SIZE = 20;
/** Local-storage key prefix of the diary draft; one draft per member (`meguri_diary_draft:<userId>`). */
export const DIARY_DRAFT_KEY_PREFIX = 'meguri_diary_draft:';

/**
 * The shop's return from checkout (issue 16): a purchase still pending when the buyer comes back is asked
 * for again this often until the payment provider's webhook lands, and for at most this long; after that
 * the screen says the credits will follow.
 */
export const PURCHASE_POLL_MS = 2000;
export const PURCHASE_POLL_LIMIT_MS = 60_000;
/** How many credit-ledger entries /purchase-history shows. */
export const LEDGER_ENTRIES_SHOWN = 50;
/**
 * The chat (docs/api/chat.md): the history is read this many messages a page. What a message costs and
 * the longest message come from GET /api/chat/status; these are shown until it has answered.
 */
export const CHAT_PAGE_SIZE = 20;
export const CHAT_DEFAULT_CREDITS_PER_MESSAGE = 1;
export const CHAT_DEFAULT_MAX_MESSAGE_LENGTH = 500;
/** A reply still being written when the history was read (e.g. sent from another tab) is asked for again this often. */
export const CHAT_PENDING_POLL_MS = 3000;

/**
 * Page views (issue 26, docs/analytics.md): queued and sent every 10 s, at once when 20 are waiting, and with
 * `navigator.sendBeacon` when the page is hidden. The gateway takes at most 50 events and 16 KiB a batch, a
 * path of at most 200 characters and a referrer of at most 2000.
 */
export const ANALYTICS_FLUSH_INTERVAL_MS = 10_000;
export const ANALYTICS_FLUSH_AT_EVENTS = 20;
export const ANALYTICS_MAX_BATCH_EVENTS = 50;
export const ANALYTICS_MAX_BATCH_BYTES = 16 * 1024;
export const ANALYTICS_MAX_PATH_LENGTH = 200;
export const ANALYTICS_MAX_REFERRER_LENGTH = 2000;
/** Local-storage key of a visitor's answer to the analytics notice: 'granted', 'denied' or 'dismissed'. */
export const ANALYTICS_NOTICE_KEY = 'meguri.analyticsNotice';
