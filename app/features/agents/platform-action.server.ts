import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { disconnectProvider, getProviderAccount, providerClient, saveProviderAccount } from "~/features/voice-platform/provider-accounts.server";
import { VoiceProviderError } from "~/features/voice-platform/provider-http.server";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { queuePublishedAgentPushes } from "./platform-push.server";
import { platformConnectSchema } from "./schemas";

const LABEL = { vapi: "Vapi", retell: "Retell" } as const;

/**
 * The action of /ai-agent-manager/platform. Connect: the key is tested with
 * one authenticated read first, and only a key the platform accepted is
 * stored (sealed); a refusal answers at the key field in the user's language,
 * with the platform's own words beside it, and keeps the choice of platform.
 * Then every published agent is pushed to it. Disconnect: back to the
 * server's own setting.
 */
export async function submitPlatformSettings(request: Request, { tenant, user }: GateContext, deps: { fetch?: typeof fetch } = {}) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "disconnect") {
    const account = await getProviderAccount(tenant.id);
    await disconnectProvider(tenant.id);
    return redirectWithToast("/ai-agent-manager/platform", {
      type: "success",
      key: "agents:toast.platformDisconnected",
      values: { provider: account ? LABEL[account.provider] : "" },
    });
  }
  const submission = parseWithZod(formData, { schema: platformConnectSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["apiKey"] }), detail: null }, { status: 400 });
  const { provider, apiKey } = submission.value;
  try {
    await providerClient(provider, apiKey, deps.fetch).testKey();
  } catch (error) {
    if (!(error instanceof VoiceProviderError)) throw error;
    return data(
      { result: submission.reply({ fieldErrors: { apiKey: [`platform.errors.${error.kind}`] }, hideFields: ["apiKey"] }), detail: error.detail },
      { status: error.kind === "unauthorized" || error.kind === "refused" ? 400 : 502 },
    );
  }
  await saveProviderAccount(tenant.id, provider, apiKey, user.id);
  await queuePublishedAgentPushes(tenant.id);
  return redirectWithToast("/ai-agent-manager/platform", { type: "success", key: "agents:toast.platformConnected", values: { provider: LABEL[provider] } });
}
