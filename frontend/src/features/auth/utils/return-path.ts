/**
 * Where login goes once it succeeds when a page sent the visitor there with `?next=` (paths.auth.loginThen):
 * only a path of this app. Anything that would leave it — `//host`, `/\host`, `https://…`, `javascript:` —
 * or no value at all is null, and login goes home as usual.
 */
export function returnPath(raw: string | null): string | null {
  if (raw === null || !raw.startsWith('/')) return null;
  const base = 'http://meguri.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
