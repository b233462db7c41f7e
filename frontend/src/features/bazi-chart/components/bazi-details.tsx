import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

import { PillarTable } from '@/components/bazi/pillar-table';
import { TimeCorrectionNote } from '@/components/bazi/time-correction-note';
import { elementLabel, type BaziAnalysis, type TimeCorrection } from '@/lib/bazi';
import { dayMasterLabel } from '@/lib/bazi-details';

/** How many reasons for the strength verdict are shown. */
const SHOWN_REASONS = 3;

const formatScore = (score: number) => String(Math.round(score));

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

  return (
    <Box data-testid="bazi-details" sx={{ color: 'text.primary' }}>
      <PillarTable pillars={analysis.pillars} caption="四柱の詳細" />

      <Box component="dl" sx={{ mt: 3, mb: 0 }}>
        <Fact term="日主" testId="detail-day-master">
          {dayMasterLabel(analysis)}
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

      <TimeCorrectionNote analysis={analysis} time={time} />
    </Box>
  );
}
