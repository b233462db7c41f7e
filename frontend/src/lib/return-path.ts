/**
 * Where a login (the member app's or the admin build's) goes once it succeeds when a page sent the person
 * there with `?next=`: only a path of this site. Anything that would leave it — `//host`, `/\host`,
 * `https://…`, `javascript:` — or no value at all is null, and the login goes to its usual page.
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
