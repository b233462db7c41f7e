/**
 * Plain Japanese for what the engine decided about the day master: the strength verdict (身強・身弱・中和)
 * and the favourable elements (喜神) as things to do in daily life. The balance of the five elements
 * themselves is read by lib/balance-reading.ts; this adds only what that reading does not cover.
 */
import { isElementKey, type ElementKey } from '@/lib/bazi';

export type StrengthVerdict = '身強' | '身弱' | '中和';

export const STRENGTH_MEANINGS: Record<StrengthVerdict, { summary: string; detail: string }> = {
  身強: {
    summary: 'あなた自身の力がしっかり強い命式です。',
    detail:
      '自分の考えで道を切りひらける人です。力を内にためこむより、仕事や表現、人を支えることに外へ向けて使うほど巡りがよくなります。',
  },
  身弱: {
    summary: 'あなた自身の力がやわらかく、まわりと響き合う命式です。',
    detail:
      '人の助けや学びを受けとることで、持ち味がいちばん生きる人です。ひとりで背負いこまず、信頼できる人や落ち着ける場所を味方にしましょう。',
  },
  中和: {
    summary: 'あなた自身の力と、まわりの力がほどよく釣り合った命式です。',
    detail: 'どちらにも偏らないぶん、状況に合わせてしなやかに動けるのが強みです。そのときの流れに素直に乗ってみましょう。',
  },
};

export function strengthMeaning(verdict: string): { summary: string; detail: string } | undefined {
  return verdict in STRENGTH_MEANINGS ? STRENGTH_MEANINGS[verdict as StrengthVerdict] : undefined;
}

export type ElementHint = {
  /** What the element brings, in a few words. */
  gift: string;
  colors: string;
  direction: string;
  /** Small things to do. */
  actions: string;
};

/** What taking in a favourable element looks like day to day: colours, a direction and small habits. */
export const FAVORABLE_HINTS: Record<ElementKey, ElementHint> = {
  wood: {
    gift: '伸びてゆく力',
    colors: '緑・青緑',
    direction: '東',
    actions: '朝の散歩、植物を育てる、新しい学びを始める',
  },
  fire: {
    gift: '明るく照らす力',
    colors: '赤・オレンジ',
    direction: '南',
    actions: '日の光を浴びる、人と会って話す、気持ちを言葉にする',
  },
  earth: {
    gift: 'どっしり支える力',
    colors: '黄・ベージュ・茶',
    direction: '自宅のまわり',
    actions: '料理や片づけで暮らしを整える、同じ習慣を続ける',
  },
  metal: {
    gift: '磨き、見極める力',
    colors: '白・金・銀',
    direction: '西',
    actions: '持ち物を整理する、姿勢を正す、目標をひとつに絞る',
  },
  water: {
    gift: 'しなやかに巡る力',
    colors: '黒・紺',
    direction: '北',
    actions: 'ゆっくり休む、水辺で過ごす、読書や振り返りの時間をもつ',
  },
};

/** The favourable elements the engine named, known keys only, in its order (most helpful first). */
export function favorableKeys(keys: readonly string[]): ElementKey[] {
  return keys.filter(isElementKey);
}
