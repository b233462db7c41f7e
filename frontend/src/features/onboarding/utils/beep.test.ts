import { describe, expect, it } from 'vitest';

import { BEEP_LENGTH_MS, beepDurationMs, beepSamples, encodeWav } from '@/features/onboarding/utils/beep';

describe('the synthesised beep', () => {
  it('is a mono 16-bit PCM WAV of the beep length', () => {
    const samples = beepSamples(8000);
    const view = new DataView(encodeWav(samples, 8000));
    const text = (offset: number) => String.fromCharCode(...[0, 1, 2, 3].map((i) => view.getUint8(offset + i)));

    expect(text(0)).toBe('RIFF');
    expect(text(8)).toBe('WAVE');
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
    expect(samples.length).toBe((BEEP_LENGTH_MS / 1000) * 8000);
  });

  it('is audible but never clips, and ends in silence', () => {
    const samples = beepSamples(8000);
    const peak = Math.max(...Array.from(samples, Math.abs));
    expect(peak).toBeGreaterThan(0.1);
    expect(peak).toBeLessThan(1);
    expect(Array.from(samples.slice(-400)).every((s) => s === 0)).toBe(true);
  });

  it('lasts its length divided by the playback rate', () => {
    expect(beepDurationMs(1.5)).toBe(Math.round(BEEP_LENGTH_MS / 1.5));
  });
});
