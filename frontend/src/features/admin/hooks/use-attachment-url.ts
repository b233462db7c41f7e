import { useEffect, useState } from 'react';

import { getAttachment } from '@/features/admin/api/attachments';

export type AttachmentUrl =
  | { status: 'loading'; url: null }
  | { status: 'ready'; url: string }
  | { status: 'failed'; url: null };

/**
 * An object URL of one screenshot, fetched with the staff token. The URL is revoked when the component goes
 * or the id changes, and a fetch still running then is aborted, so no image outlives the thread that showed it.
 */
export function useAttachmentUrl(attachmentId: string): AttachmentUrl {
  const [state, setState] = useState<{ id: string; result: AttachmentUrl } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getAttachment(attachmentId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ id: attachmentId, result: { status: 'ready', url } });
      },
      () => {
        if (!controller.signal.aborted) setState({ id: attachmentId, result: { status: 'failed', url: null } });
      },
    );
    return () => {
      controller.abort();
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [attachmentId]);

  // A result for another id (the previous one) is not shown while this one loads.
  return state !== null && state.id === attachmentId ? state.result : { status: 'loading', url: null };
}
