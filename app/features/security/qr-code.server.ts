import QRCode from "qrcode";

/**
 * The enrolment's QR code as SVG markup, made on the server so the page
 * needs no script (and no image request that could leak the secret to a log).
 * The caller gives it an accessible name; the markup itself is decorative.
 */
export async function qrCodeSvg(text: string) {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } });
  // Sized by its box, not by fixed pixels, so it fits a phone's width.
  return svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" width="100%" height="100%" ');
}
