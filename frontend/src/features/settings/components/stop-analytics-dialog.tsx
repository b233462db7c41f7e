import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type StopAnalyticsDialogProps = {
  open: boolean;
  /** `deleteCollected`: also delete what was recorded so far. */
  onStop: (deleteCollected: boolean) => void;
  onClose: () => void;
};

/**
 * Asked when the member turns the analytics consent off: stop, or stop and delete what was recorded. The
 * two answers look alike (neither is the "right" one), and キャンセル keeps the consent as it is.
 */
export function StopAnalyticsDialog({ open, onStop, onClose }: StopAnalyticsDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>利用状況の記録を停止します</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          今この時点から、閲覧したページや使った機能の記録を停止します。これまでに記録した利用状況を削除することもできます。
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose}>キャンセル</Button>
        <Button variant="outlined" onClick={() => onStop(false)}>
          記録を停止する
        </Button>
        <Button variant="outlined" onClick={() => onStop(true)}>
          停止して記録を削除する
        </Button>
      </DialogActions>
    </Dialog>
  );
}
