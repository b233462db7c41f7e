import { describe, expect, it } from 'vitest';

import { dateSpan, timelineOf } from '@/features/reports/utils/important-dates';

const date = (value: string, label = value) => ({ date: value, label, detail: '' });

describe('dateSpan', () => {
  it('reads a year, a month and a day', () => {
    expect(dateSpan('2031')).toEqual({ start: '2031-01-01', end: '2031-12-31' });
    expect(dateSpan('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(dateSpan('2031-4')).toEqual({ start: '2031-04-01', end: '2031-04-30' });
    expect(dateSpan('2031-04-01')).toEqual({ start: '2031-04-01', end: '2031-04-01' });
  });

  it('does not read anything else', () => {
    expect(dateSpan('いつか')).toBeNull();
    expect(dateSpan('2031-13')).toBeNull();
  });
});

describe('timelineOf', () => {
  const today = '2026-11-22';

  it('puts the dates in time order', () => {
    const entries = timelineOf([date('2033-07-10'), date('2013'), date('2028-04'), date('2023-07-10')], today);
    expect(entries.map((entry) => entry.date)).toEqual(['2013', '2023-07-10', '2028-04', '2033-07-10']);
  });

  it('marks the past, the next one to come and the rest', () => {
    const entries = timelineOf([date('2033-07-10'), date('2013'), date('2028-04'), date('2023-07-10')], today);
    expect(entries.map((entry) => entry.state)).toEqual(['past', 'past', 'next', 'future']);
  });

  it('counts a year or a month that is still running as the next one, and today itself', () => {
    expect(timelineOf([date('2025'), date('2026'), date('2027')], today).map((entry) => entry.state)).toEqual([
      'past',
      'next',
      'future',
    ]);
    expect(timelineOf([date('2026-11'), date('2026-12-01')], today).map((entry) => entry.state)).toEqual(['next', 'future']);
    expect(timelineOf([date('2026-11-21'), date('2026-11-22')], today).map((entry) => entry.state)).toEqual(['past', 'next']);
  });

  it('has no next one when everything is behind', () => {
    expect(timelineOf([date('2001'), date('2011')], today).map((entry) => entry.state)).toEqual(['past', 'past']);
  });

  it('keeps unreadable dates at the end, never as the next one', () => {
    const entries = timelineOf([date('いつか', 'a'), date('2001'), date('そのうち', 'b')], today);
    expect(entries.map((entry) => [entry.label, entry.state])).toEqual([
      ['2001', 'past'],
      ['a', 'future'],
      ['b', 'future'],
    ]);
  });

  it('keeps the given order for the same date', () => {
    const entries = timelineOf([date('2030', 'first'), date('2030', 'second')], today);
    expect(entries.map((entry) => entry.label)).toEqual(['first', 'second']);
  });
});
