import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { referenceTint } from '@/components/bazi/pillar-table';
import type { BaziAnalysis, TimeCorrection } from '@/lib/bazi';
import { hourDependentLabels, TIME_MODE_LABELS } from '@/lib/bazi-details';
import { formatLocalDateTime } from '@/lib/dates';

type TimeCorrectionNoteProps = {
  analysis: Pick<BaziAnalysis, 'notes' | 'timeKnown' | 'hourDependent'>;
  time: TimeCorrection | null;
  /** The heading's element: h4 under the landing's h3, h3 on the profile. */
  headingComponent?: 'h3' | 'h4';
};

/**
 * 時刻の補正: the engine's own sentence on how the clock time was corrected, the time the pillars use,
 * and, when the birth time is unknown, which results rest on the assumed 12:00.
 */
export function TimeCorrectionNote({ analysis, time, headingComponent = 'h4' }: TimeCorrectionNoteProps) {
  const hourDependent = hourDependentLabels(analysis.hourDependent);
  return (
    <>
      <Typography variant="h4" component={headingComponent} sx={{ mt: 3, mb: 1 }}>
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
          命式に使った時刻: {formatLocalDateTime(time.correctedLocalTime)}
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
    </>
  );
}
