import { useId, useRef, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';

import type { PickedImages } from '@/features/support/hooks/use-picked-images';
import { ATTACHMENT_TYPES, ATTACHMENTS_MAX } from '@/features/support/utils/ticket-rules';

type AttachmentPickerProps = {
  picked: PickedImages;
  /** Support's refusal of the images (IMAGE_TOO_LARGE …), in its words. */
  error: string | null;
  disabled?: boolean;
};

const THUMB = 72;

/**
 * 「画像を添付」: up to 3 screenshots under a message, each a thumbnail with a button that takes it off. The
 * checks run as files are chosen (PNG or JPEG, 2 MB each, 3 in all) and say what was left out; support
 * checks the bytes again and its refusal (`error`) is shown here too.
 */
export function AttachmentPicker({ picked, error, disabled = false }: AttachmentPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { images, problems } = picked;
  const shown = error === null ? problems : [error];

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    picked.add([...(event.target.files ?? [])]);
    // The same file can be chosen again after it was removed.
    event.target.value = '';
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddPhotoAlternateOutlinedIcon aria-hidden="true" />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-describedby={hintId}
        >
          画像を添付
        </Button>
        <Typography id={hintId} variant="caption" color="text.secondary">
          {`PNG・JPEG、1枚2MBまで（${images.length} / ${ATTACHMENTS_MAX}枚）`}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={ATTACHMENT_TYPES.join(',')}
          aria-label="添付する画像を選ぶ"
          disabled={disabled}
          onChange={chosen}
        />
      </Box>
      {images.length > 0 ? (
        <Box component="ul" aria-label="添付する画像" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {images.map((image, index) => (
            <Box component="li" key={image.key} sx={{ position: 'relative', width: THUMB, height: THUMB }}>
              <Box
                component="img"
                src={image.url}
                alt={`添付画像 ${index + 1}`}
                sx={{ width: THUMB, height: THUMB, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
              />
              <IconButton
                size="small"
                aria-label={`添付画像 ${index + 1}を外す`}
                onClick={() => picked.remove(image.key)}
                disabled={disabled}
                sx={{
                  position: 'absolute',
                  top: -10,
                  right: -10,
                  p: 0.25,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <CloseIcon fontSize="small" aria-hidden="true" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
      {shown.length > 0 ? (
        <Box role="alert" sx={{ display: 'grid', gap: 0.25 }}>
          {shown.map((text) => (
            <Typography key={text} variant="caption" color="error">
              {text}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
