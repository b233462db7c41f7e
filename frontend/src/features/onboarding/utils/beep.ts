/*
 * The intro's transmission beep, synthesised here as a tiny PCM WAV: no audio file is downloaded. It is
 * played through an HTMLAudioElement so that the element's `ended` event can drive the next beep.
 */

const SAMPLE_RATE = 22_050;

/** Two soft bell tones, "pi-po", then a little silence so that repeated beeps keep a calm rhythm. */
const TONES = [
  { startMs: 0, lengthMs: 150, hz: 1046.5 }, // C6
  { startMs: 190, lengthMs: 260, hz: 1396.9 }, // F6
] as const;

/** The length of one beep at normal speed. */
export const BEEP_LENGTH_MS = 840;

/** How long one beep lasts when played at `rate`: the timer fallback waits this long per beep. */
export function beepDurationMs(rate: number): number {
  return Math.round(BEEP_LENGTH_MS / rate);
}

/** The beep's samples, -1..1. Each tone has a 6 ms attack, an exponential decay and a quiet octave. */
export function beepSamples(sampleRate: number = SAMPLE_RATE): Float32Array {
  const samples = new Float32Array(Math.round((BEEP_LENGTH_MS / 1000) * sampleRate));
  for (const tone of TONES) {
    const start = Math.round((tone.startMs / 1000) * sampleRate);
    const length = Math.round((tone.lengthMs / 1000) * sampleRate);
    const attack = Math.round(0.006 * sampleRate);
    for (let i = 0; i < length && start + i < samples.length; i += 1) {
      const t = i / sampleRate;
      const envelope = Math.min(1, i / attack) * Math.exp((-5 * i) / length);
      const wave = Math.sin(2 * Math.PI * tone.hz * t) + 0.25 * Math.sin(4 * Math.PI * tone.hz * t);
      samples[start + i] = (samples[start + i] ?? 0) + 0.28 * envelope * wave;
    }
  }
  return samples;
}

/** A mono 16-bit PCM WAV file of `samples`. */
export function encodeWav(samples: Float32Array, sampleRate: number = SAMPLE_RATE): ArrayBuffer {
  const dataBytes = samples.length * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((sample, i) => {
    const clamped = Math.max(-1, Math.min(1, sample));
    view.setInt16(44 + i * 2, Math.round(clamped * 0x7fff), true);
  });
  return buffer;
}

/** The beep as a WAV blob. */
export function beepWav(): Blob {
  return new Blob([encodeWav(beepSamples())], { type: 'audio/wav' });
}
