import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SWRConfig } from 'swr';

import { Toaster } from '@/components/ui/toast/toaster';
import { swrConfig } from '@/lib/swr-config';
import { createTheme } from '@/theme/create-theme';

/** What both builds (app and admin) wrap their screens in: theme, data-fetching defaults, the toaster. */
export function BaseProviders({ children }: { children: ReactNode }) {
  const theme = useMemo(() => createTheme(), []);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
      <Toaster />
    </ThemeProvider>
  );
}
