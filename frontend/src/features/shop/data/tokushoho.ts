/**
 * 特定商取引法に基づく表記 (Act on Specified Commercial Transactions, art. 11) for the credit packs. The
 * seller's name, address and telephone number are not written out here: the law allows leaving them out of
 * the advertisement when they are disclosed without delay on request (art. 11 proviso), and this page says so
 * and says where to ask.
 */

import { env } from '@/config/env';

export const TOKUSHOHO_TITLE = '特定商取引法に基づく表記';

/** The seller is the operator the privacy policy, the terms and the footer name (config/env.ts). */
export const SELLER = env.operator.name;

/** Where a request for disclosure, or any question, goes. */
export const DISCLOSURE_CONTACT =
  '所在地・電話番号・メールアドレスおよび運営責任者の氏名の開示のご請求、その他のお問い合わせは、本サービス内のお問い合わせ（サポート）窓口からお受けし、遅滞なく開示いたします。';

const ON_REQUEST = '請求があれば遅滞なく開示いたします。';

export type TokushohoItem = { term: string; details: readonly string[] };

export const TOKUSHOHO_ITEMS: readonly TokushohoItem[] = [
  { term: '販売業者', details: [SELLER] },
  { term: '運営責任者', details: [`${SELLER}（責任者の氏名は、請求があれば遅滞なく開示いたします）`] },
  { term: '所在地', details: [ON_REQUEST] },
  { term: '電話番号', details: [ON_REQUEST] },
  { term: 'メールアドレス', details: [ON_REQUEST] },
  { term: '販売価格', details: ['各商品ページ（ショップ）に税込価格で表示しています。'] },
  {
    term: '商品代金以外の必要料金',
    details: ['本サービスの閲覧・ご利用に必要なインターネット接続の通信料は、お客様のご負担となります。'],
  },
  { term: '支払方法', details: ['クレジットカード'] },
  {
    term: '支払時期',
    details: ['ご購入の手続き（決済）の完了時にお支払いが確定します。実際の引き落とし日は、各カード会社の規約によります。'],
  },
  { term: '役務の提供時期', details: ['決済完了後すぐに、ご購入のクレジットがアカウントに追加されます。'] },
  {
    term: '返品・キャンセル',
    details: [
      'デジタル商品の性質上、購入後の返品・返金はお受けできません。決済の完了前であれば、決済ページでキャンセルできます。',
      'ただし、法令上お客様に認められる権利を制限するものではありません。',
    ],
  },
  {
    term: '動作環境',
    details: [
      'Google Chrome、Safari、Microsoft Edge、Firefox の最新版（パソコン・スマートフォン）。JavaScript と Cookie を有効にしてご利用ください。',
    ],
  },
];
