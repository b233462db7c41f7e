import { describe, expect, it } from 'vitest';

import { readSse, SseParser, type SseEvent } from '@/features/chat/utils/sse';

/** Feeds `pieces` one after another and collects every event. */
function parse(pieces: string[]): SseEvent[] {
  const parser = new SseParser();
  return pieces.flatMap((piece) => parser.feed(piece));
}

/** A body that delivers `chunks` as separate reads. */
function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

const stream = 'event: accepted\ndata: {"balance":2}\n\n: keep-alive\n\nevent: delta\ndata: {"text":"こんにちは"}\n\n';

describe('SseParser', () => {
  it('reads named events with their data', () => {
    expect(parse([stream])).toEqual([
      { event: 'accepted', data: '{"balance":2}' },
      { event: 'delta', data: '{"text":"こんにちは"}' },
    ]);
  });

  it('gives the same events however the text is split, down to one character at a time', () => {
    const whole = parse([stream]);
    expect(parse([...stream])).toEqual(whole);
    for (let at = 1; at < stream.length; at += 1) {
      expect(parse([stream.slice(0, at), stream.slice(at)])).toEqual(whole);
    }
  });

  it('accepts CRLF and lone CR line ends, also a CRLF split between two pieces', () => {
    const expected = [{ event: 'delta', data: 'a' }, { event: 'done', data: 'b' }];
    expect(parse(['event: delta\r\ndata: a\r\n\r\nevent: done\r\ndata: b\r\n\r\n'])).toEqual(expected);
    expect(parse(['event: delta\rdata: a\r\revent: done\rdata: b\r\r'])).toEqual(expected);
    expect(parse(['event: delta\r', '\ndata: a\r', '\n\r', '\nevent: done\r\ndata: b\r\n\r', '\n'])).toEqual(expected);
  });

  it('joins several data lines with a newline and keeps a value without the space after the colon', () => {
    expect(parse(['data:first\ndata:  second\n\n'])).toEqual([{ event: 'message', data: 'first\n second' }]);
  });

  it('ignores comments, unknown fields and events without data, and forgets the name after each event', () => {
    expect(parse([': keep-alive\nid: 7\nretry: 10\nevent: lonely\n\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('treats a line without a colon as a field with an empty value', () => {
    expect(parse(['data\n\n'])).toEqual([{ event: 'message', data: '' }]);
  });

  it('drops a byte-order mark at the start only', () => {
    expect(parse(['\uFEFFdata: a\n\n', 'data: \uFEFFb\n\n'])).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: '\uFEFFb' },
    ]);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.feed('event: done\ndata: {"a"')).toEqual([]);
    expect(parser.feed(':1}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'done', data: '{"a":1}' }]);
  });
});

describe('readSse', () => {
  it('decodes a Japanese character split across two reads', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"占い"}\n\n');
    const inside = bytes.indexOf(0xe5) + 1; // the middle of 占's three bytes
    const events: SseEvent[] = [];

    await readSse(body([bytes.slice(0, inside), bytes.slice(inside)]), (event) => events.push(event));

    expect(events).toEqual([{ event: 'delta', data: '{"text":"占い"}' }]);
  });

  it('drops an event the stream ended in the middle of', async () => {
    const events: SseEvent[] = [];
    await readSse(body([new TextEncoder().encode('data: a\n\ndata: b')]), (event) => events.push(event));
    expect(events).toEqual([{ event: 'message', data: 'a' }]);
  });

  it('rejects when the connection fails mid-stream', async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const failing = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const events: SseEvent[] = [];
    const reading = readSse(failing, (event) => events.push(event));
    controller.enqueue(new TextEncoder().encode('data: a\n\n'));
    controller.error(new TypeError('network error'));

    await expect(reading).rejects.toThrow('network error');
    expect(events).toEqual([{ event: 'message', data: 'a' }]);
  });
});
