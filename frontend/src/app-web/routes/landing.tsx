import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { VisitorAnalyticsLink } from '@/features/analytics/components/visitor-analytics-link';
import { VisitorAnalyticsNotice } from '@/features/analytics/components/visitor-analytics-notice';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DstChoicePicker } from '@/components/bazi/dst-choice-picker';
import { BaziResult } from '@/features/bazi-chart/components/bazi-result';
import { useBaziCalculation } from '@/features/bazi-chart/hooks/use-bazi-calculation';
import { BirthForm } from '@/features/birth-input/components/birth-form';
import { CalculationLoading } from '@/features/landing/components/calculation-loading';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { LandingIntro } from '@/features/landing/components/landing-intro';
import { SignUpCallToAction } from '@/features/landing/components/sign-up-call-to-action';
import { useLandingIntro } from '@/features/landing/hooks/use-landing-intro';
import { savePreFillBirthData } from '@/lib/birth-data';

type LandingRouteProps = {
  /** Tests shorten the minimum loading time; the app uses the spec's 3 s. */
  minLoadingMs?: number;
};

/**
 * Signed-out `/` (spec §2, §4): the intro on a first visit, then the hero, the birth form, loading, the
 * free chart and the sign-up call to action; after the intro, the analytics notice (issue 26).
 */
export default function LandingRoute({ minLoadingMs }: LandingRouteProps) {
  const navigate = useNavigate();
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const intro = useLandingIntro({ reducedMotion });
  const { state, calculate, reset } = useBaziCalculation(minLoadingMs === undefined ? {} : { minLoadingMs });
  // Starting over remounts the form, which clears everything that was entered.
  const [formGeneration, setFormGeneration] = useState(0);
  const formSection = useRef<HTMLElement>(null);
  const heroTitle = useRef<HTMLHeadingElement>(null);

  const scrollToForm = () =>
    formSection.current?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });

  // The form gives way to the (shorter) loading view and then the result: keep their top in sight.
  useEffect(() => {
    if (state.status !== 'idle' && state.status !== 'choosing') formSection.current?.scrollIntoView({ block: 'start' });
  }, [state.status]);

  // Skipping removes the focused skip button: hand the focus to the page's title instead of losing it.
  useEffect(() => {
    if (intro.skipped && !intro.overlay) heroTitle.current?.focus({ preventScroll: true });
  }, [intro.skipped, intro.overlay]);

  const startOver = () => {
    reset();
    setFormGeneration((n) => n + 1);
    requestAnimationFrame(scrollToForm);
  };

  const goToSignUp = () => {
    if (signedIn) {
      void navigate(paths.homeAlias);
      return;
    }
    if (state.status !== 'done') return;
    savePreFillBirthData(state.input);
    void navigate(paths.auth.signup);
  };

  return (
    <>
      {intro.overlay ? (
        <LandingIntro phase={intro.phase} fading={intro.fading} fadeMs={intro.timeline.fadeMs} onSkip={intro.skip} />
      ) : null}
      {/* While the intro covers the page, nothing behind it can be reached. */}
      <Box inert={intro.overlay} sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <LandingHeader signedIn={signedIn} />
        <Box component="main" sx={{ flex: 1 }}>
          <LandingHero onStart={scrollToForm} revealed={intro.heroVisible} titleRef={heroTitle} />
          <Box
            sx={{
              background: 'linear-gradient(180deg, #3d3478 0, #efeaf6 220px, #faf7f2 520px)',
            }}
          >
            <Container
              component="section"
              ref={formSection}
              maxWidth="sm"
              aria-label="無料の命式診断"
              sx={{ py: { xs: 4, sm: 7 }, px: { xs: 1.5, sm: 3 }, scrollMarginTop: 72 }}
            >
              {/* Kept mounted while loading so a failed calculation returns to the values entered. */}
              <Paper
                elevation={0}
                hidden={state.status !== 'idle' && state.status !== 'choosing'}
                sx={{ p: { xs: 2.5, sm: 4 }, boxShadow: '0 18px 48px rgba(23, 19, 51, 0.18)' }}
              >
                <BirthForm key={formGeneration} onSubmit={(input) => void calculate(input)} />
                {state.status === 'choosing' ? (
                  <DstChoicePicker
                    options={state.options}
                    onChoose={(dstChoice) => void calculate({ ...state.input, dstChoice })}
                  />
                ) : null}
              </Paper>
              {state.status === 'loading' ? <CalculationLoading /> : null}
              {state.status === 'done' ? (
                <BaziResult
                  input={state.input}
                  result={state.result}
                  onReset={startOver}
                  footer={<SignUpCallToAction onSignUp={goToSignUp} signedIn={signedIn} />}
                />
              ) : null}
            </Container>
          </Box>
        </Box>
        <LandingFooter analyticsLink={signedIn ? undefined : VisitorAnalyticsLink} />
      </Box>
      {/* Not over the intro: it waits until the page itself shows. */}
      {!signedIn && !intro.overlay ? <VisitorAnalyticsNotice /> : null}
    </>
  );
}
