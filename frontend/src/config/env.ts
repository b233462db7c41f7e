/**
 * Build-time settings, parsed once at start-up. Webpack's DefinePlugin inlines `process.env.MEGURI_*`
 * into the bundle; tests read the real process environment.
 */

function parseApiUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim().replace(/\/+$/, '');
  if (value !== '' && !/^https?:\/\//.test(value)) {
    throw new Error(`invalid: MEGURI_API_URL must be empty or an absolute http(s) URL, got "${value}"`);
  }
  return value;
}

/*
 * Who runs the service (spec §1: a Japanese company). The operator is named in the privacy policy, the
 * terms and the footer's copyright line, and its site is the footer's 運営者サイト link (spec §2). The
 * defaults below are what every build shows unless MEGURI_OPERATOR_NAME and MEGURI_OPERATOR_URL
 * (docs/configuration.md) replace them; an empty setting counts as unset. This is the only place the
 * defaults are written.
 */

export type Operator = {
  /** The company's name, as the legal texts introduce it. */
  name: string;
  /** Its website: an absolute http(s) URL. */
  url: string;
};

export const DEFAULT_OPERATOR: Operator = Object.freeze({
  name: '株式会社メグリ',
  url: 'https://meguri.app/company',
});

export function parseOperatorName(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  return value === '' ? DEFAULT_OPERATOR.name : value;
}

/** The operator's site: the default when unset, else an absolute http(s) URL (it becomes an external link). */
export function parseOperatorUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return DEFAULT_OPERATOR.url;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`invalid: MEGURI_OPERATOR_URL must be empty or an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`invalid: MEGURI_OPERATOR_URL must be empty or an absolute http(s) URL, got "${value}"`);
  }
  return url.href;
}


export const env = {
  /** Origin of the gateway. Empty means the SPA and the API share an origin (the normal deployment). */
  apiUrl: parseApiUrl(process.env.MEGURI_API_URL),
  /** Who runs the service: the defaults above unless the build says otherwise. */
  operator: Object.freeze({
    name: parseOperatorName(process.env.MEGURI_OPERATOR_NAME),
    url: parseOperatorUrl(process.env.MEGURI_OPERATOR_URL),
  }) as Operator,
} as const;
