import useSWR from 'swr';

import { LEDGER_ENTRIES_SHOWN } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import type { Ledger } from '@/features/shop/api/types';
import { api } from '@/lib/api-client';

export function ledgerKey() {
  return apiPaths.creditLedger(LEDGER_ENTRIES_SHOWN);
}

/** GET /api/credits/ledger: the balance and its latest entries, newest first. */
export function getLedger(): Promise<Ledger> {
  return api.get(ledgerKey());
}

export function useLedger() {
  return useSWR<Ledger>(ledgerKey(), getLedger);
}
