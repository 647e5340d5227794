import { sendEmail, type EmailAttachment } from "./mailer.server";

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Paragraphs of text, some of them links, as the plain-text and HTML parts of one message. */
export async function sendParagraphEmail(to: string, subject: string, paragraphs: Array<string | { url: string }>, attachments?: EmailAttachment[]) {
  await sendEmail({
    to,
    subject,
    text: paragraphs.map((paragraph) => (typeof paragraph === "string" ? paragraph : paragraph.url)).join("\n\n"),
    html: paragraphs
      .map((paragraph) =>
        typeof paragraph === "string" ? `<p>${escapeHtml(paragraph)}</p>` : `<p><a href="${escapeHtml(paragraph.url)}">${escapeHtml(paragraph.url)}</a></p>`,
      )
      .join(""),
    ...(attachments ? { attachments } : {}),
  });
}
