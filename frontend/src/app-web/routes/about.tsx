import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';

import { AboutHero } from '@/features/about/components/about-hero';
import { ClosingSection } from '@/features/about/components/closing-section';
import { ConceptSection } from '@/features/about/components/concept-section';
import { FeatureCarousel } from '@/features/about/components/feature-carousel';
import { VisitorAnalyticsLink } from '@/features/analytics/components/visitor-analytics-link';
import { VisitorAnalyticsNotice } from '@/features/analytics/components/visitor-analytics-notice';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';

/**
 * /about (spec §2): hero, the mascot's concept bubbles, the feature carousel, and a sign-up button.
 * Open to visitors and members alike; a member's header and closing button lead home instead, and only a
 * visitor gets the analytics notice and the footer's 「利用状況の記録」.
 */
export default function AboutRoute() {
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <LandingHeader signedIn={signedIn} />
      <Box component="main" sx={{ flex: 1 }}>
        <AboutHero />
        <ConceptSection reducedMotion={reducedMotion} />
        <FeatureCarousel reducedMotion={reducedMotion} />
        <ClosingSection signedIn={signedIn} />
      </Box>
      <LandingFooter analyticsLink={signedIn ? undefined : VisitorAnalyticsLink} />
      {/* A visitor is asked about analytics (issue 26); a member answers in /settings. */}
      {signedIn ? null : <VisitorAnalyticsNotice />}
    </Box>
  );
}
