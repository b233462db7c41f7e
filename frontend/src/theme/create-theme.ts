import { createTheme as createMuiTheme, type Theme } from '@mui/material/styles';

import { MuiButton } from '@/theme/components/mui-button';
import { MuiButtonBase } from '@/theme/components/mui-button-base';
import { MuiDialog } from '@/theme/components/mui-dialog';
import { MuiPaper } from '@/theme/components/mui-paper';
import { MuiTooltip } from '@/theme/components/mui-tooltip';
import { palette } from '@/theme/palette';
import { typography } from '@/theme/typography';

export function createTheme(): Theme {
  return createMuiTheme({
    palette,
    typography,
    shape: { borderRadius: 12 },
    components: { MuiButton, MuiButtonBase, MuiDialog, MuiPaper, MuiTooltip },
  });
}
