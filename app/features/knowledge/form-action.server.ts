import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { isTemplate, templateTextKeys } from "./catalogue";
import { createKnowledgeBase, isTenantNumber, updateKnowledgeBase } from "./knowledge.server";
import { knowledgeListHref } from "./list-params";
import { CONTENT_MAX_CHARACTERS, countCharacters, KnowledgeBaseSchema, toStoredValues } from "./schemas";
import { appendExtractedText, extractFileText, readKnowledgeForm, type FileProblem } from "./upload.server";

/**
 * The action behind /knowledge-base/new and /knowledge-base/<id>. Besides
 * saving it answers the form's no-JavaScript helpers: "Apply template" fills
 * an empty first message and content on the server, and conform's list
 * buttons add or remove a transfer number input. A chosen file's text is
 * added to the content whatever the button, so it is never lost to a
 * re-render that cannot keep the file input's selection.
 */

function reply(result: SubmissionResult<string[]>, status = 400) {
  return data({ result }, { status });
}

export async function submitKnowledgeBaseForm(request: Request, { tenant }: GateContext, existingId: string | null) {
  const { formData, file, fileProblem } = await readKnowledgeForm(request);
  const intent = formData.get("intent");
  const working = new FormData();
  for (const [name, value] of formData.entries()) {
    if (name !== "intent" && name !== "file") working.append(name, value);
  }

  let problem: FileProblem | null = fileProblem;
  if (file && !problem) {
    const extracted = await extractFileText(file);
    if ("text" in extracted) {
      const content = appendExtractedText(String(working.get("content") ?? ""), extracted.text);
      // Too long to keep: reported at the file, and the typed content stays as it was rather than travelling back megabytes.
      if (countCharacters(content) > CONTENT_MAX_CHARACTERS) {
        problem = "validation.fileTextTooLong";
      } else {
        working.set("content", content);
        working.set("sourceFileName", file.name);
      }
    } else {
      problem = extracted.problem;
    }
  }
  if (problem) {
    // Whatever button was pressed, the user needs to hear about the file first; the whole form is judged with it,
    // and conform's reply carries everything typed back.
    working.delete("__intent__");
    return reply(parseWithZod(working, { schema: KnowledgeBaseSchema }).reply({ fieldErrors: { file: [problem] } }));
  }

  if (intent === "apply-template") return applyTemplate(request, working);

  const submission = parseWithZod(working, { schema: KnowledgeBaseSchema });
  // No status: one of conform's list buttons (add or remove a transfer number) was pressed, not "save".
  if (submission.status === undefined) return reply(submission.reply(), 200);
  if (submission.status !== "success") return reply(submission.reply());

  const values = toStoredValues(submission.value);
  if (!(await isTenantNumber(tenant.id, values.phoneNumberId))) {
    return reply(submission.reply({ fieldErrors: { phoneNumberId: ["validation.phoneNumberUnknown"] } }));
  }
  if (existingId) {
    if (!(await updateKnowledgeBase(tenant.id, existingId, values))) throw knowledgeBaseNotFound();
  } else {
    await createKnowledgeBase(tenant.id, values);
  }
  return redirectWithToast(knowledgeListHref({ number: values.phoneNumberId }), {
    type: "success",
    key: existingId ? "knowledge:toast.updated" : "knowledge:toast.created",
    values: { name: values.name },
  });
}

/** Fills what is still empty from the chosen template, in the user's language; nothing typed is replaced and nothing is judged yet. */
async function applyTemplate(request: Request, working: FormData) {
  working.delete("__intent__");
  const template = working.get("template");
  const keys = isTemplate(template) ? templateTextKeys(template) : null;
  if (keys) {
    const t = await getTranslator(request, "knowledge");
    if (!String(working.get("firstMessage") ?? "").trim()) working.set("firstMessage", t(keys.firstMessage));
    if (!String(working.get("content") ?? "").trim()) working.set("content", t(keys.content));
  }
  const { initialValue } = parseWithZod(working, { schema: KnowledgeBaseSchema }).reply();
  return reply({ initialValue }, 200);
}

export function knowledgeBaseNotFound() {
  return new Response("Not found", { status: 404 });
}
