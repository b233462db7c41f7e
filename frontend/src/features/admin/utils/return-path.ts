import { paths } from '@/config/paths';
import { returnPath } from '@/lib/return-path';

/**
 * Where the admin login goes once it succeeds, from its `?next=` (adminPaths.loginThen): a path of this site
 * (lib/return-path) that is a page of the admin build and not the login itself. Anything else — another
 * site, a member page, `javascript:` — or no value is null, and the login goes to the dashboard.
 */
export function adminReturnPath(raw: string | null): string | null {
  const path = returnPath(raw);
  if (path === null) return null;
  const { pathname } = new URL(path, 'http://meguri.invalid');
  if (pathname !== paths.admin.root && !pathname.startsWith(`${paths.admin.root}/`)) return null;
  if (pathname === paths.admin.login || pathname.startsWith(`${paths.admin.login}/`)) return null;
  return path;
}
