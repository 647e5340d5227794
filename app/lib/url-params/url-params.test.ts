import { describe, expect, it } from "vitest";
import { firstValues, flagParam, oneOf, optionalText, orderParam, pageNumber, pageParam, readParams, searchTerm } from "./url-params";

describe("list URL params", () => {
  it("pages from 1, and anything that is not a usable page number is page 1", () => {
    expect(pageParam.parse("3")).toBe(3);
    for (const bad of ["0", "-2", "1.5", "abc", undefined, "1e300", "9007199254740993"]) expect(pageParam.parse(bad), String(bad)).toBe(1);
  });

  it("reads an order of asc or desc, else none", () => {
    expect(orderParam.parse("asc")).toBe("asc");
    expect(orderParam.parse("up")).toBeNull();
  });

  it("takes the first value of a repeated parameter and leaves absent ones out", () => {
    expect(firstValues(new URLSearchParams("q=a&q=b&page=2&other=x"), ["q", "page", "sort"])).toEqual({ q: "a", page: "2" });
  });
});

describe("the lenient readers", () => {
  it("take one of the known values, else null or the given fallback", () => {
    const sizes = ["s", "m", "l"] as const;
    expect(oneOf(sizes).parse("m")).toBe("m");
    for (const unknown of ["M", " m", "", null, undefined]) expect(oneOf(sizes).parse(unknown), String(unknown)).toBeNull();
    expect(oneOf(sizes, "m").parse("xl")).toBe("m");
    expect(oneOf(sizes, "m").parse("l")).toBe("l");
  });

  it("read a page number up to a limit, reading it as a form field is read", () => {
    expect(pageNumber(100).parse("100")).toBe(100);
    expect(pageNumber(100).parse("101")).toBe(1);
    expect(pageParam.parse(" 4 ")).toBe(4);
    expect(pageParam.parse("007")).toBe(7);
    expect(pageParam.parse(null)).toBe(1);
    expect(pageParam.parse("")).toBe(1);
    expect(pageParam.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("trim a search term and cut it at the limit without a trailing space", () => {
    expect(searchTerm().parse("  Anna  ")).toBe("Anna");
    expect(searchTerm().parse(undefined)).toBe("");
    expect(searchTerm({ maxLength: 5 }).parse("  abcd efgh")).toBe("abcd");
    expect(searchTerm({ maxLength: 5 }).parse("x".repeat(50))).toBe("xxxxx");
  });

  it("keep optional text as given unless asked to normalise it, and drop what is empty or too long", () => {
    expect(optionalText().parse(" Spring Sale ")).toBe(" Spring Sale ");
    expect(optionalText().parse("")).toBeNull();
    expect(optionalText().parse(undefined)).toBeNull();
    expect(optionalText({ trim: true, lowerCase: true }).parse(" InBound ")).toBe("inbound");
    expect(optionalText({ trim: true }).parse("   ")).toBeNull();
    expect(optionalText({ trim: true, maxLength: 3 }).parse(" abc ")).toBe("abc");
    expect(optionalText({ trim: true, maxLength: 3 }).parse("abcd")).toBeNull();
  });

  it("switch a flag on for 1 or true only", () => {
    expect(["1", "true"].map((value) => flagParam.parse(value))).toEqual([true, true]);
    expect(["0", "yes", "TRUE", "", null, undefined].map((value) => flagParam.parse(value))).toEqual([false, false, false, false, false, false]);
  });

  it("read every named parameter from its first value with its reader", () => {
    const params = readParams(new URLSearchParams("size=l&size=s&page=x&extra=1"), { size: oneOf(["s", "l"]), page: pageParam, q: searchTerm() });
    expect(params).toEqual({ size: "l", page: 1, q: "" });
  });
});
