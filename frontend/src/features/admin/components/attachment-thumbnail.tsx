import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

import type { AdminAttachment } from '@/features/admin/api/types';
import { useAttachmentUrl } from '@/features/admin/hooks/use-attachment-url';

/** The longest side of a thumbnail, in CSS pixels. */
const THUMB_MAX = 160;

/** The thumbnail's box from the stored size, so the thread does not jump as images load. */
function thumbnailSize({ width, height }: AdminAttachment): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: THUMB_MAX, height: THUMB_MAX };
  const scale = Math.min(1, THUMB_MAX / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A screenshot of a message. The admin route needs the bearer token, so the image is fetched and shown from
 * an object URL, which also opens the full image in a new tab; the URL is revoked when the thread goes.
 */
export function AttachmentThumbnail({ attachment, number }: { attachment: AdminAttachment; number: number }) {
  const image = useAttachmentUrl(attachment.id);
  const size = thumbnailSize(attachment);
  const frame = {
    display: 'grid',
    placeItems: 'center',
    width: size.width,
    height: size.height,
    borderRadius: 1,
    overflow: 'hidden',
    border: 1,
    borderColor: 'divider',
    bgcolor: 'action.hover',
  } as const;

  if (image.status === 'loading') {
    return (
      <Box sx={frame}>
        <CircularProgress size={20} aria-label={`添付画像 ${number}を読み込み中`} />
      </Box>
    );
  }
  if (image.status === 'failed') {
    return (
      <Box sx={frame} role="img" aria-label={`添付画像 ${number}（読み込めませんでした）`}>
        <Typography variant="caption" color="text.secondary" sx={{ p: 1, textAlign: 'center' }}>
          読み込めませんでした
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      component="a"
      href={image.url}
      target="_blank"
      rel="noopener"
      aria-label={`添付画像 ${number}を新しいタブで開く`}
      sx={{ ...frame, display: 'block', lineHeight: 0 }}
    >
      <Box
        component="img"
        src={image.url}
        alt={`添付画像 ${number}`}
        width={size.width}
        height={size.height}
        sx={{ display: 'block', width: size.width, height: size.height, objectFit: 'contain' }}
      />
    </Box>
  );
}
