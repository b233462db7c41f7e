import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';

import type { LegalBlock, LegalDocument } from '@/components/legal/legal-texts';

export type LegalDialogProps = {
  open: boolean;
  onClose: () => void;
};

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return <Typography variant="body2" sx={{ mb: 1.5 }}>{block}</Typography>;
  }
  return (
    <Box component="ul" sx={{ m: 0, mb: 1.5, pl: 3, typography: 'body2' }}>
      {block.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}

/**
 * A legal text in a modal: titled, with its revision date, a scrollable body (reachable with the keyboard)
 * and a close button in the corner and at the foot.
 */
export function LegalDialog({ open, onClose, document }: LegalDialogProps & { document: LegalDocument }) {
  const id = useId();
  const titleId = `${id}-title`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      scroll="paper"
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { m: { xs: 1.5, sm: 4 }, maxHeight: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' } } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {document.title}
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary', mt: 0.5 }}>
          {document.lastRevised}
        </Typography>
      </DialogTitle>
      <IconButton aria-label="閉じる" onClick={onClose} sx={{ position: 'absolute', top: 16, right: 16 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent
        dividers
        // Focusable, so the text scrolls with the keyboard too.
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        data-testid="legal-dialog-body"
      >
        {document.preamble.map((paragraph) => (
          <Typography key={paragraph} variant="body2" sx={{ mb: 2 }}>
            {paragraph}
          </Typography>
        ))}
        {document.sections.map((section) => (
          <Box component="section" key={section.heading} sx={{ mb: 2.5 }}>
            <Typography variant="h4" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
              {section.heading}
            </Typography>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </Box>
        ))}
        <Typography variant="body2" sx={{ textAlign: 'right', color: 'text.secondary' }}>
          {document.lastRevised}
          <br />
          {document.closing}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          閉じる
        </Button>
      </DialogActions>
    </Dialog>
  );
}
