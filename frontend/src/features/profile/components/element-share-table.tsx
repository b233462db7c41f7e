import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

import {
  formatElementValue,
  STANDING_LABELS,
  type ElementShare,
} from '@/features/profile/utils/element-shares';
import { ELEMENT_LABELS } from '@/lib/bazi';
import { elementColors } from '@/theme/palette';

/** The chart's numbers as a table, with a bar for each share: the text alternative a person can also read. */
export function ElementShareTable({ shares }: { shares: ElementShare[] }) {
  return (
    <Table
      size="small"
      data-testid="element-share-table"
      sx={{
        '& caption': { captionSide: 'top', textAlign: 'left', p: 0, pb: 1, color: 'text.secondary', typography: 'body2' },
        '& th, & td': { color: 'text.primary', px: 1 },
      }}
    >
      <caption>五行の数と割合</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            五行
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            数
          </TableCell>
          <TableCell component="th" scope="col" sx={{ width: '45%' }}>
            割合
          </TableCell>
          <TableCell component="th" scope="col">
            <span className="visually-hidden">目立つ点</span>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {shares.map((share) => (
          <TableRow key={share.key} data-testid={`share-row-${share.key}`} data-standing={share.standing}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: elementColors[share.key].main }}
                />
                {ELEMENT_LABELS[share.key]}
              </Box>
            </TableCell>
            <TableCell align="right" data-testid={`share-value-${share.key}`}>
              {formatElementValue(share.value)}
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box
                  aria-hidden="true"
                  sx={{ flex: 1, height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden', minWidth: 40 }}
                >
                  <Box sx={{ width: `${share.percent}%`, height: '100%', bgcolor: elementColors[share.key].main }} />
                </Box>
                <Box component="span" data-testid={`share-percent-${share.key}`} sx={{ minWidth: '2.75em', textAlign: 'right' }}>
                  {share.percent}%
                </Box>
              </Box>
            </TableCell>
            <TableCell
              data-testid={`share-standing-${share.key}`}
              sx={{
                whiteSpace: 'nowrap',
                fontWeight: 700,
                fontSize: '0.8125rem',
                color: share.standing === 'dominant' ? 'secondary.dark' : 'text.secondary',
              }}
            >
              {STANDING_LABELS[share.standing]}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
