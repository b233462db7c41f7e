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

/** The operator's site: empty, or an absolute http(s) URL (it becomes an external link in the footer). */
export function parseOperatorUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return '';
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
  /** The operating company's name as it appears in the legal texts; empty when not configured. */
  operatorName: (process.env.MEGURI_OPERATOR_NAME ?? '').trim(),
  /** The operating company's website; empty when not configured (the footer link is then hidden). */
  operatorUrl: parseOperatorUrl(process.env.MEGURI_OPERATOR_URL),
} as const;
