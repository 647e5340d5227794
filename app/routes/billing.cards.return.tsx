import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireActionAccess } from "~/features/access/gate.server";
import { customerRefFor } from "~/features/billing/accounts.server";
import { PaymentError } from "~/features/billing/payments/card-errors";
import { listPaymentMethods, saveCard } from "~/features/billing/payments/payment-methods.server";
import { getPaymentProvider } from "~/features/billing/payments/provider.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";

/**
 * Where Stripe's hosted card page sends the user back
 * (/billing/cards/return?session_id=…&returnTo=…): the card is read from the
 * finished setup and saved, once however often the URL is opened.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeRedirectPath(url.searchParams.get("returnTo"), "/billing?tab=payment-methods");
  // A card added from /choose-plan belongs to a tenant without a plan yet: the plan page's permission and gate, not billing's.
  const gate = await requireActionAccess(request, "create", returnTo.startsWith("/choose-plan") ? "choose-plan" : "billing");
  const sessionId = url.searchParams.get("session_id") ?? "";
  const provider = getPaymentProvider();
  try {
    const card = await provider.finishCardSetup(await customerRefFor(gate.tenant.id, provider), sessionId);
    const known = (await listPaymentMethods(gate.tenant.id)).some((saved) => saved.provider_ref === card.providerRef);
    if (!known) await saveCard(gate.tenant.id, card);
    return redirectWithToast(returnTo, { type: "success", key: "billing:toast.cardAdded", values: { last4: card.last4 } });
  } catch (error) {
    const code = error instanceof PaymentError ? error.code : "save_failed";
    return redirectWithToast(returnTo, { type: "error", key: `billing:cardErrors.${code}.message` });
  }
}
