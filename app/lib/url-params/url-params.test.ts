import { describe, expect, it } from "vitest";
import { firstValues, orderParam, pageParam } from "./url-params";

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
