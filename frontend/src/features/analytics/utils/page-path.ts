import { matchPath } from 'react-router';

import { ANALYTICS_MAX_PATH_LENGTH, ANALYTICS_MAX_REFERRER_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';

/** Routes whose path carries a secret: recorded as their pattern, never with the secret. */
const SECRET_ROUTES: readonly string[] = [paths.supportReply.pattern];

/**
 * The path a page view records: the route's pathname only (the query string and the hash never reach this:
 * the caller passes `location.pathname`), a route with a secret in its path (a mailed reply link's token) as
 * its pattern, and at most the 200 characters the gateway takes.
 */
export function pagePath(pathname: string): string {
  const secret = SECRET_ROUTES.find((pattern) => matchPath(pattern, pathname) !== null);
  const path = secret ?? (pathname.startsWith('/') ? pathname : `/${pathname}`);
  return path.slice(0, ANALYTICS_MAX_PATH_LENGTH);
}

/**
 * `document.referrer` as it may be recorded: origin and path (the gateway keeps no more; a query string can
 * carry a token or a search), a page of this app (`ownOrigin`) as `pagePath` records it, '' for none or
 * anything that is not an http(s) URL.
 */
export function trimmedReferrer(referrer: string, ownOrigin: string): string {
  if (referrer === '') return '';
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    const path = url.origin === ownOrigin ? pagePath(url.pathname) : url.pathname;
    return `${url.origin}${path}`.slice(0, ANALYTICS_MAX_REFERRER_LENGTH);
  } catch {
    return '';
  }
}
