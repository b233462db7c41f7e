import { paths } from '@/config/paths';

/**
 * Where the admin login goes once it succeeds, from its `?next=` (adminPaths.loginThen): only a page of the
 * admin build, and never the login itself. Anything else — another site (`//host`, `https://…`), a member
 * page, `javascript:` — or no value is null, and the login goes to the dashboard.
 */
export function adminReturnPath(raw: string | null): string | null {
  if (raw === null || !raw.startsWith('/')) return null;
  const base = 'http://meguri.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const { pathname } = url;
  if (pathname !== paths.admin.root && !pathname.startsWith(`${paths.admin.root}/`)) return null;
  if (pathname === paths.admin.login || pathname.startsWith(`${paths.admin.login}/`)) return null;
  return `${pathname}${url.search}${url.hash}`;
}
