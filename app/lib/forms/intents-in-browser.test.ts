import { describe, expect, it } from "vitest";
import { intentsInBrowser } from "./intents-in-browser";

type Fields = { name: string; content: string; numbers: string[] };

/** A form's data as the browser sends it, with conform's intent button when one was pressed. */
function formData(entries: Array<[string, string]>, intent?: object) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  if (intent) data.append("__intent__", JSON.stringify(intent));
  return data;
}

const shown = {
  "": ["validation.formProblem"],
  name: ["validation.nameRequired"],
  content: ["validation.contentRequired"],
  "numbers[1]": ["validation.numberInvalid"],
};

describe("a form only its action judges", () => {
  it("sends a real submit on as it is: no verdict in the browser", () => {
    const submission = intentsInBrowser<Fields>(
      formData([
        ["name", ""],
        ["content", "x"],
      ]),
      shown,
    );
    expect(submission.status).toBe("success");
  });

  it("fills a field in the browser, and that field's old message goes while the others stay", () => {
    const submission = intentsInBrowser<Fields>(
      formData(
        [
          ["name", ""],
          ["content", ""],
        ],
        { type: "update", payload: { name: "content", value: "filled" } },
      ),
      shown,
    );
    expect(submission.status).toBeUndefined();
    expect(submission.payload).toMatchObject({ content: "filled" });
    const kept = submission.status === "success" ? null : submission.error;
    // null means "keep what is shown"; a field left out loses its message.
    expect(kept).toEqual({ "": null, name: null, "numbers[1]": null });
  });

  it("adds or removes a list item in the browser, and the list's messages go (its items have moved)", () => {
    const removed = intentsInBrowser<Fields>(
      formData(
        [
          ["numbers[0]", "a"],
          ["numbers[1]", "b"],
        ],
        { type: "remove", payload: { name: "numbers", index: 0 } },
      ),
      shown,
    );
    expect(removed.payload).toMatchObject({ numbers: ["b"] });
    expect(removed.status === "success" ? null : removed.error).toEqual({ "": null, name: null, content: null });
  });
});
