import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';

import { HOME_MAX_DAY_INFO_BADGES } from '@/config/constants';
import type { DayInfo } from '@/features/home/api/get-day-info';

/**
 * The day's almanac marks (spec §2): at most three, most notable first. Choosing one shows what it
 * means; choosing it again puts the text away. Nothing is shown while they load, or if there are none.
 */
export function DayInfoBadges({ items, className }: { items: DayInfo[] | undefined; className?: string }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const shown = (items ?? []).slice(0, HOME_MAX_DAY_INFO_BADGES);
  if (shown.length === 0) return null;
  const selected = shown.find((item) => item.id === selectedId);

  return (
    <Box component="section" className={className} aria-labelledby={titleId}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '0.95rem', letterSpacing: '0.12em', color: 'text.secondary', mb: 1 }}>
        今日の暦
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {shown.map((item) => {
          const active = item.id === selectedId;
          return (
            <ButtonBase
              key={item.id}
              aria-pressed={active}
              aria-expanded={active}
              aria-controls={descriptionId}
              onClick={() => setSelectedId(active ? null : item.id)}
              sx={{
                px: 2,
                py: 0.75,
                borderRadius: 999,
                fontSize: '0.9rem',
                fontWeight: 700,
                letterSpacing: '0.06em',
                border: '1px solid',
                borderColor: active ? 'primary.main' : 'rgba(61, 52, 120, 0.25)',
                bgcolor: active ? 'primary.main' : 'background.paper',
                color: active ? 'primary.contrastText' : 'primary.main',
                transition: 'background-color 150ms ease, color 150ms ease',
                '&:hover': { bgcolor: active ? 'primary.dark' : 'rgba(61, 52, 120, 0.06)' },
              }}
            >
              {item.name}
            </ButtonBase>
          );
        })}
      </Box>
      <Box id={descriptionId} aria-live="polite">
        {selected ? (
          <Box
            sx={{
              mt: 1.5,
              p: 2,
              borderRadius: '14px',
              bgcolor: '#f4f1fa',
              borderLeft: '3px solid',
              borderLeftColor: 'secondary.main',
            }}
          >
            <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{selected.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {selected.description}
            </Typography>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
