/**
 * Words for a compatibility score (0–100) and its state. The score and the analysis come from social
 * (bazi-engine's compatibility); these only name it for a person.
 */

/** A short Japanese word for how the score reads. */
export function scoreWord(score: number): string {
  if (score >= 85) return '最高の相性';
  if (score >= 70) return 'とても良い相性';
  if (score >= 55) return '良い相性';
  if (score >= 40) return 'ほどよい相性';
  return '刺激し合う相性';
}

/** What a friend row says instead of a score while there is none. */
export function compatibilityStatusText(status: string): string {
  switch (status) {
    case 'pending':
      return '相性を計算中...';
    case 'unavailable':
      return '生年月日が未登録のため相性を出せません';
    case 'failed':
      return '相性を計算できませんでした';
    default:
      return '';
  }
}

/** The score clamped to 0–100 and rounded, for bars and rings. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.round(Math.min(100, Math.max(0, score)));
}
