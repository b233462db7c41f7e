import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';

/**
 * The layout route of the signed-in admin screens (router.tsx): the guard, then the app bar and the side
 * navigation around the screen. The frame stays while a screen's chunk loads.
 */
export default function AdminShell() {
  return (
    <RequireAdminSession>
      <AdminLayout>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </AdminLayout>
    </RequireAdminSession>
  );
}
