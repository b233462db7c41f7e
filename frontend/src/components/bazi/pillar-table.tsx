import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha, type Theme } from '@mui/material/styles';

import { ElementGlyph } from '@/components/bazi/element-glyph';
import { PILLAR_KEYS, PILLAR_LABELS, type PillarDetail, type PillarKey } from '@/lib/bazi';
import { HOUR_DEPENDENT_MARK } from '@/lib/bazi-details';

/** A light tint of the primary colour behind what rests on the assumed 12:00 (text contrast stays above 12:1). */
export const referenceTint = (theme: Theme) => alpha(theme.palette.primary.main, 0.06);
/** A warm tint behind the day pillar, the day master's own column. */
const dayMasterTint = (theme: Theme) => alpha(theme.palette.secondary.main, 0.12);

type Row = {
  key: string;
  label: string;
  cell: (detail: PillarDetail, position: PillarKey) => ReactNode;
};

const tenGodCell = (detail: PillarDetail, position: PillarKey) =>
  position === 'day' ? '日主' : detail.tenGod || '—';

/** The landing's details: the pillar in one row, hidden stems as 丙（偏官）. */
const COMPACT_ROWS: Row[] = [
  {
    key: 'pillar',
    label: '天干／地支',
    cell: (detail) => (
      <Box component="span" sx={{ fontSize: '1.25rem', fontWeight: 700, color: 'primary.main' }}>
        {detail.heavenlyStem}
        {detail.earthlyBranch}
      </Box>
    ),
  },
  { key: 'tengod', label: '通変星', cell: tenGodCell },
  {
    key: 'hidden',
    label: '蔵干',
    cell: (detail) =>
      detail.hiddenStems.length === 0 ? (
        '—'
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {detail.hiddenStems.map((hidden) => (
            <li key={hidden.stem}>
              {hidden.stem}（{hidden.tenGod}）
            </li>
          ))}
        </Box>
      ),
  },
  { key: 'lifestage', label: '十二運', cell: (detail) => detail.lifeStage || '—' },
  { key: 'nayin', label: '納音', cell: (detail) => detail.nayin || '—' },
];

/**
 * The profile's 命式表: the ten god above the pillar as a traditional chart has it, stem and branch on
 * element tiles, and each hidden stem with its ten god in a narrow column (fits four pillars at 390 px).
 */
const CHART_ROWS: Row[] = [
  { key: 'tengod', label: '通変星', cell: tenGodCell },
  {
    key: 'stem',
    label: '天干',
    cell: (detail, position) => (
      <ElementGlyph
        char={detail.heavenlyStem}
        element={detail.stemElement ?? undefined}
        testId={`pillar-${position}-stem`}
      />
    ),
  },
  {
    key: 'branch',
    label: '地支',
    cell: (detail, position) => (
      <ElementGlyph
        char={detail.earthlyBranch}
        element={detail.branchElement ?? undefined}
        testId={`pillar-${position}-branch`}
      />
    ),
  },
  {
    key: 'hidden',
    label: '蔵干',
    cell: (detail) =>
      detail.hiddenStems.length === 0 ? (
        '—'
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25 }}>
          {detail.hiddenStems.map((hidden) => (
            <li key={hidden.stem} title={hidden.role}>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {hidden.stem}
              </Box>
              <Box component="span" sx={{ fontSize: '0.75rem', ml: 0.25 }}>
                {hidden.tenGod}
              </Box>
            </li>
          ))}
        </Box>
      ),
  },
  { key: 'lifestage', label: '十二運', cell: (detail) => detail.lifeStage || '—' },
  { key: 'nayin', label: '納音', cell: (detail) => detail.nayin || '—' },
];

type PillarTableProps = {
  pillars: PillarDetail[];
  /** The table's caption, which also names it (e.g. 四柱の詳細). */
  caption: string;
  /**
   * `compact` (default): the pillar in one row, for the landing's details. `chart`: a 命式表 with the
   * ten god first, stem and branch on element tiles, and the day master's column highlighted.
   */
  variant?: 'compact' | 'chart';
};

/**
 * The four pillars with their ten gods (通変星), hidden stems (蔵干) and their ten gods, 十二運 and 納音.
 * A pillar that rests on the assumed 12:00 (unknown birth time) is tinted and marked as a reference.
 */
export function PillarTable({ pillars, caption, variant = 'compact' }: PillarTableProps) {
  const captionId = useId();
  const chart = variant === 'chart';
  const rows = chart ? CHART_ROWS : COMPACT_ROWS;
  const columns = PILLAR_KEYS.map((position) => ({
    position,
    detail: pillars.find((pillar) => pillar.position === position),
  }));
  const columnTint = (position: PillarKey, detail: PillarDetail | undefined) => {
    if (detail?.dependsOnHour) return { bgcolor: referenceTint };
    if (chart && position === 'day') return { bgcolor: dayMasterTint };
    return {};
  };

  return (
    <TableContainer
      // Scrolls sideways on a narrow phone; focusable so the keyboard can scroll it too.
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table
        size="small"
        sx={{
          minWidth: chart ? 330 : 400,
          tableLayout: chart ? 'fixed' : 'auto',
          '& caption': { captionSide: 'top', textAlign: 'left', px: 1.5, py: 1, color: 'text.secondary' },
          '& th, & td': { textAlign: 'center', color: 'text.primary', px: chart ? 0.5 : 1 },
          ...(chart ? { '& th[scope="row"]': { width: '4.25em', fontSize: '0.8125rem' } } : {}),
        }}
      >
        <caption id={captionId}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {chart ? <span className="visually-hidden">項目</span> : '項目'}
            </TableCell>
            {columns.map(({ position, detail }) => (
              <TableCell
                key={position}
                component="th"
                scope="col"
                data-testid={`detail-column-${position}`}
                data-depends-on-hour={detail?.dependsOnHour ?? false}
                sx={{ fontWeight: 700, ...columnTint(position, detail) }}
              >
                {PILLAR_LABELS[position]}
                {detail?.dependsOnHour && chart ? (
                  // A narrow column: a short tag; the note under the table explains it.
                  <Box
                    component="span"
                    sx={{ display: 'block', width: 'fit-content', mx: 'auto', mt: 0.25, px: 0.75, borderRadius: 999, fontSize: '0.6875rem', bgcolor: 'primary.main', color: 'primary.contrastText' }}
                  >
                    <span className="visually-hidden">時刻不明のため</span>参考
                  </Box>
                ) : null}
                {detail?.dependsOnHour && !chart ? (
                  <Box
                    component="span"
                    sx={{ display: 'block', maxWidth: '6em', mx: 'auto', fontSize: '0.75rem', fontWeight: 400 }}
                  >
                    {HOUR_DEPENDENT_MARK}
                  </Box>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {row.label}
              </TableCell>
              {columns.map(({ position, detail }) => (
                <TableCell
                  key={position}
                  data-testid={`detail-${row.key}-${position}`}
                  sx={{
                    whiteSpace: chart ? 'normal' : 'nowrap',
                    ...columnTint(position, detail),
                    ...(chart && row.key === 'tengod' && position === 'day' ? { fontWeight: 700 } : {}),
                  }}
                >
                  {detail ? row.cell(detail, position) : '—'}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
