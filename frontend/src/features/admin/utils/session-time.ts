/** The session's remaining time on screen and when to warn (the token lives 15 minutes; none can be extended). */

/** From this much time left the shell warns that the session is about to end. */
export const SESSION_WARNING_MS = 3 * 60_000;

/**
 * 12分 while a minute or more is left (to the nearest minute: a fresh 15-minute token reads 15分, not 14分 a
 * moment later nor 16分 when the clock read it a moment early), then 45秒 for the last minute.
 */
export function formatRemaining(ms: number): string {
  if (ms >= 60_000) return `${Math.round(ms / 60_000)}分`;
  return `${Math.max(0, Math.ceil(ms / 1000))}秒`;
}
