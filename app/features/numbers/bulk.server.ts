import { MaxPartSizeExceededError } from "@remix-run/node";
import { getDb, type DB } from "~/db/db.server";
import { MULTIPART_OVERHEAD_BYTES, readFormData } from "~/lib/http/form-body.server";
import { decodeTextBytes } from "~/lib/csv/text-decoding";
import { phoneDisplays } from "~/features/phone/display.server";
import { MAX_BULK_BYTES, validatePhoneCsv } from "./bulk-csv";
import type { BulkResultsData, BulkUploadProblem } from "./bulk-validation";
import { badRequest } from "~/lib/http/errors.server";

export type BulkUpload = { ok: true; fileName: string; text: string } | { ok: false; problem: BulkUploadProblem };

/**
 * Reads the uploaded file into memory, never more than MAX_BULK_BYTES of it:
 * a body announced as bigger is refused before it is read, and the upload
 * handler stops at the limit whatever the announcement said.
 */
export async function readBulkUpload(request: Request): Promise<BulkUpload> {
  const announced = Number(request.headers.get("Content-Length") ?? "0");
  if (announced > MAX_BULK_BYTES + MULTIPART_OVERHEAD_BYTES) return { ok: false, problem: "fileTooLarge" };
  let formData: FormData;
  try {
    formData = await readFormData(request, { maxFileBytes: MAX_BULK_BYTES, maxBytes: MAX_BULK_BYTES + MULTIPART_OVERHEAD_BYTES });
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, problem: "fileTooLarge" };
    if (error instanceof Response) throw error;
    badRequest();
  }
  const file = formData.get("file");
  if (!(file instanceof File) || (file.name === "" && file.size === 0)) return { ok: false, problem: "fileRequired" };
  // Browsers label .csv files differently (text/csv, application/vnd.ms-excel, nothing); the name is what people chose.
  if (!file.name.toLowerCase().endsWith(".csv")) return { ok: false, problem: "fileType" };
  const text = decodeTextBytes(new Uint8Array(await file.arrayBuffer()));
  if (text === null) return { ok: false, problem: "notText" };
  return { ok: true, fileName: file.name, text };
}

export type BulkValidationOutcome = { ok: true; results: BulkResultsData } | { ok: false; problem: BulkUploadProblem };

/**
 * Validates an uploaded file and tells which of its valid numbers the tenant
 * has already added; `country` is the tenant's (gate.tenant.country).
 */
export async function validateBulkUpload(
  tenantId: string,
  upload: { fileName: string; text: string },
  country: string,
  db: DB = getDb(),
): Promise<BulkValidationOutcome> {
  const parsed = await validatePhoneCsv(upload.text, country);
  if (!parsed.ok) return { ok: false, problem: parsed.problem };
  const { uniqueValid, ...validation } = parsed.validation;
  const existing = new Set((await db.selectFrom("phone_numbers").select("e164").where("tenant_id", "=", tenantId).execute()).map((row) => row.e164));
  const newNumbers = uniqueValid.filter((e164) => !existing.has(e164));
  return {
    ok: true,
    results: {
      ...validation,
      fileName: upload.fileName,
      newNumbers,
      alreadyAdded: uniqueValid.length - newNumbers.length,
      phones: phoneDisplays(validation.rows.map((row) => row.e164)),
    },
  };
}
