import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { TokushohoPage } from '@/features/shop/components/tokushoho-page';

/** /legal/tokushoho, open to everyone: a member comes from the shop, a visitor from the footer. */
export default function TokushohoRoute() {
  const signedIn = useAuth().status === 'signed-in';
  return (
    <TokushohoPage
      back={signedIn ? { to: paths.shop, label: 'ショップへ戻る' } : { to: paths.landing, label: 'トップページへ戻る' }}
      contact={
        signedIn
          ? { to: paths.settingsSupport, label: 'お問い合わせ窓口（設定の「お問い合わせ」）へ' }
          : { to: paths.auth.login, label: 'ログインしてお問い合わせ窓口へ' }
      }
    />
  );
}
