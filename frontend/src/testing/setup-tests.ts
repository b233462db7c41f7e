import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

import { resetToasts } from '@/components/ui/toast/toast-store';
import { isApiRequest, isDocumented } from '@/testing/api-contract';
import { server } from '@/testing/mocks/server';

// The first render of a lazily loaded screen waits for its module to be transformed, which can take a while.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no PointerEvent; a MouseEvent subclass carries clientX and friends, which is all the app reads.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;

    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEvent as typeof window.PointerEvent;
}

// jsdom does no layout, so it has no scrolling either.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => {};
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// Every request the code under test sends to the gateway must be an operation of the gateway's OpenAPI
// document (method and path), so a call to a route that does not exist fails the test that makes it, even
// when a mock handler answers it.
const undocumentedRequests: string[] = [];
server.events.on('request:start', ({ request }) => {
  if (isApiRequest(request.url) && !isDocumented(request.method, request.url)) {
    undocumentedRequests.push(`${request.method} ${new URL(request.url).pathname}`);
  }
});

afterEach(() => {
  const undocumented = undocumentedRequests.splice(0);
  expect(undocumented, 'requests to operations the gateway\'s OpenAPI document does not have').toEqual([]);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetToasts();
  sessionStorage.clear();
  localStorage.clear();
});

afterAll(() => server.close());
