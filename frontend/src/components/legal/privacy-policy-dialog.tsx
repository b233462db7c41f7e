import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

type PrivacyPolicyDialogProps = {
  open: boolean;
  onClose: () => void;
};

type Section = { heading: string; paragraphs: string[] };

const SECTIONS: Section[] = [
  {
    heading: '1. 取得する情報',
    paragraphs: [
      'アカウント情報：メールアドレス、ユーザー名、パスワード（当社は復元できない形に変換して保存し、元のパスワードは保持しません）。',
      '出生情報：生年月日、出生時刻、出生地とその緯度・経度、性別（任意）。',
      'ご利用の記録：日記、ナビゲーターとの会話、フレンドとのつながり、運勢への評価、購入履歴など、本サービスの中でお客様が入力・操作した内容。',
      '接続情報：IPアドレス、ブラウザやOSの種類、参照元のページ、ご利用日時。',
      '決済情報：カード番号などのカード情報は決済代行会社が直接取得・管理し、当社は取得しません。',
    ],
  },
  {
    heading: '2. 利用目的',
    paragraphs: [
      '取得した情報は、本サービスの提供（命式の計算、毎日の運勢や鑑定文の作成、フレンド機能、チャット、通知メールの送信）、本人確認とアカウントの保護、お問い合わせへの対応、不正利用の防止、サービスの改善のために利用します。これらの目的を超えて利用することはありません。',
    ],
  },
  {
    heading: '3. 出生情報の取り扱い',
    paragraphs: [
      '出生情報は、あなたの命式と五行のバランスを求め、運勢や鑑定文を作成するためだけに利用します。',
      '鑑定文の作成に外部の文章生成サービスを利用する場合、送信するのは命式などの鑑定に必要な情報に限り、メールアドレスや氏名などあなたを直接特定できる情報は含めません。',
      'フレンドとの相性診断では、あなたが承認したフレンドに対してのみ、診断結果を表示します。生年月日そのものをフレンドに公開することはありません。',
      '出生情報は設定画面からいつでも変更でき、アカウントを削除すると消去されます。',
    ],
  },
  {
    heading: '4. アクセス解析',
    paragraphs: [
      '当社は、お客様が同意した場合に限り、利用状況の分析（閲覧したページ、利用した機能、おおよその地域など）を行います。同意しない場合でも、本サービスの機能は制限なくご利用いただけます。',
      '同意はいつでも撤回でき、撤回後は分析のための情報を新たに記録しません。',
    ],
  },
  {
    heading: '5. 第三者への提供',
    paragraphs: [
      '当社は、法令に基づく場合、人の生命・身体・財産の保護のために必要でご本人の同意を得ることが難しい場合その他個人情報の保護に関する法律が認める場合を除き、ご本人の同意なく個人情報を第三者に提供しません。',
    ],
  },
  {
    heading: '6. 業務の委託',
    paragraphs: [
      '当社は、サーバーの運用、メールの配信、決済の処理などの業務を外部の事業者に委託することがあります。この場合、委託先を適切に選び、契約により個人情報の安全管理を義務づけ、必要な監督を行います。委託先が日本国外にある場合は、法令に従い必要な措置を講じます。',
    ],
  },
  {
    heading: '7. 安全管理',
    paragraphs: [
      '当社は、通信の暗号化、アクセス権限の管理、パスワードの安全な保存など、個人情報の漏えい・滅失・毀損を防ぐための措置を講じ、その内容を継続的に見直します。',
    ],
  },
  {
    heading: '8. 保存期間と削除',
    paragraphs: [
      'アカウントを削除すると、アカウント情報、出生情報、日記や会話などの記録を削除します。ただし、法令により保存が義務づけられている取引の記録などは、定められた期間保存したのちに削除します。',
    ],
  },
  {
    heading: '9. 開示・訂正・利用停止などのご請求',
    paragraphs: [
      'ご本人から、保有個人データの利用目的の通知、開示、訂正・追加・削除、利用の停止・消去、第三者提供の停止のご請求があった場合は、ご本人であることを確認したうえで、法令に従い遅滞なく対応します。',
    ],
  },
  {
    heading: '10. 本ポリシーの変更',
    paragraphs: [
      '当社は、法令の改正やサービス内容の変更に応じて本ポリシーを変更することがあります。重要な変更を行う場合は、本サービス上でお知らせします。',
    ],
  },
  {
    heading: '11. お問い合わせ',
    paragraphs: ['本ポリシーおよび個人情報の取り扱いに関するお問い合わせは、本サービス内のサポート窓口までご連絡ください。'],
  },
];

/** The privacy policy (spec §1, §2: last revised 2025-09-27) in a scrollable dialog. */
export function PrivacyPolicyDialog({ open, onClose }: PrivacyPolicyDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} scroll="paper" maxWidth="md" fullWidth aria-labelledby="privacy-policy-title">
      <DialogTitle id="privacy-policy-title">プライバシーポリシー</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          「巡り（Meguri）」（以下「本サービス」）を運営する当社は、お客様の個人情報を大切に扱うため、以下のとおりプライバシーポリシー（以下「本ポリシー」）を定めます。
        </Typography>
        {SECTIONS.map((section) => (
          <section key={section.heading}>
            <Typography variant="h4" component="h3" sx={{ mt: 2.5, mb: 1, fontSize: '1rem' }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph} variant="body2" sx={{ mb: 1 }}>
                {paragraph}
              </Typography>
            ))}
          </section>
        ))}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          最終改定日：2025年9月27日
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          閉じる
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default PrivacyPolicyDialog;
