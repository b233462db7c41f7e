import { describe, expect, it } from 'vitest';

import { greetingFor } from '@/features/home/utils/greeting';

const at = (hour: number) => new Date(2026, 10, 22, hour, 30);

describe('greetingFor', () => {
  it('says good morning from 5 to 10, hello from 11 to 17, good evening otherwise', () => {
    expect([4, 5, 10, 11, 17, 18, 23, 0].map((hour) => greetingFor(at(hour)))).toEqual([
      'こんばんは',
      'おはようございます',
      'おはようございます',
      'こんにちは',
      'こんにちは',
      'こんばんは',
      'こんばんは',
      'こんばんは',
    ]);
  });
});
