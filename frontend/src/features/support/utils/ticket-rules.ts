/**
 * The checks support makes on a ticket and a message (issue 24), made before sending so a mistake is
 * shown at once, in the gateway's words (gateway/src/error/messages/support.rs). The server checks again and
 * its own message is the one shown when it refuses. Lengths count characters (code points), as the server does.
 */

import type { TicketStatus } from '@/features/support/api/types';

export const SUBJECT_MAX = 100;
export const MESSAGE_MAX = 5000;

/** Characters as a person counts them (an emoji or a rare kanji outside the BMP is one). */
export function charCount(text: string): number {
  return [...text].length;
}

/** TICKET_SUBJECT_REQUIRED / TICKET_SUBJECT_TOO_LONG (100 characters, one line), or null when it is fine. */
export function subjectProblem(subject: string): string | null {
  const trimmed = subject.trim();
  if (trimmed === '') return '件名を入力してください';
  if (/[\r\n]/.test(trimmed) || charCount(trimmed) > SUBJECT_MAX) return `件名は${SUBJECT_MAX}文字以内・1行で入力してください`;
  return null;
}

/** TICKET_MESSAGE_REQUIRED / TICKET_MESSAGE_TOO_LONG (5000 characters), or null when it is fine. */
export function messageProblem(message: string): string | null {
  const trimmed = message.trim();
  if (trimmed === '') return 'お問い合わせ内容を入力してください';
  if (charCount(trimmed) > MESSAGE_MAX) return `お問い合わせ内容は${MESSAGE_MAX}文字以内で入力してください`;
  return null;
}

/** Screenshots per message: support refuses more (TOO_MANY_ATTACHMENTS). */
export const ATTACHMENTS_MAX = 3;
/** Bytes per screenshot as chosen: support refuses more (IMAGE_TOO_LARGE), 2 MiB. */
export const ATTACHMENT_BYTES_MAX = 2 * 1024 * 1024;
/** What support takes (it checks the bytes; the file's type is only the browser's guess from its name). */
export const ATTACHMENT_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

export const IMAGE_TYPE_PROBLEM = 'PNGかJPEGの画像を選んでください';
export const IMAGE_SIZE_PROBLEM = '画像は1枚2MBまでです';
export const IMAGE_COUNT_PROBLEM = `添付できる画像は${ATTACHMENTS_MAX}枚までです`;

/**
 * Which of the files just chosen can join the `held` ones already attached: PNG or JPEG, 2 MiB at most, 3 in
 * all (the first ones chosen are kept). `problems` says once each why the others were left out.
 */
export function screenImages(held: number, chosen: readonly File[]): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems = new Set<string>();
  for (const file of chosen) {
    if (!ATTACHMENT_TYPES.includes(file.type)) problems.add(IMAGE_TYPE_PROBLEM);
    else if (file.size > ATTACHMENT_BYTES_MAX) problems.add(IMAGE_SIZE_PROBLEM);
    else if (held + accepted.length >= ATTACHMENTS_MAX) problems.add(IMAGE_COUNT_PROBLEM);
    else accepted.push(file);
  }
  return { accepted, problems: [...problems] };
}

/** The codes of support's refusals that are about the screenshots, shown by the picker. */
export function isImageCode(code: string | undefined): boolean {
  return code !== undefined && (code.startsWith('IMAGE_') || code === 'TOO_MANY_ATTACHMENTS');
}

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: '受付中',
  in_progress: '対応中',
  closed: '完了',
};

/** The gateway's SUPPORT_UNAVAILABLE message, used when the 503 carries none. */
export const SUPPORT_UNAVAILABLE = 'サポートに接続できません。しばらくしてからもう一度お試しください';
