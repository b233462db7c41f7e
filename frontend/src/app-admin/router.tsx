import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';

import { NotFoundScreen } from '@/components/ui/not-found-screen';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

const AdminLogin = lazy(() => import(/* webpackChunkName: "admin-login" */ '@/app-admin/routes/login'));
const AdminDashboard = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ '@/app-admin/routes/dashboard'));
const AdminUsers = lazy(() => import(/* webpackChunkName: "admin-users" */ '@/app-admin/routes/users'));

/** The admin build's routes, all under /admin (spec §2). */
export function AdminRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path={paths.admin.root} element={<Navigate to={paths.admin.dashboard} replace />} />
        <Route path={paths.admin.login} element={<AdminLogin />} />
        <Route path={paths.admin.dashboard} element={<AdminDashboard />} />
        <Route path={paths.admin.users} element={<AdminUsers />} />
        <Route path="*" element={<NotFoundScreen homePath={paths.admin.dashboard} />} />
      </Routes>
    </Suspense>
  );
}
