/**
 * Phone numbers as a page shows them, formatted by the server (phoneDisplays
 * in display.server.ts) and sent with the loader's data: formatting needs
 * libphonenumber-js, which pages without a phone field do not load. A page
 * renders the same text on the server and in the browser, so hydration
 * matches.
 */
export type PhoneDisplays = Record<string, string>;

/** The number as the server formatted it; as stored if the server sent no format for it. */
export const shownPhone = (displays: PhoneDisplays, value: string) => (Object.hasOwn(displays, value) ? displays[value]! : value);
