import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

import type { BaziAnalysis, TimeCorrection } from '@/lib/bazi';

const loadDetails = () =>
  import(/* webpackChunkName: "bazi-details" */ '@/features/bazi-chart/components/bazi-details').then(
    (module) => ({ default: module.BaziDetails }),
    // A chunk that fails to download (e.g. after a deploy) must not take the whole result down with it.
    () => ({
      default: () => (
        <Typography role="alert" color="error">
          命式の詳細を読み込めませんでした。ページを再読み込みしてください。
        </Typography>
      ),
    }),
  );

// Its own chunk: the tables are only downloaded when someone opens them.
const BaziDetails = lazy(loadDetails);

type BaziDetailsSectionProps = {
  analysis: BaziAnalysis;
  time?: TimeCorrection | null;
};

/** 命式の詳細: collapsed behind a button; opening it loads the tables. */
export function BaziDetailsSection({ analysis, time }: BaziDetailsSectionProps) {
  const [open, setOpen] = useState(false);
  // Once loaded the panel stays mounted, so closing and reopening is instant.
  const [loaded, setLoaded] = useState(false);

  return (
    <Box component="section" aria-labelledby="bazi-details-title" sx={{ mt: 4 }}>
      <Typography id="bazi-details-title" variant="h3" component="h3" sx={{ mb: 1.5 }}>
        命式の詳細
      </Typography>
      <Button
        variant="outlined"
        aria-expanded={open}
        aria-controls="bazi-details-panel"
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 200ms' }} />}
        // Start the download as soon as the button is pointed at or focused.
        onPointerEnter={() => void loadDetails()}
        onFocus={() => void loadDetails()}
        onClick={() => {
          setOpen(!open);
          setLoaded(true);
        }}
      >
        {open ? '閉じる' : '命式の詳細を見る'}
      </Button>
      <Box id="bazi-details-panel" hidden={!open} sx={{ mt: 2 }}>
        {loaded ? (
          <Suspense
            fallback={
              <Typography role="status" color="text.secondary">
                読み込み中…
              </Typography>
            }
          >
            <BaziDetails analysis={analysis} time={time ?? null} />
          </Suspense>
        ) : null}
      </Box>
    </Box>
  );
}
