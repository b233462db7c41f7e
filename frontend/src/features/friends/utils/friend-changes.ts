/** Ending a friendship, or blocking: the two changes that ask before they happen. */
export type FriendChange = 'remove' | 'block';

export type FriendChangeText = {
  /** The menu item or button that starts it. */
  label: string;
  /** The confirm dialog's question, naming the friend. */
  title: (name: string) => string;
  /** What follows from it. */
  text: string;
  /** The dialog's confirm button. */
  confirm: string;
};

export const FRIEND_CHANGES: Record<FriendChange, FriendChangeText> = {
  remove: {
    label: 'フレンドを解除',
    title: (name) => `${name}さんとのフレンドを解除しますか？`,
    text: 'ふたりの相性や、友だちの今日の様子は見られなくなります。もう一度フレンドになるには、申請からやり直します。',
    confirm: '解除する',
  },
  block: {
    label: 'ブロックする',
    title: (name) => `${name}さんをブロックしますか？`,
    text: 'フレンドや申請はなくなり、お互いに検索や申請ができなくなります。ブロックはフレンド画面からいつでも解除できます。',
    confirm: 'ブロックする',
  },
};
