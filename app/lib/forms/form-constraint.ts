import type { useForm } from "@conform-to/react";

/**
 * A form's HTML constraints (required, minLength, maxLength, pattern …) by
 * field name, as conform's useForm takes them. Loaders work them out from the
 * form's zod schema with getZodConstraint and hand them down as plain data:
 * the fields get the same attributes with and without JavaScript, and the
 * browser never loads zod. The action validates with the schema itself.
 */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;
