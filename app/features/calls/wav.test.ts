import { describe, expect, it } from "vitest";
import { encodeWav, readWavInfo, seededRandom, synthesizeCallRecordingWav, synthesizeCallWav, WAV_HEADER_BYTES } from "./wav";

const ascii = (bytes: Uint8Array, offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));

function samplesOf(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples: number[] = [];
  for (let offset = WAV_HEADER_BYTES; offset < bytes.byteLength; offset += 2) samples.push(view.getInt16(offset, true));
  return samples;
}

const rms = (values: number[]) => Math.sqrt(values.reduce((sum, v) => sum + v * v, 0) / Math.max(1, values.length));

describe("synthesizeCallWav", () => {
  it("writes a canonical mono 16-bit PCM RIFF header whose sizes match the file", () => {
    const bytes = synthesizeCallWav({ seed: 7, seconds: 4 });
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(ascii(bytes, 0)).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(bytes.byteLength - 8);
    expect(ascii(bytes, 8)).toBe("WAVE");
    expect(ascii(bytes, 12)).toBe("fmt ");
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(28, true)).toBe(16000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(bytes, 36)).toBe("data");
    expect(view.getUint32(40, true)).toBe(bytes.byteLength - WAV_HEADER_BYTES);
    expect(bytes.byteLength).toBe(WAV_HEADER_BYTES + 4 * 8000 * 2);
  });

  it("lasts the asked number of seconds at the asked sample rate", () => {
    for (const [seconds, sampleRate] of [
      [3, 8000],
      [5.5, 8000],
      [3.25, 16000],
    ] as const) {
      const info = readWavInfo(synthesizeCallWav({ seed: 1, seconds, sampleRate }));
      expect(info).toMatchObject({ audioFormat: 1, channels: 1, sampleRate, byteRate: sampleRate * 2, blockAlign: 2, bitsPerSample: 16, dataOffset: 44 });
      expect(info.durationSeconds).toBeCloseTo(seconds, 3);
    }
  });

  it("is the same for the same seed and different for another", () => {
    const a = synthesizeCallWav({ seed: 42, seconds: 3 });
    expect(Buffer.from(synthesizeCallWav({ seed: 42, seconds: 3 })).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(synthesizeCallWav({ seed: 43, seconds: 3 })).equals(Buffer.from(a))).toBe(false);
  });

  it("sounds like turns of speech: audible, unclipped, with pauses and quiet edges", () => {
    const samples = samplesOf(synthesizeCallWav({ seed: 3, seconds: 5 }));
    const peak = Math.max(...samples.map(Math.abs));
    expect(peak).toBeGreaterThan(10_000);
    expect(peak).toBeLessThan(32_767);
    expect(rms(samples)).toBeGreaterThan(1_000);
    // 50 ms windows: speech windows are loud, pauses between turns nearly silent.
    const windows: number[] = [];
    for (let i = 0; i + 400 <= samples.length; i += 400) windows.push(rms(samples.slice(i, i + 400)));
    expect(windows.filter((w) => w < 200).length).toBeGreaterThanOrEqual(3);
    expect(windows.filter((w) => w > 2_000).length).toBeGreaterThanOrEqual(windows.length / 3);
    expect(Math.abs(samples[0]!)).toBeLessThan(200);
    expect(Math.abs(samples.at(-1)!)).toBeLessThan(200);
  });
});

describe("readWavInfo", () => {
  it("rejects bytes that are not a well-formed WAV", () => {
    const good = encodeWav(new Float32Array(100), 8000);
    expect(() => readWavInfo(new TextEncoder().encode("not a wav at all"))).toThrow(/RIFF/);
    expect(() => readWavInfo(good.subarray(0, good.byteLength - 2))).toThrow(/size/);
    const wrongData = good.slice();
    new DataView(wrongData.buffer).setUint32(40, 1000, true);
    expect(() => readWavInfo(wrongData)).toThrow(/past the end/);
  });
});

describe("synthesizeCallRecordingWav", () => {
  it("plays exactly as long as the call: 42 s for a 0:42 call, 8-bit at 8 kHz (8 KB a second)", () => {
    const bytes = synthesizeCallRecordingWav({ seed: 3, seconds: 42 });
    const info = readWavInfo(bytes);
    expect(info).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 8000, bitsPerSample: 8, blockAlign: 1, byteRate: 8000 });
    expect(info.durationSeconds).toBe(42);
    expect(bytes.byteLength).toBe(WAV_HEADER_BYTES + 42 * 8000);
    // Not silence: the synthesised exchange repeats through the whole call, the last seconds included.
    const tail = bytes.subarray(bytes.byteLength - 8000 * 5);
    expect(Math.max(...tail) - Math.min(...tail)).toBeGreaterThan(40);
    expect(synthesizeCallRecordingWav({ seed: 3, seconds: 42 })).toEqual(bytes);
  });

  it("pads an odd number of 8-bit samples as RIFF asks, and the header still reads", () => {
    const odd = encodeWav(new Float32Array(101), 8000, 8);
    expect(odd.byteLength).toBe(WAV_HEADER_BYTES + 102);
    expect(readWavInfo(odd)).toMatchObject({ dataBytes: 101, bitsPerSample: 8 });
  });
});

describe("seededRandom", () => {
  it("repeats its sequence for a seed and stays within [0, 1)", () => {
    const a = seededRandom(9);
    const b = seededRandom(9);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBe(1000);
  });
});
