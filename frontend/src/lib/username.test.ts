import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  CONFUSABLE_CHARS,
  CONFUSABLE_SEQUENCES,
  findMentions,
  isSameUsername,
  parseUsername,
  usernameSkeleton,
} from '@/lib/username';

/** The cases identity's rule (services/lib/meguri-username) is tested against, read as the crate reads them. */
type Vectors = {
  valid: { raw: string; normalized: string; skeleton: string }[];
  invalid: { raw: string; reason: string; char?: string }[];
  same_name: [string, string][];
  lookalikes: { a: string; b: string }[];
  distinct: [string, string][];
  mentions: { text: string; mentions: { written: string; candidates: string[] }[] }[];
};

const vectors = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../services/lib/meguri-username/vectors.json'), 'utf8'),
) as Vectors;

/** A test title that shows invisible characters as escapes. */
function shown(s: string): string {
  return JSON.stringify(s).replace(
    /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\u3000]/gu,
    (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
  );
}

function valid(raw: string): string {
  const check = parseUsername(raw);
  if (!check.ok) throw new Error(`${JSON.stringify(raw)} should be valid: ${check.reason}`);
  return check.name;
}

describe('the username rule, case by case as the crate runs it (vectors.json)', () => {
  it('reads the shared vectors', () => {
    expect(vectors.valid.length).toBeGreaterThanOrEqual(20);
    expect(vectors.mentions.length).toBeGreaterThanOrEqual(10);
  });

  it.each(vectors.valid.map((v) => [shown(v.raw), v] as const))('accepts %s', (_raw, v) => {
    expect(valid(v.raw)).toBe(v.normalized);
    expect(usernameSkeleton(v.normalized)).toBe(v.skeleton);
    expect(usernameSkeleton(v.raw)).toBe(v.skeleton);
  });

  it.each(vectors.invalid.map((v) => [shown(v.raw), v] as const))('refuses %s', (_raw, v) => {
    const check = parseUsername(v.raw);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.reason).toBe(v.reason);
    expect(check.reason === 'character' ? check.char : undefined).toBe(v.char);
  });

  it.each(vectors.same_name)('takes %s and %s for one name', (a, b) => {
    expect(isSameUsername(a, b)).toBe(true);
    expect(usernameSkeleton(a)).toBe(usernameSkeleton(b));
  });

  it.each(vectors.lookalikes.map((p) => [p.a, p.b] as const))('takes %s and %s for look-alikes', (a, b) => {
    expect(usernameSkeleton(valid(a))).toBe(usernameSkeleton(valid(b)));
    expect(isSameUsername(a, b)).toBe(false);
  });

  it.each(vectors.distinct)('tells %s from %s', (a, b) => {
    expect(usernameSkeleton(valid(a))).not.toBe(usernameSkeleton(valid(b)));
  });

  it.each(vectors.mentions.map((m) => [shown(m.text), m] as const))('finds the mentions in %s', (_text, m) => {
    const found = findMentions(m.text);
    expect(found.map(({ written, candidates }) => ({ written, candidates }))).toEqual(m.mentions);
    for (const mention of found) expect(m.text.slice(mention.start, mention.end)).toBe(mention.written);
  });
});

describe('the look-alike table', () => {
  it('has a look-alike vector for every folding, so the crate checks the same table', () => {
    const covered = (from: string, to: string) =>
      vectors.lookalikes.some(({ a, b }) => (a.includes(from) && b.includes(to)) || (b.includes(from) && a.includes(to)));
    const missing = [...CONFUSABLE_CHARS, ...CONFUSABLE_SEQUENCES].filter(([from, to]) => !covered(from, to));
    expect(missing).toEqual([]);
  });
});
