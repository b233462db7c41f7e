import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';

import { NotFoundScreen } from '@/components/ui/not-found-screen';
import { PageSpinner } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';

const AdminLogin = lazy(() => import(/* webpackChunkName: "admin-login" */ '@/app-admin/routes/login'));
const AdminShell = lazy(() => import(/* webpackChunkName: "admin-shell" */ '@/app-admin/admin-shell'));
const AdminDashboard = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ '@/app-admin/routes/dashboard'));
const AdminUsers = lazy(() => import(/* webpackChunkName: "admin-users" */ '@/app-admin/routes/users'));
const AdminUser = lazy(() => import(/* webpackChunkName: "admin-user" */ '@/app-admin/routes/user'));
// The Data Grid comes with the inbox's chunk only.
const AdminTickets = lazy(() => import(/* webpackChunkName: "admin-tickets" */ '@/app-admin/routes/tickets'));
const AdminTicket = lazy(() => import(/* webpackChunkName: "admin-ticket" */ '@/app-admin/routes/ticket'));
const AdminAuditLog = lazy(() => import(/* webpackChunkName: "admin-audit-log" */ '@/app-admin/routes/audit-log'));
const AdminStaff = lazy(() => import(/* webpackChunkName: "admin-staff" */ '@/app-admin/routes/staff'));

/**
 * The admin build's routes, all under /admin (spec §2). Every screen but the login sits in the shell, whose
 * guard sends a visitor without a staff session to the login.
 */
export function AdminRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path={adminPaths.root} element={<Navigate to={adminPaths.dashboard} replace />} />
        <Route path={adminPaths.login} element={<AdminLogin />} />
        <Route element={<AdminShell />}>
          <Route path={adminPaths.dashboard} element={<AdminDashboard />} />
          <Route path={adminPaths.users} element={<AdminUsers />} />
          <Route path={adminPaths.user.pattern} element={<AdminUser />} />
          <Route path={adminPaths.tickets} element={<AdminTickets />} />
          <Route path={adminPaths.ticket.pattern} element={<AdminTicket />} />
          <Route path={adminPaths.auditLog} element={<AdminAuditLog />} />
          <Route path={adminPaths.staff} element={<AdminStaff />} />
        </Route>
        <Route path="*" element={<NotFoundScreen homePath={adminPaths.dashboard} />} />
      </Routes>
    </Suspense>
  );
}
