/**
 * The limits of a staff message (POST /api/admin/tickets/{id}/messages), checked before sending so a mistake
 * shows at once; the gateway checks again. Lengths count characters (code points), as the server does.
 */

export const BODY_MAX = 5000;
export const AUTHOR_NAME_MAX = 50;

export function charCount(text: string): number {
  return [...text].length;
}

/** What is wrong with the text and the signature (empty: the gateway's default), or null. */
export function composerProblem(body: string, authorName: string): string | null {
  const text = body.trim();
  if (text === '') return '本文を入力してください';
  if (charCount(text) > BODY_MAX) return `本文は${BODY_MAX}文字以内で入力してください`;
  if (charCount(authorName.trim()) > AUTHOR_NAME_MAX) return `差出人名は${AUTHOR_NAME_MAX}文字以内で入力してください`;
  return null;
}
