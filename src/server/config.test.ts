import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      baseUrl: 'http://localhost:3000',
      secure: false,
      databaseUrl: undefined,
      pollIntervalMs: 3000,
      databaseTimeouts: { statementMs: 30_000, idleInTransactionMs: 60_000 },
      logLevel: 'info',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('reports every bad variable on its own line, naming it, and never echoes secrets', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        BASE_URL: 'ftp://cafe',
        DATABASE_URL: 'mysql://x',
        AUTH_SECRET: 'short-secret-value',
        LOG_LEVEL: 'loud',
        POLL_INTERVAL_MS: '10',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((line) => line.split('=')[0])).toEqual([
      'PORT',
      'BASE_URL',
      'DATABASE_URL',
      'AUTH_SECRET',
      'POLL_INTERVAL_MS',
      'LOG_LEVEL',
    ]);
    expect(problems.join('\n')).not.toContain('short-secret-value');
  });

  it('marks an https BASE_URL as secure and trims its trailing slash', () => {
    expect(loadConfig({ BASE_URL: 'https://cafe.example/' })).toMatchObject({
      baseUrl: 'https://cafe.example',
      secure: true,
    });
    expect(() => loadConfig({ BASE_URL: 'https://cafe.example/app' })).toThrow(ConfigError);
  });
});

describe('loadConfig for the cap on open live-update streams', () => {
  it('is 1000 by default, takes a whole number from 1, and names the variable otherwise', () => {
    expect(loadConfig({}).maxEventStreams).toBe(1000);
    expect(loadConfig({ MAX_EVENT_STREAMS: '50' }).maxEventStreams).toBe(50);
    for (const value of ['0', '2.5', 'many', '1000001']) {
      expect(() => loadConfig({ MAX_EVENT_STREAMS: value })).toThrow(
        /MAX_EVENT_STREAMS="[^"]*": must be a whole number of open live-update streams from 1 to 1000000/,
      );
    }
  });
});

describe('loadConfig for what one customer may send', () => {
  it('is 10 requests in 10 minutes and 3 waiting by default, and names a bad variable', () => {
    expect(loadConfig({}).customerOrderLimits).toEqual({ requestsPerWindow: 10, pending: 3 });
    expect(loadConfig({}).orderRequestFoldSeconds).toBe(60);
    expect(loadConfig({ ORDER_REQUEST_FOLD_SECONDS: '0' }).orderRequestFoldSeconds).toBe(0);
    expect(() => loadConfig({ ORDER_REQUEST_FOLD_SECONDS: '-1' })).toThrow(/ORDER_REQUEST_FOLD_SECONDS/);
    expect(
      loadConfig({ CUSTOMER_ORDER_REQUESTS: '30', CUSTOMER_PENDING_ORDERS: '1' }).customerOrderLimits,
    ).toEqual({ requestsPerWindow: 30, pending: 1 });
    for (const value of ['0', '2.5', 'many']) {
      expect(() => loadConfig({ CUSTOMER_ORDER_REQUESTS: value })).toThrow(
        /CUSTOMER_ORDER_REQUESTS="[^"]*": must be a whole number of order requests from 1 to 1000000/,
      );
      expect(() => loadConfig({ CUSTOMER_PENDING_ORDERS: value })).toThrow(
        /CUSTOMER_PENDING_ORDERS="[^"]*": must be a whole number of waiting order requests/,
      );
    }
  });
});

describe('loadConfig with a BASE_URL that is no URL', () => {
  it('reports it instead of throwing something else', () => {
    expect(() => loadConfig({ BASE_URL: 'cafe.example' })).toThrow(ConfigError);
  });
});

describe('loadConfig for online payment (Stripe)', () => {
  it('is off without the Stripe variables and on with both secrets', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: undefined,
    });
  });

  it('refuses one secret without the other, naming the missing one and echoing neither', () => {
    for (const [env, missing] of [
      [{ STRIPE_SECRET_KEY: 'sk_test_secret' }, 'STRIPE_WEBHOOK_SECRET'],
      [{ STRIPE_WEBHOOK_SECRET: 'whsec_secret' }, 'STRIPE_SECRET_KEY'],
    ] as const) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems.map((line) => line.split('=')[0])).toEqual([missing]);
      expect(problems.join('\n')).not.toMatch(/sk_test_secret|whsec_secret/);
    }
  });

  it('takes the protocol, host and port of STRIPE_API_BASE (a local fake in tests)', () => {
    const both = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({ ...both, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.apiBase).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    expect(() => loadConfig({ ...both, STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' })).toThrow(ConfigError);
  });
});

describe('loadConfig for push services (PUSH_SERVICE_ORIGINS)', () => {
  it('takes comma-separated origins and refuses a path or another scheme, naming the variable', () => {
    expect(loadConfig({}).pushServiceOrigins).toEqual([]);
    expect(
      loadConfig({ PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:8090, https://push.example.com/' })
        .pushServiceOrigins,
    ).toEqual(['http://127.0.0.1:8090', 'https://push.example.com']);
    for (const bad of ['https://push.example.com/send', 'ftp://push.example.com', 'push.example.com']) {
      try {
        loadConfig({ PUSH_SERVICE_ORIGINS: bad });
        expect.unreachable(`${bad} was accepted`);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems[0]).toMatch(
          /^PUSH_SERVICE_ORIGINS=.*: must be comma-separated origins/,
        );
      }
    }
  });
});

describe('loadConfig for restores (BACKUP_RESTORE_MAX_GB)', () => {
  it('is 16 GB by default, takes whole GB from 1 to 1024, and names the variable when it is not', () => {
    expect(loadConfig({}).backupRestoreMaxBytes).toBe(16 * 1024 ** 3);
    expect(loadConfig({ BACKUP_RESTORE_MAX_GB: '40' }).backupRestoreMaxBytes).toBe(40 * 1024 ** 3);
    for (const value of ['0', '1.5', 'lots', '2000']) {
      expect(() => loadConfig({ BACKUP_RESTORE_MAX_GB: value })).toThrow(
        `BACKUP_RESTORE_MAX_GB="${value}": must be a whole number of GB from 1 to 1024`,
      );
    }
  });
});
