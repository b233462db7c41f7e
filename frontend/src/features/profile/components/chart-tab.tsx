import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { PillarTable } from '@/components/bazi/pillar-table';
import { TimeCorrectionNote } from '@/components/bazi/time-correction-note';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import type { StoredChart } from '@/features/profile/api/get-chart';
import { LuckTimeline } from '@/features/profile/components/luck-timeline';
import { PanelSection } from '@/features/profile/components/panel-section';
import { ELEMENT_KEYS, ELEMENT_LABELS, PILLAR_KEYS, type PillarDetail } from '@/lib/bazi';
import { dayMasterLabel } from '@/lib/bazi-details';
import { elementColors } from '@/theme/palette';

/** Pillars without analysis (an answer without `analysis`): stem and branch only, the rest shows —. */
export function bareDetails(chart: StoredChart['baziChart']): PillarDetail[] {
  return PILLAR_KEYS.map((position) => ({
    position,
    heavenlyStem: chart[position].heavenlyStem,
    earthlyBranch: chart[position].earthlyBranch,
    stemElement: chart[position].stemElement,
    branchElement: chart[position].branchElement,
    tenGod: '',
    hiddenStems: [],
    nayin: '',
    lifeStage: '',
    dependsOnHour: false,
  }));
}

function ElementLegend() {
  return (
    <Box
      component="p"
      sx={{ m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, typography: 'caption', color: 'text.secondary' }}
    >
      色は五行を表します:
      {ELEMENT_KEYS.map((key) => (
        <Box key={key} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <Box
            component="span"
            aria-hidden="true"
            sx={{ width: 12, height: 12, borderRadius: 0.75, bgcolor: elementColors[key].light, boxShadow: `inset 0 -3px 0 ${elementColors[key].main}` }}
          />
          {ELEMENT_LABELS[key]}
        </Box>
      ))}
    </Box>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Box component="dt" sx={{ fontWeight: 700, color: 'text.secondary', typography: 'body2' }}>
        {term}
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
        {children}
      </Box>
    </Box>
  );
}

type ChartTabProps = {
  chart: StoredChart;
  /** `YYYY-MM-DD`, the browser's today (decides the current luck pillar). */
  today: string;
};

/** 命式: the pillar table with ten gods and hidden stems, the day master, the time correction and 大運. */
export function ChartTab({ chart, today }: ChartTabProps) {
  const { analysis, time } = chart;
  const pillars = analysis ? analysis.pillars : bareDetails(chart.baziChart);
  const luck = analysis?.luck;

  return (
    <>
      <PanelSection title="命式表" testId="chart-pillars">
        <PillarTable pillars={pillars} caption="あなたの四柱（年柱・月柱・日柱・時柱）" variant="chart" />
        <ElementLegend />
        {analysis ? (
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0, mt: 2 }}>
            <Fact term="日主（あなた自身）">
              <span data-testid="chart-day-master">{dayMasterLabel(analysis)}</span>
            </Fact>
            <Fact term="空亡">{analysis.kongWang.length > 0 ? analysis.kongWang.join('') : '—'}</Fact>
          </Box>
        ) : null}
        {analysis ? <TimeCorrectionNote analysis={analysis} time={time} headingComponent="h3" /> : null}
      </PanelSection>

      <PanelSection
        title="大運"
        description="10年ごとに巡る、人生の大きな季節です。"
        testId="chart-luck"
        reference={Boolean(luck && luck.pillars.length > 0 && analysis?.hourDependent.includes('luck'))}
      >
        {luck && luck.pillars.length > 0 ? (
          <LuckTimeline luck={luck} today={today} />
        ) : (
          <Typography variant="body2" data-testid="luck-missing" sx={{ p: 2, borderRadius: 2, bgcolor: 'background.default' }}>
            大運は、性別をもとに巡る向きを決めて読み解きます。
            <Link to={paths.settings}>設定で性別を登録する</Link>
            と、ここに10年ごとの流れが表示されます。
          </Typography>
        )}
      </PanelSection>
    </>
  );
}
