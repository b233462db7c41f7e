import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';

import type { Analytics } from '@/features/admin/api/types';
import { analyticsCsv, analyticsCsvFileName } from '@/features/admin/utils/analytics-csv';

/** Hands `text` to the browser as a download named `fileName`. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 「CSVをダウンロード」: the shown period's days as meguri-analytics-<from>-<to>.csv (analytics-csv.ts). */
export function CsvDownloadButton({ analytics }: { analytics: Analytics | undefined }) {
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon aria-hidden="true" />}
      disabled={analytics === undefined}
      onClick={() => {
        if (analytics) download(analyticsCsv(analytics.days), analyticsCsvFileName(analytics));
      }}
    >
      CSVをダウンロード
    </Button>
  );
}
