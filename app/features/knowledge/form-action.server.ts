import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getLanguage } from "~/i18n/i18next.server";
import { createKnowledgeBase, isTenantNumber, updateKnowledgeBase } from "./knowledge.server";
import { knowledgeListHref } from "./list-params";
import { CONTENT_MAX_CHARACTERS, countCharacters, knowledgeBaseSchema, toStoredValues } from "./schemas";
import { fillFromTemplate, templateLanguage } from "./template-texts";
import { loadTemplateTexts } from "./template-texts.server";
import { appendExtractedText, extractFileText, readKnowledgeForm, type FileProblem } from "./upload.server";
import { notFound } from "~/lib/http/errors.server";

/**
 * The action behind /knowledge-base/new and /knowledge-base/<id>. Besides
 * saving it answers the form's no-JavaScript helpers: "Apply template" fills
 * an empty first message and content on the server, and conform's list
 * buttons add or remove a transfer number input. A chosen file's text is
 * added to the content whatever the button, so it is never lost to a
 * re-render that cannot keep the file input's selection.
 */

/** The form's HTML constraints, for the pages' loaders: worked out here, so the browser needs no zod. */
export const knowledgeFormConstraint = (country: string) => getZodConstraint(knowledgeBaseSchema(country));

function reply(result: SubmissionResult<string[]>, status = 400) {
  return data({ result }, { status });
}

/** `returnTo`: a same-site path (already checked) to go to once saved, instead of the list. */
export async function submitKnowledgeBaseForm(
  request: Request,
  { tenant }: GateContext,
  existingId: string | null,
  { returnTo = null }: { returnTo?: string | null } = {},
) {
  const { formData, file, fileProblem } = await readKnowledgeForm(request);
  const schema = knowledgeBaseSchema(tenant.country);
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
    return reply(parseWithZod(working, { schema }).reply({ fieldErrors: { file: [problem] } }));
  }

  if (intent === "apply-template") return applyTemplate(request, working, schema);

  const submission = parseWithZod(working, { schema });
  // No status: one of conform's list buttons (add or remove a transfer number) was pressed, not "save".
  if (submission.status === undefined) return reply(submission.reply(), 200);
  if (submission.status !== "success") return reply(submission.reply());

  const values = toStoredValues(submission.value, tenant.country);
  if (!(await isTenantNumber(tenant.id, values.phoneNumberId))) {
    return reply(submission.reply({ fieldErrors: { phoneNumberId: ["validation.phoneNumberUnknown"] } }));
  }
  if (existingId) {
    if (!(await updateKnowledgeBase(tenant.id, existingId, values))) notFound();
  } else {
    await createKnowledgeBase(tenant.id, values);
  }
  return redirectWithToast(returnTo ?? knowledgeListHref({ number: values.phoneNumberId }), {
    type: "success",
    key: existingId ? "knowledge:toast.updated" : "knowledge:toast.created",
    values: { name: values.name },
  });
}

/**
 * Fills what is still empty from the chosen template, in the language of the chosen voice (else the user's);
 * nothing typed is replaced and nothing is judged yet.
 */
async function applyTemplate(request: Request, working: FormData, schema: ReturnType<typeof knowledgeBaseSchema>) {
  working.delete("__intent__");
  const language = templateLanguage(working.get("voice"), await getLanguage(request));
  const current = { firstMessage: String(working.get("firstMessage") ?? ""), content: String(working.get("content") ?? "") };
  const filled = fillFromTemplate(current, working.get("template"), language, await loadTemplateTexts());
  working.set("firstMessage", filled.firstMessage);
  working.set("content", filled.content);
  const { initialValue } = parseWithZod(working, { schema }).reply();
  return reply({ initialValue }, 200);
}
