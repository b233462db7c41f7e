import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import {
  decodeHeaderWords,
  extractLink,
  extractVerificationCode,
  parseMessage,
  waitForMail,
} from './support/mail';

/**
 * The mail reader the account journey relies on, checked against hand-made messages in the shapes a
 * mailer writes: no browser and no server needed.
 */

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64').replace(/(.{76})/g, '$1\r\n');

/** UTF-8 text as quoted-printable, with soft line breaks every 60 characters. */
function qp(text: string): string {
  const encoded = [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32
        ? String.fromCharCode(byte)
        : byte === 10
          ? '\r\n'
          : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
  return encoded.replace(/([^\r\n]{60})(?=[^\r\n])/g, '$1=\r\n');
}

const verifyText = (code: string) =>
  `巡りへようこそ。\n\nあなたの認証コードは ${code} です。\nこのコードの有効期限は15分です（2025年11月21日 18:00まで）。\n`;

function verificationMail(to: string, code = '482913'): string {
  return [
    'From: =?UTF-8?B?' + Buffer.from('巡り', 'utf8').toString('base64') + '?= <no-reply@meguri.example>',
    `To: ${to}`,
    'Subject: =?UTF-8?B?' + Buffer.from('【巡り】メール認証コード', 'utf8').toString('base64') + '?=',
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative;',
    ' boundary="=_b0und4ry"',
    '',
    'This is a multi-part message in MIME format.',
    '--=_b0und4ry',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    qp(verifyText(code)),
    '--=_b0und4ry',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(`<html><head><style>.c{color:#123456}</style></head><body><p>認証コード：<b>${code}</b></p></body></html>`),
    '--=_b0und4ry--',
    '',
  ].join('\r\n');
}

function resetMail(to: string): string {
  const link = 'http://localhost:8080/reset-password?token=abc_DEF-123&amp;email=hanako%2Be2e%40example.com';
  return [
    `To: "Hanako" <${to}>`,
    'Subject: =?utf-8?q?=E3=80=90=E5=B7=A1=E3=82=8A=E3=80=91?= =?utf-8?q?_password?=',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset="UTF-8"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    qp(`<p>パスワードを再設定するには、次のリンクを開いてください。</p><p><a href="${link}">再設定する</a></p>`),
    '',
  ].join('\r\n');
}

test('decodes a multipart message with quoted-printable and base64 UTF-8 parts', () => {
  const message = parseMessage(verificationMail('hanako+e2e@example.com'));

  expect(message.recipients).toEqual(['hanako+e2e@example.com']);
  expect(message.subject).toBe('【巡り】メール認証コード');
  expect(message.text).toContain('あなたの認証コードは 482913 です。');
  expect(message.html).toContain('<b>482913</b>');
  expect(extractVerificationCode(message)).toBe('482913');
});

test('finds the code in an HTML-only message without taking a colour for it', () => {
  const raw = [
    'To: taro@example.com',
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64('<style>p{color:#654321}</style><p>コードは <strong>007531</strong> です</p>'),
  ].join('\r\n');

  expect(extractVerificationCode(parseMessage(raw))).toBe('007531');
});

test('takes the reset link out of quoted-printable HTML, entities decoded', () => {
  const message = parseMessage(resetMail('hanako+e2e@example.com'));

  expect(message.recipients).toEqual(['hanako+e2e@example.com']);
  expect(message.subject).toBe('【巡り】 password');
  const link = extractLink(message, '/reset-password');
  expect(link?.searchParams.get('token')).toBe('abc_DEF-123');
  expect(link?.searchParams.get('email')).toBe('hanako+e2e@example.com');
});

test('decodes RFC 2047 words in B and Q form, joining adjacent words', () => {
  expect(decodeHeaderWords('=?UTF-8?Q?=E5=B7=A1=E3=82=8A?= =?UTF-8?B?44Gr44KI44GG44GT44Gd?=')).toBe('巡りにようこそ');
  expect(decodeHeaderWords('plain subject')).toBe('plain subject');
});

test('waits for the newest matching message in the mail directory', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'meguri-mail-'));
  const previous = process.env.E2E_MAIL_DIR;
  process.env.E2E_MAIL_DIR = dir;
  try {
    const since = Date.now();
    await writeFile(path.join(dir, 'other.eml'), verificationMail('someone-else@example.com'));
    const old = path.join(dir, 'old.eml');
    await writeFile(old, verificationMail('hanako+e2e@example.com', '111111'));
    await utimes(old, new Date(since - 60_000), new Date(since - 60_000));

    const waiting = waitForMail('Hanako+E2E@example.com', { since, timeoutMs: 5000, pollMs: 50 });
    setTimeout(() => void writeFile(path.join(dir, 'new.eml'), verificationMail('hanako+e2e@example.com')), 200);
    const message = await waiting;

    expect(path.basename(message.file)).toBe('new.eml');
    expect(extractVerificationCode(message)).toBe('482913');
    await expect(waitForMail('nobody@example.com', { timeoutMs: 300, pollMs: 50 })).rejects.toThrow(/no mail to nobody@example.com/);
  } finally {
    if (previous === undefined) delete process.env.E2E_MAIL_DIR;
    else process.env.E2E_MAIL_DIR = previous;
    await rm(dir, { recursive: true, force: true });
  }
});
