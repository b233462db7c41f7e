import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { useHiddenWhileScrolling } from '@/features/landing/hooks/use-hidden-while-scrolling';
import { nightSky } from '@/theme/palette';

type LandingHeaderProps = {
  /** True when GET /api/auth/user returned a user: the button then leads to the user's home. */
  signedIn: boolean;
};

/**
 * The public pages' header (spec §2): the name, a link to the about page, and one button — 'ログイン / 登録',
 * or 'マイページ' for a signed-in user. It steps aside while the page is scrolled below 100 px and returns 1 s after scrolling
 * stops; it never hides while it holds the keyboard focus.
 */
export function LandingHeader({ signedIn }: LandingHeaderProps) {
  const scrolledAway = useHiddenWhileScrolling();
  const [focusWithin, setFocusWithin] = useState(false);
  const hidden = scrolledAway && !focusWithin;
  const onAbout = useLocation().pathname === paths.about;

  return (
    <Box
      component="header"
      data-hidden={hidden}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
      }}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 'appBar',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: { xs: 2, sm: 4 },
        py: 1.25,
        color: nightSky.text,
        bgcolor: 'rgba(15, 12, 38, 0.78)',
        backdropFilter: 'blur(10px)',
        borderBottom: '1px solid rgba(232, 191, 116, 0.18)',
        transform: hidden ? 'translateY(-100%)' : 'none',
        opacity: hidden ? 0 : 1,
        // Hidden also means out of the tab order and the accessibility tree, once the slide has finished.
        visibility: hidden ? 'hidden' : 'visible',
        transition: hidden
          ? 'transform 300ms ease, opacity 300ms ease, visibility 0s linear 300ms'
          : 'transform 300ms ease, opacity 300ms ease, visibility 0s',
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      }}
    >
      <Box sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 1 }}>
        <Box
          component={RouterLink}
          to={paths.landing}
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            fontSize: '1.25rem',
            letterSpacing: '0.25em',
            borderRadius: 1,
          }}
        >
          巡り<span className="visually-hidden">（トップページへ）</span>
        </Box>
        <Box
          component="span"
          aria-hidden="true"
          sx={{ fontSize: '0.7rem', letterSpacing: '0.3em', color: nightSky.muted, display: { xs: 'none', sm: 'inline' } }}
        >
          MEGURI
        </Box>
      </Box>
      <Box component="nav" aria-label="ヘッダー" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 } }}>
        <Box
          component={RouterLink}
          to={paths.about}
          aria-current={onAbout ? 'page' : undefined}
          sx={{
            color: 'inherit',
            fontSize: '0.85rem',
            whiteSpace: 'nowrap',
            textDecoration: onAbout ? 'underline' : 'none',
            textDecorationColor: nightSky.gold,
            textUnderlineOffset: '6px',
            px: 0.5,
            py: 0.75,
            borderRadius: 1,
            '&:hover': { color: nightSky.gold },
          }}
        >
          巡りについて
        </Box>
        <Button
          component={RouterLink}
          to={signedIn ? paths.homeAlias : paths.auth.login}
          variant="contained"
          color="secondary"
          size="small"
        >
          {signedIn ? 'マイページ' : 'ログイン / 登録'}
        </Button>
      </Box>
    </Box>
  );
}
