import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const float = keyframes`
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(-6px); }
`;

type MascotProps = {
  size?: number;
};

/**
 * The navigator: a small night-sky spirit with a crescent on its head and a star at its tail, drawn
 * in SVG. Decorative; the words it says carry the meaning.
 */
export function Mascot({ size = 120 }: MascotProps) {
  return (
    <Box
      component="svg"
      viewBox="0 0 120 120"
      width={size}
      height={size}
      aria-hidden="true"
      sx={{
        display: 'block',
        flexShrink: 0,
        overflow: 'visible',
        animation: `${float} 4s ease-in-out infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <defs>
        <radialGradient id="mascot-body" cx="40%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#7a6fc4" />
          <stop offset="60%" stopColor="#3d3478" />
          <stop offset="100%" stopColor="#241d52" />
        </radialGradient>
        <radialGradient id="mascot-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#e8bf74" stopOpacity="0.45" />
          <stop offset="100%" stopColor="#e8bf74" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="60" cy="64" r="56" fill="url(#mascot-glow)" />
      {/* tail curling into a star */}
      <path d="M82 92 C 98 100, 104 88, 98 80" fill="none" stroke="#3d3478" strokeWidth="9" strokeLinecap="round" />
      <path
        d="M100 70 l3.2 6.6 7.2 1 -5.2 5 1.3 7.2 -6.5 -3.4 -6.5 3.4 1.3 -7.2 -5.2 -5 7.2 -1z"
        fill="#e8bf74"
      />
      {/* body */}
      <ellipse cx="58" cy="68" rx="36" ry="33" fill="url(#mascot-body)" />
      {/* crescent on the head */}
      <path d="M50 30 a14 14 0 1 0 20 -4 a11 11 0 1 1 -20 4z" fill="#e8bf74" />
      {/* face */}
      <ellipse cx="46" cy="66" rx="4.2" ry="5.4" fill="#fff8ea" />
      <ellipse cx="68" cy="66" rx="4.2" ry="5.4" fill="#fff8ea" />
      <circle cx="47" cy="67.5" r="2.2" fill="#171333" />
      <circle cx="69" cy="67.5" r="2.2" fill="#171333" />
      <ellipse cx="39" cy="76" rx="5" ry="3" fill="#f0a6a0" opacity="0.7" />
      <ellipse cx="76" cy="76" rx="5" ry="3" fill="#f0a6a0" opacity="0.7" />
      <path d="M53 77 q4 4 8 0" fill="none" stroke="#fff8ea" strokeWidth="2.2" strokeLinecap="round" />
      {/* a glint of the five elements on its chest */}
      {['#3f8f5a', '#d0483c', '#b8862e', '#cfd3da', '#2f6fb0'].map((color, i) => (
        <circle key={color} cx={46 + i * 6} cy="90" r="2.2" fill={color} />
      ))}
    </Box>
  );
}
