import { useId } from 'react';
import Box from '@mui/material/Box';
import { keyframes, useTheme } from '@mui/material/styles';

import { formatElementValue, type ElementShare, type ElementStanding } from '@/features/profile/utils/element-shares';
import { ELEMENT_LABELS } from '@/lib/bazi';
import { elementColors } from '@/theme/palette';

const WIDTH = 360;
const HEIGHT = 322;
const CX = 180;
const CY = 166;
/** Radius of the ring the element nodes sit on. */
const RING = 108;
const NODE = 28;
/** Radius of the radar's outer pentagon (inside the nodes). */
const RADAR = RING - NODE - 6;
/** How far out from the centre the standing tags (いちばん多い, なし, 控えめ) sit. */
const TAG = RING + NODE + 12;
/** Angular half-width of a node on the ring, plus a small gap before an arrow starts or ends. */
const NODE_ARC = Math.asin(NODE / RING) + (4 * Math.PI) / 180;

/** Node i of the five, clockwise from the top in 相生 order: 木 top, 火, 土, 金, 水. */
const angleOf = (index: number) => -Math.PI / 2 + (index * 2 * Math.PI) / 5;
const pointAt = (angle: number, radius: number) => ({ x: CX + radius * Math.cos(angle), y: CY + radius * Math.sin(angle) });
const round = (value: number) => Math.round(value * 10) / 10;
const polygon = (radii: number[]) =>
  radii
    .map((radius, index) => {
      const { x, y } = pointAt(angleOf(index), radius);
      return `${round(x)},${round(y)}`;
    })
    .join(' ');

/** The 相生 arrow from node i to node i + 1, along the ring. */
function arcPath(index: number): string {
  const from = pointAt(angleOf(index) + NODE_ARC, RING);
  const to = pointAt(angleOf(index + 1) - NODE_ARC, RING);
  return `M ${round(from.x)} ${round(from.y)} A ${RING} ${RING} 0 0 1 ${round(to.x)} ${round(to.y)}`;
}

/** Short tags beside the nodes (the table beside the chart spells them out). */
const CHART_TAGS: Record<ElementStanding, string> = { dominant: '最多', missing: 'なし', weak: '控えめ', normal: '' };

const growIn = keyframes`
  from { transform: scale(0.2); opacity: 0; }
  to { transform: scale(1); opacity: 1; }
`;

/** "木 2（25%）、火 3（38%）…。いちばん多いのは火。ないのは金。" */
export function describeShares(shares: readonly ElementShare[]): string {
  const values = shares.map((share) => `${ELEMENT_LABELS[share.key]} ${formatElementValue(share.value)}（${share.percent}%）`).join('、');
  const of = (standing: ElementShare['standing']) =>
    shares.filter((share) => share.standing === standing).map((share) => ELEMENT_LABELS[share.key]).join('・');
  const parts = [`${values}。`];
  if (of('dominant')) parts.push(`いちばん多いのは${of('dominant')}。`);
  if (of('missing')) parts.push(`ないのは${of('missing')}。`);
  if (of('weak')) parts.push(`控えめなのは${of('weak')}。`);
  return parts.join('');
}

type ElementRingChartProps = {
  shares: ElementShare[];
};

/**
 * The five elements on the 相生 ring (木→火→土→金→水, arrows between them) with a radar of their values
 * inside: the shape tells the balance at a glance, each node carries its number and share, and the
 * dominant, missing and weak elements are marked. Drawn in plain SVG; a screen reader gets the numbers
 * as the image's description.
 */
export function ElementRingChart({ shares }: ElementRingChartProps) {
  const theme = useTheme();
  const titleId = useId();
  const descId = useId();
  const arrowId = useId();
  const max = Math.max(1, ...shares.map((share) => share.value));
  const radii = shares.map((share) => (RADAR * Math.max(0, share.value)) / max);
  const ink = theme.palette.text.primary;
  const muted = theme.palette.text.secondary;
  const gold = theme.palette.secondary.main;

  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid="element-ring-chart"
      sx={{
        display: 'block',
        width: '100%',
        maxWidth: 420,
        height: 'auto',
        mx: 'auto',
        fontFamily: 'inherit',
        '& .radar-area': { transformBox: 'view-box', transformOrigin: `${CX}px ${CY}px` },
        '@media (prefers-reduced-motion: no-preference)': {
          '& .radar-area': { animation: `${growIn} 700ms cubic-bezier(0.2, 0.8, 0.2, 1) both` },
        },
      }}
    >
      <title id={titleId}>五行のバランス（相生の順: 木→火→土→金→水）</title>
      <desc id={descId}>{describeShares(shares)}</desc>
      <defs>
        <marker id={arrowId} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={muted} />
        </marker>
      </defs>

      {/* The grid: two pentagons and the five axes. */}
      <g fill="none" stroke={theme.palette.divider} strokeWidth={1}>
        <polygon points={polygon([RADAR, RADAR, RADAR, RADAR, RADAR])} />
        <polygon points={polygon([RADAR / 2, RADAR / 2, RADAR / 2, RADAR / 2, RADAR / 2])} strokeDasharray="3 3" />
        {shares.map((share, index) => {
          const end = pointAt(angleOf(index), RADAR);
          return <line key={share.key} x1={CX} y1={CY} x2={round(end.x)} y2={round(end.y)} />;
        })}
      </g>

      {/* The values. */}
      <g className="radar-area">
        <polygon
          points={polygon(radii)}
          fill={theme.palette.primary.main}
          fillOpacity={0.16}
          stroke={theme.palette.primary.main}
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {shares.map((share, index) => {
          const { x, y } = pointAt(angleOf(index), radii[index] ?? 0);
          return <circle key={share.key} cx={round(x)} cy={round(y)} r={3.5} fill={elementColors[share.key].main} />;
        })}
      </g>

      {/* 相生: each element feeds the next. */}
      <g fill="none" stroke={muted} strokeWidth={1.5} markerEnd={`url(#${arrowId})`}>
        {shares.map((share, index) => (
          <path key={share.key} d={arcPath(index)} />
        ))}
      </g>

      {shares.map((share, index) => {
        const angle = angleOf(index);
        const { x, y } = pointAt(angle, RING);
        const colors = elementColors[share.key];
        const missing = share.standing === 'missing';
        const dominant = share.standing === 'dominant';
        const tag = CHART_TAGS[share.standing];
        const tagAt = pointAt(angle, TAG);
        const cos = Math.cos(angle);
        const anchor = Math.abs(cos) < 0.3 ? 'middle' : cos > 0 ? 'start' : 'end';
        return (
          <g key={share.key} data-testid={`ring-node-${share.key}`} data-standing={share.standing}>
            {dominant ? <circle cx={round(x)} cy={round(y)} r={NODE + 5} fill="none" stroke={gold} strokeWidth={3} /> : null}
            <circle
              cx={round(x)}
              cy={round(y)}
              r={NODE}
              fill={missing ? theme.palette.background.paper : colors.light}
              stroke={colors.main}
              strokeWidth={missing ? 1.5 : 2.5}
              strokeDasharray={missing ? '4 3' : undefined}
            />
            <text x={round(x)} y={round(y) - 3} textAnchor="middle" fontSize={18} fontWeight={700} fill={missing ? muted : ink}>
              {ELEMENT_LABELS[share.key]}
            </text>
            <text x={round(x)} y={round(y) + 14} textAnchor="middle" fontSize={11} fontWeight={700} fill={missing ? muted : ink}>
              {formatElementValue(share.value)}・{share.percent}%
            </text>
            {tag ? (
              <text
                x={round(tagAt.x)}
                y={round(tagAt.y) + 4}
                textAnchor={anchor}
                fontSize={11.5}
                fontWeight={700}
                fill={dominant ? theme.palette.secondary.dark : muted}
              >
                {tag}
              </text>
            ) : null}
          </g>
        );
      })}
    </Box>
  );
}
