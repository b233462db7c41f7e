/**
 * The share image of a friend update (spec §7, §9): the template public/share-template.png (1015×1350)
 * with the friend's display name on top, then the update's header line and its bullets (or its
 * sentences), 850 px wide from 82 px on the left. Layout is pure (a `measure` per font, so tests can run
 * it without a canvas); drawing and encoding need the browser's canvas.
 */
import { SHARE_IMAGE } from '@/config/constants';
import { parseUpdateText } from '@/features/home/utils/update-text';
import { wrapText, type Measure } from '@/features/home/utils/wrap-text';
import { fontFamily } from '@/theme/typography';

/** The band the text may use (the template keeps it calm): from under the top rule to above the bottom one. */
export const TEXT_TOP = 320;
export const TEXT_BOTTOM = 1160;
/** Where the title (the friend's name) and the footer sit. */
const TITLE_Y = 176;
const FOOTER_Y = 1222;
/** Tried in turn until the text fits the band; at the smallest, lines past the band are cut with '…'. */
const SCALES = [1, 0.9, 0.8, 0.7, 0.6] as const;

const COLORS = { text: '#f6f1e6', gold: '#e8bf74', muted: '#cfc9ec' } as const;

export function fontOf(sizePx: number, weight: 400 | 700 = 400): string {
  return `${weight} ${Math.round(sizePx)}px ${fontFamily}`;
}

/** One line of text as drawn: its top-left corner, font and colour; `bullet` marks a bullet's first line. */
export type ShareLine = { text: string; x: number; y: number; font: string; color: string; bullet?: { x: number; y: number; r: number } };

/** Measures text in a font (the canvas: set `ctx.font`, then `measureText`). */
export type MeasureIn = (font: string) => Measure;

function layoutAt(text: string, scale: number, measureIn: MeasureIn): { lines: ShareLine[]; bottom: number } {
  const left = SHARE_IMAGE.marginLeft;
  const width = SHARE_IMAGE.textWidth;
  const parsed = parseUpdateText(text);
  const lines: ShareLine[] = [];
  let y = TEXT_TOP;

  const block = (content: string, size: number, weight: 400 | 700, color: string, indent = 0, lineHeight = 1.6) => {
    const font = fontOf(size, weight);
    const wrapped = wrapText(content, width - indent, measureIn(font));
    wrapped.forEach((line, index) => {
      lines.push({
        text: line,
        x: left + indent,
        y,
        font,
        color,
        ...(indent > 0 && index === 0 ? { bullet: { x: left + indent / 2 - 4, y: y + (size * lineHeight) / 2, r: Math.max(4, size * 0.14) } } : {}),
      });
      y += size * lineHeight;
    });
  };

  if (parsed.kind === 'bullets') {
    if (parsed.header) {
      block(parsed.header, 50 * scale, 700, COLORS.text, 0, 1.45);
      y += 34 * scale;
    }
    for (const bullet of parsed.bullets) {
      block(bullet, 38 * scale, 400, COLORS.text, 46 * scale);
      y += 18 * scale;
    }
  } else {
    for (const sentence of parsed.sentences) {
      block(sentence, 40 * scale, 400, COLORS.text);
      y += 20 * scale;
    }
  }
  return { lines, bottom: y };
}

/**
 * The update's lines, laid out to fit between TEXT_TOP and TEXT_BOTTOM: the largest scale that fits,
 * else the smallest with the lines that would overflow replaced by a closing '…'.
 */
export function layoutShareText(text: string, measureIn: MeasureIn): ShareLine[] {
  for (const scale of SCALES) {
    const { lines, bottom } = layoutAt(text, scale, measureIn);
    if (bottom <= TEXT_BOTTOM || scale === SCALES[SCALES.length - 1]) {
      const kept = lines.filter((line) => line.y + parseFloat(line.font.split(' ')[1] ?? '0') <= TEXT_BOTTOM);
      if (kept.length < lines.length && kept.length > 0) {
        const last = kept[kept.length - 1] as ShareLine;
        kept[kept.length - 1] = { ...last, text: `${Array.from(last.text).slice(0, -1).join('')}…` };
      }
      return kept;
    }
  }
  return [];
}

/** What the image says besides the update: whose day it is (display name only) and the date. */
export type ShareImageContent = { friendName: string; dateLabel: string; text: string };

/** The 2D context calls the drawing uses (a real canvas in the browser, a recorder in tests). */
export type ShareContext = Pick<
  CanvasRenderingContext2D,
  'drawImage' | 'fillText' | 'measureText' | 'beginPath' | 'arc' | 'fill'
> & { font: string; fillStyle: CanvasRenderingContext2D['fillStyle']; textBaseline: CanvasTextBaseline };

/** Draws the whole image on `ctx`, over the template. */
export function drawShareImage(ctx: ShareContext, template: CanvasImageSource, content: ShareImageContent): void {
  const measureIn: MeasureIn = (font) => (text) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
  ctx.drawImage(template, 0, 0, SHARE_IMAGE.width, SHARE_IMAGE.height);
  ctx.textBaseline = 'top';

  // The friend, by display name only, on one line (shrunk to the width if it is long).
  const title = `${content.friendName}さんの今日`;
  let titleSize = 44;
  while (titleSize > 24 && measureIn(fontOf(titleSize, 700))(title) > SHARE_IMAGE.textWidth - 160) titleSize -= 2;
  ctx.font = fontOf(titleSize, 700);
  ctx.fillStyle = COLORS.gold;
  ctx.fillText(title, SHARE_IMAGE.marginLeft, TITLE_Y - titleSize / 2);

  for (const line of layoutShareText(content.text, measureIn)) {
    if (line.bullet) {
      ctx.fillStyle = COLORS.gold;
      ctx.beginPath();
      ctx.arc(line.bullet.x, line.bullet.y, line.bullet.r, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.font = line.font;
    ctx.fillStyle = line.color;
    ctx.fillText(line.text, line.x, line.y);
  }

  ctx.font = fontOf(28);
  ctx.fillStyle = COLORS.muted;
  ctx.fillText(`${content.dateLabel}\u3000Meguri 巡り`, SHARE_IMAGE.marginLeft, FOOTER_Y);
}

/** Loads the template; its failure is the error spec §8 names. */
export function loadTemplate(url: string = SHARE_IMAGE.templateUrl): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Failed to load background template'));
    image.src = url;
  });
}

/** Renders the image in the browser and encodes it as PNG (1015×1350). */
export async function renderShareImage(content: ShareImageContent): Promise<Blob> {
  const template = await loadTemplate();
  // Japanese system fonts may still be loading on a first visit; measuring before would wrap wrongly.
  await document.fonts?.ready;
  const canvas = document.createElement('canvas');
  canvas.width = SHARE_IMAGE.width;
  canvas.height = SHARE_IMAGE.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  drawShareImage(ctx, template, content);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Failed to encode the share image'))), 'image/png');
  });
}
