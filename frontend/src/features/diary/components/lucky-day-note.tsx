import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import type { LuckyDay } from '@/features/diary/api/types';
import { formatCalendarDate } from '@/lib/dates';

/** The lucky day the letter will arrive on, which kinds of day it is and why each is lucky. */
export function LuckyDayNote({ luckyDay }: { luckyDay: LuckyDay }) {
  return (
    <Box
      role="status"
      data-testid="lucky-day"
      sx={{ p: 1.5, borderRadius: 2, bgcolor: 'rgba(232, 191, 116, 0.18)', border: '1px solid', borderColor: 'secondary.light' }}
    >
      <Typography sx={{ fontWeight: 700 }}>
        {formatCalendarDate(luckyDay.date)}は{luckyDay.reasons.map((reason) => reason.name).join('・')}です
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {luckyDay.reasons.map((reason) => (
          <Typography component="li" variant="body2" key={reason.id}>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {reason.name}
            </Box>
            : {reason.description}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
