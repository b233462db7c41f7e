import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';

import { AboutHero } from '@/features/about/components/about-hero';
import { ClosingSection } from '@/features/about/components/closing-section';
import { ConceptSection } from '@/features/about/components/concept-section';
import { FeatureCarousel } from '@/features/about/components/feature-carousel';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';

/** /about (spec §2): hero, the mascot's concept bubbles, the feature carousel, and a sign-up button. */
export default function AboutRoute() {
  const auth = useAuth();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <LandingHeader signedIn={auth.status === 'signed-in'} />
      <Box component="main" sx={{ flex: 1 }}>
        <AboutHero />
        <ConceptSection reducedMotion={reducedMotion} />
        <FeatureCarousel reducedMotion={reducedMotion} />
        <ClosingSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}
