/**
 * What the browser loads (a chunk of its own, see loadPhoneLibrary in
 * phone-check.ts) once a phone field is used: libphonenumber-js and
 * everything of ours that needs it.
 */
export { isValidPhoneNumber, toE164 } from "./phone";
export { editKindOf, reformatTypedPhone } from "./typing";
