/** PUBLISH_S3_*: where the public site is published besides being served; null when unset. */
export interface BucketConfig {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2…); AWS when unset. */
  endpoint: string | undefined;
  region: string;
  /** Key prefix of every object, e.g. `site/`; empty for the bucket's root. */
  prefix: string;
}

export function readBucketConfig(env: NodeJS.ProcessEnv = process.env): BucketConfig | null {
  const bucket = env.PUBLISH_S3_BUCKET?.trim();
  if (!bucket) return null;
  const prefix = env.PUBLISH_S3_PREFIX?.trim().replace(/^\/+/, '') ?? '';
  return {
    bucket,
    endpoint: env.PUBLISH_S3_ENDPOINT?.trim() || undefined,
    region: env.PUBLISH_S3_REGION?.trim() || 'us-east-1',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}
