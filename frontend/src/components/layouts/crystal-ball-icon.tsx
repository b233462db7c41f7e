import { useId } from 'react';

/**
 * The chat button's crystal ball, drawn here (no image to download): a glass sphere with a violet
 * glow, a highlight and two sparkles, on a gold stand. Decorative: the button carries the name.
 */
export function CrystalBallIcon({ size = 36 }: { size?: number }) {
  const id = useId();
  const glass = `${id}-glass`;
  const glow = `${id}-glow`;
  const stand = `${id}-stand`;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={glass} cx="38%" cy="34%" r="70%">
          <stop offset="0%" stopColor="#f3eeff" />
          <stop offset="35%" stopColor="#b9a8ee" />
          <stop offset="75%" stopColor="#6a5fb0" />
          <stop offset="100%" stopColor="#3d3478" />
        </radialGradient>
        <radialGradient id={glow} cx="50%" cy="55%" r="50%">
          <stop offset="0%" stopColor="#ffe7b3" stopOpacity="0.95" />
          <stop offset="100%" stopColor="#ffe7b3" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={stand} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#f0cf8c" />
          <stop offset="100%" stopColor="#b07d2a" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="17" r="14" fill={`url(#${glass})`} />
      <circle cx="21" cy="19" r="8" fill={`url(#${glow})`} />
      <ellipse cx="14.5" cy="11" rx="4.2" ry="2.6" transform="rotate(-30 14.5 11)" fill="#ffffff" opacity="0.75" />
      <path d="M25 9.5l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z" fill="#fff6dd" />
      <path d="M17.5 21l.6 1.4 1.4.6-1.4.6-.6 1.4-.6-1.4-1.4-.6 1.4-.6z" fill="#fff6dd" opacity="0.9" />
      <path d="M11 30.5c0-1.4 4-2.5 9-2.5s9 1.1 9 2.5L31 35H9z" fill={`url(#${stand})`} />
      <rect x="7.5" y="34.5" width="25" height="3" rx="1.5" fill="#94661c" />
    </svg>
  );
}
