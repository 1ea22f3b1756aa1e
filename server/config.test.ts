import { describe, expect, it } from 'vitest';
import { loadServerConfig } from './config.js';

describe('server configuration from the environment', () => {
  it('has defaults that make npm start work', () => {
    const c = loadServerConfig({}, '/srv');
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe('/srv/data');
    expect(c.socketIdleMs).toBe(90_000);
    expect(c.corsOrigins).toBeNull();
  });

  it('reads CORS_ORIGINS as a list of origins and refuses anything else', () => {
    expect(loadServerConfig({ CORS_ORIGINS: 'http://a.test, https://b.test:8443/' }, '/').corsOrigins).toEqual(['http://a.test', 'https://b.test:8443']);
    expect(loadServerConfig({ CORS_ORIGINS: '*' }, '/').corsOrigins).toBe('*');
    expect(() => loadServerConfig({ CORS_ORIGINS: 'a.test' }, '/')).toThrow(/CORS_ORIGINS/);
  });

  it('reads DATABASE_URL as a PostgreSQL URL, and refuses anything else with a clear message', () => {
    expect(loadServerConfig({}).databaseUrl).toBeNull();
    expect(loadServerConfig({ DATABASE_URL: ' postgres://webcast@db:5432/webcast ' }).databaseUrl).toBe('postgres://webcast@db:5432/webcast');
    expect(loadServerConfig({ DATABASE_URL: 'postgresql://u:p@db/webcast' }).databaseUrl).toBe('postgresql://u:p@db/webcast');
    for (const bad of ['mysql://db/webcast', 'webcast.sqlite', 'postgres:// db']) {
      expect(() => loadServerConfig({ DATABASE_URL: bad }), bad).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
    }
  });

  it('refuses a bad port with a clear message', () => {
    expect(() => loadServerConfig({ PORT: 'x' }, '/')).toThrow(/PORT must be an integer/);
  });
});
