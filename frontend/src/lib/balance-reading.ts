/**
 * A short Japanese reading of the five-element balance, derived only from the element values: which
 * element leads, which are missing or faint, and one line of advice. Deterministic (same values, same
 * words) and free of React, so it is tested on its own.
 */
import { ELEMENT_KEYS, ELEMENT_LABELS, type ElementBalance, type ElementKey } from '@/lib/bazi';

/** The element each one gives birth to (相生): wood feeds fire, fire makes earth, and so on. */
export const GENERATES: Record<ElementKey, ElementKey> = {
  wood: 'fire',
  fire: 'earth',
  earth: 'metal',
  metal: 'water',
  water: 'wood',
};

/** What each element stands for in a person, when it leads the chart. */
const TRAITS: Record<ElementKey, string> = {
  wood: '「木」は伸びてゆく力。好奇心と向上心で、新しい芽を育てていく人です。',
  fire: '「火」は照らす力。情熱と表現力で、まわりを明るく温める人です。',
  earth: '「土」は受けとめる力。安定感と誠実さで、人の拠りどころになる人です。',
  metal: '「金」は磨く力。決断力と美意識で、物事の芯を見極める人です。',
  water: '「水」は巡る力。柔軟さと知恵で、流れを読みながら進む人です。',
};

/** How to take in an element the chart lacks. */
const WHEN_LACKING: Record<ElementKey, string> = {
  wood: '始める一歩が重く感じたら、朝の散歩や緑にふれる時間が流れを助けます。',
  fire: '気持ちを言葉や表情に出してみると、人とのご縁が温まります。',
  earth: '生活のリズムを整え、腰を据える場所をつくると心が落ち着きます。',
  metal: '「やめること」を決めて身のまわりを整えると、迷いが減ります。',
  water: '立ち止まって振り返る時間と十分な休息が、次の流れを生みます。',
};

/** Where a strong element's surplus is best spent: the element it gives birth to. */
const OUTLET: Record<ElementKey, string> = {
  wood: '新しい挑戦や企画を始めると、たまった力が芽吹きます。',
  fire: '人前に立つ、思いを伝えるなど、表現の場をもちましょう。',
  earth: '習慣を続けることや人を支える役割が、あなたの力を形にします。',
  metal: '目標をひとつに絞り、最後まで仕上げる経験が自信になります。',
  water: '学びや旅、人との対話で視野を広げると、流れがよくなります。',
};

/** A value this high or more makes an element "very strong" (the largest circle). */
const VERY_STRONG = 5;
/** A value this high or more makes an element strong (the spec's middle and upper circles). */
const STRONG = 3;
/** Differences this small or smaller between the highest and lowest value count as balanced. */
const BALANCED_SPREAD = 1;

export type BalanceShape = 'concentrated' | 'leaning' | 'balanced';

export type BalanceReading = {
  shape: BalanceShape;
  dominant: ElementKey;
  /** Elements at 3 or more, strongest first. */
  strong: ElementKey[];
  /** Elements at 0, in the order wood, fire, earth, metal, water. */
  missing: ElementKey[];
  /** One sentence on the overall shape. */
  headline: string;
  /** What the leading element says about the person. */
  trait: string;
  /** One line per missing element, or one on the faintest when none is missing. */
  notes: string[];
  /** One line of advice. */
  advice: string;
};

const name = (key: ElementKey) => `「${ELEMENT_LABELS[key]}」`;

export function readBalance(elements: ElementBalance): BalanceReading {
  const values = ELEMENT_KEYS.map((key) => elements[key]);
  const max = Math.max(...values);
  const min = Math.min(...values);
  // The server names the dominant element (it breaks ties); fall back to the first highest value.
  const dominant = ELEMENT_KEYS.includes(elements.dominant)
    ? elements.dominant
    : (ELEMENT_KEYS.find((key) => elements[key] === max) ?? 'wood');

  const strong = ELEMENT_KEYS.filter((key) => elements[key] >= STRONG).sort(
    (a, b) => elements[b] - elements[a] || ELEMENT_KEYS.indexOf(a) - ELEMENT_KEYS.indexOf(b),
  );
  const missing = ELEMENT_KEYS.filter((key) => elements[key] <= 0);

  let shape: BalanceShape;
  let headline: string;
  if (elements[dominant] >= VERY_STRONG) {
    shape = 'concentrated';
    headline = `${name(dominant)}の気がとりわけ強い、個性のはっきりした命式です。`;
  } else if (max - min <= BALANCED_SPREAD) {
    shape = 'balanced';
    headline = '五つの気がほどよく巡る、バランスのとれた命式です。';
  } else {
    shape = 'leaning';
    const second = strong.find((key) => key !== dominant);
    headline =
      second === undefined
        ? `${name(dominant)}の気を軸に、流れが形づくられている命式です。`
        : `${name(dominant)}と${name(second)}の気が、あなたの流れを形づくっています。`;
  }

  const notes: string[] = missing.map((key) => `${name(key)}の気が命式にありません。${WHEN_LACKING[key]}`);
  if (missing.length === 0 && shape !== 'balanced') {
    const faintest = ELEMENT_KEYS.find((key) => elements[key] === min);
    if (faintest !== undefined && faintest !== dominant) {
      notes.push(`${name(faintest)}の気は控えめです。${WHEN_LACKING[faintest]}`);
    }
  }

  let advice: string;
  if (shape === 'concentrated') {
    const outlet = GENERATES[dominant];
    advice = `強い${name(dominant)}の力は、${name(dominant)}が生む${name(outlet)}へ流すと活きます。${OUTLET[outlet]}`;
  } else if (missing.length > 0) {
    const first = missing[0] as ElementKey;
    advice = `足りない${name(first)}を日々の中で意識して補うと、巡りがなめらかになります。`;
  } else if (shape === 'balanced') {
    advice = 'どの気にも偏らないぶん、その日の流れに合わせて柔軟に動けるのがあなたの強みです。';
  } else {
    const outlet = GENERATES[dominant];
    advice = `${name(dominant)}が生む${name(outlet)}の方向へ動くと、持ち味が自然に伸びます。${OUTLET[outlet]}`;
  }

  return { shape, dominant, strong, missing, headline, trait: TRAITS[dominant], notes, advice };
}
