/**
 * The server's phone rules: the whole library. Server code that is not in a
 * *.server module (a route's loader or action, a rule shared with the
 * browser) imports phone.ts through here or phone-check.ts: the browser build
 * replaces every *.server module by an empty one, and a route that imported
 * phone.ts for its loader alone would still load libphonenumber-js in the
 * browser. phone-check.ts finds nothing here in the browser and falls back
 * to what the page has loaded.
 */
export { formatPhoneForDisplay, isValidPhoneNumber, toE164 } from "./phone";
