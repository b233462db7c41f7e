import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type MissingDetailsDialogProps = {
  open: boolean;
  onBack: () => void;
  onProceed: () => void;
};

/** Asked when birth time or place is empty: go back and fill them in, or go on with the defaults. */
export function MissingDetailsDialog({ open, onBack, onProceed }: MissingDetailsDialogProps) {
  return (
    <Dialog open={open} onClose={onBack} aria-labelledby="missing-details-title" aria-describedby="missing-details-text">
      <DialogTitle id="missing-details-title">太陽が、あなたの流れを照らす。</DialogTitle>
      <DialogContent id="missing-details-text">
        <DialogContentText sx={{ mb: 1.5 }}>
          生まれた時刻と場所を入力すると、あなたの流れをより精密に読み解けます。
        </DialogContentText>
        <DialogContentText sx={{ mb: 1.5 }}>
          未入力の項目がある場合は、正午（12:00）と東京を使うため、一部の結果が簡略化されます。
        </DialogContentText>
        <DialogContentText sx={{ fontWeight: 700, color: 'text.primary' }}>どうしますか？</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onBack}>
          入力に戻る
        </Button>
        <Button variant="contained" onClick={onProceed}>
          このまま進む
        </Button>
      </DialogActions>
    </Dialog>
  );
}
