/**
 * The gateway's operations as its OpenAPI document lists them (`documentedOperations`, generated with the
 * types), for the checks that keep the SPA and its mocks on the real API: setup-tests.ts fails any test whose
 * code sent a request to a `/api/` operation the document does not have, and api-contract.test.ts checks the
 * default mock handlers the same way.
 */
import { documentedOperations } from '@/types/api.gen';

/** `{name}` in a documented path matches one segment. */
function patternOf(route: string): RegExp {
  const escaped = route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

const operations = documentedOperations.map((operation) => {
  const [method = '', route = ''] = operation.split(' ');
  return { method, pattern: patternOf(route) };
});

/** Whether the gateway's document has `method` on the path of `url` (query string ignored). */
export function isDocumented(method: string, url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  const wanted = method.toUpperCase();
  return operations.some((operation) => operation.method === wanted && operation.pattern.test(pathname));
}

/** Only the gateway's API is checked; the SPA's own assets are not part of the document. */
export function isApiRequest(url: string): boolean {
  return new URL(url, 'http://localhost').pathname.startsWith('/api/');
}
