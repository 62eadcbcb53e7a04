import path from 'node:path'
import { z } from 'zod'

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional())
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional())
/** A yes/no setting: `true` or `1` is yes, anything else set is no, unset is the default. */
const flag = (fallback: boolean) => z.preprocess((v) => (v === undefined ? undefined : v === 'true' || v === '1'), z.boolean()).default(fallback)

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATABASE_URL: optionalString,
  DATABASE_PREPARED_STATEMENTS: flag(true),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: flag(false),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Marginalia <no-reply@marginalia.local>'),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).default(50),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  EXTRACTION_MAX_MEMORY_MB: z.coerce.number().int().min(128).default(1024),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('marginalia'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag(true),
  FEEDBACK_FORM_URL: optionalUrl,
  DEMO_VIDEO_URL: optionalUrl,
  SUPPORT_EMAIL: z.string().default('support@marginalia.app'),
  ENTERPRISE_EMAIL: z.string().default('enterprise@marginalia.app'),
  SOCIAL_MASTODON_URL: optionalUrl,
  SOCIAL_LINKEDIN_URL: optionalUrl,
  SOCIAL_GITHUB_URL: optionalUrl,
  HEALTH_TOKEN: optionalString,
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).default(5),
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).default(256),
  REQUEST_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  REQUEST_MAX_WAIT_MS: z.coerce.number().int().min(1).default(5000),
  WEB_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
})

export type Config = ReturnType<typeof loadConfig>

/** Every setting comes from the environment; the README lists each with its default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    /** Browsers are told to use https only when the site is served over https. */
    hsts: appUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    uploadMaxMb: e.UPLOAD_MAX_MB,
    workerConcurrency: e.WORKER_CONCURRENCY,
    extractionMaxMemoryMb: e.EXTRACTION_MAX_MEMORY_MB,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? ({
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          } as const)
        : ({ driver: 'local', root: path.join(path.resolve(e.DATA_DIR), 'files') } as const),
    feedbackFormUrl: e.FEEDBACK_FORM_URL,
    demoVideoUrl: e.DEMO_VIDEO_URL,
    supportEmail: e.SUPPORT_EMAIL,
    enterpriseEmail: e.ENTERPRISE_EMAIL,
    healthToken: e.HEALTH_TOKEN,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    maxConcurrentRequests: e.MAX_CONCURRENT_REQUESTS,
    requestConcurrency: e.REQUEST_CONCURRENCY,
    requestMaxWaitMs: e.REQUEST_MAX_WAIT_MS,
    webProcesses: e.WEB_PROCESSES,
    social: {
      mastodon: e.SOCIAL_MASTODON_URL,
      linkedin: e.SOCIAL_LINKEDIN_URL,
      github: e.SOCIAL_GITHUB_URL,
    },
  }
}
