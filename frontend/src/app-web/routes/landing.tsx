import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { BaziResult } from '@/features/bazi-chart/components/bazi-result';
import { useBaziCalculation } from '@/features/bazi-chart/hooks/use-bazi-calculation';
import { BirthForm } from '@/features/birth-input/components/birth-form';
import { CalculationLoading } from '@/features/landing/components/calculation-loading';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { SignUpCallToAction } from '@/features/landing/components/sign-up-call-to-action';
import { savePreFillBirthData } from '@/lib/birth-data';

type LandingRouteProps = {
  /** Tests shorten the minimum loading time; the app uses the spec's 3 s. */
  minLoadingMs?: number;
};

/** Signed-out `/`: hero, birth form, loading, free chart and the sign-up call to action (spec §2). */
export default function LandingRoute({ minLoadingMs }: LandingRouteProps) {
  const navigate = useNavigate();
  const { state, calculate, reset } = useBaziCalculation(minLoadingMs === undefined ? {} : { minLoadingMs });
  // Starting over remounts the form, which clears everything that was entered.
  const [formGeneration, setFormGeneration] = useState(0);
  const formSection = useRef<HTMLElement>(null);

  const scrollToForm = () => formSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  // The form gives way to the (shorter) loading view and then the result: keep their top in sight.
  useEffect(() => {
    if (state.status !== 'idle') scrollToForm();
  }, [state.status]);

  const startOver = () => {
    reset();
    setFormGeneration((n) => n + 1);
    requestAnimationFrame(scrollToForm);
  };

  const goToSignUp = () => {
    if (state.status !== 'done') return;
    savePreFillBirthData(state.input);
    void navigate(paths.auth.signup);
  };

  return (
    <>
      <LandingHeader />
      <Box component="main">
        <LandingHero onStart={scrollToForm} />
        <Container
          component="section"
          ref={formSection}
          maxWidth="sm"
          aria-label="無料の命式診断"
          sx={{ py: { xs: 5, sm: 8 }, scrollMarginTop: 64 }}
        >
          {/* Kept mounted while loading so a failed calculation returns to the values entered. */}
          <Paper variant="outlined" hidden={state.status !== 'idle'} sx={{ p: { xs: 2.5, sm: 4 } }}>
            <BirthForm key={formGeneration} onSubmit={(input) => void calculate(input)} />
          </Paper>
          {state.status === 'loading' ? <CalculationLoading /> : null}
          {state.status === 'done' ? (
            <BaziResult
              input={state.input}
              result={state.result}
              onReset={startOver}
              footer={<SignUpCallToAction onSignUp={goToSignUp} />}
            />
          ) : null}
        </Container>
      </Box>
      <LandingFooter />
    </>
  );
}
