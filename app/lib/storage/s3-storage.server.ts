import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertObjectKey, assertPrefix, type ObjectStorage, type StoredObjectInfo } from "./object-storage";

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Garage...).
 * Checksums are computed and checked only when an operation requires them:
 * the SDK's default (a CRC32 header on every upload) is refused by many
 * stores that are not AWS.
 */
// Node 20 is supported by the SDK versions package-lock.json pins; its notice about later versions is for whoever upgrades them.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

export class S3ObjectStorage implements ObjectStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  private get bucket() {
    return this.settings.bucket;
  }

  async putBytes(key: string, bytes: Uint8Array, contentType?: string) {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: contentType }),
    );
  }

  async moveFileIn(key: string, localPath: string, contentType?: string) {
    const { size } = await fs.stat(localPath);
    // Streamed from disk with its length known up front: a single PUT (up to 5 GiB), no part of it held in memory.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertObjectKey(key),
        Body: createReadStream(localPath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await fs.rm(localPath, { force: true });
  }

  async read(key: string, range?: { start: number; end: number }) {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return result.Body ? (result.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async size(key: string) {
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }));
      return result.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertObjectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<StoredObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: assertPrefix(prefix), ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check() {
    try {
      // Listing, not HEAD: it needs the permission the sweep of old uploads needs too, and its errors have a body to tell them apart.
      await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }));
    } catch (error) {
      throw new Error(describeS3Failure(error, this.settings), { cause: error });
    }
  }
}

function statusOf(error: unknown) {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissing(error: unknown) {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

/** One line an operator can act on: which setting, and what the store said. */
export function describeS3Failure(error: unknown, settings: S3Settings) {
  const where = settings.endpoint ? ` at ${settings.endpoint}` : "";
  const status = statusOf(error);
  const name = (error as { name?: unknown } | null)?.name;
  if (status === 404 || name === "NoSuchBucket") return `S3_BUCKET: the bucket "${settings.bucket}" does not exist${where}`;
  if (status === 403 || status === 401) return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: the store${where} refuses these keys for bucket "${settings.bucket}"`;
  if (name === "CredentialsProviderError")
    return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: not set, and no other AWS credentials were found for bucket "${settings.bucket}"`;
  if (status === 301) return `S3_REGION: the bucket "${settings.bucket}" is in another region than ${settings.region}`;
  const message = error instanceof Error ? error.message : String(error);
  return `S3_ENDPOINT: cannot reach the store${where} for bucket "${settings.bucket}" (${message.split("\n")[0]})`;
}
