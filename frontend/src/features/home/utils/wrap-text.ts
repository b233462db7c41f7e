/**
 * Line breaking for the share image (drawn on a canvas, which does not wrap): Japanese breaks between
 * any two characters, so lines fill greedily character by character, with the basic kinsoku rules —
 * no line starts with closing punctuation or a small kana, none ends with an opening bracket — and a
 * run of Latin letters or digits is kept whole when it fits on a line of its own.
 */

/** Width of a string in the drawing's pixels (the canvas's `measureText(text).width`). */
export type Measure = (text: string) => number;

const NO_LINE_START = new Set(Array.from('、。，．,.・：；:;？！?!）)］]｝}」』】〉》〕’”ー〜…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ'));
const NO_LINE_END = new Set(Array.from('（(［[｛{「『【〈《〔‘“'));
const WORD = /[A-Za-z0-9@#&_\-'’]/;

/** Where a line may not begin with `next` after `previous` (kinsoku). */
function forbiddenBreak(previous: string | undefined, next: string): boolean {
  return NO_LINE_START.has(next) || (previous !== undefined && NO_LINE_END.has(previous));
}

/**
 * Splits `text` into lines no wider than `maxWidth`. Every character of the text is kept, in order
 * (leading spaces of a wrapped line are dropped); a single character wider than the line still gets a
 * line of its own.
 */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const lines: string[] = [];
  let line: string[] = [];

  for (const char of chars) {
    if (line.length === 0 && char === ' ') continue;
    const candidate = [...line, char];
    if (measure(candidate.join('')) <= maxWidth || line.length === 0) {
      line = candidate;
      continue;
    }
    // The character does not fit: find a place to break before it.
    let cut = line.length;
    // Keep a Latin word together when it started on this line after a space or a Japanese character
    // and fits on a line of its own.
    if (WORD.test(char)) {
      let start = cut;
      while (start > 0 && WORD.test(line[start - 1] ?? '')) start -= 1;
      if (start > 0 && measure([...line.slice(start), char].join('')) <= maxWidth) cut = start;
    }
    // Kinsoku: move characters down until the break is allowed (never emptying the line).
    while (cut > 1 && forbiddenBreak(line[cut - 1], cut === line.length ? char : (line[cut] ?? char))) cut -= 1;
    if (cut <= 0) cut = line.length;
    lines.push(line.slice(0, cut).join('').trimEnd());
    line = [...line.slice(cut), char];
    while (line[0] === ' ') line.shift();
  }
  if (line.length > 0) lines.push(line.join('').trimEnd());
  return lines.filter((l) => l !== '');
}
