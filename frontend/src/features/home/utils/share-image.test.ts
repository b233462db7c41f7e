import { afterEach, describe, expect, it, vi } from 'vitest';

import { SHARE_IMAGE } from '@/config/constants';
import {
  drawShareImage,
  layoutShareText,
  loadTemplate,
  TEXT_BOTTOM,
  TEXT_TOP,
  type MeasureIn,
  type ShareContext,
} from '@/features/home/utils/share-image';

/** Every character as wide as the font's size: a 50 px font fits 17 characters in 850 px. */
const fontPx = (font: string) => parseFloat(font.split(' ')[1] ?? '0');
const squareChars: MeasureIn = (font) => (text) => Array.from(text).length * fontPx(font);

const right = (line: { x: number; text: string; font: string }) => line.x + squareChars(line.font)(line.text);

describe('layoutShareText', () => {
  it('puts the header first, then each bullet with its mark, all inside the 850 px band from x = 82', () => {
    const lines = layoutShareText('Bさんの今日は「縁」の日\n- 朝の連絡が吉\n- 夜は早めに休む', squareChars);

    expect(lines.map((line) => line.text)).toEqual(['Bさんの今日は「縁」の日', '朝の連絡が吉', '夜は早めに休む']);
    const [header, first, second] = lines;
    expect(header?.font.startsWith('700 50px')).toBe(true);
    expect(header?.x).toBe(SHARE_IMAGE.marginLeft);
    expect(header?.y).toBe(TEXT_TOP);
    expect(header?.bullet).toBeUndefined();
    expect(first?.bullet).toBeDefined();
    expect(second?.bullet).toBeDefined();
    expect(first?.x).toBeGreaterThan(SHARE_IMAGE.marginLeft);
    expect((second?.y ?? 0) > (first?.y ?? 0)).toBe(true);
    for (const line of lines) {
      expect(line.x).toBeGreaterThanOrEqual(SHARE_IMAGE.marginLeft);
      expect(right(line)).toBeLessThanOrEqual(SHARE_IMAGE.marginLeft + SHARE_IMAGE.textWidth);
    }
  });

  it('wraps a long bullet under itself, the mark only on its first line', () => {
    const long = 'あ'.repeat(40);
    const lines = layoutShareText(`見出し\n- ${long}`, squareChars);
    const bulletLines = lines.slice(1);
    expect(bulletLines.length).toBeGreaterThan(1);
    expect(bulletLines.map((line) => line.text).join('')).toBe(long);
    expect(bulletLines.filter((line) => line.bullet)).toHaveLength(1);
    expect(new Set(bulletLines.map((line) => line.x)).size).toBe(1);
  });

  it('lays out plain sentences one after another', () => {
    const lines = layoutShareText('静かな一日。読書に向いています！', squareChars);
    expect(lines.map((line) => line.text)).toEqual(['静かな一日。', '読書に向いています！']);
    expect(lines.every((line) => !line.bullet)).toBe(true);
  });

  it('shrinks a long text until it fits the band', () => {
    const bullets = Array.from({ length: 8 }, (_, i) => `- ${'流れ'.repeat(12)}${i}`).join('\n');
    const lines = layoutShareText(`今日の見出し\n${bullets}`, squareChars);
    expect(lines[0]?.font.startsWith('700 50px')).toBe(false);
    const last = lines[lines.length - 1];
    expect((last?.y ?? 0) + fontPx(last?.font ?? '')).toBeLessThanOrEqual(TEXT_BOTTOM);
    expect(lines.some((line) => line.text.endsWith('…'))).toBe(false);
  });

  it('cuts what still does not fit at the smallest size, ending with …', () => {
    const bullets = Array.from({ length: 60 }, (_, i) => `- ${'流れ'.repeat(20)}${i}`).join('\n');
    const lines = layoutShareText(`見出し\n${bullets}`, squareChars);
    const last = lines[lines.length - 1];
    expect(last?.text.endsWith('…')).toBe(true);
    expect((last?.y ?? 0) + fontPx(last?.font ?? '')).toBeLessThanOrEqual(TEXT_BOTTOM);
  });
});

/** A 2D context that records what is drawn. */
function recorder() {
  const calls: { op: string; args: unknown[]; font: string; fillStyle: unknown }[] = [];
  const ctx = {
    font: '',
    fillStyle: '' as ShareContext['fillStyle'],
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    drawImage: (...args: unknown[]) => void calls.push({ op: 'drawImage', args, font: ctx.font, fillStyle: ctx.fillStyle }),
    fillText: (...args: unknown[]) => void calls.push({ op: 'fillText', args, font: ctx.font, fillStyle: ctx.fillStyle }),
    measureText: (text: string) => ({ width: squareChars(ctx.font)(text) }) as TextMetrics,
    beginPath: () => void calls.push({ op: 'beginPath', args: [], font: ctx.font, fillStyle: ctx.fillStyle }),
    arc: (...args: unknown[]) => void calls.push({ op: 'arc', args, font: ctx.font, fillStyle: ctx.fillStyle }),
    fill: () => void calls.push({ op: 'fill', args: [], font: ctx.font, fillStyle: ctx.fillStyle }),
  };
  return { ctx: ctx as unknown as ShareContext, calls };
}

describe('drawShareImage', () => {
  it('draws the template at 1015×1350, the friend by display name, the text and the date', () => {
    const { ctx, calls } = recorder();
    const template = {} as CanvasImageSource;

    drawShareImage(ctx, template, { friendName: '太郎', dateLabel: '2026年11月22日', text: '見出し\n- ひとつ\n- ふたつ' });

    expect(calls[0]).toMatchObject({ op: 'drawImage', args: [template, 0, 0, 1015, 1350] });
    const texts = calls.filter((call) => call.op === 'fillText').map((call) => call.args[0]);
    expect(texts).toEqual(['太郎さんの今日', '見出し', 'ひとつ', 'ふたつ', '2026年11月22日　Meguri 巡り']);
    expect(calls.filter((call) => call.op === 'arc')).toHaveLength(2);
    for (const call of calls.filter((c) => c.op === 'fillText')) {
      expect(call.args[1]).toBe(SHARE_IMAGE.marginLeft + (call.args[0] === 'ひとつ' || call.args[0] === 'ふたつ' ? 46 : 0));
    }
  });
});

describe('loadTemplate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fails with 'Failed to load background template' when the image does not load", async () => {
    class BrokenImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(_url: string) {
        queueMicrotask(() => this.onerror?.());
      }
    }
    vi.stubGlobal('Image', BrokenImage);
    await expect(loadTemplate('/share-template.png')).rejects.toThrow(new Error('Failed to load background template'));
  });

  it('asks for /share-template.png and resolves with the loaded image', async () => {
    const asked: string[] = [];
    class GoodImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        asked.push(url);
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('Image', GoodImage);
    await expect(loadTemplate()).resolves.toBeInstanceOf(GoodImage);
    expect(asked).toEqual(['/share-template.png']);
  });
});
