/** How text types out: a start delay, then one character per `charMs`, with a longer pause at a blank line. */
export type TypingPace = {
  charMs: number;
  startDelayMs: number;
  /** The pause after a blank-line break ("\n\n") before the next paragraph starts; 0 for none. */
  breakPauseMs?: number;
};

/** The text split into characters (code points, so a surrogate pair is never cut in half). */
export function typingCharacters(text: string): string[] {
  return Array.from(text);
}

/**
 * When each character appears, in ms from the start: the first after `startDelayMs`, each next one
 * `charMs` later, except that the character after a blank-line break waits `breakPauseMs` instead.
 */
export function typingTimes(text: string, { charMs, startDelayMs, breakPauseMs = 0 }: TypingPace): number[] {
  const chars = typingCharacters(text);
  const times: number[] = [];
  let at = startDelayMs;
  chars.forEach((char, i) => {
    if (i > 0) {
      const endsBlankLine = chars[i - 1] === '\n' && chars[i - 2] === '\n' && char !== '\n';
      at += endsBlankLine && breakPauseMs > 0 ? breakPauseMs : charMs;
    }
    times.push(at);
  });
  return times;
}
