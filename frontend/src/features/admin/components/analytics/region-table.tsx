import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

import type { AnalyticsCount } from '@/features/admin/api/types';
import { ChartCard } from '@/features/admin/components/analytics/chart-card';
import { NUMBER_CELL } from '@/features/admin/components/analytics/chart-style';
import { cityLabel, countryName } from '@/features/admin/utils/analytics-figures';
import { formatCount, formatShare } from '@/features/admin/utils/dashboard-figures';

/** How many countries and cities each table lists. */
const REGION_ROWS = 10;

type RegionListProps = {
  caption: string;
  nameHeader: string;
  counts: readonly AnalyticsCount[];
  label: (name: string) => string;
};

/** The largest `REGION_ROWS` of a breakdown with their count and share of the whole breakdown. */
function RegionList({ caption, nameHeader, counts, label }: RegionListProps) {
  const total = counts.reduce((sum, item) => sum + item.count, 0);
  const rows = counts
    .filter((item) => item.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, REGION_ROWS);
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>{nameHeader}</TableCell>
          <TableCell align="right" sx={NUMBER_CELL}>
            件数
          </TableCell>
          <TableCell align="right" sx={NUMBER_CELL}>
            割合
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((item) => (
          <TableRow key={item.name}>
            <TableCell>{label(item.name)}</TableCell>
            <TableCell align="right" sx={NUMBER_CELL}>
              {formatCount(item.count)}
            </TableCell>
            <TableCell align="right" sx={NUMBER_CELL}>
              {formatShare(item.count, total)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type RegionTableProps = {
  /** ISO codes (JP) or `unknown`. */
  countries: readonly AnalyticsCount[];
  /** `JP/東京` or `unknown`. */
  cities: readonly AnalyticsCount[];
};

/** 「地域」: where the period's visits came from, by country (JP → 日本) and by city, the ten largest of each. */
export function RegionTable({ countries, cities }: RegionTableProps) {
  const empty = ![...countries, ...cities].some((item) => item.count > 0);
  return (
    <ChartCard title="地域" caption="期間内の訪問の内訳（上位10件）" empty={empty}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))' }}>
        <RegionList caption="国・地域" nameHeader="国・地域" counts={countries} label={countryName} />
        <RegionList caption="都市" nameHeader="都市" counts={cities} label={cityLabel} />
      </Box>
    </ChartCard>
  );
}
