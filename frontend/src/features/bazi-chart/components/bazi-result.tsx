import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RestartAltIcon from '@mui/icons-material/RestartAlt';

import { BalanceReadingCard } from '@/components/bazi/balance-reading-card';
import type { BaziCalculation } from '@/features/bazi-chart/api/calculate-bazi';
import { BaziDetailsSection } from '@/features/bazi-chart/components/bazi-details-section';
import { ElementCircles } from '@/features/bazi-chart/components/element-circles';
import { PillarChart } from '@/features/bazi-chart/components/pillar-chart';
import type { BirthInput } from '@/lib/birth-data';
import { formatCalendarDate } from '@/lib/dates';

// Loaded on first use, like every dialog on the landing page.
const ResetDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-reset" */ '@/features/bazi-chart/components/reset-dialog').then((module) => ({
    default: module.ResetDialog,
  })),
);

type BaziResultProps = {
  input: BirthInput;
  result: BaziCalculation;
  /** Called after the user confirms starting over. */
  onReset: () => void;
  /** Shown under the chart, e.g. the sign-up call to action. */
  footer?: ReactNode;
};

/**
 * The free chart: four pillars, the five elements, the details on request, and a reset that asks before
 * clearing everything.
 */
export function BaziResult({ input, result, onReset, footer }: BaziResultProps) {
  const [confirmingReset, setConfirmingReset] = useState(false);

  return (
    <Box component="section" aria-labelledby="bazi-result-title" data-testid="bazi-result">
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, position: 'relative' }}>
        <IconButton
          aria-label="最初からやり直す"
          title="最初からやり直す"
          onClick={() => setConfirmingReset(true)}
          sx={{ position: 'absolute', top: 12, right: 12 }}
        >
          <RestartAltIcon />
        </IconButton>
        <Typography id="bazi-result-title" variant="h2" sx={{ textAlign: 'center', mb: 0.5 }}>
          あなたの命式
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
          {formatCalendarDate(input.birthDate)} {input.birthTime} ・ {input.birthLocation}
        </Typography>

        <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
          四柱
        </Typography>
        <PillarChart chart={result.baziChart} />

        <Typography variant="h3" component="h3" sx={{ mt: 4, mb: 2 }}>
          五行のバランス
        </Typography>
        <ElementCircles elements={result.elements} />
        <BalanceReadingCard elements={result.elements} />

        {/* Older answers have no analysis: then there is nothing to detail. */}
        {result.analysis ? <BaziDetailsSection analysis={result.analysis} time={result.time} /> : null}
      </Paper>
      {footer}
      {confirmingReset ? (
        <Suspense fallback={null}>
          <ResetDialog
            open
            onCancel={() => setConfirmingReset(false)}
            onConfirm={() => {
              setConfirmingReset(false);
              onReset();
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
