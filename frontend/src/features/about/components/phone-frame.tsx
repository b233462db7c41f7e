import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

type PhoneFrameProps = {
  /** What the drawing shows, for screen readers. */
  label: string;
  children: ReactNode;
};

/** A phone drawn in CSS, holding a drawing of one of the app's screens. */
export function PhoneFrame({ label, children }: PhoneFrameProps) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        width: { xs: 232, sm: 252 },
        height: { xs: 468, sm: 508 },
        flexShrink: 0,
        p: '10px',
        borderRadius: '42px',
        bgcolor: '#15122e',
        boxShadow: '0 24px 60px rgba(15, 12, 38, 0.35), inset 0 0 0 2px #3a3466',
        position: 'relative',
      }}
    >
      <Box
        sx={{
          position: 'relative',
          height: '100%',
          borderRadius: '32px',
          overflow: 'hidden',
          bgcolor: '#faf7f2',
          color: '#2a2540',
          fontSize: 12,
          lineHeight: 1.6,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {/* status bar and camera */}
        <Box
          aria-hidden="true"
          sx={{ height: 30, px: 2.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', fontSize: 11, fontWeight: 700, flexShrink: 0 }}
        >
          <span>9:41</span>
          <Box sx={{ position: 'absolute', left: '50%', top: 8, translate: '-50% 0', width: 72, height: 18, borderRadius: 999, bgcolor: '#15122e' }} />
          <Box sx={{ display: 'flex', gap: '3px', alignItems: 'flex-end' }}>
            {[5, 7, 9, 11].map((h) => (
              <Box key={h} sx={{ width: 3, height: h, borderRadius: 1, bgcolor: '#2a2540' }} />
            ))}
            <Box sx={{ ml: '4px', width: 18, height: 9, borderRadius: '3px', border: '1.5px solid #2a2540', p: '1px' }}>
              <Box sx={{ width: '70%', height: '100%', bgcolor: '#2a2540', borderRadius: '1px' }} />
            </Box>
          </Box>
        </Box>
        {children}
      </Box>
    </Box>
  );
}
