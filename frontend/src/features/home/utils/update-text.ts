/**
 * How a friend update's text is laid out (spec §2, §5): either a header line followed by lines that
 * start with '-' (bullets), or plain sentences, split after Japanese sentence-ending punctuation.
 */
export type UpdateText =
  | { kind: 'bullets'; header: string; bullets: string[] }
  | { kind: 'sentences'; sentences: string[] };

const BULLET = /^[-－]\s*/;
/**
 * A sentence runs up to and including its closing punctuation (。！？ and their ASCII forms, repeated as
 * in 「！？」) and any closing brackets right after it; text after the last mark is a sentence too.
 */
const SENTENCE = /[^。．！？!?]+(?:[。．！？!?]+[」』）)】]*|$)|[。．！？!?]+[」』）)】]*/g;

function splitSentences(text: string): string[] {
  return (text.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Reads one update text. It is a bullet list when any line after the first starts with '-' (or the
 * first line does): the first line is the header (none when it is a bullet itself), each '-' line a
 * bullet with the mark removed, and a line without the mark continues the bullet before it (or the
 * header, before any bullet). Otherwise each line is split into sentences, a line break ending a
 * sentence too. Blank lines and surrounding spaces never make items.
 */
export function parseUpdateText(text: string): UpdateText {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

  if (!lines.some((line) => BULLET.test(line))) {
    return { kind: 'sentences', sentences: lines.flatMap(splitSentences) };
  }

  const [first = '', ...rest] = lines;
  const headed = !BULLET.test(first);
  let header = headed ? first : '';
  const bullets: string[] = [];
  for (const line of headed ? rest : lines) {
    if (BULLET.test(line)) {
      const item = line.replace(BULLET, '').trim();
      if (item !== '') bullets.push(item);
    } else if (bullets.length > 0) {
      bullets[bullets.length - 1] = `${bullets[bullets.length - 1]}${line}`;
    } else {
      header = `${header}${line}`;
    }
  }
  return { kind: 'bullets', header, bullets };
}
