import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { Link } from '@/components/ui/link';
import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { completeDevCheckout, useDevCheckout } from '@/features/shop/api/dev-checkout';
import type { DevCheckoutOutcome, Purchase } from '@/features/shop/api/types';
import { purchaseStatusLabel } from '@/features/shop/utils/labels';
import { formatYen } from '@/features/shop/utils/money';
import { errorMessageFor, isApiError } from '@/lib/api-client';

export const DEV_CHECKOUT_FAILED = '決済を処理できませんでした。しばらくしてからお試しください。';

/**
 * /shop/dev-checkout/{purchaseId}: the checkout of a build without a Stripe key. Clearly not a payment: it
 * pays or cancels the purchase through the same signed-webhook path Stripe's would, then returns to the
 * shop as Stripe's success and cancel URLs do.
 */
export function DevCheckoutScreen({ purchaseId }: { purchaseId: string }) {
  const { data, error, mutate } = useDevCheckout(purchaseId);

  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
        開発用の決済
      </Typography>
      <Alert severity="warning" role="note" sx={{ mb: 2.5 }}>
        これは開発用の決済ページです。実際の支払いは行われず、カード情報の入力もありません。
      </Alert>
      {error && !data ? (
        // Not the caller's purchase (404), or no development checkout in this build (409): nothing to retry.
        isApiError(error) && (error.status === 404 || error.status === 409) ? (
          <Alert severity="error">{errorMessageFor(error, 'この決済ページは利用できません')}</Alert>
        ) : (
          <LoadErrorBlock message={errorMessageFor(error, '決済の内容を読み込めませんでした。')} onRetry={() => void mutate()} />
        )
      ) : !data ? (
        <LoadingBlock label="決済の内容を読み込み中" />
      ) : (
        <DevCheckoutForm purchase={data} />
      )}
      <Box sx={{ mt: 3 }}>
        <Link to={paths.shop}>ショップへ戻る</Link>
      </Box>
    </Container>
  );
}

function DevCheckoutForm({ purchase }: { purchase: Purchase }) {
  const navigate = useNavigate();
  const [sending, setSending] = useState<DevCheckoutOutcome | null>(null);

  const finish = async (outcome: DevCheckoutOutcome) => {
    if (sending !== null) return;
    setSending(outcome);
    try {
      await completeDevCheckout(purchase.id, outcome);
      void navigate(paths.shopReturn(purchase.id, outcome === 'complete' ? 'success' : 'cancel'), { replace: true });
    } catch (error) {
      setSending(null);
      toast({ variant: 'destructive', title: '決済エラー', description: errorMessageFor(error, DEV_CHECKOUT_FAILED) });
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="dev-checkout-summary" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="dev-checkout-summary" variant="h4" component="h2" sx={{ mb: 2 }}>
        ご購入内容
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 3 }}>
        <Typography component="dt" color="text.secondary">
          商品
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {purchase.itemTitle}
        </Typography>
        <Typography component="dt" color="text.secondary">
          数量
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {purchase.quantity}
        </Typography>
        <Typography component="dt" color="text.secondary">
          金額
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {formatYen(purchase.amount)}（税込）
        </Typography>
      </Box>
      {purchase.status === 'pending' ? (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="secondary"
            size="large"
            disabled={sending !== null}
            onClick={() => void finish('complete')}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            支払う（テスト）
          </Button>
          <Button
            variant="outlined"
            size="large"
            disabled={sending !== null}
            onClick={() => void finish('cancel')}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            キャンセル
          </Button>
        </Box>
      ) : (
        <Alert severity="info">この購入は「{purchaseStatusLabel(purchase.status)}」です。もう一度支払うことはできません。</Alert>
      )}
    </Paper>
  );
}
