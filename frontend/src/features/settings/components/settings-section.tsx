import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type SettingsSectionProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** A warning look for the section that deletes the account. */
  danger?: boolean;
};

/** One titled card of the settings screen. */
export function SettingsSection({ title, description, children, danger = false }: SettingsSectionProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, borderColor: danger ? 'error.light' : undefined }}
    >
      <Typography id={titleId} variant="h4" component="h2" sx={{ mb: description ? 0.5 : 2, color: danger ? 'error.main' : undefined }}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}
