/**
 * The privacy policy and the terms of service (spec §1: last revised 2025-09-27; liability capped at the
 * payments of the last 12 months). The operator's name comes from the build settings (env.ts); when it
 * is not configured the texts speak of 「運営者」 and name no company.
 */

import { formatCalendarDate } from '@/lib/dates';

/** A paragraph, or a list when it is an array. */
export type LegalBlock = string | readonly string[];

export type LegalSection = {
  heading: string;
  blocks: readonly LegalBlock[];
};

export type LegalDocument = {
  title: string;
  /** e.g. 最終改定日 2025年9月27日 */
  lastRevised: string;
  preamble: readonly string[];
  sections: readonly LegalSection[];
  /** Closing line, e.g. 以上 */
  closing: string;
};

export type Operator = {
  /** The company's name; empty when not configured. */
  name: string;
  /** Its website; empty when not configured. */
  url: string;
};

export const LAST_REVISED_DATE = '2025-09-27';
export const LAST_REVISED_LABEL = `最終改定日 ${formatCalendarDate(LAST_REVISED_DATE)}`;
export const SERVICE_NAME = '巡り（Meguri）';

/** How the operator is introduced at the start of a text: by name when configured, else generically. */
export function operatorIntroduction(operator: Operator): string {
  const name = operator.name.trim();
  return name === ''
    ? `本サービス「${SERVICE_NAME}」を運営する者（以下「運営者」といいます。）`
    : `${name}（以下「運営者」といいます。）`;
}

function contactBlocks(operator: Operator): LegalBlock[] {
  const blocks: LegalBlock[] = [
    '本サービス、本規約および個人情報の取扱いに関するお問い合わせは、本サービス内のお問い合わせ（サポート）窓口からご連絡ください。運営者からの返信は、ご登録のメールアドレスにお送りします。',
  ];
  if (operator.url !== '') {
    blocks.push(`運営者のウェブサイト: ${operator.url}`);
  }
  return blocks;
}

export function privacyPolicy(operator: Operator): LegalDocument {
  return {
    title: 'プライバシーポリシー',
    lastRevised: LAST_REVISED_LABEL,
    preamble: [
      `${operatorIntroduction(operator)}は、本サービスをご利用になる方（以下「利用者」といいます。）の個人情報を大切に扱います。本ポリシーは、運営者がどのような情報をどのような目的で取得し、どのように保管・利用するかを定めるものです。`,
    ],
    sections: [
      {
        heading: '1. 取得する情報',
        blocks: [
          '運営者は、本サービスの提供にあたり、次の情報を取得します。',
          [
            'アカウント情報: メールアドレス、ユーザー名、パスワード（復元できない形に変換して保存します）',
            '出生情報: 生年月日・出生時刻・出生地と、出生地の緯度・経度',
            '任意でご入力いただく情報: 性別、お名前、プロフィール画像',
            '利用に伴う情報: 日記、チャットのメッセージ、友達とのつながり、クレジットの購入履歴',
            '端末・通信に関する情報: IP アドレス、ブラウザと OS の種類、参照元ページ、アクセス日時',
          ],
        ],
      },
      {
        heading: '2. 生年月日・出生時刻・出生地の利用と保管',
        blocks: [
          '生年月日・出生時刻・出生地は、四柱推命の命式（四柱）と五行のバランスを計算し、毎日の運勢、レポート、友達との相性、ナビゲーターとの対話をあなたに合わせてお届けするために利用します。',
          'トップページの無料診断で入力された出生情報は、命式の計算のためにだけ送信され、運営者がアカウントに結びつけて保存することはありません。無料診断から新規登録に進む場合に限り、入力内容をお使いのブラウザのセッションストレージに一時的に保持し、登録が完了した時点で消去します。',
          '会員登録された方の出生情報は、アカウントに結びつけて運営者のデータベースに保存します。通信は暗号化し、閲覧できる担当者を必要な範囲に限って管理します。出生情報は、プロフィール画面からいつでも変更できます。',
        ],
      },
      {
        heading: '3. 利用目的',
        blocks: [
          [
            '本サービスの提供、本人確認、ログイン状態の維持',
            '運勢・レポート・相性診断・チャット応答の作成',
            'お知らせやご案内のメール送信（設定画面で受信を選べます）',
            'お問い合わせへの対応',
            '不正利用の防止と、サービスの品質改善のための統計的な分析',
          ],
        ],
      },
      {
        heading: '4. 第三者への提供と業務の委託',
        blocks: [
          '運営者は、法令に基づく場合を除き、利用者の同意なく個人情報を第三者に提供しません。',
          '本サービスの運営に必要な範囲で、決済、メール配信、サーバーの運用、チャット応答の生成などの業務を外部の事業者に委託することがあります。この場合、委託先には必要な情報のみを提供し、適切に管理するよう求めます。クレジットカードの番号は決済事業者が直接取り扱い、運営者は保存しません。',
        ],
      },
      {
        heading: '5. Cookie とアクセス解析',
        blocks: [
          '本サービスは、ログイン状態を保つためにセッション Cookie を使用します。この Cookie はサービスの利用に欠かせないもので、広告目的には使用しません。',
          'サービス改善のためのアクセス解析は、利用者が同意した場合にのみ行います。同意はいつでも設定画面から取り消すことができ、取り消した後は解析のための情報を取得しません。',
        ],
      },
      {
        heading: '6. 保存期間とアカウントの削除',
        blocks: [
          '個人情報は、利用目的の達成に必要な期間保存します。利用者は設定画面からいつでもアカウントを削除できます。削除の手続き後、運営者はアカウント情報、出生情報、日記、チャットの履歴を速やかに消去します。ただし、法令により保存が義務づけられた取引の記録は、定められた期間保管したのち消去します。',
        ],
      },
      {
        heading: '7. 開示・訂正・利用停止の請求',
        blocks: [
          '利用者は、ご自身の個人情報の開示、訂正、追加、削除、利用停止を求めることができます。ご本人であることを確認したうえで、法令に従い遅滞なく対応します。',
        ],
      },
      {
        heading: '8. 本ポリシーの変更',
        blocks: [
          '運営者は、必要に応じて本ポリシーを変更することがあります。重要な変更を行う場合は、本サービス上でお知らせします。変更後のポリシーは、本サービス上に掲載した時点から効力を生じます。',
        ],
      },
      {
        heading: '9. お問い合わせ',
        blocks: contactBlocks(operator),
      },
    ],
    closing: '以上',
  };
}

export function termsOfService(operator: Operator): LegalDocument {
  return {
    title: '利用規約',
    lastRevised: LAST_REVISED_LABEL,
    preamble: [
      `この利用規約（以下「本規約」といいます。）は、${operatorIntroduction(operator)}が提供する「${SERVICE_NAME}」（以下「本サービス」といいます。）の利用条件を定めるものです。本サービスをご利用になる方（以下「利用者」といいます。）は、本規約に同意したうえでご利用ください。`,
    ],
    sections: [
      {
        heading: '第1条（適用）',
        blocks: ['本規約は、本サービスの利用に関する運営者と利用者との間のすべての関係に適用されます。'],
      },
      {
        heading: '第2条（アカウント）',
        blocks: [
          '利用者は、正確な情報を登録してアカウントを作成するものとします。パスワードは利用者ご自身で管理し、第三者に知らせないでください。アカウントの不正な利用によって生じた損害について、運営者に故意または過失がない限り、運営者は責任を負いません。',
        ],
      },
      {
        heading: '第3条（本サービスの内容）',
        blocks: [
          '本サービスは、四柱推命と五行の考え方にもとづく運勢やレポートを、自己理解と日々の気づきのために提供するものです。内容の正確性、完全性、特定の目的への適合性を保証するものではありません。',
          '医療、法律、投資などの重要な判断は、本サービスの結果だけにもとづいて行わず、必要に応じて専門家にご相談ください。',
        ],
      },
      {
        heading: '第4条（クレジットと有料サービス）',
        blocks: [
          'チャットなど一部の機能はクレジットを消費します。クレジットは本サービス内で購入でき、料金と内容は購入画面に表示します。',
          '購入されたクレジットは、法令に定めがある場合を除き、返金・換金できません。クレジットを他の利用者に譲渡することはできません。',
        ],
      },
      {
        heading: '第5条（禁止事項）',
        blocks: [
          '利用者は、次の行為をしてはなりません。',
          [
            '法令や公序良俗に反する行為',
            '他の利用者や第三者を誹謗中傷し、または嫌がらせをする行為',
            '他人の個人情報や生年月日を本人の同意なく登録・公開する行為',
            '本サービスの運営を妨げる行為、不正アクセスやその試み',
            '本サービスの内容を、運営者の許可なく商用目的で複製・配布する行為',
          ],
        ],
      },
      {
        heading: '第6条（投稿内容）',
        blocks: [
          '日記やチャットなど利用者が入力した内容の権利は、利用者に帰属します。運営者は、本サービスの提供と改善に必要な範囲でのみこれを利用します。',
        ],
      },
      {
        heading: '第7条（サービスの変更・中断）',
        blocks: [
          '運営者は、保守、障害、その他やむを得ない事情がある場合、事前の通知なく本サービスの全部または一部を変更・中断することがあります。',
        ],
      },
      {
        heading: '第8条（退会）',
        blocks: [
          '利用者は、設定画面からいつでもアカウントを削除して退会できます。退会後のデータの扱いは、プライバシーポリシーに定めるとおりです。',
        ],
      },
      {
        heading: '第9条（免責と責任の制限）',
        blocks: [
          '運営者は、本サービスの利用によって利用者に生じた損害について、運営者の故意または重大な過失による場合を除き、責任を負いません。',
          '運営者が責任を負う場合であっても、その賠償額は、損害が生じた月から遡って過去12か月間に利用者が運営者に支払った利用料金の総額を上限とします。ただし、運営者の故意または重大な過失による場合は、この限りではありません。',
        ],
      },
      {
        heading: '第10条（個人情報）',
        blocks: ['運営者は、利用者の個人情報を、別に定めるプライバシーポリシーに従って取り扱います。'],
      },
      {
        heading: '第11条（本規約の変更）',
        blocks: [
          '運営者は、必要と判断した場合には本規約を変更できるものとします。重要な変更は、効力が生じる前に本サービス上でお知らせします。',
        ],
      },
      {
        heading: '第12条（準拠法と管轄）',
        blocks: [
          '本規約は日本法に準拠します。本サービスに関して紛争が生じた場合には、運営者の所在地を管轄する地方裁判所を第一審の専属的合意管轄裁判所とします。',
        ],
      },
      {
        heading: '第13条（お問い合わせ）',
        blocks: contactBlocks(operator),
      },
    ],
    closing: '以上',
  };
}
