import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import type { CheckoutReturnState } from '@/features/shop/hooks/use-checkout-return';
import { purchaseStatusLabel } from '@/features/shop/utils/labels';

const NOT_COMPLETED: Record<string, string> = {
  expired: '決済の有効期限が切れました。クレジットは追加されていません。',
  failed: '決済に失敗しました。クレジットは追加されていません。',
  canceled: '購入をキャンセルしました',
  refunded: 'この購入は返金済みです。',
};

/**
 * What the shop says after a checkout, at the top of the screen: paid and granted, still being confirmed
 * (polling), slow to confirm, cancelled, or ended without a payment. A polite live region, so a screen reader
 * hears the change from 決済を確認しています… to 購入が完了しました without moving focus.
 */
export function CheckoutReturnNotice({ state, onDismiss }: { state: CheckoutReturnState; onDismiss: () => void }) {
  if (state.kind === 'none') return null;
  const close = (
    <Button color="inherit" size="small" onClick={onDismiss}>
      閉じる
    </Button>
  );

  return (
    <Box role="status" aria-live="polite" sx={{ mb: 2.5 }}>
      {state.kind === 'loading' || state.kind === 'confirming' ? (
        <Alert role="none" severity="info" icon={<CircularProgress size={20} color="inherit" aria-hidden="true" />}>
          決済を確認しています…
        </Alert>
      ) : null}
      {state.kind === 'completed' ? (
        <Alert role="none" severity="success" action={close}>
          <strong>購入が完了しました</strong>
          <Box component="span" sx={{ display: 'block' }}>
            {state.purchase.creditsGranted}クレジットが追加されました。
          </Box>
        </Alert>
      ) : null}
      {state.kind === 'slow' ? (
        <Alert role="none" severity="info" action={close}>
          決済の確認に時間がかかっています。確認が済みしだい、クレジットは自動で追加されます。
          <Box component="span" sx={{ display: 'block' }}>
            状況は<Link to={paths.purchaseHistory}>購入履歴</Link>で確認できます。
          </Box>
        </Alert>
      ) : null}
      {state.kind === 'canceled' ? (
        <Alert role="none" severity="warning" action={close}>
          購入をキャンセルしました
        </Alert>
      ) : null}
      {state.kind === 'not-completed' ? (
        <Alert role="none" severity="warning" action={close}>
          {NOT_COMPLETED[state.purchase.status] ?? `この購入は「${purchaseStatusLabel(state.purchase.status)}」です。`}
        </Alert>
      ) : null}
      {state.kind === 'error' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={state.retry}>
              もう一度読み込む
            </Button>
          }
        >
          {state.message}
        </Alert>
      ) : null}
    </Box>
  );
}
