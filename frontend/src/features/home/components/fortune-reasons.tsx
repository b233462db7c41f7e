import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

import type { FortuneReason } from '@/features/home/api/get-daily-fortune';
import { HOUR_DEPENDENT_MARK } from '@/lib/bazi-details';
import { nightSky } from '@/theme/palette';

/**
 * "なぜこの運勢？": what in today's chart the reading comes from (the day's ten god, clashes, the
 * season…). Closed by default so the fortune stays the hero; it is what sets a real reading apart
 * from a guess, so it is always one tap away. A reason that rests on the 12:00 assumed for an unknown
 * birth time carries the same 参考 mark as the profile.
 */
export function FortuneReasons({ reasons }: { reasons: FortuneReason[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (reasons.length === 0) return null;

  return (
    <Box sx={{ mb: 1.5 }}>
      <ButtonBase
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        sx={{
          gap: 0.5,
          px: 1,
          py: 0.5,
          ml: -1,
          borderRadius: 999,
          fontSize: '0.875rem',
          fontWeight: 700,
          color: nightSky.gold,
          '&:hover': { backgroundColor: 'rgba(232,191,116,.12)' },
        }}
      >
        なぜこの運勢？
        <ExpandMoreIcon
          fontSize="small"
          aria-hidden="true"
          sx={{ transition: 'transform 200ms ease', transform: open ? 'rotate(180deg)' : 'none' }}
        />
      </ButtonBase>
      <Box
        id={listId}
        component="dl"
        hidden={!open}
        sx={{
          m: 0,
          mt: 1,
          p: 2,
          borderRadius: '16px',
          backgroundColor: 'rgba(15, 12, 38, 0.45)',
          border: '1px solid rgba(207, 201, 236, 0.18)',
          display: open ? 'grid' : 'none',
          gap: 1.5,
        }}
      >
        {reasons.map((reason) => (
          <div key={`${reason.kind}-${reason.label}`}>
            <Typography component="dt" sx={{ fontSize: '0.875rem', fontWeight: 700, color: nightSky.text }}>
              {reason.label}
              {reason.hourDependent ? (
                <Box
                  component="span"
                  data-testid="reason-reference-mark"
                  sx={{ ml: 0.5, fontSize: '0.75rem', fontWeight: 400, color: nightSky.muted }}
                >
                  {HOUR_DEPENDENT_MARK}
                </Box>
              ) : null}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, color: nightSky.muted }}>
              {reason.detail}
            </Typography>
          </div>
        ))}
      </Box>
    </Box>
  );
}
