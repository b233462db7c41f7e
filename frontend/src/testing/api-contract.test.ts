import { describe, expect, it } from 'vitest';

import { apiPaths } from '@/config/paths';
import { isApiRequest, isDocumented } from '@/testing/api-contract';
import { handlers } from '@/testing/mocks/handlers';

/** Every string an `apiPaths` entry yields (builders called with a sample argument). */
function allApiPaths(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node === 'function') return [String((node as (sample: string) => string)('1'))];
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(allApiPaths);
  return [];
}

describe("the SPA and the gateway's OpenAPI document", () => {
  it('a documented operation is known and an invented one is not', () => {
    expect(isDocumented('GET', '/api/auth/user')).toBe(true);
    expect(isDocumented('get', 'http://localhost/api/fortune/daily?timezoneOffset=-540')).toBe(true);
    expect(isDocumented('DELETE', '/api/auth/user')).toBe(false);
    expect(isDocumented('GET', '/api/fortune/weekly')).toBe(false);
    expect(isApiRequest('/api/auth/user')).toBe(true);
    expect(isApiRequest('/assets/chime.mp3')).toBe(false);
  });

  it('every endpoint in apiPaths is a path of the document', () => {
    const paths = allApiPaths(apiPaths);
    expect(paths.length).toBeGreaterThan(20);
    const unknown = paths.filter((path) => !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((m) => isDocumented(m, path)));
    expect(unknown).toEqual([]);
  });

  it('every default mock handler answers an operation of the document', () => {
    const mocked = handlers.map((handler) => `${String(handler.info.method)} ${String(handler.info.path)}`);
    const undocumented = mocked.filter((operation) => {
      const [method = '', path = ''] = operation.split(' ');
      return !isDocumented(method, path);
    });
    expect(mocked.length).toBeGreaterThan(5);
    expect(undocumented).toEqual([]);
  });
});
