/**
 * Reading the mail the stack sends, for end-to-end tests. The test stack saves each message it would
 * have delivered as one RFC 822 file (`*.eml`) in the directory named by E2E_MAIL_DIR. This module finds
 * the newest message to an address, decodes it (MIME multipart, quoted-printable or base64 bodies,
 * RFC 2047 encoded headers, any charset Node knows) and pulls out a verification code or a link.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type MailMessage = {
  file: string;
  /** Modification time of the file, in ms since the epoch. */
  receivedAt: number;
  /** Header names in lower case; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** Lower-case addresses from To, Cc, Delivered-To and X-Original-To. */
  recipients: string[];
  subject: string;
  /** Every text/plain part, decoded and joined. */
  text: string;
  /** Every text/html part, decoded and joined. */
  html: string;
};

// ---------------------------------------------------------------------------------------------------
// Parsing

type Part = { headers: Record<string, string>; body: string };

/**
 * Splits a message or body part at the first empty line and unfolds the header lines. The text is
 * "binary": one character per byte (latin1), so bodies in any charset and encoding decode exactly.
 */
function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  // Unfold: a line that starts with white space continues the previous header.
  const lines = head.replace(/\n[ \t]+/g, ' ').split('\n');
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Raw 8-bit header text (RFC 6532) is UTF-8.
    const value = Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8');
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return { headers, body };
}

/** `text/plain; charset="UTF-8"` → { value: 'text/plain', params: { charset: 'UTF-8' } }. */
function parseHeaderValue(value: string | undefined): { value: string; params: Record<string, string> } {
  if (!value) return { value: '', params: {} };
  const [first = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const item of rest) {
    const eq = item.indexOf('=');
    if (eq === -1) continue;
    const key = item.slice(0, eq).trim().toLowerCase();
    params[key] = item.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return { value: first.trim().toLowerCase(), params };
}

function decodeBytes(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/**
 * Quoted-printable (RFC 2045 §6.7) to bytes: soft line breaks removed, =XX turned into a byte. The
 * input is binary text (one character per byte).
 */
export function decodeQuotedPrintable(input: string): Buffer {
  const text = input.replace(/[ \t]+$/gm, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = parseHeaderValue(part.headers['content-type']).params.charset;
  if (encoding === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(decodeQuotedPrintable(part.body), charset);
  // 7bit / 8bit / binary: the bytes as they are.
  return decodeBytes(Buffer.from(part.body, 'latin1'), charset);
}

/** RFC 2047 encoded words in a header (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`). */
export function decodeHeaderWords(value: string): string {
  // White space between two encoded words is not part of the text.
  const joined = value.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1');
  return joined.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, kind: string, data: string) => {
    const bytes =
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : decodeQuotedPrintable(data.replace(/_/g, ' ').replace(/=\r?\n/g, ''));
    return decodeBytes(bytes, charset.replace(/\*.*$/, ''));
  });
}

/** Collects the decoded text/plain and text/html parts, descending into multipart bodies. */
function collectTexts(part: Part, out: { text: string[]; html: string[] }): void {
  const type = parseHeaderValue(part.headers['content-type'] ?? 'text/plain');
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.boundary;
    if (!boundary) return;
    const delimiter = `--${boundary}`;
    const sections = part.body.split(new RegExp(`^${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*$`, 'm'));
    // Before the first delimiter is the preamble, after the closing one the epilogue.
    for (const section of sections.slice(1, -1)) {
      collectTexts(splitPart(section.replace(/^\n/, '')), out);
    }
    return;
  }
  if (type.value === 'message/rfc822') {
    collectTexts(splitPart(part.body), out);
    return;
  }
  const disposition = parseHeaderValue(part.headers['content-disposition']).value;
  if (disposition === 'attachment') return;
  if (type.value === 'text/html') out.html.push(decodeBody(part));
  else if (type.value === 'text/plain' || type.value === '') out.text.push(decodeBody(part));
}

function addressesIn(value: string | undefined): string[] {
  if (!value) return [];
  return [...decodeHeaderWords(value).matchAll(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g)].map((m) => m[0].toLowerCase());
}

/** Parses one RFC 822 message: the file's bytes, or text (taken as UTF-8). */
export function parseMessage(raw: Buffer | string, file = '', receivedAt = 0): MailMessage {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  const top = splitPart(bytes.toString('latin1'));
  const out = { text: [] as string[], html: [] as string[] };
  collectTexts(top, out);
  const h = top.headers;
  return {
    file,
    receivedAt,
    headers: h,
    recipients: [h.to, h.cc, h['delivered-to'], h['x-original-to']].flatMap(addressesIn),
    subject: decodeHeaderWords(h.subject ?? ''),
    text: out.text.join('\n'),
    html: out.html.join('\n'),
  };
}

// ---------------------------------------------------------------------------------------------------
// What the tests look for

/** The visible text of a message: the plain part, or the HTML with tags and entities removed. */
export function readableText(message: MailMessage): string {
  if (message.text.trim() !== '') return message.text;
  return message.html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** The 6-digit verification code: the one after 認証コード if named, else the only standalone 6 digits. */
export function extractVerificationCode(message: MailMessage): string | null {
  const text = readableText(message);
  const named = /(?:認証コード|確認コード|コード|code)[^0-9]{0,40}?(?<![0-9])([0-9]{6})(?![0-9])/i.exec(text);
  if (named?.[1]) return named[1];
  const all = [...text.matchAll(/(?<![0-9])([0-9]{6})(?![0-9])/g)].map((m) => m[1] ?? '');
  return new Set(all).size === 1 ? (all[0] ?? null) : null;
}

/** Every http(s) URL in the message (HTML hrefs and plain text), entities decoded. */
export function extractLinks(message: MailMessage): URL[] {
  const candidates = [
    ...[...message.html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1] ?? ''),
    ...[...message.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0]),
  ];
  const urls: URL[] = [];
  for (const candidate of candidates) {
    try {
      urls.push(new URL(candidate.replace(/&amp;/g, '&').trim()));
    } catch {
      // Not a URL (mailto:, a fragment …).
    }
  }
  return urls;
}

/** The first link in the message to `pathname` (e.g. /reset-password), or null. */
export function extractLink(message: MailMessage, pathname: string): URL | null {
  return extractLinks(message).find((url) => url.pathname === pathname) ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Waiting for mail

export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) {
    throw new Error('missing: E2E_MAIL_DIR (the directory where the test stack saves each sent mail as an .eml file)');
  }
  return dir;
}

type WaitOptions = {
  /** Only messages saved at or after this time (ms since the epoch). */
  since?: number;
  /** Only messages this returns true for. */
  where?: (message: MailMessage) => boolean;
  timeoutMs?: number;
  pollMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Parsed messages by file, size and time: a file that is still being written is read again. */
type MailCache = Map<string, MailMessage>;

/** Every message now in E2E_MAIL_DIR to `to` that passes `where`, saved at or after `since` (1 s of slack). */
async function messagesTo(to: string, since: number, where: (message: MailMessage) => boolean, parsed: MailCache): Promise<{ matches: MailMessage[]; seen: number }> {
  const dir = mailDir();
  const address = to.toLowerCase();
  let names: string[] = [];
  try {
    names = (await readdir(dir)).filter((name) => name.toLowerCase().endsWith('.eml'));
  } catch {
    // The directory may appear only with the first message.
  }
  const matches: MailMessage[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let message: MailMessage | undefined;
    try {
      const info = await stat(file);
      if (info.mtimeMs < since - 1000) continue;
      const cacheKey = `${file}\u0000${info.size}\u0000${info.mtimeMs}`;
      message = parsed.get(cacheKey);
      if (!message) {
        message = parseMessage(await readFile(file), file, info.mtimeMs);
        parsed.set(cacheKey, message);
      }
    } catch {
      continue; // Gone, or not readable yet.
    }
    if (message.recipients.includes(address) && where(message)) matches.push(message);
  }
  return { matches, seen: names.length };
}

/**
 * The messages to `to` saved since `since` that pass `where`, as they are now (no waiting): for checking
 * that someone got nothing, once the mail that had to go out has arrived.
 */
export async function mailTo(to: string, options: Pick<WaitOptions, 'since' | 'where'> = {}): Promise<MailMessage[]> {
  const { since = 0, where = () => true } = options;
  return (await messagesTo(to, since, where, new Map())).matches;
}

/**
 * Polls E2E_MAIL_DIR until a message to `to` arrives that passes `where`, and returns the newest such
 * message. File times can be a little coarse, so `since` allows one second of slack.
 */
export async function waitForMail(to: string, options: WaitOptions = {}): Promise<MailMessage> {
  const { since = 0, where = () => true, timeoutMs = 30_000, pollMs = 250 } = options;
  const deadline = Date.now() + timeoutMs;
  const parsed: MailCache = new Map();

  for (;;) {
    const { matches, seen } = await messagesTo(to, since, where, parsed);
    if (matches.length > 0) {
      return matches.reduce((newest, m) => (m.receivedAt > newest.receivedAt ? m : newest));
    }
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${to} in ${mailDir()} after ${timeoutMs} ms (${seen} .eml files seen)`);
    }
    await sleep(pollMs);
  }
}

/** Waits for the verification mail to `to` and returns its 6-digit code. */
export async function waitForVerificationCode(to: string, since: number): Promise<string> {
  const message = await waitForMail(to, { since, where: (m) => extractVerificationCode(m) !== null });
  const code = extractVerificationCode(message);
  if (!code) throw new Error(`no 6-digit code in ${message.file}`);
  return code;
}

/** Waits for the password-reset mail to `to` and returns its /reset-password link. */
export async function waitForResetLink(to: string, since: number): Promise<URL> {
  const message = await waitForMail(to, { since, where: (m) => extractLink(m, '/reset-password') !== null });
  const link = extractLink(message, '/reset-password');
  if (!link) throw new Error(`no /reset-password link in ${message.file}`);
  return link;
}
