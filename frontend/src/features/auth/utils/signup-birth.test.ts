import { describe, expect, it } from 'vitest';

import {
  EMPTY_BIRTH,
  preFilledChoices,
  signupBody,
  withDate,
  withTime,
  type BirthChoices,
} from '@/features/auth/utils/signup-birth';
import { DEFAULT_COORDINATES, type BirthInput } from '@/lib/birth-data';

const landing: BirthInput = {
  birthDate: '1948-05-02',
  birthTime: '00:30',
  birthLocation: '東京, 日本',
  coordinates: DEFAULT_COORDINATES,
  dstChoice: 'standard',
};

const account = { email: 'hanako@example.com', username: 'hanako', password: 'hoshizora-2025' };

describe('preFilledChoices', () => {
  it('carries the reading picked on the landing over with its date and time', () => {
    expect(preFilledChoices(landing)).toEqual({
      date: { year: '1948', month: '5', day: '2' },
      time: { hour: '00', minute: '30' },
      place: { label: '東京, 日本', coordinates: DEFAULT_COORDINATES },
      dst: { choice: 'standard' },
    });
  });

  it('has no reading when none was picked, the stored one is not a choice, or the time is unknown', () => {
    const { dstChoice: _dropped, ...withoutChoice } = landing;
    expect(preFilledChoices(withoutChoice).dst).toBeNull();
    expect(preFilledChoices({ ...landing, dstChoice: 'summer' as never }).dst).toBeNull();
    expect(preFilledChoices({ ...landing, birthTime: '' }).dst).toBeNull();
  });

  it('starts empty without a hand-over', () => {
    expect(preFilledChoices(null)).toEqual(EMPTY_BIRTH);
  });
});

describe('a new date or time', () => {
  const chosen: BirthChoices = preFilledChoices(landing);

  it('drops the reading picked for the old one', () => {
    expect(withTime(chosen, { hour: '00', minute: '45' })).toMatchObject({ time: { minute: '45' }, dst: null });
    expect(withDate(chosen, { year: '1948', month: '5', day: '3' })).toMatchObject({ date: { day: '3' }, dst: null });
  });

  it('keeps it when the same value is chosen again', () => {
    expect(withTime(chosen, { hour: '00', minute: '30' })).toBe(chosen);
    expect(withDate(chosen, { year: '1948', month: '5', day: '2' })).toBe(chosen);
  });
});

describe('signupBody', () => {
  it('sends the picked reading as dstChoice', () => {
    expect(signupBody(account, 'female', preFilledChoices(landing))).toMatchObject({
      birthDate: '1948-05-02',
      birthTime: '00:30',
      dstChoice: 'standard',
    });
  });

  it('leaves dstChoice out when no reading was picked', () => {
    const body = signupBody(account, null, withTime(preFilledChoices(landing), { hour: '00', minute: '45' }));
    expect(body).not.toHaveProperty('dstChoice');
  });

  it('is null while the date is incomplete', () => {
    expect(signupBody(account, null, EMPTY_BIRTH)).toBeNull();
  });
});
