import { describe, expect, it } from "vitest";
import { contentRange, ifNoneMatchMatches, ifRangeAllowsPartial, parseRangeHeader, unsatisfiedContentRange } from "./range";

const SIZE = 1000;
const partial = (start: number, end: number) => ({ kind: "partial", start, end });
const whole = { kind: "whole" };
const unsatisfiable = { kind: "unsatisfiable" };

describe("parseRangeHeader", () => {
  it("asks for the whole file when there is no header", () => {
    expect(parseRangeHeader(null, SIZE)).toEqual(whole);
    expect(parseRangeHeader(undefined, SIZE)).toEqual(whole);
    expect(parseRangeHeader("", SIZE)).toEqual(whole);
  });

  it.each([
    ["bytes=0-99", partial(0, 99)],
    ["bytes=0-0", partial(0, 0)],
    ["bytes=500-999", partial(500, 999)],
    ["bytes=999-999", partial(999, 999)],
    ["bytes=0-999", partial(0, 999)],
  ])("reads the closed range %s", (header, expected) => {
    expect(parseRangeHeader(header, SIZE)).toEqual(expected);
  });

  it("clamps a last position beyond the end to the last byte", () => {
    expect(parseRangeHeader("bytes=900-5000", SIZE)).toEqual(partial(900, 999));
    expect(parseRangeHeader("bytes=0-99999999999999999999999", SIZE)).toEqual(partial(0, 999));
  });

  it("reads open-ended ranges to the end of the file", () => {
    expect(parseRangeHeader("bytes=100-", SIZE)).toEqual(partial(100, 999));
    expect(parseRangeHeader("bytes=0-", SIZE)).toEqual(partial(0, 999));
    expect(parseRangeHeader("bytes=999-", SIZE)).toEqual(partial(999, 999));
  });

  it("reads suffix ranges as the last n bytes", () => {
    expect(parseRangeHeader("bytes=-50", SIZE)).toEqual(partial(950, 999));
    expect(parseRangeHeader("bytes=-1", SIZE)).toEqual(partial(999, 999));
    expect(parseRangeHeader("bytes=-1000", SIZE)).toEqual(partial(0, 999));
  });

  it("serves the whole file for a suffix longer than the file", () => {
    expect(parseRangeHeader("bytes=-5000", SIZE)).toEqual(partial(0, 999));
  });

  it("is unsatisfiable when the first position is at or beyond the end", () => {
    expect(parseRangeHeader("bytes=1000-", SIZE)).toEqual(unsatisfiable);
    expect(parseRangeHeader("bytes=1000-1100", SIZE)).toEqual(unsatisfiable);
    expect(parseRangeHeader("bytes=5000-6000", SIZE)).toEqual(unsatisfiable);
    expect(parseRangeHeader("bytes=99999999999999999999999-", SIZE)).toEqual(unsatisfiable);
  });

  it("is unsatisfiable for a zero-length suffix", () => {
    expect(parseRangeHeader("bytes=-0", SIZE)).toEqual(unsatisfiable);
  });

  it("is unsatisfiable for any range of an empty file", () => {
    expect(parseRangeHeader("bytes=0-", 0)).toEqual(unsatisfiable);
    expect(parseRangeHeader("bytes=-10", 0)).toEqual(unsatisfiable);
    expect(parseRangeHeader("bytes=0-0", 0)).toEqual(unsatisfiable);
  });

  it("accepts the unit in any case and whitespace around list elements", () => {
    expect(parseRangeHeader("Bytes=0-9", SIZE)).toEqual(partial(0, 9));
    expect(parseRangeHeader("BYTES=0-9", SIZE)).toEqual(partial(0, 9));
    expect(parseRangeHeader("bytes=0-9 ", SIZE)).toEqual(partial(0, 9));
    expect(parseRangeHeader("bytes= 0-9", SIZE)).toEqual(partial(0, 9));
  });

  it("skips empty list elements", () => {
    expect(parseRangeHeader("bytes=0-9,", SIZE)).toEqual(partial(0, 9));
    expect(parseRangeHeader("bytes=, ,0-9", SIZE)).toEqual(partial(0, 9));
  });

  it.each([
    "bytes",
    "bytes=",
    "bytes=,",
    "bytes=-",
    "bytes=abc",
    "bytes=a-b",
    "bytes=1-a",
    "bytes=a-1",
    "bytes=10",
    "bytes=+1-2",
    "bytes=-+5",
    "bytes=1.5-2",
    "bytes=0x10-0x20",
    "bytes=1-2-3",
    "bytes=--5",
    "bytes=1 - 2",
    "bytes=100-99",
    "bytes=0-9,abc",
    "bytes=0-9,20-10",
    "=0-9",
    "0-9",
    "items=0-9",
    "bytes0-9",
    "bytes =",
  ])("ignores the malformed or foreign header %j and sends the whole file", (header) => {
    expect(parseRangeHeader(header, SIZE)).toEqual(whole);
  });

  it("serves the whole file when several ranges are asked for", () => {
    expect(parseRangeHeader("bytes=0-9,20-29", SIZE)).toEqual(whole);
    expect(parseRangeHeader("bytes=0-9, -5", SIZE)).toEqual(whole);
    expect(parseRangeHeader("bytes=0-9,5000-6000", SIZE)).toEqual(whole);
  });

  it("is unsatisfiable when none of several ranges overlaps the file", () => {
    expect(parseRangeHeader("bytes=1000-1001,2000-", SIZE)).toEqual(unsatisfiable);
    expect(parseRangeHeader("bytes=-0,5000-", SIZE)).toEqual(unsatisfiable);
  });
});

describe("Content-Range values", () => {
  it("formats a partial range and an unsatisfied one", () => {
    expect(contentRange(0, 99, 1000)).toBe("bytes 0-99/1000");
    expect(unsatisfiedContentRange(1000)).toBe("bytes */1000");
  });
});

describe("conditional headers", () => {
  const etag = '"abc-3e8"';

  it("lets a Range apply without If-Range or with the current strong tag", () => {
    expect(ifRangeAllowsPartial(null, etag)).toBe(true);
    expect(ifRangeAllowsPartial(etag, etag)).toBe(true);
    expect(ifRangeAllowsPartial(` ${etag} `, etag)).toBe(true);
  });

  it("ignores the Range for another tag, a weak tag or a date", () => {
    expect(ifRangeAllowsPartial('"other"', etag)).toBe(false);
    expect(ifRangeAllowsPartial(`W/${etag}`, etag)).toBe(false);
    expect(ifRangeAllowsPartial("Wed, 21 Oct 2015 07:28:00 GMT", etag)).toBe(false);
  });

  it("matches If-None-Match by weak comparison, in a list, or by *", () => {
    expect(ifNoneMatchMatches(etag, etag)).toBe(true);
    expect(ifNoneMatchMatches(`W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchMatches(`"x", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchMatches("*", etag)).toBe(true);
    expect(ifNoneMatchMatches('"x"', etag)).toBe(false);
    expect(ifNoneMatchMatches(null, etag)).toBe(false);
  });
});
