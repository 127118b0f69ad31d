import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAnafConfig, type AnafConfig } from './config-anaf.js';

/** server/ (src/ in development and tests, dist/ once built: both one level down). */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** postgres://… when set; otherwise the embedded PGlite database in dataDir/db. */
  readonly databaseUrl: string | null;
  /** Embedded database in memory (tests). */
  readonly databaseInMemory: boolean;
  readonly publicUrl: string;
  readonly remotes: Readonly<Record<'admin' | 'company' | 'client', string>>;
  readonly staticRoot: string;
  /** Hours a remote's build stays servable after a newer one replaced it (REMOTE_BUILDS_KEEP_HOURS; docs/remotes.md). */
  readonly remoteBuildsKeepHours: number;
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly redisUrl: string | null;
  readonly s3: null | Readonly<{
    endpoint: string;
    bucket: string;
    accessKey: string;
    secretKey: string;
    region: string;
  }>;
  readonly uploadMaxBytes: number;
  /** Days a deleted document stays in the trash before the purge job removes its file (TRASH_RETENTION_DAYS). */
  readonly trashRetentionDays: number;
  /** Days an upload link without an account works from its reminder (UPLOAD_LINK_DAYS, 1–90). */
  readonly uploadLinkDays: number;
  readonly seedDemo: boolean;
  readonly logLevel: string;
  /** Log lines as short human text (development) or JSON (production, tests, LOG_FORMAT=json). */
  readonly logFormat: 'pretty' | 'json';
  readonly trustProxy: boolean;
  /** Hours a session (access token) lives without being used (SESSION_IDLE_HOURS). */
  readonly sessionIdleHours: number;
  /** Days a session lives at most, however much it is used (SESSION_MAX_DAYS). */
  readonly sessionMaxDays: number;
  /**
   * Seconds a rejection e-mail waits in the outbox, so rejections of one client's documents in that time go
   * out as one mail (REJECTION_MAIL_DELAY_SECONDS, default 300; the browser tests shorten it).
   */
  readonly rejectionMailDelaySeconds: number;
  /** Payment provider: the built-in sandbox (test mode) or none (payments refused). */
  readonly billingProvider: 'sandbox' | 'none';
  /** ANAF: the registry lookup and SPV (config-anaf.ts, docs/ARCHITECTURE.md "ANAF"). */
  readonly anaf: AnafConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configurație invalidă:\n- ${problems.join('\n- ')}`);
  }
}

const int = (value: string | undefined, fallback: number, name: string, problems: string[]): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) problems.push(`${name} trebuie să fie un număr întreg pozitiv (primit: ${value})`);
  return n;
};

const withSlash = (url: string): string => (url.endsWith('/') ? url : `${url}/`);

/** Parses the environment once at boot; the only place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int(env.PORT, 8080, 'PORT', problems);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL trebuie să înceapă cu postgres://');
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL trebuie să înceapă cu smtp:// sau smtps://');
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL trebuie să înceapă cu redis://');
  const s3Keys = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;
  const s3Set = s3Keys.filter((k) => env[k]);
  if (s3Set.length > 0 && s3Set.length < s3Keys.length) {
    problems.push(`Stocarea S3 are nevoie de toate variabilele: lipsesc ${s3Keys.filter((k) => !env[k]).join(', ')}`);
  }
  // Demo accounts never in production, whatever the database, unless SEED_DEMO asks for them.
  const seedDemo = env.SEED_DEMO ? env.SEED_DEMO !== '0' : nodeEnv !== 'production';
  const publicUrl = withSlash(env.PUBLIC_URL || `http://localhost:${port}`);
  const config: Config = {
    env: nodeEnv,
    port,
    // With the demo accounts (their password is in the README) the server answers only this machine unless told.
    host: env.HOST || (seedDemo ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(env.DATA_DIR || path.join(serverDir, '..', 'data')),
    databaseUrl,
    databaseInMemory: false,
    publicUrl,
    remotes: {
      admin: withSlash(env.REMOTE_ADMIN_URL || '/remotes/admin/'),
      company: withSlash(env.REMOTE_COMPANY_URL || '/remotes/company/'),
      client: withSlash(env.REMOTE_CLIENT_URL || '/remotes/client/'),
    },
    staticRoot: path.resolve(env.STATIC_ROOT || path.join(serverDir, '..')),
    remoteBuildsKeepHours: int(env.REMOTE_BUILDS_KEEP_HOURS, 168, 'REMOTE_BUILDS_KEEP_HOURS', problems),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Dosar <no-reply@dosar.local>',
    redisUrl,
    s3:
      s3Set.length === s3Keys.length
        ? {
            endpoint: env.S3_ENDPOINT as string,
            bucket: env.S3_BUCKET as string,
            accessKey: env.S3_ACCESS_KEY as string,
            secretKey: env.S3_SECRET_KEY as string,
            region: env.S3_REGION || 'us-east-1',
          }
        : null,
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 50 * 1024 * 1024, 'UPLOAD_MAX_BYTES', problems),
    trashRetentionDays: int(env.TRASH_RETENTION_DAYS, 90, 'TRASH_RETENTION_DAYS', problems),
    uploadLinkDays: int(env.UPLOAD_LINK_DAYS, 14, 'UPLOAD_LINK_DAYS', problems),
    seedDemo,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    // A person at a terminal reads `POST /api/login 200 12 ms`; log collectors read JSON.
    logFormat: (env.LOG_FORMAT || (nodeEnv === 'development' ? 'pretty' : 'json')) as Config['logFormat'],
    trustProxy: env.TRUST_PROXY === '1',
    sessionIdleHours: int(env.SESSION_IDLE_HOURS, 12, 'SESSION_IDLE_HOURS', problems),
    sessionMaxDays: int(env.SESSION_MAX_DAYS, 30, 'SESSION_MAX_DAYS', problems),
    rejectionMailDelaySeconds: int(env.REJECTION_MAIL_DELAY_SECONDS, 300, 'REJECTION_MAIL_DELAY_SECONDS', problems),
    // The sandbox trusts the browser: never the default of a production deployment.
    billingProvider: (env.BILLING_PROVIDER ||
      (nodeEnv === 'production' ? 'none' : 'sandbox')) as Config['billingProvider'],
    anaf: loadAnafConfig(env, nodeEnv, publicUrl, problems),
    ...overrides,
  };
  if (!['pretty', 'json'].includes(config.logFormat)) {
    problems.push(`LOG_FORMAT poate fi pretty sau json (primit: ${config.logFormat})`);
  }
  if (!['sandbox', 'none'].includes(config.billingProvider)) {
    problems.push(`BILLING_PROVIDER poate fi sandbox sau none (primit: ${config.billingProvider})`);
  }
  // Zero would end every session at its first use.
  if (config.sessionIdleHours < 1) problems.push('SESSION_IDLE_HOURS trebuie să fie cel puțin 1');
  if (config.uploadLinkDays < 1 || config.uploadLinkDays > 90) {
    problems.push('UPLOAD_LINK_DAYS trebuie să fie între 1 și 90');
  }
  if (config.sessionMaxDays < 1) problems.push('SESSION_MAX_DAYS trebuie să fie cel puțin 1');
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(config);
}
