import { inspect } from "node:util";
import pino, { type Logger } from "pino";
import { currentContext } from "./request-context.server";

/**
 * Structured logs: one JSON object per line (pino) for log collectors, or a
 * readable line in development. LOG_LEVEL sets the level (trace … fatal,
 * silent). Every line written while a request or a job runs carries its id,
 * tenant and user (request-context.server.ts).
 */
const LEVELS = new Set(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);

const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** A line a person reads: time, level, message, then the fields. */
export function readableLine(json: string) {
  const { time, level, msg, pid: _pid, hostname: _hostname, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const clock = new Date(Number(time)).toISOString().slice(11, 23);
  const rest = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  return `${clock} ${(LEVEL_NAMES[Number(level)] ?? String(level)).padEnd(5)} ${String(msg ?? "")}${rest ? `  ${rest}` : ""}\n`;
}

function createLogger(): Logger {
  const level = LEVELS.has(process.env.LOG_LEVEL ?? "") ? process.env.LOG_LEVEL! : process.env.NODE_ENV === "test" ? "silent" : "info";
  const readable = process.env.LOG_FORMAT === "pretty" || (process.env.LOG_FORMAT !== "json" && process.env.NODE_ENV === "development");
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    // Whatever the work's context holds goes on every line.
    mixin: () => ({ ...currentContext() }),
    formatters: { level: (label, number) => ({ level: number, severity: label }) },
  };
  return readable ? pino(options, { write: (line: string) => process.stdout.write(readableLine(line)) }) : pino(options);
}

let instance: Logger | undefined;

export function getLogger(): Logger {
  instance ??= createLogger();
  return instance;
}

/**
 * console.* in server code (and in libraries) goes through the logger, so its
 * lines are JSON with the request id too. Called once by the server; CLI
 * scripts keep the plain console.
 */
export function routeConsoleToLogger() {
  const logger = getLogger();
  const format = (args: unknown[]) => {
    const error = args.find((arg): arg is Error => arg instanceof Error);
    // inspect, not JSON.stringify: a circular object or a BigInt must not turn a log call into a crash.
    const text = args
      .map((arg) => (arg instanceof Error ? arg.message : typeof arg === "string" ? arg : inspect(arg, { depth: 3, breakLength: Infinity })))
      .join(" ");
    return { error, text };
  };
  const to =
    (method: "info" | "warn" | "error" | "debug") =>
    (...args: unknown[]) => {
      const { error, text } = format(args);
      if (error) logger[method]({ err: error }, text);
      else logger[method](text);
    };
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
  console.debug = to("debug");
}
