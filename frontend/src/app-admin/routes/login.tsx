import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';

import { adminPaths } from '@/config/admin-paths';
import { AdminLoginForm } from '@/features/admin/components/admin-login-form';
import type { AdminLoginState } from '@/features/admin/components/require-admin-session';
import { useAdminSession } from '@/features/admin/stores/admin-session';
import { adminReturnPath } from '@/features/admin/utils/return-path';

/**
 * /admin/login. Signed in, it goes on to `?next=` (the page a guard or an ended session came from) or the
 * dashboard; a session that ran out says so above the form.
 */
export default function AdminLoginRoute() {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: AdminLoginState | null };
  const navigate = useNavigate();
  const { session } = useAdminSession();
  const next = adminReturnPath(params.get('next')) ?? adminPaths.dashboard;

  if (session !== null) return <Navigate to={next} replace />;
  return (
    <AdminLoginForm
      sessionExpired={state?.sessionExpired === true}
      onSignedIn={() => void navigate(next, { replace: true })}
    />
  );
}
