/**
 * A short, playable stand-in for a call recording: two synthetic "voices"
 * taking turns, each a buzzing glottal source shaped by three vowel formants
 * (a tiny source-filter speech synthesiser), with soft syllable envelopes,
 * pauses between turns and a little line hiss. Mono 16-bit PCM WAV, the same
 * bytes for the same seed, so demo data needs no binary files in the repository.
 */

export interface CallAudioOptions {
  seed: number;
  /** Length of the clip; clamped to 1–30 seconds. */
  seconds: number;
  sampleRate?: number;
}

export const WAV_HEADER_BYTES = 44;

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Formant frequencies (Hz) of a few vowels for an adult voice; bandwidths widen with the formant.
const VOWELS: ReadonlyArray<readonly [number, number, number]> = [
  [730, 1090, 2440], // a
  [530, 1840, 2480], // e
  [300, 2200, 2900], // i
  [570, 840, 2410], // o
  [320, 870, 2240], // u
  [660, 1720, 2410], // ä
  [490, 1350, 2350], // ə
];
const BANDWIDTHS = [90, 110, 170] as const;

interface Voice {
  pitch: number;
  formantScale: number;
  loudness: number;
}

interface Syllable {
  start: number;
  length: number;
  voice: Voice;
  vowel: readonly [number, number, number];
  pitch: number;
  /** Pitch falls a little across an utterance, as in speech. */
  pitchSlope: number;
}

/** Lays out alternating turns of syllables with pauses in between (all in samples). */
function planSyllables(random: () => number, totalSamples: number, sampleRate: number, voices: readonly [Voice, Voice]) {
  const syllables: Syllable[] = [];
  const ms = (value: number) => Math.round((value / 1000) * sampleRate);
  let cursor = ms(150 + random() * 150);
  let speaker = 0;
  const tail = ms(250);
  while (cursor < totalSamples - tail - ms(300)) {
    const voice = voices[speaker]!;
    const turnEnd = Math.min(totalSamples - tail, cursor + ms(700 + random() * 1100));
    const turnStart = cursor;
    while (cursor < turnEnd - ms(100)) {
      const length = Math.min(ms(110 + random() * 170), turnEnd - cursor);
      const progress = (cursor - turnStart) / Math.max(1, turnEnd - turnStart);
      syllables.push({
        start: cursor,
        length,
        voice,
        vowel: VOWELS[Math.floor(random() * VOWELS.length)]!,
        pitch: voice.pitch * (1.06 - 0.12 * progress) * (0.95 + random() * 0.1),
        pitchSlope: (random() - 0.6) * 0.15,
      });
      // Short consonant-like gaps between syllables, a longer one now and then (a word boundary).
      cursor += length + (random() < 0.25 ? ms(60 + random() * 60) : ms(10 + random() * 25));
    }
    cursor = turnEnd + ms(250 + random() * 300);
    speaker = 1 - speaker;
  }
  return syllables;
}

interface Resonator {
  a: number;
  b: number;
  c: number;
}

/** Klatt's two-pole resonator coefficients for a formant at `frequency` with `bandwidth`. */
function resonator(frequency: number, bandwidth: number, sampleRate: number): Resonator {
  const c = -Math.exp((-2 * Math.PI * bandwidth) / sampleRate);
  const b = 2 * Math.exp((-Math.PI * bandwidth) / sampleRate) * Math.cos((2 * Math.PI * frequency) / sampleRate);
  return { a: 1 - b - c, b, c };
}

function synthesizeSamples(random: () => number, totalSamples: number, sampleRate: number) {
  const agentFirst = random() < 0.5;
  const high: Voice = { pitch: 185 + random() * 45, formantScale: 1.12 + random() * 0.06, loudness: 0.9 };
  const low: Voice = { pitch: 100 + random() * 35, formantScale: 0.97 + random() * 0.05, loudness: 1 };
  const syllables = planSyllables(random, totalSamples, sampleRate, agentFirst ? [high, low] : [low, high]);
  const out = new Float32Array(totalSamples);

  for (const syllable of syllables) {
    const { start, length, voice, vowel } = syllable;
    const [r1, r2, r3] = vowel.map((formant, i) => resonator(Math.min(formant * voice.formantScale, sampleRate * 0.45), BANDWIDTHS[i]!, sampleRate)) as [
      Resonator,
      Resonator,
      Resonator,
    ];
    const attack = Math.max(1, Math.round(0.025 * sampleRate));
    const release = Math.max(1, Math.round(0.045 * sampleRate));
    let phase = random();
    let previous = 0;
    const vibratoStep = (2 * Math.PI * 5.5) / sampleRate;
    // Each resonator's last two outputs.
    let a1 = 0;
    let b1 = 0;
    let a2 = 0;
    let b2 = 0;
    let a3 = 0;
    let b3 = 0;
    for (let n = 0; n < length && start + n < totalSamples; n++) {
      const f0 = syllable.pitch * (1 + syllable.pitchSlope * (n / length)) * (1 + 0.01 * Math.sin(vibratoStep * n));
      phase += f0 / sampleRate;
      if (phase >= 1) phase -= 1;
      // A glottal pulse (a smooth bump while the folds are open, flat while closed) plus a breath of noise.
      const x = phase / 0.6;
      const bump = x < 1 ? 4 * x * (1 - x) : 0;
      const source = bump * bump + (random() - 0.5) * 0.05;
      // Three formant resonators in cascade.
      const y1 = r1.a * source + r1.b * a1 + r1.c * b1;
      b1 = a1;
      a1 = y1;
      const y2 = r2.a * y1 + r2.b * a2 + r2.c * b2;
      b2 = a2;
      a2 = y2;
      const y3 = r3.a * y2 + r3.b * a3 + r3.c * b3;
      b3 = a3;
      a3 = y3;
      // Radiation from the lips is roughly a first difference: it lifts the highs and removes any DC offset.
      const radiated = y3 - previous;
      previous = y3;
      // A smoothstep envelope keeps syllable edges free of clicks.
      const e = Math.max(0, Math.min(1, n / attack, (length - n) / release));
      out[start + n] = out[start + n]! + radiated * voice.loudness * e * e * (3 - 2 * e);
    }
  }

  let peak = 0;
  for (const value of out) peak = Math.max(peak, Math.abs(value));
  const gain = peak > 0 ? 0.55 / peak : 0;
  const fade = Math.round(0.02 * sampleRate);
  for (let n = 0; n < totalSamples; n++) {
    const edge = Math.min(1, n / fade, (totalSamples - 1 - n) / fade);
    out[n] = (out[n]! * gain + (random() - 0.5) * 0.004) * Math.max(0, edge);
  }
  return out;
}

function writeAscii(view: DataView, offset: number, text: string) {
  for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
}

/**
 * Float samples in [-1, 1] as a canonical 44-byte-header PCM WAV file: 16-bit
 * signed, or 8-bit unsigned (half the bytes, for long demo recordings). An odd
 * number of data bytes gets RIFF's pad byte.
 */
export function encodeWav(samples: Float32Array, sampleRate: number, bitsPerSample: 8 | 16 = 16): Uint8Array<ArrayBuffer> {
  const bytesPerSample = bitsPerSample / 8;
  const dataBytes = samples.length * bytesPerSample;
  const pad = dataBytes % 2;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes + pad);
  const view = new DataView(buffer);
  writeAscii(view, 0, "RIFF");
  view.setUint32(4, 36 + dataBytes + pad, true);
  writeAscii(view, 8, "WAVE");
  writeAscii(view, 12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * bytesPerSample, true); // byte rate
  view.setUint16(32, bytesPerSample, true); // block align
  view.setUint16(34, bitsPerSample, true);
  writeAscii(view, 36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i]!));
    if (bitsPerSample === 8) view.setUint8(WAV_HEADER_BYTES + i, Math.round(clamped * 127) + 128);
    else view.setInt16(WAV_HEADER_BYTES + i * 2, Math.round(clamped * 32767), true);
  }
  return new Uint8Array(buffer);
}

/** A playable, call-like WAV clip, deterministic from its seed. */
export function synthesizeCallWav({ seed, seconds, sampleRate = 8000 }: CallAudioOptions): Uint8Array<ArrayBuffer> {
  const random = seededRandom(seed);
  const totalSamples = Math.round(Math.min(30, Math.max(1, seconds)) * sampleRate);
  return encodeWav(synthesizeSamples(random, totalSamples, sampleRate), sampleRate);
}

/**
 * A stand-in recording exactly `seconds` long (a listed 0:42 call plays 42 s):
 * a short synthesised exchange of `clipSeconds`, repeated with a pause of
 * faint line hiss between repeats, faded out at the end. 8-bit at 8 kHz
 * (8 KB a second), and only the short clip is synthesised, so a long call
 * costs little to make or to store.
 */
export function synthesizeCallRecordingWav({
  seed,
  seconds,
  clipSeconds = 3.5,
  sampleRate = 8000,
}: {
  seed: number;
  seconds: number;
  clipSeconds?: number;
  sampleRate?: number;
}): Uint8Array<ArrayBuffer> {
  const random = seededRandom(seed);
  const totalSamples = Math.max(1, Math.round(seconds * sampleRate));
  const clip = synthesizeSamples(random, Math.round(Math.min(30, Math.max(1, clipSeconds)) * sampleRate), sampleRate);
  const pause = Math.round(0.8 * sampleRate);
  const out = new Float32Array(totalSamples);
  for (let start = 0; start < totalSamples; start += clip.length + pause) {
    out.set(clip.subarray(0, Math.min(clip.length, totalSamples - start)), start);
    for (let n = start + clip.length; n < Math.min(totalSamples, start + clip.length + pause); n++) out[n] = (random() - 0.5) * 0.004;
  }
  const fade = Math.min(totalSamples, Math.round(0.02 * sampleRate));
  for (let n = 0; n < fade; n++) out[totalSamples - 1 - n] = out[totalSamples - 1 - n]! * (n / fade);
  return encodeWav(out, sampleRate, 8);
}

export interface WavInfo {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
  durationSeconds: number;
}

/** Reads a RIFF/WAVE header, walking the chunks; throws when the bytes are not a well-formed WAV. */
export function readWavInfo(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.byteLength < 12 || ascii(0) !== "RIFF" || ascii(8) !== "WAVE") throw new Error("not a RIFF/WAVE file");
  if (view.getUint32(4, true) !== bytes.byteLength - 8) throw new Error("RIFF size does not match the file length");
  let format: Omit<WavInfo, "dataOffset" | "dataBytes" | "durationSeconds"> | null = null;
  for (let offset = 12; offset + 8 <= bytes.byteLength;) {
    const id = ascii(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (body + size > bytes.byteLength) throw new Error(`chunk "${id}" runs past the end of the file`);
    if (id === "fmt ") {
      format = {
        audioFormat: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!format) throw new Error("data chunk before fmt chunk");
      return { ...format, dataOffset: body, dataBytes: size, durationSeconds: size / format.byteRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error("no data chunk");
}
