/**
 * How a friend update leaves the app (spec §7): the device's share sheet with the image file where it
 * takes files, else a text share, else the PNG is downloaded. A person closing the share sheet is not
 * an error (AbortError); anything else is, and so is a template that does not load.
 */

export type ShareOutcome = 'shared-file' | 'shared-text' | 'downloaded';

/** The parts of `navigator` sharing uses (absent in browsers without the Web Share API). */
export type ShareNavigator = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
};

export type ShareRequest = {
  /** Builds the PNG (loading the template may fail: 'Failed to load background template'). */
  makeImage: () => Promise<Blob>;
  fileName: string;
  title: string;
  text: string;
};

export async function shareUpdate(
  request: ShareRequest,
  nav: ShareNavigator,
  download: (blob: Blob, fileName: string) => void,
): Promise<ShareOutcome> {
  const blob = await request.makeImage();
  const file = new File([blob], request.fileName, { type: 'image/png' });
  const withFile: ShareData = { files: [file], title: request.title, text: request.text };
  if (typeof nav.share === 'function' && typeof nav.canShare === 'function' && nav.canShare(withFile)) {
    await nav.share(withFile);
    return 'shared-file';
  }
  if (typeof nav.share === 'function') {
    await nav.share({ title: request.title, text: request.text });
    return 'shared-text';
  }
  download(blob, request.fileName);
  return 'downloaded';
}

/** The share sheet was closed by the person: nothing to report. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Saves a blob as a file through a temporary link (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; the URL is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
