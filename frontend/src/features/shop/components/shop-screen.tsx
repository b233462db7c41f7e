import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import { useSearchParams } from 'react-router';

import { LoadErrorBlock, LoadingBlock } from '@/components/ui/load-state';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useCatalogue } from '@/features/shop/api/get-catalogue';
import type { Pack } from '@/features/shop/api/types';
import { CheckoutReturnNotice } from '@/features/shop/components/checkout-return-notice';
import { useCheckoutReturn } from '@/features/shop/hooks/use-checkout-return';
import { usePurchaseAttempt } from '@/features/shop/hooks/use-purchase-attempt';
import { parseCheckoutReturn } from '@/features/shop/utils/checkout';
import { formatYen } from '@/features/shop/utils/money';
import { PackPicker } from '@/features/shop/components/pack-picker';

type ShopScreenProps = {
  /** The caller's credits; null when billing did not answer. */
  balance: number | null;
  /** What one message to the mascot costs; null while it is not known (the line is left out). */
  creditsPerMessage: number | null;
  /** Called once a purchase is seen completed, so the balance is read again. */
  onBalanceChanged: () => void;
};

/**
 * /shop (issue 16): the balance, what a credit buys, the packs with their tax-inclusive prices, buying
 * (one pack, a quantity), and the return from checkout (`?purchase=&result=`).
 */
export function ShopScreen({ balance, creditsPerMessage, onBalanceChanged }: ShopScreenProps) {
  const [search, setSearch] = useSearchParams();
  const checkout = useMemo(() => parseCheckoutReturn(search), [search]);
  const returnState = useCheckoutReturn(checkout, onBalanceChanged);
  const dismissReturn = useCallback(() => setSearch({}, { replace: true }), [setSearch]);
  const catalogue = useCatalogue();

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 2.5, fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
        ショップ
      </Typography>

      {catalogue.data?.devCheckout ? (
        <Alert severity="warning" sx={{ mb: 2.5 }} role="note">
          開発用の決済モードです。購入しても実際の支払いは行われません。
        </Alert>
      ) : null}

      <CheckoutReturnNotice state={returnState} onDismiss={dismissReturn} />

      <BalanceCard balance={balance} creditsPerMessage={creditsPerMessage} />

      <Paper component="section" variant="outlined" aria-labelledby="shop-packs-title" sx={{ p: { xs: 2, sm: 3 }, mb: 2.5 }}>
        <Typography id="shop-packs-title" variant="h4" component="h2" sx={{ mb: 2 }}>
          クレジットを購入
        </Typography>
        {catalogue.error && !catalogue.data ? (
          <LoadErrorBlock message="商品を読み込めませんでした。" onRetry={() => void catalogue.mutate()} />
        ) : !catalogue.data ? (
          <LoadingBlock label="商品を読み込み中" />
        ) : catalogue.data.items.length === 0 ? (
          <Typography color="text.secondary">いま購入できる商品はありません。</Typography>
        ) : (
          <PurchaseForm packs={catalogue.data.items} maxQuantity={catalogue.data.maxQuantity} devCheckout={catalogue.data.devCheckout} />
        )}
      </Paper>

      <Box component="nav" aria-label="ショップのリンク" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
        <Link to={paths.purchaseHistory} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, py: 0.5 }}>
          <ReceiptLongOutlinedIcon fontSize="small" aria-hidden="true" />
          購入履歴
        </Link>
        <Link to={paths.tokushoho} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, py: 0.5 }}>
          <GavelOutlinedIcon fontSize="small" aria-hidden="true" />
          特定商取引法に基づく表記
        </Link>
      </Box>
    </Container>
  );
}

/** The balance and what credits buy: a message to the navigator costs chat's `creditsPerMessage`. */
function BalanceCard({ balance, creditsPerMessage }: { balance: number | null; creditsPerMessage: number | null }) {
  return (
    <Paper
      component="section"
      aria-labelledby="shop-balance-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 2.5, bgcolor: '#fffaf0', borderColor: 'rgba(200, 146, 58, 0.35)' }}
    >
      <Typography id="shop-balance-title" variant="h4" component="h2" sx={{ mb: 0.5 }}>
        現在のクレジット
      </Typography>
      <Typography sx={{ fontSize: '2rem', fontWeight: 700, color: 'secondary.dark' }} data-testid="shop-balance">
        {balance === null ? '―' : balance}
        <Typography component="span" sx={{ ml: 0.5, fontWeight: 700 }}>
          クレジット
        </Typography>
      </Typography>
      {balance === null ? (
        <Typography variant="body2" color="text.secondary">
          残高を読み込めませんでした。
        </Typography>
      ) : null}
      {creditsPerMessage === null ? null : (
        <Typography sx={{ mt: 1 }}>{creditsPerMessage}クレジットでメグと1回お話しできます</Typography>
      )}
    </Paper>
  );
}

function PurchaseForm({ packs, maxQuantity, devCheckout }: { packs: readonly Pack[]; maxQuantity: number; devCheckout: boolean }) {
  const [selectedId, setSelectedId] = useState<number | null>(packs[0]?.id ?? null);
  const [quantity, setQuantity] = useState(1);
  const { buy, busy } = usePurchaseAttempt();
  const quantityId = useId();
  const summaryId = useId();

  const pack = packs.find((p) => p.id === selectedId) ?? null;
  const quantities = Array.from({ length: Math.max(1, maxQuantity) }, (_, i) => i + 1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pack) void buy(pack.id, quantity);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="購入" sx={{ display: 'grid', gap: 2.5 }}>
      <PackPicker packs={packs} selectedId={selectedId} onSelect={setSelectedId} disabled={busy} />
      <FormControl sx={{ width: { xs: '100%', sm: 200 } }} disabled={busy}>
        <InputLabel htmlFor={quantityId} shrink>
          数量
        </InputLabel>
        <NativeSelect
          id={quantityId}
          value={String(quantity)}
          onChange={(event) => setQuantity(Number(event.target.value))}
          input={<OutlinedInput label="数量" notched />}
        >
          {quantities.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      {pack ? (
        <Box id={summaryId} sx={{ display: 'grid', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="shop-total">
            合計 {formatYen(pack.price * quantity)}（税込）・{pack.credits * quantity}クレジット
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {devCheckout
              ? '次の画面は開発用の決済ページです。実際の支払いは行われません。'
              : '次の画面で、決済サービスStripeの安全なページからクレジットカードでお支払いいただけます。'}
            お支払いが済むとすぐにクレジットが追加されます。購入後の返品はできません。
          </Typography>
        </Box>
      ) : null}
      <Box>
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          size="large"
          disabled={busy || pack === null}
          aria-describedby={pack ? summaryId : undefined}
          sx={{ minWidth: { xs: '100%', sm: 220 } }}
        >
          購入する
        </Button>
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: busy ? 1 : 0 }}>
          {busy ? '決済ページを準備しています…' : ''}
        </Typography>
      </Box>
    </Box>
  );
}
