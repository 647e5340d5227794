import { getDb, newId } from "~/db/db.server";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import { registerAccount } from "~/features/auth/accounts.server";
import { getAudioStore } from "~/features/calls/audio-store.server";
import { buildCallRow, type CallInput } from "~/features/calls/call-row";
import { subscribeTenantToPlan } from "~/features/tenants/plans.server";
import { sessionCookieFor } from "./app";

/** Recordings for the detail, audio, delete and feedback tests. */

export async function tenantIdOf(email: string) {
  const user = await getDb().selectFrom("users").select("tenant_id").where("email", "=", email).executeTakeFirstOrThrow();
  return user.tenant_id;
}

/** A subscribed owner of a tenant of their own: the "tenant B" of isolation tests. */
export async function ownerOfOtherTenant(email = `owner-${newId().slice(0, 8)}@other.test`) {
  const { tenantId } = await registerAccount({ name: "Other Owner", company: "Test Company", email, phone: "4165550177", password: DEMO_PASSWORD });
  await subscribeTenantToPlan(tenantId, "growth");
  return { tenantId, cookie: await sessionCookieFor(email) };
}

/**
 * A small valid WAV (mono 16-bit PCM, 8 kHz) whose sample bytes follow a
 * fixed pattern, so a byte range can be checked against the source.
 */
export function makeWav(sampleCount = 1000) {
  const dataBytes = sampleCount * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < sampleCount; i++) view.setInt16(44 + i * 2, Math.round(Math.sin(i / 5) * 8000), true);
  return bytes;
}

export async function insertCall(tenantId: string, overrides: Partial<CallInput> = {}) {
  const id = newId();
  const createdAt = "2026-03-02T15:04:05.000Z";
  const row = buildCallRow({
    id,
    tenantId,
    externalId: `ext-${id}`,
    status: "ended",
    direction: "inbound",
    from: "+14165550123",
    to: "+14165550199",
    campaignName: "Spring Renewals",
    campaignType: "retention",
    agentName: "Ava",
    userName: "Jonas Müller",
    userCompany: "Müller GmbH",
    caller: { name: "Jonas Müller", email: "jonas@example.test" },
    transcript: [
      { speaker: "Agent", text: "Hello, this is Ava from Voxboard.", startSeconds: 0 },
      { speaker: "Customer", text: "Hi, I would like to renew my contract.", startSeconds: 4.5 },
      { speaker: "Agent", text: "Of course." },
    ],
    summary: "Customer wants to renew the contract.",
    durationSeconds: 95,
    extractedData: { contractId: "C-1042", renew: true },
    escalated: false,
    createdAt,
    endedAt: createdAt,
    ...overrides,
  });
  await getDb().insertInto("calls").values(row).execute();
  return id;
}

/** Stores audio for a call the way ingestion does and returns its key and the file on disk. */
export async function attachAudio(tenantId: string, callId: string, bytes = makeWav()) {
  const { key, size } = await getAudioStore().put({ tenantId, callId, bytes, extension: "wav" });
  await getDb()
    .updateTable("calls")
    .set({ audio_file: key, audio_mime: "audio/wav", audio_bytes: size, audio_status: "stored" })
    .where("id", "=", callId)
    .execute();
  return { key, bytes, objectKey: `audio/${key}` };
}
