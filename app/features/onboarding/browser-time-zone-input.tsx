import { useEffect, useRef } from "react";
import { useNonce } from "~/components/nonce";

export const BROWSER_TIME_ZONE_FIELD = "browserTimeZone";

// Runs where the page is parsed, so a form sent before the bundle has loaded already carries the zone.
const FILL_FROM_BROWSER = `(function(s){try{s.previousElementSibling.value=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){}})(document.currentScript)`;

/**
 * A hidden field with the browser's IANA time zone, for the server to use
 * when nothing better tells it. Empty without JavaScript; the server checks
 * whatever arrives. React gives the input no value, so hydration keeps what
 * the inline script wrote; after a client-side navigation (where inserted
 * scripts do not run) the effect fills it instead.
 */
export function BrowserTimeZoneInput() {
  const nonce = useNonce();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current && !input.current.value) input.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }, []);
  return (
    <>
      <input ref={input} type="hidden" name={BROWSER_TIME_ZONE_FIELD} suppressHydrationWarning />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FILL_FROM_BROWSER }} />
    </>
  );
}
