import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { PageViewEvent, Transport } from '@/features/analytics/api/send-page-views';
import { batchesOf, createPageViewQueue } from '@/features/analytics/utils/page-view-queue';

const view = (path: string): PageViewEvent => ({ name: 'page_view', path });
const bytes = (events: PageViewEvent[]) => new TextEncoder().encode(JSON.stringify({ events })).length;

/** A queue whose batches land in `sent`. */
function queueWithLog(referrer = '') {
  const sent: { events: PageViewEvent[]; transport: Transport }[] = [];
  const queue = createPageViewQueue({ referrer, send: (events, transport) => sent.push({ events, transport }) });
  return { queue, sent };
}

describe('batchesOf', () => {
  it('keeps the order and puts at most 50 events in a batch', () => {
    const events = Array.from({ length: 120 }, (_, i) => view(`/p/${i}`));

    const batches = batchesOf(events);

    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(events);
  });

  it('keeps each batch within 16 KiB of JSON', () => {
    const referrer = `https://example.com/${'あ'.repeat(600)}`;
    const events = Array.from({ length: 40 }, (_, i) => ({ ...view(`/p/${i}`), referrer }));

    const batches = batchesOf(events);

    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(bytes(batch)).toBeLessThanOrEqual(16 * 1024);
    expect(batches.flat()).toEqual(events);
  });

  it('fills a batch up to the byte limit exactly', () => {
    const events = [view('/a'), view('/b'), view('/c')];
    const limit = bytes(events.slice(0, 2));

    expect(batchesOf(events, { maxBytes: limit })).toEqual([[view('/a'), view('/b')], [view('/c')]]);
  });

  it('has no batch for no events', () => {
    expect(batchesOf([])).toEqual([]);
  });
});

describe('the page-view queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing, and queues nothing, without consent', () => {
    const { queue, sent } = queueWithLog();

    queue.visit('/');
    queue.visit('/about');
    queue.flush('beacon');
    vi.advanceTimersByTime(60_000);

    expect(queue.size()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('records the page it is on once consent comes, then each new page, with the referrer on the first only', () => {
    const { queue, sent } = queueWithLog('https://search.example/');

    queue.visit('/');
    queue.allow('visitor');
    queue.visit('/about');
    queue.visit('/about');
    queue.visit('/');
    queue.flush('beacon');

    expect(sent).toEqual([
      {
        transport: 'beacon',
        events: [
          { name: 'page_view', path: '/', referrer: 'https://search.example/' },
          view('/about'),
          view('/'),
        ],
      },
    ]);
  });

  it('gives no referrer when consent comes after the first page', () => {
    const { queue, sent } = queueWithLog('https://search.example/');

    queue.visit('/');
    queue.visit('/about');
    queue.allow('visitor');
    queue.flush('fetch');

    expect(sent).toEqual([{ transport: 'fetch', events: [view('/about')] }]);
  });

  it('sends every 10 seconds while something waits', () => {
    const { queue, sent } = queueWithLog();
    queue.allow('member');

    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([]);

    queue.visit('/home');
    vi.advanceTimersByTime(9_999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ transport: 'fetch', events: [view('/home')] }]);

    vi.advanceTimersByTime(30_000);
    expect(sent).toHaveLength(1);
  });

  it('sends at once when 20 events wait', () => {
    const { queue, sent } = queueWithLog();
    queue.allow('member');

    for (let i = 1; i <= 19; i += 1) queue.visit(`/p/${i}`);
    expect(sent).toEqual([]);
    queue.visit('/p/20');

    expect(sent).toHaveLength(1);
    expect(sent[0]?.events).toHaveLength(20);
    expect(sent[0]?.transport).toBe('fetch');
    expect(queue.size()).toBe(0);
  });

  it('stops at once when consent is withdrawn: the queue is dropped and nothing more is sent', () => {
    const { queue, sent } = queueWithLog();
    queue.allow('visitor');
    queue.visit('/');
    queue.visit('/about');

    queue.allow(null);
    queue.visit('/legal/tokushoho');
    queue.flush('beacon');
    vi.advanceTimersByTime(60_000);

    expect(sent).toEqual([]);
    expect(queue.size()).toBe(0);
  });

  it('does not record the same page twice when consent is given again on it', () => {
    const { queue, sent } = queueWithLog();
    queue.visit('/');
    queue.allow('visitor');
    queue.allow(null);
    queue.allow('visitor');
    queue.visit('/about');
    queue.flush('fetch');

    expect(sent).toEqual([{ transport: 'fetch', events: [view('/about')] }]);
  });

  it('drops what the visitor queued when a member signs in', () => {
    const { queue, sent } = queueWithLog();
    queue.visit('/auth/login');
    queue.allow('visitor');

    queue.allow('member');
    queue.visit('/');
    queue.flush('fetch');

    expect(sent).toEqual([{ transport: 'fetch', events: [view('/')] }]);
  });

  it('stops its timer and forgets the queue when disposed', () => {
    const { queue, sent } = queueWithLog();
    queue.allow('member');
    queue.visit('/home');

    queue.dispose();
    vi.advanceTimersByTime(60_000);
    queue.flush('beacon');

    expect(sent).toEqual([]);
  });
});
