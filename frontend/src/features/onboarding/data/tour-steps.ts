import { paths } from '@/config/paths';

/** One step of the guided tour (spec §3 "Tour step"). */
export type TourStep = {
  title: string;
  /** Typed out in the bubble. */
  content: string;
  /** A CSS selector; the highlight covers the bounding box of every element it matches. */
  targetSelector: string;
  /** The bubble's preferred side of the target; it flips or moves when that side has no room. */
  bubblePosition: 'top' | 'bottom';
  /** Where the target lives; the tour goes there first when the current route differs. */
  route: string;
};

/** The shared tour-target contract: screens mark these elements with `data-tour="…"`. */
export type TourTarget =
  | 'daily-fortune'
  | 'dos-donts'
  | 'nav-home'
  | 'nav-friends'
  | 'nav-chat'
  | 'nav-diary'
  | 'nav-profile'
  | 'profile-tabs'
  | 'profile-reports-tab'
  | 'profile-settings'
  | 'friend-search'
  | 'diary-textarea'
  | 'diary-mention';

export function tourTarget(name: TourTarget): string {
  return `[data-tour="${name}"]`;
}

/**
 * The 13 steps (spec §2 table), in the navigator's voice. Targets and routes follow the spec; the
 * bottom-navigation items exist on every signed-in screen, the others only on their own screen (the
 * friend search on /friends, the diary's textarea and mention button on /diary). A target that does not
 * appear in time leaves its bubble centred, without a highlight.
 */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    title: '今日の運勢',
    content: 'あなたの命式と今日の気の巡りから、毎日ひとことの運勢が届くよ。一日のはじまりに、まずはここをのぞいてみてね。',
    targetSelector: tourTarget('daily-fortune'),
    bubblePosition: 'bottom',
    route: paths.home,
  },
  {
    title: 'やること・控えること',
    content: '今日おすすめの行動と、少し控えたいことを3つずつ。タップで切り替えられるよ。迷ったときの小さな道しるべにしてね。',
    targetSelector: tourTarget('dos-donts'),
    bubblePosition: 'top',
    route: paths.home,
  },
  {
    title: 'マイフロー',
    content: 'あなた自身の「流れ」をじっくり知りたくなったら、ここを開いてね。命式も五行のバランスも、ぜんぶここにまとまっているよ。',
    targetSelector: tourTarget('nav-profile'),
    bubblePosition: 'top',
    route: paths.home,
  },
  {
    title: '命式と五行',
    content: 'タブを切り替えると、生まれた瞬間の四つの柱（命式）と、木・火・土・金・水のバランス（五行）を見比べられるよ。',
    targetSelector: tourTarget('profile-tabs'),
    bubblePosition: 'bottom',
    route: paths.profile,
  },
  {
    title: 'レポート',
    content: 'これからの一年や、人生の大きな流れを読み解いたレポートはこのタブに届くよ。気になったときに、何度でも読み返してね。',
    targetSelector: tourTarget('profile-reports-tab'),
    bubblePosition: 'bottom',
    route: paths.profile,
  },
  {
    title: '設定',
    content: 'ユーザー名や生年月日、メールのお知らせの受け取り方は、ここからいつでも変えられるよ。',
    targetSelector: tourTarget('profile-settings'),
    bubblePosition: 'bottom',
    route: paths.profile,
  },
  {
    title: '友達',
    content: '友達とつながると、ふたりの相性や、友達の今日の様子が届くようになるよ。',
    targetSelector: tourTarget('nav-friends'),
    bubblePosition: 'top',
    route: paths.home,
  },
  {
    title: '友達をさがす',
    content: 'ユーザー名で友達をさがして、申請を送ってみよう。つながったら、相性もチェックできるよ。',
    targetSelector: tourTarget('friend-search'),
    bubblePosition: 'bottom',
    route: paths.friends,
  },
  {
    title: '日記',
    content: 'その日の気持ちを短く残せる日記だよ。未来の日付を選べば、未来の自分へ届く手紙にもなるんだ。',
    targetSelector: tourTarget('nav-diary'),
    bubblePosition: 'top',
    route: paths.diary,
  },
  {
    title: '今日をひとこと',
    content: 'ここに今日のできごとや、心に残ったことを書いてね。長くなくて大丈夫。続けるほど、あなたの流れが見えてくるよ。',
    targetSelector: tourTarget('diary-textarea'),
    bubblePosition: 'bottom',
    route: paths.diary,
  },
  {
    title: '友達をメンション',
    content: 'このボタンで、日記に友達を登場させられるよ。メンションした友達には、あなたの日記がそっと届くんだ。',
    targetSelector: tourTarget('diary-mention'),
    bubblePosition: 'top',
    route: paths.diary,
  },
  {
    title: 'ナビゲーターと話す',
    content: '水晶玉のボタンで、わたしとおしゃべりできるよ。悩みごとも、ちょっとした相談も気軽にどうぞ。メッセージ1通につきクレジットを1つ使うよ。',
    targetSelector: tourTarget('nav-chat'),
    bubblePosition: 'top',
    route: paths.home,
  },
  {
    title: 'いつでもここに',
    content: '案内はこれでおしまい。迷ったら「マイフロー」に帰ってきてね。あなたの流れは、いつもここで待っているよ。',
    targetSelector: tourTarget('nav-profile'),
    bubblePosition: 'top',
    route: paths.home,
  },
];
