import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';

import {
  PILLAR_KEYS,
  type BaziAnalysis,
  type PillarDetail,
  type PillarKey,
  type TimeCorrection,
} from '@/features/bazi-chart/api/calculate-bazi';
import { ELEMENT_LABELS } from '@/features/bazi-chart/components/element-circles';

const PILLAR_LABELS: Record<PillarKey, string> = { year: '年柱', month: '月柱', day: '日柱', hour: '時柱' };

const STEMS = '甲乙丙丁戊己庚辛壬癸';
const STEM_ELEMENTS = ['木', '木', '火', '火', '土', '土', '金', '金', '水', '水'];

/** How many reasons for the strength verdict are shown. */
const SHOWN_REASONS = 3;

/** Japanese names of the results the engine lists in `hourDependent`. */
const HOUR_DEPENDENT_LABELS: Record<string, string> = {
  year: '年柱',
  month: '月柱',
  day: '日柱',
  hour: '時柱',
  elements: '五行のバランス',
  dominant: '最も強い五行',
  strength: '身強・身弱',
  favorableElements: '喜神・忌神',
  luck: '大運',
};

const TIME_MODE_LABELS: Record<string, string> = {
  standard: '標準時',
  mean: '地方平均時',
  apparent: '真太陽時',
};

const HOUR_DEPENDENT_MARK = '（時刻不明のため参考）';

/** `wood` → 木; anything else (already a kanji, or unknown) as it came. */
const elementLabel = (key: string) => (ELEMENT_LABELS as Record<string, string | undefined>)[key] ?? key;

/** 庚 → 庚（陽の金）. */
function dayMasterLabel(stem: string) {
  const index = STEMS.indexOf(stem);
  if (index < 0) return stem;
  return `${stem}（${index % 2 === 0 ? '陽' : '陰'}の${STEM_ELEMENTS[index]}）`;
}

/** `1990-05-15T14:30:00` or `1990-05-15 14:30:00` → 1990/05/15 14:30:00. */
const formatLocalTime = (stamp: string) => stamp.replace('T', ' ').replace(/-/g, '/');

const formatScore = (score: number) => String(Math.round(score));

type Row = {
  key: string;
  label: string;
  cell: (detail: PillarDetail, position: PillarKey) => ReactNode;
};

const ROWS: Row[] = [
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
  { key: 'tengod', label: '通変星', cell: (detail, position) => (position === 'day' ? '日主' : detail.tenGod || '—') },
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

/** A light tint of the primary colour behind what rests on the assumed 12:00 (text contrast stays above 12:1). */
const referenceTint = (theme: Theme) => alpha(theme.palette.primary.main, 0.06);
const referenceColumn = { bgcolor: referenceTint } as const;

function PillarTable({ pillars }: { pillars: PillarDetail[] }) {
  const columns = PILLAR_KEYS.map((position) => ({
    position,
    detail: pillars.find((pillar) => pillar.position === position),
  }));

  return (
    <TableContainer
      // Scrolls sideways on a narrow phone; focusable so the keyboard can scroll it too.
      role="region"
      aria-labelledby="bazi-details-table-caption"
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
          minWidth: 400,
          '& caption': { captionSide: 'top', textAlign: 'left', px: 1.5, py: 1, color: 'text.secondary' },
          '& th, & td': { textAlign: 'center', color: 'text.primary', px: 1 },
        }}
      >
        <caption id="bazi-details-table-caption">四柱の詳細</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              項目
            </TableCell>
            {columns.map(({ position, detail }) => (
              <TableCell
                key={position}
                component="th"
                scope="col"
                id={`detail-col-${position}`}
                data-testid={`detail-column-${position}`}
                data-depends-on-hour={detail?.dependsOnHour ?? false}
                sx={{ fontWeight: 700, ...(detail?.dependsOnHour ? referenceColumn : {}) }}
              >
                {PILLAR_LABELS[position]}
                {detail?.dependsOnHour ? (
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
          {ROWS.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {row.label}
              </TableCell>
              {columns.map(({ position, detail }) => (
                <TableCell
                  key={position}
                  data-testid={`detail-${row.key}-${position}`}
                  sx={{ whiteSpace: 'nowrap', ...(detail?.dependsOnHour ? referenceColumn : {}) }}
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

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId: string }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: '6.5em 1fr', gap: 1, py: 1, borderTop: '1px solid', borderColor: 'divider' }}
    >
      <Box component="dt" sx={{ fontWeight: 700 }}>
        {term}
      </Box>
      <Box component="dd" data-testid={testId} sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

type BaziDetailsProps = {
  analysis: BaziAnalysis;
  time: TimeCorrection | null;
};

/** The analysis under the free chart: the pillar table, strength, favourable elements and the time used. */
export function BaziDetails({ analysis, time }: BaziDetailsProps) {
  const { strength } = analysis;
  const elementList = (keys: string[]) => (keys.length > 0 ? keys.map(elementLabel).join('・') : '—');
  const hourDependent = analysis.hourDependent.map((key) => HOUR_DEPENDENT_LABELS[key] ?? key);

  return (
    <Box data-testid="bazi-details" sx={{ color: 'text.primary' }}>
      <PillarTable pillars={analysis.pillars} />

      <Box component="dl" sx={{ mt: 3, mb: 0 }}>
        <Fact term="日主" testId="detail-day-master">
          {dayMasterLabel(analysis.dayMaster)}
        </Fact>
        <Fact term="空亡" testId="detail-kong-wang">
          {analysis.kongWang.length > 0 ? analysis.kongWang.join('') : '—'}
        </Fact>
        <Fact term="身強・身弱" testId="detail-strength">
          {strength ? (
            <>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {strength.verdict}
              </Box>
              （スコア {formatScore(strength.score)}／100）
              {strength.reasons.length > 0 ? (
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, fontSize: '0.875rem' }}>
                  {strength.reasons.slice(0, SHOWN_REASONS).map((reason, index) => (
                    <li key={index}>{reason}</li>
                  ))}
                </Box>
              ) : null}
            </>
          ) : (
            '—'
          )}
        </Fact>
        <Fact term="喜神" testId="detail-favorable">
          {elementList(analysis.favorableElements)}
        </Fact>
        <Fact term="忌神" testId="detail-unfavorable">
          {elementList(analysis.unfavorableElements)}
        </Fact>
      </Box>

      <Typography variant="h4" component="h4" sx={{ mt: 3, mb: 1 }}>
        時刻の補正
      </Typography>
      {analysis.notes.length > 0 ? (
        <Box data-testid="detail-correction-note">
          {analysis.notes.map((note, index) => (
            <Typography key={index} variant="body2">
              {note}
            </Typography>
          ))}
        </Box>
      ) : null}
      {time ? (
        <Typography variant="body2" data-testid="detail-corrected-time">
          命式に使った時刻: {formatLocalTime(time.correctedLocalTime)}
          {TIME_MODE_LABELS[time.mode] ? `（${TIME_MODE_LABELS[time.mode]}）` : ''}
          {time.placeApproximate ? '・出生地の位置はおおよそ' : ''}
        </Typography>
      ) : null}
      {analysis.timeKnown ? null : (
        <Typography
          variant="body2"
          data-testid="detail-time-unknown"
          sx={{
            mt: 1.5,
            p: 1.5,
            borderRadius: 2,
            bgcolor: referenceTint,
            borderLeft: '4px solid',
            borderColor: 'primary.main',
          }}
        >
          出生時刻が不明のため、12:00 として計算しています。次の結果は参考としてご覧ください:{' '}
          {hourDependent.length > 0 ? hourDependent.join('・') : '時柱'}
        </Typography>
      )}
    </Box>
  );
}
