import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { Member } from '@/features/friends/api/types';
import { api } from '@/lib/api-client';

export function blocksKey() {
  return apiPaths.blocks.list;
}

/** GET /api/blocks: the members the caller has blocked. */
export async function getBlockedMembers(): Promise<Member[]> {
  return (await api.get(blocksKey())).blocked;
}

export function useBlockedMembers() {
  return useSWR<Member[]>(blocksKey(), getBlockedMembers);
}
