import type { FriendshipState } from '@/features/friends/api/types';

/** What the caller can do about another member, given where the two stand. */
export type RelationAction = 'request' | 'cancel' | 'accept' | 'none';

export type Relation = {
  /** A short label of the state, said beside the member ('' when there is nothing to say). */
  label: string;
  /** The main action for that state. */
  action: RelationAction;
};

/** The state of a search result or an invite as a label and the action that goes with it. */
export function relationOf(state: FriendshipState): Relation {
  switch (state) {
    case 'none':
      return { label: '', action: 'request' };
    case 'outgoing':
      return { label: '申請中', action: 'cancel' };
    case 'incoming':
      return { label: '申請が届いています', action: 'accept' };
    case 'friends':
      return { label: 'フレンド', action: 'none' };
    case 'blocked':
      return { label: 'ブロック中', action: 'none' };
    default:
      return { label: '', action: 'none' };
  }
}
