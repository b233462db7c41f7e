import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const bounce = keyframes`
  0%, 60%, 100% { transform: translateY(0); opacity: 0.45; }
  30% { transform: translateY(-4px); opacity: 1; }
`;

/**
 * Three dots while the mascot writes, with the words for screen readers in a polite live region. Under
 * prefers-reduced-motion the dots stand still.
 */
export function TypingIndicator() {
  return (
    <Box role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, py: 0.5 }}>
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          aria-hidden
          sx={{
            width: 7,
            height: 7,
            borderRadius: '50%',
            bgcolor: 'secondary.main',
            animation: `${bounce} 1.2s ease-in-out ${dot * 0.15}s infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.8 },
          }}
        />
      ))}
      <span className="visually-hidden">メグが返信を書いています</span>
    </Box>
  );
}
