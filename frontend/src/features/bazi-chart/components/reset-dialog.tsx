import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type ResetDialogProps = {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

export function ResetDialog({ open, onCancel, onConfirm }: ResetDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="reset-dialog-title" aria-describedby="reset-dialog-text">
      <DialogTitle id="reset-dialog-title">最初からやり直しますか？</DialogTitle>
      <DialogContent>
        <DialogContentText id="reset-dialog-text">入力した情報がリセットされます。</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button variant="outlined" onClick={onCancel}>
          キャンセル
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          やり直す
        </Button>
      </DialogActions>
    </Dialog>
  );
}
