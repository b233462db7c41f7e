/**
 * Build-time settings, parsed once at start-up. Webpack's DefinePlugin inlines `process.env.MEGURI_API_URL`
 * into the bundle; tests read the real process environment.
 */

function parseApiUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim().replace(/\/+$/, '');
  if (value !== '' && !/^https?:\/\//.test(value)) {
    throw new Error(`invalid: MEGURI_API_URL must be empty or an absolute http(s) URL, got "${value}"`);
  }
  return value;
}

export const env = {
  /** Origin of the gateway. Empty means the SPA and the API share an origin (the normal deployment). */
  apiUrl: parseApiUrl(process.env.MEGURI_API_URL),
} as const;
