import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { getInvoice, invoiceRecipientEmail } from "~/features/billing/history/invoices.server";
import { invoiceNumberLabel } from "~/features/billing/history/invoice-number";
import { renderInvoicePdf } from "~/features/billing/history/invoice-pdf.server";
import { getPaymentProvider } from "~/features/billing/payments/provider.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { tenantLanguage } from "~/features/tenants/tenant-language";
import { notFound } from "~/lib/http/errors.server";
import { parseParty, type InvoiceParty } from "~/features/billing/tax/invoice-tax.server";
import type { TaxNote } from "~/features/billing/tax/tax-rule";

/**
 * GET /invoices/<id>.pdf: the invoice as a PDF in the organisation's language,
 * made on request from the invoice row (nothing is stored: the row is the
 * record). Another tenant's invoice id is simply not found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "invoices");
  const invoice = await getInvoice(gate.tenant.id, params.invoiceId ?? "");
  if (!invoice) notFound();
  // An invoice reads the same whoever opens it: in the organisation's language.
  const language = tenantLanguage({ country: gate.tenant.country, timeZone: gate.tenant.timeZone });
  const t = await getTranslatorFor(language, "billing");
  // Issued since migration 0040: the parties and tax as they were at issue (a later edit of billing details changes nothing here).
  const seller = parseParty(invoice.seller_snapshot);
  const buyer = parseParty(invoice.buyer_snapshot);
  const countryName = new Intl.DisplayNames([language], { type: "region" });
  const addressLines = (party: InvoiceParty) =>
    [party.street, [party.postcode, party.city].filter(Boolean).join(" "), party.country ? (countryName.of(party.country) ?? party.country) : ""].filter(
      Boolean,
    );
  const pdf = await renderInvoicePdf({
    language,
    number: invoice.number,
    issuedAt: invoice.created_at,
    timeZone: gate.tenant.timeZone,
    seller: seller ? { name: seller.name, lines: addressLines(seller), vatId: seller.vatId } : { name: "Voxboard", lines: [] },
    customer: buyer
      ? { name: buyer.name, lines: addressLines(buyer), vatId: buyer.vatId, email: await invoiceRecipientEmail(gate.tenant.id) }
      : { name: gate.tenant.name, email: await invoiceRecipientEmail(gate.tenant.id) },
    item: t(invoice.item_key, JSON.parse(invoice.item_values) as Record<string, string>),
    amountCents: invoice.amount_cents,
    currency: invoice.currency,
    card: invoice.card_brand && invoice.card_last4 ? { brand: invoice.card_brand, last4: invoice.card_last4 } : null,
    testMode: getPaymentProvider().kind === "test",
    tax:
      invoice.net_cents !== null && invoice.tax_rate_bp !== null && invoice.tax_cents !== null
        ? { netCents: invoice.net_cents, rateBp: invoice.tax_rate_bp, taxCents: invoice.tax_cents, note: invoice.tax_note as TaxNote }
        : undefined,
    // A plan invoice's period as it was issued (migration 0041); a top-up and older invoices print the service date.
    servicePeriod: invoice.service_period_start && invoice.service_period_end ? { start: invoice.service_period_start, end: invoice.service_period_end } : null,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${invoiceNumberLabel(invoice.number)}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
