import { useLocation } from 'react-router';

import { useVisitorConsent } from '@/features/analytics/api/visitor-consent';
import { usePageViewTracker } from '@/features/analytics/hooks/use-page-view-tracker';
import { useConsent } from '@/features/settings/api/consent';

/**
 * The app's one page-view tracker (issue 26), mounted by the route table for every screen. It records only
 * with consent: a member's account consent (GET /api/settings/consent, the key /settings' プライバシー
 * saves under) or, signed out, this browser's (GET /api/analytics/consent, the key the notice and the
 * footer's dialog save under). Either turning off stops it at once and drops what was queued.
 */
export function PageViewTracking({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const member = useConsent(signedIn);
  const visitor = useVisitorConsent(!signedIn);

  let allowedFor: string | null = null;
  if (signedIn && member.data?.analyticsConsent === true) allowedFor = 'member';
  else if (!signedIn && visitor.data?.analytics === true) allowedFor = 'visitor';

  usePageViewTracker({ pathname, allowedFor });
  return null;
}
