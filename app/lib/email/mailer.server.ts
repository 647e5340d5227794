import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "~/config/env.server";

export interface EmailAttachment {
  filename: string;
  /** With its parameters, e.g. 'text/calendar; charset=utf-8; method=REQUEST'. */
  contentType: string;
  content: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
}

/**
 * Mail goes through SMTP when SMTP_URL is set. Otherwise each message is
 * written to the outbox folder (DATA_DIR/outbox) as a real .eml file that any
 * mail client opens, plus a .json twin that scripts and tests read.
 */
export async function sendEmail(email: OutgoingEmail) {
  const env = getEnv();
  const message = { from: env.MAIL_FROM, ...email, text: crlf(email.text), html: crlf(email.html) };
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    await transport.sendMail(message);
    return { delivery: "smtp" as const };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(message);
  const raw = info.message as Buffer;
  await fs.mkdir(env.outboxDir, { recursive: true });
  const safeRecipient = email.to.replace(/[^a-z0-9@._-]/gi, "_");
  const base = path.join(env.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}-${safeRecipient}`);
  await writeWhole(`${base}.eml`, raw);
  await writeWhole(`${base}.json`, JSON.stringify({ from: env.MAIL_FROM, ...email, createdAt: new Date().toISOString() }, null, 2));
  return { delivery: "outbox" as const, file: `${base}.eml` };
}

/**
 * RFC 5322 2.3: lines end in CRLF, and CR and LF appear only together. Bodies
 * are written with "\n" (paragraphs joined, translated texts), and nodemailer
 * copies a body's line ends as they are into a quoted-printable part, so each
 * line end becomes CRLF here, before it is encoded.
 */
function crlf(body: string) {
  return body.replace(/\r\n|\r|\n/g, "\r\n");
}

/**
 * Mail is often written after the response has gone, while a script or a
 * mail client may already be reading the folder: a temporary name renamed
 * into place means a reader sees a message whole or not at all.
 */
async function writeWhole(file: string, content: string | Buffer) {
  const partial = `${file}.partial`;
  await fs.writeFile(partial, content);
  await fs.rename(partial, file);
}

/** True when mail only reaches the outbox folder, so the UI can say so. */
export function isUsingOutbox() {
  return !getEnv().SMTP_URL;
}
