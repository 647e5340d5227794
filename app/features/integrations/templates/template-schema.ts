import { z } from "zod";

/**
 * An integration template and its endpoints
 * (docs/product/records.md#integration-templates): every field, validated when the server starts, so
 * a broken template file stops the start with the path of the problem rather
 * than failing a delivery later. Templates are versioned data files in
 * ./templates; `schemaVersion` is the file format's version, `version` the
 * CRM API's.
 */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const TEMPLATE_CATEGORIES = ["crm", "fitness", "marketing", "support", "analytics", "other"] as const;
export const TRANSFORMATION_TYPES = ["split", "format", "concat", "lookup"] as const;
export const FIELD_TYPES = ["string", "number", "boolean", "date", "datetime", "email", "phone", "object", "array"] as const;

/** A JSON Schema document (draft 2020-12 subset), checked by ajv when payloads are validated. */
const jsonSchema = z.record(z.unknown());

export const FieldValidationSchema = z.object({
  field: z.string().min(1),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  pattern: z.string().optional(),
  defaultValue: z.unknown().optional(),
});

export const ResponseMappingSchema = z.object({
  sourceField: z.string().min(1),
  targetField: z.string().min(1),
  transform: z.string().optional(),
  required: z.boolean(),
});

export const TransformationSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("split"), separator: z.string(), index: z.number().int().min(0) }),
  z.object({ type: z.literal("format"), format: z.enum(["date", "datetime", "phone-e164", "upper", "lower"]) }),
  z.object({ type: z.literal("concat"), fields: z.array(z.string().min(1)).min(2), separator: z.string() }),
  z.object({ type: z.literal("lookup"), table: z.record(z.string()), fallback: z.string().optional() }),
]);

export const FieldMappingSchema = z.object({
  /** The template's field this mapping fills. */
  field: z.string().min(1),
  required: z.boolean(),
  /** Our field it comes from (contact.firstName, appointment.start, call.summary…). */
  mappedTo: z.string().min(1),
  transformation: TransformationSchema.optional(),
  validation: z.object({ pattern: z.string().optional(), required: z.boolean().optional() }).optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

export const EndpointSchema = z.object({
  endpointName: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
  type: z.enum(HTTP_METHODS),
  endpoint: z.string().startsWith("/"),
  description: z.string().min(1),
  payloadSchema: jsonSchema.nullable(),
  responseSchema: jsonSchema.nullable(),
  requiredFields: z.array(z.string()),
  optionalFields: z.array(z.string()),
  fieldValidations: z.array(FieldValidationSchema),
  responseMapping: z.array(ResponseMappingSchema),
  enabled: z.boolean(),
  examplePayload: z.unknown().nullable(),
  exampleResponse: z.unknown().nullable(),
  timeout: z.number().int().positive(),
  requiresAuth: z.boolean(),
  tags: z.array(z.string()),
  includeInSync: z.boolean(),
  /** Defaults for query parameters of a read (page 1, page_size 25). */
  defaultQuery: z.record(z.union([z.string(), z.number()])).optional(),
});

export const IntegrationTemplateSchema = z
  .object({
    schemaVersion: z.literal(1),
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    crm: z.string().min(1),
    category: z.enum(TEMPLATE_CATEGORIES),
    status: z.enum(["enabled", "disabled"]),
    /** Links the library shows; null when the vendor has no public page to point at (no `.example` hosts, decision 0061). */
    website: z.string().url().nullable(),
    baseUrl: z.string().url(),
    logo: z.string().min(1),
    description: z.string().min(1),
    version: z.string().min(1),
    auth: z.object({ type: z.enum(["api_key", "bearer"]), header: z.string().min(1), required: z.boolean() }),
    restrictedContacts: z.boolean(),
    send_lead_on_email: z.boolean(),
    email: z.string().email().nullable(),
    send_lead_on_crm_only: z.boolean(),
    metadata: z.record(z.unknown()),
    tags: z.array(z.string()),
    priority: z.number().int(),
    rateLimiting: z.object({
      requestsPerMinute: z.number().int().positive(),
      requestsPerHour: z.number().int().positive(),
      requestsPerDay: z.number().int().positive(),
      enabled: z.boolean(),
    }),
    errorHandling: z.object({
      retryAttempts: z.number().int().min(0).max(10),
      retryDelay: z.number().int().min(0),
      timeout: z.number().int().positive(),
      exponentialBackoff: z.boolean(),
      retryableStatusCodes: z.array(z.number().int().min(100).max(599)),
    }),
    analytics: z.object({
      trackRequests: z.boolean(),
      trackResponses: z.boolean(),
      trackErrors: z.boolean(),
      trackPerformance: z.boolean(),
      retentionDays: z.number().int().positive(),
    }),
    webhooks: z.array(z.object({ event: z.string(), description: z.string() })),
    endpoints: z.array(EndpointSchema).min(1),
    fieldMappings: z.object({ contactsMapping: z.array(FieldMappingSchema), appointmentsMapping: z.array(FieldMappingSchema) }),
    features: z.array(z.string().min(1)),
    limitations: z.array(z.string().min(1)),
    setupGuideUrl: z.string().url().nullable(),
    documentationUrl: z.string().url().nullable(),
    sandboxAvailable: z.boolean(),
    popularity: z.number().int().min(0).max(100),
    /** What users read, in the app's other languages (English is above); the same number of features and limitations. */
    translations: z
      .object({ de: z.object({ description: z.string().min(1), features: z.array(z.string().min(1)), limitations: z.array(z.string().min(1)) }).strict() })
      .strict()
      .optional(),
  })
  .superRefine((template, ctx) => {
    for (const [language, text] of Object.entries(template.translations ?? {})) {
      if (text.features.length !== template.features.length)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["translations", language, "features"],
          message: `has ${text.features.length} features, the template ${template.features.length}`,
        });
      if (text.limitations.length !== template.limitations.length)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["translations", language, "limitations"],
          message: `has ${text.limitations.length} limitations, the template ${template.limitations.length}`,
        });
    }
    const names = new Set<string>();
    template.endpoints.forEach((endpoint, index) => {
      if (names.has(endpoint.endpointName))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endpoints", index, "endpointName"], message: `duplicate endpoint name ${endpoint.endpointName}` });
      names.add(endpoint.endpointName);
      for (const field of endpoint.requiredFields) {
        if (endpoint.optionalFields.includes(field))
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endpoints", index, "requiredFields"], message: `${field} is both required and optional` });
      }
    });
  });

export type IntegrationTemplate = z.output<typeof IntegrationTemplateSchema>;
export type TemplateEndpoint = z.output<typeof EndpointSchema>;
export type FieldMapping = z.output<typeof FieldMappingSchema>;
