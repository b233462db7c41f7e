import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { BirthDataForm, type StoredBirthData } from '@/features/settings/components/birth-data-form';
import { DeleteAccountSection } from '@/features/settings/components/delete-account-section';
import { EmailChangeForm } from '@/features/settings/components/email-change-form';
import { EmailPreferencesForm } from '@/features/settings/components/email-preferences-form';
import { PasswordChangeForm } from '@/features/settings/components/password-change-form';
import { PrivacySection } from '@/features/settings/components/privacy-section';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { UsernameForm } from '@/features/settings/components/username-form';
import type { PlaceFieldComponent } from '@/lib/place-field-slot';

/** What the settings screen shows of the signed-in person (fields of the user object). */
export type SettingsAccount = StoredBirthData & {
  email: string;
  username: string | null;
  pendingEmail: string | null;
};

type SettingsScreenProps = {
  account: SettingsAccount;
  /** Called after a change the user object reflects, so it is read again. */
  onAccountChanged: () => void;
  /** Called once the account is deleted. */
  onAccountDeleted: () => void;
  /** The birth-place input with suggestions. */
  placeField: PlaceFieldComponent;
  /** The logout button (sign-out belongs to the auth feature). */
  logoutButton: ReactNode;
  /** 「お問い合わせ」: the member's support tickets (the support feature), a section of its own. */
  supportSection: ReactNode;
};

/**
 * /settings: username, birth data, e-mail, password, e-mail notifications, privacy (the analytics and marketing
 * consents), support, logout, account deletion.
 */
export function SettingsScreen({
  account,
  onAccountChanged,
  onAccountDeleted,
  placeField,
  logoutButton,
  supportSection,
}: SettingsScreenProps) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Link to={paths.profile} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        プロフィールへ戻る
      </Link>
      <Typography variant="h1" sx={{ mb: 3, fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
        設定
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <UsernameForm currentUsername={account.username} onSaved={onAccountChanged} />
        <BirthDataForm initial={account} placeField={placeField} onSaved={onAccountChanged} />
        <EmailChangeForm email={account.email} pendingEmail={account.pendingEmail} onSaved={onAccountChanged} />
        <PasswordChangeForm />
        <EmailPreferencesForm />
        <PrivacySection />
        {supportSection}
        <SettingsSection title="ログアウト" description="この端末からログアウトします。">
          {logoutButton}
        </SettingsSection>
        <DeleteAccountSection onDeleted={onAccountDeleted} />
      </Box>
    </Container>
  );
}
