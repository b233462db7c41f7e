import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';

import { toast, type ToastOptions } from '@/components/ui/toast/toast-store';
import {
  acceptFriendRequest,
  blockMember,
  cancelFriendRequest,
  declineFriendRequest,
  removeFriend,
  sendFriendRequest,
  unblockMember,
} from '@/features/friends/api/friend-actions';
import { blocksKey } from '@/features/friends/api/get-blocks';
import { isCompatibilityKey } from '@/features/friends/api/get-compatibility';
import { friendsKey } from '@/features/friends/api/get-friends';
import { isInviteKey } from '@/features/friends/api/get-invite';
import { isMemberSearchKey } from '@/features/friends/api/search-members';
import type { FriendshipState, Member } from '@/features/friends/api/types';
import { displayName } from '@/features/friends/utils/members';
import { errorMessageFor } from '@/lib/api-client';

export type FriendActionKind = 'request' | 'accept' | 'decline' | 'cancel' | 'remove' | 'block' | 'unblock';

type ActionSpec = {
  run: (userId: string) => Promise<FriendshipState>;
  /** The toast once it is done, naming the other member. */
  done: (name: string, state: FriendshipState) => ToastOptions;
  /** The toast's text when the server gives no message of its own. */
  failed: string;
};

const ACTIONS: Record<FriendActionKind, ActionSpec> = {
  request: {
    run: sendFriendRequest,
    // A request to someone who had already asked makes the two friends at once.
    done: (name, state) =>
      state === 'friends'
        ? { title: 'フレンドになりました', description: `${name}さんとフレンドになりました` }
        : { title: 'フレンド申請を送りました', description: `${name}さんが承認するとフレンドになります` },
    failed: 'フレンド申請に失敗しました',
  },
  accept: {
    run: acceptFriendRequest,
    done: (name) => ({ title: 'フレンドになりました', description: `${name}さんとフレンドになりました` }),
    failed: '申請の承認に失敗しました',
  },
  decline: {
    run: declineFriendRequest,
    done: (name) => ({ title: '申請をお断りしました', description: `${name}さんからの申請を削除しました` }),
    failed: '申請のお断りに失敗しました',
  },
  cancel: {
    run: cancelFriendRequest,
    done: (name) => ({ title: '申請を取り消しました', description: `${name}さんへの申請を取り消しました` }),
    failed: '申請の取り消しに失敗しました',
  },
  remove: {
    run: removeFriend,
    done: (name) => ({ title: 'フレンドを解除しました', description: `${name}さんとのフレンドを解除しました` }),
    failed: 'フレンドの解除に失敗しました',
  },
  block: {
    run: blockMember,
    done: (name) => ({ title: 'ブロックしました', description: `${name}さんはあなたを検索・申請できなくなります` }),
    failed: 'ブロックに失敗しました',
  },
  unblock: {
    run: unblockMember,
    done: (name) => ({ title: 'ブロックを解除しました', description: `${name}さんのブロックを解除しました` }),
    failed: 'ブロックの解除に失敗しました',
  },
};

/** Which action is running, on whom: `accept:<userId>`. */
export function actionId(kind: FriendActionKind, userId: string): string {
  return `${kind}:${userId}`;
}

/**
 * Runs friendship and block changes: one at a time per screen, a toast when done or refused (with the
 * server's Japanese message, e.g. フレンド申請の上限に達しました…), and every list that shows a state
 * (friends, requests, blocks, search results, invite and compatibility pages) read again afterwards.
 * `run` resolves to the new state, or null when it failed.
 */
export function useFriendAction() {
  const { mutate } = useSWRConfig();
  const [running, setRunning] = useState<string | null>(null);

  const run = useCallback(
    async (kind: FriendActionKind, member: Member): Promise<FriendshipState | null> => {
      const spec = ACTIONS[kind];
      setRunning(actionId(kind, member.userId));
      try {
        const state = await spec.run(member.userId);
        toast(spec.done(displayName(member), state));
        return state;
      } catch (error) {
        toast({ variant: 'destructive', title: 'エラー', description: errorMessageFor(error, spec.failed) });
        return null;
      } finally {
        setRunning(null);
        // Also after a refusal: the other member may have changed the state meanwhile.
        await mutate(
          (key) =>
            key === friendsKey() ||
            key === blocksKey() ||
            isMemberSearchKey(key) ||
            isInviteKey(key) ||
            isCompatibilityKey(key),
        );
      }
    },
    [mutate],
  );

  return { run, running, isRunning: (kind: FriendActionKind, userId: string) => running === actionId(kind, userId) };
}
