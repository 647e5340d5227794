/** How an invoice number is shown, on screen and in its PDF: VB-000042. */
export function invoiceNumberLabel(number: number) {
  return `VB-${String(number).padStart(6, "0")}`;
}
