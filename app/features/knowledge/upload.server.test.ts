import { describe, expect, it } from "vitest";
import { KNOWLEDGE_FILE_MAX_BYTES } from "./schemas";
import { appendExtractedText, readKnowledgeForm, tidyText } from "./upload.server";

function multipart(form: FormData) {
  return new Request("http://localhost/knowledge-base/new", { method: "POST", body: form });
}

describe("readKnowledgeForm", () => {
  it("keeps the text fields apart from the file", async () => {
    const form = new FormData();
    form.append("name", "Reception");
    form.append("file", new File(["hello"], "notes.md", { type: "text/markdown" }));
    form.append("content", "Typed");
    const result = await readKnowledgeForm(multipart(form));
    expect(result.formData.get("name")).toBe("Reception");
    expect(result.formData.get("content")).toBe("Typed");
    expect(result.formData.has("file")).toBe(false);
    expect(result.file?.name).toBe("notes.md");
    expect(new TextDecoder().decode(result.file?.bytes)).toBe("hello");
    expect(result.fileProblem).toBeNull();
  });

  it("treats an empty file input as no file", async () => {
    const form = new FormData();
    form.append("file", new File([], "", { type: "application/octet-stream" }));
    form.append("name", "x");
    const result = await readKnowledgeForm(multipart(form));
    expect(result).toMatchObject({ file: null, fileProblem: null });
    expect(result.formData.get("name")).toBe("x");
  });

  it("refuses another type by its name without keeping its bytes", async () => {
    const form = new FormData();
    form.append("file", new File(["MZ"], "setup.exe"));
    const result = await readKnowledgeForm(multipart(form));
    expect(result).toMatchObject({ file: null, fileProblem: "validation.fileType" });
  });

  it("reads past an oversized file and keeps the fields behind it", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES + 1)], "big.pdf"));
    form.append("name", "Still here");
    const result = await readKnowledgeForm(multipart(form));
    expect(result).toMatchObject({ file: null, fileProblem: "validation.fileTooLarge" });
    expect(result.formData.get("name")).toBe("Still here");
  });

  it("answers 413 to a text field no form of ours would send", async () => {
    const form = new FormData();
    form.append("content", "x".repeat(1024 * 1024 + 1));
    const outcome = await readKnowledgeForm(multipart(form)).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).status).toBe(413);
  });
});

describe("tidyText and appendExtractedText", () => {
  it("unifies line endings and drops a byte-order mark, trailing spaces and runs of blank lines", () => {
    expect(tidyText("\uFEFFa  \r\nb\r\r\n\n\n\nc\n")).toBe("a\nb\n\nc");
  });

  it("puts the file's text after what was typed, or alone when nothing was", () => {
    expect(appendExtractedText("Typed  \n", "From file")).toBe("Typed\n\nFrom file");
    expect(appendExtractedText("   ", "From file")).toBe("From file");
  });
});
