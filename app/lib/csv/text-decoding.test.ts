import { describe, expect, it } from "vitest";
import { decodeTextBytes, looksLikeText, textEncodingOf } from "./text-decoding";

const utf16le = (text: string) => Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);

describe("decodeTextBytes", () => {
  it("reads UTF-8, falls back to Windows-1252 and refuses binary files", () => {
    expect(decodeTextBytes(new TextEncoder().encode("Müller,+49"))).toBe("Müller,+49");
    expect(decodeTextBytes(Uint8Array.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]))).toBe("Müller");
    expect(decodeTextBytes(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull();
  });

  it("drops a UTF-8 byte-order mark and reads UTF-16 with one (Excel's Unicode text)", () => {
    expect(decodeTextBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Telefon;Jürgen")]))).toBe("Telefon;Jürgen");
    expect(decodeTextBytes(utf16le("Name\tTelefon\r\nGroß\t030 1234567\r\n"))).toBe("Name\tTelefon\r\nGroß\t030 1234567\r\n");
  });

  it("refuses a NUL byte anywhere in the file, not only at its start", () => {
    const text = new TextEncoder().encode("phone\n" + "4165550101\n".repeat(2000));
    const withNul = Uint8Array.from([...text, 0x00, 0x0a]);
    expect(decodeTextBytes(text)).not.toBeNull();
    expect(decodeTextBytes(withNul)).toBeNull();
  });
});

describe("looksLikeText", () => {
  it("accepts tabs, form feeds and line ends but not many other control characters", () => {
    expect(looksLikeText(new TextEncoder().encode("a\tb\r\nc\fd\n"))).toBe(true);
    expect(looksLikeText(Uint8Array.from([0x61, 0x01, 0x62, 0x02, 0x63]))).toBe(false);
    expect(looksLikeText(new Uint8Array(0))).toBe(true);
  });
});

describe("textEncodingOf", () => {
  it("reads UTF-16 by its byte-order mark, else UTF-8 when valid, else Windows-1252", () => {
    expect(textEncodingOf(Uint8Array.from([0xff, 0xfe, 0x61, 0x00]), false)).toBe("utf-16le");
    expect(textEncodingOf(Uint8Array.from([0x61]), true)).toBe("utf-8");
    expect(textEncodingOf(Uint8Array.from([0xfc]), false)).toBe("windows-1252");
  });
});
