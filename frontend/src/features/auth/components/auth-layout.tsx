import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';

type AuthLayoutProps = {
  title: string;
  /** A sentence under the title. */
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card (to login, signup …). */
  footer?: ReactNode;
  /** Moves focus to the title when it changes, e.g. when a form gives way to its result. */
  focusTitleOnChange?: boolean;
};

/** The frame of the account screens: the brand, one card with a title, and links below it. */
export function AuthLayout({ title, lead, children, footer, focusTitleOnChange = false }: AuthLayoutProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstTitle = useRef(title);

  useEffect(() => {
    if (focusTitleOnChange && title !== firstTitle.current) titleRef.current?.focus();
  }, [focusTitleOnChange, title]);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        py: { xs: 3, sm: 6 },
        background: 'linear-gradient(180deg, #171333 0px, #2e2668 220px, transparent 221px)',
      }}
    >
      <Container component="main" maxWidth="sm" sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Box sx={{ textAlign: 'center', mb: { xs: 2.5, sm: 4 } }}>
          <Link
            to={paths.landing}
            underline="none"
            sx={{ color: '#ffffff', fontWeight: 700, fontSize: '1.5rem', letterSpacing: '0.3em' }}
            aria-label="巡り トップページ"
          >
            巡り
          </Link>
        </Box>
        <Paper elevation={3} sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography
            ref={titleRef}
            tabIndex={-1}
            variant="h2"
            component="h1"
            sx={{ mb: lead ? 1 : 3, textAlign: 'center', outline: 'none' }}
          >
            {title}
          </Typography>
          {lead ? (
            <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
              {lead}
            </Typography>
          ) : null}
          {children}
        </Paper>
        {footer ? (
          <Box sx={{ mt: 3, display: 'grid', gap: 1, justifyItems: 'center', textAlign: 'center' }}>{footer}</Box>
        ) : null}
      </Container>
    </Box>
  );
}
