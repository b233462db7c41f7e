import { lazy, Suspense } from 'react';

// Its own small chunk, fetched by signed-in users alone; the overlay is another, fetched only when it starts.
const OnboardingGate = lazy(() => import(/* webpackChunkName: "onboarding-gate" */ '@/app-web/onboarding-gate'));

/**
 * The first-run onboarding of the signed-in app, as one element to place in its signed-in part (the app
 * shell). It sits outside any Suspense boundary that can fall back while a screen loads: React hides a
 * suspended boundary's portals too, which would hide the overlay.
 */
export function OnboardingMount() {
  return (
    <Suspense fallback={null}>
      <OnboardingGate />
    </Suspense>
  );
}
