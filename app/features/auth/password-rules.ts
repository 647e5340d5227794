/** The password rules' shared facts, for the forms that show them and the schemas that enforce them (schemas.ts, on the server). */
export const PASSWORD_MIN_LENGTH = 8;

/** The error of a password that breaks the rules: word for word the hint under the field (new-password-fields.tsx). */
export const PASSWORD_RULES_ERROR = "validation.passwordRules";
