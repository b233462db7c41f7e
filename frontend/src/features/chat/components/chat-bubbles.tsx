import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { Mascot } from '@/components/mascot/mascot';
import { nightSky } from '@/theme/palette';

/** What the member wrote, on the right, on paper. */
export function MemberBubble({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '70%' },
          px: 2,
          py: 1.25,
          borderRadius: '18px 18px 4px 18px',
          bgcolor: 'background.paper',
          color: 'text.primary',
          border: '1px solid',
          borderColor: 'divider',
        }}
      >
        <span className="visually-hidden">あなた:</span>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}

/** The mascot's side, on the left, in night-sky colours: its small picture beside whatever it says (text, cards, notices). */
export function MascotBubble({ children, speaking = false, busy = false }: { children: ReactNode; speaking?: boolean; busy?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ mt: 0.5 }}>
        <Mascot size={36} speaking={speaking} />
      </Box>
      <Box
        aria-busy={busy || undefined}
        sx={{
          minWidth: 0,
          maxWidth: { xs: 'calc(100% - 44px)', sm: '80%' },
          px: 2,
          py: 1.25,
          borderRadius: '18px 18px 18px 4px',
          // The mascot speaks from the night sky, as on home's reading (whose rating sits in its replies).
          bgcolor: nightSky.base,
          backgroundImage: `linear-gradient(160deg, ${nightSky.deep} 0%, ${nightSky.mid} 100%)`,
          color: nightSky.text,
        }}
      >
        <span className="visually-hidden">メグ:</span>
        {children}
      </Box>
    </Box>
  );
}

/** The text of a reply, its line breaks kept. */
export function ReplyText({ text }: { text: string }) {
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.8 }}>
      {text}
    </Typography>
  );
}
