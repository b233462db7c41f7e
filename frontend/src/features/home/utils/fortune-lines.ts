/** The daily fortune's lines: the text may hold two lines separated by '|' (spec §2, §3). */
export function fortuneLines(fortune: string): string[] {
  return fortune
    .split('|')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

