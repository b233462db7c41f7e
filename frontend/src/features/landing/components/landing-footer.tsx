import { lazy, Suspense, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';

import { Link } from '@/components/ui/link';
import { env, type Operator } from '@/config/env';
import { paths } from '@/config/paths';
import { nightSky } from '@/theme/palette';

// The legal texts are long and rarely opened: each dialog is its own chunk, loaded on the first click.
const PrivacyPolicyDialog = lazy(() =>
  import(/* webpackChunkName: "legal-privacy" */ '@/components/legal/privacy-policy-dialog').then((module) => ({
    default: module.PrivacyPolicyDialog,
  })),
);
const TermsDialog = lazy(() =>
  import(/* webpackChunkName: "legal-terms" */ '@/components/legal/terms-dialog').then((module) => ({
    default: module.TermsDialog,
  })),
);

type OpenDialog = 'privacy' | 'terms' | null;

/** A link of another feature's that the footer shows among its own, styled as they are (`sx`). */
export type FooterLinkComponent = ComponentType<{ sx?: SxProps<Theme> }>;

type LandingFooterProps = {
  /** Who runs the service: config/env.ts unless a test passes its own. */
  operator?: Operator;
  /** 「利用状況の記録」 for a visitor (the analytics feature's dialog), given by the route; none for a member. */
  analyticsLink?: FooterLinkComponent | undefined;
};

const linkSx = {
  color: nightSky.text,
  textDecorationColor: 'rgba(232, 191, 116, 0.6)',
  textUnderlineOffset: '4px',
  fontSize: '0.9rem',
  p: 0.5,
  borderRadius: 1,
  '&:hover': { color: nightSky.gold },
} as const;

/**
 * The public footer (spec §2): about, the two legal texts as modals, the 特定商取引法に基づく表記 page (issue 16),
 * a visitor's analytics choice (issue 26, when the route gives it) and the operator's site.
 */
export function LandingFooter({ operator = env.operator, analyticsLink: AnalyticsLink }: LandingFooterProps) {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  // A dialog stays mounted after closing so its closing transition can play.
  const [mounted, setMounted] = useState<{ privacy: boolean; terms: boolean }>({ privacy: false, terms: false });

  const show = (dialog: Exclude<OpenDialog, null>) => {
    setMounted((m) => ({ ...m, [dialog]: true }));
    setOpenDialog(dialog);
  };
  const close = () => setOpenDialog(null);

  return (
    <Box
      component="footer"
      sx={{
        py: 5,
        px: 2,
        textAlign: 'center',
        color: nightSky.muted,
        bgcolor: nightSky.deep,
        borderTop: '1px solid rgba(232, 191, 116, 0.2)',
      }}
    >
      <Box
        component="nav"
        aria-label="フッター"
        sx={{ mb: 2.5, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1 }}
      >
        <Link to={paths.about} sx={linkSx}>
          巡りについて
        </Link>
        <MuiLink component="button" type="button" onClick={() => show('privacy')} sx={linkSx}>
          プライバシーポリシー
        </MuiLink>
        <MuiLink component="button" type="button" onClick={() => show('terms')} sx={linkSx}>
          利用規約
        </MuiLink>
        <Link to={paths.tokushoho} sx={linkSx}>
          特定商取引法に基づく表記
        </Link>
        {AnalyticsLink ? <AnalyticsLink sx={linkSx} /> : null}
        <MuiLink
          href={operator.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="operator-link"
          sx={{ ...linkSx, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          運営者サイト
          <OpenInNewIcon sx={{ fontSize: '1rem' }} aria-hidden="true" />
          <span className="visually-hidden">（新しいタブで開きます）</span>
        </MuiLink>
      </Box>
      <Typography variant="body2" sx={{ color: nightSky.muted }}>
        © {new Date().getFullYear()} {operator.name}
      </Typography>

      {mounted.privacy ? (
        <Suspense fallback={null}>
          <PrivacyPolicyDialog open={openDialog === 'privacy'} onClose={close} />
        </Suspense>
      ) : null}
      {mounted.terms ? (
        <Suspense fallback={null}>
          <TermsDialog open={openDialog === 'terms'} onClose={close} />
        </Suspense>
      ) : null}
    </Box>
  );
}
