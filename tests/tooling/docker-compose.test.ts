import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { resolveEnv } from "~/config/env.server";

/**
 * docker-compose.yml cannot run here (no Docker engine), so it is held to
 * what the scaled shape needs by reading it; tests/e2e/scaled.spec.ts runs the
 * same processes without Docker.
 */
interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  configs?: Array<{ source: string; target: string }>;
  entrypoint?: string[];
}

const compose = parse(fs.readFileSync("docker-compose.yml", "utf8"), { merge: true }) as {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
  volumes: Record<string, unknown>;
};

/** ${NAME:?message} and ${NAME:-default} as compose resolves them, with the given settings. */
function interpolate(value: string, settings: Record<string, string>) {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
    if (settings[name]) return settings[name]!;
    if (kind === "?") throw new Error(`${name} is required: ${rest}`);
    return rest ?? "";
  });
}

const SETTINGS = {
  SESSION_SECRET: "s".repeat(64),
  SECRETS_KEY: "f".repeat(64),
  POSTGRES_PASSWORD: "pg-password",
  S3_ACCESS_KEY_ID: "voxboard",
  S3_SECRET_ACCESS_KEY: "minio-secret",
};

describe("docker-compose.yml", () => {
  it("has PostgreSQL, an S3-compatible store, two app replicas and a reverse proxy, each with a health check", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app-1", "app-2", "bucket", "minio", "postgres", "proxy"]);
    for (const name of ["postgres", "minio", "app-1", "app-2", "proxy"]) expect(compose.services[name]!.healthcheck?.test.length, name).toBeGreaterThan(0);
    expect(compose.services.postgres!.image).toMatch(/^postgres:/);
    expect(compose.services.minio!.image).toMatch(/^minio\/minio/);
    expect(compose.services.proxy!.ports).toEqual(["8080:80"]);
  });

  it("starts the replicas from this repository's image once the database is healthy and the bucket exists, and checks them by /readyz", () => {
    for (const name of ["app-1", "app-2"]) {
      const app = compose.services[name]!;
      expect(app.build).toBe(".");
      expect(app.depends_on).toEqual({ postgres: { condition: "service_healthy" }, bucket: { condition: "service_completed_successfully" } });
      expect(app.healthcheck!.test.join(" ")).toContain("/readyz");
    }
    expect(compose.services.bucket!.entrypoint!.join(" ")).toContain("mc mb --ignore-existing store/voxboard");
  });

  it("gives both replicas the same settings, which the app accepts: PostgreSQL, the bucket, one session secret", () => {
    const environments = ["app-1", "app-2"].map((name) =>
      Object.fromEntries(Object.entries(compose.services[name]!.environment!).map(([key, value]) => [key, interpolate(String(value), SETTINGS)])),
    );
    const [first, second] = environments as [Record<string, string>, Record<string, string>];
    const { SEED_DEMO: _seed, ...shared } = first;
    expect(second).toEqual(shared);
    const env = resolveEnv({ ...first, NODE_ENV: "production" });
    expect(env.postgresUrl).toBe("postgres://voxboard:pg-password@postgres:5432/voxboard");
    expect(env.s3).toEqual({
      bucket: "voxboard",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      accessKeyId: "voxboard",
      secretAccessKey: "minio-secret",
      forcePathStyle: true,
    });
    expect(env.TRUST_PROXY).toBe(true);
    // The store's own credentials are the ones the app signs with.
    expect(interpolate(compose.services.minio!.environment!.MINIO_ROOT_USER!, SETTINGS)).toBe(env.s3!.accessKeyId);
  });

  it("refuses to start without the secrets, naming each", () => {
    const app = compose.services["app-1"]!;
    for (const missing of Object.keys(SETTINGS)) {
      const settings: Record<string, string> = { ...SETTINGS, [missing]: "" };
      expect(() => Object.values(app.environment!).map((value) => interpolate(String(value), settings)), missing).toThrow(
        new RegExp(`^${missing} is required`),
      );
    }
  });

  it("balances between both replicas behind the proxy, by their readiness", () => {
    const caddyfile = compose.configs[compose.services.proxy!.configs![0]!.source]!.content;
    expect(caddyfile).toMatch(/reverse_proxy app-1:3000 app-2:3000/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });

  it("is documented: every setting it reads is in the example file", () => {
    const example = fs.readFileSync("docs/deploy/compose.env.example", "utf8");
    const read = new Set([...fs.readFileSync("docker-compose.yml", "utf8").matchAll(/\$\{(\w+)/g)].map((match) => match[1]!));
    for (const name of read) expect(example, name).toMatch(new RegExp(`^${name}=`, "m"));
  });
});
