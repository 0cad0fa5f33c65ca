import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, paginateListObjectsV2, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type FileStorage, type StoredFile } from './file-storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** e.g. http://minio:9000; empty for AWS itself. */
  endpoint?: string;
  region?: string;
  /** Without them the SDK's default chain applies (AWS_ACCESS_KEY_ID …, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than in the host name; most non-AWS servers need it. */
  forcePathStyle?: boolean;
  /** Keys are stored below this prefix (a bucket shared with other data). */
  prefix?: string;
  /** Size of one part of a multipart upload (min. 5 MB); larger files go in several parts. */
  partSize?: number;
}

const MB = 1024 * 1024;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket. Nothing is held whole in memory on the way: uploads go as a multipart
 * upload of `partSize` parts (at most two in flight), downloads come as the response stream.
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;
  private readonly partSize: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
    this.partSize = Math.max(5 * MB, options.partSize ?? 8 * MB);
    this.client = new S3Client({
      region: options.region || 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? !!options.endpoint,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  private objectKey(key: string): string {
    return `${this.prefix}${assertSafeKey(key)}`;
  }

  /** Fails with the server's answer when the bucket cannot be reached (checked at start-up). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(key: string, data: Uint8Array | Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: data },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Buffer | null> {
    const file = await this.open(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async open(key: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a stream`);
      return { size: answer.ContentLength ?? 0, stream: body };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix = ''): AsyncIterable<string> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: `${this.prefix}${prefix}` });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield object.Key.slice(this.prefix.length);
      }
    }
  }
}
