import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';

import { AboutHero } from '@/features/about/components/about-hero';
import { ClosingSection } from '@/features/about/components/closing-section';
import { ConceptSection } from '@/features/about/components/concept-section';
import { FeatureCarousel } from '@/features/about/components/feature-carousel';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';

/**
 * /about (spec §2): hero, the mascot's concept bubbles, the feature carousel, and a sign-up button.
 * Open to visitors and members alike; a member's header and closing button lead home instead.
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
      <LandingFooter />
    </Box>
  );
}
