import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

type TermsDialogProps = {
  open: boolean;
  onClose: () => void;
};

type Article = { heading: string; paragraphs: string[] };

const ARTICLES: Article[] = [
  {
    heading: '第1条（適用）',
    paragraphs: [
      '本規約は、当社が提供する「巡り（Meguri）」（以下「本サービス」）の利用に関する条件を、本サービスを利用するすべての方（以下「ユーザー」）と当社との間で定めるものです。ユーザーは、本規約に同意したうえで本サービスを利用するものとします。',
    ],
  },
  {
    heading: '第2条（アカウント登録）',
    paragraphs: [
      '登録を希望する方は、本規約とプライバシーポリシーに同意し、当社の定める方法で登録を申請します。メールアドレスの確認が完了した時点で登録が成立します。',
      '登録する情報は、正確かつ最新のものとしてください。一人のユーザーが複数のアカウントを持つことはできません。',
    ],
  },
  {
    heading: '第3条（アカウントの管理）',
    paragraphs: [
      'ユーザーは、自己の責任でパスワードを管理し、第三者に利用させてはなりません。アカウントが第三者に利用されたおそれがある場合は、速やかにパスワードを変更し、当社にご連絡ください。',
    ],
  },
  {
    heading: '第4条（本サービスの性質）',
    paragraphs: [
      '本サービスが提供する命式、運勢、鑑定文、ナビゲーターの回答などは、四柱推命をもとにした娯楽と自己理解のための参考情報です。当社は、その内容の正確性、完全性、特定の目的への適合性を保証しません。',
      '医療、法律、投資、進路その他の重要な判断は、ユーザー自身の責任で、必要に応じて専門家に相談のうえ行ってください。',
    ],
  },
  {
    heading: '第5条（有料サービスとクレジット）',
    paragraphs: [
      '一部の機能はクレジットを消費して利用します。クレジットは当社の定める価格で購入でき、代金は決済代行会社を通じてお支払いいただきます。',
      '購入したクレジットは、法令で定める場合を除き、返金・換金できません。クレジットを他のユーザーに譲渡することはできません。',
    ],
  },
  {
    heading: '第6条（禁止事項）',
    paragraphs: [
      'ユーザーは、次の行為をしてはなりません：法令または公序良俗に反する行為、他人になりすます行為、他のユーザーや第三者を誹謗中傷し、または嫌がらせをする行為、他人の個人情報を本人の同意なく投稿する行為、本サービスのサーバーやネットワークに過度の負担をかける行為、不正アクセスや本サービスの運営を妨げる行為、本サービスを営業・宣伝の目的で利用する行為、その他当社が不適切と判断する行為。',
    ],
  },
  {
    heading: '第7条（投稿内容の取り扱い）',
    paragraphs: [
      '日記などユーザーが投稿した内容の権利は、ユーザーに帰属します。ユーザーは、本サービスの提供に必要な範囲（保存、表示、メンションしたフレンドへの通知など）で、当社がこれを利用することを許諾します。',
    ],
  },
  {
    heading: '第8条（サービスの変更・中断・終了）',
    paragraphs: [
      '当社は、システムの保守、障害、天災その他やむを得ない事由があるときは、事前の通知なく本サービスの全部または一部を中断できます。また、相当の期間をおいて告知したうえで、本サービスの内容を変更し、または提供を終了できます。',
    ],
  },
  {
    heading: '第9条（利用停止・登録抹消）',
    paragraphs: [
      'ユーザーが本規約に違反した場合、当社は事前の通知なく、本サービスの利用を停止し、またはアカウントを削除できます。',
    ],
  },
  {
    heading: '第10条（退会）',
    paragraphs: [
      'ユーザーは、設定画面からいつでもアカウントを削除して退会できます。退会すると、未使用のクレジットを含むアカウントのデータは利用できなくなります。',
    ],
  },
  {
    heading: '第11条（免責と責任の制限）',
    paragraphs: [
      '当社は、本サービスの利用によってユーザーに生じた損害について、当社の故意または重大な過失による場合を除き、責任を負いません。',
      '当社がユーザーに対して損害賠償責任を負う場合でも、その額は、損害の原因となった事由が生じた日からさかのぼって過去12か月間にユーザーが当社に支払った金額の総額を上限とします。ただし、消費者契約法その他の法令によりこの制限が認められない場合は、この限りではありません。',
    ],
  },
  {
    heading: '第12条（規約の変更）',
    paragraphs: [
      '当社は、民法の定めに従い本規約を変更できます。変更する場合は、変更後の内容と効力発生日を、効力発生日までに本サービス上で告知します。',
    ],
  },
  {
    heading: '第13条（準拠法・管轄裁判所）',
    paragraphs: [
      '本規約は日本法に従って解釈されます。本サービスに関して紛争が生じた場合は、東京地方裁判所を第一審の専属的合意管轄裁判所とします。',
    ],
  },
];

/** The terms of service (spec §1, §2: last revised 2025-09-27) in a scrollable dialog. */
export function TermsDialog({ open, onClose }: TermsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} scroll="paper" maxWidth="md" fullWidth aria-labelledby="terms-title">
      <DialogTitle id="terms-title">利用規約</DialogTitle>
      <DialogContent dividers>
        {ARTICLES.map((article) => (
          <section key={article.heading}>
            <Typography variant="h4" component="h3" sx={{ mt: 2, mb: 1, fontSize: '1rem' }}>
              {article.heading}
            </Typography>
            {article.paragraphs.map((paragraph) => (
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

export default TermsDialog;
