/**
 * A reader of `text/event-stream` (the HTML Standard's "Server-sent events", §9.2.6 parsing), for a
 * stream read with fetch: EventSource only GETs, and POST /api/chat/messages answers its POST with events.
 * The network splits the stream anywhere — inside a line, between `\r` and `\n`, inside a UTF-8 character —
 * so the decoder keeps partial characters and the parser partial lines until the rest arrives.
 */

/** One dispatched event: its `event:` name (`message` when none was given) and its `data:` lines joined by `\n`. */
export type SseEvent = { event: string; data: string };

/** Turns decoded text, fed in pieces of any size, into the events it completes. */
export class SseParser {
  private pending = '';
  private eventName = '';
  private data: string[] = [];
  private started = false;
  /** The last piece ended with `\r`: a `\n` opening the next piece belongs to that line end. */
  private afterCarriageReturn = false;

  /** Feeds the next piece of text; returns the events completed by it, in order. */
  feed(text: string): SseEvent[] {
    let input = text;
    if (!this.started && input.length > 0) {
      this.started = true;
      if (input.startsWith('\uFEFF')) input = input.slice(1);
    }
    if (input.length > 0) {
      if (this.afterCarriageReturn && input.startsWith('\n')) input = input.slice(1);
      this.afterCarriageReturn = false;
    }

    const events: SseEvent[] = [];
    let buffer = this.pending + input;
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      if (end === -1) break;
      const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
      // A `\r` at the very end may be the first half of `\r\n`: take the line now, skip a `\n` that follows.
      if (buffer[end] === '\r' && end === buffer.length - 1) this.afterCarriageReturn = true;
      const event = this.line(buffer.slice(0, end));
      if (event) events.push(event);
      buffer = buffer.slice(end + breakLength);
    }
    this.pending = buffer;
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null; // a comment, e.g. `: keep-alive`
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.data.push(value);
    // `id` and `retry` only matter to EventSource's reconnection, which a POST does not do.
    return null;
  }

  private dispatch(): SseEvent | null {
    const data = this.data;
    const event = this.eventName === '' ? 'message' : this.eventName;
    this.data = [];
    this.eventName = '';
    // An event without a data line is not dispatched (the standard's "data buffer is empty" rule).
    return data.length === 0 ? null : { event, data: data.join('\n') };
  }
}

/**
 * Reads a response body to its end, calling `onEvent` for every event. Text left after the last blank
 * line is an unfinished event and is dropped, as the standard says. A failed read (the connection dropped,
 * the request aborted) rejects.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.feed(decoder.decode(value, { stream: true }))) onEvent(event);
    }
    for (const event of parser.feed(decoder.decode())) onEvent(event);
  } finally {
    reader.releaseLock();
  }
}
