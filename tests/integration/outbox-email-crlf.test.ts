import fs from "node:fs";
import path from "node:path";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { appointmentInvitation } from "~/features/scheduling/calendar/ics.server";
import { sendParagraphEmail } from "~/lib/email/paragraph-email.server";

/*
 * An outbox .eml is what a mail client opens and what SMTP would carry: RFC
 * 5322 lines end in CRLF, and no bare LF or CR appears anywhere (2.3). The
 * raw bytes are checked byte by byte, then read back with mailparser (not
 * nodemailer, which wrote them) and the invitation inside with ical.js.
 */

function bareLineBreaks(bytes: Buffer) {
  const found: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a && bytes[i - 1] !== 0x0d) found.push(i);
    if (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a) found.push(i);
  }
  return found;
}

describe("outbox email line ends", () => {
  it("writes the .eml with CRLF only, text body and .ics attachment included, and mailparser reads them back whole", async () => {
    const ics = appointmentInvitation({
      uid: "appt_crlf@voxboard",
      sequence: 1,
      method: "REQUEST",
      start: "2026-06-10T07:00:00.000Z",
      end: "2026-06-10T07:30:00.000Z",
      timeZone: "Europe/Berlin",
      summary: "Erstberatung · Praxis Łódź",
      description: "Wann: Mittwoch\nWo: Hauptstraße 5",
      organizer: { name: "Praxis", email: "praxis@example.com" },
      attendee: { name: "Jane Doe", email: "crlf@example.com" },
      status: "CONFIRMED",
    });
    const paragraphs = ["Hallo Jane,", "Ihr Termin ist bestätigt.\nWann: Mittwoch, 10. Juni 2026\nWo: Hauptstraße 5", { url: "https://example.com/a?token=x" }];
    const outbox = getEnv().outboxDir;
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    await sendParagraphEmail("crlf@example.com", "Termin bestätigt", paragraphs, [
      { filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: ics },
    ]);
    const written = fs.readdirSync(outbox).filter((name) => name.endsWith(".eml") && !before.has(name));
    expect(written).toHaveLength(1);

    const raw = fs.readFileSync(path.join(outbox, written[0]!));
    expect(bareLineBreaks(raw), "offsets of bare LF or CR in the .eml").toEqual([]);
    expect(raw.includes(Buffer.from("\r\n\r\n"))).toBe(true); // the header/body separator

    const mail = await simpleParser(raw);
    expect(mail.subject).toBe("Termin bestätigt");
    // The text part's lines come back as written (a reader turns CRLF into its own line end).
    expect(mail.text?.replaceAll("\r\n", "\n").trimEnd()).toBe(
      "Hallo Jane,\n\nIhr Termin ist bestätigt.\nWann: Mittwoch, 10. Juni 2026\nWo: Hauptstraße 5\n\nhttps://example.com/a?token=x",
    );
    const attachment = mail.attachments.find((part) => part.filename === "invite.ics");
    expect(attachment?.contentType).toBe("text/calendar");
    const attached = attachment!.content;
    expect(bareLineBreaks(attached), "offsets of bare LF or CR in the .ics").toEqual([]);
    expect(attached.toString("utf8").endsWith("END:VCALENDAR\r\n")).toBe(true);
    const event = new ICAL.Component(ICAL.parse(attached.toString("utf8"))).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("uid")).toBe("appt_crlf@voxboard");
    expect(event.getFirstPropertyValue("summary")).toBe("Erstberatung · Praxis Łódź");
    expect(event.getFirstPropertyValue("description")).toBe("Wann: Mittwoch\nWo: Hauptstraße 5");
  });
});
