import type * as library from "./phone-library";
import * as serverLibrary from "./phone-library.server";
import { isNorthAmericanNumber, readPhone } from "./phone-rules";

/**
 * Phone validation for code that runs on both sides: the forms' schemas.
 * On the server it is always phone.ts with libphonenumber-js. A page keeps
 * the library (35 KiB gzip) out of its scripts and loads it when a phone
 * field is used (PhoneField calls loadPhoneLibrary on focus); until it has
 * arrived, the browser checks what our phone rules (docs/product/validation.md#phone-numbers) can tell without it and
 * leaves the rest to the server, which judges every submission again.
 */

type PhoneLibrary = typeof library;

// An empty module in the browser build (see phone-library.server.ts).
const onServer: Partial<typeof serverLibrary> = serverLibrary;
let loaded: PhoneLibrary | undefined;
let loading: Promise<PhoneLibrary> | undefined;

/** Loads the library in the browser (once); a page with a phone field calls it when the field is first used. */
export function loadPhoneLibrary(): Promise<PhoneLibrary> {
  loading ??= import("./phone-library").then(
    (library) => (loaded = library),
    (error: unknown) => {
      // A failed download (the network dropped) is tried again on the next use.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The browser's copy of the library once loadPhoneLibrary has brought it. */
export const loadedPhoneLibrary = (): PhoneLibrary | undefined => loaded;

/** The library's rules if they are here: always on the server, in the browser once loaded. */
export const phoneLibrary = (): Pick<PhoneLibrary, "isValidPhoneNumber" | "toE164"> | undefined =>
  onServer.isValidPhoneNumber && onServer.toE164 ? (onServer as typeof serverLibrary) : loaded;

/** See isValidPhoneNumber in phone.ts. Without the library: whether our numbered rules accept it, a national number taken on trust. */
export function isValidPhoneNumber(input: string, defaultCountry?: string | null): boolean {
  const library = phoneLibrary();
  if (library) return library.isValidPhoneNumber(input, defaultCountry);
  const reading = readPhone(input, defaultCountry);
  if (!("e164" in reading)) return true;
  const { e164 } = reading;
  return e164 !== null && (!e164.startsWith("+1") || isNorthAmericanNumber(e164));
}

/** See toE164 in phone.ts. Without the library a national number (leading 0) has no E.164 yet: null. */
export function toE164(input: string, defaultCountry?: string | null): string | null {
  const library = phoneLibrary();
  if (library) return library.toE164(input, defaultCountry);
  const reading = readPhone(input, defaultCountry);
  return "e164" in reading ? reading.e164 : null;
}
