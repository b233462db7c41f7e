import type { SWRConfiguration } from 'swr';

import { DATA_FRESH_MS } from '@/config/constants';
import { fetcher } from '@/lib/api-client';

/**
 * Defaults for every swr call (spec §4): data stays fresh for 5 minutes, nothing refetches on focus,
 * reconnect or a timer, and failures are not retried. A call that needs otherwise says so itself.
 */
export const swrConfig = {
  fetcher,
  dedupingInterval: DATA_FRESH_MS,
  focusThrottleInterval: DATA_FRESH_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
} satisfies SWRConfiguration;
