import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

import type { AnalyticsCount } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import { CHART_COLORS, NUMBER_CELL } from '@/features/admin/components/analytics/chart-style';
import { CountBars } from '@/features/admin/components/analytics/count-bars';
import { funnelSteps, NO_RATE, withUnit } from '@/features/admin/utils/analytics-figures';

const TITLE = 'ファネル';

/**
 * 「ファネル」: how many people reached each of the six steps from the landing's calculation to the first
 * purchase, as bars, and under them each step's count and its rate against the step before.
 */
export function FunnelChart({ funnel }: { funnel: readonly AnalyticsCount[] }) {
  const steps = funnelSteps(funnel);
  return (
    <ChartCard
      title={TITLE}
      caption="期間内に各段階へ進んだ人数と、前の段階からの割合"
      empty={steps.every((step) => step.count === 0)}
    >
      <CountBars
        title={TITLE}
        items={steps.map((step) => ({ label: step.label, value: step.count }))}
        unit="人"
        axisLabel="人数"
        color={CHART_COLORS.primary}
      />
      <Table size="small" aria-label="ファネルの各段階">
        <TableHead>
          <TableRow>
            <TableCell>段階</TableCell>
            <TableCell align="right" sx={NUMBER_CELL}>
              人数
            </TableCell>
            <TableCell align="right" sx={NUMBER_CELL}>
              前の段階から
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {steps.map((step) => (
            <TableRow key={step.name}>
              <TableCell>{step.label}</TableCell>
              <TableCell align="right" sx={NUMBER_CELL}>
                {withUnit(step.count, '人')}
              </TableCell>
              <TableCell align="right" sx={NUMBER_CELL}>
                {step.rate ?? NO_RATE}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ChartCard>
  );
}
