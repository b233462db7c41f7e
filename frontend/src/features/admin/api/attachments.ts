import { adminApiPaths } from '@/config/admin-paths';
import { adminFetch } from '@/features/admin/api/admin-client';

/**
 * GET /api/admin/attachments/{id}: a screenshot's bytes. The route needs the bearer token, which an `<img src>`
 * cannot send, so the image is fetched and shown through an object URL (hooks/use-attachment-url.ts).
 */
export async function getAttachment(attachmentId: string, signal?: AbortSignal): Promise<Blob> {
  const response = await adminFetch('GET', adminApiPaths.attachment(attachmentId), undefined, signal ? { signal } : {});
  return response.blob();
}
