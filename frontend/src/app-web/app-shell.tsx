import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { OnboardingMount } from '@/app-web/onboarding-mount';
import { ShellLayout } from '@/components/layouts/shell-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DiaryNotices } from '@/features/diary/components/diary-notices';

/**
 * The layout route of the signed-in screens (router.tsx): the screen above the bottom navigation.
 * The navigation stays while a screen's chunk loads. Overlays of the signed-in app (the onboarding
 * overlay, the mention dialog) mount here, one line each, inside the router and above the screens.
 */
export default function AppShell() {
  const auth = useAuth();
  return (
    <ShellLayout>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      {/* Overlays of the signed-in app, one line each, outside the screens' Suspense. */}
      <OnboardingMount />
      {auth.status === 'signed-in' ? <DiaryNotices username={auth.user.username ?? ''} /> : null}
    </ShellLayout>
  );
}
