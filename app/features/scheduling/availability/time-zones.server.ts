/** Every IANA zone the runtime knows, for a select; UTC first for servers and people who think in it. */
let zones: string[] | undefined;
export function timeZoneChoices() {
  zones ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
  return zones;
}
