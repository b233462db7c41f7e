import { useId } from 'react';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

import { elementColors, nightSky } from '@/theme/palette';

const float = keyframes`
  0%, 100% { transform: translateY(0) rotate(0deg); }
  50% { transform: translateY(-6px) rotate(-1.5deg); }
`;

/** A blink every few seconds: the eyes close for a moment, then open. */
const blink = keyframes`
  0%, 92%, 100% { transform: scaleY(1); }
  95% { transform: scaleY(0.1); }
`;

const twinkle = keyframes`
  0%, 100% { opacity: 0.35; transform: scale(0.7); }
  50% { opacity: 1; transform: scale(1); }
`;

const tailStar = keyframes`
  0%, 100% { transform: rotate(-8deg) scale(1); }
  50% { transform: rotate(10deg) scale(1.08); }
`;

const talk = keyframes`
  0%, 100% { transform: scaleY(0.35); }
  50% { transform: scaleY(1); }
`;

/** The five elements in the order they feed one another: wood, fire, earth, metal, water. */
const ELEMENT_GLINTS = [
  elementColors.wood.main,
  elementColors.fire.main,
  elementColors.earth.main,
  elementColors.metal.light,
  elementColors.water.main,
] as const;

export type MascotProps = {
  /** Width and height in px. */
  size?: number;
  /** While true the mouth moves, as when the navigator is talking. */
  speaking?: boolean;
  /**
   * What a screen reader says for the picture. Without it the mascot is decorative (hidden from
   * assistive technology): the words it says carry the meaning.
   */
  label?: string;
};

/**
 * The navigator of 巡り: a small night-sky spirit with a crescent moon on its head, a star at the tip of
 * its curling tail and the five elements glinting on its chest. Drawn in SVG (nothing is downloaded), it
 * floats, blinks and twinkles in a slow loop; with prefers-reduced-motion it stands still.
 */
export function Mascot({ size = 120, speaking = false, label }: MascotProps) {
  // Gradient ids must be unique per picture; React's ids may hold characters a url(#…) reference dislikes.
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const bodyId = `mascot-body-${uid}`;
  const glowId = `mascot-glow-${uid}`;
  const bellyId = `mascot-belly-${uid}`;

  return (
    <Box
      component="svg"
      viewBox="0 0 120 120"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-speaking={speaking ? 'true' : 'false'}
      sx={{
        display: 'block',
        flexShrink: 0,
        overflow: 'visible',
        animation: `${float} 4.2s ease-in-out infinite`,
        '& .mascot-eyes': {
          transformBox: 'fill-box',
          transformOrigin: 'center',
          animation: `${blink} 5.5s ease-in-out 1.2s infinite`,
        },
        '& .mascot-sparkle': {
          transformBox: 'fill-box',
          transformOrigin: 'center',
          animation: `${twinkle} 2.6s ease-in-out infinite`,
        },
        '& .mascot-sparkle:nth-of-type(2)': { animationDelay: '0.9s' },
        '& .mascot-sparkle:nth-of-type(3)': { animationDelay: '1.7s' },
        '& .mascot-tail-star': {
          transformBox: 'fill-box',
          transformOrigin: 'center',
          animation: `${tailStar} 3.4s ease-in-out infinite`,
        },
        '& .mascot-mouth-open': {
          transformBox: 'fill-box',
          transformOrigin: 'center top',
          animation: `${talk} 260ms ease-in-out infinite`,
        },
        '@media (prefers-reduced-motion: reduce)': {
          animation: 'none',
          '& .mascot-eyes, & .mascot-sparkle, & .mascot-tail-star, & .mascot-mouth-open': { animation: 'none' },
        },
      }}
    >
      <defs>
        <radialGradient id={bodyId} cx="38%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#8378d0" />
          <stop offset="55%" stopColor="#3d3478" />
          <stop offset="100%" stopColor={nightSky.mid} />
        </radialGradient>
        <radialGradient id={glowId} cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor={nightSky.gold} stopOpacity="0.42" />
          <stop offset="100%" stopColor={nightSky.gold} stopOpacity="0" />
        </radialGradient>
        <radialGradient id={bellyId} cx="50%" cy="40%" r="60%">
          <stop offset="0%" stopColor="#b9b0ee" stopOpacity="0.55" />
          <stop offset="100%" stopColor="#b9b0ee" stopOpacity="0" />
        </radialGradient>
      </defs>

      {/* soft light around it */}
      <circle cx="60" cy="66" r="56" fill={`url(#${glowId})`} />

      {/* sparkles drifting nearby */}
      <path className="mascot-sparkle" d="M17 34 l1.6 4 4 1.6 -4 1.6 -1.6 4 -1.6 -4 -4 -1.6 4 -1.6z" fill={nightSky.gold} />
      <path className="mascot-sparkle" d="M103 38 l1.2 3 3 1.2 -3 1.2 -1.2 3 -1.2 -3 -3 -1.2 3 -1.2z" fill="#fff4d6" />
      <path className="mascot-sparkle" d="M12 84 l1 2.5 2.5 1 -2.5 1 -1 2.5 -1 -2.5 -2.5 -1 2.5 -1z" fill="#cfc9ec" />

      {/* tail curling up into a star */}
      <path d="M84 94 C 100 102, 108 90, 101 81" fill="none" stroke="#3d3478" strokeWidth="8" strokeLinecap="round" />
      <path
        className="mascot-tail-star"
        d="M101 66 l3.4 7 7.6 1.1 -5.5 5.3 1.3 7.6 -6.8 -3.6 -6.8 3.6 1.3 -7.6 -5.5 -5.3 7.6 -1.1z"
        fill={nightSky.gold}
        stroke="#fff4d6"
        strokeWidth="0.8"
        strokeLinejoin="round"
      />

      {/* little arms */}
      <ellipse cx="24" cy="78" rx="6" ry="9" transform="rotate(28 24 78)" fill="#3d3478" />
      <ellipse cx="92" cy="76" rx="6" ry="9" transform="rotate(-24 92 76)" fill="#3d3478" />

      {/* body */}
      <path
        d="M58 35 C 82 35, 95 53, 94 72 C 93 92, 78 103, 58 103 C 38 103, 23 92, 22 72 C 21 53, 34 35, 58 35 Z"
        fill={`url(#${bodyId})`}
      />
      <ellipse cx="58" cy="84" rx="22" ry="15" fill={`url(#${bellyId})`} />

      {/* crescent moon on the head */}
      <path d="M49 33 a14 14 0 1 0 21 -6 a11 11 0 1 1 -21 6z" fill={nightSky.gold} />

      {/* face */}
      <g className="mascot-eyes">
        <ellipse cx="46" cy="64" rx="4.6" ry="5.8" fill="#fff8ea" />
        <ellipse cx="70" cy="64" rx="4.6" ry="5.8" fill="#fff8ea" />
        <circle cx="47" cy="65.5" r="2.6" fill={nightSky.base} />
        <circle cx="71" cy="65.5" r="2.6" fill={nightSky.base} />
        <circle cx="48.2" cy="64" r="0.9" fill="#ffffff" />
        <circle cx="72.2" cy="64" r="0.9" fill="#ffffff" />
      </g>
      <ellipse cx="38" cy="74" rx="5" ry="3" fill="#f0a6a0" opacity="0.7" />
      <ellipse cx="78" cy="74" rx="5" ry="3" fill="#f0a6a0" opacity="0.7" />
      {speaking ? (
        <ellipse className="mascot-mouth-open" cx="58" cy="76.5" rx="3.6" ry="3" fill="#fff8ea" />
      ) : (
        <path d="M54 75 q4 4 8 0" fill="none" stroke="#fff8ea" strokeWidth="2.2" strokeLinecap="round" />
      )}

      {/* the five elements glinting on its chest, in an arc */}
      {ELEMENT_GLINTS.map((color, i) => (
        <circle key={color} cx={46 + i * 6} cy={91 - Math.abs(i - 2) * 1.2} r="2.3" fill={color} />
      ))}
    </Box>
  );
}
