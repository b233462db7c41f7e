import { lazy, Suspense, useState } from 'react';
import MuiLink from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';

// Its own chunk, loaded on the first click.
const VisitorAnalyticsDialog = lazy(() =>
  import(/* webpackChunkName: "analytics-consent" */ '@/features/analytics/components/visitor-analytics-dialog').then(
    (module) => ({ default: module.VisitorAnalyticsDialog }),
  ),
);

/**
 * 「利用状況の記録」 in the public footer (the landing feature's `FooterLinkComponent` slot): opens the dialog
 * where a visitor changes their analytics answer. Styled as the footer's other links.
 */
export function VisitorAnalyticsLink({ sx }: { sx?: SxProps<Theme> }) {
  const [open, setOpen] = useState(false);
  // Each opening is a fresh dialog (its switch starts from what is stored); it stays mounted to close smoothly.
  const [opened, setOpened] = useState(0);

  const show = () => {
    setOpened((n) => n + 1);
    setOpen(true);
  };

  return (
    <>
      <MuiLink component="button" type="button" onClick={show} sx={sx}>
        利用状況の記録
      </MuiLink>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <VisitorAnalyticsDialog key={opened} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
