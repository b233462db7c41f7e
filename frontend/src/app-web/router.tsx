import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';

import { PageViewTracking } from '@/app-web/page-view-tracking';
import { NotFoundScreen } from '@/components/ui/not-found-screen';
import { FullScreenSpinner, PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useForgetEndedSession } from '@/features/auth/hooks/use-end-session';

// Every screen is its own chunk, so the landing page downloads only what it shows.
const loadLanding = () => import(/* webpackChunkName: "route-landing" */ '@/app-web/routes/landing');
const Landing = lazy(loadLanding);
const About = lazy(() => import(/* webpackChunkName: "route-about" */ '@/app-web/routes/about'));
const Login = lazy(() => import(/* webpackChunkName: "route-login" */ '@/app-web/routes/login'));
const Signup = lazy(() => import(/* webpackChunkName: "route-signup" */ '@/app-web/routes/signup'));
const Verify = lazy(() => import(/* webpackChunkName: "route-verify" */ '@/app-web/routes/verify'));
const ForgotPassword = lazy(
  () => import(/* webpackChunkName: "route-forgot-password" */ '@/app-web/routes/forgot-password'),
);
const ResetPassword = lazy(
  () => import(/* webpackChunkName: "route-reset-password" */ '@/app-web/routes/reset-password'),
);
const AppShell = lazy(() => import(/* webpackChunkName: "app-shell" */ '@/app-web/app-shell'));
const Home = lazy(() => import(/* webpackChunkName: "route-home" */ '@/app-web/routes/home'));
const Chat = lazy(() => import(/* webpackChunkName: "route-chat" */ '@/app-web/routes/chat'));
const Profile = lazy(() => import(/* webpackChunkName: "route-profile" */ '@/app-web/routes/profile'));
const Friends = lazy(() => import(/* webpackChunkName: "route-friends" */ '@/app-web/routes/friends'));
const FriendCompatibility = lazy(
  () => import(/* webpackChunkName: "route-friend-compatibility" */ '@/app-web/routes/friend-compatibility'),
);
const Diary = lazy(() => import(/* webpackChunkName: "route-diary" */ '@/app-web/routes/diary'));
const DiaryEntry = lazy(() => import(/* webpackChunkName: "route-diary-entry" */ '@/app-web/routes/diary-entry'));
const Shop = lazy(() => import(/* webpackChunkName: "route-shop" */ '@/app-web/routes/shop'));
const PurchaseHistory = lazy(
  () => import(/* webpackChunkName: "route-purchase-history" */ '@/app-web/routes/purchase-history'),
);
const ShopDevCheckout = lazy(
  () => import(/* webpackChunkName: "route-shop-dev-checkout" */ '@/app-web/routes/shop-dev-checkout'),
);
const Tokushoho = lazy(() => import(/* webpackChunkName: "route-tokushoho" */ '@/app-web/routes/tokushoho'));
const LifeFortune = lazy(() => import(/* webpackChunkName: "route-life-fortune" */ '@/app-web/routes/life-fortune'));
const Settings = lazy(() => import(/* webpackChunkName: "route-settings" */ '@/app-web/routes/settings'));
const SupportTicket = lazy(() => import(/* webpackChunkName: "route-support-ticket" */ '@/app-web/routes/support-ticket'));
const Invite = lazy(() => import(/* webpackChunkName: "route-invite" */ '@/app-web/routes/invite'));
const SupportReply = lazy(() => import(/* webpackChunkName: "route-support-reply" */ '@/app-web/routes/support-reply'));
const ConfirmEmail = lazy(() => import(/* webpackChunkName: "route-confirm-email" */ '@/app-web/routes/confirm-email'));
const Unsubscribe = lazy(() => import(/* webpackChunkName: "route-unsubscribe" */ '@/app-web/routes/unsubscribe'));
const AccountDeleted = lazy(
  () => import(/* webpackChunkName: "route-account-deleted" */ '@/app-web/routes/account-deleted'),
);
const AdminHandoff = lazy(() => import(/* webpackChunkName: "route-admin-handoff" */ '@/app-web/routes/admin-handoff'));
const UnauthorizedRedirect = lazy(
  () => import(/* webpackChunkName: "route-unauthorized" */ '@/app-web/routes/unauthorized-redirect'),
);

/**
 * The route table of spec §2. Which set applies is decided by GET /api/auth/user: signed-in users get the
 * app screens, signed-out visitors the public and account screens; a few routes (the about page among
 * them) exist for both.
 */
export function AppRoutes() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const authLoading = auth.status === 'loading';
  // Right after logout or account deletion the signed-out set applies while the cache is being cleared.
  const sessionEnded = useForgetEndedSession();
  const signedIn = auth.status === 'signed-in' && !sessionEnded;

  // Most visits to / are first visits: fetch the landing screen while the sign-in state is still loading.
  useEffect(() => {
    if (authLoading && pathname === paths.landing) void loadLanding();
  }, [authLoading, pathname]);

  if (authLoading) return <FullScreenSpinner />;

  return (
    <>
      {/* One tracker for every screen, signed in or not: page views, only with consent (issue 26). */}
      <PageViewTracking signedIn={signedIn} />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          {signedIn ? (
            <>
              {/* The app screens share the shell: the bottom navigation (and the app's overlays). */}
              <Route element={<AppShell />}>
                <Route path={paths.home} element={<Home />} />
                <Route path={paths.homeAlias} element={<Home />} />
                <Route path={paths.chat} element={<Chat />} />
                <Route path={paths.profile} element={<Profile />} />
                <Route path={paths.friends} element={<Friends />} />
                <Route path={paths.friendCompatibility.pattern} element={<FriendCompatibility />} />
                <Route path={paths.diary} element={<Diary />} />
                <Route path={paths.diaryEntry.pattern} element={<DiaryEntry />} />
                <Route path={paths.shop} element={<Shop />} />
                <Route path={paths.purchaseHistory} element={<PurchaseHistory />} />
                <Route path={paths.lifeFortune} element={<LifeFortune />} />
                <Route path={paths.settings} element={<Settings />} />
                <Route path={paths.supportTicket.pattern} element={<SupportTicket />} />
              </Route>
              {/* The development checkout stands in for Stripe's page: no app navigation around it. */}
              <Route path={paths.shopDevCheckout.pattern} element={<ShopDevCheckout />} />
              <Route path={paths.auth.login} element={<Login />} />
              {/* Verifying signs in: the verify screen gives way to home. */}
              <Route path={paths.auth.verify} element={<Navigate to={paths.home} replace />} />
            </>
          ) : (
            <>
              <Route path={paths.landing} element={<Landing />} />
              <Route path={paths.homeAlias} element={<UnauthorizedRedirect />} />
              <Route path={paths.auth.login} element={<Login />} />
              <Route path={paths.auth.signup} element={<Signup />} />
              <Route path={paths.auth.verify} element={<Verify />} />
              <Route path={paths.auth.forgotPassword} element={<ForgotPassword />} />
              <Route path={paths.resetPassword} element={<ResetPassword />} />
            </>
          )}
          {/* The about page is a link target from both homes and the public header (spec §2). */}
          <Route path={paths.about} element={<About />} />
          {/* 特定商取引法に基づく表記: linked from the shop and the public footer, readable before signing up. */}
          <Route path={paths.tokushoho} element={<Tokushoho />} />
          <Route path={paths.invite.pattern} element={<Invite />} />
          <Route path={paths.supportReply.pattern} element={<SupportReply />} />
          <Route path={paths.auth.confirmEmail} element={<ConfirmEmail />} />
          {/* The unsubscribe link of every notification mail: no sign-in needed. */}
          <Route path={paths.unsubscribe} element={<Unsubscribe />} />
          <Route path={paths.accountDeleted} element={<AccountDeleted />} />
          <Route path={paths.admin.pattern} element={<AdminHandoff />} />
          <Route path="*" element={<NotFoundScreen homePath={paths.landing} />} />
        </Routes>
      </Suspense>
    </>
  );
}
