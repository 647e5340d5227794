import path from "node:path";
import { z } from "zod";

const positiveInt = (fallback: number) =>
  z.coerce.number({ invalid_type_error: "must be a whole number" }).int("must be a whole number").positive("must be greater than 0").default(fallback);

const flag = z
  .enum(["0", "1", "true", "false", ""], { errorMap: () => ({ message: "must be 1 or 0" }) })
  .optional()
  .transform((value) => value === "1" || value === "true");

/** An unset or empty value (docker-compose passes empty ones) falls back to the Quick start's stand-in. */
const orPlaceholder = (placeholder: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || placeholder);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1, "must be a port between 1 and 65535").max(65535, "must be a port between 1 and 65535").default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(
      /^(file:|sqlite:|postgres:\/\/|postgresql:\/\/)|\.db$|^:memory:$/,
      "must be a SQLite location such as file:./data/voxboard.db or a PostgreSQL URL such as postgres://user:password@host:5432/voxboard",
    )
    .optional(),
  /** Connections each app server keeps open to PostgreSQL (ignored on SQLite). */
  DATABASE_POOL_MAX: positiveInt(10),
  SESSION_SECRET: z.string().optional(),
  SESSION_IDLE_MINUTES: positiveInt(30),
  SESSION_ABSOLUTE_HOURS: positiveInt(12),
  APP_URL: z.string().url("must be a full URL such as https://voxboard.example.com").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().default("Voxboard <no-reply@voxboard.local>"),
  SEED_DEMO: flag,
  /**
   * The platform as the seller on every invoice (§14 UStG wants its full name,
   * address and VAT ID). The defaults stand in for the Quick start and say so;
   * a real deployment sets all of them (docs/decisions/0056-tax-invoices.md).
   */
  SELLER_LEGAL_NAME: orPlaceholder("Voxboard Demo GmbH (placeholder seller)"),
  SELLER_STREET: orPlaceholder("Placeholder Street 1"),
  SELLER_POSTCODE: orPlaceholder("10115"),
  SELLER_CITY: orPlaceholder("Berlin"),
  SELLER_COUNTRY: orPlaceholder("DE").pipe(z.string().regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 code such as DE")),
  SELLER_VAT_ID: orPlaceholder("DE000000000"),
  /** An S3-compatible bucket for every stored file (docs/decisions/0020); without it files stay under DATA_DIR. */
  S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_ENDPOINT: z
    .string()
    .url("must be a full URL such as https://s3.eu-central-1.amazonaws.com or http://minio:9000")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key) instead of the host name: MinIO and most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: flag,
  /**
   * Set by `npm start` (the Quick start): production React, but an empty database gets demo data and a missing
   * SESSION_SECRET falls back to a development secret, with a warning. The Docker image never sets it.
   */
  QUICKSTART: flag,
  TRUST_PROXY: flag,
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  RATE_LIMIT_PER_IP: positiveInt(30),
  RATE_LIMIT_PER_ACCOUNT: positiveInt(10),
  MAX_AVATAR_BYTES: positiveInt(2 * 1024 * 1024),
  /** Largest call recording accepted, uploaded or fetched. */
  MAX_AUDIO_BYTES: positiveInt(50 * 1024 * 1024),
  AUDIO_FETCH_TIMEOUT_MS: positiveInt(30_000),
  /** The former name of OUTBOUND_ALLOW_PRIVATE (audio only then); still read, for every outbound request now. */
  AUDIO_FETCH_ALLOW_PRIVATE: flag,
  /** Lets every request the server sends to an address someone else chose (audio, CRMs, webhooks) reach loopback and private networks: local testing, a self-hosted CRM on the same network. Off by default. */
  OUTBOUND_ALLOW_PRIVATE: flag,
  /** OpenAI-compatible chat-completions endpoint for transcript analysis; without it the built-in analyzer runs. */
  LLM_BASE_URL: z
    .string()
    .url("must be a full URL such as https://api.openai.com/v1")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default("gpt-4o-mini"),
  LLM_TIMEOUT_MS: positiveInt(30_000),
  /** Largest contacts CSV accepted for import, and most data rows in one file (docs/decisions/0007). */
  MAX_IMPORT_BYTES: positiveInt(50 * 1024 * 1024),
  MAX_IMPORT_ROWS: positiveInt(200_000),
  /** Voice platform that places campaign calls; without it calls are logged as campaign activity, not placed. */
  VOICE_PLATFORM_URL: z
    .string()
    .url("must be a full URL such as https://voice.example.com/v1")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  VOICE_PLATFORM_API_KEY: z.string().optional(),
  VOICE_PLATFORM_TIMEOUT_MS: positiveInt(15_000),
  /** The APIs of the platforms a tenant may connect on /ai-agent-manager/platform (docs/decisions/0030); tests point them at local stubs. */
  VAPI_API_URL: z.string().url("must be a full URL such as https://api.vapi.ai").default("https://api.vapi.ai"),
  RETELL_API_URL: z.string().url("must be a full URL such as https://api.retellai.com").default("https://api.retellai.com"),
  /** How often the in-process job runner looks for due campaigns; 0 is not allowed, tests start the runner by hand. */
  JOB_RUNNER_INTERVAL_MS: positiveInt(15_000),
  /** Pages rendered at once; more wait in line (rendering is CPU work, and each page under way holds memory). */
  MAX_CONCURRENT_RENDERS: positiveInt(4),
  /** trace, debug, info (default), warn, error, fatal or silent. */
  LOG_LEVEL: z
    .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"], {
      errorMap: () => ({ message: "must be one of trace, debug, info, warn, error, fatal, silent" }),
    })
    .optional(),
  /** json (default in production) or pretty (default in development). */
  LOG_FORMAT: z.enum(["json", "pretty"], { errorMap: () => ({ message: "must be json or pretty" }) }).optional(),
  /** /metrics answers requests that carry "Authorization: Bearer <this>"; without it (and METRICS_PORT) there is no /metrics. */
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters (for example: openssl rand -hex 24)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A second port that serves only /metrics, without a token: for a scraper on an internal network. */
  METRICS_PORT: z.coerce.number().int().min(1, "must be a port between 1 and 65535").max(65535, "must be a port between 1 and 65535").optional(),
  /** Stripe's secret key (sk_live_… or sk_test_…); without it the built-in test-mode provider takes payments and no money moves. */
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The signing secret of the Stripe webhook endpoint (/webhooks/stripe). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Another address for Stripe's API (a local stub in tests); Stripe's own by default. */
  STRIPE_API_URL: z
    .string()
    .url("must be a full URL such as http://127.0.0.1:12111")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** 32 bytes as 64 hex characters or base64 (openssl rand -hex 32): the key that seals stored third-party secrets. */
  SECRETS_KEY: z
    .string()
    .trim()
    .refine((value) => secretsKeyBytes(value) !== null, "must be 32 bytes written as 64 hex characters or base64 (for example: openssl rand -hex 32)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * A support chat's script (https only), loaded on the public pages when someone asks for the chat
   * (docs/product/behaviour.md#support-chat); the Content-Security-Policy of those pages then allows its origin.
   */
  SUPPORT_CHAT_SCRIPT_URL: z
    .string()
    .url("must be a full https:// URL of the chat's script")
    .refine((value) => value.startsWith("https://"), "must be a full https:// URL of the chat's script")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Single sign-on through any OpenID Connect provider (docs/product/single-sign-on.md): the issuer, whose
   * /.well-known/openid-configuration is read, and the client registered there. Without all three there is no button.
   */
  OIDC_ISSUER_URL: z
    .string()
    .url("must be a full URL such as https://accounts.google.com")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OIDC_CLIENT_ID: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OIDC_CLIENT_SECRET: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The provider's name on the sign-in button: "Sign in with <this>". */
  OIDC_BUTTON_LABEL: z
    .string()
    .optional()
    .transform((value) => value?.trim() || "Google"),
  /** How long a request to the provider (discovery, keys, token) may take. */
  OIDC_TIMEOUT_SECONDS: positiveInt(10),
  /** Set to 0 to keep the job runner from starting with the server (tests, one-off scripts). */
  JOB_RUNNER: z
    .enum(["0", "1", ""])
    .optional()
    .transform((value) => value !== "0"),
});

/** The 32 key bytes of a SECRETS_KEY value, or null when it is not 32 bytes in hex or base64. */
export function secretsKeyBytes(value: string): Buffer | null {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, "base64") : null;
  return bytes && bytes.length === 32 ? bytes : null;
}

/** Checked beside the schema so a missing secret is reported together with every other bad value. */
function secretProblems(source: EnvSource) {
  const production = (source.NODE_ENV ?? "development") === "production";
  const quickstart = source.QUICKSTART === "1" || source.QUICKSTART === "true";
  const problems: string[] = [];
  if (production && !(quickstart && !source.SESSION_SECRET) && (!source.SESSION_SECRET || source.SESSION_SECRET.length < 32)) {
    problems.push("  - SESSION_SECRET: is required in production and must be at least 32 characters (for example: openssl rand -hex 32)");
  }
  // Stored CRM keys and tokens are sealed with it; a Quick start may derive one from the session secret, a deployment may not.
  if (production && !quickstart && !source.SECRETS_KEY?.trim()) {
    problems.push(
      "  - SECRETS_KEY: is required in production: 32 bytes as 64 hex characters (for example: openssl rand -hex 32); it encrypts stored CRM and Cal.com credentials",
    );
  }
  return problems.length ? problems.join("\n") : null;
}

export type Env = ReturnType<typeof resolveEnv>;
type EnvSource = Record<string, string | undefined>;

/** Turns a zod failure into one readable line per bad variable. */
export function describeEnvProblems(error: z.ZodError): string {
  return error.issues.map((issue) => `  - ${issue.path.join(".") || "environment"}: ${issue.message}`).join("\n");
}

export function resolveEnv(source: EnvSource = process.env) {
  const parsed = envSchema.safeParse(source);
  const secretProblem = secretProblems(source);
  if (!parsed.success || secretProblem) {
    const problems = [parsed.success ? null : describeEnvProblems(parsed.error), secretProblem].filter(Boolean).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const postgresUrl = env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : null;
  const databaseFile = postgresUrl
    ? null
    : env.DATABASE_URL
      ? env.DATABASE_URL === ":memory:"
        ? ":memory:"
        : path.resolve(env.DATABASE_URL.replace(/^(file|sqlite):(\/\/)?/, ""))
      : path.join(dataDir, "voxboard.db");
  return {
    ...env,
    isProduction: env.NODE_ENV === "production",
    // One setting for every address a tenant enters (audio, CRMs, webhooks); the audio-only name of issue 6 still works.
    OUTBOUND_ALLOW_PRIVATE: env.OUTBOUND_ALLOW_PRIVATE || env.AUDIO_FETCH_ALLOW_PRIVATE,
    /** Demo data on an empty database and a development session secret: development, or a Quick start. */
    firstRunDefaults: env.NODE_ENV !== "production" || env.QUICKSTART,
    usesDevelopmentSecret: !env.SESSION_SECRET,
    dataDir,
    /** The SQLite file, or null on PostgreSQL. */
    databaseFile,
    /** The PostgreSQL connection URL, or null on SQLite (the embedded default). */
    postgresUrl,
    /** The S3-compatible store, or null for the local disk (the embedded default). */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : null,
    /** Stripe, or null for the built-in test-mode payment provider (the embedded default). */
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null, apiUrl: env.STRIPE_API_URL ?? null }
      : null,
    /** The support chat, or null when none is configured (the default). */
    supportChat: env.SUPPORT_CHAT_SCRIPT_URL ? { scriptUrl: env.SUPPORT_CHAT_SCRIPT_URL, origin: new URL(env.SUPPORT_CHAT_SCRIPT_URL).origin } : null,
    /** Single sign-on, or null when it is not configured (the default: no button, the routes answer 404). */
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            buttonLabel: env.OIDC_BUTTON_LABEL,
            timeoutSeconds: env.OIDC_TIMEOUT_SECONDS,
          }
        : null,
    outboxDir: path.join(dataDir, "outbox"),
    uploadsDir: path.join(dataDir, "uploads"),
    importsDir: path.join(dataDir, "imports"),
    // Development falls back to a fixed secret so the Quick start needs no setup; production refuses to start without one.
    sessionSecret: env.SESSION_SECRET ?? "voxboard-development-secret-not-for-production",
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    /** Who issues the invoices (SELLER_*). */
    seller: {
      legalName: env.SELLER_LEGAL_NAME,
      street: env.SELLER_STREET,
      postcode: env.SELLER_POSTCODE,
      city: env.SELLER_CITY,
      country: env.SELLER_COUNTRY,
      vatId: env.SELLER_VAT_ID,
    },
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= resolveEnv();
  return cached;
}

/** Tests change the environment between files; this forgets the cached copy. */
export function resetEnvCache() {
  cached = undefined;
}
